//! Flesh and Blood (Comprehensive Rules v1.4) on the shared kernel. Nothing here names Riftbound:
//! the two games share `kernel` only (`tests/architecture.rs`).

//! Shared by the integration tests: the embedded card database played vanilla (the kernel's
//! rules tests must not depend on what card texts do), loaded once per test binary.

use riftbound::riftbound::CardDb;
use std::sync::{Arc, OnceLock};

pub fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::embedded().vanilla())).clone()
}

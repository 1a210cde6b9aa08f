//! Shared by the integration tests: the embedded card database, loaded once per test binary.

use riftbound::riftbound::CardDb;
use std::sync::{Arc, OnceLock};

pub fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::embedded())).clone()
}

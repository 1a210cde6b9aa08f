//! Scenarios: "what happens if…" as files. A scenario sets up any board, plays steps (actions and
//! the answers to the decisions they lead to) and checks expectations after any step. Rules
//! lawyers read its trace; the test suite runs every scenario under `tests/scenarios/`.

pub mod format;
mod run;

pub use run::{BLANK_BATTLEFIELDS, Check, Report, add_blank_battlefields, run, scenario_db};

use format::ScenarioFile;
use std::path::{Path, PathBuf};

/// Every scenario file (`*.toml`) in `dir` and its subdirectories, sorted by path, so runs and
/// reports are in the same order on every machine (see `kernel::files` for what a walk skips).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let all = crate::kernel::files::toml_files(dir).unwrap_or_default();
    all.into_iter().filter(|f| !is_fab_scenario(f.strip_prefix(dir).unwrap_or(f))).collect()
}

/// Flesh and Blood's scenario files live in a `fab` folder (`tests/scenarios/fab/`) and are run
/// by `crate::fab::scenario`, not as Riftbound scenarios.
pub fn is_fab_scenario(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "fab")
}

/// A scenario loaded from a file.
pub struct Scenario {
    pub file: String,
    pub source: String,
    pub body: ScenarioFile,
}

/// A problem in a scenario file or while running it, with the file and line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ScenarioError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl Scenario {
    pub fn parse(file: &str, source: &str) -> Result<Scenario, ScenarioError> {
        let body: ScenarioFile = toml::from_str(source).map_err(|e| {
            let offset = e.span().map(|s| s.start).unwrap_or(0);
            ScenarioError { file: file.into(), line: line_at(source, offset), message: e.message().to_string() }
        })?;
        Ok(Scenario { file: file.into(), source: source.into(), body })
    }

    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let file = path.display().to_string();
        let source = crate::kernel::files::read_text(path).map_err(|e| ScenarioError {
            file: file.clone(),
            line: 0,
            message: e.to_string(),
        })?;
        Scenario::parse(&file, &source)
    }

    /// The line of a byte offset in the file.
    pub fn line(&self, offset: usize) -> usize {
        line_at(&self.source, offset)
    }

    /// The line where a setup key is written, for errors found after parsing.
    pub fn line_of(&self, needle: &str) -> usize {
        self.source.find(needle).map_or(0, |o| self.line(o))
    }
}

fn line_at(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())].matches('\n').count() + 1
}

//! Diagnostics in the style of rustc: `file:line:col`, the source line, a caret under the span,
//! and what was expected. Game-agnostic: a card language builds them from a card file, and a card
//! definition keeps the one that says why its text did not compile.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    /// 1-based line and column in the file.
    pub line: usize,
    pub col: usize,
    /// Length of the underlined span (at least 1).
    pub len: usize,
    pub source_line: String,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let gutter = self.line.to_string().len();
        writeln!(f, "error: {}", self.message)?;
        writeln!(f, "{:gutter$}--> {}:{}:{}", "", self.file, self.line, self.col)?;
        writeln!(f, "{:gutter$} |", "")?;
        writeln!(f, "{} | {}", self.line, self.source_line)?;
        let pad: String = self
            .source_line
            .chars()
            .take(self.col.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{:gutter$} | {}{}", "", pad, "^".repeat(self.len.max(1)))
    }
}

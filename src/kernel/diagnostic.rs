//! Diagnostics in the style of rustc: `file:line:col`, the source line, a caret under the span,
//! what was expected, and help notes. Game-agnostic: a card language builds them from a card file,
//! and a card definition keeps the one that says why its text did not compile.
//!
//! Rendering is codespan-reporting's (ASCII characters, as rustc prints them): plain text for
//! files, pipes and tests, colour only when asked for (a terminal).

use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Chars, Config};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    pub file: String,
    /// 1-based line and column in the file.
    pub line: usize,
    pub col: usize,
    /// Length of the underlined span in characters (at least 1).
    pub len: usize,
    pub source_line: String,
    pub message: String,
    /// What was expected at the span, shown beside the caret.
    pub label: String,
    /// Help lines (`= help: ...`), such as the accepted wording of the same words.
    pub help: Vec<String>,
}

impl Diagnostic {
    /// The diagnostic as rustc prints it; with ANSI colours when `color` (a terminal).
    pub fn render(&self, color: bool) -> String {
        // Only the diagnostic's line is kept: the lines before it are left empty, so the file
        // renders with its own line numbers without keeping the whole source.
        let source = format!("{}{}\n", "\n".repeat(self.line.saturating_sub(1)), self.source_line);
        let line_start = self.line.saturating_sub(1);
        let byte = |chars: usize| {
            self.source_line.char_indices().nth(chars).map_or(self.source_line.len(), |(i, _)| i) + line_start
        };
        let start = byte(self.col.saturating_sub(1));
        let end = byte(self.col.saturating_sub(1) + self.len.max(1)).max(start + 1).min(source.len());
        let file = SimpleFile::new(self.file.as_str(), source.as_str());
        let report = Report::error()
            .with_message(self.message.as_str())
            .with_labels(vec![Label::primary((), start..end).with_message(self.label.as_str())])
            .with_notes(self.help.iter().map(|h| format!("help: {h}")).collect());
        let config = Config { chars: Chars::ascii(), ..Config::default() };
        let rendered = if color {
            let mut out = term::termcolor::Ansi::new(Vec::new());
            term::emit_to_write_style(&mut out, &config, &file, &report).map(|_| out.into_inner())
        } else {
            let mut out = Vec::new();
            term::emit_to_io_write(&mut out, &config, &file, &report).map(|_| out)
        };
        // The file is built to hold the span, so rendering cannot miss it; if it ever did, the
        // position alone still says where.
        match rendered {
            Ok(bytes) => String::from_utf8_lossy(&bytes).trim_end().to_string(),
            Err(_) => format!("error: {}\n --> {}:{}:{}", self.message, self.file, self.line, self.col),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

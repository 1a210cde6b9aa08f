//! Diagnostics in the style of rustc: `file:line:col`, the source line, a caret under the span,
//! and what was expected.

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

/// Where a card's rules text sits in its file, to turn text offsets into file positions.
#[derive(Clone, Debug)]
pub struct TextOrigin {
    pub file: String,
    /// The file's source.
    pub source: String,
    /// Byte offset of the text's first character in the file.
    pub offset: usize,
}

impl TextOrigin {
    /// Finds the `text` value of a card file in its source (basic or multi-line string).
    pub fn locate(file: &str, source: &str, text: &str) -> TextOrigin {
        let offset = source.find(text).unwrap_or(0);
        TextOrigin { file: file.to_string(), source: source.to_string(), offset }
    }

    /// A diagnostic for bytes `start..end` of the text.
    pub fn diagnostic(&self, start: usize, end: usize, message: impl Into<String>) -> Diagnostic {
        let at = (self.offset + start).min(self.source.len());
        let before = &self.source[..at];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.source[at..].find('\n').map_or(self.source.len(), |i| at + i);
        let source_line = self.source[line_start..line_end].to_string();
        let col = self.source[line_start..at].chars().count() + 1;
        let len = self.source[at..(self.offset + end).clamp(at, line_end)].chars().count();
        Diagnostic { file: self.file.clone(), line, col, len, source_line, message: message.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rustc() {
        let src = "id = \"X\"\ntext = \"\"\"\nDeal 4 to a unti.\"\"\"\n";
        let o = TextOrigin::locate("x.toml", src, "Deal 4 to a unti.");
        let d = o.diagnostic(10, 16, "expected a target such as `a unit`");
        assert_eq!((d.line, d.col, d.len), (3, 11, 6));
        let shown = d.to_string();
        assert!(shown.contains("--> x.toml:3:11"), "{shown}");
        assert!(shown.ends_with("|           ^^^^^^"), "{shown}");
    }
}

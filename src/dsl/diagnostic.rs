//! Where a card's rules text sits in its file, to turn the card language's errors into
//! diagnostics in the style of rustc (the plain [`Diagnostic`] type is the kernel's).

pub use crate::kernel::Diagnostic;

/// Where a card's rules text sits in its file, to turn text offsets into file positions.
#[derive(Clone, Debug)]
pub struct TextOrigin {
    pub file: String,
    /// The file's source.
    pub source: String,
    /// Byte offset of the text's first character in the file, when the text is in the file as
    /// is (a multi-line or literal string, or a basic string without escapes).
    pub offset: usize,
    /// Otherwise (a basic string with escapes such as `\n`): where each line of the text starts,
    /// in the text and in the file.
    pub lines: Vec<(usize, usize)>,
}

impl TextOrigin {
    /// Finds the `text` value of a card file in its source.
    pub fn locate(file: &str, source: &str, text: &str) -> TextOrigin {
        let mut origin =
            TextOrigin { file: file.to_string(), source: source.to_string(), offset: 0, lines: Vec::new() };
        if let Some(offset) = source.find(text) {
            origin.offset = offset;
            return origin;
        }
        // Escapes: find each line of the text after the `text` key, one after the other.
        let mut search = crate::riftbound::cards::find_key(source, "text").unwrap_or(0);
        let mut t = 0;
        for line in text.split('\n') {
            let s = source[search..].find(line).map_or(search, |i| search + i);
            origin.lines.push((t, s));
            // A line not found as is (it held an escape) advances by its length: back onto a
            // character, since the escape made the file longer than the text.
            search = (s + line.len()).min(source.len());
            while !source.is_char_boundary(search) {
                search -= 1;
            }
            t += line.len() + 1;
        }
        origin
    }

    /// Where another text value of the same card file is (its effect text).
    pub fn of_text(&self, text: &str) -> TextOrigin {
        TextOrigin::locate(&self.file, &self.source, text)
    }

    /// The byte offset in the file of byte `at` of the text.
    fn source_offset(&self, at: usize) -> usize {
        let offset = match self.lines.iter().rev().find(|(t, _)| *t <= at) {
            Some((t, s)) => s + (at - t),
            None => self.offset + at,
        };
        let mut offset = offset.min(self.source.len());
        // An escape earlier on the line shifts the text against the file: stay on a character.
        while !self.source.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// The origin of a part of the text that starts `by` bytes into it.
    /// With escapes, the line holding byte `by` starts the new table there, so a part taken
    /// from the middle of a line (a token's quoted text) is still found on that line.
    pub fn shifted(&self, by: usize) -> TextOrigin {
        let mut lines: Vec<(usize, usize)> =
            self.lines.iter().filter(|(t, _)| *t > by).map(|(t, s)| (t - by, *s)).collect();
        if !self.lines.is_empty() {
            lines.insert(0, (0, self.source_offset(by)));
        }
        TextOrigin { file: self.file.clone(), source: self.source.clone(), offset: self.offset + by, lines }
    }

    /// A diagnostic for bytes `start..end` of the text.
    pub fn diagnostic(&self, start: usize, end: usize, message: impl Into<String>) -> Diagnostic {
        let at = self.source_offset(start);
        let before = &self.source[..at];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.source[at..].find('\n').map_or(self.source.len(), |i| at + i);
        let source_line = self.source[line_start..line_end].to_string();
        let col = self.source[line_start..at].chars().count() + 1;
        let len = self.source[at..self.source_offset(end).clamp(at, line_end)].chars().count();
        Diagnostic {
            file: self.file.clone(),
            line,
            col,
            len,
            source_line,
            message: message.into(),
            label: String::new(),
            help: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `card_text` fuzz target: a line holding an escape is not in the file as is,
    /// and skipping it by its length landed inside the next line's multi-byte character.
    #[test]
    fn a_text_with_escapes_and_wide_characters_is_located_on_character_boundaries() {
        let text = "\n\0\u{78e}\u{78e}\t\0\n\n\n\r\n\n\r[E\n\0\0\n\0\0\n\n\n\r\n\t\n\r[E\n\n\n\n\r\n\n\r\n\n\0\t\t\0\n\n\n\r\n\n\r[E\n\0\0\n\0\0\n\n\n\r\n\t\r\n\n\r['\t'";
        let src = format!("id = \"X\"\ntext = {}\n", toml::Value::String(text.to_string()));
        let o = TextOrigin::locate("x.toml", &src, text);
        for at in 0..=text.len() {
            let d = o.diagnostic(at, text.len(), "expected something");
            assert!(d.line >= 2, "{d}");
        }
    }

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

//! The trace: one line per kernel step, each citing the rule it applies. Off by default; when
//! off, the `trace!` macro costs one branch and formats nothing.

use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceLine {
    /// Rule number in the game's rules document, e.g. "322.2".
    pub rule: &'static str,
    pub text: String,
}

#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub on: bool,
    pub lines: Vec<TraceLine>,
}

/// The most lines a trace keeps: a game a card loop drives (an [Add] used over and over) would
/// otherwise grow its trace without bound; past this, one line says the rest was dropped.
pub const MAX_TRACE_LINES: usize = 200_000;

impl Trace {
    pub fn push(&mut self, rule: &'static str, text: String) {
        match self.lines.len() {
            n if n < MAX_TRACE_LINES => self.lines.push(TraceLine { rule, text }),
            n if n == MAX_TRACE_LINES => self.lines.push(TraceLine {
                rule: "-",
                text: format!("the trace stops here: it keeps at most {MAX_TRACE_LINES} lines"),
            }),
            _ => {}
        }
    }

    /// Renders the trace as text, one `[rule] text` line each.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for l in &self.lines {
            out.push_str(&format!("[{}] {}\n", l.rule, l.text));
        }
        out
    }
}

/// `trace!(game, "322.2", "kill {}", name)`: records a line when tracing is on.
#[macro_export]
macro_rules! trace {
    ($g:expr, $rule:expr, $($arg:tt)*) => {
        if $g.trace.on {
            let text = format!($($arg)*);
            $g.trace.push($rule, text);
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_keeps_at_most_its_budget_and_says_so() {
        let mut t = Trace { on: true, lines: Vec::new() };
        for i in 0..MAX_TRACE_LINES + 10 {
            t.push("1", i.to_string());
        }
        assert_eq!(t.lines.len(), MAX_TRACE_LINES + 1);
        assert!(t.lines.last().unwrap().text.contains("stops here"));
        assert_eq!(t.lines[MAX_TRACE_LINES - 1].text, (MAX_TRACE_LINES - 1).to_string());
    }
}

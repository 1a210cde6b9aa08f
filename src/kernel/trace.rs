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

impl Trace {
    pub fn push(&mut self, rule: &'static str, text: String) {
        self.lines.push(TraceLine { rule, text });
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

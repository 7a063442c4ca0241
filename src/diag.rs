//! Diagnostics: errors and warnings about a rule file, with spans.
//!
//! Every stage (parse, compile) collects all the diagnostics it finds and
//! returns them together as a [`Diagnostics`]; rendering shows, for each,
//! `file:line:col`, the source line with a caret under the fault, what was
//! expected, and a hint when there is one.

use crate::syntax::Span;

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Severity {
    /// The file cannot be used.
    Error,
    /// The file works, but something is probably a mistake (an unused define).
    Warning,
}

/// One diagnostic about a span of a rule file.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in one line ("unknown ludeme `stpe`").
    pub message: String,
    /// Where: byte offsets into the file's text.
    pub span: Span,
    /// Short text shown under the caret: what was expected there.
    pub label: String,
    /// Optional hint ("did you mean `step`?", the valid choices).
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error at `span` with a message and the label under the caret.
    pub fn error(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            label: label.into(),
            help: None,
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message, label)
        }
    }

    /// The same diagnostic with a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}
// TEMP STUB
#[derive(Debug, Clone)]
pub struct Diagnostics { pub file: String, pub source: String, pub items: Vec<Diagnostic> }
impl std::fmt::Display for Diagnostics { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{:?}", self.items) } }
pub fn did_you_mean<'a>(_w: &str, _c: impl IntoIterator<Item = &'a str>) -> Option<String> { None }

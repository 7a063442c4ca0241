//! Syntax: the pest grammar (`grammar/ludic.pest`), the owned AST with spans,
//! the parser that lowers pest pairs into it, and the printer that writes it
//! back in canonical layout (`ludic fmt`).

mod ast;
pub(crate) mod parse;
pub(crate) mod print;
pub(crate) mod recover;

pub use ast::{Clause, Comment, Expr, File, Named, Span};
pub use parse::parse_file;
pub use print::{format_file, print_file};

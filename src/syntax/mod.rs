//! Syntax: the pest grammar (`grammar/ludic.pest`), the owned AST with spans,
//! and the parser that lowers pest pairs into it.

pub mod ast;
pub mod parse;
pub mod recover;

pub use ast::{Clause, Comment, Expr, File, Named, Span};
pub use parse::parse_file;

//! ludic: a declarative rules interpreter for board games.
//!
//! Pipeline: rule text → [`syntax`] (pest parse → owned AST with spans) →
//! [`compile`] (defines expanded, toggles bound, names resolved, board built)
//! → [`engine`] (state, legal moves, apply, outcome) → front ends
//! ([`record`], [`render`], the `ludic` binary).

pub mod batch;
pub mod board;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod players;
pub mod record;
pub mod render;
pub mod scenario;
pub mod serve;
pub mod snapshot;
pub mod syntax;

#![warn(missing_docs)]
// A type in a public signature must be nameable: re-exported where the
// API needs it, else the item that shows it is crate-private.
#![warn(unnameable_types)]
//! ludic: a declarative rules interpreter for board games.
//!
//! Pipeline: rule text → [`syntax`] (pest parse → owned AST with spans) →
//! [`compile`] (defines expanded, toggles bound, names resolved, board built)
//! → [`engine`] (state, legal moves, apply, outcome) → front ends
//! ([`record`], [`render`], the `ludic` binary).
//!
//! The `ludic` command line and web server are the binary's own modules
//! (`src/main.rs`, `src/cli/`, `src/serve/`), outside this library: a
//! program that imports ludic gets the library alone. The binary and the
//! crates only it needs (clap, indicatif, axum, tokio, rustyline, similar)
//! are the default feature `cli`; a program that only imports the library
//! turns it off with `default-features = false`.
//!
//! # Tutorial
//!
//! Load a shipped game (a name from `games/`, or a rule file's path) with
//! toggle overrides, start a game, list the legal moves and play one, in
//! the game's notation (English draughts: PDN square numbers,
//! docs/games/checkers.md). A [`State`](engine::State) is the position and
//! everything needed to go on from it.
//!
//! ```
//! use ludic::compile::{Game, Options};
//! use ludic::engine::{Refusal, State};
//! use std::sync::Arc;
//!
//! let options = Options::from_sets(&["repetition=false"])?;
//! let game = Arc::new(Game::load("checkers", &options)?);
//! let mut st = State::new(game.clone());
//! assert_eq!(st.current_player(), 0); // seat 0: Black moves first
//! let mut moves = st.legal_turn_strings(); // in a stable order
//! moves.sort();
//! assert_eq!(
//!     moves,
//!     ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
//! );
//! st.play_str("11-15")?;
//! assert_eq!(st.current_player(), 1);
//!
//! // An illegal move is refused with the reason and the legal moves, and
//! // the state is unchanged: 15 holds the piece just moved, not one of the
//! // player to move's.
//! let before = st.to_position();
//! let err = st.play_str("15-19").unwrap_err();
//! assert_eq!(err.reason, Refusal::NotYours);
//! assert!(err.legal.contains(&"22-18".to_string()));
//! assert_eq!(st.to_position(), before);
//!
//! // Steps (one hop, one stack move) are `Move`s; `play` checks them,
//! // `undo` takes the last one back.
//! let step = st.legal_moves()[0];
//! st.play(&step)?;
//! st.undo()?;
//! assert_eq!(st.to_position(), before);
//! assert!(!st.is_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A position is set from a position text (any game: the side to move,
//! then per player its letter and sites; `K` is the checkers' code for a
//! king) and written back the same way; perft counts the positions a
//! depth away (English draughts from the start: 7, 49, 302).
//!
//! ```
//! use ludic::compile::{Game, Options};
//! use ludic::engine::{State, perft};
//! use std::sync::Arc;
//!
//! let game = Arc::new(Game::load("checkers", &Options::default())?);
//! assert_eq!(perft(&State::new(game.clone()), 3)?, 302);
//!
//! // Black (B) to move, a black king on 22 and a man on 11, White on 18:
//! // the king must take 18, landing on 15.
//! let st = State::from_position(game.clone(), "B B:K22,11 W:18")?;
//! assert_eq!(st.legal_turn_strings(), ["22x15"]);
//! assert_eq!(st.to_position().as_deref(), Some("B B:11,K22 W:18"));
//! // A text that names no square is refused with what was expected.
//! let err = State::from_position(game, "B B:99").unwrap_err();
//! assert!(err.to_string().contains("no site `99`"), "{err}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A random playout is seeded: the same seed plays the same game (the
//! batch runner [`batch::playouts`] runs many on several threads).
//!
//! ```
//! use ludic::compile::{Game, Options};
//! use ludic::engine::{State, playout};
//! use ludic::players::seeded_rng;
//! use std::sync::Arc;
//!
//! let game = Arc::new(Game::load("tictactoe", &Options::default())?);
//! let run = |seed| {
//!     let mut rng = seeded_rng(seed, 0, 0);
//!     playout(State::new(game.clone()), &mut rng, 1000, &mut Vec::new())
//! };
//! let (a, b) = (run(7), run(7));
//! assert_eq!((a.outcome, a.turns), (b.outcome, b.turns));
//! // Tic-tac-toe ends within nine turns.
//! assert!(a.outcome.is_some() && (5..=9).contains(&a.turns));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod batch;
pub mod board;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod explore;
pub mod players;
pub mod record;
pub mod render;
pub mod scenario;
pub mod snapshot;
pub mod syntax;

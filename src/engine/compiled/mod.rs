//! The compiled tier: the rules compiled to site-set programs where it can
//! take them, beside the reference paths they accelerate (`sets`: site-set
//! types; `cond`: condition compilers; `moves`: compiled generators, filters
//! and draws; `kernel`: perft for games of steps and hops). Switched off
//! whole by `Engine::Reference`.

pub(crate) mod cond;
pub(crate) mod kernel;
pub(crate) mod moves;
pub(crate) mod sets;

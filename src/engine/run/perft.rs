//! Perft: the number of leaves of the turn-level move tree at a depth.
//!
//! In a game with chance (docs/chance.md) each outcome of a chance node is
//! a ply, as a turn is: a roll and the turn after it are two plies deep.
//! [`perft_players`] counts player turns only, nature's outcomes
//! expanded without counting as plies.
//!
//! A multi-step turn counts once per path (docs/games/checkers.md). Every end rule
//! that the position itself decides is honoured (no moves, passes, the turn
//! limit, `lose-when`, result effects): a finished game has no turns below
//! it. The draw rules that depend on the game's history, repetition and
//! no-progress, are left out, as published perft counts do. Every leaf is
//! made but, on the compiled tier, those of a step that ends its turn
//! whatever it does, which are counted (bulk counting, as chess programs
//! count). Make/undo with the state's journal and one move buffer per
//! depth: nothing is allocated per move.

use crate::compile::ir::Game;
use crate::engine::EndReason;
use crate::engine::turns::MAX_TURNS;
use crate::engine::{Move, Outcome, State};
use std::sync::Arc;

/// Perft refused to go on: one position has more than
/// [`MAX_TURNS`] legal turns (rules whose chains
/// branch at every step), as `ludic moves` refuses to list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "a position has more than {} legal turns (its steps branch at every step); perft stops rather than run for ever",
    MAX_TURNS
)]
pub struct TooManyTurns;

/// Counts the leaves of the turn tree `depth` turns deep from `state`.
///
/// Errors with [`TooManyTurns`] when some position on the way has more than
/// [`MAX_TURNS`] turns.
///
/// Counted by the state's engine ([`State::engine`]): for
/// [`crate::engine::Engine::Compiled`], a game of the kind the perft kernel
/// compiles (steps and hops of whole stacks: draughts, Breakthrough,
/// Clobber; see `src/engine/compiled/kernel/`) is counted by it, any other by the
/// walk of the turn tree; for [`crate::engine::Engine::Reference`], by the walk
/// with the reference interpreter alone. The counts are the same.
pub fn perft(state: &State, depth: u32) -> Result<u64, TooManyTurns> {
    if state.engine().is_compiled()
        && !state.game.chance
        && let Some(n) = crate::engine::kernel::perft(state, depth)
    {
        return Ok(n);
    }
    perft_walk(state, depth)
}

/// [`perft`] by the walk of the turn tree, never the kernel: what the
/// kernel's counts are compared with. Errors as [`perft`] does.
pub(crate) fn perft_walk(state: &State, depth: u32) -> Result<u64, TooManyTurns> {
    walk_from(state, depth, true)
}

/// [`perft`] counting player turns only: each outcome of a chance node is
/// expanded without being a ply, so the leaves are the positions after
/// `depth` player turns, with every roll before each of them (the rolls
/// after the last turn are not expanded). The same as [`perft`] for a
/// game without chance. Errors as [`perft`] does.
pub fn perft_players(state: &State, depth: u32) -> Result<u64, TooManyTurns> {
    if !state.game.chance {
        return perft(state, depth);
    }
    walk_from(state, depth, false)
}

/// The walk of [`perft_walk`], chance outcomes plies or not (`chance`).
fn walk_from(state: &State, depth: u32, chance: bool) -> Result<u64, TooManyTurns> {
    let mut st = perft_root(state);
    let game = Arc::clone(&st.game);
    let mut walk = Walk {
        game: &game,
        bufs: (0..64).map(|_| Vec::with_capacity(64)).collect(),
        // Lean moves bypass the step that stops at chance nodes.
        lean: st.tables.lean_leaves() && !game.chance,
        bulk: st.tables.bulk_leaves(),
        chance_plies: chance,
    };
    let mut turns_here = 0;
    walk.count(&mut st, depth, 0, &mut turns_here)
}

/// The walk of the turn tree: the game (one reference for every step)
/// and a move buffer per step below the root, `bufs[level]` (grown on
/// first use: a turn may take as many steps as the board has sites).
struct Walk<'a> {
    game: &'a Game,
    bufs: Vec<Vec<Move>>,
    /// Some of the last ply's moves may be lean ([`State::lean_leaf`]).
    lean: bool,
    /// Some generator's steps all end their turn: the last ply may be
    /// counted unlisted ([`State::whole_turns_unlisted`]).
    bulk: bool,
    /// A chance node's outcomes are plies (else expanded at the same
    /// depth: [`perft_players`]).
    chance_plies: bool,
}

/// Counts the leaves of the step tree `depth` steps deep from `state`: each
/// step is a ply, so a turn of two steps (Amazons' move, then its arrow)
/// counts as two. The end rules apply as in [`perft`].
pub fn perft_steps(state: &State, depth: u32) -> u64 {
    let mut st = perft_root(state);
    let mut bufs: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
    count_steps(&mut st, depth, &mut bufs)
}

/// Leaves `depth` steps below `st`, with the move buffer of each depth in
/// `bufs[depth]`.
fn count_steps(st: &mut State, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buf = std::mem::take(&mut bufs[depth as usize]);
    st.legal_moves_into(&mut buf);
    let mut total = 0;
    for m in &buf {
        st.play_unchecked(m);
        total += count_steps(st, depth - 1, bufs);
        st.take_back();
    }
    bufs[depth as usize] = buf;
    total
}

/// Perft of each legal turn from `state`: `(turn in notation, count)`.
///
/// Errors as [`perft`] does.
pub fn perft_divide(state: &State, depth: u32) -> Result<Vec<(String, u64)>, TooManyTurns> {
    perft_divide_each(state, depth, |_, _| {})
}

/// [`perft_divide`], calling `each(turn, count)` as each first turn is
/// counted (for progress reports).
pub fn perft_divide_each(
    state: &State,
    depth: u32,
    mut each: impl FnMut(&str, u64),
) -> Result<Vec<(String, u64)>, TooManyTurns> {
    let root = perft_root(state);
    let turns = root.legal_turns();
    if crate::engine::turns::turns_cut(turns.len()) {
        return Err(TooManyTurns);
    }
    turns
        .iter()
        .map(|t| {
            let mut st = root.clone();
            st.play_turn(t);
            let n = if depth <= 1 {
                1
            } else {
                perft(&st, depth - 1)?
            };
            let name = root.turn_to_string(t);
            each(&name, n);
            Ok((name, n))
        })
        .collect()
}

/// A copy of `state` for perft: journaled, without the history draw rules
/// (and without a history draw that already fired).
pub(crate) fn perft_root(state: &State) -> State {
    let mut st = state.clone();
    st.set_journaling(true);
    st.history_draws = false;
    if matches!(
        st.scalars.outcome,
        Some(Outcome::Draw(EndReason::Repetition | EndReason::NoProgress))
    ) {
        st.scalars.outcome = None;
    }
    st
}

impl Walk<'_> {
    /// Leaves `depth` turns below `st`. `turns_here` counts the turns
    /// completed so far from the position where the current turn began;
    /// `level` is the number of steps made so far.
    fn count(
        &mut self,
        st: &mut State,
        depth: u32,
        level: usize,
        turns_here: &mut usize,
    ) -> Result<u64, TooManyTurns> {
        if depth == 0 {
            return Ok(1);
        }
        if depth == 1
            && self.bulk
            && let Some(n) = st.whole_turns_unlisted()
        {
            // Each step a whole turn and a leaf, counted unlisted.
            *turns_here += n;
            return if *turns_here > MAX_TURNS {
                Err(TooManyTurns)
            } else {
                Ok(n as u64)
            };
        }
        if self.bufs.len() <= level {
            self.bufs.resize_with(level + 1, || Vec::with_capacity(64));
        }
        let mut buf = std::mem::take(&mut self.bufs[level]);
        st.legal_moves_into(&mut buf);
        let total = if !self.chance_plies && st.is_chance_node() {
            self.count_rolls(st, depth, level, &buf)
        } else if buf.is_empty() && st.mid_turn() {
            // A turn that cannot go on (or that ended the game) ends the
            // game: a leaf at its depth.
            *turns_here += 1;
            Ok(u64::from(depth == 1))
        } else {
            self.count_moves(st, depth, level, &buf, turns_here)
        };
        self.bufs[level] = buf;
        total
    }

    /// The leaves below each of `moves`, played in turn from `st`: at
    /// the last ply counted without being made where they end their turn
    /// ([`Walk::count_leaves`]), else unjudged ([`State::play_unjudged`]);
    /// lean moves made in place when the game has them
    /// ([`State::lean_leaf`], [`State::lean_inner`]).
    fn count_moves(
        &mut self,
        st: &mut State,
        depth: u32,
        level: usize,
        moves: &[Move],
        turns_here: &mut usize,
    ) -> Result<u64, TooManyTurns> {
        let at = (depth, level);
        match depth {
            1 => self.count_leaves(st, at, moves, turns_here),
            _ if self.lean => self.count_lean_inner(st, at, moves, turns_here),
            _ => self.count_played(st, at, moves, turns_here, State::play_in),
        }
    }

    /// [`Walk::count_moves`] at the last ply: a step that ends its turn
    /// whatever it does ([`crate::engine::Tables::ends_turn`]) is a leaf
    /// counted without being made (bulk counting), and so is a lean move,
    /// which ends its turn ([`State::lean_leaf`]); the others are played
    /// unjudged and taken back.
    fn count_leaves(
        &mut self,
        st: &mut State,
        at: (u32, usize),
        moves: &[Move],
        turns_here: &mut usize,
    ) -> Result<u64, TooManyTurns> {
        let mut total = 0;
        for m in moves {
            if st.tables.ends_turn(m.gen_id) || (self.lean && st.lean_leaf(m)) {
                // A whole turn, and a leaf.
                *turns_here += 1;
                if *turns_here > MAX_TURNS {
                    return Err(TooManyTurns);
                }
                total += 1;
            } else {
                let one = std::slice::from_ref(m);
                total += self.count_played(st, at, one, turns_here, State::play_unjudged)?;
            }
        }
        Ok(total)
    }

    /// [`Walk::count_moves`] above the last ply of a game with lean
    /// moves: each lean move is made judged and unmade in place
    /// ([`State::lean_inner`]), the turns below it counted in between;
    /// the others are played and taken back.
    fn count_lean_inner(
        &mut self,
        st: &mut State,
        (depth, level): (u32, usize),
        moves: &[Move],
        turns_here: &mut usize,
    ) -> Result<u64, TooManyTurns> {
        let mut total = 0;
        for m in moves {
            let below = st.lean_inner(self.game, m, |st| {
                self.count(st, depth - 1, level + 1, &mut 0)
            });
            total += match below {
                // A lean move ends its turn.
                Some(below) => {
                    *turns_here += 1;
                    if *turns_here > MAX_TURNS {
                        return Err(TooManyTurns);
                    }
                    below?
                }
                None => {
                    let one = std::slice::from_ref(m);
                    self.count_played(st, (depth, level), one, turns_here, State::play_in)?
                }
            };
        }
        Ok(total)
    }

    /// The leaves below each outcome of a chance node (`rolls`) at the
    /// same depth: the outcomes are not plies ([`perft_players`]).
    fn count_rolls(
        &mut self,
        st: &mut State,
        depth: u32,
        level: usize,
        rolls: &[Move],
    ) -> Result<u64, TooManyTurns> {
        let mut total = 0;
        for m in rolls {
            st.play_in(self.game, m);
            let below = self.count(st, depth, level + 1, &mut 0);
            st.take_back();
            total += below?;
        }
        Ok(total)
    }

    /// [`Walk::count_moves`] with each move played by `play` (one copy of
    /// the loop a way of playing, so that a leaf tests nothing to choose
    /// it); `at` is `(depth, level)`.
    fn count_played(
        &mut self,
        st: &mut State,
        (depth, level): (u32, usize),
        moves: &[Move],
        turns_here: &mut usize,
        play: impl Fn(&mut State, &Game, &Move),
    ) -> Result<u64, TooManyTurns> {
        let mover = st.current_player();
        let mut total = 0;
        for m in moves {
            play(st, self.game, m);
            let below = if st.mid_turn() && st.current_player() == mover {
                self.count(st, depth, level + 1, turns_here)
            } else {
                *turns_here += 1;
                match depth {
                    _ if *turns_here > MAX_TURNS => Err(TooManyTurns),
                    // A leaf: made, and counted here.
                    1 => Ok(1),
                    _ => self.count(st, depth - 1, level + 1, &mut 0),
                }
            };
            // Taken back even when the count failed: a move made in place
            // above ([`State::lean_inner`]) is unmade on the position it
            // made.
            st.take_back();
            total += below?;
        }
        Ok(total)
    }
}

//! The turns a heuristic player considers in a position. A turn is what
//! the language makes it (every step until the mover changes or the turn
//! ends); when a position has at most [`Bound::exact`] turns they are all
//! listed, in [`State::legal_turns`] order. Past that (Genocide's
//! movement phase: a dozen steps, each among a hundred) the list is
//! **sampled**: [`Bound::samples`] step sequences, each built step by step
//! by choosing the step whose position (after ending the turn there when
//! one step can end it) the heuristic likes best, the first sequence
//! purely so, the others with a random step instead with probability
//! [`Bound::epsilon`]. A sequence stops when the turn ends or after
//! [`Bound::max_steps`] steps.

use super::heuristic::{evaluate, evaluate_with};
use crate::compile::ir::GenKind;
use crate::engine::{Move, State};
use rand::{Rng, RngExt};

/// How many turns are listed exactly, and how they are sampled past that.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bound {
    /// Most turns listed exactly.
    pub exact: usize,
    /// Step sequences sampled when there are more.
    pub samples: usize,
    /// Chance of a random step in the second and later samples.
    pub epsilon: f64,
    /// Most steps of one sampled sequence.
    pub max_steps: usize,
}

impl Default for Bound {
    fn default() -> Bound {
        Bound {
            exact: 256,
            samples: 4,
            epsilon: 0.25,
            max_steps: 64,
        }
    }
}

/// Scratch buffers for candidate generation and evaluation.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    bufs: Vec<Vec<Move>>,
    path: Vec<Move>,
    values: Vec<i64>,
    moves: Vec<Move>,
}

impl Scratch {
    /// The evaluation of `st` for `player` (see [`evaluate`]).
    pub fn eval(&mut self, st: &mut State, player: u8) -> i64 {
        evaluate(st, player, &mut self.values, &mut self.moves)
    }

    /// The move buffer for the heuristic's mobility term.
    pub(crate) fn moves_buf(&mut self) -> &mut Vec<Move> {
        &mut self.moves
    }

    /// The cheaper evaluation of a step in a sampled turn (a game over by
    /// want of moves is not noticed).
    fn quick(&mut self, st: &mut State, player: u8) -> i64 {
        evaluate_with(st, player, &mut self.values, &mut self.moves, false)
    }
}

/// Fills `out` with the candidate turns of `st` (journaling must be on;
/// `st` ends as it started). Returns true when the list is exact.
pub fn candidates<R: Rng>(
    st: &mut State,
    bound: &Bound,
    rng: &mut R,
    sc: &mut Scratch,
    out: &mut Vec<Vec<Move>>,
) -> bool {
    out.clear();
    sc.path.clear();
    if exact(st, 0, bound.exact, sc, out) {
        return true;
    }
    out.clear();
    for k in 0..bound.samples {
        let eps = if k == 0 { 0.0 } else { bound.epsilon };
        if let Some(t) = sample(st, bound.max_steps, eps, rng, sc)
            && !out.contains(&t)
        {
            out.push(t);
        }
    }
    false
}

/// Depth-first listing; false when more than `cap` turns exist.
fn exact(
    st: &mut State,
    depth: usize,
    cap: usize,
    sc: &mut Scratch,
    out: &mut Vec<Vec<Move>>,
) -> bool {
    if sc.bufs.len() <= depth {
        sc.bufs.push(Vec::new());
    }
    let mut buf = std::mem::take(&mut sc.bufs[depth]);
    st.legal_moves_into(&mut buf);
    let t0 = st.turns();
    let mut ok = true;
    for m in &buf {
        st.play_unchecked(m);
        sc.path.push(*m);
        let before = out.len();
        if !turn_over(st, t0) && depth < 256 {
            ok = exact(st, depth + 1, cap, sc, out);
        }
        if ok && out.len() == before {
            out.push(sc.path.clone());
            ok = out.len() <= cap;
        }
        sc.path.pop();
        st.take_back();
        if !ok {
            break;
        }
    }
    sc.bufs[depth] = buf;
    ok
}

/// True when the turn that started at turn count `t0` is over (a
/// repeated phase, Genocide's movement, goes on without a chained
/// continuation: the turn count says when the turn ends).
fn turn_over(st: &State, t0: u32) -> bool {
    st.turns() != t0
}

/// One step sequence, chosen greedily (with `eps` random steps); `st`
/// (journaling on) ends as it started. `None` when no step is legal.
pub(crate) fn sample<R: Rng>(
    st: &mut State,
    max_steps: usize,
    eps: f64,
    rng: &mut R,
    sc: &mut Scratch,
) -> Option<Vec<Move>> {
    let mover = st.current_player();
    let t0 = st.turns();
    let mut path = Vec::new();
    let mut buf = Vec::new();
    let game = st.game().clone();
    while path.len() < max_steps {
        st.legal_moves_into(&mut buf);
        if buf.is_empty() {
            break;
        }
        // The move that ends the current phase, if this phase has one: a
        // step is judged by the position after it and that move (when the
        // phase is still on), so that a battle fought at the phase's end
        // counts.
        let phase = st.phase();
        let ender = buf
            .iter()
            .find(|m| matches!(game.gens[m.gen_id as usize].kind, GenKind::EndPhase))
            .copied();
        let pick = if eps > 0.0 && rng.random_bool(eps) {
            buf[rng.random_range(0..buf.len())]
        } else {
            let mut best = i64::MIN;
            let mut ties = 0u32;
            let mut chosen = buf[0];
            for m in &buf {
                st.play_unchecked(m);
                let v = match ender {
                    Some(e) if !turn_over(st, t0) && st.phase() == phase && *m != e => {
                        st.play_unchecked(&e);
                        let v = sc.quick(st, mover);
                        st.take_back();
                        v
                    }
                    _ => sc.quick(st, mover),
                };
                st.take_back();
                if v > best {
                    best = v;
                    ties = 1;
                    chosen = *m;
                } else if v == best {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        chosen = *m;
                    }
                }
            }
            chosen
        };
        st.play_unchecked(&pick);
        path.push(pick);
        if turn_over(st, t0) {
            break;
        }
    }
    for _ in 0..path.len() {
        st.take_back();
    }
    if path.is_empty() { None } else { Some(path) }
}

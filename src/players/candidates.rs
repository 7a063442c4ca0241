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

use super::heuristic::{WIN, evaluate, evaluate_with};
use super::stepcache::StepCache;
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
#[derive(Debug, Clone)]
pub struct Scratch {
    bufs: Vec<Vec<Move>>,
    path: Vec<Move>,
    values: Vec<i64>,
    moves: Vec<Move>,
    steps: Vec<Move>,
    cache: StepCache,
    /// The cache after the first step of the first sequence of a
    /// position, with its baseline value: the later sequences start from
    /// the same position.
    root: Option<(i64, StepCache)>,
    /// Sampled sequences keep step values from one step to the next
    /// ([`StepCache`]); off, every step is judged afresh at every step.
    pub reuse: bool,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            bufs: Vec::new(),
            path: Vec::new(),
            values: Vec::new(),
            moves: Vec::new(),
            steps: Vec::new(),
            cache: StepCache::default(),
            root: None,
            reuse: true,
        }
    }
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
    if exact(st, 0, 0, bound.exact, sc, out) {
        return true;
    }
    out.clear();
    sc.root = None;
    for k in 0..bound.samples {
        let eps = if k == 0 { 0.0 } else { bound.epsilon };
        if let Some(t) = sample_from(st, bound.max_steps, eps, rng, sc, true)
            && !out.contains(&t)
        {
            out.push(t);
        }
    }
    false
}

/// The one legal turn of `st` (journaling on; `st` ends as it started)
/// into `out`, when it has exactly one: a forced turn. False when it has
/// none or more than one (found out after listing at most two).
pub(crate) fn only_turn(st: &mut State, sc: &mut Scratch, out: &mut Vec<Vec<Move>>) -> bool {
    out.clear();
    sc.path.clear();
    exact(st, 0, 0, 1, sc, out) && out.len() == 1
}

/// Depth-first listing; false when more than `cap` turns exist.
/// `pending` counts the steps not yet explored at the shallower depths:
/// each leads to at least one turn of its own, as does each step here, so
/// a listing that could only end past `cap` stops at once (Genocide's
/// second step: a hundred steps under each of a hundred).
fn exact(
    st: &mut State,
    depth: usize,
    pending: usize,
    cap: usize,
    sc: &mut Scratch,
    out: &mut Vec<Vec<Move>>,
) -> bool {
    if sc.bufs.len() <= depth {
        sc.bufs.push(Vec::new());
    }
    let mut buf = std::mem::take(&mut sc.bufs[depth]);
    st.legal_moves_into(&mut buf);
    if out.len() + pending + buf.len() > cap {
        sc.bufs[depth] = buf;
        return false;
    }
    let t0 = st.turns();
    let mut ok = true;
    for (i, m) in buf.iter().enumerate() {
        st.play_unchecked(m);
        sc.path.push(*m);
        let before = out.len();
        if !turn_over(st, t0) && depth < 256 {
            let later = pending + buf.len() - i - 1;
            ok = exact(st, depth + 1, later, cap, sc, out);
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
/// continuation: the turn count says when the turn ends), or stops at a
/// chance node (nature moves next, docs/chance.md).
fn turn_over(st: &State, t0: u32) -> bool {
    st.turns() != t0 || st.is_chance_node()
}

/// One step sequence, chosen greedily (with `eps` random steps); `st`
/// (journaling on) ends as it started. `None` when no step is legal.
///
/// With `reuse` on, the values of steps judged at one step of the sequence
/// are kept for the next ([`StepCache`]): only the steps that meet the
/// step just played are judged again.
pub(crate) fn sample<R: Rng>(
    st: &mut State,
    max_steps: usize,
    eps: f64,
    rng: &mut R,
    sc: &mut Scratch,
) -> Option<Vec<Move>> {
    sample_from(st, max_steps, eps, rng, sc, false)
}

/// [`sample`]; with `same_root`, the sequences sampled one after another
/// start from the same position, and the later ones take the values the
/// first judged at its first step.
fn sample_from<R: Rng>(
    st: &mut State,
    max_steps: usize,
    eps: f64,
    rng: &mut R,
    sc: &mut Scratch,
    same_root: bool,
) -> Option<Vec<Move>> {
    let mover = st.current_player();
    let t0 = st.turns();
    let mut path = Vec::new();
    let mut buf = std::mem::take(&mut sc.steps);
    let game = st.game().clone();
    let reuse = sc.reuse;
    let mut cache = std::mem::take(&mut sc.cache);
    cache.clear();
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
            .find(|m| {
                let kind = game.gens.get(m.gen_id as usize).map(|g| &g.kind);
                matches!(kind, Some(GenKind::EndPhase))
            })
            .copied();
        let judge = Judge {
            t0,
            phase,
            ender,
            mover,
        };
        let random = eps > 0.0 && rng.random_bool(eps);
        // The baseline: the value of ending the phase now (or of the
        // position itself), and its contents for the footprints.
        let at_root = same_root && path.is_empty();
        let base = if reuse {
            let b = match &sc.root {
                Some((b, root)) if at_root => {
                    cache.clone_from(root);
                    *b
                }
                _ => judge.baseline(st, sc, &mut cache),
            };
            if b.abs() >= WIN / 2 {
                cache.clear();
                None
            } else {
                Some(b)
            }
        } else {
            None
        };
        let pick = if random {
            buf[rng.random_range(0..buf.len())]
        } else {
            loop {
                let (chosen, v, cached) = judge.best(st, &buf, base, sc, &mut cache, rng);
                if at_root
                    && sc.root.is_none()
                    && let Some(b) = base
                {
                    sc.root = Some((b, cache.clone()));
                }
                // A cached value is an estimate: the step played is judged
                // afresh, and when the estimate was wrong every step is.
                if !cached {
                    break chosen;
                }
                if judge.value(st, &chosen, sc, Some(&mut cache)) == v {
                    // Its footprint as it is now.
                    if let Some(b) = base {
                        cache.insert(chosen, v - b);
                    }
                    break chosen;
                }
                cache.clear();
            }
        };
        if base.is_some() {
            // The footprint of the step played (just judged, or cached).
            if !cache.recall(&pick) {
                judge.value(st, &pick, sc, Some(&mut cache));
            }
            cache.played();
        }
        st.play_unchecked(&pick);
        path.push(pick);
        if turn_over(st, t0) {
            break;
        }
    }
    for _ in 0..path.len() {
        st.take_back();
    }
    sc.steps = buf;
    sc.cache = cache;
    if path.is_empty() { None } else { Some(path) }
}

/// How the steps of one point of a sampled sequence are judged.
struct Judge {
    /// The turn count when the turn began.
    t0: u32,
    /// The phase the steps are played in.
    phase: usize,
    /// The step that ends that phase, if it has one.
    ender: Option<Move>,
    /// The player the values are for.
    mover: u8,
}

impl Judge {
    /// The value of `m` for the mover: the position after it, and after
    /// ending the phase when it is still on (a battle at the phase's end
    /// counts). With a cache, its footprint is left as the cache's fresh
    /// one.
    fn value(
        &self,
        st: &mut State,
        m: &Move,
        sc: &mut Scratch,
        cache: Option<&mut StepCache>,
    ) -> i64 {
        st.play_unchecked(m);
        let end = match self.ender {
            Some(e) if !turn_over(st, self.t0) && st.phase() == self.phase && *m != e => {
                st.play_unchecked(&e);
                true
            }
            _ => false,
        };
        let v = sc.quick(st, self.mover);
        if let Some(c) = cache {
            c.diff(st);
        }
        if end {
            st.take_back();
        }
        st.take_back();
        v
    }

    /// The step of `steps` the heuristic likes best (ties broken at
    /// random), its value, and whether that value came from the cache.
    /// With a baseline value `base`, values are taken from the cache and
    /// the steps judged afresh are put in it.
    fn best<R: Rng>(
        &self,
        st: &mut State,
        steps: &[Move],
        base: Option<i64>,
        sc: &mut Scratch,
        cache: &mut StepCache,
        rng: &mut R,
    ) -> (Move, i64, bool) {
        let mut best = i64::MIN;
        let mut ties = 0u32;
        let mut chosen = (steps[0], false);
        for m in steps {
            let (v, cached) = match (base, cache.get(m)) {
                (Some(b), Some(d)) => (b + d, true),
                (Some(b), None) => {
                    let v = self.value(st, m, sc, Some(cache));
                    if v.abs() < WIN / 2 {
                        cache.insert(*m, v - b);
                    }
                    (v, false)
                }
                (None, _) => (self.value(st, m, sc, None), false),
            };
            if v > best {
                best = v;
                ties = 1;
                chosen = (*m, cached);
            } else if v == best {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    chosen = (*m, cached);
                }
            }
        }
        (chosen.0, best, chosen.1)
    }

    /// The value of ending the phase now (of the position itself when the
    /// phase has no ending step), which becomes the cache's baseline.
    fn baseline(&self, st: &mut State, sc: &mut Scratch, cache: &mut StepCache) -> i64 {
        match self.ender {
            Some(e) => {
                st.play_unchecked(&e);
                let v = sc.quick(st, self.mover);
                cache.set_baseline(st);
                st.take_back();
                v
            }
            None => {
                cache.set_baseline(st);
                sc.quick(st, self.mover)
            }
        }
    }
}

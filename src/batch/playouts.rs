//! Seeded random playouts, spread over threads.
//!
//! Playout `i` of a run seeded with `seed` draws from ChaCha8 seeded with
//! `seed` on stream `i` (and the game's own dice from a seed mixed from
//! both), so a run's results do not depend on the number of threads.

use super::json::{head, rate_json, round, wins_json};
use crate::engine::{Move, PlayoutResult, State, playout, playout_in};
use crate::players::analysis::{Rate, Tally};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, Ordering};

/// What to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutSpec {
    /// Number of playouts.
    pub count: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Threads to spread them over (clamped to 1..=256 and to `count`).
    pub threads: usize,
    /// A playout stops after this many turns (reported as unfinished).
    pub max_turns: u32,
}

/// Plays playout number `i` of a run seeded with `seed`.
pub fn one(start: &State, seed: u64, i: u64, max_turns: u32) -> PlayoutResult {
    let (mut st, mut buf) = (start.clone(), Vec::with_capacity(64));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(i);
    st.set_seed(dice_seed(seed, i));
    playout(st, &mut rng, max_turns, &mut buf)
}

/// The seed of playout `i`'s dice in a run seeded with `seed`.
fn dice_seed(seed: u64, i: u64) -> u64 {
    seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// [`one`] played on `scratch`, made a copy of `start` first in the room
/// it has (a thread's scratch state and move buffer `buf`, reused from
/// playout to playout so that a playout allocates nothing once warm).
pub fn one_in(
    scratch: &mut State,
    start: &State,
    seed: u64,
    i: u64,
    max_turns: u32,
    buf: &mut Vec<Move>,
) -> PlayoutResult {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(i);
    scratch.clone_from(start);
    // Dice inside the game draw from their own generator, seeded per playout.
    scratch.set_seed(dice_seed(seed, i));
    playout_in(scratch, &mut rng, max_turns, buf)
}

/// Plays the playouts of `spec` from `start`, in playout order; `tick` is
/// called after each one (for a progress bar).
pub fn run(start: &State, spec: &PlayoutSpec, tick: &(dyn Fn() + Sync)) -> Vec<PlayoutResult> {
    // Never stopped: every playout is played.
    run_until(start, spec, tick, &AtomicBool::new(false)).unwrap_or_default()
}

/// [`run`], stopped between playouts once `stop` is set (Ctrl-C from
/// Python): `None` when it was, the playouts in playout order otherwise
/// (thread `k` of `t` plays playouts `k`, `k + t`, …, so a seed gives the
/// same playouts on any number of threads).
pub fn run_until(
    start: &State,
    spec: &PlayoutSpec,
    tick: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Option<Vec<PlayoutResult>> {
    let threads = (spec.threads.clamp(1, 256) as u64).min(spec.count.max(1));
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                s.spawn(move || {
                    let start = start.detached();
                    let (mut scratch, mut buf) = (start.clone(), Vec::with_capacity(64));
                    let mut out = Vec::new();
                    for i in (k..spec.count).step_by(threads as usize) {
                        if stop.load(Ordering::Relaxed) {
                            return None;
                        }
                        let r =
                            one_in(&mut scratch, &start, spec.seed, i, spec.max_turns, &mut buf);
                        tick();
                        out.push((i, r));
                    }
                    Some(out)
                })
            })
            .collect();
        let mut all: Vec<(u64, PlayoutResult)> = Vec::new();
        for h in handles {
            // A playout thread only fails on an interpreter bug: pass it on.
            all.extend(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))?);
        }
        all.sort_by_key(|x| x.0);
        Some(all.into_iter().map(|x| x.1).collect())
    })
}

/// The tally of playouts of a game with `players` players (no branching
/// figures: playouts do not list every turn).
pub fn tally(results: &[PlayoutResult], players: usize) -> Tally {
    let mut t = Tally::new(players);
    for r in results {
        t.add(r.outcome, r.stake, r.turns, 0, 0);
    }
    t
}

/// The report of `ludic playout --json` (docs/json.md): `file` and `sets`
/// as given, the results of [`run`], and the seconds it took.
pub fn report_json(
    file: &str,
    sets: &[String],
    start: &State,
    spec: &PlayoutSpec,
    results: &[PlayoutResult],
    secs: f64,
) -> Value {
    let game = start.game();
    let t = tally(results, game.num_players());
    let n = t.games;
    let names: Vec<String> = game.players.iter().map(|p| p.name.clone()).collect();
    let wins: Vec<Rate> = t.wins.iter().map(|&w| Rate::new(w, n)).collect();
    // Games stopped at the turn cap are `unfinished`, not an end reason.
    let reasons: serde_json::Map<String, Value> = t
        .end_reasons
        .iter()
        .filter(|(k, _)| *k != "unfinished")
        .map(|(k, &c)| (k.clone(), rate_json(&Rate::new(c, n))))
        .collect();
    let rate = n as f64 / secs.max(1e-9);
    let mut out = head("playout", file, &game.name, sets);
    out.insert("engine".into(), start.engine().name().into());
    // Each seat's mean place, with more than two players only.
    let places = t.mean_places();
    if !places.is_empty() {
        let each = names
            .iter()
            .zip(&places)
            .map(|(p, m)| (p.clone(), json!(round(*m, 3))));
        out.insert("mean_places".into(), Value::Object(each.collect()));
    }
    // A first place some seats share (more than two players only): not a
    // draw, not a seat's win (docs/players.md, "Several players").
    if !t.shared_firsts.is_empty() {
        let shared = rate_json(&Rate::new(t.shared_first, n));
        out.insert("shared_first".into(), shared);
    }
    // A game of one player may end in its loss: neither a win nor a draw.
    if game.num_players() == 1 {
        out.insert("losses".into(), rate_json(&Rate::new(t.losses, n)));
    }
    let more = json!({
        "count": n, "seed": spec.seed, "turn_cap": spec.max_turns,
        "wins": wins_json(&names, &wins),
        "draws": rate_json(&Rate::new(t.draws, n)),
        "unfinished": rate_json(&Rate::new(t.unfinished, n)),
        "end_reasons": reasons,
        "mean_turns": round(t.turns_sum as f64 / n.max(1) as f64, 2),
        "min_turns": t.turns_min, "max_turns": t.turns_max,
        "seconds": round(secs, 3), "playouts_per_second": rate.round() as u64,
    });
    if let Value::Object(m) = more {
        out.extend(m);
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::{one, one_in};
    use crate::compile::{Game, Options, shipped_games};
    use crate::engine::State;
    use std::sync::Arc;

    /// A scratch state reused from playout to playout, even one left by
    /// another game, plays each playout as a fresh copy of the start
    /// does: the same outcome, turns and steps, for every shipped game
    /// (dice included, reseeded per playout).
    #[test]
    fn a_reused_scratch_state_plays_what_a_fresh_copy_plays() {
        let mut scratch: Option<State> = None;
        let mut buf = Vec::new();
        for name in shipped_games() {
            let game = Arc::new(Game::load(name, &Options::default()).expect("game"));
            let start = State::new(game);
            let scratch = scratch.get_or_insert_with(|| start.clone());
            for i in 0..3 {
                let fresh = one(&start, 7, i, 300);
                let reused = one_in(scratch, &start, 7, i, 300, &mut buf);
                assert_eq!(fresh, reused, "{name}, playout {i}");
            }
        }
    }
}

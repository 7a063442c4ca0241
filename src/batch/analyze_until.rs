//! Analysis that a caller can stop (the Python package stops it on
//! Ctrl-C): each setting's games are played in pieces of consecutive game
//! numbers, sized to take about 100 ms (`PIECE`) each, and `stop` is asked
//! between pieces. Game `i` draws from stream `i` of the run's seed
//! whichever piece plays it, and the pieces' counts add up ([`Tally`]), so
//! the report is [`super::analyze::run`]'s. A piece ends with its slowest
//! game, the other threads waiting: `run` (the command line's) plays each
//! setting in one piece.

use super::analyze::{AnalyzeError, Report, Request, Setting};
use super::record::{MoveTexts, trial};
use crate::engine::State;
use crate::players::analysis::{RunSpec, Tally, play_range, play_range_watched};
use crate::record::trial::Trial;
use std::ops::Range;
use std::time::{Duration, Instant};

/// How long a piece of games should take: the longest wait for `stop`
/// (beyond the games in flight).
const PIECE: Duration = Duration::from_millis(100);

/// [`super::analyze::run`], asking `stop` between pieces of games:
/// `Ok(None)` once it answers true. Errors as `run` does.
pub fn run_until(
    req: &Request,
    tick: &(dyn Fn() + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<Report>, AnalyzeError> {
    run_in_pieces(req, tick, stop, true, None)
}

/// [`super::analyze::run`]: each setting's games in one piece (no wait
/// at the ends of pieces for their slowest game), never stopped.
pub(crate) fn run_whole(
    req: &Request,
    tick: &(dyn Fn() + Sync),
) -> Result<Option<Report>, AnalyzeError> {
    run_in_pieces(req, tick, &|| false, false, None)
}

/// [`run_whole`], keeping every game's record ([`super::record`]): the
/// games are played in pieces of about [`PIECE`], and after each piece
/// its trials, in the order of their game numbers, each with its
/// setting's label and number, go to `sink`. An analysis killed midway
/// keeps every game of the pieces done. An error of `sink` (a disk full)
/// ends the analysis with [`AnalyzeError::Record`].
pub(crate) fn run_recorded(
    req: &Request,
    tick: &(dyn Fn() + Sync),
    sink: &mut dyn FnMut(&Records) -> Result<(), String>,
) -> Result<Option<Report>, AnalyzeError> {
    run_in_pieces(req, tick, &|| false, true, Some(sink))
}

/// Records of an analysis: setting label, game number, trial.
pub type Records = Vec<(String, u64, Trial)>;

/// Where the records of each piece of games go ([`run_recorded`]).
type Sink<'a> = &'a mut dyn FnMut(&Records) -> Result<(), String>;

/// The analysis of `req`, each setting's games played in pieces (sized by
/// time when `adaptive`, else one piece a setting), `stop` asked before
/// each piece; with `sink`, every piece's trials go there.
fn run_in_pieces(
    req: &Request,
    tick: &(dyn Fn() + Sync),
    stop: &(dyn Fn() -> bool + Sync),
    adaptive: bool,
    mut sink: Option<Sink>,
) -> Result<Option<Report>, AnalyzeError> {
    if let Some(s) = req.shard
        && (s.index == 0 || s.index > s.of)
    {
        return Err(AnalyzeError::Shard(format!(
            "{s}: expected K/N with 1 <= K <= N"
        )));
    }
    let (settings, fingerprint) = req.settings()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(req.threads.min(256))
        .build()
        .map_err(|e| AnalyzeError::Threads(e.to_string()))?;
    let spec = RunSpec {
        players: req.players.clone(),
        count: req.count,
        seed: req.seed,
        max_turns: req.max_turns,
    };
    let base = settings[0].3.clone();
    let mut done = Vec::new();
    let players: Vec<String> = req.players.iter().map(ToString::to_string).collect();
    let mut failed = None;
    let recording = sink.is_some();
    for (label, game, sets, g) in settings {
        let start = State::with_engine(g.clone(), req.engine);
        let t = Instant::now();
        let pieces = Pieces::new(req.games(), pool.current_num_threads(), adaptive);
        // Each piece's games become trials and go to the sink at once.
        let mut write = |kept: Vec<Kept>| {
            let Some(sink) = sink.as_mut() else {
                return true;
            };
            let records = records_of((&label, &game, &g), &players, req.seed, kept);
            match sink(&records) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        };
        let keep: Option<&mut dyn FnMut(Vec<Kept>) -> bool> = match recording {
            true => Some(&mut write),
            false => None,
        };
        let tally = play_setting(&pool, &start, &spec, pieces, (tick, stop), keep);
        if let Some(e) = failed.take() {
            return Err(AnalyzeError::Record(e));
        }
        let Some(tally) = tally else {
            return Ok(None);
        };
        done.push(Setting {
            label,
            game,
            title: g.name.clone(),
            sets,
            seats: g.players.iter().map(|p| p.name.clone()).collect(),
            tally,
            seconds: t.elapsed().as_secs_f64(),
        });
    }
    Ok(Some(report_of(
        req,
        &base,
        pool.current_num_threads(),
        fingerprint,
        done,
    )))
}

/// The report of `req`'s settings `done`, `base` its game with the
/// request's own toggles, played on `threads` threads.
fn report_of(
    req: &Request,
    base: &crate::compile::Game,
    threads: usize,
    fingerprint: String,
    done: Vec<Setting>,
) -> Report {
    Report {
        game: req.game.clone(),
        title: base.name.clone(),
        sets: req.sets.clone(),
        players: req.players.iter().map(ToString::to_string).collect(),
        seats: base.players.iter().map(|p| p.name.clone()).collect(),
        count: req.count,
        seed: req.seed,
        turn_cap: req.max_turns,
        threads,
        shard: req.shard,
        version: super::provenance::VERSION.to_string(),
        fingerprint,
        games: req.games(),
        settings: done,
    }
}

/// The records of the games `kept` of a setting (its label, the game
/// file as given and the game it loaded), played by `players` in a run
/// seeded `seed`, in the order kept.
fn records_of(
    (label, file, game): (&str, &str, &crate::compile::Game),
    players: &[String],
    seed: u64,
    kept: Vec<Kept>,
) -> Records {
    kept.into_iter()
        .map(|(i, texts)| {
            (
                label.to_string(),
                i,
                trial(file, game, players, seed, i, &texts),
            )
        })
        .collect()
}

/// What a game of an analysis keeps for its record: its number, its turn
/// texts and summary ([`MoveTexts`]).
type Kept = (u64, <MoveTexts as crate::players::analysis::Watch>::Out);

/// The tally of the games of `pieces` of `spec` from `start`, played on
/// `pool` with `tick` after each game and `stop` asked before each piece;
/// None once it answers true. With `keep`, each piece's games (their
/// numbers and texts, in order) go there after it; None once it answers
/// false.
fn play_setting(
    pool: &rayon::ThreadPool,
    start: &State,
    spec: &RunSpec,
    mut pieces: Pieces,
    (tick, stop): (&(dyn Fn() + Sync), &(dyn Fn() -> bool + Sync)),
    mut keep: Option<&mut dyn FnMut(Vec<Kept>) -> bool>,
) -> Option<Tally> {
    let players = start.game().num_players();
    let mut tally = Tally::new(players);
    while let Some(range) = pieces.next_range() {
        if stop() {
            return None;
        }
        let begun = Instant::now();
        let played = match keep.as_mut() {
            Some(keep) => {
                let first = range.start;
                let watched = pool
                    .install(|| play_range_watched(start, spec, range, tick, &MoveTexts::default));
                let summaries = watched.iter().map(|(s, _)| *s).collect();
                if !keep(
                    (first..)
                        .zip(watched.into_iter().map(|(_, out)| out))
                        .collect(),
                ) {
                    return None;
                }
                summaries
            }
            None => pool.install(|| play_range(start, spec, range, tick)),
        };
        pieces.took(begun.elapsed());
        // Tallies of one game count the same players: the merge adds.
        let _ = tally.merge(&Tally::of(&played, players));
    }
    Some(tally)
}

/// Consecutive ranges of game numbers covering a run's, each sized from
/// how long the last took: doubled while a piece takes under half of
/// [`PIECE`], halved when it takes over twice as long.
struct Pieces {
    left: Range<u64>,
    size: u64,
    threads: u64,
}

impl Pieces {
    /// The pieces of `games`: the first one game a thread when
    /// `adaptive`, else one piece of them all.
    fn new(games: Range<u64>, threads: usize, adaptive: bool) -> Pieces {
        let threads = threads.max(1) as u64;
        Pieces {
            left: games,
            size: if adaptive { threads } else { u64::MAX },
            threads,
        }
    }

    /// The next piece, or None when every game is in one.
    fn next_range(&mut self) -> Option<Range<u64>> {
        if self.left.is_empty() {
            return None;
        }
        let end = self.left.end.min(self.left.start.saturating_add(self.size));
        let piece = self.left.start..end;
        self.left.start = end;
        Some(piece)
    }

    /// Sizes the next piece from how long the last took.
    fn took(&mut self, spent: Duration) {
        if self.size == u64::MAX {
            // One piece of every game: nothing to size.
        } else if spent < PIECE / 2 {
            self.size = self.size.saturating_mul(2);
        } else if spent > PIECE * 2 {
            self.size = (self.size / 2).max(self.threads);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Pieces, run_until};
    use crate::batch::analyze::{Request, Shard};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    /// The pieces cover the games once each, in order, whatever they take.
    #[test]
    fn pieces_cover_the_games() {
        let mut p = Pieces::new(5..1000, 3, true);
        let mut next = 5;
        let mut k = 0;
        while let Some(r) = p.next_range() {
            assert_eq!(r.start, next);
            assert!(r.end > r.start);
            next = r.end;
            p.took(Duration::from_millis([1, 500, 30][k % 3]));
            k += 1;
        }
        assert_eq!(next, 1000);
    }

    /// A stop asked for ends the run before its games are all played; a
    /// run never stopped counts every game (as the shards' merge does).
    #[test]
    fn a_stop_ends_the_analysis() {
        let mut req = Request::new("tictactoe");
        req.count = 400;
        req.threads = 2;
        let played = AtomicU64::new(0);
        let tick = || {
            played.fetch_add(1, Ordering::Relaxed);
        };
        let stopped = run_until(&req, &tick, &|| played.load(Ordering::Relaxed) >= 2);
        assert!(matches!(stopped, Ok(None)));
        assert!(played.load(Ordering::Relaxed) < 400);
        // Played in pieces or whole, the same games count the same.
        req.count = 120;
        req.players = vec!["mcts:5".parse().expect("player")];
        let whole = crate::batch::analyze::run(&req, &|| {}).expect("runs");
        let pieces = run_until(&req, &|| {}, &|| false)
            .expect("runs")
            .expect("not stopped");
        assert_eq!(whole.settings[0].tally, pieces.settings[0].tally);
        req.count = 400;
        req.players = vec![crate::players::PlayerSpec::Random];
        req.shard = Some(Shard { index: 2, of: 3 });
        let shard = run_until(&req, &|| {}, &|| false)
            .expect("runs")
            .expect("not stopped");
        // Shard 2/3 of 400 games: numbers 133 to 265.
        assert_eq!(shard.settings[0].tally.games, 133);
    }
}

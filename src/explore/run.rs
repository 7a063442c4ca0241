//! Playing an experiment: a [`Request`] names the game, the fixed
//! toggles, the [`Design`], the players and the games per cell; [`run`]
//! plays the cells of its shard that are not done yet, several at once
//! (each thread takes the next cell, and helps with another's games once
//! its own have all started), and hands each finished cell to the caller
//! at once (the command line appends it to the run's file,
//! [`super::store`]).
//!
//! Every cell plays games `0..count` of the run's seed, game `i` drawing
//! from stream `i` (as `ludic analyze` does): a cell's results are those
//! of `ludic analyze GAME --set …(the cell's toggles) --players … --seed S
//! --count N`, and cells differ by their rules, not their luck (common
//! random numbers, which make the effects' estimates sharper).

use super::cell::{CellRecord, SkillCount, count_skill};
use super::design::Design;
use super::measures::GameWatch;
use crate::batch::analyze::Shard;
use crate::batch::provenance::{self, Fingerprint, RuleText, SeedRange};
use crate::compile::Game;
use crate::engine::State;
use crate::players::PlayerSpec;
use crate::players::analysis::{RunSpec, play_range, play_range_watched};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

/// What to explore.
#[derive(Debug, Clone)]
pub struct Request {
    /// A rule file, or a shipped game's name.
    pub game: String,
    /// Toggles fixed for every cell (`NAME=VALUE`).
    pub sets: Vec<String>,
    /// The cells.
    pub design: Design,
    /// One player for every seat, or one per seat.
    pub players: Vec<PlayerSpec>,
    /// A stronger player for the skill games (None: none played).
    pub skill: Option<PlayerSpec>,
    /// Games per cell (and as many skill games).
    pub count: u64,
    /// The run's seed.
    pub seed: u64,
    /// Threads (0: one per core).
    pub threads: usize,
    /// A game stops after this many turns (unfinished).
    pub max_turns: u32,
    /// Play only this shard of the cells.
    pub shard: Option<Shard>,
    /// Rule texts to compile instead of reading `game` from the disk
    /// (matched by [`RuleText::file`]): what a worker of a cluster is sent.
    pub texts: Vec<RuleText>,
}

/// What identifies a run: the first line of its file. Two files are
/// shards of one run when their headers differ only in `shard`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always `explore`.
    pub command: String,
    /// The game as given.
    pub game: String,
    /// Its title.
    pub title: String,
    /// The fixed toggles.
    pub sets: Vec<String>,
    /// The seats' names.
    pub seats: Vec<String>,
    /// The design.
    pub design: Design,
    /// The players as given.
    pub players: Vec<String>,
    /// The stronger player of the skill games.
    pub skill: Option<String>,
    /// Games per cell.
    pub count: u64,
    /// The seed.
    pub seed: u64,
    /// The turn cap.
    pub turn_cap: u32,
    /// This file's shard.
    pub shard: Option<Shard>,
    /// ludic's version ([`provenance::VERSION`]; empty in the files of
    /// versions before it was written).
    #[serde(default)]
    pub ludic_version: String,
    /// The fingerprint of the base game's rules and of every cell's
    /// ([`provenance`]; empty in older files).
    #[serde(default)]
    pub fingerprint: String,
    /// The seed streams every cell plays: games `0..count` of `seed`
    /// (absent from older files).
    #[serde(default)]
    pub seed_range: Option<SeedRange>,
}

/// Why an exploration could not run.
#[derive(Debug, thiserror::Error)]
pub enum ExploreError {
    /// A cell's rules did not load.
    #[error("cell {cell} ({sets}): {error}")]
    Load {
        /// The cell.
        cell: usize,
        /// Its toggles.
        sets: String,
        /// What went wrong.
        error: Box<crate::compile::LoadError>,
    },
    /// The base game did not load.
    #[error("{0}")]
    Game(Box<crate::compile::LoadError>),
    /// Bad players, toggles or threads.
    #[error("{0}")]
    Bad(String),
    /// The caller refused a cell (its file could not be written).
    #[error("{0}")]
    Store(String),
}

impl Request {
    /// The header of this run's file: loads the game (with the fixed
    /// toggles) to name it and its seats, and checks the players and the
    /// toggles (a varied toggle cannot be fixed too).
    pub fn header(&self) -> Result<Header, ExploreError> {
        let boxed = |e| ExploreError::Game(Box::new(e));
        let loaded = provenance::load(&self.game, &self.texts, &self.sets).map_err(boxed)?;
        let mut fingerprint = Fingerprint::default();
        fingerprint.add(&loaded.rules);
        let game = loaded.game;
        let seats = game.players.len();
        let specs = self.players.len();
        if specs == 0 || (specs > 1 && specs != seats) {
            return Err(ExploreError::Bad(format!(
                "{specs} players given, but {} has {seats} seats (give one for all, or one per seat)",
                self.game
            )));
        }
        if self
            .players
            .iter()
            .chain(&self.skill)
            .any(PlayerSpec::is_human)
        {
            return Err(ExploreError::Bad(
                "explore plays computer players only".into(),
            ));
        }
        for s in &self.sets {
            let name = s.split('=').next().unwrap_or_default().trim();
            if self.design.factors.iter().any(|f| f.name == name) {
                return Err(ExploreError::Bad(format!(
                    "`{name}` is both varied and set (--set {s}): vary it or fix it"
                )));
            }
        }
        for c in 0..self.design.cells.len() {
            fingerprint.add(&self.load_cell_rules(c)?.rules);
        }
        Ok(Header {
            command: "explore".into(),
            game: self.game.clone(),
            title: game.name.clone(),
            sets: self.sets.clone(),
            seats: game.players.iter().map(|p| p.name.clone()).collect(),
            design: self.design.clone(),
            players: self.players.iter().map(ToString::to_string).collect(),
            skill: self.skill.map(|s| s.to_string()),
            count: self.count,
            seed: self.seed,
            turn_cap: self.max_turns,
            shard: self.shard,
            ludic_version: provenance::VERSION.to_string(),
            fingerprint: fingerprint.to_string(),
            seed_range: Some(SeedRange {
                seed: self.seed,
                games: [0, self.count],
            }),
        })
    }

    /// The cells this request plays (its shard's, or all).
    pub fn cells(&self) -> std::ops::Range<usize> {
        let n = self.design.cells.len() as u64;
        let r = self.shard.map_or(0..n, |s| s.games(n));
        r.start as usize..r.end as usize
    }

    /// The rules of cell `c`: the fixed toggles, then the cell's.
    pub fn load_cell(&self, c: usize) -> Result<Arc<Game>, ExploreError> {
        Ok(Arc::new(self.load_cell_rules(c)?.game))
    }

    /// [`Request::load_cell`], with the cell's part of the fingerprint.
    fn load_cell_rules(&self, c: usize) -> Result<provenance::Loaded, ExploreError> {
        let mut sets = self.sets.clone();
        sets.extend(self.design.sets(c));
        provenance::load(&self.game, &self.texts, &sets).map_err(|error| ExploreError::Load {
            cell: c,
            sets: self.design.sets(c).join(" "),
            error: Box::new(error),
        })
    }

    /// Games played by [`run`] in a cell (with the skill games).
    pub fn games_per_cell(&self) -> u64 {
        self.count * if self.skill.is_some() { 2 } else { 1 }
    }
}

/// Plays the cells of `req`'s shard not in `done` (their records, as
/// read back from the run's file), in order; `on_cell` gets each finished
/// cell at once (an error from it stops the run), `tick` each game.
/// Returns the records of the shard's cells, `done`'s included, in order.
pub fn run(
    req: &Request,
    done: &BTreeMap<usize, CellRecord>,
    on_cell: &mut dyn FnMut(&CellRecord) -> Result<(), String>,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<CellRecord>, ExploreError> {
    req.header()?;
    // Every cell's rules load before any game is played.
    let games: Vec<(usize, Arc<Game>)> = req
        .cells()
        .filter(|c| !done.contains_key(c))
        .map(|c| req.load_cell(c).map(|g| (c, g)))
        .collect::<Result<_, _>>()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(req.threads.min(256))
        .build()
        .map_err(|e| ExploreError::Bad(format!("threads: {e}")))?;
    let mut out: BTreeMap<usize, CellRecord> = done
        .iter()
        .filter(|(c, _)| req.cells().contains(c))
        .map(|(c, r)| (*c, r.clone()))
        .collect();
    let failed = play_cells(&pool, req, games, tick, &mut |record| {
        let result = on_cell(&record);
        out.insert(record.cell, record);
        result
    });
    match failed {
        Some(e) => Err(ExploreError::Store(e)),
        None => Ok(out.into_values().collect()),
    }
}

/// Plays `games`' cells on `pool`, several at once (each thread takes
/// the next cell in order, and a thread whose cell has no game left to
/// start helps with another's), and hands each record to `finished` on
/// the calling thread as soon as its cell is done: in the order cells
/// finish, which with one thread is theirs. The first error from
/// `finished` is returned; no cell starts after it.
fn play_cells(
    pool: &rayon::ThreadPool,
    req: &Request,
    games: Vec<(usize, Arc<Game>)>,
    tick: &(dyn Fn() + Sync),
    finished: &mut dyn FnMut(CellRecord) -> Result<(), String>,
) -> Option<String> {
    use rayon::iter::{ParallelBridge, ParallelIterator};
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel::<CellRecord>();
    let mut failed = None;
    pool.in_place_scope(|scope| {
        let stop = &stop;
        scope.spawn(move |_| {
            games
                .into_iter()
                .par_bridge()
                .for_each_with(tx, |tx, (c, game)| {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let t = Instant::now();
                    let mut record = play_cell(req, c, &game, tick);
                    record.seconds = t.elapsed().as_secs_f64();
                    // (The receiver outlives every sender.)
                    let _ = tx.send(record);
                });
        });
        for record in rx {
            if failed.is_none()
                && let Err(e) = finished(record)
            {
                stop.store(true, Ordering::Relaxed);
                failed = Some(e);
            }
        }
    });
    failed
}

/// The games of cell `c` (and its skill games), on the current pool.
fn play_cell(req: &Request, c: usize, game: &Arc<Game>, tick: &(dyn Fn() + Sync)) -> CellRecord {
    let start = State::new(game.clone());
    let spec = RunSpec {
        players: req.players.clone(),
        count: req.count,
        seed: req.seed,
        max_turns: req.max_turns,
    };
    let sites = game.board.len();
    let games = play_range_watched(&start, &spec, 0..req.count, tick, &|| GameWatch::new(sites));
    let mut record = CellRecord::of(c, req.design.sets(c), &games, game.num_players());
    if let Some(strong) = req.skill {
        record.skill = Some(skill_games(req, strong, &start, tick));
    }
    record
}

/// The skill games: games `0..count` split into one block a seat, the
/// stronger player in that seat and the run's players in the others.
fn skill_games(
    req: &Request,
    strong: PlayerSpec,
    start: &State,
    tick: &(dyn Fn() + Sync),
) -> SkillCount {
    let seats = start.game().num_players();
    let mut count = SkillCount::default();
    for seat in 0..seats {
        let block = Shard {
            index: seat as u64 + 1,
            of: seats as u64,
        }
        .games(req.count);
        let players: Vec<PlayerSpec> = (0..seats)
            .map(|s| {
                if s == seat {
                    strong
                } else {
                    req.players[s % req.players.len()]
                }
            })
            .collect();
        let spec = RunSpec {
            players,
            count: req.count,
            seed: req.seed,
            max_turns: req.max_turns,
        };
        for g in play_range(start, &spec, block, tick) {
            count_skill(&mut count, g.outcome, seat);
        }
    }
    count
}

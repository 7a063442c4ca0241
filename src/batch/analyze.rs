//! Variant analysis as a library: a [`Request`] (the game, its settings,
//! the players, the seeds) is played by [`run`] into a [`Report`], whose
//! [`Report::to_json`] is the object `ludic analyze --json` prints
//! (docs/json.md).
//!
//! A run can be split into shards ([`Shard`]): shard `K/N` plays the `K`th
//! of `N` consecutive ranges of game numbers, and game `i` is the same game
//! whichever shard plays it (it draws from stream `i` of the run's seed). A
//! shard's report carries each setting's counts ([`Tally`]); [`merge`] adds
//! the counts of the `N` shards and recomputes the rates, intervals and
//! means, so the merged report equals the unsharded run's (except the
//! `seconds` and `threads`, which say how the work was done: they are
//! summed). Every report carries ludic's version, the rules' fingerprint
//! and its range of seed streams ([`super::provenance`]); [`merge`]
//! refuses shards that disagree on any of them, naming the field.

use super::json::{difference_json, head, rate_json, round, seat_means_json, wins_json};
use super::provenance::{self, Fingerprint, RuleText, SeedRange};
use crate::compile::{Game, LoadError};
use crate::players::PlayerSpec;
use crate::players::analysis::{PlayersDiffer, Stats, Tally, two_proportion};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::ops::Range;
use std::sync::Arc;

/// Shard `index` of `of` (1-based: `1/4` … `4/4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, from 1 to `of`.
    pub index: u64,
    /// How many shards the run is split into.
    pub of: u64,
}

impl Shard {
    /// Parses `K/N` with `1 <= K <= N`.
    pub fn parse(text: &str) -> Result<Shard, AnalyzeError> {
        let bad = || AnalyzeError::Shard(format!("`{text}`: expected K/N with 1 <= K <= N"));
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let of: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > of {
            return Err(bad());
        }
        Ok(Shard { index, of })
    }

    /// The game numbers of this shard in a run of `count` games.
    pub fn games(&self, count: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(count) * u128::from(k) / u128::from(self.of)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// Why an analysis could not run, or shards could not be merged.
#[derive(Debug, thiserror::Error)]
pub enum AnalyzeError {
    /// A game (or a setting of it) could not be loaded.
    #[error("{0}")]
    Load(#[from] LoadError),
    /// The players do not fit the game.
    #[error("players: {0}")]
    Players(String),
    /// The game of `against` does not fit.
    #[error("against: {0}")]
    Against(String),
    /// A bad shard.
    #[error("shard: {0}")]
    Shard(String),
    /// The thread pool could not be made.
    #[error("threads: {0}")]
    Threads(String),
    /// Partial results that do not make one run.
    #[error("merge: {0}")]
    Merge(MergeError),
    /// The records could not be written (`--record`): the games of the
    /// pieces written before stand.
    #[error("records: {0}")]
    Record(String),
}

/// Why partial results do not merge into one run ([`merge`]). Results are
/// numbered from 1, in the order given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no partial results given")]
    NoParts,
    /// A result that is not the JSON `ludic analyze --json` writes.
    #[error("result {result}: not the JSON of `ludic analyze --shard K/N --json` ({message})")]
    NotJson {
        /// Which result.
        result: usize,
        /// What the JSON reader found wrong.
        message: String,
    },
    /// A shard whose tally of one setting cannot be that of its games
    /// (edited by hand, or damaged).
    #[error("result {result} ({shard}): the tally of setting {setting} does not add up: {reason}")]
    Tally {
        /// Which result.
        result: usize,
        /// Its shard.
        shard: Shard,
        /// Which setting (from 1).
        setting: usize,
        /// What is wrong ([`Tally::inconsistency`]).
        reason: String,
    },
    /// The JSON of another command.
    #[error("result {result}: from `{command}`, expected `analyze`")]
    NotAnalyze {
        /// Which result.
        result: usize,
        /// The command that wrote it.
        command: String,
    },
    /// A whole run, not a shard.
    #[error("result {result}: not a shard (run analyze with --shard K/N)")]
    NotAShard {
        /// Which result.
        result: usize,
    },
    /// A shard of another run than result 1: the first field that
    /// differs (`ludic_version`, `fingerprint`, `game`, `count`, `seed`,
    /// `seed_range`, `shard.of`, `settings`…) and both values.
    #[error(
        "result {result} ({shard}) is not a shard of the same run as result 1: \
         its `{field}` is {theirs} where {first} was expected"
    )]
    OtherRun {
        /// Which result.
        result: usize,
        /// Its shard.
        shard: Shard,
        /// The field that differs.
        field: &'static str,
        /// Its value in this result (JSON text).
        theirs: String,
        /// The value expected: result 1's, or for `seed_range` the games
        /// of the result's own shard (JSON text).
        first: String,
    },
    /// Far fewer shards given than the run has.
    #[error("the run has {of} shards and {given} were given")]
    TooFewShards {
        /// Shards of the run.
        of: u64,
        /// Results given.
        given: usize,
    },
    /// Shards missing or given twice: the run is not covered once.
    #[error(
        "the shards do not make the run once: missing [{}], given twice [{}]",
        shard_list(.missing),
        shard_list(.twice)
    )]
    Shards {
        /// The shards not given.
        missing: Vec<Shard>,
        /// The shards given more than once.
        twice: Vec<Shard>,
    },
    /// A setting without its tally.
    #[error("result {result}: setting {setting} has no tally")]
    NoTally {
        /// Which result.
        result: usize,
        /// Which setting, from 1.
        setting: usize,
    },
    /// A tally of another number of players.
    #[error("result {result}: {error}")]
    Players {
        /// Which result.
        result: usize,
        /// The players of the two tallies.
        error: PlayersDiffer,
    },
}

/// Shards as `1/4, 3/4`.
fn shard_list(shards: &[Shard]) -> String {
    let texts: Vec<String> = shards.iter().map(Shard::to_string).collect();
    texts.join(", ")
}

/// What to analyse.
#[derive(Debug, Clone)]
pub struct Request {
    /// A rule file, or a shipped game's name.
    pub game: String,
    /// Toggle overrides, `NAME=VALUE`.
    pub sets: Vec<String>,
    /// One player for every seat, or one per seat (no humans).
    pub players: Vec<PlayerSpec>,
    /// Games per setting (of the whole run, when sharded).
    pub count: u64,
    /// Seed of the run; game `i` draws from stream `i`.
    pub seed: u64,
    /// Threads (0: one per core).
    pub threads: usize,
    /// A game stops after this many turns (counted as unfinished).
    pub max_turns: u32,
    /// A second setting: these toggles too (or, with `against`, these
    /// toggles of that game).
    pub compare: Vec<String>,
    /// A second game to compare with, seat by seat.
    pub against: Option<String>,
    /// Play only this shard of the games.
    pub shard: Option<Shard>,
    /// The engine that plays the games (the same games either way; the
    /// reference is slower).
    pub engine: crate::engine::Engine,
    /// Rule texts to compile instead of reading `game` or `against` from
    /// the disk (matched by [`RuleText::file`]): what a Ray worker is sent.
    pub texts: Vec<RuleText>,
}

impl Request {
    /// A request with the defaults of `ludic analyze`: random players,
    /// 1000 games, seed 1, every core, 10,000 turns, one setting.
    pub fn new(game: &str) -> Request {
        Request {
            game: game.to_string(),
            sets: Vec::new(),
            players: vec![PlayerSpec::Random],
            count: 1000,
            seed: 1,
            threads: 0,
            max_turns: 10_000,
            compare: Vec::new(),
            against: None,
            shard: None,
            engine: crate::engine::Engine::Compiled,
            texts: Vec::new(),
        }
    }

    /// The game numbers this request plays in each setting.
    pub fn games(&self) -> Range<u64> {
        match self.shard {
            Some(s) => s.games(self.count),
            None => 0..self.count,
        }
    }

    /// The settings analysed (label, file, toggles as given, and the
    /// game) and the fingerprint of their rules.
    pub(crate) fn settings(&self) -> Result<(Vec<SettingToPlay>, String), AnalyzeError> {
        let mut fingerprint = Fingerprint::default();
        let mut load = |file: &str, sets: &[String]| -> Result<Arc<Game>, AnalyzeError> {
            let loaded = provenance::load(file, &self.texts, sets)?;
            fingerprint.add(&loaded.rules);
            Ok(Arc::new(loaded.game))
        };
        let base = load(&self.game, &self.sets)?;
        let seats = base.players.len();
        let specs = self.players.len();
        if specs == 0 || (specs > 1 && specs != seats) {
            return Err(AnalyzeError::Players(format!(
                "{specs} players given, but {} has {seats} seats (give one for all, or one per seat)",
                self.game
            )));
        }
        if self.players.iter().any(PlayerSpec::is_human) {
            return Err(AnalyzeError::Players(
                "analyze plays computer players only".into(),
            ));
        }
        let first = match &self.against {
            Some(_) => format!("{} {}", self.game, label(&self.sets, ""))
                .trim_end()
                .to_string(),
            None => label(&self.sets, "defaults"),
        };
        let mut out = vec![(first, self.game.clone(), self.sets.clone(), base)];
        if let Some(other) = &self.against {
            let game = load(other, &self.compare)?;
            if game.players.len() != seats {
                return Err(AnalyzeError::Against(format!(
                    "{other}: {} players, but {} has {seats}",
                    game.players.len(),
                    self.game,
                )));
            }
            let sets = label(&self.compare, "");
            let l = format!("{other} {sets}").trim_end().to_string();
            out.push((l, other.clone(), self.compare.clone(), game));
        } else if !self.compare.is_empty() {
            // A toggle of --compare replaces its --set value.
            let name = |s: &String| s.split('=').next().unwrap_or_default().trim().to_string();
            let compared: Vec<String> = self.compare.iter().map(name).collect();
            let sets: Vec<String> = self
                .sets
                .iter()
                .filter(|s| !compared.contains(&name(s)))
                .chain(&self.compare)
                .cloned()
                .collect();
            let game = load(&self.game, &sets)?;
            out.push((label(&self.compare, ""), self.game.clone(), sets, game));
        }
        Ok((out, fingerprint.to_string()))
    }

    /// Games played by [`run`] in all (every setting).
    pub fn total_games(&self) -> u64 {
        let n = self.games();
        let settings = if self.against.is_some() || !self.compare.is_empty() {
            2
        } else {
            1
        };
        (n.end - n.start) * settings
    }
}

/// A setting before it is played: label, file, toggles as given, game.
pub(crate) type SettingToPlay = (String, String, Vec<String>, Arc<Game>);

fn label(sets: &[String], empty: &str) -> String {
    if sets.is_empty() {
        empty.to_string()
    } else {
        sets.join(" ")
    }
}

/// One analysed setting.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    /// `defaults`, the toggles set, or the game and its toggles.
    pub label: String,
    /// The game as given.
    pub game: String,
    /// The game's own title.
    pub title: String,
    /// Its toggle overrides as given.
    pub sets: Vec<String>,
    /// Its seats' player names.
    pub seats: Vec<String>,
    /// The counts of its games.
    pub tally: Tally,
    /// Seconds spent playing them.
    pub seconds: f64,
}

impl Setting {
    /// The figures of this setting.
    pub fn stats(&self) -> Stats {
        self.tally.stats()
    }
}

/// The result of an analysis, or of one shard of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The game as given.
    pub game: String,
    /// Its title.
    pub title: String,
    /// Its toggle overrides.
    pub sets: Vec<String>,
    /// The players as given (`mcts:200`, `random`).
    pub players: Vec<String>,
    /// The seats' player names.
    pub seats: Vec<String>,
    /// Games per setting (of the whole run).
    pub count: u64,
    /// The run's seed.
    pub seed: u64,
    /// The turn cap.
    pub turn_cap: u32,
    /// Threads used.
    pub threads: usize,
    /// Which shard this report is, if it is one.
    pub shard: Option<Shard>,
    /// ludic's version ([`provenance::VERSION`]).
    pub version: String,
    /// The fingerprint of the settings' rules and toggles
    /// ([`provenance`]).
    pub fingerprint: String,
    /// The game numbers played in each setting: game `i` draws from stream
    /// `i` of `seed` (the whole run's `0..count` once merged).
    pub games: Range<u64>,
    /// One or two settings.
    pub settings: Vec<Setting>,
}

/// Plays the games of `req` (on a rayon pool of `req.threads`); `tick` is
/// called after each game, from any thread.
pub fn run(req: &Request, tick: &(dyn Fn() + Sync)) -> Result<Report, AnalyzeError> {
    super::analyze_until::run_whole(req, tick)?
        .ok_or_else(|| AnalyzeError::Threads("the analysis was stopped".into()))
}

/// [`run`], keeping every game's record ([`super::record`]): setting by
/// setting in game order, each game's trial with its setting's label and
/// game number goes to `sink` as soon as its piece of games (about 100
/// ms of them) is played, so that an analysis stopped midway keeps the
/// records of the games played. The report, or the first error of `sink`
/// ([`AnalyzeError::Record`]).
pub fn run_recorded(
    req: &Request,
    tick: &(dyn Fn() + Sync),
    sink: &mut dyn FnMut(&super::analyze_until::Records) -> Result<(), String>,
) -> Result<Report, AnalyzeError> {
    super::analyze_until::run_recorded(req, tick, sink)?
        .ok_or_else(|| AnalyzeError::Threads("the analysis was stopped".into()))
}

impl Report {
    /// The object `ludic analyze --json` prints (docs/json.md). A shard's
    /// also has `shard` (`{"index", "of"}`) and each setting's `tally`,
    /// which [`merge`] reads.
    pub fn to_json(&self) -> Value {
        let settings: Vec<Value> = self
            .settings
            .iter()
            .map(|s| {
                let mut v = setting_json(s);
                if self.shard.is_some() {
                    v["tally"] = serde_json::to_value(&s.tally).unwrap_or(Value::Null);
                }
                v
            })
            .collect();
        let mut out = head("analyze", &self.game, &self.title, &self.sets);
        let more = json!({
            "players": self.players,
            "seats": self.seats,
            "count": self.count,
            "seed": self.seed,
            "turn_cap": self.turn_cap,
            "threads": self.threads,
            "settings": settings,
            "ludic_version": self.version,
            "fingerprint": self.fingerprint,
            "seed_range": {"seed": self.seed, "games": [self.games.start, self.games.end]},
        });
        if let Value::Object(m) = more {
            out.extend(m);
        }
        if let Some(s) = self.shard {
            out.insert("shard".into(), json!({"index": s.index, "of": s.of}));
        }
        if let [x, y] = &self.settings[..] {
            out.insert("comparison".into(), comparison_json(&self.seats, x, y));
        }
        Value::Object(out)
    }
}

/// One setting's figures (docs/json.md).
fn setting_json(s: &Setting) -> Value {
    let st = s.stats();
    let reasons: serde_json::Map<String, Value> = st
        .end_reasons
        .iter()
        .map(|(k, r)| (k.clone(), rate_json(r)))
        .collect();
    let mut v = json!({
        "label": s.label, "game": s.game, "title": s.title, "sets": s.sets,
        "count": st.games,
        "wins": wins_json(&s.seats, &st.wins),
        "draws": rate_json(&st.draws), "unfinished": rate_json(&st.unfinished),
        "end_reasons": reasons,
        "mean_turns": round(st.turns_mean, 2), "min_turns": st.turns_min,
        "max_turns": st.turns_max, "mean_branching": st.branching_mean.map(|b| round(b, 2)),
        "seconds": round(s.seconds, 3),
    });
    if !st.mean_places.is_empty() {
        v["mean_places"] = seat_means_json(&s.seats, &st.mean_places);
    }
    if !st.shared_firsts.is_empty() {
        v["shared_first"] = rate_json(&st.shared_first);
        v["shared_firsts"] = wins_json(&s.seats, &st.shared_firsts);
    }
    // A game of one player may end in its loss: neither a win nor a draw.
    if s.seats.len() == 1 {
        v["losses"] = rate_json(&st.losses);
    }
    if !st.mean_returns.is_empty() {
        v["mean_returns"] = seat_means_json(&s.seats, &st.mean_returns);
    }
    v
}

/// The differences between two settings, seat by seat.
fn comparison_json(seats: &[String], x: &Setting, y: &Setting) -> Value {
    let (x, y) = (x.stats(), y.stats());
    let wins: Vec<Value> = x
        .wins
        .iter()
        .zip(&y.wins)
        .zip(seats)
        .map(|((r0, r1), n)| {
            let mut d = difference_json(&two_proportion(*r0, *r1));
            d["seat"] = n.clone().into();
            d
        })
        .collect();
    let mut v = json!({
        "wins": wins,
        "draws": difference_json(&two_proportion(x.draws, y.draws)),
        "unfinished": difference_json(&two_proportion(x.unfinished, y.unfinished)),
        "mean_turns": round(y.turns_mean - x.turns_mean, 2),
        "mean_branching": x.branching_mean.zip(y.branching_mean).map(|(a, b)| round(b - a, 2)),
    });
    if seats.len() == 1 {
        v["losses"] = difference_json(&two_proportion(x.losses, y.losses));
    }
    v
}

/// What [`merge`] reads of a shard's JSON.
#[derive(Deserialize)]
struct Partial {
    command: String,
    game: String,
    title: String,
    sets: Vec<String>,
    players: Vec<String>,
    seats: Vec<String>,
    count: u64,
    seed: u64,
    turn_cap: u32,
    threads: usize,
    shard: Option<Shard>,
    settings: Vec<PartialSetting>,
    ludic_version: String,
    fingerprint: String,
    seed_range: SeedRange,
}

#[derive(Deserialize)]
struct PartialSetting {
    label: String,
    game: String,
    title: String,
    sets: Vec<String>,
    wins: Vec<Seat>,
    tally: Option<Tally>,
    seconds: f64,
}

#[derive(Deserialize)]
struct Seat {
    seat: String,
}

/// Merges the reports of every shard of one run (as [`Report::to_json`]
/// writes them, in any order) into the report of the whole run. Errors
/// when a report is not a shard, when they are shards of different runs,
/// or when a shard is missing or given twice.
pub fn merge(parts: &[Value]) -> Result<Report, AnalyzeError> {
    let err = AnalyzeError::Merge;
    if parts.is_empty() {
        return Err(err(MergeError::NoParts));
    }
    let parsed = parts
        .iter()
        .enumerate()
        .map(|(i, v)| {
            serde_json::from_value::<Partial>(v.clone()).map_err(|e| {
                err(MergeError::NotJson {
                    result: i + 1,
                    message: e.to_string(),
                })
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut shards = Vec::new();
    for (i, p) in parsed.iter().enumerate() {
        if p.command != "analyze" {
            return Err(err(MergeError::NotAnalyze {
                result: i + 1,
                command: p.command.clone(),
            }));
        }
        let s = p
            .shard
            .ok_or_else(|| err(MergeError::NotAShard { result: i + 1 }))?;
        shards.push(s);
    }
    let first = &parsed[0];
    let of = shards[0].of;
    if first.settings.is_empty() {
        return Err(err(MergeError::NotJson {
            result: 1,
            message: "it has no settings".into(),
        }));
    }
    // Past the shards given (and a margin), the missing ones are not
    // listed one by one.
    if of > parts.len() as u64 + 64 {
        return Err(err(MergeError::TooFewShards {
            of,
            given: parts.len(),
        }));
    }
    for ((i, p), s) in parsed.iter().enumerate().zip(&shards) {
        if let Some((field, theirs, first)) = other_run(p, s, &parts[i], &parts[0]) {
            return Err(err(MergeError::OtherRun {
                result: i + 1,
                shard: *s,
                field,
                theirs,
                first,
            }));
        }
    }
    let mut seen: Vec<u64> = shards.iter().map(|s| s.index).collect();
    seen.sort_unstable();
    let expected: Vec<u64> = (1..=of).collect();
    if seen != expected {
        let missing: Vec<Shard> = expected
            .iter()
            .filter(|k| !seen.contains(k))
            .map(|&index| Shard { index, of })
            .collect();
        let mut twice: Vec<Shard> = seen
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| Shard { index: w[0], of })
            .collect();
        twice.dedup();
        return Err(err(MergeError::Shards { missing, twice }));
    }
    let mut settings = Vec::new();
    for (k, s) in first.settings.iter().enumerate() {
        let seats: Vec<String> = s.wins.iter().map(|w| w.seat.clone()).collect();
        let mut tally = Tally::new(seats.len());
        let mut seconds = 0.0;
        for (i, p) in parsed.iter().enumerate() {
            let ps = &p.settings[k];
            let t = ps.tally.as_ref().ok_or_else(|| {
                err(MergeError::NoTally {
                    result: i + 1,
                    setting: k + 1,
                })
            })?;
            if let Some(reason) = tally_inconsistency(t, &parts[i]["settings"][k]["tally"], p.count)
            {
                return Err(err(MergeError::Tally {
                    result: i + 1,
                    shard: shards[i],
                    setting: k + 1,
                    reason,
                }));
            }
            tally.merge(t).map_err(|error| {
                err(MergeError::Players {
                    result: i + 1,
                    error,
                })
            })?;
            seconds += ps.seconds;
        }
        settings.push(Setting {
            label: s.label.clone(),
            game: s.game.clone(),
            title: s.title.clone(),
            sets: s.sets.clone(),
            seats,
            tally,
            seconds,
        });
    }
    Ok(Report {
        game: first.game.clone(),
        title: first.title.clone(),
        sets: first.sets.clone(),
        players: first.players.clone(),
        seats: first.seats.clone(),
        count: first.count,
        seed: first.seed,
        turn_cap: first.turn_cap,
        threads: parsed.iter().map(|p| p.threads).sum(),
        shard: None,
        version: first.ludic_version.clone(),
        fingerprint: first.fingerprint.clone(),
        games: 0..first.count,
        settings,
    })
}

/// What makes the tally `t` of a shard of a run of `count` games
/// impossible ([`Tally::inconsistency`]), `json` its text as read: returns
/// written (`returns_sum`, `returns_sq_sum`) hold one entry a seat (a shard
/// written before returns were kept has neither).
fn tally_inconsistency(t: &Tally, json: &Value, count: u64) -> Option<String> {
    if t.games > count {
        return Some(format!("{} games, more than the run's {count}", t.games));
    }
    for key in ["returns_sum", "returns_sq_sum"] {
        let entries = json.get(key).map(|v| v.as_array().map_or(0, Vec::len));
        if entries.is_some_and(|n| n != t.wins.len()) {
            return Some(format!(
                "`{key}` has {} entries where one a seat ({}) was expected",
                entries.unwrap_or(0),
                t.wins.len()
            ));
        }
    }
    t.inconsistency()
}

/// The fields two shards of one run share, in the order a refusal names
/// the first that differs: where the results came from first.
const SHARED: [&str; 10] = [
    "ludic_version",
    "fingerprint",
    "game",
    "title",
    "sets",
    "players",
    "seats",
    "count",
    "seed",
    "turn_cap",
];

/// The first field in which shard `p` (its JSON `ours`, its shard `s`) is
/// not of the run of result 1 (JSON `first`), with both values: the
/// shared fields, the shard count, each setting's label, game, title and
/// toggles, and its seed range, which must be the games of its shard.
fn other_run(
    p: &Partial,
    s: &Shard,
    ours: &Value,
    first: &Value,
) -> Option<(&'static str, String, String)> {
    if let Some(d) = provenance::first_difference(&SHARED, ours, first) {
        return Some(d);
    }
    if ours["shard"]["of"] != first["shard"]["of"] {
        let of = |v: &Value| v["shard"]["of"].to_string();
        return Some(("shard.of", of(ours), of(first)));
    }
    let heads = |v: &Value| {
        let settings = v["settings"].as_array().cloned().unwrap_or_default();
        let keys = ["label", "game", "title", "sets"];
        let heads: Vec<Value> = settings
            .iter()
            .map(|x| json!(keys.map(|k| x[k].clone())))
            .collect();
        Value::from(heads)
    };
    let (a, b) = (heads(ours), heads(first));
    if a != b {
        return Some(("settings", a.to_string(), b.to_string()));
    }
    let games = s.games(p.count);
    let range = &p.seed_range;
    if range.seed != p.seed || range.games != [games.start, games.end] {
        let expected = json!({"seed": p.seed, "games": [games.start, games.end]});
        return Some((
            "seed_range",
            ours["seed_range"].to_string(),
            expected.to_string(),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::analysis::PlayersDiffer;

    #[test]
    fn shards_cover_the_run_once() {
        for (count, of) in [(10, 3), (7, 7), (3, 5), (0, 2), (1000, 4)] {
            let mut next = 0;
            for index in 1..=of {
                let r = Shard { index, of }.games(count);
                assert_eq!(r.start, next, "{count} games, shard {index}/{of}");
                next = r.end;
            }
            assert_eq!(next, count);
        }
        assert_eq!(Shard::parse("2/4").unwrap(), Shard { index: 2, of: 4 });
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn merged_tallies_are_the_tally_of_all_games() {
        use crate::engine::{EndReason, Outcome};
        // Five games by hand: (outcome, turns, branching sum).
        let games = [
            (Some(Outcome::Win(0, EndReason::NoMoves)), 30, 200),
            (None, 100, 700),
            (Some(Outcome::Win(1, EndReason::NoMoves)), 12, 50),
            (Some(Outcome::Draw(EndReason::Repetition)), 41, 300),
            (Some(Outcome::Win(1, EndReason::NoMoves)), 25, 150),
        ];
        let tally = |gs: &[(Option<Outcome>, u32, u64)]| {
            let mut t = Tally::new(2);
            for &(o, turns, b) in gs {
                t.add(o, 1, turns, b, u64::from(turns));
            }
            t
        };
        let whole = tally(&games);
        assert_eq!(
            (whole.games, whole.wins.clone(), whole.draws),
            (5, vec![1, 2], 1)
        );
        assert_eq!(
            (whole.turns_min, whole.turns_max, whole.turns_sum),
            (12, 100, 208)
        );
        assert_eq!(whole.end_reasons["unfinished"], 1);
        let mut merged = tally(&[]);
        for part in [&games[3..], &games[..0], &games[..3]] {
            merged.merge(&tally(part)).unwrap();
        }
        assert_eq!(merged, whole);
        let s = merged.stats();
        assert!((s.turns_mean - 41.6).abs() < 1e-12);
        assert!(
            s.branching_mean
                .is_some_and(|b| (b - 1400.0 / 208.0).abs() < 1e-12)
        );
        assert_eq!(
            merged.merge(&Tally::new(3)),
            Err(PlayersDiffer { ours: 2, theirs: 3 })
        );
        assert_eq!(merged, whole, "a refused merge changes nothing");
    }
}

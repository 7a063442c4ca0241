//! Python bindings of ludic (PyO3): the native module `ludic._ludic`,
//! wrapped by the pure-Python package `ludic` (python/ludic), which turns
//! the JSON reports into dicts and the observation into a numpy array.
//!
//! Every error from Rust is a Python exception: a rule file's diagnostics
//! raise `RulesError` with the rendered message, an illegal move
//! `IllegalMoveError` (the state unchanged), other bad input `ValueError`.
//! Long calls (perft, playouts, analysis) release the GIL.
//!
//! ## Action ids
//!
//! A step (one hop, one stack move, one placement; a multi-jump turn is
//! several steps) has a stable integer id in its game, as OpenSpiel's
//! actions: with `S` the number of sites, `G` the number of move
//! generators of the compiled game, `f`/`t` the origin and destination
//! sites (`S` for "none", e.g. the origin of a placement) and `c` the
//! number of pieces moved off a stack (0: the whole stack),
//! `id = ((c * G + gen) * (S + 1) + f) * (S + 1) + t`. The same step has
//! the same id in every position of the same game and toggles; ids of
//! steps that move a whole stack are below `G * (S + 1)^2`
//! (`Game.num_distinct_actions`).

use ludic::batch::analyze::{self, AnalyzeError, Request, Shard};
use ludic::batch::playouts::{self, PlayoutSpec};
use ludic::board::NO_SITE;
use ludic::compile::{Game as RGame, LoadError, Options};
use ludic::engine::{Move, State as RState, perft};
use ludic::players::PlayerSpec;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use std::sync::Arc;
use std::time::Instant;

pyo3::create_exception!(
    _ludic,
    RulesError,
    PyException,
    "A rule file with errors (or a toggle override refused): the message is the rendered diagnostics."
);
pyo3::create_exception!(
    _ludic,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal here (or not in the game's notation); the state is unchanged."
);

fn load_err(e: LoadError) -> PyErr {
    match e {
        LoadError::Io(m) => PyValueError::new_err(m),
        other => RulesError::new_err(other.to_string()),
    }
}

fn analyze_err(e: AnalyzeError) -> PyErr {
    match e {
        AnalyzeError::Load(l) => load_err(l),
        other => PyValueError::new_err(other.to_string()),
    }
}

fn options(sets: Vec<(String, String)>) -> Options {
    Options { sets }
}

/// A compiled game.
#[pyclass(module = "ludic._ludic", name = "Game", frozen)]
struct Game {
    game: Arc<RGame>,
    /// The game as given (a shipped name or a path), for reports.
    file: String,
    /// Toggle overrides as given (`NAME=VALUE`).
    sets: Vec<String>,
}

/// Loads a game: a rule file's path or a shipped game's name, and toggle
/// overrides as `(name, value)` pairs.
#[pyfunction]
fn load(py: Python<'_>, file: String, sets: Vec<(String, String)>) -> PyResult<Game> {
    let opts = options(sets.clone());
    let game = py.detach(|| RGame::load(&file, &opts)).map_err(load_err)?;
    Ok(Game {
        game: Arc::new(game),
        file,
        sets: sets.iter().map(|(n, v)| format!("{n}={v}")).collect(),
    })
}

/// Compiles rule text (named `name` in diagnostics).
#[pyfunction]
fn from_source(text: String, name: String, sets: Vec<(String, String)>) -> PyResult<Game> {
    let opts = options(sets.clone());
    let game = RGame::from_source(&name, &text, &opts).map_err(load_err)?;
    Ok(Game {
        game: Arc::new(game),
        file: name,
        sets: sets.iter().map(|(n, v)| format!("{n}={v}")).collect(),
    })
}

/// The names of the shipped games.
#[pyfunction]
fn shipped_games() -> Vec<&'static str> {
    ludic::compile::shipped_games()
}

fn sites_plus(game: &RGame) -> u64 {
    game.board.len() as u64 + 1
}

fn action_id(game: &RGame, m: &Move) -> u64 {
    let s = sites_plus(game);
    let site = |x: u16| if x == NO_SITE { s - 1 } else { u64::from(x) };
    ((u64::from(m.count) * game.num_gens() as u64 + u64::from(m.gen_id)) * s + site(m.from)) * s
        + site(m.to)
}

impl Game {
    /// The state a perft or playouts run starts from: `state`, which must
    /// be of this game, or the initial position.
    fn start(&self, state: Option<PyRef<'_, State>>) -> PyResult<RState> {
        match state {
            Some(s) if !Arc::ptr_eq(s.state.game(), &self.game) => Err(PyValueError::new_err(
                "the state is of another Game: run this on the Game that made it (state.game)",
            )),
            Some(s) => Ok(s.state.clone()),
            None => Ok(RState::new(self.game.clone())),
        }
    }
}

#[pymethods]
impl Game {
    /// The game's title.
    #[getter]
    fn name(&self) -> String {
        self.game.name.clone()
    }

    /// The players' names, in turn order.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.game.players.iter().map(|p| p.name.clone()).collect()
    }

    /// Number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    /// Number of sites of the board.
    #[getter]
    fn num_sites(&self) -> usize {
        self.game.board.len()
    }

    /// The sites' labels, in site order (the observation's last axis).
    #[getter]
    fn site_labels(&self) -> Vec<String> {
        self.game
            .board
            .sites()
            .iter()
            .map(|s| s.label.clone())
            .collect()
    }

    /// Highest stack the game can build (the observation's level axis).
    #[getter]
    fn max_height(&self) -> usize {
        self.game.stack_cap
    }

    /// The game as given to `load` (a shipped name or a path).
    #[getter]
    fn file(&self) -> String {
        self.file.clone()
    }

    /// The toggle overrides as given, `NAME=VALUE`.
    #[getter]
    fn sets(&self) -> Vec<String> {
        self.sets.clone()
    }

    /// The toggles: `(name, type, default, value, description)`.
    fn toggles(&self) -> Vec<(String, String, String, String, String)> {
        self.game
            .toggles
            .iter()
            .map(|t| {
                (
                    t.name.clone(),
                    t.ty.to_string(),
                    t.default.to_string(),
                    t.value.to_string(),
                    t.description.clone(),
                )
            })
            .collect()
    }

    /// Ids of steps that move whole stacks are below this (see the
    /// module's doc on action ids).
    #[getter]
    fn num_distinct_actions(&self) -> u64 {
        self.game.num_gens() as u64 * sites_plus(&self.game).pow(2)
    }

    /// The initial position.
    fn new_state(&self) -> State {
        State {
            state: RState::new(self.game.clone()),
        }
    }

    /// A position from a position text (`ludic show` prints it): the side
    /// to move, then LETTER:SITES per player.
    fn state_from_position(&self, text: &str) -> PyResult<State> {
        RState::from_position(self.game.clone(), text)
            .map(|state| State { state })
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Perft from the initial position (or from `state`): the number of
    /// leaves of the turn tree `depth` turns deep.
    #[pyo3(signature = (depth, state=None))]
    fn perft(&self, py: Python<'_>, depth: u32, state: Option<PyRef<'_, State>>) -> PyResult<u64> {
        if !(1..=64).contains(&depth) {
            return Err(PyValueError::new_err(format!(
                "perft depth {depth}: expected 1 to 64"
            )));
        }
        let st = self.start(state)?;
        py.detach(|| perft(&st, depth))
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Seeded random playouts from the initial position (or `state`): the
    /// report of `ludic playout --json`, as JSON text.
    #[pyo3(signature = (count, seed, threads, max_turns, state=None))]
    fn playouts_json(
        &self,
        py: Python<'_>,
        count: u64,
        seed: u64,
        threads: usize,
        max_turns: u32,
        state: Option<PyRef<'_, State>>,
    ) -> PyResult<String> {
        if count > 10_000_000 {
            return Err(PyValueError::new_err(format!(
                "{count} playouts: at most ten million"
            )));
        }
        let st = self.start(state)?;
        let spec = PlayoutSpec {
            count,
            seed,
            threads,
            max_turns,
        };
        let out = py.detach(|| {
            let t = Instant::now();
            let results = playouts::run(&st, &spec, &|| {});
            let secs = t.elapsed().as_secs_f64();
            playouts::report_json(&self.file, &self.sets, &st, &spec, &results, secs)
        });
        Ok(out.to_string())
    }

    /// A description of action `id` in this game, without a position:
    /// the generator and the sites (`State.action_to_string` gives the
    /// game's notation).
    fn action_to_string(&self, id: u64) -> PyResult<String> {
        let s = sites_plus(&self.game);
        let g = self.game.num_gens() as u64;
        let (to, rest) = (id % s, id / s);
        let (from, rest) = (rest % s, rest / s);
        let (gen_id, count) = (rest % g.max(1), rest / g.max(1));
        if g == 0 || count > u64::from(u16::MAX) {
            return Err(PyValueError::new_err(format!(
                "{id}: not an action id of this game"
            )));
        }
        let label = |x: u64| {
            if x == s - 1 {
                "-".to_string()
            } else {
                self.game.board.site(x as u16).label.clone()
            }
        };
        let c = if count > 0 {
            format!("/{count}")
        } else {
            String::new()
        };
        Ok(format!("step {gen_id}: {}>{}{c}", label(from), label(to)))
    }

    fn __repr__(&self) -> String {
        format!("<ludic.Game {:?} ({})>", self.game.name, self.file)
    }
}

/// A position of a game, with its history (for `undo`).
#[pyclass(module = "ludic._ludic", name = "State")]
struct State {
    state: RState,
}

impl State {
    /// The legal step with action id `id`.
    fn step_of(&self, id: u64) -> Option<Move> {
        let game = self.state.game();
        self.state
            .legal_steps()
            .iter()
            .copied()
            .find(|m| action_id(game, m) == id)
    }
}

#[pymethods]
impl State {
    /// The legal turns in the game's notation (a multi-jump is one turn).
    fn legal_moves(&self) -> Vec<String> {
        self.state.legal_turn_strings()
    }

    /// The action ids of the legal steps (sorted; a multi-jump is one step
    /// a call, the same player moving again).
    fn legal_actions(&self) -> Vec<u64> {
        let game = self.state.game();
        let mut ids: Vec<u64> = self
            .state
            .legal_steps()
            .iter()
            .map(|m| action_id(game, m))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// The legal step `id` in the game's notation.
    fn action_to_string(&self, id: u64) -> PyResult<String> {
        let m = self.step_of(id).ok_or_else(|| {
            IllegalMoveError::new_err(format!("action {id} is not a legal step here"))
        })?;
        Ok(self.state.move_to_string(&m))
    }

    /// The action id of the legal step written `text` (one step).
    fn string_to_action(&self, text: &str) -> PyResult<u64> {
        let steps = self
            .state
            .parse_steps(text)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        match steps.as_slice() {
            [m] => Ok(action_id(self.state.game(), m)),
            _ => Err(IllegalMoveError::new_err(format!(
                "`{text}` is {} steps; an action is one step",
                steps.len()
            ))),
        }
    }

    /// Plays a whole turn in the game's notation.
    fn play_str(&mut self, text: &str) -> PyResult<()> {
        self.state
            .play_str(text)
            .map(|_| ())
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// Plays the legal step with action id `id`.
    fn play_action(&mut self, id: u64) -> PyResult<()> {
        let m = self.step_of(id).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "action {id} is not a legal step here; legal: {:?}",
                self.legal_actions()
            ))
        })?;
        self.state
            .play(&m)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// Takes back the last step; False if there is none.
    fn undo(&mut self) -> bool {
        self.state.undo().is_ok()
    }

    /// A copy.
    fn clone(&self) -> State {
        State {
            state: self.state.clone(),
        }
    }

    /// True when the game is over.
    fn is_over(&self) -> bool {
        self.state.outcome().is_some()
    }

    /// The player to move (0-based, in turn order).
    fn current_player(&self) -> usize {
        usize::from(self.state.current_player())
    }

    /// Turns played.
    fn turns(&self) -> u32 {
        self.state.turns()
    }

    /// Each player's return: 1 for the winner, -1 for the others, 0 for
    /// all on a draw or while the game goes on.
    fn returns(&self) -> Vec<f64> {
        let n = self.state.game().num_players();
        match self.state.outcome().map(|o| o.winner()) {
            Some(Some(w)) => (0..n)
                .map(|p| if p == usize::from(w) { 1.0 } else { -1.0 })
                .collect(),
            _ => vec![0.0; n],
        }
    }

    /// How the game ended: `(winner or None, reason)`, or None while it
    /// goes on.
    fn outcome(&self) -> Option<(Option<usize>, String)> {
        self.state
            .outcome()
            .map(|o| (o.winner().map(usize::from), o.reason().name().to_string()))
    }

    /// The position text (`ludic show` prints it), when the game's setup
    /// codes can write every stack.
    fn to_position(&self) -> Option<String> {
        self.state.to_position()
    }

    /// The observation as `(players, levels, sites, bytes)`: a C-order
    /// float32 tensor of that shape, 1.0 where the piece at that level of
    /// that site's stack (level 0 at the bottom) belongs to that player.
    fn observation_bytes(&self) -> (usize, usize, usize, Vec<u8>) {
        let game = self.state.game();
        let (p, l, s) = (game.num_players(), game.stack_cap.max(1), game.board.len());
        let mut out = vec![0f32; p * l * s];
        for site in 0..s {
            for (level, &piece) in self.state.stack(site as u16).iter().enumerate().take(l) {
                let owner = usize::from(game.owner(piece));
                if owner < p {
                    out[(owner * l + level) * s + site] = 1.0;
                }
            }
        }
        let bytes = out.iter().flat_map(|x| x.to_le_bytes()).collect();
        (p, l, s, bytes)
    }

    fn __str__(&self) -> String {
        self.state.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<ludic.State of {:?}, turn {}, {} to move>",
            self.state.game().name,
            self.state.turns(),
            self.state.game().players[usize::from(self.state.current_player())].name
        )
    }
}

/// Runs (a shard of) an analysis: the report of `ludic analyze --json`,
/// as JSON text.
#[pyfunction]
#[pyo3(signature = (game, sets, players, count, seed, threads, max_turns, compare, against, shard))]
#[allow(clippy::too_many_arguments)]
fn analyze_json(
    py: Python<'_>,
    game: String,
    sets: Vec<String>,
    players: Vec<String>,
    count: u64,
    seed: u64,
    threads: usize,
    max_turns: u32,
    compare: Vec<String>,
    against: Option<String>,
    shard: Option<String>,
) -> PyResult<String> {
    if count > 1_000_000 {
        return Err(PyValueError::new_err(format!(
            "{count} games: at most 1,000,000 a setting"
        )));
    }
    let players = players
        .iter()
        .map(|p| p.parse::<PlayerSpec>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let shard = shard
        .map(|s| Shard::parse(&s))
        .transpose()
        .map_err(analyze_err)?;
    let req = Request {
        game,
        sets,
        players,
        count,
        seed,
        threads,
        max_turns,
        compare,
        against,
        shard,
        engine: ludic::engine::Engine::Compiled,
    };
    let report = py
        .detach(|| analyze::run(&req, &|| {}))
        .map_err(analyze_err)?;
    Ok(report.to_json().to_string())
}

/// Merges the JSON texts of every shard of one analysis into the whole
/// run's report (JSON text).
#[pyfunction]
fn merge_json(parts: Vec<String>) -> PyResult<String> {
    let values = parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            serde_json::from_str(p)
                .map_err(|e| PyValueError::new_err(format!("result {}: not JSON: {e}", i + 1)))
        })
        .collect::<PyResult<Vec<serde_json::Value>>>()?;
    let report = analyze::merge(&values).map_err(analyze_err)?;
    Ok(report.to_json().to_string())
}

/// The native module.
#[pymodule]
fn _ludic(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(from_source, m)?)?;
    m.add_function(wrap_pyfunction!(shipped_games, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_json, m)?)?;
    m.add_function(wrap_pyfunction!(merge_json, m)?)?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    Ok(())
}

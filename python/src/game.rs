//! The compiled game (`ludic._ludic.Game`): what it is, its states, and
//! the text it came from (for pickling).

use crate::actions::{beyond_the_ids, describe, num_distinct_actions};
use crate::ids::{Shared, shared};
use crate::initial::Initial;
use crate::observe::Layout;
use crate::state::State;
use crate::{load_err, options};
use ludic::compile::{Game as RGame, MAX_INPUT, read_source};
use ludic::engine::State as RState;
use ludic::render::notes::RuleNotes;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Arc, OnceLock};

/// A compiled game.
#[pyclass(module = "ludic._ludic", name = "Game", frozen)]
pub(crate) struct Game {
    pub(crate) game: Arc<RGame>,
    /// The game as given (a shipped name or a path), for reports.
    file: String,
    /// The file name diagnostics show (the shipped file's or the path).
    name: String,
    /// The rule text it was compiled from.
    source: String,
    /// Toggle overrides as given.
    sets: Vec<(String, String)>,
    /// The initial position, built once and copied for each new state.
    initial: Initial,
    /// The game's table of action ids, shared by its states.
    ids: Shared,
    /// What the rule text says of its end rules (`RuleNotes`), read on
    /// first use: the words `State.outcome()` gives for why a game ended.
    notes: OnceLock<Option<Arc<RuleNotes>>>,
}

/// Loads a game: a rule file's path or a shipped game's name, and toggle
/// overrides as `(name, value)` pairs.
#[pyfunction]
pub(crate) fn load(py: Python<'_>, file: String, sets: Vec<(String, String)>) -> PyResult<Game> {
    let (name, source) = read_source(&file).map_err(load_err)?;
    let opts = options(sets.clone());
    let game = py
        .detach(|| RGame::from_source(&name, &source, &opts))
        .map_err(load_err)?;
    let game = Arc::new(game);
    Ok(Game {
        ids: shared(&game),
        game,
        file,
        name,
        source,
        sets,
        initial: Initial::default(),
        notes: OnceLock::new(),
    })
}

/// Compiles rule text (named `name` in diagnostics; `file`, the game as
/// given, defaults to it); text over the 16 MiB the command line reads is
/// refused.
#[pyfunction]
#[pyo3(signature = (text, name, sets, file=None))]
pub(crate) fn from_source(
    text: String,
    name: String,
    sets: Vec<(String, String)>,
    file: Option<String>,
) -> PyResult<Game> {
    if text.len() as u64 > MAX_INPUT {
        return Err(PyValueError::new_err(format!(
            "{name}: {} bytes: larger than the {} MiB ludic reads",
            text.len(),
            MAX_INPUT >> 20
        )));
    }
    let opts = options(sets.clone());
    let game = RGame::from_source(&name, &text, &opts).map_err(load_err)?;
    let game = Arc::new(game);
    Ok(Game {
        ids: shared(&game),
        game,
        file: file.unwrap_or_else(|| name.clone()),
        name,
        source: text,
        sets,
        initial: Initial::default(),
        notes: OnceLock::new(),
    })
}

impl Game {
    /// A state of this game around `state`.
    pub(crate) fn wrap(&self, state: RState) -> State {
        State::new_with(state, None, self.ids.clone())
    }

    /// The initial position.
    pub(crate) fn initial(&self) -> State {
        self.wrap(self.initial.state(&self.game))
    }

    /// A state from a position text, or why not. The text is kept (for
    /// `serialize`) with each run of whitespace one space, as the reader
    /// takes it: a serialized state holds it on one line.
    pub(crate) fn state_from_position_text(&self, text: &str) -> Result<State, String> {
        let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let state = RState::from_position(self.game.clone(), text).map_err(|e| e.to_string())?;
        match beyond_the_ids(&state) {
            Some(why) => Err(why),
            None => Ok(State::new_with(state, Some(one_line), self.ids.clone())),
        }
    }

    /// A state from a FEN text, or why not. Its starting position is kept
    /// as the lossless position text of the state read (for `serialize`).
    pub(crate) fn state_from_fen_text(&self, text: &str) -> Result<State, String> {
        let state = RState::from_fen(self.game.clone(), text).map_err(|e| e.to_string())?;
        if let Some(why) = beyond_the_ids(&state) {
            return Err(why);
        }
        let base = state.to_position();
        Ok(State::new_with(state, base, self.ids.clone()))
    }

    /// The notes of the game's rule text (its end rules in words), read
    /// once; None when they cannot be read from it (the outcome's words
    /// are then the general ones, as `ludic play` says without them).
    pub(crate) fn notes(&self) -> Option<Arc<RuleNotes>> {
        self.notes
            .get_or_init(|| RuleNotes::of_text(&self.name, &self.source).map(Arc::new))
            .clone()
    }

    /// The state a perft or playouts run starts from: `state`, which must
    /// be of this game, or the initial position.
    fn start(&self, state: Option<PyRef<'_, State>>) -> PyResult<RState> {
        match state {
            Some(s) if !Arc::ptr_eq(s.state.game(), &self.game) => Err(PyValueError::new_err(
                "the state is of another Game: run this on the Game that made it (state.game)",
            )),
            Some(s) => Ok(s.state.clone()),
            None => Ok(self.initial.state(&self.game)),
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

    /// The largest stake a finished game can carry (`(stakes …)`,
    /// docs/language.md; 1 without it): every return lies within
    /// ±this, OpenSpiel's `min_utility`/`max_utility`.
    #[getter]
    fn max_stake(&self) -> u32 {
        self.game.max_stake()
    }

    /// True when some rule rolls dice: states may be chance nodes
    /// (docs/chance.md).
    #[getter]
    fn has_chance(&self) -> bool {
        self.game.has_chance()
    }

    /// One more than the largest value a roll can make: the chance
    /// outcomes' action ids are below it (0 without chance).
    #[getter]
    fn max_chance_outcomes(&self) -> u16 {
        self.game.chance_ids()
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

    /// The shape of `State.observation_tensor`: `[planes, rows, cols]` on
    /// a rectangular board, else `[planes, sites]` (see `observe`).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        Layout::of(&self.game).shape()
    }

    /// What each plane of the observation tensor shows, in order.
    fn observation_plane_names(&self) -> Vec<String> {
        Layout::of(&self.game).names(&self.game)
    }

    /// The game as given to `load` (a shipped name or a path).
    #[getter]
    fn file(&self) -> String {
        self.file.clone()
    }

    /// The toggle overrides as given, `NAME=VALUE`.
    #[getter]
    fn sets(&self) -> Vec<String> {
        self.sets.iter().map(|(n, v)| format!("{n}={v}")).collect()
    }

    /// What rebuilds this game: `(rule text, file name, overrides, the
    /// game as given)`, the arguments of `from_source` (pickling).
    fn rebuild_args(&self) -> (String, String, Vec<(String, String)>, String) {
        (
            self.source.clone(),
            self.name.clone(),
            self.sets.clone(),
            self.file.clone(),
        )
    }

    /// The turn limit the rules declare, if any.
    #[getter]
    fn turn_limit(&self) -> Option<u32> {
        self.game.turn_limit()
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

    /// Every action id of the game is below this (see the crate's doc on
    /// action ids).
    #[getter]
    fn num_distinct_actions(&self) -> u64 {
        num_distinct_actions(&self.game)
    }

    /// How many action ids each kind of generator has (`step`, `slide`,
    /// `place`…): what the ids of the game mean, in sum.
    fn action_kinds(&self) -> Vec<(String, usize)> {
        let space = self.game.action_space();
        space
            .kinds()
            .iter()
            .map(|(k, n)| (k.to_string(), *n))
            .collect()
    }

    /// The initial position. With `seed`, a game that draws its first
    /// player at random (`(first Random)`) draws it from `seed` as the
    /// command line's `--seed` and the web page do
    /// (`ludic::engine::State::new_for_seed`): the same seed, the same
    /// first player. The state keeps its start as a position text, so
    /// that `serialize` gives it back. Other games ignore the seed.
    /// `game` is the package's `ludic.Game` of this game (the state's
    /// `game`), here and in the other calls that make a state.
    #[pyo3(signature = (seed=None, game=None))]
    fn new_state(
        &self,
        py: Python<'_>,
        seed: Option<u64>,
        game: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let state = match seed {
            Some(s) if self.game.draws_first_player() => {
                let state = self.initial.state(&self.game).initial_seeded(s);
                let base = state.to_position();
                State::new_with(state, base, self.ids.clone())
            }
            _ => self.initial(),
        };
        state.of_game(game).into_object(py)
    }

    /// A position from a position text (`ludic show` prints it): the side
    /// to move, then LETTER:SITES per player.
    #[pyo3(signature = (text, game=None))]
    fn state_from_position(
        &self,
        py: Python<'_>,
        text: &str,
        game: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        self.state_from_position_text(text)
            .map_err(PyValueError::new_err)?
            .of_game(game)
            .into_object(py)
    }

    /// A position from FEN (chess FEN for a game that declares `(fen …)`,
    /// else PDN FEN): the same reader as `--fen` on the command line.
    #[pyo3(signature = (text, game=None))]
    fn state_from_fen(
        &self,
        py: Python<'_>,
        text: &str,
        game: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        self.state_from_fen_text(text)
            .map_err(PyValueError::new_err)?
            .of_game(game)
            .into_object(py)
    }

    /// A state from `State.serialize`'s text: its starting position, then
    /// its steps replayed.
    #[pyo3(signature = (text, game=None))]
    fn deserialize_state(
        &self,
        py: Python<'_>,
        text: &str,
        game: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        crate::serial::deserialize(self, text)?
            .of_game(game)
            .into_object(py)
    }

    /// A description of action `id` in this game, without a position:
    /// the generator and the sites (`State.action_to_string` gives the
    /// game's notation).
    fn action_to_string(&self, id: u64) -> PyResult<String> {
        describe(&self.game, id)
            .ok_or_else(|| PyValueError::new_err(format!("{id}: not an action id of this game")))
    }

    /// Perft from the initial position (or from `state`): the number of
    /// leaves of the turn tree `depth` turns deep. Ctrl-C stops it.
    #[pyo3(signature = (depth, state=None))]
    fn perft(&self, py: Python<'_>, depth: u32, state: Option<PyRef<'_, State>>) -> PyResult<u64> {
        let st = self.start(state)?;
        crate::batch::perft(py, &st, depth)
    }

    /// Seeded random playouts from the initial position (or `state`): the
    /// report of `ludic playout --json`, as JSON text. Ctrl-C stops them.
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
        let st = self.start(state)?;
        crate::batch::playouts_json(
            py,
            &self.file,
            &self.sets(),
            &st,
            (count, seed, threads, max_turns),
        )
    }

    fn __repr__(&self) -> String {
        format!("<ludic.Game {:?} ({})>", self.game.name, self.file)
    }
}

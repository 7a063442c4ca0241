//! A position of a game (`ludic._ludic.State`): OpenSpiel's calls on it
//! (`legal_actions`, `apply_action`, `is_terminal`, …) and ludic's own
//! (turns in notation, undo, the observation).

use crate::IllegalMoveError;
use crate::actions::{action_id, give_listing, legal_with, num_distinct_actions};
use crate::ids::{Ids, Shared, shared};
use crate::initial::{Position, copy_of};
use crate::observe::Layout;
use ludic::engine::{Move, Outcome, State as RState};
use ludic::render::notes::{self, RuleNotes};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyInt, PyList, PyString, PyType};
use std::cell::Cell;
use std::sync::{Arc, OnceLock};

/// OpenSpiel's player id of a finished game (`pyspiel.PlayerId.TERMINAL`).
pub(crate) const TERMINAL: i64 = -4;

/// Most entries `legal_actions_mask` returns (64 Mi, the package's
/// `MAX_MASK`): the mask of a game with more action ids (a large board
/// with many generators: 65,000 sites make billions) is refused.
pub(crate) const MAX_MASK: u64 = 1 << 26;

/// Most numbers an observation holds (64 Mi float32s, 256 MiB): a larger
/// one (65,000 sites, eight players, stacks of 255) is refused rather
/// than allocated three times over.
pub(crate) const MAX_OBSERVATION: usize = 1 << 26;

/// A ValueError when an observation of `n` numbers is past
/// [`MAX_OBSERVATION`].
fn observation_fits(n: usize) -> PyResult<()> {
    if n > MAX_OBSERVATION {
        return Err(PyValueError::new_err(format!(
            "an observation of {n} numbers: more than the {MAX_OBSERVATION} ludic builds (a board this large: use to_position() or the stacks)"
        )));
    }
    Ok(())
}

/// OpenSpiel's player id of nature at a chance node
/// (`pyspiel.PlayerId.CHANCE`, `kChancePlayerId`).
pub(crate) const CHANCE: i64 = -1;

/// The package's `ludic.State`, a Python subclass of this class (its
/// extra calls written in Python), registered at import by
/// `_register_state_class`: every state the module makes is one of it,
/// so that the hot calls of a step loop (`is_terminal`, `legal_actions`,
/// `apply_action`, …) are this class's methods, with no Python frame in
/// between.
static STATE_CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();

thread_local! {
    /// The state [`State::into_object`] is making an object of, taken by
    /// the class's `__new__` (`State()` called from Python finds none).
    static PENDING: Cell<Option<State>> = const { Cell::new(None) };
}

/// Registers `cls` (a subclass of this module's `State`) as the class of
/// the states the module makes.
#[pyfunction]
pub(crate) fn _register_state_class(py: Python<'_>, cls: Bound<'_, PyType>) -> PyResult<()> {
    if !cls.is_subclass_of::<State>()? {
        return Err(PyTypeError::new_err(
            "the state class is a subclass of _ludic.State",
        ));
    }
    let _ = STATE_CLASS.set(py, cls.unbind());
    Ok(())
}

/// A position of a game, with the steps played to reach it.
#[pyclass(subclass, module = "ludic._ludic", name = "State")]
pub(crate) struct State {
    pub(crate) state: Position,
    /// The action ids of the steps played since `base`, in order.
    pub(crate) history: Vec<u64>,
    /// The position text the state began from; None for the initial
    /// position.
    pub(crate) base: Option<String>,
    /// The legal steps by id, once listed (forgotten by every change).
    legal: OnceLock<Vec<(u64, Move)>>,
    /// The game's table of action ids (shared by its states).
    ids: Shared,
    /// The package's `ludic.Game` this state is of (its `game`), when
    /// the package made the state.
    game_obj: Option<Py<PyAny>>,
}

impl State {
    /// A state of `state`'s position with no steps played since `base`.
    pub(crate) fn new(state: RState, base: Option<String>) -> State {
        let ids = shared(state.game());
        State::new_with(state, base, ids)
    }

    /// [`State::new`] with its game's table of ids at hand (`ids` is
    /// `shared(state.game())`: the game keeps it, so that a new state
    /// need not look it up).
    pub(crate) fn new_with(state: RState, base: Option<String>, ids: Shared) -> State {
        State {
            state: Position::new(state),
            history: Vec::new(),
            base,
            legal: OnceLock::new(),
            ids,
            game_obj: None,
        }
    }

    /// This state, of the package's game `game` (a `ludic.Game`).
    pub(crate) fn of_game(mut self, game: Option<Py<PyAny>>) -> State {
        self.game_obj = game;
        self
    }

    /// The package's game of this state, for a state made from it.
    pub(crate) fn game_object(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.game_obj.as_ref().map(|g| g.clone_ref(py))
    }

    /// This state as a Python object of the registered class (the
    /// package's `ludic.State`), or of this class before one is registered.
    pub(crate) fn into_object(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let Some(cls) = STATE_CLASS.get(py) else {
            return Ok(Py::new(py, self)?.into_any());
        };
        PENDING.with(|p| p.set(Some(self)));
        let made = cls.bind(py).call0();
        // Not taken when the call failed before `__new__`.
        PENDING.with(|p| drop(p.take()));
        Ok(made?.unbind())
    }

    /// The legal steps by id, sorted (listed once per position).
    fn legal(&self) -> &[(u64, Move)] {
        self.legal.get_or_init(|| {
            let game = self.state.game();
            let ids = self.ids.get_or_init(|| Ids::new(game));
            legal_with(&self.state, |steps, out| ids.extend(game, steps, out))
        })
    }

    /// Lists the position's steps on the engine state itself, when they
    /// are not listed yet (`RState::list_in_place`: no copy of the state
    /// for a game whose listing plays moves and takes them back), so that
    /// [`State::legal`] and the outcome read them.
    fn list_in_place(&mut self) {
        if self.legal.get().is_none() {
            self.state.list_in_place();
        }
    }

    /// Forgets the listed steps (the position changed), their room kept
    /// for the next listing.
    fn forget_listing(&mut self) {
        if let Some(v) = self.legal.take() {
            give_listing(v);
        }
    }

    /// True when action `id` is legal here.
    pub(crate) fn is_legal(&self, id: u64) -> bool {
        self.step_of(id).is_some()
    }

    /// True when the player to move has a legal step.
    pub(crate) fn has_steps(&self) -> bool {
        !self.legal().is_empty()
    }

    /// The legal step with action id `id`.
    fn step_of(&self, id: u64) -> Option<Move> {
        let legal = self.legal();
        legal
            .binary_search_by_key(&id, |x| x.0)
            .ok()
            .map(|i| legal[i].1)
    }

    /// Plays step `m` as action `id`: `m` is one of this position's
    /// legal steps (from [`State::step_of`], which lists them), so it is
    /// not looked for among them again.
    fn play_step(&mut self, id: u64, m: &Move) -> PyResult<()> {
        self.state.play_unchecked(m);
        self.history.push(id);
        self.forget_listing();
        Ok(())
    }

    /// Plays action `id`, refused (the state unchanged) if it is not legal.
    pub(crate) fn apply(&mut self, id: u64) -> PyResult<()> {
        self.list_in_place();
        match self.step_of(id) {
            Some(m) => self.play_step(id, &m),
            None => Err(IllegalMoveError::new_err(
                if self.state.outcome().is_some() {
                    format!("action {id}: the game is over")
                } else {
                    let legal: Vec<u64> = self.legal().iter().map(|x| x.0).collect();
                    format!("action {id} is not a legal step here; legal: {legal:?}")
                },
            )),
        }
    }

    /// A copy, with the legal steps this state has listed (the same
    /// position: a copy made to look ahead, by `clone` or `child`,
    /// answers `is_terminal`, `legal_actions` and a play without listing
    /// them again).
    fn copy(&self, py: Python<'_>) -> State {
        State {
            state: Position::new(copy_of(&self.state)),
            history: self.history.clone(),
            base: self.base.clone(),
            legal: self.legal.clone(),
            ids: self.ids.clone(),
            game_obj: self.game_object(py),
        }
    }

    /// Each seat's return, one per player in turn order: with two
    /// players the game's stake for the winner and minus it for the
    /// loser (`State::stake`: 1 without `(stakes …)`), 0 for both on a
    /// draw; with more, from 1 (first place) to -1 (last place) by even
    /// steps, seats sharing places sharing their mean (docs/players.md,
    /// "Several players"). All 0 while the game goes on.
    fn returns_now(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// The player `player` (an integer, see [`int_arg`]) when it is a
    /// seat of this game (0 to the last) or one of OpenSpiel's special
    /// ids in `markers` (`CHANCE`, `TERMINAL`); a ValueError naming the
    /// seats otherwise (the package's `_seat` says the same).
    fn seat(&self, player: &Bound<'_, PyAny>, markers: &[i64]) -> PyResult<i64> {
        let int = int_arg(player, "player is an integer")?;
        let n = self.state.game().num_players() as i64;
        match int.extract::<i64>() {
            Ok(p) if (0..n).contains(&p) || markers.contains(&p) => Ok(p),
            _ => Err(PyValueError::new_err(format!(
                "{int} is not a player of this game (0 to {})",
                n - 1
            ))),
        }
    }

    /// The notes of this state's game (its end rules in words), for a
    /// state the package made (its `game` holds them).
    fn notes(&self, py: Python<'_>) -> Option<Arc<RuleNotes>> {
        let native = self.game_obj.as_ref()?.bind(py).getattr("_g").ok()?;
        native.cast::<crate::game::Game>().ok()?.get().notes()
    }

    /// A finished game's result in a few words: `Cross wins`, `draw`, or
    /// the places of a ranking without a winner alone in first place.
    fn result_words(&self, o: &Outcome) -> String {
        let game = self.state.game();
        match o.winner() {
            Some(w) => ludic::diag::wins(&game.players[usize::from(w)].name),
            None if matches!(o, Outcome::Ranked(..)) => ludic::render::places_text(&self.state, o),
            None => "draw".to_string(),
        }
    }
}

/// Who played a step, for `undo_action`'s messages: `player 0`, or
/// `chance` for a chance outcome.
fn by_whom(player: i64) -> String {
    match player {
        CHANCE => "chance".to_string(),
        p => format!("player {p}"),
    }
}

/// `value` as a Python int: an int, or an object with `__index__` (a
/// numpy integer), never a bool; a TypeError that says an integer is
/// expected (`what`: "an action is an integer id") otherwise.
fn int_arg<'py>(value: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyInt>> {
    if let Ok(i) = value.cast_exact::<PyInt>() {
        return Ok(i.clone());
    }
    if value.is_instance_of::<PyBool>() || !value.hasattr("__index__")? {
        return Err(PyTypeError::new_err(format!(
            "{what}, not {}",
            value.get_type().name()?
        )));
    }
    Ok(value.call_method0("__index__")?.cast_into::<PyInt>()?)
}

/// The action id `action` stands for: an int (or an object with
/// `__index__`, a numpy integer; never a bool), TypeError otherwise; an
/// IllegalMoveError for a negative one or one past 64 bits (no id).
fn action_arg(action: &Bound<'_, PyAny>) -> PyResult<u64> {
    let int = int_arg(action, "an action is an integer id")?;
    match int.extract::<u64>() {
        Ok(id) => Ok(id),
        Err(_) if int.lt(0)? => Err(IllegalMoveError::new_err(format!(
            "action {int}: ids are not negative"
        ))),
        Err(_) => Err(IllegalMoveError::new_err(format!(
            "action {int}: no such action id (ids are below num_distinct_actions())"
        ))),
    }
}

#[pymethods]
impl State {
    /// Not made from Python: a state comes from its game
    /// (`Game.new_initial_state`, `deserialize_state`, …) or from another
    /// state (`clone`, `child`).
    #[new]
    fn py_new() -> PyResult<State> {
        PENDING.with(|p| p.take()).ok_or_else(|| {
            PyTypeError::new_err(
                "a ludic.State comes from its Game (new_initial_state, deserialize_state, …) or from another state (clone, child)",
            )
        })
    }

    /// The game this state is of (a `ludic.Game`); None for a state the
    /// package did not make.
    #[getter]
    fn game(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.game_object(py)
    }

    /// The legal turns in the game's notation (a multi-jump is one turn),
    /// in the order the rules generate them.
    fn legal_moves(&self) -> Vec<String> {
        self.state.legal_turn_strings()
    }

    /// The action ids of the legal steps, in ascending order (OpenSpiel's
    /// order); none once the game is over, or for a `player` not to move.
    /// `player` is a seat, or `CHANCE`/`TERMINAL` (what `current_player`
    /// returns); a ValueError otherwise.
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        if let Some(p) = player
            && self.seat(p, &[CHANCE, TERMINAL])? != self.current_player()
        {
            return Ok(PyList::empty(py));
        }
        // Straight from the remembered listing into the list (no vector
        // in between: the step loop's hot call), of the game's kept ints.
        self.list_in_place();
        let legal = self.legal();
        let game = self.state.game();
        let ids = self.ids.get_or_init(|| Ids::new(game));
        ids.list(py, legal.iter().map(|x| x.0))
    }

    /// 1 at the legal action ids, 0 elsewhere: `num_distinct_actions`
    /// entries, at most [`MAX_MASK`] (a larger game's mask is refused
    /// rather than allocated). An id beyond them (the bound wrong: a bug
    /// of ludic's) is an error, not a crash.
    fn legal_actions_mask(&self) -> PyResult<Vec<u32>> {
        let n = num_distinct_actions(self.state.game());
        if n > MAX_MASK {
            return Err(PyValueError::new_err(format!(
                "this game has {n} action ids, a mask of more than {MAX_MASK} entries: use legal_actions()"
            )));
        }
        let mut mask = vec![0u32; n as usize];
        for &(id, _) in self.legal() {
            let slot = mask.get_mut(id as usize).ok_or_else(|| {
                pyo3::exceptions::PyRuntimeError::new_err(format!(
                    "action {id} is beyond num_distinct_actions ({n}): a bug of ludic's"
                ))
            })?;
            *slot = 1;
        }
        Ok(mask)
    }

    /// The legal step `id` in the game's notation.
    fn action_to_string(&self, id: u64) -> PyResult<String> {
        let m = self.step_of(id).ok_or_else(|| {
            IllegalMoveError::new_err(format!("action {id} is not a legal step here"))
        })?;
        Ok(self.state.move_to_string(&m))
    }

    /// The action id of the legal step written `text` (one step): the
    /// step `action_to_string` writes so, else the one step the text reads
    /// as.
    fn string_to_action(&self, text: &str) -> PyResult<u64> {
        // A legal step written as `action_to_string` writes it is that
        // step, even where the text read as a turn is longer (a hop of
        // Chinese Checkers, `c2-e6`, is also the turn of the hop and its
        // end).
        if let Some(&(id, _)) = self
            .legal()
            .iter()
            .find(|(_, m)| self.state.move_to_string(m) == text)
        {
            return Ok(id);
        }
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
        let steps = self
            .state
            .play_str(text)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        let game = self.state.game().clone();
        self.history
            .extend(steps.iter().map(|m| action_id(&game, m)));
        self.forget_listing();
        Ok(())
    }

    /// Plays one step by its action id (OpenSpiel's `apply_action`);
    /// IllegalMoveError, the state unchanged, if it is not legal here;
    /// TypeError for what is not an integer.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.apply(action_arg(action)?)
    }

    /// Plays a whole turn in notation (`"11-15"`) or one step by its
    /// action id; IllegalMoveError, the state unchanged, if it is not
    /// legal. Returns the state.
    fn play<'py>(
        mut slf: PyRefMut<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        if let Ok(text) = r#move.cast::<PyString>() {
            slf.play_str(text.to_str()?)?;
        } else if r#move.is_instance_of::<PyBool>() || !r#move.hasattr("__index__")? {
            return Err(PyTypeError::new_err(format!(
                "a move is a notation string or an action id, not {}",
                r#move.get_type().name()?
            )));
        } else {
            slf.apply(action_arg(r#move)?)?;
        }
        Ok(slf)
    }

    /// True when the game is over (`is_terminal`).
    fn is_over(&mut self) -> bool {
        self.is_terminal()
    }

    /// Takes back the last step; False if there is none.
    fn undo(&mut self) -> bool {
        if self.state.undo().is_err() {
            return false;
        }
        self.history.pop();
        self.forget_listing();
        true
    }

    /// Takes back the last step, which must be `action` played by
    /// `player` (OpenSpiel's `undo_action(player, action)`; -1 for a
    /// chance outcome); a ValueError, the state unchanged, when it is
    /// not (the message names the last step and who played it), when
    /// nothing was played, or when `player` is no seat of the game.
    fn undo_action(
        &mut self,
        player: &Bound<'_, PyAny>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let player = self.seat(player, &[CHANCE])?;
        let action = action_arg(action)?;
        let call = format!("undo_action({player}, {action})");
        let Some(&last) = self.history.last() else {
            return Err(PyValueError::new_err(format!("{call}: nothing to undo")));
        };
        if !self.undo() {
            return Err(PyValueError::new_err(format!(
                "{call}: the last action, {last}, cannot be taken back"
            )));
        }
        let by = self.current_player();
        if (last, by) == (action, player) {
            return Ok(());
        }
        // Played again: the state as it was.
        self.apply(last)?;
        let not = match (last == action, by == player) {
            (false, true) => format!("not {action}"),
            (true, false) => format!("not by {}", by_whom(player)),
            _ => format!("not {action} by {}", by_whom(player)),
        };
        Err(PyValueError::new_err(format!(
            "{call}: the last action was {last} by {}, {not}",
            by_whom(by)
        )))
    }

    /// An independent copy, history included.
    fn clone(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.copy(py).into_object(py)
    }

    /// The state after `action`, this one unchanged (OpenSpiel's
    /// `child`).
    fn child(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mut c = self.copy(py);
        c.apply(action_arg(action)?)?;
        c.into_object(py)
    }

    /// True when the game is over (read from the position's listed steps,
    /// listed once per position).
    fn is_terminal(&mut self) -> bool {
        // The listed steps, when they are, say it: none exactly when the
        // game is over (`legal_with`).
        match self.legal.get() {
            Some(legal) => legal.is_empty(),
            None => {
                self.state.list_in_place();
                self.state.outcome().is_some()
            }
        }
    }

    /// The player to move (0-based, in turn order), or -4 (OpenSpiel's
    /// terminal id) once the game is over.
    fn current_player(&self) -> i64 {
        if self.state.outcome().is_some() {
            TERMINAL
        } else if self.state.is_chance_node() {
            CHANCE
        } else {
            i64::from(self.state.current_player())
        }
    }

    /// True when nature moves: the legal actions are a roll's outcomes
    /// (docs/chance.md), `current_player()` is -1.
    fn is_chance_node(&self) -> bool {
        self.state.is_chance_node()
    }

    /// The outcomes of a chance node with their probabilities, `(action,
    /// probability)` lowest first (the action id is the value rolled, the
    /// probability the exact fraction ways/sides^dice as a float); empty
    /// elsewhere.
    fn chance_outcomes(&self) -> Vec<(u64, f64)> {
        self.state
            .chance_outcomes()
            .iter()
            .map(|(m, p)| (u64::from(m.count), *p))
            .collect()
    }

    /// The seat the turn order stands at, even at a chance node (the
    /// player the roll is for) and once the game is over (the seat it
    /// ended on: the next player after the turn that ended it, or the
    /// same one when the rules gave it another step).
    fn mover(&self) -> usize {
        usize::from(self.state.current_player())
    }

    /// Turns played.
    fn turns(&self) -> u32 {
        self.state.turns()
    }

    /// The action ids played since the starting position, in order.
    fn history(&self) -> Vec<u64> {
        self.history.clone()
    }

    /// Steps played since the starting position (OpenSpiel's
    /// `move_number`: actions applied).
    fn move_number(&self) -> usize {
        self.history.len()
    }

    /// Each seat's return, a list with one number per player in turn
    /// order (`State::returns`): 1 for the winner and -1 for the loser of
    /// two, times the game's stake where the rules have `(stakes …)`
    /// (backgammon's gammon 2, backgammon 3), 0 on a draw; with more players from 1 (first place) down to
    /// -1 (last place) by even steps, seats sharing places sharing their
    /// mean (Red 1st, Blue 1st, Yellow 3rd: 0.5, 0.5, -1). All 0 while
    /// the game goes on.
    fn returns(&self) -> Vec<f64> {
        self.returns_now()
    }

    /// Player `player`'s return.
    fn player_return(&self, player: usize) -> PyResult<f64> {
        self.returns_now()
            .get(player)
            .copied()
            .ok_or_else(|| PyValueError::new_err(format!("player {player}: no such player")))
    }

    /// How the game ended: `(winner or None, reason)`, or None while it
    /// goes on. The winner is the seat alone in first place; None for a
    /// draw and for a first place several seats share (see `places`).
    /// The reason is the rule that ended it in words, as `ludic play`
    /// and the web page say it (`a line of 3`, `Black has no legal
    /// move`: `ludic::render::notes::end_words`).
    fn outcome(&self, py: Python<'_>) -> Option<(Option<usize>, String)> {
        let o = self.state.outcome()?;
        let why = notes::end_words(&self.state, self.notes(py).as_deref())?;
        Some((o.winner().map(usize::from), why))
    }

    /// Each seat's place, one per player in turn order (1 is first; seats
    /// sharing a place have the same number and the next is skipped: Red
    /// 1st, Blue 1st, Yellow 3rd is `[1, 1, 3]`); a win puts the others
    /// second together, a draw puts everyone first. None while the game
    /// goes on (docs/players.md, "Several players").
    fn places(&self) -> Option<Vec<u32>> {
        // u32, not u8: pyo3 gives a Vec<u8> to Python as bytes.
        let n = self.state.game().num_players();
        self.state
            .outcome()
            .map(|o| o.places(n).into_iter().map(u32::from).collect())
    }

    /// The position text (`ludic show` prints it): the whole state
    /// (board, side to move, phase, counters, flipped toggles, unmoved
    /// stacks, the turn in progress, the no-progress count, the history
    /// a repetition rule reads), which `Game.state_from_position` reads
    /// back to the same state. None only when a stack cannot be written.
    fn to_position(&self) -> Option<String> {
        self.state.to_position()
    }

    /// The position in FEN: chess FEN for a game that declares `(fen …)`,
    /// PDN FEN (`W:W18,24:BK12`) for a game of players W and B on
    /// numbered sites; None for other games (use `to_position`).
    fn to_fen(&self) -> Option<String> {
        self.state.to_fen()
    }

    /// The text `Game.deserialize_state` rebuilds this state from: its
    /// starting position and its steps.
    fn serialize(&self) -> String {
        crate::serial::serialize(self)
    }

    /// The observation as `(players, levels, sites, bytes)`: a C-order
    /// float32 tensor of that shape, 1.0 where the piece at that level of
    /// that site's stack (level 0 at the bottom) belongs to that player.
    fn observation_bytes(&self) -> PyResult<(usize, usize, usize, Vec<u8>)> {
        let game = self.state.game();
        let (p, l, s) = (game.num_players(), game.stack_cap.max(1), game.board.len());
        observation_fits(p * l * s)?;
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
        Ok((p, l, s, bytes))
    }

    /// The observation planes (see `observe`) as C-order float32 bytes,
    /// little-endian: `Game.observation_tensor_shape` gives their shape.
    /// A ValueError past [`MAX_OBSERVATION`] numbers.
    fn observation_tensor_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let layout = Layout::of(self.state.game());
        observation_fits(layout.shape().iter().product())?;
        let planes = layout.fill(&self.state);
        let bytes: Vec<u8> = planes.iter().flat_map(|x| x.to_le_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// The board, then the player to move, or once the game is over the
    /// line `ludic play` ends with (`Game over: Cross wins: a line of
    /// 3`): no one is to move in a finished game.
    fn __str__(&self, py: Python<'_>) -> String {
        let Some(o) = self.state.outcome() else {
            return self.state.to_string();
        };
        let ended = notes::ended(&self.state, &o, self.notes(py).as_deref());
        format!("{}\n{ended}\n", ludic::render::render_board(&self.state))
    }

    /// `<ludic.State of "Tic-tac-toe", turn 2, Cross to move>`, or once
    /// the game is over its result (`game over, Cross wins`).
    fn __repr__(&self) -> String {
        let game = self.state.game();
        let now = match self.state.outcome() {
            Some(o) => format!("game over, {}", self.result_words(&o)),
            None => format!(
                "{} to move",
                game.players[usize::from(self.state.current_player())].name
            ),
        };
        format!(
            "<ludic.State of {:?}, turn {}, {now}>",
            game.name,
            self.state.turns()
        )
    }
}

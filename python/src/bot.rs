//! Bots as objects (`ludic._ludic.Bot`): a player spec as the command
//! line parses it (`mcts:1s`, `ab:4`, `greedy`, `random`, …), seeded,
//! with OpenSpiel's `step(state) -> action` and `restart()`.
//!
//! ludic's players choose whole turns; a bot answers one step (an action
//! id) and keeps the rest of its turn as a plan, played while the state it
//! is asked about is the one its last step led to (the same history).
//! Searches without an evaluator run with the GIL released; `mcts` and
//! `ab` with a Python evaluator run on the calling thread holding the GIL,
//! which every call of the evaluator needs, and stop at the first
//! exception it raises, which `step` raises again.

use crate::actions::{action_id, legal_by_id};
use crate::interrupt;
use crate::state::State;
use ludic::compile::Game as RGame;
use ludic::engine::{Move, State as RState};
use ludic::players::{
    Agent, AlphaBeta, Evaluation, Evaluator, PlayerSpec, Puct, PuctError, Turns, seeded_rng,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Most positions a batched evaluator is asked about in one call.
const MAX_BATCH: usize = 4096;

/// The search behind a bot.
enum Engine {
    /// A command-line player, judging by the rules' own means.
    Agent(Box<dyn Agent + Send>),
    /// `mcts` with an evaluator: PUCT over steps.
    Puct(Box<Puct>),
    /// `ab` with an evaluator at its leaves.
    Ab(Box<AlphaBeta>),
}

/// The rest of a turn chosen earlier: its steps, played while the state
/// asked about is of `game` and has `history` (the steps so far) from
/// `base`.
struct Plan {
    game: Arc<RGame>,
    base: Option<String>,
    history: Vec<u64>,
    rest: VecDeque<u64>,
}

/// A computer player of any game: `step(state)` answers an action id.
#[pyclass(module = "ludic._ludic", name = "Bot")]
pub(crate) struct Bot {
    spec: PlayerSpec,
    seed: u64,
    /// Searches with an evaluator, which every `step` passes.
    evaluated: bool,
    /// Positions an evaluated mcts judges per call (1: one at a time, the
    /// judge takes one state; more: it takes a list).
    batch: usize,
    engine: Mutex<Engine>,
    plan: Option<Plan>,
    /// Set by Ctrl-C during a search without an evaluator, which then
    /// stops; cleared at each step.
    stop: Arc<AtomicBool>,
}

impl Bot {
    /// The search `spec` makes, drawing from the bot's seeded generator.
    fn engine(
        spec: &PlayerSpec,
        seed: u64,
        evaluated: bool,
        batch: usize,
        stop: &Arc<AtomicBool>,
    ) -> PyResult<Engine> {
        let rng = seeded_rng(seed, 0, 0);
        if batch != 1 && !(evaluated && matches!(spec, PlayerSpec::Mcts(..))) {
            return Err(PyValueError::new_err(format!(
                "batch={batch}: only mcts with an evaluator judges positions in batches"
            )));
        }
        match (spec, evaluated) {
            (PlayerSpec::Human, _) => Err(PyValueError::new_err(
                "`human` is not a bot: a human's moves are typed in the game's notation",
            )),
            (PlayerSpec::Mcts(budget, guide), true) if guide.is_plain() => {
                let mut puct = Puct::new(*budget, rng);
                puct.batch = batch;
                Ok(Engine::Puct(Box::new(puct)))
            }
            (PlayerSpec::Mcts(..), true) => Err(PyValueError::new_err(
                "cut= and eps= shape mcts's playouts; with an evaluator there are none",
            )),
            (PlayerSpec::Ab(depth), true) => Ok(Engine::Ab(Box::new(AlphaBeta::new(*depth, rng)))),
            (other, true) => Err(PyValueError::new_err(format!(
                "`{other}` takes no evaluator: only mcts and ab search with one"
            ))),
            (other, false) => other
                .build_send(rng)
                .map(|mut agent| {
                    agent.set_stop(stop.clone());
                    Engine::Agent(agent)
                })
                .ok_or_else(|| PyValueError::new_err(format!("`{other}` is not a bot"))),
        }
    }

    /// The next step of the plan, when `state` is where the last one led.
    fn planned(&mut self, state: &State) -> Option<u64> {
        let plan = self.plan.as_mut()?;
        if !Arc::ptr_eq(&plan.game, state.state.game())
            || plan.base != state.base
            || plan.history != state.history
        {
            self.plan = None;
            return None;
        }
        let id = plan.rest.pop_front()?;
        if !state.is_legal(id) {
            self.plan = None;
            return None;
        }
        plan.history.push(id);
        Some(id)
    }

    /// Remembers `turn` (chosen from `state`) and returns its first step.
    fn start_plan(&mut self, state: &State, turn: &[Move]) -> PyResult<u64> {
        let game = state.state.game();
        let mut ids: VecDeque<u64> = turn.iter().map(|m| action_id(game, m)).collect();
        let first = ids.pop_front().ok_or_else(|| {
            PyValueError::new_err("the bot chose an empty turn: a bug of ludic's")
        })?;
        let mut history = state.history.clone();
        history.push(first);
        self.plan = Some(Plan {
            game: game.clone(),
            base: state.base.clone(),
            history,
            rest: ids,
        });
        Ok(first)
    }
}

/// The turn `agent` chooses from `st` (as the game loop asks it), or None
/// when there is none.
fn agent_turn(agent: &mut (dyn Agent + Send), st: &RState) -> Option<Vec<Move>> {
    if let Some((turn, _)) = agent.choose_turn(st) {
        return Some(turn);
    }
    let turns = Turns::of(st);
    if turns.is_empty() {
        return None;
    }
    let i = agent.choose(st, &turns);
    Some(turns.get(i).to_vec())
}

#[pymethods]
impl Bot {
    /// A bot playing as `spec` (the command line's player specs), seeded
    /// with `seed`; `evaluated` (mcts and ab only): positions are judged
    /// by the `judge` every `step` passes (see `PyJudge`). A spec the
    /// command line refuses raises ValueError with its reason.
    #[new]
    #[pyo3(signature = (spec, seed=1, evaluated=false, batch=1))]
    fn new(spec: &str, seed: u64, evaluated: bool, batch: usize) -> PyResult<Bot> {
        if !(1..=MAX_BATCH).contains(&batch) {
            return Err(PyValueError::new_err(format!(
                "batch={batch}: expected 1 to {MAX_BATCH} positions a call"
            )));
        }
        let parsed: PlayerSpec = spec
            .parse()
            .map_err(|e: ludic::players::PlayerSpecError| PyValueError::new_err(e.to_string()))?;
        let stop = Arc::new(AtomicBool::new(false));
        let engine = Bot::engine(&parsed, seed, evaluated, batch, &stop)?;
        Ok(Bot {
            stop,
            spec: parsed,
            seed,
            evaluated,
            batch,
            engine: Mutex::new(engine),
            plan: None,
        })
    }

    /// The spec, as the command line writes it (`mcts:1000`).
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Starts again as new: the generator at its seed, no plan.
    fn restart(&mut self) -> PyResult<()> {
        let engine = Bot::engine(
            &self.spec,
            self.seed,
            self.evaluated,
            self.batch,
            &self.stop,
        )?;
        self.engine = Mutex::new(engine);
        self.plan = None;
        Ok(())
    }

    /// The action id of the step the bot plays in `state`; ValueError once
    /// the game is over. `judge` is the evaluator of an evaluated bot; its
    /// exception is raised again here.
    #[pyo3(signature = (state, judge=None))]
    fn step(
        &mut self,
        py: Python<'_>,
        state: PyRef<'_, State>,
        judge: Option<Py<PyAny>>,
    ) -> PyResult<u64> {
        if state.state.outcome().is_some() || !state.has_steps() {
            return Err(PyValueError::new_err("the game is over: no step to choose"));
        }
        if let Some(id) = self.planned(&state) {
            return Ok(id);
        }
        if judge.is_some() != self.evaluated {
            return Err(PyValueError::new_err(if self.evaluated {
                "this bot searches with an evaluator: step(state, judge)"
            } else {
                "this bot has no evaluator: step(state)"
            }));
        }
        let engine = self.engine.get_mut().map_err(|_| {
            PyValueError::new_err("the bot failed in an earlier step: restart() it")
        })?;
        let turn: Vec<Move> = match (engine, judge) {
            (Engine::Agent(agent), _) => {
                let st = state.state.clone();
                self.stop.store(false, Ordering::Relaxed);
                interrupt::run_with(py, &self.stop, move |_| agent_turn(agent.as_mut(), &st))?
                    .ok_or_else(|| PyValueError::new_err("no legal turn"))?
            }
            (Engine::Puct(puct), Some(f)) => {
                let mut judge = PyJudge::new(py, f, &state);
                let found = puct.search(&state.state, &mut judge);
                judge.raise()?;
                match found.map_err(|e: PuctError| PyValueError::new_err(e.to_string()))? {
                    Some(m) => vec![m],
                    None => return Err(PyValueError::new_err("no legal step")),
                }
            }
            (Engine::Ab(ab), Some(f)) => {
                let judge = PyJudge::new(py, f, &state);
                let error = judge.error.clone();
                ab.set_evaluator(Some(Box::new(judge)));
                let found = ab.search(&state.state);
                ab.set_evaluator(None);
                if let Some(e) = error.lock().ok().and_then(|mut e| e.take()) {
                    return Err(e);
                }
                found
                    .map(|(t, _)| t)
                    .ok_or_else(|| PyValueError::new_err("no legal turn"))?
            }
            _ => {
                return Err(PyValueError::new_err(
                    "an evaluated bot without its evaluator",
                ));
            }
        };
        self.start_plan(&state, &turn)
    }

    /// OpenSpiel's `inform_action`: nothing to do (a bot keeps no tree
    /// between steps; its plan checks the state's history).
    fn inform_action(&self, _state: PyRef<'_, State>, _player: i64, _action: u64) {}

    fn __repr__(&self) -> String {
        let with = if self.evaluated {
            ", with an evaluator"
        } else {
            ""
        };
        format!("<ludic.Bot {} seed {}{with}>", self.spec, self.seed)
    }
}

/// The Python evaluator as the searches call it. `judge(state)` (the
/// package's wrapper) takes a native state and returns `(values, priors)`:
/// each player's value, and None or one weight per legal action id in
/// ascending order (`state.legal_actions()`). The first exception stops
/// the search and is kept for `step` to raise.
struct PyJudge {
    judge: Py<PyAny>,
    /// The root's starting position text and history: an evaluated state
    /// has the root's history and the search's path after it.
    base: Option<String>,
    history: Vec<u64>,
    /// The root's `ludic.Game`, the evaluated states' `game`.
    game: Option<Py<PyAny>>,
    error: Arc<Mutex<Option<PyErr>>>,
}

impl PyJudge {
    fn new(py: Python<'_>, judge: Py<PyAny>, root: &State) -> PyJudge {
        PyJudge {
            judge,
            base: root.base.clone(),
            history: root.history.clone(),
            game: root.game_object(py),
            error: Arc::new(Mutex::new(None)),
        }
    }

    /// Raises the evaluator's exception, if it raised one.
    fn raise(&self) -> PyResult<()> {
        match self.error.lock().ok().and_then(|mut e| e.take()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The native state of `st`, reached by `path` from the root.
    fn native(&self, py: Python<'_>, st: &RState, path: &[Move]) -> State {
        let game = st.game();
        let mut native = State::new(st.clone(), self.base.clone())
            .of_game(self.game.as_ref().map(|g| g.clone_ref(py)));
        native.history = self.history.clone();
        native
            .history
            .extend(path.iter().map(|m| action_id(game, m)));
        native
    }

    /// Calls the evaluator on `st`: values, and priors over `steps`.
    fn call(&self, st: &RState, path: &[Move], steps: &[Move]) -> PyResult<Evaluation> {
        Python::attach(|py| {
            let native = self.native(py, st, path).into_object(py)?;
            let out = self.judge.call1(py, (native,))?;
            evaluation(st, steps, out.extract(py)?)
        })
    }

    /// Calls the batched evaluator once on all of `states`.
    fn call_batch(
        &self,
        states: &[RState],
        paths: &[Vec<Move>],
        steps: &[Vec<Move>],
    ) -> PyResult<Vec<Evaluation>> {
        Python::attach(|py| {
            let natives = states
                .iter()
                .zip(paths)
                .map(|(st, path)| self.native(py, st, path).into_object(py))
                .collect::<PyResult<Vec<_>>>()?;
            let out = self.judge.call1(py, (natives,))?;
            let items: Vec<(Vec<f64>, Option<Vec<f64>>)> = out.extract(py)?;
            if items.len() != states.len() {
                return Err(PyValueError::new_err(format!(
                    "the evaluator gave {} evaluations for a batch of {} states",
                    items.len(),
                    states.len()
                )));
            }
            items
                .into_iter()
                .zip(states.iter().zip(steps))
                .map(|(item, (st, steps))| evaluation(st, steps, item))
                .collect()
        })
    }

    /// Keeps the first exception (the search stops at it).
    fn keep(&self, e: PyErr) {
        if let Ok(mut slot) = self.error.lock() {
            slot.get_or_insert(e);
        }
    }
}

/// The evaluation of `st` from what the evaluator gave: values checked,
/// priors (over the legal action ids) given to each of `steps`.
fn evaluation(
    st: &RState,
    steps: &[Move],
    (values, priors): (Vec<f64>, Option<Vec<f64>>),
) -> PyResult<Evaluation> {
    let players = st.game().num_players();
    if values.len() != players || values.iter().any(|v| !v.is_finite()) {
        return Err(PyValueError::new_err(format!(
            "the evaluator gave {values:?}: expected {players} finite values, one a player"
        )));
    }
    let priors = match priors {
        Some(p) if !steps.is_empty() => Some(priors_of_steps(st, steps, &p)?),
        _ => None,
    };
    Ok(Evaluation { values, priors })
}

/// The priors `p` (one per legal action id, ascending) of each of `steps`.
fn priors_of_steps(st: &RState, steps: &[Move], p: &[f64]) -> PyResult<Vec<f64>> {
    let ids: Vec<u64> = legal_by_id(st).iter().map(|x| x.0).collect();
    if p.len() != ids.len() {
        return Err(PyValueError::new_err(format!(
            "the evaluator gave {} priors for {} legal actions",
            p.len(),
            ids.len()
        )));
    }
    let game = st.game();
    Ok(steps
        .iter()
        .map(|m| ids.binary_search(&action_id(game, m)).map_or(0.0, |i| p[i]))
        .collect())
}

impl Evaluator for PyJudge {
    fn evaluate(&mut self, st: &RState, path: &[Move], steps: &[Move]) -> Option<Evaluation> {
        self.call(st, path, steps).map_err(|e| self.keep(e)).ok()
    }

    fn evaluate_batch(
        &mut self,
        states: &[RState],
        paths: &[Vec<Move>],
        steps: &[Vec<Move>],
    ) -> Option<Vec<Evaluation>> {
        self.call_batch(states, paths, steps)
            .map_err(|e| self.keep(e))
            .ok()
    }
}

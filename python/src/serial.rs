//! A state as text and back (`State.serialize`, `Game.deserialize_state`,
//! pickling): the position it began from and the action ids played since,
//! which replay to the same state (counters, phase, history, the dice of
//! a game that rolls them: everything the steps made).
//!
//! ```text
//! ludic-state 1
//! position: W W:22,23 B:9,10     (only for a state made from a position)
//! actions: 1234 5678
//! ```

use crate::game::Game;
use crate::state::State;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The first line of a serialized state.
const HEAD: &str = "ludic-state 1";

/// The text of `state`.
pub(crate) fn serialize(state: &State) -> String {
    let mut out = format!("{HEAD}\n");
    if let Some(p) = &state.base {
        out += &format!("position: {p}\n");
    }
    let ids: Vec<String> = state.history.iter().map(u64::to_string).collect();
    out += &format!("actions: {}\n", ids.join(" "));
    out
}

/// The state of `game` that `text` (from [`serialize`]) describes; an
/// error names the line and what was expected.
pub(crate) fn deserialize(game: &Game, text: &str) -> PyResult<State> {
    let bad = |line: usize, what: &str| {
        PyValueError::new_err(format!("serialized state, line {line}: {what}"))
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    match lines.next() {
        Some((_, HEAD)) => {}
        _ => return Err(bad(1, &format!("expected `{HEAD}`"))),
    }
    let mut state: Option<State> = None;
    let mut actions: Option<(usize, &str)> = None;
    for (n, line) in lines {
        if let Some(p) = line.strip_prefix("position:") {
            if state.is_some() || actions.is_some() {
                return Err(bad(n, "one `position:` line, before `actions:`"));
            }
            state = Some(
                game.state_from_position_text(p.trim())
                    .map_err(|e| bad(n, &e))?,
            );
        } else if let Some(a) = line.strip_prefix("actions:") {
            if actions.is_some() {
                return Err(bad(n, "one `actions:` line"));
            }
            actions = Some((n, a));
        } else if !line.is_empty() {
            return Err(bad(n, "expected `position: …` or `actions: …`"));
        }
    }
    let mut state = state.unwrap_or_else(|| game.initial());
    let Some((n, list)) = actions else {
        return Err(bad(text.lines().count() + 1, "expected `actions: …`"));
    };
    for word in list.split_whitespace() {
        let id: u64 = word
            .parse()
            .map_err(|_| bad(n, &format!("`{word}` is not an action id")))?;
        state.apply(id).map_err(|e| bad(n, &e.to_string()))?;
    }
    Ok(state)
}

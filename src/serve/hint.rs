//! Analysis on the page: the turn a computer player would play from the
//! position shown, and the game's heuristic value of the position before
//! and after it for the player to move. It thinks on the computer
//! players' bounded pool ([`super::ai`]), off the threads that answer
//! requests, within the player's budget and at most
//! [`super::ai::AI_TURN_LIMIT`]; the session is not changed. A hint stops
//! as soon as it is cancelled (`POST …/hint/cancel`), the position
//! changes or its request is gone: the searcher reads a stop flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use super::ai::{self, Permit, Request};
use super::error::ApiError;
use super::session::Session;
use ludic::engine::{Move, State};
use ludic::players::PlayerSpec;
use ludic::players::evaluate;

/// The hint for `state` (the session's `version`) by `spec`: `{"turn",
/// "sites", "player", "version", "value_now", "value_after"}` (values
/// for the player to move, from `(heuristics …)`: material by default;
/// ±2⁴⁰ for a won or lost game; `seat_values_after`: with more than two
/// seats, each seat's standing after the turn, as the view's
/// `seat_values`; `cancelled`: the search was stopped by
/// `stop` and the turn is the best it had found; `line`: the line the
/// player expects, the hint's turn first ([`ludic::players::Agent::line`]),
/// each turn `{"turn", "sites", "mover"}`, and `line_text`: its turns in
/// the game's notation, separated by spaces), or `turn` null (and the
/// line empty) when there is no legal turn.
pub async fn hint(
    permit: Permit,
    state: State,
    spec: PlayerSpec,
    version: u64,
    stop: Arc<AtomicBool>,
) -> Result<Value, ApiError> {
    if spec.is_human() {
        return Err(ApiError::bad("a hint needs a computer player, not `human`"));
    }
    let req = Request {
        state: state.clone(),
        spec,
        version,
        seed: version,
        stop: stop.clone(),
    };
    // The search stops when this request is gone, as when it is
    // cancelled.
    let _guard = ai::StopOnDrop(stop.clone());
    let line = ai::think_line(permit, req).await?;
    let cancelled = stop.load(Ordering::Relaxed);
    let mover = state.current_player();
    let (mut buf, mut moves) = (Vec::new(), Vec::new());
    let now = evaluate(&mut state.clone(), mover, &mut buf, &mut moves);
    let Some(line) = line else {
        return Ok(
            json!({"turn": null, "sites": [], "player": spec.to_string(),
                         "version": version, "value_now": now, "value_after": null,
                         "line": [], "line_text": "", "cancelled": cancelled}),
        );
    };
    let steps = &line[0];
    let text = state.turn_to_string(steps);
    let mut after = state.clone();
    after.play_turn(steps);
    let then = evaluate(&mut after, mover, &mut buf, &mut moves);
    Ok(json!({
        "seat_values_after": super::session::seat_values(&after),
        "turn": text,
        "sites": Session::turn_sites(steps),
        "player": spec.to_string(),
        "version": version,
        "value_now": now,
        "value_after": then,
        "cancelled": cancelled,
        "line": line_json(&state, &line),
        "line_text": line_text(&state, &line),
    }))
}

/// The line's turns, each `{"turn", "sites", "mover"}`: its notation
/// and the sites its steps go from and to (as the hint's `sites`),
/// written in the position it is played from, and the seat (0-based)
/// that plays it.
fn line_json(state: &State, line: &[Vec<Move>]) -> Value {
    let mut st = state.clone();
    let turns: Vec<Value> = line
        .iter()
        .map(|t| {
            let v = json!({"turn": st.turn_to_string(t), "sites": Session::turn_sites(t),
                           "mover": st.current_player()});
            st.play_turn(t);
            v
        })
        .collect();
    Value::Array(turns)
}

/// The line in the game's notation, its turns separated by spaces
/// (`11-15 22-18 15x22`).
fn line_text(state: &State, line: &[Vec<Move>]) -> String {
    let mut st = state.clone();
    let texts: Vec<String> = line
        .iter()
        .map(|t| {
            let s = st.turn_to_string(t);
            st.play_turn(t);
            s
        })
        .collect();
    texts.join(" ")
}

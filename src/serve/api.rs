//! The JSON API's routes and handlers (docs/serve.md).

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Query, Request, State as AxState};
use axum::http::header;
use axum::middleware::{Next, from_fn_with_state, map_response};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::App;
use super::ai::{self, Request as AiRequest};
use super::error::{ApiError, json_errors};
use super::guard;
use super::session::{Edit, Search, Session, Source};
use ludic::compile::ir::{ToggleType, Value as ToggleValue};
use ludic::players::PlayerSpec;

type ApiResult = Result<axum::Json<Value>, ApiError>;

const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// The router of the page and the API, behind the guard (the checks of
/// [`super::guard`]) and with every error as JSON.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/page.js", get(|| asset("text/javascript", SCRIPT)))
        .route("/page.css", get(|| asset("text/css", STYLE)))
        .route("/api/games", get(games))
        .route("/api/options", get(options))
        .route("/api/sessions", post(new_session))
        .route("/api/sessions/{id}", get(view))
        .route("/api/sessions/{id}/click", post(click))
        .route("/api/sessions/{id}/choose", post(choose))
        .route("/api/sessions/{id}/ai", post(ai))
        .route("/api/sessions/{id}/undo", post(undo))
        .route("/api/sessions/{id}/roll", post(roll))
        .route("/api/sessions/{id}/seek", post(seek))
        .route("/api/sessions/{id}/seats", post(set_seats))
        .route("/api/sessions/{id}/flip", post(flip))
        .route("/api/sessions/{id}/hint", post(hint))
        .route("/api/sessions/{id}/hint/cancel", post(cancel_hint))
        .route("/api/sessions/{id}/edit", post(edit))
        .route("/api/sessions/{id}/record", post(record))
        .route("/api/sessions/{id}/position", post(position))
        .route("/api/sessions/{id}/trial", get(trial))
        .route("/api/sessions/{id}/export", get(export))
        .fallback(|| async { ApiError::not_found("no such page") })
        .layer(axum::extract::DefaultBodyLimit::max(super::MAX_BODY))
        .layer(from_fn_with_state(app.clone(), guard))
        .layer(map_response(json_errors))
        .with_state(app)
}

/// Refuses a request that fails the guard's checks.
async fn guard(AxState(app): AxState<Arc<App>>, req: Request, next: Next) -> Response {
    let checked = app
        .guard
        .check(req.method(), req.uri(), req.headers())
        .and_then(|()| guard::check_length(req.headers(), super::MAX_BODY));
    match checked {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

/// The page, with the server's token; no other site may frame it.
async fn page(AxState(app): AxState<Arc<App>>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            (header::CONTENT_SECURITY_POLICY, "frame-ancestors 'none'"),
        ],
        app.page.clone(),
    )
        .into_response()
}

async fn asset(kind: &str, text: &'static str) -> Response {
    let ct = format!("{kind}; charset=utf-8");
    ([(header::CONTENT_TYPE, ct)], text).into_response()
}

/// Parses a JSON request body into an object.
fn body(text: &str) -> Result<Value, ApiError> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| ApiError::bad(format!("the request body is not JSON: {e}")))?;
    if !v.is_object() {
        return Err(ApiError::bad("the request body must be a JSON object"));
    }
    Ok(v)
}

/// A string array field (absent: empty).
fn strings(v: &Value, key: &str) -> Result<Vec<String>, ApiError> {
    let wrong = || ApiError::bad(format!("`{key}` must be an array of strings"));
    match v.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| x.as_str().map(str::to_string).ok_or_else(wrong))
            .collect(),
        Some(_) => Err(wrong()),
    }
}

/// A non-negative integer field.
fn index(v: &Value, key: &str) -> Result<usize, ApiError> {
    v.get(key)
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| ApiError::bad(format!("`{key}` must be a non-negative integer")))
}

fn seats(v: &Value) -> Result<Vec<PlayerSpec>, ApiError> {
    strings(v, "seats")?
        .iter()
        .map(|s| {
            s.parse::<PlayerSpec>()
                .map_err(|e| ApiError::bad(e.to_string()))
        })
        .collect()
}

async fn games(AxState(app): AxState<Arc<App>>) -> ApiResult {
    let list: Vec<Value> = app
        .games
        .iter()
        .map(|s| {
            let kind = match s {
                Source::Shipped(_) => "shipped",
                Source::File(_) => "file",
            };
            json!({"id": s.id(), "source": kind})
        })
        .collect();
    Ok(axum::Json(json!({"games": list})))
}

/// `GET /api/options?game=ID&set=NAME=VALUE…`: the toggles, as `ludic
/// options` lists them.
async fn options(
    AxState(app): AxState<Arc<App>>,
    Query(q): Query<Vec<(String, String)>>,
) -> ApiResult {
    let id = q
        .iter()
        .find(|(k, _)| k == "game")
        .map(|(_, v)| v.clone())
        .ok_or_else(|| ApiError::bad("missing `game`"))?;
    let source = app.source(&id)?;
    let sets: Vec<String> = q
        .iter()
        .filter(|(k, _)| k == "set")
        .map(|(_, v)| v.clone())
        .collect();
    let game = match source.load(&sets) {
        Ok(g) => g,
        Err(e) => return Ok(axum::Json(json!({"game": id, "error": e, "toggles": []}))),
    };
    let toggles: Vec<Value> = game.options().iter().map(toggle_json).collect();
    let players: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
    Ok(axum::Json(json!({
        "game": id, "title": game.name, "error": null,
        "toggles": toggles, "players": players,
    })))
}

/// A toggle as `/api/options` lists it.
fn toggle_json(t: &ludic::compile::ir::Toggle) -> Value {
    let mut v = json!({
        "name": t.name,
        "type": t.ty.to_string(),
        "default": value_json(&t.default),
        "value": value_json(&t.value),
        "description": t.description,
    });
    match &t.ty {
        ToggleType::Bool => v["kind"] = json!("bool"),
        ToggleType::Int { min, max } => {
            v["kind"] = json!("int");
            v["min"] = json!(min);
            v["max"] = json!(max);
        }
        ToggleType::Choice(c) => {
            v["kind"] = json!("choice");
            v["choices"] = json!(c);
        }
        ToggleType::Decimal { min, max } => {
            v["kind"] = json!("decimal");
            v["min"] = json!(*min as f64 / 10.0);
            v["max"] = json!(*max as f64 / 10.0);
        }
    }
    v
}

fn value_json(v: &ToggleValue) -> Value {
    match v {
        ToggleValue::Bool(b) => json!(b),
        ToggleValue::Int(i) => json!(i),
        ToggleValue::Choice(c) => json!(c),
        ToggleValue::Decimal(t) => json!(*t as f64 / 10.0),
    }
}

/// `POST /api/sessions {"game", "sets"?, "seats"?, "seed"?}`.
async fn new_session(AxState(app): AxState<Arc<App>>, text: String) -> ApiResult {
    let v = body(&text)?;
    let id = v
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("missing `game` (a string)"))?;
    let source = app.source(id)?;
    let sets = strings(&v, "sets")?;
    let seats = seats(&v)?;
    // Bad toggles are refused; a rule file with errors still opens, to
    // show them.
    match source.load_game(&sets) {
        Err(e @ ludic::compile::LoadError::Options(_)) => {
            return Err(ApiError::bad(e.to_string()));
        }
        // More seats than players: refused, not cut (fewer are human).
        Ok(g) if seats.len() > g.players.len() => {
            return Err(ApiError::bad(format!(
                "the game has {} seats, {} were given",
                g.players.len(),
                seats.len()
            )));
        }
        _ => {}
    }
    // The game's seed: the one given (an address that reproduces a
    // game), else a fresh one, so that no two games start alike.
    let seed = match v.get("seed") {
        None | Some(Value::Null) => crate::serve::session::fresh_seed(),
        Some(s) => {
            let bad = || {
                let most = crate::serve::session::MAX_SEED;
                ApiError::bad(format!("`seed` is a whole number from 0 to {most}"))
            };
            // A seed past 2^53 arrives as a whole number or, written with
            // an exponent, as a float: refused either way.
            let seed = s.as_u64().ok_or_else(bad)?;
            crate::serve::session::page_seed(seed, "`seed`").map_err(ApiError::bad)?
        }
    };
    let session = Session::new_seeded(source, sets, seats, seed);
    app.insert(session).map(axum::Json)
}

async fn view(AxState(app): AxState<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    app.with(&id, |_| Ok(())).map(axum::Json)
}

/// `POST …/click {"site"}`: an illegal click answers 400 with the reason
/// and changes nothing.
async fn click(AxState(app): AxState<Arc<App>>, Path(id): Path<String>, text: String) -> ApiResult {
    let v = body(&text)?;
    let site = index(&v, "site")?;
    let site = u16::try_from(site).map_err(|_| ApiError::bad("`site` is too large"))?;
    app.with(&id, |s| s.click(site)).map(axum::Json)
}

async fn choose(
    AxState(app): AxState<Arc<App>>,
    Path(id): Path<String>,
    text: String,
) -> ApiResult {
    let v = body(&text)?;
    let i = index(&v, "index")?;
    app.with(&id, |s| s.choose(i)).map(axum::Json)
}

async fn undo(AxState(app): AxState<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    app.with(&id, Session::undo).map(axum::Json)
}

/// `POST …/roll {}`: the roll a human seat's Roll button makes (drawn
/// from the game's seed and the ply, as every roll).
async fn roll(AxState(app): AxState<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    app.with(&id, Session::roll).map(axum::Json)
}

async fn seek(AxState(app): AxState<Arc<App>>, Path(id): Path<String>, text: String) -> ApiResult {
    let v = body(&text)?;
    let ply = index(&v, "ply")?;
    app.with(&id, |s| s.seek(ply)).map(axum::Json)
}

async fn set_seats(
    AxState(app): AxState<Arc<App>>,
    Path(id): Path<String>,
    text: String,
) -> ApiResult {
    let v = body(&text)?;
    let seats = seats(&v)?;
    app.with(&id, |s| s.set_seats(seats)).map(axum::Json)
}

/// `POST …/flip {"flip"}`: the board drawn turned half round, or not.
async fn flip(AxState(app): AxState<Arc<App>>, Path(id): Path<String>, text: String) -> ApiResult {
    let v = body(&text)?;
    let flip = v
        .get("flip")
        .and_then(Value::as_bool)
        .ok_or_else(|| ApiError::bad("`flip` must be true or false"))?;
    app.with(&id, |s| {
        s.set_flip(flip);
        Ok(())
    })
    .map(axum::Json)
}

/// `POST …/hint {"player"}`: the turn that computer player would play
/// from the position shown, and its value ([`super::hint`]); the game is
/// not changed.
async fn hint(AxState(app): AxState<Arc<App>>, Path(id): Path<String>, text: String) -> ApiResult {
    let v = body(&text)?;
    let spec: PlayerSpec = v
        .get("player")
        .and_then(Value::as_str)
        .unwrap_or("mcts:1s")
        .parse()
        .map_err(|e: ludic::players::PlayerSpecError| ApiError::bad(e.to_string()))?;
    let permit = app.pool.permit()?;
    let (state, version, stop) = {
        let mut all = app.sessions();
        let s = all.get(&id, std::time::Instant::now())?;
        let (state, version) = s
            .hint_request()
            .ok_or_else(|| ApiError::bad("no position to analyse: the game is over"))?;
        (state, version, s.new_search(Search::Hint))
    };
    super::hint::hint(permit, state, spec, version, stop)
        .await
        .map(axum::Json)
}

/// `POST …/hint/cancel`: stops the session's hint; its request answers
/// at once with the best turn found so far (`"cancelled": true`).
async fn cancel_hint(AxState(app): AxState<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    app.with(&id, |s| {
        s.stop_search(Search::Hint);
        Ok(())
    })
    .map(axum::Json)
}

/// `POST …/edit`: the position editor ([`super::session::Edit`]):
/// `{"action": "start"|"done"|"cancel"}`, `{"site", "piece"}` (a piece
/// id, or null to take the top piece off), `{"to_move"}` or `{"field",
/// "value"}` (`{"field": "Hand", "value": "7,8"}`).
async fn edit(AxState(app): AxState<Arc<App>>, Path(id): Path<String>, text: String) -> ApiResult {
    let v = body(&text)?;
    let small = |key: &str| -> Result<u8, ApiError> {
        u8::try_from(index(&v, key)?).map_err(|_| ApiError::bad(format!("`{key}` is too large")))
    };
    let e = match v.get("action").and_then(Value::as_str) {
        Some("start") => Edit::Start,
        Some("done") => Edit::Done,
        Some("cancel") => Edit::Cancel,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "unknown action `{other}`: expected start, done or cancel"
            )));
        }
        None if v.get("to_move").is_some() => Edit::Mover(small("to_move")?),
        None if v.get("field").is_some() => {
            let text = |key: &str| {
                v.get(key)
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or_else(|| ApiError::bad(format!("`{key}` must be a string")))
            };
            Edit::Field(text("field")?, text("value")?)
        }
        None => {
            let site = u16::try_from(index(&v, "site")?)
                .map_err(|_| ApiError::bad("`site` is too large"))?;
            match v.get("piece") {
                Some(Value::Null) => Edit::Take(site),
                _ => Edit::Put(site, small("piece")?),
            }
        }
    };
    app.with(&id, |s| s.edit(e)).map(axum::Json)
}

/// `POST …/record {"text"}`: a trial or PDN file's text.
async fn record(
    AxState(app): AxState<Arc<App>>,
    Path(id): Path<String>,
    text: String,
) -> ApiResult {
    let v = body(&text)?;
    let rec = v
        .get("text")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("missing `text` (the record, a string)"))?;
    app.with(&id, |s| s.load_record(rec)).map(axum::Json)
}

/// `POST …/position {"text"}`: a position text (or FEN) to start from.
async fn position(
    AxState(app): AxState<Arc<App>>,
    Path(id): Path<String>,
    text: String,
) -> ApiResult {
    let v = body(&text)?;
    let pos = v
        .get("text")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("missing `text` (the position text, a string)"))?;
    app.with(&id, |s| s.load_position(pos)).map(axum::Json)
}

async fn trial(
    AxState(app): AxState<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let text = {
        let mut all = app.sessions();
        let s = all.get(&id, std::time::Instant::now())?;
        s.trial().map_err(ApiError::bad)?
    };
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"game.trial\"",
            ),
        ],
        text,
    )
        .into_response())
}

/// `GET …/export`: the game as PGN or PDN ([`Session::record`]), as a
/// file to save (`game.pgn`, `game.pdn`).
async fn export(
    AxState(app): AxState<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (format, text) = {
        let mut all = app.sessions();
        let s = all.get(&id, std::time::Instant::now())?;
        s.record().map_err(ApiError::bad)?
    };
    let name = format!("attachment; filename=\"game.{}\"", format.extension());
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, name),
        ],
        text,
    )
        .into_response())
}

/// Marks a session as having a computer turn running, until dropped.
struct Thinking<'a> {
    app: &'a App,
    id: &'a str,
}

impl Drop for Thinking<'_> {
    fn drop(&mut self) {
        self.app.sessions().thinking(self.id, false);
    }
}

/// `POST …/ai`: the computer plays the turn of the seat to move, on the
/// bounded pool ([`super::ai`]); a change to the position meanwhile
/// stops the search and its answer is dropped.
async fn ai(AxState(app): AxState<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    let permit = app.pool.permit()?;
    let req = {
        let mut all = app.sessions();
        let s = all.get(&id, std::time::Instant::now())?;
        let req = s
            .ai_request()
            .map(|(st, spec, v, seed)| (st, spec, v, seed, s.new_search(Search::Turn)));
        if req.is_some() {
            all.thinking(&id, true);
        }
        req
    };
    let Some((state, spec, version, seed, stop)) = req else {
        return Err(ApiError::bad("no computer player is to move"));
    };
    let _mark = Thinking { app: &app, id: &id };
    let _guard = ai::StopOnDrop(stop.clone());
    let req = AiRequest {
        state,
        spec,
        version,
        seed,
        stop,
    };
    let turn = ai::think(permit, req).await?;
    app.with(&id, |s| {
        if s.version != version {
            return Err("the position changed while the computer was thinking".into());
        }
        let t = turn.ok_or("the computer found no legal turn")?;
        s.play_turn(t);
        Ok(())
    })
    .map(axum::Json)
}

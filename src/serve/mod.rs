//! `ludic serve`: a local web page to play and watch any game.
//!
//! An axum server on 127.0.0.1 only. The page (HTML, JS and CSS embedded
//! in the binary) talks to a small JSON API (docs/serve.md): the games, a
//! game's toggles, and sessions (one game each) that take clicks, choices,
//! computer turns, undo, a slider position, seats and records. Computer
//! players think on tokio's blocking pool, so the server keeps answering.
//! A rule file named on the command line is reloaded when it changes on
//! disk; when it no longer compiles the page shows its diagnostics. The
//! server reads only those files and the shipped games.

pub mod session;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Path, Query, State as AxState};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use crate::compile::ir::{ToggleType, Value as ToggleValue};
use crate::players::{PlayerSpec, seeded_rng};
use session::{Session, Source};

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// Longest request body accepted (a record upload): 4 MiB.
const MAX_BODY: usize = 4 << 20;
/// Most sessions kept; the oldest is dropped beyond.
const MAX_SESSIONS: usize = 256;
/// Longest a computer turn may think, whatever its seat's budget
/// (`ab:50`, `mcts:4000000000`): the search stops and plays the best
/// turn it has found (docs/serve.md).
pub const AI_TURN_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The server's state: the games it may serve and the open sessions.
pub struct App {
    games: Vec<Source>,
    sessions: Mutex<HashMap<u64, Session>>,
    next: AtomicU64,
}

impl App {
    /// The shipped games, then `files` (rule files given on the command
    /// line).
    pub fn new(files: &[String]) -> App {
        let mut games: Vec<Source> = crate::compile::shipped_games()
            .into_iter()
            .map(|n| Source::Shipped(n.to_string()))
            .collect();
        games.extend(files.iter().map(|f| Source::File(f.clone())));
        App {
            games,
            sessions: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
        }
    }

    fn source(&self, id: &str) -> Result<Source, ApiError> {
        self.games
            .iter()
            .find(|s| s.id() == id)
            .cloned()
            .ok_or_else(|| {
                let ids: Vec<&str> = self.games.iter().map(Source::id).collect();
                ApiError::not_found(format!(
                    "unknown game `{id}`: expected one of {}",
                    ids.join(", ")
                ))
            })
    }

    fn sessions(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Session>> {
        // A panic while holding the lock leaves the data usable.
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on session `id` and answers its view, or the error.
    fn with<F>(&self, id: u64, f: F) -> Result<Value, ApiError>
    where
        F: FnOnce(&mut Session) -> Result<(), String>,
    {
        let mut all = self.sessions();
        let s = all
            .get_mut(&id)
            .ok_or_else(|| ApiError::not_found(format!("no session {id}")))?;
        s.reload_if_changed();
        f(s).map_err(ApiError::bad)?;
        Ok(s.view(id))
    }
}

/// An error answered as `{"error": "…"}` with a status code.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(json!({"error": self.message}))).into_response()
    }
}

type ApiResult = Result<axum::Json<Value>, ApiError>;

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
    match v.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| {
                x.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| ApiError::bad(format!("`{key}` must be an array of strings")))
            })
            .collect(),
        Some(_) => Err(ApiError::bad(format!(
            "`{key}` must be an array of strings"
        ))),
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

/// The router of the page and the API.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE) }),
        )
        .route(
            "/page.js",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
                    SCRIPT,
                )
            }),
        )
        .route(
            "/page.css",
            get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE) }),
        )
        .route("/api/games", get(games))
        .route("/api/options", get(options))
        .route("/api/sessions", post(new_session))
        .route("/api/sessions/{id}", get(view))
        .route("/api/sessions/{id}/click", post(click))
        .route("/api/sessions/{id}/choose", post(choose))
        .route("/api/sessions/{id}/ai", post(ai))
        .route("/api/sessions/{id}/undo", post(undo))
        .route("/api/sessions/{id}/seek", post(seek))
        .route("/api/sessions/{id}/seats", post(set_seats))
        .route("/api/sessions/{id}/record", post(record))
        .route("/api/sessions/{id}/trial", get(trial))
        .fallback(|| async { ApiError::not_found("no such page") })
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
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
    let toggles: Vec<Value> = game
        .options()
        .iter()
        .map(|t| {
            let mut v = json!({
                "name": t.name,
                "type": t.ty.to_string(),
                "default": toggle_json(&t.default),
                "value": toggle_json(&t.value),
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
            }
            v
        })
        .collect();
    let players: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
    Ok(axum::Json(json!({
        "game": id, "title": game.name, "error": null,
        "toggles": toggles, "players": players,
    })))
}

fn toggle_json(v: &ToggleValue) -> Value {
    match v {
        ToggleValue::Bool(b) => json!(b),
        ToggleValue::Int(i) => json!(i),
        ToggleValue::Choice(c) => json!(c),
    }
}

/// `POST /api/sessions {"game", "sets"?, "seats"?}`.
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
    if let Err(e @ crate::compile::LoadError::Options(_)) = source.load_game(&sets) {
        return Err(ApiError::bad(e.to_string()));
    }
    let session = Session::new(source, sets, seats);
    let sid = app.next.fetch_add(1, Ordering::Relaxed);
    let view = session.view(sid);
    let mut all = app.sessions();
    if all.len() >= MAX_SESSIONS
        && let Some(&old) = all.keys().min()
    {
        all.remove(&old);
    }
    all.insert(sid, session);
    Ok(axum::Json(view))
}

async fn view(AxState(app): AxState<Arc<App>>, Path(id): Path<u64>) -> ApiResult {
    app.with(id, |_| Ok(())).map(axum::Json)
}

/// `POST …/click {"site"}`: an illegal click answers 400 with the reason
/// and changes nothing.
async fn click(AxState(app): AxState<Arc<App>>, Path(id): Path<u64>, text: String) -> ApiResult {
    let v = body(&text)?;
    let site = index(&v, "site")?;
    let site = u16::try_from(site).map_err(|_| ApiError::bad("`site` is too large"))?;
    app.with(id, |s| s.click(site)).map(axum::Json)
}

async fn choose(AxState(app): AxState<Arc<App>>, Path(id): Path<u64>, text: String) -> ApiResult {
    let v = body(&text)?;
    let i = index(&v, "index")?;
    app.with(id, |s| s.choose(i)).map(axum::Json)
}

async fn undo(AxState(app): AxState<Arc<App>>, Path(id): Path<u64>) -> ApiResult {
    app.with(id, Session::undo).map(axum::Json)
}

async fn seek(AxState(app): AxState<Arc<App>>, Path(id): Path<u64>, text: String) -> ApiResult {
    let v = body(&text)?;
    let ply = index(&v, "ply")?;
    app.with(id, |s| s.seek(ply)).map(axum::Json)
}

async fn set_seats(
    AxState(app): AxState<Arc<App>>,
    Path(id): Path<u64>,
    text: String,
) -> ApiResult {
    let v = body(&text)?;
    let seats = seats(&v)?;
    app.with(id, |s| s.set_seats(seats)).map(axum::Json)
}

/// `POST …/record {"text"}`: a trial or PDN file's text.
async fn record(AxState(app): AxState<Arc<App>>, Path(id): Path<u64>, text: String) -> ApiResult {
    let v = body(&text)?;
    let rec = v
        .get("text")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("missing `text` (the record, a string)"))?;
    app.with(id, |s| s.load_record(rec)).map(axum::Json)
}

async fn trial(AxState(app): AxState<Arc<App>>, Path(id): Path<u64>) -> Result<Response, ApiError> {
    let all = app.sessions();
    let s = all
        .get(&id)
        .ok_or_else(|| ApiError::not_found(format!("no session {id}")))?;
    let text = s.trial().map_err(ApiError::bad)?;
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

/// `POST …/ai`: the computer plays the turn of the seat to move. It thinks
/// on the blocking pool; an answer for a position that changed meanwhile
/// is dropped.
async fn ai(AxState(app): AxState<Arc<App>>, Path(id): Path<u64>) -> ApiResult {
    let req = {
        let mut all = app.sessions();
        let s = all
            .get_mut(&id)
            .ok_or_else(|| ApiError::not_found(format!("no session {id}")))?;
        s.ai_request()
    };
    let Some((st, spec, version, seed)) = req else {
        return Err(ApiError::bad("no computer player is to move"));
    };
    let turn = tokio::task::spawn_blocking(move || {
        let mut player = spec.build(seeded_rng(seed, version, 0))?;
        player.limit_time(AI_TURN_LIMIT);
        let turns = crate::players::turns::Turns::of(&st);
        if turns.is_empty() {
            return None;
        }
        let i = player.choose(&st, &turns);
        Some(turns.get(i).to_vec())
    })
    .await
    .map_err(|e| ApiError::bad(format!("the computer player failed: {e}")))?;
    app.with(id, |s| {
        if s.version != version {
            return Err("the position changed while the computer was thinking".into());
        }
        match turn {
            Some(t) => {
                s.play_turn(t);
                Ok(())
            }
            None => Err("the computer found no legal turn".into()),
        }
    })
    .map(axum::Json)
}

/// `ludic serve`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Rule files to serve besides the shipped games (reloaded when they
    /// change on disk).
    pub files: Vec<String>,
    /// The port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// Runs `ludic serve` until it is stopped; returns the exit code.
pub fn run(a: &ServeArgs) -> Result<i32, String> {
    for f in &a.files {
        if !std::path::Path::new(f).is_file() {
            return Err(format!("{f}: no such rule file"));
        }
    }
    let app = Arc::new(App::new(&a.files));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    rt.block_on(async {
        let addr = SocketAddr::from(([127, 0, 0, 1], a.port));
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address: {e}"))?;
        let url = format!("http://{local}/");
        println!("ludic serve: {url}  (Ctrl-C stops it)");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        if a.open {
            open_browser(&url);
        }
        axum::serve(listener, router(app))
            .await
            .map_err(|e| format!("server error: {e}"))
    })?;
    Ok(0)
}

/// Opens `url` with the desktop's opener; failures are reported, not fatal.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}

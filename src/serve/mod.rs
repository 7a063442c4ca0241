//! `ludic serve`: a local web page to play and watch any game.
//!
//! An axum server on 127.0.0.1 only. The page (HTML, JS and CSS embedded
//! in the binary) talks to a small JSON API (docs/serve.md, [`api`]): the
//! games, a game's toggles, and sessions (one game each, [`store`]) that
//! take clicks, choices, computer turns, undo, a slider position, seats
//! and records. Only the page the server serves may use it ([`guard`]:
//! the Host, the Origin and a secret token), and every error is JSON
//! ([`error`], [`wire`]). Computer players think on a bounded number of
//! threads ([`ai`]), so the server keeps answering. A rule file named on
//! the command line is reloaded when it changes on disk; while it does
//! not compile the page shows its diagnostics and keeps the last good
//! game. The server reads only those files and the shipped games.

pub mod ai;
pub mod api;
pub mod error;
pub mod guard;
pub mod hint;
pub use ludic::render::notes;
pub mod session;
pub mod store;
pub mod wire;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::Value;

use ai::AiPool;
use error::ApiError;
use guard::Guard;
use session::{Session, Source};
use store::{Limits, Store};

const PAGE: &str = include_str!("page.html");
/// Where the page's token goes in page.html.
const TOKEN_SLOT: &str = "LUDIC_TOKEN";
/// Where the game the page opens on goes in page.html.
const GAME_SLOT: &str = "LUDIC_GAME";

/// Longest request body accepted (a record upload): 4 MiB.
const MAX_BODY: usize = 4 << 20;

/// The server's state: the games it may serve, the open sessions, the
/// guard's token and the computer players' pool.
pub struct App {
    games: Vec<Source>,
    sessions: Mutex<Store<Session>>,
    guard: Guard,
    /// page.html with the token.
    page: String,
    pool: AiPool,
}

impl App {
    /// The shipped games, then `files` (rule files given on the command
    /// line; a shipped game's name there is that game), for a server on
    /// `port` keeping sessions within `limits`, with at most `ai_workers`
    /// computer turns at once. The page opens on the first of `files`.
    pub fn new(files: &[String], port: u16, limits: Limits, ai_workers: usize) -> App {
        let mut games: Vec<Source> = ludic::compile::shipped_games()
            .into_iter()
            .map(|n| Source::Shipped(n.to_string()))
            .collect();
        let shipped = |f: &String| games.iter().any(|s| s.id() == f.as_str());
        let extra: Vec<Source> = files
            .iter()
            .filter(|f| !shipped(f))
            .map(|f| Source::File(f.clone()))
            .collect();
        games.extend(extra);
        let guard = Guard::new(port);
        let first = files.first().map_or(String::new(), |f| escape_attr(f));
        App {
            games,
            sessions: Mutex::new(Store::new(limits)),
            page: PAGE
                .replace(TOKEN_SLOT, guard.token())
                .replace(GAME_SLOT, &first),
            guard,
            pool: AiPool::new(ai_workers),
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

    fn sessions(&self) -> MutexGuard<'_, Store<Session>> {
        // A panic while holding the lock leaves the data usable.
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens `session` and answers its view.
    fn insert(&self, session: Session) -> Result<Value, ApiError> {
        let mut all = self.sessions();
        let id = all.insert(session, Instant::now())?;
        let s = all.get(&id, Instant::now())?;
        Ok(s.view(&id))
    }

    /// Runs `f` on session `id` (after reloading a changed rule file) and
    /// answers its view, or the error.
    fn with<F>(&self, id: &str, f: F) -> Result<Value, ApiError>
    where
        F: FnOnce(&mut Session) -> Result<(), String>,
    {
        let mut all = self.sessions();
        let s = all.get(id, Instant::now())?;
        s.reload_if_changed();
        let before = s.version;
        let done = f(s);
        // A search for a position no longer shown stops.
        if s.version != before {
            s.stop_search(session::Search::Hint);
            s.stop_search(session::Search::Turn);
        }
        done.map_err(ApiError::bad)?;
        Ok(s.view(id))
    }
}

/// `text` for an HTML attribute value.
fn escape_attr(text: &str) -> String {
    ludic::render::svg::escape(text)
}

/// `ludic serve`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Rule files to serve besides the shipped games (reloaded when they
    /// change on disk), or shipped games' names; the page opens on the
    /// first.
    pub files: Vec<String>,
    /// The port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Most games kept open; past it a new game closes the one used
    /// least recently (never one used within --keep-recent seconds, nor
    /// one whose computer turn is running).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_sessions: u32,
    /// Seconds during which a game just used is never closed to make room.
    #[arg(long, default_value_t = 300)]
    pub keep_recent: u64,
    /// Most computer turns thinking at once (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub ai_workers: usize,
}

impl ServeArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_sessions: self.max_sessions as usize,
            keep_recent: Duration::from_secs(self.keep_recent),
        }
    }

    fn workers(&self) -> usize {
        match self.ai_workers {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        }
    }
}

/// Runs `ludic serve` until it is stopped; returns the exit code.
pub fn run(a: &ServeArgs) -> Result<i32, String> {
    let shipped = ludic::compile::shipped_games();
    for f in &a.files {
        let named = ludic::compile::is_game_name(f) && shipped.contains(&f.as_str());
        if !named && !std::path::Path::new(f).is_file() {
            return Err(format!(
                "{f}: no such rule file, nor a shipped game's name (`ludic list` names them)"
            ));
        }
    }
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
        let app = Arc::new(App::new(&a.files, local.port(), a.limits(), a.workers()));
        println!("ludic serve: {url}  (Ctrl-C stops it)");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        if a.open {
            open_browser(&url);
        }
        axum::serve(wire::JsonListener(listener), api::router(app))
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

// The web page's sessions, driven as the page drives them (the HTTP layer
// is tested through a running server in tests/serve_*.rs).
#[cfg(test)]
mod tests;

//! The driver the browser tests share: `ludic serve` and chromedriver
//! started as child processes, a headless Chromium, and the waits and
//! clicks a user's session is made of.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

pub use crate::webdriver::Client;

/// A child process killed when the test ends, even by a panic.
pub struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Starts `ludic serve FILES --port 0` and returns it with its address.
pub fn serve(files: &[&str]) -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludic"))
        .arg("serve")
        .args(files)
        .args(["--port", "0"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start ludic serve");
    let out = child.stdout.take().unwrap();
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Killed(child), url)
}

/// Starts chromedriver on a free loopback port and waits until it listens.
pub fn chromedriver() -> (Killed, u16) {
    let port = free_port();
    let bin = std::env::var("LUDIC_CHROMEDRIVER").unwrap_or("/usr/bin/chromedriver".into());
    let child = Command::new(&bin)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("start {bin}: {e} (run .ci/setup)"));
    let t0 = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "chromedriver did not start"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    (Killed(child), port)
}

pub fn browser(port: u16, profile: &std::path::Path) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect::<Vec<_>>();
    let binary = std::env::var("LUDIC_CHROMIUM").unwrap_or("/usr/bin/chromium".into());
    let caps = json!({"goog:chromeOptions": {"binary": binary, "args": args}});
    Client::connect(port, caps).expect("a WebDriver session")
}

/// Waits (up to 30 s) until the text of `css` satisfies `ok`; returns it.
pub fn wait_text(c: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let t0 = Instant::now();
    let mut last = String::new();
    while t0.elapsed() < Duration::from_secs(30) {
        if let Ok(e) = c.find(css)
            && let Ok(text) = e.text()
        {
            if ok(&text) {
                return text;
            }
            last = text;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("{css} never matched; its text: {last:?}");
}

/// Waits (up to 30 s) until the page shows ply `text` (`3 / 5`); a
/// failure says what the page said.
pub fn wait_ply(c: &Client, text: &str) {
    let t0 = Instant::now();
    loop {
        let now = c.find("#ply").and_then(|e| e.text()).unwrap_or_default();
        if now == text {
            return;
        }
        if t0.elapsed() > Duration::from_secs(30) {
            let said = c.find("#message").and_then(|e| e.text());
            let focus = c.execute("return document.activeElement.id", vec![]);
            panic!("ply {now:?}, not {text:?}; the page says {said:?}; focus {focus:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The moves listed on the page (read in one script: the list is redrawn
/// after each answer of the server).
pub fn moves(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#moves .ply')).map((li) => li.textContent)",
            vec![],
        )
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// The move list's rows as a player reads them: a move number and the
/// turns after it (`1. e4 e5`), or each turn alone where the game's
/// records do not pair them.
pub fn move_rows(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "const rows = [];
             for (const e of document.querySelectorAll('#moves > span')) {
               if (e.classList.contains('num') || rows.length === 0) rows.push(e.textContent);
               else rows[rows.length - 1] += ' ' + e.textContent;
             }
             return rows;",
            vec![],
        )
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// Clicks the site labelled `label`. The page redraws the board after each
/// answer of the server, so the element found may be replaced before the
/// click reaches it (a stale element): it is found again, for up to 30 s.
pub fn click_site(c: &Client, label: &str) {
    let css = format!("g.site[data-label=\"{label}\"]");
    let t0 = Instant::now();
    loop {
        let clicked = match c.find(&css) {
            Ok(e) => e.click().map(|_| ()),
            Err(e) => Err(e),
        };
        match clicked {
            Ok(()) => return,
            Err(e) if t0.elapsed() > Duration::from_secs(30) => panic!("click {label}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

pub fn shot(c: &Client, dir: &std::path::Path, name: &str) {
    let png = c.screenshot().unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

/// `GET path` from `base` (`http://127.0.0.1:PORT/`) as the test, not
/// the browser, sends it: the status and the JSON answer.
pub fn get_json(base: &str, path: &str) -> (u16, serde_json::Value) {
    use std::io::{Read, Write};
    let host = base.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(host).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").unwrap().1;
    (status, serde_json::from_str(body).unwrap())
}

pub fn choose_game(c: &Client, id: &str) {
    let session = || c.execute("return view.session", vec![]).unwrap();
    let before = session();
    let css = format!("#game option[value=\"{id}\"]");
    c.find(&css).unwrap().click().unwrap();
    // Wait for the new game's view (a new session): a seat chosen or a
    // site clicked before it lands goes to the old game (a CI run's
    // `humans` did, and the new game's computer answered a move).
    let t0 = Instant::now();
    while session() == before {
        assert!(t0.elapsed() < Duration::from_secs(30), "{id} not opened");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// How many elements match `css`.
pub fn count(c: &Client, css: &str) -> usize {
    let n = c
        .execute(
            "return document.querySelectorAll(arguments[0]).length",
            vec![json!(css)],
        )
        .unwrap();
    n.as_u64().unwrap() as usize
}

/// Waits (up to 30 s) until `count(css) == n`.
pub fn wait_count(c: &Client, css: &str, n: usize) {
    let t0 = Instant::now();
    while count(c, css) != n {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "{css}: {} elements, not {n}",
            count(c, css)
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The pictures a game's rule file names (`picture:"…"`), its bases'
/// included: what its pieces may be drawn as.
pub fn declared_pictures(file: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut out: Vec<String> = text
        .split("picture:\"")
        .skip(1)
        .map(|t| t[..t.find('"').unwrap()].to_string())
        .collect();
    if let Some(at) = text.find("base:\"") {
        let base = &text[at + 6..];
        let base = &base[..base.find('"').unwrap()];
        // Beside the file, else a shipped game's name.
        let near = file.parent().unwrap().join(base);
        let shipped = root().join(format!("games/{}.game", base.trim_end_matches(".game")));
        out.extend(declared_pictures(if near.exists() {
            &near
        } else {
            &shipped
        }));
    }
    out
}

/// The picture of every piece on the page's board.
pub fn pictures_shown(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#board g.piece')).map((g) => g.dataset.picture)",
            vec![],
        )
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// The picture of every piece the legend draws (one per kind, and the
/// crowned pair of a game whose men stack two high).
pub fn legend_pictures(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#legend g.piece')).map((g) => g.dataset.picture)",
            vec![],
        )
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// Plays `labels` by clicks, waiting for each turn to be listed.
pub fn click_turns(c: &Client, labels: &[&str]) {
    for (i, l) in labels.iter().enumerate() {
        click_site(c, l);
        let t0 = Instant::now();
        while moves(c).len() != i + 1 {
            if t0.elapsed() > Duration::from_secs(30) {
                let said = c.find("#message").and_then(|e| e.text());
                panic!("{l} not played: {:?}; the page says {said:?}", moves(c));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// Plays each `(from, to)` turn by two clicks, waiting for it to be
/// listed.
pub fn click_moves(c: &Client, turns: &[(&str, &str)]) {
    let before = moves(c).len();
    for (i, (a, b)) in turns.iter().enumerate() {
        click_site(c, a);
        click_site(c, b);
        let t0 = Instant::now();
        while moves(c).len() != before + i + 1 {
            if t0.elapsed() > Duration::from_secs(30) {
                let said = c.find("#message").and_then(|e| e.text());
                panic!("{a}-{b} not played: {:?}; the page says {said:?}", moves(c));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// The text the page's link `css` downloads (fetched by the page).
pub fn download(c: &Client, css: &str) -> String {
    let v = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch(document.querySelector(arguments[0]).href).then((r) => r.text()).then(done, (e) => done(String(e)))",
            vec![json!(css)],
        )
        .unwrap();
    v.as_str().unwrap().to_string()
}

/// Starts a new game of the page's and loads the record `text` (saved
/// as `name` in `dir`) by the page's file input; waits until its `n`
/// turns are listed.
pub fn load_record(c: &Client, dir: &std::path::Path, name: &str, text: &str, n: usize) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    c.find("#new").unwrap().click().unwrap();
    wait_count(c, "#moves .ply", 0);
    c.find("#record")
        .unwrap()
        .send_keys(path.to_str().unwrap())
        .unwrap();
    let said = wait_text(c, "#message", |t| t.contains("record loaded"));
    assert_eq!(said, format!("record loaded: {n} turns"));
    // It opens on its start; End goes to its last turn.
    wait_ply(c, &format!("0 / {n}"));
    c.find("#last").unwrap().click().unwrap();
    wait_ply(c, &format!("{n} / {n}"));
}

/// Both seats of the page human.
pub fn humans(c: &Client) {
    c.find("#seat-1 option[value=\"human\"]")
        .unwrap()
        .click()
        .unwrap();
    let t0 = Instant::now();
    while c.execute("return view.seats[1].player", vec![]).unwrap() != json!("human") {
        assert!(t0.elapsed() < Duration::from_secs(30), "seat 1 not human");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The labels of the board's sites that carry class `class` (`origin`,
/// `target`), read in one script.
pub fn sites_with(c: &Client, class: &str) -> Vec<String> {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#board g.site.' + arguments[0])).map((g) => g.dataset.label)",
            vec![json!(class)],
        )
        .unwrap();
    serde_json::from_value(v).unwrap_or_default()
}

/// Presses Roll while the page shows it (a human seat's roll waits for
/// it: docs/serve.md), each time waiting for the page to take it.
pub fn roll_if_asked(c: &Client) {
    let shown = || {
        c.execute("return !document.getElementById('roll').hidden", vec![])
            .unwrap()
            == json!(true)
    };
    let t0 = Instant::now();
    while shown() {
        let before = moves(c).len();
        let _ = c.find("#roll").and_then(|b| b.click());
        while shown() && moves(c).len() == before {
            assert!(t0.elapsed() < Duration::from_secs(30), "Roll not taken");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

//! End-to-end test of `ludic serve` in headless Chromium, driven over
//! WebDriver (tests/webdriver: a small client of its own) through
//! chromedriver. It needs Debian's
//! `chromium` and `chromium-driver` (installed by .ci/setup), so it is
//! ignored by a plain `cargo test`; .ci/test runs it with
//! `cargo test --release --test browser -- --ignored`.
//!
//! Screenshots of each step go to target/browser/ (artifacts, not in the
//! repository).

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod webdriver;
use serde_json::json;
use webdriver::Client;

/// A child process killed when the test ends, even by a panic.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Starts `ludic serve FILES --port 0` and returns it with its address.
fn serve(files: &[&str]) -> (Killed, String) {
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
fn chromedriver() -> (Killed, u16) {
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

fn browser(port: u16, profile: &std::path::Path) -> Client {
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
fn wait_text(c: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
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
fn wait_ply(c: &Client, text: &str) {
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
fn moves(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#moves li')).map((li) => li.textContent)",
            vec![],
        )
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// Clicks the site labelled `label`. The page redraws the board after each
/// answer of the server, so the element found may be replaced before the
/// click reaches it (a stale element): it is found again, for up to 30 s.
fn click_site(c: &Client, label: &str) {
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

fn shot(c: &Client, dir: &std::path::Path, name: &str) {
    let png = c.screenshot().unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

/// `GET path` from `base` (`http://127.0.0.1:PORT/`) as the test, not
/// the browser, sends it: the status and the JSON answer.
fn get_json(base: &str, path: &str) -> (u16, serde_json::Value) {
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

/// What a page on another origin gets when it calls `base`'s API on
/// session `sid`: a no-cors POST of a text/plain body (a "simple" request
/// any page may send), a JSON POST and a read.
const FOREIGN_CALLS: &str = r#"
const [base, sid, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
(async () => {
  const out = {};
  const undo = base + "api/sessions/" + sid + "/undo";
  try {
    await fetch(undo, { method: "POST", mode: "no-cors",
      headers: { "Content-Type": "text/plain" }, body: "{}" });
    out.simple = "sent";
  } catch (e) { out.simple = "blocked"; }
  try {
    const r = await fetch(undo, { method: "POST",
      headers: { "Content-Type": "application/json" }, body: "{}" });
    out.json = "status " + r.status;
  } catch (e) { out.json = "blocked"; }
  try {
    const r = await fetch(base + "api/games");
    out.read = "status " + r.status;
  } catch (e) { out.read = "blocked"; }
  done(out);
})();
"#;

/// A page served on another port (another origin) tries to use the
/// game of `sid` on `url`: nothing changes and nothing can be read.
fn foreign_page_is_refused(c: &Client, url: &str, sid: &str) {
    let before = get_json(url, &format!("/api/sessions/{sid}")).1;
    let (_other, other_url) = serve(&[]);
    assert_ne!(other_url, url);
    c.goto(&other_url).unwrap();
    let out = c
        .execute_async(FOREIGN_CALLS, vec![json!(url), json!(sid)])
        .unwrap();
    assert_eq!(
        out,
        json!({"simple": "sent", "json": "blocked", "read": "blocked"})
    );
    let (st, after) = get_json(url, &format!("/api/sessions/{sid}"));
    assert_eq!(st, 200, "{after}");
    assert_eq!(
        after["moves"], before["moves"],
        "the foreign undo changed the game"
    );
    assert_eq!(after["version"], before["version"]);
}

fn choose_game(c: &Client, id: &str) {
    let css = format!("#game option[value=\"{id}\"]");
    c.find(&css).unwrap().click().unwrap();
}

#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn play_checkers_in_the_browser() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile");
    let _ = std::fs::remove_dir_all(&profile);
    // A position with a double jump for Black: 14x23x32 (hand-worked: the
    // squares below 14 are 17 and 18, below 23 are 26 and 27).
    let jump = out.join("jump.trial");
    std::fs::write(
        &jump,
        "ludic-trial 1\ngame checkers\nstart B:W18,27,29:B14\nmoves\nresult unfinished\n",
    )
    .unwrap();
    let (_server, url) = serve(&["tests/invalid/misspelt_ludeme.game"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);

    // Checkers: Black (human) plays 11-15; White (mcts:300) replies.
    c.goto(&format!("{url}?game=checkers")).unwrap();
    wait_text(&c, "#status", |t| t.contains("Black (B) to move"));
    click_site(&c, "11");
    click_site(&c, "15");
    wait_text(&c, "#moves", |t| t.lines().count() == 2);
    assert_eq!(moves(&c)[0], "11-15");
    wait_text(&c, "#status", |t| t.starts_with("Black (B) to move"));
    shot(&c, &out, "1-reply");

    // Another origin cannot use that game (the browser sends its Origin;
    // the server refuses it; without the page's token nothing changes).
    let sid = c.execute("return sid", vec![]).unwrap();
    let sid = sid.as_str().expect("the page's session id").to_string();
    assert_eq!(moves(&c).len(), 2);
    foreign_page_is_refused(&c, &url, &sid);
    c.goto(&format!("{url}?game=checkers")).unwrap();
    wait_text(&c, "#status", |t| t.contains("Black (B) to move"));

    // A multi-jump, step by step, from a loaded record; an illegal click
    // first, which changes nothing and says why.
    c.find("#record")
        .unwrap()
        .send_keys(jump.to_str().unwrap())
        .unwrap();
    wait_text(&c, "#message", |t| t.contains("record loaded"));
    click_site(&c, "18");
    let why = wait_text(&c, "#message", |t| t.contains("no legal move"));
    assert!(why.contains("a capture is compulsory: 14x23"), "{why}");
    assert!(moves(&c).is_empty());
    click_site(&c, "14");
    click_site(&c, "23");
    wait_text(&c, "#status", |t| t.contains("so far: 14x23"));
    shot(&c, &out, "2-half-jump");
    click_site(&c, "32");
    wait_text(&c, "#moves", |t| t.contains("14x23x32"));
    shot(&c, &out, "3-jump");

    // A toggle restarts the game with --set semantics; a bad value is
    // refused and the game stays.
    c.find("#toggle-repetition").unwrap().click().unwrap();
    wait_text(&c, "#title", |t| t.contains("repetition=false"));
    assert!(moves(&c).is_empty());
    let np = c.find("#toggle-no_progress").unwrap();
    np.clear().unwrap();
    np.send_keys("99999\n").unwrap();
    c.execute(
        "document.getElementById('toggle-no_progress').dispatchEvent(new Event('change'))",
        vec![],
    )
    .unwrap();
    let err = wait_text(&c, "#message", |t| t.contains("no_progress"));
    assert!(err.contains("99999"), "{err}");
    shot(&c, &out, "4-toggle");

    // A broken rule file shows its diagnostics instead of a board.
    choose_game(&c, "tests/invalid/misspelt_ludeme.game");
    let diag = wait_text(&c, "#error", |t| t.contains("misspelt_ludeme.game:6:20"));
    assert!(diag.contains("expected one of"), "{diag}");
    assert!(diag.contains("(play (priority (hpo)"), "{diag}");
    shot(&c, &out, "5-diagnostics");

    // A server keeping one game: a second game closes the page's, and
    // the page says so.
    let (_small, small_url) = serve(&["--max-sessions", "1", "--keep-recent", "0"]);
    c.goto(&format!("{small_url}?game=tictactoe")).unwrap();
    wait_text(&c, "#status", |t| t.contains("Cross (X) to move"));
    let other = c
        .execute(
            "return api('POST', '/api/sessions', {game: 'tictactoe'}).then((v) => v.session)",
            vec![],
        )
        .unwrap();
    assert_ne!(other, c.execute("return sid", vec![]).unwrap());
    let said = wait_text(&c, "#message", |t| t.contains("closed to make room"));
    assert!(said.contains("start a new game"), "{said}");
    shot(&c, &out, "6-evicted");
    c.close().unwrap();
}

/// How many elements match `css`.
fn count(c: &Client, css: &str) -> usize {
    let n = c
        .execute(
            "return document.querySelectorAll(arguments[0]).length",
            vec![json!(css)],
        )
        .unwrap();
    n.as_u64().unwrap() as usize
}

/// Waits (up to 30 s) until `count(css) == n`.
fn wait_count(c: &Client, css: &str, n: usize) {
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
fn declared_pictures(file: &std::path::Path) -> Vec<String> {
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
fn pictures_shown(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#board g.piece')).map((g) => g.dataset.picture)",
            vec![],
        )
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// Plays `labels` by clicks, waiting for each turn to be listed.
fn click_turns(c: &Client, labels: &[&str]) {
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

#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn the_page_speaks_each_games_notation_and_draws_its_pieces() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-notation");
    let _ = std::fs::remove_dir_all(&profile);
    // `serve GAME`: the page opens on that game.
    let (_server, url) = serve(&["chess"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    c.goto(&url).unwrap();
    wait_text(&c, "#title", |t| t.contains("(chess)"));
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));
    // The FIDE start: 16 pawns, 4 knights, bishops and rooks, 2 queens
    // and kings, each drawn as its own picture; files and ranks round
    // the board, as its moves name them.
    for (picture, n) in [
        ("pawn", 16),
        ("knight", 4),
        ("bishop", 4),
        ("rook", 4),
        ("queen", 2),
        ("king", 2),
    ] {
        assert_eq!(
            count(&c, &format!("#board g.piece[data-picture={picture}]")),
            n,
            "{picture}"
        );
    }
    assert_eq!(count(&c, "#board text.coord"), 16);
    // The legend: the six kinds, each as its picture.
    assert_eq!(count(&c, "#legend li svg g.piece"), 6);
    let legend = c.find("#legend").unwrap().text().unwrap();
    assert!(
        legend.contains("Knight") && legend.contains("King"),
        "{legend}"
    );
    assert_eq!(
        count(&c, "g.site[data-label=e1] g.piece.p0[data-picture=king]"),
        1
    );
    shot(&c, &out, "chess-start");
    // Flip: a1 goes from the bottom left to the top right.
    let y_of = |label: &str| {
        c.execute(
            "return document.querySelector(`g.site[data-label=\"${arguments[0]}\"]`).getBoundingClientRect().top",
            vec![json!(label)],
        )
        .unwrap()
        .as_f64()
        .unwrap()
    };
    assert!(y_of("a1") > y_of("a8"));
    c.find("#flip").unwrap().click().unwrap();
    let t0 = Instant::now();
    while y_of("a1") > y_of("a8") {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "the board never turned"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    shot(&c, &out, "chess-flipped");
    // Seats are choices, and start afresh with another game.
    let seat = |i: usize| {
        c.execute(
            "return document.getElementById('seat-' + arguments[0]).value",
            vec![json!(i)],
        )
        .unwrap()
    };
    assert_eq!((seat(0), seat(1)), (json!("human"), json!("mcts:1s")));
    assert!(count(&c, "#seat-1 option") >= 10);
    c.find("#seat-1 option[value=\"human\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));

    // Draughts: the squares' numbers, as its moves are written; no
    // letters. The labels box hides them.
    choose_game(&c, "checkers");
    wait_text(&c, "#status", |t| t.contains("Black (B) to move"));
    assert_eq!((seat(0), seat(1)), (json!("human"), json!("mcts:1s")));
    c.find("#seat-1 option[value=\"human\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_count(&c, "#board text.label", 32);
    assert_eq!(count(&c, "#board text.coord"), 0);
    for n in [1, 14, 32] {
        let text = c
            .find(&format!("g.site[data-label=\"{n}\"] text.label"))
            .unwrap()
            .text()
            .unwrap();
        assert_eq!(text, n.to_string());
    }
    assert_eq!(count(&c, "#board g.piece[data-picture=man]"), 24);
    shot(&c, &out, "checkers-numbers");
    c.find("#labels").unwrap().click().unwrap();
    let shown = c
        .execute(
            "return getComputedStyle(document.querySelector('#board text.label')).display",
            vec![],
        )
        .unwrap();
    assert_eq!(shown, json!("none"));
    c.find("#labels").unwrap().click().unwrap();
    // A man dragged from 11 to 15 plays 11-15.
    let from = c.find("g.site[data-label=\"11\"] g.stack").unwrap();
    let to = c.find("g.site[data-label=\"15\"] rect.cell").unwrap();
    c.drag(&from, &to).unwrap();
    wait_text(&c, "#moves", |t| t.lines().count() == 1);
    assert_eq!(moves(&c), ["11-15"]);
    assert_eq!(
        count(&c, "g.site[data-label=\"15\"] g.piece.p0[data-picture=man]"),
        1
    );
    shot(&c, &out, "checkers-dragged");
    // A hint for White, thought on the server's pool: one of its legal
    // turns, drawn as an arrow.
    c.find("#hint-player option[value=\"ab:2\"]")
        .unwrap()
        .click()
        .unwrap();
    c.find("#hint").unwrap().click().unwrap();
    let said = wait_text(&c, "#hint-text", |t| t.starts_with("ab:2: "));
    let turn = said["ab:2: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let legal = c.execute("return view.legal", vec![]).unwrap();
    assert!(
        legal.as_array().unwrap().contains(&json!(turn)),
        "{said} not in {legal}"
    );
    assert!(said.contains("value for White"), "{said}");
    assert_eq!(count(&c, "#board .hint-head"), 1);
    assert!(count(&c, "#board .hint-arrow") >= 1);
    shot(&c, &out, "checkers-hint");
    // The position editor: Black's man taken off 9 and put on 13, White
    // to move; Done checks it and the game starts from it (after 11-15:
    // Black on 1-8, 10, 12, 13 and 15).
    c.find("#edit-start").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Editing the position"));
    c.find("#piece-take").unwrap().click().unwrap();
    click_site(&c, "9");
    wait_count(&c, "g.site[data-label=\"9\"] g.piece", 0);
    c.find("#palette button[title=\"Black Checker\"]")
        .unwrap()
        .click()
        .unwrap();
    click_site(&c, "13");
    wait_count(&c, "g.site[data-label=\"13\"] g.piece.p0", 1);
    c.find("#edit-mover option[value=\"1\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));
    shot(&c, &out, "checkers-editor");
    c.find("#edit-done").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t == "White (W) to move");
    let fen = wait_text(&c, "#fen", |t| !t.is_empty());
    assert_eq!(
        fen,
        "FEN W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,13,15"
    );
    assert!(moves(&c).is_empty());

    // Hex: every cell labelled as its moves are (11 × 11), and each
    // player's two sides outlined (hex.game's `(win)` asks for a group
    // joining "Near" and "Far"): 2 × 11 cells a player.
    choose_game(&c, "hex");
    wait_text(&c, "#status", |t| t.contains("Red (R) to move"));
    wait_count(&c, "#board text.label", 121);
    assert_eq!(count(&c, "g.site[data-label=a11] text.label"), 1);
    assert_eq!(count(&c, "#board .goal.p0"), 22);
    assert_eq!(count(&c, "#board .goal.p1"), 22);
    shot(&c, &out, "hex-edges");

    // Tic-tac-toe to the end, both seats human: one status line, naming
    // the rule that ended it (tictactoe.game: `(if (line 3 To) (win))`).
    choose_game(&c, "tictactoe");
    wait_text(&c, "#status", |t| t.contains("Cross (X) to move"));
    c.find("#seat-1 option[value=\"human\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_text(&c, "#seats", |_| seat(1) == json!("human"));
    click_turns(&c, &["a1", "a2", "b1", "b2", "c1"]);
    let status = wait_text(&c, "#status", |t| t.starts_with("Game over"));
    assert_eq!(status, "Game over: Cross wins: by the rule (line 3 To)");
    assert_eq!(count(&c, "#board g.piece[data-picture=mark]"), 5);
    shot(&c, &out, "tictactoe-over");
    // The move list: a click on a move goes there, the arrow keys step.
    c.find("#moves li:nth-child(2)").unwrap().click().unwrap();
    wait_ply(&c, "2 / 5");
    wait_text(&c, "#status", |t| t.starts_with("Cross (X) to move"));
    let key = |k: &str| {
        c.execute(
            "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0]}))",
            vec![json!(k)],
        )
        .unwrap();
    };
    key("ArrowRight");
    wait_ply(&c, "3 / 5");
    key("ArrowLeft");
    key("ArrowLeft");
    wait_ply(&c, "1 / 5");
    key("End");
    wait_ply(&c, "5 / 5");
    wait_text(&c, "#status", |t| t.starts_with("Game over"));
    // The page's address reproduces the game: opened again, the same
    // turns, seats and ply.
    key("ArrowLeft");
    wait_ply(&c, "4 / 5");
    let here = c.execute("return location.href", vec![]).unwrap();
    let here = here.as_str().unwrap().to_string();
    assert!(here.contains("move=a1&move=a2"), "{here}");
    c.goto(&here).unwrap();
    wait_ply(&c, "4 / 5");
    assert_eq!(moves(&c), ["a1", "a2", "b1", "b2", "c1"]);
    assert_eq!(seat(1), json!("human"));
    key("End");
    wait_text(&c, "#status", |t| {
        t == "Game over: Cross wins: by the rule (line 3 To)"
    });

    // Every shipped game: a screenshot, and each piece drawn as a
    // picture its rule file names.
    let (_, games) = get_json(&url, "/api/games");
    for g in games["games"].as_array().unwrap() {
        let id = g["id"].as_str().unwrap();
        c.goto(&format!("{url}?game={id}")).unwrap();
        wait_text(&c, "#title", |t| t.contains(&format!("({id})")));
        wait_text(&c, "#status", |t| !t.is_empty());
        let declared = declared_pictures(&root().join(format!("games/{id}.game")));
        assert!(!declared.is_empty(), "{id} names no picture");
        for p in pictures_shown(&c) {
            assert!(
                declared.contains(&p),
                "{id}: a {p} is drawn; it names {declared:?}"
            );
        }
        if id == "polypods" {
            // polypods.game: `(role "Body" … mark:"*")`.
            let legend = c.find("#legend").unwrap().text().unwrap();
            assert!(
                legend.contains("an orange ring and * on a stack: Body (a role)"),
                "{legend}"
            );
        }
        shot(&c, &out, &format!("game-{id}"));
    }
    c.close().unwrap();
}

/// Plays each `(from, to)` turn by two clicks, waiting for it to be
/// listed.
fn click_moves(c: &Client, turns: &[(&str, &str)]) {
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
fn download(c: &Client, css: &str) -> String {
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
fn load_record(c: &Client, dir: &std::path::Path, name: &str, text: &str, n: usize) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    c.find("#new").unwrap().click().unwrap();
    wait_count(c, "#moves li", 0);
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
fn humans(c: &Client) {
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

#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn records_download_and_load_back() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-records");
    let _ = std::fs::remove_dir_all(&profile);
    let (_server, url) = serve(&["chess"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    c.goto(&url).unwrap();
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));
    // The page's own marks: from the new game's answer to its board
    // drawn (page.js, `ludic-draw`), within 200 ms for chess.
    let draw = c
        .execute(
            "return performance.getEntriesByName('ludic-draw').map((e) => e.duration)",
            vec![],
        )
        .unwrap();
    let draw: Vec<f64> = serde_json::from_value(draw).unwrap();
    assert!(!draw.is_empty(), "no ludic-draw measure");
    assert!(draw[0] < 200.0, "chess drawn in {} ms", draw[0]);
    eprintln!("chess drawn {:.1} ms after the server answered", draw[0]);

    // Chess with a toggle, the Ruy Lopez by clicks; its PGN in SAN.
    c.find("#toggle-repetition").unwrap().click().unwrap();
    wait_text(&c, "#title", |t| t.contains("repetition=false"));
    humans(&c);
    let ruy = [
        ("e2", "e4"),
        ("e7", "e5"),
        ("g1", "f3"),
        ("b8", "c6"),
        ("f1", "b5"),
    ];
    click_moves(&c, &ruy);
    let listed = ["e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-b5"];
    assert_eq!(moves(&c), listed);
    assert_eq!(c.find("#save-record").unwrap().text().unwrap(), "Save PGN");
    let pgn = download(&c, "#save-record");
    assert!(pgn.contains("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n"), "{pgn}");
    assert!(
        pgn.contains("[White \"human\"]\n[Black \"human\"]\n"),
        "{pgn}"
    );
    let trial = download(&c, "#save");
    assert!(trial.contains("set repetition=false"), "{trial}");
    shot(&c, &out, "records-chess");
    // The address reproduces it: game, toggle, seats, turns.
    let here = c.execute("return location.href", vec![]).unwrap();
    let here = here.as_str().unwrap().to_string();
    c.goto(&here).unwrap();
    wait_ply(&c, "5 / 5");
    assert_eq!(moves(&c), listed);
    wait_text(&c, "#title", |t| t.contains("repetition=false"));
    assert_eq!(download(&c, "#save-record"), pgn);
    // The PGN and the trial load back as the same game.
    load_record(&c, &out, "ruy.pgn", &pgn, 5);
    assert_eq!(moves(&c), listed);
    assert_eq!(download(&c, "#save-record"), pgn);
    load_record(&c, &out, "ruy.trial", &trial, 5);
    assert_eq!(moves(&c), listed);
    assert_eq!(download(&c, "#save"), trial);

    // Checkers: PDN, in the game's own moves.
    choose_game(&c, "checkers");
    wait_text(&c, "#status", |t| t.contains("Black (B) to move"));
    humans(&c);
    click_moves(&c, &[("11", "15"), ("23", "19")]);
    assert_eq!(c.find("#save-record").unwrap().text().unwrap(), "Save PDN");
    let pdn = download(&c, "#save-record");
    assert!(pdn.contains("\n1. 11-15 23-19 *\n"), "{pdn}");
    load_record(&c, &out, "checkers.pdn", &pdn, 2);
    assert_eq!(moves(&c), ["11-15", "23-19"]);
    assert_eq!(download(&c, "#save-record"), pdn);
    // Analysis that would run to the server's 10 s cap (alpha-beta 64
    // turns deep): a progress bar while it thinks; Cancel stops the
    // search on the server, which answers at once with its best turn.
    c.execute(
        "const o = document.createElement('option'); o.value = o.textContent = 'ab:64';
         $('hint-player').appendChild(o); $('hint-player').value = 'ab:64';",
        vec![],
    )
    .unwrap();
    c.find("#hint").unwrap().click().unwrap();
    wait_text(&c, "#hint-progress", |t| t.contains("of at most 10 s"));
    let bar = c
        .execute("return document.getElementById('hint-bar').hidden", vec![])
        .unwrap();
    assert_eq!(bar, json!(false));
    shot(&c, &out, "hint-thinking");
    let t0 = Instant::now();
    c.find("#hint-cancel").unwrap().click().unwrap();
    wait_text(&c, "#hint-progress", |t| {
        t == "cancelled: the best turn found so far"
    });
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
    let said = c.find("#hint-text").unwrap().text().unwrap();
    let turn = said
        .strip_prefix("ab:64: ")
        .expect("a hint")
        .split(' ')
        .next();
    let legal = c.execute("return view.legal", vec![]).unwrap();
    assert!(
        legal.as_array().unwrap().contains(&json!(turn.unwrap())),
        "{said}"
    );
    assert_eq!(count(&c, "#board .hint-head"), 1);
    // A game whose notation has neither offers the trial alone.
    choose_game(&c, "hex");
    wait_text(&c, "#status", |t| t.contains("Red (R) to move"));
    let hidden = c
        .execute(
            "return document.getElementById('save-record').hidden",
            vec![],
        )
        .unwrap();
    assert_eq!(hidden, json!(true));

    // The position editor beyond the board: chess's no-progress count
    // set to 99 (FIDE 9.3: 100 turns without a capture or a pawn move
    // draw); the position text and FEN written; loaded back as text,
    // the same game; one knight move draws.
    choose_game(&c, "chess");
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));
    humans(&c);
    c.find("#edit-start").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Editing the position"));
    let np = c.find("#edit-field-no-progress").unwrap();
    np.clear().unwrap();
    np.send_keys("99").unwrap();
    c.execute(
        "document.getElementById('edit-field-no-progress').dispatchEvent(new Event('change'))",
        vec![],
    )
    .unwrap();
    let fen = "FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99 1";
    wait_text(&c, "#fen", |t| t == fen);
    shot(&c, &out, "editor-fields");
    c.find("#edit-done").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t == "White (W) to move");
    let text = c
        .execute("return document.getElementById('position').value", vec![])
        .unwrap();
    let text = text.as_str().unwrap().to_string();
    assert!(text.contains(" no-progress=99 unmoved="), "{text}");
    c.find("#new").unwrap().click().unwrap();
    wait_text(&c, "#fen", |t| t.ends_with(" 0 1"));
    c.execute(
        "document.getElementById('position').value = arguments[0]",
        vec![json!(text)],
    )
    .unwrap();
    c.find("#load-position").unwrap().click().unwrap();
    wait_text(&c, "#fen", |t| t == fen);
    click_moves(&c, &[("g1", "f3")]);
    let status = wait_text(&c, "#status", |t| t.starts_with("Game over"));
    assert!(status.starts_with("Game over: Draw"), "{status}");

    // Marks and dice: Genocide with rolled movement points
    // (boxcars=false) and Stickyland; a1 marked as stepped on and the
    // dice's generator set in the editor, written in the position text,
    // loaded back as the same position.
    choose_game(&c, "genocide");
    wait_text(&c, "#status", |t| t.contains("Red (R) to move"));
    c.find("#toggle-boxcars").unwrap().click().unwrap();
    wait_text(&c, "#title", |t| t.contains("boxcars=false"));
    c.find("#toggle-stickyland").unwrap().click().unwrap();
    wait_text(&c, "#title", |t| t.contains("stickyland=true"));
    humans(&c);
    c.find("#edit-start").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Editing the position"));
    for (name, value) in [("marks", "a1"), ("dice", "1f2e3d")] {
        let input = c.find(&format!("#edit-field-{name}")).unwrap();
        input.clear().unwrap();
        input.send_keys(value).unwrap();
        c.execute(
            "document.getElementById(arguments[0]).dispatchEvent(new Event('change'))",
            vec![json!(format!("edit-field-{name}"))],
        )
        .unwrap();
    }
    wait_text(&c, "#status", |t| t.starts_with("Editing the position"));
    let position = || {
        c.execute("return document.getElementById('position').value", vec![])
            .unwrap()
            .as_str()
            .unwrap()
            .to_string()
    };
    c.find("#edit-done").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Red (R) to move"));
    let text = position();
    assert!(
        text.contains(" marks=a1") && text.contains(" dice=1f2e3d"),
        "{text}"
    );
    shot(&c, &out, "editor-marks-dice");
    // Stickyland reads the mark: a1's two checkers step one at a time.
    let legal = c.execute("return view.legal", vec![]).unwrap();
    let from_a1: Vec<&str> = legal
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m.as_str().filter(|m| m.starts_with("a1")))
        .collect();
    assert_eq!(from_a1, ["a1-a2/1", "a1-b1/1"]);
    c.find("#new").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Red (R) to move"));
    assert!(!position().contains("marks="));
    c.execute(
        "document.getElementById('position').value = arguments[0]",
        vec![json!(text)],
    )
    .unwrap();
    c.find("#load-position").unwrap().click().unwrap();
    let t0 = Instant::now();
    while position() != text {
        assert!(t0.elapsed() < Duration::from_secs(30), "{}", position());
        std::thread::sleep(Duration::from_millis(100));
    }
    c.close().unwrap();
}

/// A game whose pawns are a picture file beside its rule file
/// (tests/data/pictures/stars.game names `star.svg`): the page draws
/// each as an image from a `data:` address that the browser decodes
/// (star.svg is 100 × 100), in the board, the legend and the editor's
/// palette.
#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn a_picture_file_is_drawn_on_the_page() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-pictures");
    let _ = std::fs::remove_dir_all(&profile);
    let (_server, url) = serve(&["tests/data/pictures/stars.game"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    c.goto(&url).unwrap();
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));
    let shown = pictures_shown(&c);
    assert_eq!(shown.len(), 32);
    assert!(shown.iter().all(|p| p == "star.svg"), "{shown:?}");
    assert_eq!(
        declared_pictures(&root().join("tests/data/pictures/stars.game")),
        ["star.svg", "pawn"]
    );
    assert_eq!(
        count(
            &c,
            "#legend li svg g.piece[data-picture=\"star.svg\"] image"
        ),
        1
    );
    let sizes = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const hrefs = Array.from(document.querySelectorAll('#board g.piece image'))
               .map((i) => i.getAttribute('href'));
             Promise.all(hrefs.map((h) => { const im = new Image(); im.src = h;
               return im.decode().then(() => im.naturalWidth, () => 0); }))
               .then(done);",
            vec![],
        )
        .unwrap();
    let sizes: Vec<u32> = serde_json::from_value(sizes).unwrap();
    assert_eq!(sizes, vec![100; 32]);
    shot(&c, &out, "pictures-stars");
    c.find("#edit-start").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Editing the position"));
    assert_eq!(
        count(&c, "#palette g.piece[data-picture=\"star.svg\"] image"),
        2
    );
    c.find("#edit-cancel").unwrap().click().unwrap();
    c.close().unwrap();
}

/// The labels of the board's sites that carry class `class` (`origin`,
/// `target`), read in one script.
fn sites_with(c: &Client, class: &str) -> Vec<String> {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#board g.site.' + arguments[0])).map((g) => g.dataset.label)",
            vec![json!(class)],
        )
        .unwrap();
    serde_json::from_value(v).unwrap_or_default()
}

/// Plays a whole game as a new user would, seat 0 human against seat 1
/// `opponent`: on the human's turn, a click on a highlighted piece,
/// then a click on (or, every other turn, a drag to) a highlighted
/// destination, until a choice is offered (clicked) or the turn is done;
/// the sites are chosen by a seeded generator (xorshift). Returns the
/// final status and the number of turns listed; a screenshot every 20
/// turns and at the end.
fn play_as_new_user(
    c: &Client,
    out: &std::path::Path,
    name: &str,
    opponent: &str,
) -> (String, usize) {
    c.find(&format!("#seat-1 option[value=\"{opponent}\"]"))
        .unwrap()
        .click()
        .unwrap();
    c.execute("document.getElementById('speed').value = 0", vec![])
        .unwrap();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut pick = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let t0 = Instant::now();
    let mut shots = 0;
    loop {
        let status = c.find("#status").and_then(|e| e.text()).unwrap_or_default();
        let listed = moves(c).len();
        if status.starts_with("Game over") {
            shot(c, out, &format!("{name}-end"));
            // The page never scrolled away from the board and the status
            // (the move list scrolls inside itself).
            let y = c.execute("return window.scrollY", vec![]).unwrap();
            assert_eq!(y, json!(0), "{name}: the page scrolled");
            return (status, listed);
        }
        assert!(
            t0.elapsed() < Duration::from_secs(600),
            "{name}: not over after {listed} turns: {status}"
        );
        if listed / 20 > shots {
            shots = listed / 20;
            shot(c, out, &format!("{name}-{listed}"));
        }
        // A choice (a promotion): the first.
        if let Ok(b) = c.find("#choices button") {
            let _ = b.click();
            std::thread::sleep(Duration::from_millis(100));
            continue;
        }
        let origins = sites_with(c, "origin");
        let targets = sites_with(c, "target");
        if !targets.is_empty() {
            let to = &targets[pick(targets.len())];
            let selected = sites_with(c, "selected");
            match (listed % 2, selected.first()) {
                (1, Some(from)) => {
                    let css = |l: &str| format!("g.site[data-label=\"{l}\"]");
                    if let (Ok(a), Ok(b)) = (c.find(&css(from)), c.find(&css(to))) {
                        let _ = c.drag(&a, &b);
                    }
                }
                _ => click_site(c, to),
            }
        } else if !origins.is_empty() {
            click_site(c, &origins[pick(origins.len())]);
        }
        std::thread::sleep(Duration::from_millis(60));
    }
}

/// A chess player and a draughts player, new to the page, each play a
/// whole game against a computer seat by clicks and drags on what the
/// page highlights (issue 40: "done when …").
#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn new_users_play_whole_games() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-new-user");
    let _ = std::fs::remove_dir_all(&profile);
    let (_server, url) = serve(&[]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    for (game, first, opponent) in [
        ("chess", "White (W) to move", "greedy"),
        ("checkers", "Black (B) to move", "greedy"),
    ] {
        c.goto(&format!("{url}?game={game}")).unwrap();
        wait_text(&c, "#status", |t| t.contains(first));
        let (status, turns) = play_as_new_user(&c, &out, &format!("new-user-{game}"), opponent);
        eprintln!("{game}: {status} after {turns} turns");
        assert!(turns > 0, "{game}: {status}");
    }
    c.close().unwrap();
}

//! End-to-end test of `ludic serve` in headless Chromium, driven over
//! WebDriver (fantoccini) through chromedriver. It needs Debian's
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

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

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

async fn browser(port: u16, profile: &std::path::Path) -> Client {
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
    let serde_json::Value::Object(caps) = caps else {
        unreachable!()
    };
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session")
}

/// Waits (up to 30 s) until the text of `css` satisfies `ok`; returns it.
async fn wait_text(c: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let t0 = Instant::now();
    let mut last = String::new();
    while t0.elapsed() < Duration::from_secs(30) {
        if let Ok(e) = c.find(Locator::Css(css)).await
            && let Ok(text) = e.text().await
        {
            if ok(&text) {
                return text;
            }
            last = text;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{css} never matched; its text: {last:?}");
}

/// The moves listed on the page.
async fn moves(c: &Client) -> Vec<String> {
    let mut out = Vec::new();
    for li in c.find_all(Locator::Css("#moves li")).await.unwrap() {
        out.push(li.text().await.unwrap());
    }
    out
}

/// Clicks the site labelled `label`. The page redraws the board after each
/// answer of the server, so the element found may be replaced before the
/// click reaches it (a stale element): it is found again, for up to 30 s.
async fn click_site(c: &Client, label: &str) {
    let css = format!("g.site[data-label=\"{label}\"]");
    let t0 = Instant::now();
    loop {
        let clicked = match c.find(Locator::Css(&css)).await {
            Ok(e) => e.click().await.map(|_| ()),
            Err(e) => Err(e),
        };
        match clicked {
            Ok(()) => return,
            Err(e) if t0.elapsed() > Duration::from_secs(30) => panic!("click {label}: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

async fn shot(c: &Client, dir: &std::path::Path, name: &str) {
    let png = c.screenshot().await.unwrap();
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
async fn foreign_page_is_refused(c: &Client, url: &str, sid: &str) {
    let before = get_json(url, &format!("/api/sessions/{sid}")).1;
    let (_other, other_url) = serve(&[]);
    assert_ne!(other_url, url);
    c.goto(&other_url).await.unwrap();
    let out = c
        .execute_async(FOREIGN_CALLS, vec![json!(url), json!(sid)])
        .await
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

async fn choose_game(c: &Client, id: &str) {
    let css = format!("#game option[value=\"{id}\"]");
    c.find(Locator::Css(&css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium; run by .ci/test"]
async fn play_checkers_in_the_browser() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile");
    let _ = std::fs::remove_dir_all(&profile);
    // A position with a double jump for Black: 14x23x32 (hand-worked: the
    // squares below 14 are 17 and 18, below 23 are 26 and 27).
    let jump = out.join("jump.trial");
    std::fs::write(
        &jump,
        "ludic-trial 1\ngame checkers\nstart B:W18,27,1:B14\nmoves\nresult unfinished\n",
    )
    .unwrap();
    let (_server, url) = serve(&["tests/invalid/misspelt_ludeme.game"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile).await;

    // Checkers: Black (human) plays 11-15; White (mcts:300) replies.
    c.goto(&format!("{url}?game=checkers")).await.unwrap();
    wait_text(&c, "#status", |t| t.contains("Black (B) to move")).await;
    click_site(&c, "11").await;
    click_site(&c, "15").await;
    wait_text(&c, "#moves", |t| t.lines().count() == 2).await;
    assert_eq!(moves(&c).await[0], "11-15");
    wait_text(&c, "#status", |t| t.starts_with("Black (B) to move")).await;
    shot(&c, &out, "1-reply").await;

    // Another origin cannot use that game (the browser sends its Origin;
    // the server refuses it; without the page's token nothing changes).
    let sid = c.execute("return sid", vec![]).await.unwrap();
    let sid = sid.as_str().expect("the page's session id").to_string();
    assert_eq!(moves(&c).await.len(), 2);
    foreign_page_is_refused(&c, &url, &sid).await;
    c.goto(&format!("{url}?game=checkers")).await.unwrap();
    wait_text(&c, "#status", |t| t.contains("Black (B) to move")).await;

    // A multi-jump, step by step, from a loaded record; an illegal click
    // first, which changes nothing and says why.
    c.find(Locator::Id("record"))
        .await
        .unwrap()
        .send_keys(jump.to_str().unwrap())
        .await
        .unwrap();
    wait_text(&c, "#message", |t| t.contains("record loaded")).await;
    click_site(&c, "18").await;
    let why = wait_text(&c, "#message", |t| t.contains("no legal move")).await;
    assert!(why.contains("a capture is compulsory: 14x23"), "{why}");
    assert!(moves(&c).await.is_empty());
    click_site(&c, "14").await;
    click_site(&c, "23").await;
    wait_text(&c, "#status", |t| t.contains("so far: 14x23")).await;
    shot(&c, &out, "2-half-jump").await;
    click_site(&c, "32").await;
    wait_text(&c, "#moves", |t| t.contains("14x23x32")).await;
    shot(&c, &out, "3-jump").await;

    // A toggle restarts the game with --set semantics; a bad value is
    // refused and the game stays.
    c.find(Locator::Id("toggle-repetition"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_text(&c, "#title", |t| t.contains("repetition=false")).await;
    assert!(moves(&c).await.is_empty());
    let np = c.find(Locator::Id("toggle-no_progress")).await.unwrap();
    np.clear().await.unwrap();
    np.send_keys("99999\n").await.unwrap();
    c.execute(
        "document.getElementById('toggle-no_progress').dispatchEvent(new Event('change'))",
        vec![],
    )
    .await
    .unwrap();
    let err = wait_text(&c, "#message", |t| t.contains("no_progress")).await;
    assert!(err.contains("99999"), "{err}");
    shot(&c, &out, "4-toggle").await;

    // A broken rule file shows its diagnostics instead of a board.
    choose_game(&c, "tests/invalid/misspelt_ludeme.game").await;
    let diag = wait_text(&c, "#error", |t| t.contains("misspelt_ludeme.game:6:20")).await;
    assert!(diag.contains("expected one of"), "{diag}");
    assert!(diag.contains("(play (priority (hpo)"), "{diag}");
    shot(&c, &out, "5-diagnostics").await;

    // A server keeping one game: a second game closes the page's, and
    // the page says so.
    let (_small, small_url) = serve(&["--max-sessions", "1", "--keep-recent", "0"]);
    c.goto(&format!("{small_url}?game=tictactoe"))
        .await
        .unwrap();
    wait_text(&c, "#status", |t| t.contains("Cross (X) to move")).await;
    let other = c
        .execute(
            "return api('POST', '/api/sessions', {game: 'tictactoe'}).then((v) => v.session)",
            vec![],
        )
        .await
        .unwrap();
    assert_ne!(other, c.execute("return sid", vec![]).await.unwrap());
    let said = wait_text(&c, "#message", |t| t.contains("closed to make room")).await;
    assert!(said.contains("start a new game"), "{said}");
    shot(&c, &out, "6-evicted").await;
    c.close().await.unwrap();
}

//! Checkers played by clicks: a multi-jump step by step, undo, the
//! replay slider; and a page of another origin refused.

use crate::driver::*;
use serde_json::json;

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
    wait_count(&c, "#moves .ply", 2);
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

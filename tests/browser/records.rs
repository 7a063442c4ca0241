//! Records downloaded (PGN, PDN, trial) and loaded back; the position
//! editor's round trip.

use crate::driver::*;
use serde_json::json;
use std::time::{Duration, Instant};

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
    // drawn (page.js, `ludic-draw`). Printed, not asserted: a test is
    // not timed; docs/serve.md records the time measured for chess.
    let draw = c
        .execute(
            "return performance.getEntriesByName('ludic-draw').map((e) => e.duration)",
            vec![],
        )
        .unwrap();
    let draw: Vec<f64> = serde_json::from_value(draw).unwrap();
    assert!(!draw.is_empty(), "no ludic-draw measure");
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
    // The list as a chess site shows it: SAN, paired under move numbers
    // (the Ruy Lopez as every opening book writes it).
    let listed = ["e4", "e5", "Nf3", "Nc6", "Bb5"];
    assert_eq!(moves(&c), listed);
    assert_eq!(move_rows(&c), ["1. e4 e5", "2. Nf3 Nc6", "3. Bb5"]);
    // Still a list to go to: a click on Nf3 shows the board after it.
    c.find("#moves .ply[data-ply=\"3\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_ply(&c, "3 / 5");
    wait_text(&c, "#status", |t| t.starts_with("Black (B) to move"));
    c.find("#last").unwrap().click().unwrap();
    wait_ply(&c, "5 / 5");
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
    assert_eq!(move_rows(&c), ["1. 11-15 23-19"]);
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
    assert_eq!(count(&c, "#board .hint-turn[data-turn=\"1\"]"), 1);
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
    // The position a player copies has no history of earlier positions
    // (chess.game reads it for threefold repetition); the page keeps it.
    let shown = c
        .execute("return document.getElementById('position').value", vec![])
        .unwrap();
    let whole = c.execute("return view.position", vec![]).unwrap();
    assert!(whole.as_str().unwrap().contains(" history="), "{whole}");
    assert!(!shown.as_str().unwrap().contains("history="), "{shown}");

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
    // Red's movement points, rolled by Red's Roll.
    wait_text(&c, "#status", |t| t.contains(" to roll: press Roll"));
    roll_if_asked(&c);
    wait_text(&c, "#status", |t| t.starts_with("Red (R) to move"));
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
    // The mark is drawn on the draft's board as it is set.
    wait_count(&c, "#board g.site.marked", 1);
    wait_count(&c, "#board g.site.marked[data-label=\"a1\"]", 1);
    let position = || {
        c.execute("return document.getElementById('position').value", vec![])
            .unwrap()
            .as_str()
            .unwrap()
            .to_string()
    };
    // Both fields taken by the server before the draft is done.
    let t0 = Instant::now();
    while !(position().contains(" marks=a1") && position().contains(" dice=1f2e3d")) {
        assert!(t0.elapsed() < Duration::from_secs(30), "{}", position());
        std::thread::sleep(Duration::from_millis(100));
    }
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
    // The status read "Red (R) to move" before the new game too: wait for
    // the new game's position itself (no marks) to reach the page.
    let t0 = Instant::now();
    while position().contains("marks=") {
        assert!(t0.elapsed() < Duration::from_secs(30), "{}", position());
        std::thread::sleep(Duration::from_millis(100));
    }
    wait_text(&c, "#status", |t| t.starts_with("Red (R) to roll"));
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

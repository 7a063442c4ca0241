//! What each seat does and sees on the page: a human seat rolls its dice
//! by its Roll button while a computer seat's are rolled at once (issue
//! 40), and in a game of more than two seats each seat's standing is in
//! the Analysis table (issue 39).

use crate::driver::*;
use serde_json::json;

/// True while the page shows its Roll button.
fn roll_shown(c: &Client) -> bool {
    c.execute("return !document.getElementById('roll').hidden", vec![])
        .unwrap()
        == json!(true)
}

#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn a_human_rolls_by_the_roll_button_and_a_computer_at_once() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-roll");
    let _ = std::fs::remove_dir_all(&profile);
    let (_server, url) = serve(&["backgammon"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    // A seed whose first mover is White (seat 0, human): the game opens
    // waiting for White's Roll (the seed draws the first player; about
    // one seed in two). Both seats human: nothing plays meanwhile.
    let seed = (1..40)
        .find(|seed| {
            c.goto(&format!(
                "{url}?game=backgammon&seat=human&seat=human&seed={seed}"
            ))
            .unwrap();
            wait_text(&c, "#seed", |t| t == format!("seed {seed}"));
            let status = wait_text(&c, "#status", |t| t.contains(" to "));
            status.starts_with("White (W) to roll")
        })
        .expect("a seed where White moves first");
    assert!(roll_shown(&c));
    assert!(moves(&c).is_empty());
    let said = c.find("#dice-words").unwrap().text().unwrap();
    assert_eq!(said, "White to roll 2 dice of 6 sides: press Roll");
    shot(&c, &out, "roll-waiting");
    c.find("#roll").unwrap().click().unwrap();
    wait_count(&c, "#moves .ply", 1);
    let throw = moves(&c)[0].clone();
    assert!(throw.starts_with("roll:"), "{throw}");
    wait_text(&c, "#status", |t| t.starts_with("White (W) to move"));
    assert!(!roll_shown(&c));
    assert_eq!(
        count(&c, "#dice-faces svg.die"),
        2 + 2 * usize::from(is_double(&throw))
    );
    shot(&c, &out, "roll-rolled");
    // The same seed with White a computer seat: its throw is made at
    // once, and it is the same throw (from the seed and the ply).
    c.goto(&format!(
        "{url}?game=backgammon&seat=random&seat=random&seed={seed}"
    ))
    .unwrap();
    c.execute("document.getElementById('speed').value = 3000", vec![])
        .unwrap();
    wait_text(&c, "#seed", |t| t == format!("seed {seed}"));
    let t0 = std::time::Instant::now();
    while moves(&c).is_empty() {
        assert!(t0.elapsed() < std::time::Duration::from_secs(30));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(moves(&c)[0], throw);
    assert!(!roll_shown(&c));
    c.close().unwrap();
}

/// `roll:A-B` with A = B: four dice to play.
fn is_double(throw: &str) -> bool {
    let (a, b) = throw.trim_start_matches("roll:").split_once('-').unwrap();
    a == b
}

#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn each_seat_of_a_game_of_three_has_its_row_in_the_standing() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-standing");
    let _ = std::fs::remove_dir_all(&profile);
    let (_server, url) = serve(&["chinese-checkers"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    c.goto(&format!(
        "{url}?game=chinese-checkers&seat=human&seat=human"
    ))
    .unwrap();
    wait_text(&c, "#status", |t| t.contains("to move"));
    // Two seats: no table (the hint's values say it).
    let hidden = c
        .execute("return document.getElementById('standing').hidden", vec![])
        .unwrap();
    assert_eq!(hidden, json!(true));
    c.execute(
        "const s = document.getElementById('toggle-seats'); s.value = 'three';
         s.dispatchEvent(new Event('change'));",
        vec![],
    )
    .unwrap();
    wait_text(&c, "#title", |t| t.contains("seats=three"));
    wait_count(&c, "#standing tbody tr", 3);
    let rows = c
        .execute(
            "return Array.from(document.querySelectorAll('#standing tbody tr')).map((r) => r.textContent.trim())",
            vec![],
        )
        .unwrap();
    let rows: Vec<String> = serde_json::from_value(rows).unwrap();
    let names: Vec<String> = serde_json::from_value(
        c.execute("return view.seats.map((s) => s.name)", vec![])
            .unwrap(),
    )
    .unwrap();
    assert_eq!(names.len(), 3);
    // At the start nobody has a marble in its target: every value is 0,
    // everyone plays; the mover's row is marked.
    for (row, name) in rows.iter().zip(&names) {
        assert_eq!(row, &format!("{name}0playing"));
    }
    assert_eq!(count(&c, "#standing tr.mover"), 1);
    shot(&c, &out, "standing-three");
    c.close().unwrap();
}

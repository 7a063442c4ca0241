//! A player whose dice leave no legal move passes at the roll that
//! decides it, and the front ends say so there (docs/chance.md,
//! "Passes"): `ludic moves` marks the outcomes after which the player
//! passes, `ludic play` prints the pass right after the roll, and its
//! trial notes it as a comment line there (the trial still replays).
//!
//! The position: backgammon, White's last step has just thrown the dice
//! (Black's, and White's next when Black cannot use them); Black has a
//! checker on the bar. Black enters on the point of a die's value, and a
//! point holding two or more White checkers is closed: Black passes
//! exactly when both dice name closed points. The closed points are read
//! here from the position text, apart from the engine.

mod common;
use common::{ludic, ok};

const POSITION: &str = "W W:3*2,4*5,6*2,7,13*3,15*2 B:1*3,12*3,14,19*2,21,23*3,24,bbar \
     turns=16 no-progress=15 last=8,7 again=Dice turn-steps=1 turn-captured=yes \
     turn-score=1 dice-left=2 pending=0,4,2,-,2";

/// Points holding two or more White checkers, from the position text.
fn closed() -> Vec<u32> {
    let white = POSITION
        .split_whitespace()
        .find(|w| w.starts_with("W:"))
        .unwrap();
    white[2..]
        .split(',')
        .filter_map(|s| {
            let (p, n) = s.split_once('*')?;
            (n.parse::<u32>().ok()? >= 2).then(|| p.parse().unwrap())
        })
        .collect()
}

fn black_passes(a: u32, b: u32) -> bool {
    let c = closed();
    c.contains(&a) && c.contains(&b)
}

/// The dice of `roll:A-B`.
fn dice(text: &str) -> (u32, u32) {
    let (a, b) = text.trim_start_matches("roll:").split_once('-').unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

#[test]
fn moves_marks_the_rolls_after_which_black_passes() {
    assert_eq!(closed(), vec![3, 4, 6, 13, 15]);
    let out = ok(&ludic(&["moves", "backgammon", "--position", POSITION]));
    let list = out.split_once("outcome(s): ").expect("outcomes").1.trim();
    let mut seen = 0;
    for item in list.split(") ").map(|s| s.trim_end_matches(')')) {
        let (roll, odds) = item.split_once(" (").expect(item);
        let (a, b) = dice(roll);
        assert_eq!(
            odds.ends_with(", Black passes"),
            black_passes(a, b),
            "{item}"
        );
        seen += 1;
    }
    assert_eq!(seen, 21, "{out}");
}

#[test]
fn play_names_the_pass_at_the_roll_and_the_trial_notes_it() {
    let dir = tempfile::tempdir().unwrap();
    let (mut passed, mut played) = (0, 0);
    for seed in 1..=40 {
        let file = dir.path().join(format!("g{seed}.trial"));
        let path = file.to_str().unwrap();
        let s = seed.to_string();
        let out = ok(&ludic(&[
            "play",
            "backgammon",
            "--position",
            POSITION,
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            &s,
            "--max-turns",
            "1",
            "--quiet",
            "--record",
            path,
        ]));
        let lines: Vec<&str> = out.lines().collect();
        let first = lines
            .iter()
            .position(|l| l.starts_with("nature rolls"))
            .unwrap();
        let (a, b) = dice(lines[first].trim_start_matches("nature rolls "));
        let pass = black_passes(a, b);
        // The pass is named on the line right after the roll that decides it.
        assert_eq!(
            lines[first + 1] == "Black passes (no legal move)",
            pass,
            "seed {seed}:\n{out}"
        );
        assert_eq!(
            out.matches("Black passes").count(),
            usize::from(pass),
            "{out}"
        );
        let text = std::fs::read_to_string(&file).unwrap();
        let roll = format!("roll:{a}-{b}\n# Black passes (no legal move)\n");
        assert_eq!(text.contains(&roll), pass, "seed {seed}:\n{text}");
        ok(&ludic(&["replay", "backgammon", path]));
        if pass {
            passed += 1;
        } else {
            played += 1;
        }
    }
    // Both cases came up, so the test can fail either way.
    assert!(
        passed > 0 && played > 0,
        "{passed} passes, {played} entries"
    );
}

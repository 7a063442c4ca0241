//! The players' commands through the real binary: `play --record` then
//! `replay` for every game in games/, `analyze` independent of threads,
//! `analyze --compare`.

mod common;
use common::{ludic, ok};

use std::path::{Path, PathBuf};

/// Every rule file in games/.
fn game_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("games/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
}

fn tmp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// A matchup of [`round_trips`]:
/// first and second player, seed, turn cap, and whether the same command is
/// run twice to check that it records the same game.
#[derive(Clone, Copy)]
struct Matchup(&'static str, &'static str, &'static str, &'static str, bool);

/// Plays every matchup on every file in games/ with `--record`, then
/// replays the record.
fn round_trips(matchups: &[Matchup]) {
    for file in game_files() {
        let game = file.to_str().unwrap();
        let stem = file.file_stem().unwrap().to_str().unwrap();
        // Games that FEN describes (numbered sites, players W and B) are
        // also recorded as PDN: only the files named are written.
        // PDN FEN (`B:W18,24:B12`), not a chess FEN (ranks with `/`).
        let shown = ok(&ludic(&["show", game]));
        let pdn_ok = shown
            .lines()
            .any(|l| l.starts_with("FEN ") && !l.contains('/'));
        for &Matchup(p1, p2, seed, turns, twice) in matchups {
            let record = tmp(&format!("{stem}-{seed}.trial"));
            let rec = record.to_str().unwrap();
            let pdn = record.with_extension("pdn");
            let mut args = vec![
                "play",
                game,
                "--p1",
                p1,
                "--p2",
                p2,
                "--seed",
                seed,
                "--record",
                rec,
                "--quiet",
                "--max-turns",
                turns,
                "--force",
            ];
            if pdn_ok {
                args.extend(["--record", pdn.to_str().unwrap()]);
            }
            let out = ok(&ludic(&args));
            assert!(
                out.contains("Game over") || out.contains("Stopped after"),
                "{out}"
            );
            let first = std::fs::read_to_string(&record).unwrap();
            assert!(first.starts_with("ludic-trial 1\n"), "{first}");
            assert!(
                first.contains(&format!("\nplayer {p1}\nplayer {p2}\n")),
                "{first}"
            );
            if twice {
                // Seeded: the same command records the same game.
                ok(&ludic(&args));
                assert_eq!(std::fs::read_to_string(&record).unwrap(), first, "{stem}");
            }
            let out = ok(&ludic(&["replay", game, rec]));
            assert!(out.contains("1 games, 1 ok, 0 failed"), "{stem}: {out}");
            if pdn_ok {
                let out = ok(&ludic(&["replay", game, pdn.to_str().unwrap()]));
                assert!(out.contains("1 games, 1 ok, 0 failed"), "{stem}: {out}");
            }
        }
    }
}

// Computer players on every file. Random players play whole games, long
// ones included (a Genocide game is hundreds of turns, thousands of steps),
// recorded once and replayed. Every player kind is also run twice on a
// short game (every search iteration of Genocide is a whole random
// playout), to check that a seeded command records the same game: the
// random player's and the search players' generators. Two tests, so that
// the harness runs them side by side.

#[test]
fn whole_random_games_round_trip_for_every_game() {
    round_trips(&[Matchup("random", "random", "1", "100000", false)]);
}

#[test]
fn seeded_short_games_record_the_same_game_twice_and_round_trip() {
    round_trips(&[
        Matchup("random", "random", "3", "12", true),
        Matchup("mcts:4", "mc:1", "2", "2", true),
    ]);
}

#[test]
fn replay_rejects_a_trial_with_an_illegal_move_or_a_wrong_result() {
    let game = "checkers";
    let record = tmp("tampered.trial");
    let rec = record.to_str().unwrap();
    ok(&ludic(&[
        "play", game, "--p1", "random", "--p2", "random", "--record", rec, "--quiet", "--force",
    ]));
    let text = std::fs::read_to_string(&record).unwrap();
    // Drop the last move: legal moves, but the game is not over.
    let mut lines: Vec<&str> = text.lines().collect();
    let result = lines.pop().unwrap();
    lines.pop();
    lines.push(result);
    std::fs::write(&record, lines.join("\n") + "\n").unwrap();
    let o = ludic(&["replay", game, rec]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("WRONG RESULT"));
    // Swap two moves of the opening: the second is then illegal.
    let mut lines: Vec<&str> = text.lines().collect();
    let m = lines.iter().position(|l| *l == "moves").unwrap();
    lines.swap(m + 1, m + 2);
    std::fs::write(&record, lines.join("\n") + "\n").unwrap();
    let o = ludic(&["replay", game, rec]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("ILLEGAL at ply 1"));
}

fn analyze_json(threads: &str) -> serde_json::Value {
    let out = ok(&ludic(&[
        "analyze",
        "checkers",
        "--count",
        "300",
        "--threads",
        threads,
        "--json",
    ]));
    let mut v: serde_json::Value = serde_json::from_str(&out).expect("json");
    v.as_object_mut().unwrap().remove("threads");
    for s in v["settings"].as_array_mut().unwrap() {
        s.as_object_mut().unwrap().remove("seconds");
    }
    v
}

#[test]
fn analyze_gives_the_same_numbers_on_one_and_two_threads() {
    let one = analyze_json("1");
    assert_eq!(one, analyze_json("2"));
    let s = &one["settings"][0];
    assert_eq!(s["count"], 300);
    let total: u64 = ["wins", "draws", "unfinished"]
        .iter()
        .map(|k| match &s[*k] {
            serde_json::Value::Array(a) => a.iter().map(|r| r["count"].as_u64().unwrap()).sum(),
            r => r["count"].as_u64().unwrap(),
        })
        .sum();
    assert_eq!(total, 300);
    assert!(s["mean_branching"].as_f64().unwrap() > 1.0);
}

#[test]
fn analyze_compare_prints_both_settings_side_by_side() {
    let out = ok(&ludic(&[
        "analyze",
        "checkers",
        "--count",
        "200",
        "--compare",
        "no_progress=10",
        "--threads",
        "2",
    ]));
    let header = out.lines().nth(1).unwrap();
    assert!(header.contains("defaults"), "{out}");
    assert!(header.contains("no_progress=10"), "{out}");
    assert!(header.contains("difference"), "{out}");
    let draws = out.lines().find(|l| l.starts_with("draws")).unwrap();
    assert_eq!(draws.matches('%').count(), 2, "{draws}");
    assert!(draws.contains("pts, p ="), "{draws}");
    assert!(out.contains("(first player) wins:"), "{out}");
    assert!(out.contains("ended by no_progress"), "{out}");
}

#[test]
fn analyze_keeps_mcts_options_with_their_player() {
    // `cut=2` belongs to the mcts player: two seats, not three.
    let out = ok(&ludic(&[
        "analyze",
        "tictactoe",
        "--count",
        "2",
        "--players",
        "mcts:20,cut=2,eps=0.5,random",
        "--json",
    ]));
    assert!(
        out.contains(r#""players":["mcts:20,cut=2,eps=0.5","random"]"#),
        "{out}"
    );
    let o = ludic(&["players"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("cut=D") && text.contains("eps=E"), "{text}");
}

#[test]
fn analyze_refuses_humans_and_unknown_players() {
    for p in ["human", "mcts,alphabeta"] {
        let o = ludic(&["analyze", "checkers", "--count", "2", "--players", p]);
        assert_eq!(o.status.code(), Some(2), "{p}");
    }
    // Three players for a two-seat game.
    let o = ludic(&[
        "analyze",
        "checkers",
        "--count",
        "2",
        "--players",
        "random,random,random",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("has 2 seats"));
}

#[test]
fn analyze_against_another_game_compares_seat_by_seat() {
    // Giveaway moves as English draughts does and only inverts who wins
    // (rules.md §3, the giveaway variant): the same seeded random games
    // are played in both, so each side's wins in one are the other side's
    // wins in the other, and the draws are the same.
    let out = ok(&ludic(&[
        "analyze",
        "giveaway",
        "--against",
        "checkers",
        "--count",
        "200",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let s = v["settings"].as_array().unwrap();
    assert_eq!(s.len(), 2);
    let wins = |i: usize, p: usize| s[i]["wins"][p]["count"].as_u64().unwrap();
    assert_eq!(wins(0, 0), wins(1, 1));
    assert_eq!(wins(0, 1), wins(1, 0));
    assert_ne!(wins(0, 0), wins(0, 1), "a test that could not tell");
    assert_eq!(s[0]["draws"]["count"], s[1]["draws"]["count"]);
    // A game that does not load, or has another number of players, is
    // refused.
    let o = ludic(&[
        "analyze",
        "checkers",
        "--against",
        "nowhere.game",
        "--count",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let three = tmp("three.game");
    std::fs::write(
        &three,
        r#"(game "Three" (players 3) (board (square 3 3)) (piece "P") (play (pass)))"#,
    )
    .unwrap();
    let o = ludic(&[
        "analyze",
        "checkers",
        "--against",
        three.to_str().unwrap(),
        "--count",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("3 players"));
}

#[test]
fn play_lets_a_heuristic_player_build_its_own_genocide_turn() {
    // Red's first turn: 12 movement points, and a heuristic that rewards
    // checkers closer to Black's back row. `play` used to list the turns
    // (cut at 100,000) and fall back on the first, `end`, when the
    // greedy player's sampled turn was not among them; the same seed
    // through `analyze`'s game loop plays the same turn.
    let out = ok(&ludic(&[
        "play",
        "genocide",
        "--p1",
        "greedy",
        "--p2",
        "greedy",
        "--max-turns",
        "2",
        "--quiet",
    ]));
    let first = out.lines().next().expect("a line");
    assert!(first.starts_with("Red plays "), "{out}");
    assert!(!first.starts_with("Red plays end"), "{out}");
    // Several steps, `,`-separated, each a move of checkers.
    let steps = first["Red plays ".len()..].split(' ').next().unwrap();
    assert!(steps.split(',').count() >= 6, "{out}");
}

#[test]
fn playout_reports_each_seats_mean_place_with_three_players() {
    // Three men race east or west along their own rows to column d; with
    // (play-on) every finished game ranks the seats 1, 2 and 3, so the
    // mean places add up to 6 and each lies between 1 and 3.
    let race = tmp("race3.game");
    std::fs::write(
        &race,
        r#"(game "Race" (players 3) (board (square 3 4)) (piece "Man")
  (region "Goal" (column -1))
  (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "a2")) (fill "Man" P3 (sites "a3")))
  (play (step dirs:{E W} to:Empty then:(if (in To "Goal") (win))))
  (end (play-on)))"#,
    )
    .unwrap();
    let file = race.to_str().unwrap();
    let out = ok(&ludic(&["playout", file, "--count", "40", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let places = v["mean_places"].as_object().expect("mean_places");
    let each: Vec<f64> = ["P1", "P2", "P3"]
        .iter()
        .map(|p| places[*p].as_f64().unwrap())
        .collect();
    assert!(each.iter().all(|m| (1.0..=3.0).contains(m)), "{each:?}");
    assert!((each.iter().sum::<f64>() - 6.0).abs() < 0.01, "{each:?}");
    let text = ok(&ludic(&["playout", file, "--count", "40"]));
    assert_eq!(text.matches("mean place").count(), 3, "{text}");
    // Two players: no places reported.
    let two = ok(&ludic(&["playout", "tictactoe", "--count", "5", "--json"]));
    assert!(!two.contains("mean_places"), "{two}");
}

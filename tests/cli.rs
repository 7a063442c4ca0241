//! Runs the real `ludic` binary: exit codes and output.

mod common;
use common::{ludic, ok, stdout, temp_file};

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_json_gives_the_published_counts() {
    let o = ludic(&["perft", "checkers", "8", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    let counts: Vec<u64> = v["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768, 179740, 845931]);
}

#[test]
fn perft_interpreted_gives_the_same_published_counts() {
    // The interpreter alone (not the compiled kernel), with --divide too.
    let o = ludic(&["perft", "checkers", "6", "--json", "--interpreted"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(
        v["counts"],
        serde_json::json!([7, 49, 302, 1469, 7361, 36768])
    );
    let o = ludic(&[
        "perft",
        "checkers",
        "5",
        "--divide",
        "--json",
        "--interpreted",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["nodes"], 7361);
}

/// What a command prints, with the timings of its JSON (which differ
/// between runs) and the engine's name taken out.
fn output_without_times(args: &[&str]) -> String {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                m.retain(|k, _| k != "seconds" && k != "engine" && !k.ends_with("_per_second"));
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let o = ludic(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    let out = stdout(&o);
    match serde_json::from_str::<serde_json::Value>(&out) {
        Ok(mut v) => {
            strip(&mut v);
            v.to_string()
        }
        Err(_) => out,
    }
}

#[test]
fn interpreted_moves_playouts_and_analysis_are_the_compiled_ones() {
    // `--interpreted` runs the reference interpreter alone (issue 37):
    // the same legal moves, seeded playouts and analysis, more slowly.
    for base in [
        &["moves", "reversi"][..],
        &[
            "moves",
            "checkers",
            "--fen",
            "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        ],
        &["moves", "genocide", "--set", "stickyland=true"],
        &[
            "playout", "pentago", "--count", "20", "--seed", "3", "--json",
        ],
        &[
            "playout", "checkers", "--count", "20", "--seed", "3", "--json",
        ],
        &[
            "analyze",
            "connect4",
            "--count",
            "10",
            "--threads",
            "1",
            "--json",
        ],
    ] {
        let interpreted: Vec<&str> = base.iter().copied().chain(["--interpreted"]).collect();
        let fast = output_without_times(base);
        assert_eq!(fast, output_without_times(&interpreted), "{base:?}");
        assert!(fast.len() > 20, "{base:?}: {fast}");
    }
}

#[test]
fn perft_divide_from_a_fen_position() {
    let o = ludic(&["perft", "checkers", "2", "--divide", "--fen", "B:W14:B9,10"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("9x18 "), "{out}");
    assert!(out.contains("10x17 "), "{out}");
}

#[test]
fn check_reports_every_invalid_file_with_exit_1_and_a_rendered_diagnostic() {
    insta::glob!("invalid/*.game", |path| {
        let rel = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
        let rel = rel.to_str().unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_ludic"))
            .args(["check", rel])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{rel}");
        insta::assert_snapshot!(stderr(&o));
    });
}

#[test]
fn check_accepts_every_shipped_game() {
    for entry in std::fs::read_dir("games").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let o = ludic(&["check", path.to_str().unwrap()]);
        assert!(o.status.success(), "{}: {}", path.display(), stderr(&o));
    }
}

#[test]
fn options_lists_toggles_and_set_rejects_unknown_ones() {
    let o = ludic(&["options", "checkers"]);
    assert!(
        stdout(&o).contains("repetition  (bool, default true"),
        "{}",
        stdout(&o)
    );
    let o = ludic(&["moves", "checkers", "--set", "repetion=false"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("valid toggles: repetition, no_progress"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn moves_after_a_sequence() {
    let o = ludic(&["moves", "checkers", "--moves", "11-15 23-19"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim(),
        "7 legal move(s): 7-11 8-11 9-14 9-13 10-14 12-16 15-18"
    );
}

#[test]
fn replay_accepts_all_500_acf_games() {
    let o = ludic(&[
        "replay",
        "checkers",
        "tests/data/acf/acf-sample.pdn",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["games"], 500, "{}", stdout(&o));
    assert_eq!(v["failed"], 0, "{}", stdout(&o));
    assert!(o.status.success());
}

#[test]
fn replay_names_the_first_illegal_move_and_exits_1() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("bad.pdn");
    std::fs::write(&file, "[Event \"t\"]\n\n1. 11-15 23-19 2. 8-11 19-15 *\n").unwrap();
    let o = ludic(&["replay", "checkers", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("ILLEGAL at ply 4"), "{}", stdout(&o));
}

#[test]
fn playout_json_is_reproducible() {
    let run = || {
        let o = ludic(&[
            "playout", "checkers", "--count", "300", "--seed", "5", "--json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let mut v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["unfinished"]["count"], 0);
        v.as_object_mut().unwrap().remove("seconds");
        v.as_object_mut().unwrap().remove("playouts_per_second");
        v
    };
    assert_eq!(run(), run());
}

#[test]
fn play_refuses_an_illegal_move_and_goes_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(["play", "checkers", "--p1", "human", "--p2", "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"9-12\n11-15\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert!(text.contains("illegal move `9-12`"), "{text}");
    assert!(text.contains("legal moves: "), "{text}");
    assert!(text.contains("White plays"), "{text}");
}

#[test]
fn a_jump_sign_on_a_step_is_refused_but_a_dash_for_a_jump_is_read() {
    // English draughts' opening: 11-15 is a step, so `11x15` is no move
    // (PDN writes a jump with `x`, a step with `-`).
    let o = ludic(&["show", "checkers", "--moves", "11x15"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("illegal move `11x15`"), "{err}");
    assert!(err.contains("11-15 12-16"), "{err}");
    // After 11-15 22-18, Black's 15 jumps 18 to 22: `15-22` names the jump.
    for jump in ["15x22", "15-22"] {
        let moves = format!("11-15 22-18 {jump}");
        let o = ludic(&["show", "checkers", "--moves", &moves]);
        assert!(o.status.success(), "{jump}: {}", stderr(&o));
        assert!(
            stdout(&o)
                .contains("FEN W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,22"),
            "{jump}: {}",
            stdout(&o)
        );
    }
}

#[test]
fn test_takes_a_game_name_and_runs_against_another_game() {
    // Giveaway's scenarios by the game's name: all pass.
    let o = ludic(&["test", "giveaway"]);
    assert!(o.status.success(), "{}", stdout(&o));
    // Against English draughts, losing the last piece loses instead of
    // winning (rules.md §3.4 against the giveaway rule): those fail.
    let o = ludic(&["test", "giveaway", "--game", "checkers"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("FAILED  games/giveaway.scenarios: losing the last piece wins"),
        "{out}"
    );
    let o = ludic(&["test", "no-such-game"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("games/no-such-game.scenarios"),
        "{}",
        stderr(&o)
    );
}

/// Polypods on the hexagon of side 3 (rows a–e from the bottom: 3, 4, 5,
/// 4, 3 points; `ludic show polypods --set board=hex3 --labels`). Dark has
/// the line c1–c4 (feet c1, c4; body c2, c3), Light the line e1–e3 (body
/// e2). Dark may place a lone stone on a1, a2 or a3, or on b1, b2, b3 or
/// d1: a foot whose two Dark neighbours touch each other, the group then
/// having 3 feet and 2 body stones and touching no Light body stone. Not
/// on c5 (a line of five: 2 feet, 3 body), b4 or d4 (c4 turns body: 2
/// feet, 3 body), d2 or d3 (a foot touching Light's body e2), nor on an
/// occupied point. Passing is always legal.
const HEX3_POSITION: &str = "D D:c1,c2,c3,c4 L:e1,e2,e3";

#[test]
fn moves_from_a_position_text_are_the_hand_worked_ones() {
    let o = ludic(&[
        "moves",
        "polypods",
        "--set",
        "board=hex3",
        "--position",
        HEX3_POSITION,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let list = out.trim().strip_prefix("8 legal move(s): ").expect(&out);
    let mut moves: Vec<&str> = list.split(' ').collect();
    moves.sort();
    assert_eq!(moves, ["a1", "a2", "a3", "b1", "b2", "b3", "d1", "pass"]);
    // Light to move: the same stones, Light's moves.
    let light = HEX3_POSITION.replacen('D', "L", 1);
    let o = ludic(&[
        "moves",
        "polypods",
        "--set",
        "board=hex3",
        "--position",
        &light,
    ]);
    assert!(!stdout(&o).contains(" d1 "), "{}", stdout(&o));
    // `show` writes the position back.
    let o = ludic(&[
        "show",
        "polypods",
        "--set",
        "board=hex3",
        "--position",
        HEX3_POSITION,
    ]);
    assert!(
        stdout(&o).contains(&format!("position {HEX3_POSITION}\n")),
        "{}",
        stdout(&o)
    );
}

#[test]
fn fen_on_backgammon_says_its_numbered_points_are_labels_not_fen_squares() {
    // Its points are labelled 1…24, yet the refusal said its sites had
    // no number labels: they are a graph's labels, which FEN does not
    // number, and --position reads them.
    let o = ludic(&["moves", "backgammon", "--fen", "W:W1:B2"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(!err.contains("no number labels"), "{err}");
    assert!(err.contains("declared `labels:Numbers`"), "{err}");
    assert!(
        err.contains(
            "this game's board is a graph, whose sites keep their own labels (`1`, `2`, `3`, …)"
        ),
        "{err}"
    );
    assert!(err.contains("--position \"W W:1 B:2\""), "{err}");
}

#[test]
fn fen_on_a_game_it_cannot_describe_points_to_position() {
    let o = ludic(&["moves", "polypods", "--fen", "D:De2:L"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("expected side to move 'W' or 'B'"), "{err}");
    assert!(
        err.contains("this game's players are D, L and its board is not declared `labels:Numbers`"),
        "{err}"
    );
    // The example is built from the game's letters and first sites, and works.
    let example = "D D:h1 L:h2";
    assert!(err.contains(&format!("--position \"{example}\"")), "{err}");
    let o = ludic(&["moves", "polypods", "--position", example]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A game FEN suits gets no such hint; --fen and --position conflict.
    let o = ludic(&["moves", "checkers", "--fen", "B:W18:X12"]);
    assert!(!stderr(&o).contains("--position"), "{}", stderr(&o));
    let o = ludic(&[
        "moves",
        "checkers",
        "--fen",
        "B:W18",
        "--position",
        "B W:18",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_bad_position_text_names_the_item() {
    let o = ludic(&["moves", "polypods", "--position", "D D:a1 X:b2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("--position: `X:b2`: no player has the letter `X`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_game_played_from_a_position_text_is_recorded_and_replays() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("game.trial");
    let rec = file.to_str().unwrap();
    let o = ludic(&[
        "play",
        "polypods",
        "--set",
        "board=hex3",
        "--position",
        HEX3_POSITION,
        "--p1",
        "random",
        "--p2",
        "random",
        "--quiet",
        "--record",
        rec,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let trial = std::fs::read_to_string(&file).unwrap();
    assert!(
        trial.contains(&format!("\nposition {HEX3_POSITION}\n")),
        "{trial}"
    );
    let o = ludic(&["replay", "polypods", rec]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    // From the empty board instead, the same moves give another result.
    let without: String = trial
        .lines()
        .filter(|l| !l.starts_with("position "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&file, without).unwrap();
    let o = ludic(&["replay", "polypods", rec]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

#[test]
fn odd_counts_and_paths_are_refused_or_mapped() {
    // perft 0 is refused by the argument parser (exit 2), not answered.
    assert_eq!(ludic(&["perft", "checkers", "0"]).status.code(), Some(2));
    // A game file given to `test` runs the scenarios beside it.
    let o = ludic(&["test", "games/checkers.game"]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("ok      games/checkers.scenarios"));
    // A scenarios file without a scenario fails.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let empty = dir.join("empty.scenarios");
    std::fs::write(&empty, "game: checkers\n").unwrap();
    let o = ludic(&["test", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("no scenario in the file"),
        "{}",
        stdout(&o)
    );
    // analyze: counts and threads past their caps are refused.
    let o = ludic(&["analyze", "checkers", "--count", "1000000000"]);
    assert_eq!(o.status.code(), Some(2));
    let o = ludic(&["analyze", "checkers", "--count", "3", "--threads", "5000"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn an_unreadable_base_beside_a_variant_is_an_error_not_the_shipped_game() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unreadable_base");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("checkers.game"), b"\xff\xfe(game").unwrap();
    let var = dir.join("var.game");
    std::fs::write(
        &var,
        r#"(variant "Mine" base:"checkers.game" (set no_progress 20))"#,
    )
    .unwrap();
    let o = ludic(&["check", var.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("base `checkers.game` cannot be read"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn moves_of_a_finished_game_say_who_won() {
    // Cross fills the a-file: a line of three, Cross wins
    // (docs/games/tictactoe.md); no move is left.
    let o = ludic(&["moves", "tictactoe", "--moves", "a1 b1 a2 b2 a3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("0 legal move(s)"), "{out}");
    assert!(out.contains("game over: Cross wins: a line of 3"), "{out}");
    // `show` says it in the same words, under the last board.
    let o = ludic(&["show", "tictactoe", "--moves", "a1 b1 a2 b2 a3"]);
    let out = stdout(&o);
    assert!(
        out.contains("\ngame over: Cross wins: a line of 3\n"),
        "{out}"
    );
    assert!(!out.contains("to move"), "{out}");
}

#[test]
fn json_reports_name_the_engine_and_the_reference_counts_the_same() {
    let run = |extra: &[&str]| {
        let mut args = vec!["perft", "breakthrough", "3", "--json"];
        args.extend_from_slice(extra);
        let o = ludic(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let (compiled, reference) = (run(&[]), run(&["--interpreted"]));
    assert_eq!(compiled["engine"], "compiled");
    assert_eq!(reference["engine"], "reference");
    // Breakthrough's published perft: 22, 484, 11132.
    assert_eq!(compiled["counts"], serde_json::json!([22, 484, 11132]));
    assert_eq!(reference["counts"], compiled["counts"]);
    let o = ludic(&[
        "playout",
        "tictactoe",
        "--count",
        "3",
        "--json",
        "--interpreted",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["engine"], "reference");
}

#[test]
fn list_describes_a_board_of_points_without_lines_as_such() {
    // Backgammon's points are joined by its track, not by lines: the
    // board is not "a graph of points and lines, 0 lines".
    let list = ok(&ludic(&["list"]));
    let line = |name: &str| {
        list.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {list}"))
            .to_string()
    };
    assert!(line("backgammon").contains("a graph of points, no lines between them"));
    assert!(line("morris").contains("a graph of points and lines, 32 lines"));
}

#[test]
fn a_variant_that_sets_a_toggle_twice_is_refused_as_a_second_set_is() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("variant_set_twice");
    std::fs::create_dir_all(&dir).unwrap();
    let var = dir.join("twice.game");
    std::fs::write(
        &var,
        r#"(variant "A" base:"checkers" (set repetition true) (set repetition false))"#,
    )
    .unwrap();
    let o = ludic(&["check", var.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains("the toggle `repetition` is set twice"),
        "{err}"
    );
    assert!(err.contains("twice.game:1:57"), "{err}");
    assert!(err.contains("first set here"), "{err}");
}

/// A game of one player that loses on a line of three (a `lose-when`
/// rule), or never ends but in a full board: `end` is its end clause.
fn solitaire(end: &str) -> String {
    format!(
        r#"(game "X" (players (player "A" letter:"A")) (board (square 3 3)) (piece "M")
             (play (place "M" to:Empty)) {end})"#
    )
}

#[test]
fn playout_and_analyze_tally_a_one_player_loss_as_a_loss() {
    // Random marks on 3×3 make a line before the board is full: every
    // game is lost (docs/players.md, "One player").
    let (_dir, lose) = temp_file("lose.game", &solitaire("(end (lose-when (line 3 Last)))"));
    let lose = lose.to_str().unwrap();
    let out = ok(&ludic(&["show", lose, "--moves", "a1 a2 a3"]));
    assert!(out.contains("game over: A loses: "), "{out}");
    assert!(out.contains("a line of 3"), "{out}");
    let out = ok(&ludic(&["playout", lose, "--count", "50", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["wins"][0]["count"], 0, "{v}");
    assert_eq!(v["losses"]["count"], 50, "{v}");
    assert_eq!(v["draws"]["count"], 0, "{v}");
    let out = ok(&ludic(&["playout", lose, "--count", "50"]));
    assert!(out.contains("A wins: 0\n  A loses: 50\n"), "{out}");
    let out = ok(&ludic(&["analyze", lose, "--count", "20", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = &v["settings"][0];
    assert_eq!(s["wins"][0]["count"], 0, "{s}");
    assert_eq!(s["losses"]["count"], 20, "{s}");
    assert_eq!(s["mean_returns"][0]["mean"], -1.0, "{s}");
    let out = ok(&ludic(&["analyze", lose, "--count", "20"]));
    let row = |head: &str| {
        let line = out.lines().find(|l| l.starts_with(head));
        line.map(|l| l[head.len()..].trim_start().to_string())
    };
    assert!(
        row("A loses ").is_some_and(|r| r.starts_with("100.0%")),
        "{out}"
    );
    assert!(
        row("A wins ").is_some_and(|r| r.starts_with("0.0%")),
        "{out}"
    );
    assert!(
        row("A mean return ").is_some_and(|r| r.starts_with("-1.000")),
        "{out}"
    );
}

#[test]
fn playout_tallies_a_one_player_draw_as_a_draw_not_a_win() {
    let (_dir, draw) = temp_file("draw.game", &solitaire("(end (no-moves Draw))"));
    let draw = draw.to_str().unwrap();
    let out = ok(&ludic(&["playout", draw, "--count", "30", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["draws"]["count"], 30, "{v}");
    assert_eq!(v["wins"][0]["count"], 0, "{v}");
    assert_eq!(v["losses"]["count"], 0, "{v}");
    let (_dir, lost) = temp_file("lost.game", &solitaire("(end (no-moves Loss))"));
    let lost = lost.to_str().unwrap();
    let out = ok(&ludic(&["playout", lost, "--count", "30", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["losses"]["count"], 30, "{v}");
    assert_eq!(v["wins"][0]["count"], 0, "{v}");
}

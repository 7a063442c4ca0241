//! `ludic replay` tells the truth about a record (issue 16): play past an
//! automatic draw is named once per rule and in linear time, a result that
//! contradicts the record fails, a trial is replayed against its own game
//! and alone, and the JSON says what the text says.

mod common;
use common::{ludic, stdout, temp_file};

use std::process::Output;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `text` to a fresh file named `name` in a temporary folder
/// (removed when the guard is dropped); the path as text.
fn write(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let (dir, path) = temp_file(name, text);
    (dir, path.to_string_lossy().into_owned())
}

/// Two kings shuffling: `turns` times `1-5 32-28 5-1 28-32`, from a
/// position whose threefold repetition is an automatic draw.
fn shuffle_pdn(turns: usize) -> String {
    let moves: Vec<String> = (0..turns)
        .map(|i| format!("{}. 1-5 32-28 {}. 5-1 28-32", 2 * i + 1, 2 * i + 2))
        .collect();
    format!("[FEN \"B:WK32:BK1\"]\n{} *\n", moves.join(" "))
}

#[test]
fn play_past_an_automatic_draw_is_named_once_per_rule_in_linear_time() {
    // 200,000 plies: the repetition scan over the whole history took
    // minutes; now the history restarts at each passed draw.
    let (_dir, file) = write("shuffle.pdn", &shuffle_pdn(50_000));
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(
        out.lines().count(),
        2,
        "one line a game and a summary: {out}"
    );
    // Threefold: the start position recurs after plies 4 and 8, so the
    // ninth ply is played in a drawn position.
    assert!(
        out.contains("game 1: 200000 moves legal, but play went on past an automatic draw: repetition at ply 9"),
        "{out}"
    );
    assert!(!out.contains(": ok"), "not called ok: {out}");
    assert!(!out.contains("Repetition"), "no debug format: {out}");
    assert!(
        out.contains("1 games, 0 ok, 0 failed, 1 went on past an automatic draw"),
        "{out}"
    );
}

#[test]
fn replay_json_has_the_draw_note_and_one_based_plies() {
    let (_dir, file) = write("short.pdn", &shuffle_pdn(3));
    let o = ludic(&["replay", "checkers", &file, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["past_draw"], 1, "{v}");
    let d = &v["went_on_past_draws"][0]["draws_passed"][0];
    assert_eq!(d["rule"], "repetition", "{v}");
    assert_eq!(d["ply"], 9, "{v}");
    // An illegal fourth ply: ply 4 in the text and in the JSON.
    let (_dir, bad) = write(
        "bad.pdn",
        "[Event \"t\"]\n\n1. 11-15 23-19 2. 8-11 19-15 *\n",
    );
    let text = stdout(&ludic(&["replay", "checkers", &bad]));
    assert!(text.contains("ILLEGAL at ply 4"), "{text}");
    let o = ludic(&["replay", "checkers", &bad, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["failures"][0]["error"][0], 4, "{v}");
}

#[test]
fn replay_json_reports_a_pdn_syntax_error_as_json() {
    let (_dir, bad) = write("syntax.pdn", "[Event\n");
    let o = ludic(&["replay", "checkers", &bad, "--json"]);
    assert_ne!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json on stdout");
    assert!(
        v["error"].as_str().unwrap().contains("syntax.pdn:2:1"),
        "{v}"
    );
}

#[test]
fn a_result_tag_that_contradicts_the_movetext_fails() {
    let (_dir, file) = write(
        "result.pdn",
        "[Event \"t\"]\n[Result \"1-0\"]\n\n1. 11-15 23-19 0-1\n",
    );
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("the Result tag says `1-0`, the movetext ends with `0-1`"),
        "{}",
        stdout(&o)
    );
}

/// A trial of checkers from Black 14 against White 18: Black jumps and
/// White has nothing left.
fn trial(game: &str, result: &str, extra_moves: &str) -> String {
    format!(
        "ludic-trial 1\ngame {game}\nstart B:W18:B14\nmoves\n14x23\n{extra_moves}result {result}\n"
    )
}

#[test]
fn a_trial_marked_unfinished_whose_game_ended_fails() {
    let (_dir, file) = write("unfinished.trial", &trial("checkers", "unfinished", ""));
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("the record says `unfinished`, but the game ended: `win 1 no_moves`"),
        "{}",
        stdout(&o)
    );
    let (_dir, file) = write("won.trial", &trial("checkers", "win 1 no_moves", ""));
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn a_move_after_the_end_of_a_trial_is_refused() {
    let (_dir, file) = write(
        "after.trial",
        &trial("checkers", "win 1 no_moves", "23-27\n"),
    );
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("ILLEGAL at ply 2") && stdout(&o).contains("the game was over"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_trial_replays_only_against_its_own_game() {
    let (_dir, file) = write("nope.trial", &trial("nope", "win 1 no_moves", ""));
    let o = ludic(&["replay", "checkers", &file]);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("the trial is a game of `nope`"),
        "{}",
        stderr(&o)
    );
    // The same game by its path is fine.
    let (_dir, file) = write(
        "path.trial",
        &trial("games/checkers.game", "win 1 no_moves", ""),
    );
    assert_eq!(ludic(&["replay", "checkers", &file]).status.code(), Some(0));
}

/// A file of several trials (what `analyze --record` writes) is replayed
/// whole, each trial a game of its own: never half of it.
#[test]
fn two_joined_trials_are_both_replayed_not_half() {
    let one = trial("checkers", "win 1 no_moves", "");
    let (_dir, file) = write("joined.trial", &format!("{one}{one}"));
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("game 2: ok"), "{out}");
    assert!(out.contains("2 games, 2 ok, 0 failed"), "{out}");
    // Text after a result that is not a new trial is still an error.
    let (_dir, file) = write("tail.trial", &format!("{one}9-14\n"));
    let o = ludic(&["replay", "checkers", &file]);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("line 7: `9-14` after the result: a trial holds one game"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_trial_starting_with_a_comment_or_a_bom_is_a_trial() {
    let text = format!(
        "# recorded by hand\n{}",
        trial("checkers", "win 1 no_moves", "")
    );
    let (_dir, file) = write("comment.trial", &text);
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let text = format!("\u{FEFF}{}", trial("checkers", "win 1 no_moves", ""));
    let (_dir, file) = write("bom.trial", &text);
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
}

/// A computer player that builds a whole repeated phase as one turn
/// (Genocide's movement, step after step until `end`) records it on one
/// line, its steps together (`c1-d1/1-d2/2,e1-f1/1,…,end`); the record
/// replays.
#[test]
fn a_recorded_game_of_whole_movement_phases_replays() {
    let dir = tempfile::tempdir().unwrap();
    let trial = dir.path().join("g.trial");
    let trial = trial.to_string_lossy();
    let o = ludic(&[
        "play", "genocide", "--p1", "greedy", "--p2", "greedy", "--seed", "2", "--quiet",
        "--record", &trial,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&*trial).unwrap();
    assert!(
        text.lines().any(|l| l.contains(',') && l.ends_with(",end")),
        "no whole movement phase recorded:\n{text}"
    );
    let o = ludic(&["replay", "genocide", &trial]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("1 games, 1 ok, 0 failed"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_record_with_no_game_is_an_error() {
    for text in ["", "\n\n\n"] {
        let (_dir, file) = write("empty.pdn", text);
        let o = ludic(&["replay", "checkers", &file]);
        assert_eq!(o.status.code(), Some(1), "{text:?}: {}", stdout(&o));
        assert!(stderr(&o).contains("no game in it"), "{}", stderr(&o));
    }
}

#[test]
fn a_long_illegal_move_is_quoted_by_its_start() {
    // A 20,000-character move: named by its first characters and its
    // length, not printed back whole (twice: as the ply and in the
    // reason), in a PDN file and in a trial.
    let long = format!("22-18{}", "x".repeat(20_000));
    let pdn = format!("1. 11-15 {long} *\n");
    let trial = format!(
        "ludic-trial 1\ngame checkers\nstart B:W18:B14\nmoves\n{long}\nresult unfinished\n"
    );
    for (name, text) in [("long.pdn", pdn), ("long.trial", trial)] {
        let (_dir, file) = write(name, &text);
        let o = ludic(&["replay", "checkers", &file]);
        assert_ne!(o.status.code(), Some(0), "{name}");
        let out = stdout(&o) + &stderr(&o);
        assert!(out.contains("(20005 characters)"), "{name}: {out}");
        assert!(out.len() < 2_000, "{name}: {} bytes", out.len());
    }
}

#[test]
fn a_bad_start_or_setting_of_a_trial_names_its_line() {
    let bad_start = "ludic-trial 1\ngame checkers\n\nstart W:W99:B1\nmoves\nresult unfinished\n";
    let (_dir, file) = write("start.trial", bad_start);
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("BAD START (") && stdout(&o).contains("start.trial:4)"),
        "{}",
        stdout(&o)
    );
    let bad_set = "ludic-trial 1\ngame checkers\nset repetition=true\nset nosuch=1\nmoves\nresult unfinished\n";
    let (_dir, file) = write("set.trial", bad_set);
    let o = ludic(&["replay", "checkers", &file]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("set.trial:4: unknown toggle `nosuch`"),
        "{}",
        stderr(&o)
    );
}

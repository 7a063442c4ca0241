//! `ludic play` through the real binary with piped standard input: the
//! record (written as the game goes, only the files named, never over an
//! existing file without --force), the prompt (refused lines, commands,
//! messages), and `ludic list` / `ludic rules`.

mod common;
use common::{ludic, stdout};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `ludic ARGS` with `input` on standard input, closed after it.
fn ludic_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn(args);
    // A command that refuses its arguments exits without reading: the
    // write may then fail (a closed pipe), which is not the test's concern.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ludic")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh directory for one test.
fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("play-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_record_path_that_cannot_be_written_is_refused_before_the_first_move() {
    let d = dir("bad-path");
    let bad = d.join("no-such-dir").join("x.trial");
    let o = ludic_with_input(
        &["play", "checkers", "--p2", "random", "--record", s(&bad)],
        b"11-15\nquit\n",
    );
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains(s(&bad)), "{}", stderr(&o));
    assert!(!stdout(&o).contains("plays"), "{}", stdout(&o));
    // A PDN record of a game PDN cannot hold is refused before play too.
    let pdn = d.join("x.pdn");
    let o = ludic(&[
        "play",
        "polypods",
        "--p1",
        "random",
        "--p2",
        "random",
        "--record",
        s(&pdn),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("sites are not numbered"),
        "{}",
        stderr(&o)
    );
    assert!(!pdn.exists());
}

#[test]
fn an_existing_record_is_kept_unless_force_is_given() {
    let d = dir("force");
    let rec = d.join("game.trial");
    std::fs::write(&rec, "precious\n").unwrap();
    let args = [
        "play",
        "checkers",
        "--p1",
        "random",
        "--p2",
        "random",
        "--quiet",
        "--record",
        s(&rec),
    ];
    let o = ludic(&args);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert!(!stdout(&o).contains("plays"), "{}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&rec).unwrap(), "precious\n");
    let mut forced = args.to_vec();
    forced.push("--force");
    let o = ludic(&forced);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.starts_with("ludic-trial 1\n"), "{text}");
}

#[test]
fn only_the_files_named_are_written() {
    // Recording `rec2.trial` once also wrote `rec2.pdn` beside it.
    let d = dir("named");
    let trial = d.join("rec2.trial");
    let pdn = d.join("rec2.pdn");
    std::fs::write(&pdn, "someone else's game\n").unwrap();
    let o = ludic(&[
        "play",
        "checkers",
        "--p1",
        "random",
        "--p2",
        "random",
        "--quiet",
        "--record",
        s(&trial),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(trial.exists());
    assert_eq!(
        std::fs::read_to_string(&pdn).unwrap(),
        "someone else's game\n"
    );
    let entries = std::fs::read_dir(&d).unwrap().count();
    assert_eq!(entries, 2);
    // Asked for, the PDN is written (and only it).
    let pdn2 = d.join("other.pdn");
    let o = ludic(&[
        "play",
        "checkers",
        "--p1",
        "random",
        "--p2",
        "random",
        "--quiet",
        "--record",
        s(&pdn2),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(&pdn2)
            .unwrap()
            .contains("[Result \"")
    );
    assert!(!d.join("other.trial").exists());
}

/// Waits until `path` holds at least `n` lines that `count` accepts.
fn wait_for(path: &Path, n: usize, count: impl Fn(&str) -> usize) -> String {
    let t = Instant::now();
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if count(&text) >= n {
            return text;
        }
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "{} never reached {n}: {text}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_killed_game_leaves_a_replayable_record_of_every_turn_played() {
    let d = dir("killed");
    let trial = d.join("k.trial");
    let pdn = d.join("k.pdn");
    let mut child = spawn(&[
        "play",
        "checkers",
        "--p2",
        "random",
        "--quiet",
        "--record",
        s(&trial),
        "--record",
        s(&pdn),
    ]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"11-15\n").unwrap();
    stdin.flush().unwrap();
    // Black's move and White's answer are in the trial before the game
    // ends; stdin stays open, so the game is still waiting for Black.
    let moves_after = |t: &str| {
        t.lines()
            .skip_while(|l| *l != "moves")
            .skip(1)
            .filter(|l| !l.starts_with("result"))
            .count()
    };
    let text = wait_for(&trial, 2, moves_after);
    // The PDN's movetext: `1. 11-15`, White's answer, then `*`.
    wait_for(&pdn, 2, |t| {
        t.split("\n\n")
            .nth(1)
            .map_or(0, |m| m.lines().filter(|l| *l != "*").count())
    });
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    assert!(text.contains("\nmoves\n11-15\n"), "{text}");
    assert!(text.ends_with("result unfinished\n"), "{text}");
    for rec in [&trial, &pdn] {
        let o = ludic(&["replay", "checkers", s(rec)]);
        assert!(o.status.success(), "{}: {}", rec.display(), stdout(&o));
        assert!(
            stdout(&o).contains("1 ok, 0 failed, 2 moves"),
            "{}",
            stdout(&o)
        );
    }
}

#[test]
fn a_non_utf8_or_overlong_line_at_the_prompt_is_refused_and_the_game_goes_on() {
    let d = dir("bad-lines");
    let rec = d.join("g.trial");
    let mut input = b"\xff\xfe 11-15\n".to_vec();
    input.extend(std::iter::repeat_n(b'9', 100 * 1024));
    // Under the cap, a text of 30,000 steps is read and refused.
    input.extend(b"\n");
    input.extend("1-".repeat(30_000).as_bytes());
    input.extend(b"1\n11-15\nquit\n");
    let o = ludic_with_input(
        &[
            "play",
            "checkers",
            "--p2",
            "random",
            "--quiet",
            "--record",
            s(&rec),
        ],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("not UTF-8 text (byte 0xff at column 1)"),
        "{text}"
    );
    assert!(text.contains("longer than 64 KiB"), "{text}");
    assert!(
        text.contains("is not a move in this game's notation"),
        "{text}"
    );
    assert!(text.contains("Black plays 11-15"), "{text}");
    let trial = std::fs::read_to_string(&rec).unwrap();
    assert!(trial.contains("\nmoves\n11-15\n"), "{trial}");
}

#[test]
fn the_seats_and_the_default_opponent_are_shown_at_the_start() {
    let o = ludic_with_input(&["play", "checkers"], b"quit\n");
    let text = stdout(&o);
    assert!(text.contains("Black (B): human"), "{text}");
    assert!(
        text.contains("White (W): mcts:1s — Monte Carlo tree search, 1 s a move"),
        "{text}"
    );
}

#[test]
fn a_typo_and_an_illegal_move_get_different_messages() {
    let o = ludic_with_input(
        &["play", "checkers", "--p2", "random", "--quiet"],
        b"hello\n9-12\n33-34\n17-21\n25-21\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("`hello` is not a move in this game's notation"),
        "{text}"
    );
    // 33 is not a site of the board: also not in the notation.
    assert!(
        text.contains("`33-34` is not a move in this game's notation"),
        "{text}"
    );
    assert!(
        text.contains("illegal move `17-21`: no legal move starts at 17 (it is empty)"),
        "{text}"
    );
    assert!(
        text.contains("illegal move `25-21`: no legal move starts at 25 (it holds White's pieces)"),
        "{text}"
    );
    // 9 can go to 13 or 14 only (Black moves down the numbers).
    assert!(
        text.contains("illegal move `9-12`: from 9 the legal moves are 9-14 9-13;"),
        "{text}"
    );
}

#[test]
fn a_refused_move_names_the_compulsory_captures() {
    // Black men on 14 and 15 can jump the White men on 18 and 19; the man
    // on 1 may not step while a capture is possible.
    let o = ludic_with_input(
        &[
            "play",
            "checkers",
            "--fen",
            "B:W18,19:B1,14,15",
            "--p2",
            "random",
            "--quiet",
        ],
        b"1-5\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("illegal move `1-5`: a capture is compulsory: 14x23, 15x24 or 15x22"),
        "{text}"
    );
}

#[test]
fn undo_takes_back_to_the_humans_previous_turn_and_the_record_follows() {
    let d = dir("undo");
    let rec = d.join("u.trial");
    let o = ludic_with_input(
        &[
            "play",
            "checkers",
            "--p2",
            "random",
            "--quiet",
            "--record",
            s(&rec),
        ],
        b"11-15\nundo\nundo\n10-14\nquit\n",
    );
    let text = stdout(&o);
    assert!(text.contains("Took back 2 turn(s)."), "{text}");
    assert!(text.contains("Nothing to take back."), "{text}");
    let trial = std::fs::read_to_string(&rec).unwrap();
    let moves: Vec<&str> = trial
        .lines()
        .skip_while(|l| *l != "moves")
        .skip(1)
        .take_while(|l| !l.starts_with("result"))
        .collect();
    assert_eq!(moves.len(), 2, "{trial}");
    assert_eq!(moves[0], "10-14", "{trial}");
    let o = ludic(&["replay", "checkers", s(&rec)]);
    assert!(o.status.success(), "{}", stdout(&o));
}

#[test]
fn hint_moves_help_and_save_answer_at_the_prompt() {
    let d = dir("commands");
    let saved = d.join("saved.trial");
    let input = format!(
        "help\nmoves\nhint\n11-15\nsave {}\nsave {}\nquit\n",
        s(&saved),
        s(&saved)
    );
    let o = ludic_with_input(
        &[
            "play", "checkers", "--p2", "random", "--hint", "mcts:50", "--quiet",
        ],
        input.as_bytes(),
    );
    let text = stdout(&o);
    assert!(text.contains("undo        take back"), "{text}");
    assert!(
        text.contains("7 legal move(s): 9-14 9-13 10-15 10-14 11-16 11-15 12-16"),
        "{text}"
    );
    let hint = text
        .lines()
        .find_map(|l| l.split("hint: ").nth(1))
        .unwrap_or_else(|| panic!("a hint: {text}"));
    let m = hint.split(' ').next().unwrap();
    assert!(
        ["9-14", "9-13", "10-15", "10-14", "11-16", "11-15", "12-16"].contains(&m),
        "{hint}"
    );
    assert!(text.contains("Saved the game so far"), "{text}");
    // The second save would overwrite the first: refused.
    assert!(text.contains("not saved: save"), "{text}");
    let o = ludic(&["replay", "checkers", s(&saved)]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("2 moves"), "{}", stdout(&o));
}

#[test]
fn the_legend_under_the_board_comes_from_the_games_codes_and_roles() {
    let o = ludic_with_input(&["play", "checkers", "--p2", "random"], b"quit\n");
    let text = stdout(&o);
    assert!(
        text.contains(
            "Legend: b = one Black Checker, w = one White Checker; B, W = a stack of two"
        ),
        "{text}"
    );
    assert!(text.contains("K = 2 Checker pieces stacked"), "{text}");
    let o = ludic_with_input(&["play", "polypods", "--p2", "random"], b"quit\n");
    let text = stdout(&o);
    assert!(
        text.contains("Legend: d = one Dark Stone, l = one Light Stone; . = an empty site"),
        "{text}"
    );
    assert!(
        text.contains("* after a letter: the piece there is a Body"),
        "{text}"
    );
}

#[test]
fn list_names_every_shipped_game_with_its_players_and_board() {
    let o = ludic(&["list"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let names: Vec<String> = std::fs::read_dir("games")
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "game")
                .then(|| p.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    for n in &names {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{n} "))),
            "{n}: {text}"
        );
    }
    assert!(
        text.contains(
            "English draughts — Black v White; square, 8 columns × 8 rows, dark cells only"
        ),
        "{text}"
    );
}

#[test]
fn rules_shows_the_description_toggles_and_notation() {
    let o = ludic(&["rules", "checkers"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("English draughts\n================\n"),
        "{text}"
    );
    assert!(text.contains("numbered 1–32"), "{text}");
    assert!(
        text.contains("no_progress (int 0..=10000, default 80)"),
        "{text}"
    );
    assert!(text.contains("a capture is written with `x`"), "{text}");
    let o = ludic(&["rules", "giveaway"]);
    let text = stdout(&o);
    assert!(text.contains("This game is a variant of"), "{text}");
    let o = ludic(&["rules", "nope"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn no_shipped_comment_or_toggle_cites_a_dossier_that_is_not_in_the_repository() {
    for e in std::fs::read_dir("games").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "game") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        for (i, l) in text.lines().enumerate() {
            assert!(
                !l.contains("rules.md") && !l.contains('§'),
                "{}:{}: {l}",
                p.display(),
                i + 1
            );
        }
    }
}

#[test]
fn a_move_that_matches_several_is_answered_with_the_full_forms() {
    // Red's first Movement step from a1 (two checkers after growth) to a2
    // may take one or both: `a1-a2` alone names neither.
    let o = ludic_with_input(
        &["play", "genocide", "--p2", "random", "--quiet"],
        b"a1-a2\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("`a1-a2` matches several moves; write one in full: a1-a2/1 or a1-a2/2"),
        "{text}"
    );
}

/// The `N legal move(s): …` lists printed at the prompt, in order.
fn move_lists(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.split_once("legal move(s): "))
        .map(|(_, list)| list.to_string())
        .collect()
}

#[test]
fn undo_goes_back_through_natures_roll_and_keeps_the_dice() {
    // Backgammon's turn starts with nature's roll (docs/chance.md): undo
    // takes back the human's turn to the position after the roll it was
    // played with, and never the roll alone (which would throw anew).
    let args = ["play", "backgammon", "--p2", "random", "--quiet"];
    let first = move_lists(&stdout(&ludic_with_input(&args, b"moves\nquit\n")));
    let turn = first[0].split(' ').next().unwrap().to_string();
    let input = format!("moves\nundo\nmoves\n{turn}\nundo\nmoves\nquit\n");
    let o = ludic_with_input(&args, input.as_bytes());
    let text = stdout(&o);
    assert!(text.contains("Nothing to take back."), "{text}");
    // White's turn and Black's reply; the rolls are not turns.
    assert!(text.contains("Took back 2 turn(s)."), "{text}");
    // The same dice all along: the same legal turns before and after
    // each undo, and no roll drawn after an undo.
    assert_eq!(move_lists(&text), vec![first[0].clone(); 3], "{text}");
    let rolls = text.matches("nature rolls").count();
    let (before_undo, _) = text.split_once("Took back").unwrap();
    assert_eq!(rolls, before_undo.matches("nature rolls").count(), "{text}");
}

#[test]
fn the_end_names_the_rule_that_fired_and_what_the_win_is_worth() {
    // White bears off its last checker with the 2 (backgammon's rules:
    // all fifteen off wins); Black has borne off none and has no checker
    // in White's home board or on the bar: a gammon, 2 points.
    let args = [
        "play",
        "backgammon",
        "--position",
        "W W:1,woff*14 B:24*15 dice-left=1,2",
        "--p1",
        "random",
        "--p2",
        "random",
        "--quiet",
    ];
    let text = stdout(&ludic_with_input(&args, b""));
    assert!(
        text.contains("Game over: White wins: 15 pieces in Off; White Points 2"),
        "{text}"
    );
}

#[test]
fn the_example_move_is_a_player_s_move_never_a_roll() {
    // Backgammon opens with nature's throw, which the program rolls:
    // the intro's example is a move after the first throw listed.
    let text = stdout(&ludic_with_input(&["play", "backgammon"], b"quit\n"));
    assert!(!text.contains("for example: roll:"), "{text}");
    assert!(
        text.contains("after roll:1-1, a legal move is, for example: "),
        "{text}"
    );
    // A throw given with its faces in either order is the same throw.
    let args = ["play", "backgammon", "--moves", "roll:5-2", "--quiet"];
    let text = stdout(&ludic_with_input(&args, b"moves\nquit\n"));
    assert!(text.contains("13-11,13-8"), "{text}");
}

#[test]
fn quiet_leaves_out_the_notation_help_as_its_help_says() {
    // `--quiet`: "the moves and the result only, not the board"; the
    // site diagram and notation help a human gets are left out too.
    let loud = ludic_with_input(&["play", "checkers"], b"quit\n");
    let quiet = ludic_with_input(&["play", "checkers", "--quiet"], b"quit\n");
    let (loud, quiet) = (
        String::from_utf8_lossy(&loud.stdout).into_owned(),
        String::from_utf8_lossy(&quiet.stdout).into_owned(),
    );
    assert!(loud.contains("Sites are written like this"), "{loud}");
    assert!(!quiet.contains("Sites are written like this"), "{quiet}");
    assert!(quiet.contains("Stopped after 0 turns"), "{quiet}");
}

//! Regression tests for the third hostile round's findings (issue 42),
//! each of the kind that found it: the `ludic` binary run on the hostile
//! input, or the library given the same rule file.

mod common;
#[path = "common/server.rs"]
mod server;
use common::{ludic, ok};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `ludic ARGS` in the folder `dir`.
fn ludic_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run ludic")
}

/// The standard error of a run that must fail with exit code 1 (not a
/// panic's 101).
fn refused(o: &Output) -> String {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "stderr: {err}");
    err
}

// Finding 7: a label over 65,535 characters panicked the table.
#[test]
fn merge_prints_a_label_longer_than_format_widths_allow() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(&ludic(&[
        "analyze",
        "tictactoe",
        "--count",
        "2",
        "--shard",
        "1/1",
        "--json",
    ]));
    let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let label = "L".repeat(70_000);
    v["settings"][0]["label"] = serde_json::Value::String(label.clone());
    // A seat's name labels a row: the label column is as wide.
    let seat = "S".repeat(70_000);
    v["seats"][0] = serde_json::Value::String(seat.clone());
    let shard = tmp.path().join("shard.json");
    std::fs::write(&shard, v.to_string()).unwrap();
    let text = ok(&ludic(&["merge", shard.to_str().unwrap()]));
    // The header row holds the label; the column under it is as wide.
    let head = text.lines().nth(1).expect("the table's header");
    assert_eq!(head.trim(), label);
    // The longest row label is the seat's mean return's.
    assert_eq!(
        head.len() - label.len(),
        seat.len() + " mean return".len() + 3
    );
    let row = text
        .lines()
        .find(|l| l.starts_with(&seat))
        .expect("the seat's row");
    let cell = &row[seat.len()..];
    // " wins", padded to the column's width, then the cell.
    let wins = format!("{:<15}100.0% [34.2, 100.0]", " wins");
    assert!(cell.starts_with(&wins), "{cell}");
}

// Finding 6: existing files overwritten without --force.
#[test]
fn render_svg_refuses_an_existing_file_unless_forced() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("pic.svg");
    std::fs::write(&path, "mine").unwrap();
    let p = path.to_str().unwrap();
    let err = refused(&ludic(&["render", "tictactoe", "--svg", p]));
    assert!(err.contains("the file exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
    ok(&ludic(&["render", "tictactoe", "--svg", p, "--force"]));
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
}

#[test]
fn analyze_plot_refuses_an_existing_file_before_playing() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("plot.svg");
    std::fs::write(&path, "mine").unwrap();
    let p = path.to_str().unwrap();
    let args = ["analyze", "tictactoe", "--count", "3", "--plot", p];
    let o = ludic(&args);
    let err = refused(&o);
    assert!(
        err.contains("--plot") && err.contains("the file exists"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "no game is played");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
    ok(&ludic(&[&args[..], &["--force"]].concat()));
    assert!(std::fs::read_to_string(&path).unwrap().contains("<svg"));
}

#[test]
fn one_record_file_named_twice_is_refused_before_any_is_created() {
    let tmp = tempfile::tempdir().unwrap();
    let o = ludic_in(
        tmp.path(),
        &[
            "play",
            "tictactoe",
            "--p1",
            "random",
            "--p2",
            "random",
            "--record",
            "a.trial",
            "--record",
            "./a.trial",
        ],
    );
    let err = refused(&o);
    assert!(err.contains("named twice"), "{err}");
    assert!(
        !tmp.path().join("a.trial").exists(),
        "no empty a.trial left"
    );
    // A record in a folder that does not exist: the first is not left.
    let o = ludic_in(
        tmp.path(),
        &[
            "play",
            "tictactoe",
            "--p1",
            "random",
            "--p2",
            "random",
            "--record",
            "b.trial",
            "--record",
            "nowhere/c.trial",
        ],
    );
    refused(&o);
    assert!(!tmp.path().join("b.trial").exists());
}

// Finding 15: move text with a wrong capture mark, or malformed.
#[test]
fn a_wrong_capture_mark_or_a_malformed_move_is_refused_with_its_reason() {
    for (text, why) in [
        (
            "11x15",
            "marked as a capture, but the move it names captures nothing",
        ),
        ("x11-15", "not in the game's notation"),
        ("11-15x", "not in the game's notation"),
    ] {
        let err = refused(&ludic(&["show", "checkers", "--moves", text]));
        assert!(err.contains(&format!("`{text}`: {why}")), "{text}: {err}");
    }
    // Played at the prompt: refused, the game goes on with 11-15.
    let out = Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args([
            "play", "checkers", "--p1", "human", "--p2", "random", "--quiet",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(b"11x15\nquit\n")?;
            c.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("`11x15` marks a capture, but 11-15 captures nothing"),
        "{text}"
    );
}

/// Runs `ludic test` on a scenarios file for English draughts holding
/// `body`; its standard output.
fn scenario_run(body: &str) -> (Option<i32>, String) {
    let (_dir, path) = common::temp_file("t.scenarios", &format!("game: checkers\n\n{body}"));
    let o = ludic(&["test", path.to_str().unwrap()]);
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code(), all)
}

#[test]
fn expect_illegal_with_no_move_of_the_game_fails_the_scenario() {
    for (text, why) in [
        (
            "9",
            "a lone site is a placement, and the game places nothing",
        ),
        ("pass", "the game has no pass"),
        ("end", "the game has no phase a player ends"),
    ] {
        let (code, out) = scenario_run(&format!("scenario: s\nexpect illegal: {text}\n"));
        assert_eq!(code, Some(1), "{out}");
        assert!(
            out.contains(&format!(
                "`{text}` is no move of this game in any position: {why}"
            )),
            "{out}"
        );
    }
    // Text out of the notation fails as before.
    let (code, out) = scenario_run("scenario: s\nexpect illegal: 11-16x\n");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("is not a move in this game's notation"),
        "{out}"
    );
    // Moves the rules could make but do not allow here still pass.
    let (code, out) = scenario_run("scenario: s\nexpect illegal: 15-19 11x15\n");
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn expect_outcome_takes_only_an_outcome_of_the_game() {
    let (code, out) = scenario_run("scenario: s\nexpect outcome: ???\n");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("`???` is not an outcome; write one of: none, draw, Black wins, White wins"),
        "{out}"
    );
    let (code, out) = scenario_run("scenario: s\nexpect outcome: none\n");
    assert_eq!(code, Some(0), "{out}");
}

// Finding 16 (scenarios): two scenarios with one name.
#[test]
fn two_scenarios_with_one_name_are_refused() {
    let (code, out) =
        scenario_run("scenario: s\nexpect outcome: none\n\nscenario: s\nexpect to-move: B\n");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains(":6: a scenario called `s` is already at line 3"),
        "{out}"
    );
}

/// A 3×3 placement game with `extra` clauses before its players.
fn small_game(extra: &str) -> String {
    format!(
        "(game \"Small\"\n{extra}\n  (players 2)\n  (board (square 3 3) labels:Coordinates)\n  \
         (piece \"Mark\")\n  (play (place \"Mark\" to:Empty))\n  (end (no-moves Draw)))\n"
    )
}

/// The error messages of a rule file that must fail to compile, each with
/// the text under its span.
fn rule_errors(text: &str) -> Vec<(String, String)> {
    use ludic::compile::{LoadError, Options, compile};
    match compile("hostile.game", text, &Options::default()) {
        Err(LoadError::Rules(d)) => d
            .items
            .iter()
            .filter(|x| x.severity == ludic::diag::Severity::Error)
            .map(|x| {
                let under = &text[x.span.start as usize..x.span.end as usize];
                (x.message.clone(), under.to_string())
            })
            .collect(),
        Err(other) => panic!("expected rule errors, got {other}"),
        Ok(_) => panic!("expected rule errors, the file compiled"),
    }
}

// Finding 8: `check` compiled the file again once per toggle value.
#[test]
fn check_compiles_a_file_of_4096_unread_toggles_once() {
    let toggles: Vec<String> = (0..4096)
        .map(|i| format!("  (toggle t{i} bool default:false \"T {i}\")"))
        .collect();
    let text = small_game(&toggles.join("\n"));
    let (game, warnings) =
        ludic::compile::compile("many.game", &text, &Default::default()).expect("compiles");
    assert_eq!(game.toggles.len(), 4096);
    // Each is reported as never read, and none is compiled again.
    assert_eq!(warnings.items.len(), 4096);
    assert!(ludic::compile::other_values(&game).is_empty());
    let (_dir, path) = common::temp_file("many.game", &text);
    let out = ok(&ludic(&["check", path.to_str().unwrap()]));
    assert!(out.ends_with("4096 toggle(s)\n"), "{out}");
    // A toggle that is read is still tried with its other value.
    let text = small_game(
        "  (toggle a bool default:false \"A\")\n  (toggle b bool default:false \"B\")\n  \
         (match $b (case true (piece \"Extra\")) (case false))",
    );
    let (game, _) = ludic::compile::compile("two.game", &text, &Default::default()).unwrap();
    assert_eq!(ludic::compile::other_values(&game), ["b=true"]);
}

// Finding 14: numbers out of range were clamped, clocks wrapped.
#[test]
fn a_number_past_the_limit_is_a_check_error_at_its_place() {
    let morris = include_str!("../games/morris.game");
    let text = morris.replacen(
        "(add-counter \"Hand\" -1)",
        "(add-counter \"Hand\" 9223372036854775807)",
        1,
    );
    assert_ne!(text, morris);
    let errs = rule_errors(&text);
    assert_eq!(
        errs,
        [(
            "9223372036854775807 is out of range".to_string(),
            "9223372036854775807".to_string()
        )]
    );
    let (_dir, path) = common::temp_file("big.game", &text);
    let err = refused(&ludic(&["check", path.to_str().unwrap()]));
    assert!(err.contains("big.game:"), "{err}");
    assert!(
        err.contains("expected an integer from -1000000000 to 1000000000"),
        "{err}"
    );
}

#[test]
fn a_fen_clock_that_would_wrap_is_refused() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 4294967295 1";
    let err = refused(&ludic(&["moves", "chess", "--fen", fen]));
    assert!(
        err.contains("half-move clock `4294967295`: expected a whole number from 0 to 1000000000"),
        "{err}"
    );
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 4000000000";
    let err = refused(&ludic(&["moves", "chess", "--fen", fen]));
    assert!(err.contains("move number `4000000000`"), "{err}");
    // At the limit: read (it wrapped to 0 before, and the game went on),
    // and drawn by the no-progress rule as read: a position given past a
    // draw limit is judged as play judges it (chess.game: 100 turns).
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 1000000000 1";
    let out = ok(&ludic(&["moves", "chess", "--fen", fen]));
    assert!(
        out.contains("game over: draw: 100 turns without progress"),
        "{out}"
    );
}

// Finding 16: rule files accepted silently.
#[test]
fn directions_with_none_in_common_are_a_check_error() {
    let checkers = include_str!("../games/checkers.game");
    let text = checkers.replacen("dirs:Forward over", "dirs:(and Forward Backward) over", 1);
    assert_ne!(text, checkers);
    assert_eq!(
        rule_errors(&text),
        [(
            "a direction set without a direction".to_string(),
            "(and Forward Backward)".to_string()
        )]
    );
}

#[test]
fn empty_names_and_control_characters_are_check_errors_all_at_once() {
    // Read errors first: every one of the stage.
    let text = small_game("  (toggle x bool default:false \"A\u{0}B\u{1b}[2J\")");
    let control = |c: &str, s: &str| (format!("control character {c} in a string"), s.to_string());
    assert_eq!(
        rule_errors(&text),
        [control("U+0000", "\u{0}"), control("U+001B", "\u{1b}")]
    );
    let text = small_game("  (piece \"\")\n  (region \"\" (sites \"a1\"))");
    let errs = rule_errors(&text);
    let messages: Vec<&str> = errs.iter().map(|e| e.0.as_str()).collect();
    assert!(messages.contains(&"a piece with an empty name"), "{errs:?}");
    assert!(
        messages.contains(&"a region with an empty name"),
        "{errs:?}"
    );
    let text = small_game("").replace(
        "(players 2)",
        "(players (player \"\" letter:\"A\") (player \"B\" letter:\"B\"))",
    );
    let errs = rule_errors(&text);
    assert_eq!(errs[0].0, "a player with an empty name", "{errs:?}");
}

// Finding 17: options accepted silently.
#[test]
fn a_toggle_set_twice_is_refused() {
    let err = refused(&ludic(&[
        "moves",
        "checkers",
        "--set",
        "no_progress=5",
        "--set",
        "no_progress=6",
    ]));
    assert!(
        err.contains("`no_progress` is set twice (no_progress=5 and no_progress=6); set it once"),
        "{err}"
    );
    let err = refused(&ludic(&[
        "analyze",
        "tictactoe",
        "--count",
        "2",
        "--compare",
        "x=1",
        "--compare",
        "x=1",
    ]));
    assert!(err.contains("`x` is set twice"), "{err}");
    // --compare replaces a --set of the same toggle: two settings, as labelled.
    let out = ok(&ludic(&[
        "analyze",
        "checkers",
        "--count",
        "2",
        "--max-turns",
        "20",
        "--set",
        "no_progress=5",
        "--compare",
        "no_progress=7",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["settings"][1]["sets"],
        serde_json::json!(["no_progress=7"])
    );
}

#[test]
fn a_bare_name_is_the_shipped_game_whatever_the_folder_holds() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("ataxx")).unwrap();
    std::fs::write(tmp.path().join("tictactoe"), "not a rule file").unwrap();
    // The shipped games, not the folder or the file of that name.
    // Ataxx's start: two pieces in corners, 8 moves each (published perft 1).
    let out = ok(&ludic_in(tmp.path(), &["perft", "ataxx", "1"]));
    let leaves = out.split_whitespace().nth(2);
    assert_eq!(leaves, Some("16"), "{out}");
    let out = ok(&ludic_in(tmp.path(), &["moves", "tictactoe"]));
    assert!(out.starts_with("9 legal move(s)"), "{out}");
    // A path reads the file.
    let err = refused(&ludic_in(tmp.path(), &["check", "./tictactoe"]));
    assert!(err.contains("./tictactoe:"), "{err}");
    // A bare name that is no shipped game points at the file.
    std::fs::write(tmp.path().join("mine"), "(game").unwrap();
    let err = refused(&ludic_in(tmp.path(), &["check", "mine"]));
    assert!(err.contains("write it as a path: ./mine"), "{err}");
}

#[test]
fn the_web_api_refuses_more_seats_than_players() {
    let srv = server::serve(&[]);
    let body = serde_json::json!({"game": "checkers", "seats": ["human", "random", "random"]});
    let (status, v) = srv.post("/api/sessions", &body.to_string());
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["error"], "the game has 2 seats, 3 were given");
    srv.open("checkers", &["human"]);
}

// Finding 13: a PDN Result that the rules contradict.
#[test]
fn replay_refuses_a_pdn_result_the_rules_contradict() {
    // The rules' own example: Black's 1x10x19 takes White's last men
    // (games/checkers.scenarios). ludic writes `1-0` for a first-player
    // win (Black in English draughts).
    let pdn = |r: &str| {
        format!(
            "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"B:W6,15:B1\"]\n[Result \"{r}\"]\n1. 1x10x19 {r}\n"
        )
    };
    for (result, wrong) in [
        ("0-1", true),
        ("1/2-1/2", true),
        ("1-0", false),
        ("*", false),
    ] {
        let (_dir, path) = common::temp_file("r.pdn", &pdn(result));
        let o = ludic(&["replay", "checkers", path.to_str().unwrap()]);
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(o.status.success(), !wrong, "{result}: {out}");
        assert_eq!(out.contains("WRONG RESULT"), wrong, "{result}: {out}");
    }
    let (_dir, path) = common::temp_file("r.pdn", &pdn("0-1"));
    let out = common::stdout(&ludic(&["replay", "checkers", path.to_str().unwrap()]));
    assert!(
        out.contains("the record says `0-1` (White wins), the rules say Black wins"),
        "{out}"
    );
    // A game the rules have not ended (a resignation) keeps any result.
    let (_dir, path) = common::temp_file("r.pdn", "[Result \"0-1\"]\n1. 11-15 0-1\n");
    ok(&ludic(&["replay", "checkers", path.to_str().unwrap()]));
}

// Finding 11: FENs the royal rule makes impossible. Written in terms of
// `(royal "Kind")` and the setup, not of chess: each player holds as
// many royal pieces as the setup gives, and the side not to move is not
// in check.
#[test]
fn a_fen_the_royal_rule_makes_impossible_is_refused() {
    for (fen, why) in [
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "Black is not to move but is in check: its King could be taken",
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "White has 0 King(s); the rules (`royal \"King\"`, and the setup) give each player 1",
        ),
        (
            "KKKKKKKK/KKKKKKKK/8/8/8/8/kkkkkkkk/kkkkkkkk w - - 0 1",
            "White has 16 King(s)",
        ),
    ] {
        let err = refused(&ludic(&["moves", "chess", "--fen", fen]));
        assert!(err.contains(why), "{fen}: {err}");
    }
    // The same position with the checked side to move is legal: it must
    // get out of check (the king's four squares off the e-file).
    let out = ok(&ludic(&[
        "moves",
        "chess",
        "--fen",
        "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
    ]));
    assert!(
        out.starts_with("4 legal move(s): e8-f8 e8-f7 e8-d7 e8-d8"),
        "{out}"
    );
}

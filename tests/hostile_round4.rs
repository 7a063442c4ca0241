//! Regression tests for issue 42's remaining findings and the fourth
//! hostile round, each of the kind that found it: the `ludic` binary run
//! on the hostile input, or the library given the same rule file.

mod common;
#[path = "common/server.rs"]
mod server;
use common::{ludic, ok};
use ludic::compile::{LoadError, MAX_OTHER_SETTINGS, Options, assemble, compile_assembled};
use std::process::Output;

/// The standard error of a run that must fail with exit code 1 (not a
/// panic's 101).
fn refused(o: &Output) -> String {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "stderr: {err}");
    err
}

/// A small game with `extra` clauses.
fn small_game(extra: &str) -> String {
    format!(
        "(game \"Small\"\n{extra}\n  (players 2)\n  (board (square 3 3) labels:Coordinates)\n  \
         (piece \"Mark\")\n  (play (place \"Mark\" to:Empty))\n  (end (no-moves Draw)))\n"
    )
}

/// `n` boolean toggles `t0`… each read by a top-level `match` whose arms
/// differ: the other value declares one more piece, `Extra0`….
fn read_toggles(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "  (toggle t{i} bool default:false \"T {i}\")\n  \
                 (match $t{i} (case true (piece \"Extra{i}\")) (case false))"
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

// Finding 8: `check` compiled the whole file again for each other value of
// each read toggle: N compiles of a file of size N (4,096 took 98 s).
#[test]
fn check_compiles_a_bounded_number_of_other_settings_of_4096_read_toggles() {
    let text = small_game(&read_toggles(4096));
    let assembled = assemble("many.game", &text).expect("parses");
    let (game, _) = compile_assembled(&assembled, &Options::default()).expect("compiles");
    assert_eq!(game.toggles.len(), 4096);
    assert_eq!(ludic::compile::other_values(&game).len(), 4096);
    let others = ludic::compile::other_settings(&assembled, &game, &[]).unwrap();
    // A constant number of compiles: linear in the file, not quadratic.
    assert_eq!(others.compiled, MAX_OTHER_SETTINGS);
    assert_eq!(others.untried.len(), 4096 - MAX_OTHER_SETTINGS);
    assert_eq!(others.untried[0], format!("t{MAX_OTHER_SETTINGS}=true"));
    assert!(others.failed.is_empty(), "{:?}", others.failed);
    // The command says what it left untried, and how to try it.
    let (_dir, path) = common::temp_file("many.game", &text);
    let out = ludic(&["check", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(ok(&out).ends_with("4096 toggle(s)\n"));
    assert!(
        err.contains(&format!(
            "{} other setting(s) not tried",
            4096 - MAX_OTHER_SETTINGS
        )) && err.contains(&format!("--set t{MAX_OTHER_SETTINGS}=true")),
        "{err}"
    );
}

#[test]
fn a_match_arm_broken_only_by_another_value_is_found_among_many_plain_reads() {
    // 100 toggles read as plain values come first in the file; the one
    // `match` key is still tried, as match keys go first.
    let plain: String = (0..100)
        .map(|i| format!("  (toggle p{i} bool default:false \"P\")\n"))
        .collect();
    let reads: String = (0..100).map(|i| format!(" $p{i}")).collect();
    let text = format!(
        "(game \"Small\"\n{plain}  (toggle m bool default:false \"M\")\n  (players 2)\n  \
         (board (square 3 3) labels:Coordinates)\n  (piece \"Mark\")\n  \
         (play (place \"Mark\" to:(and Empty (or false{reads}))))\n  \
         (match $m (case true (piece \"Mark\")) (case false))\n  (end (no-moves Draw)))\n"
    );
    let assembled = assemble("m.game", &text).expect("parses");
    let (game, _) = compile_assembled(&assembled, &Options::default()).expect("compiles");
    let others = ludic::compile::other_settings(&assembled, &game, &[]).unwrap();
    assert_eq!(others.compiled, MAX_OTHER_SETTINGS);
    let failed: Vec<&str> = others.failed.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(failed, ["m=true"]);
    let (_, LoadError::Rules(d)) = &others.failed[0] else {
        panic!("{:?}", others.failed[0].1)
    };
    assert!(d.render().contains("Mark"), "{}", d.render());
    let (_dir, path) = common::temp_file("m.game", &text);
    let err = refused(&ludic(&["check", path.to_str().unwrap()]));
    assert!(err.contains("with --set m=true"), "{err}");
}

/// The error messages of a rule file that must fail to compile, each with
/// the text under its span and its line.
fn rule_errors(text: &str) -> Vec<(String, String, usize)> {
    match ludic::compile::compile("hostile.game", text, &Options::default()) {
        Err(LoadError::Rules(d)) => d
            .items
            .iter()
            .filter(|x| x.severity == ludic::diag::Severity::Error)
            .map(|x| {
                let (a, b) = (x.span.start as usize, x.span.end as usize);
                let line = text[..a].matches('\n').count() + 1;
                (x.message.clone(), text[a..b].to_string(), line)
            })
            .collect(),
        Err(other) => panic!("expected rule errors, got {other}"),
        Ok(_) => panic!("expected rule errors, the file compiled"),
    }
}

// Finding 16: an empty intersection of directions was reported only where
// it was first spelt; the same set written again passed until the first
// was fixed.
#[test]
fn every_spelling_of_an_empty_direction_set_is_reported_at_once() {
    let text = "(game \"D\"\n  (players 2)\n  (board (square 4 4))\n  (piece \"Man\")\n  \
                (play {(hop dirs:(and Forward Backward) to:Empty)\n    \
                (slide dirs:(and Forward Backward))\n    \
                (step dirs:(and N S) to:Empty)\n    \
                (hop dirs:(and Forward Backward))}))\n";
    let errors = rule_errors(text);
    let found: Vec<(&str, usize)> = errors
        .iter()
        .map(|(m, under, line)| {
            assert_eq!(m, "a direction set without a direction");
            (under.as_str(), *line)
        })
        .collect();
    assert_eq!(
        found,
        [
            ("(and Forward Backward)", 5),
            ("(and Forward Backward)", 6),
            ("(and N S)", 7),
            ("(and Forward Backward)", 8)
        ]
    );
    // A set whose words have their own error is not reported again as
    // empty, at either spelling.
    let text = text.replace("Backward", "Backwards");
    let errors = rule_errors(&text);
    let empty: Vec<&str> = errors
        .iter()
        .filter(|(m, ..)| m == "a direction set without a direction")
        .map(|(_, under, _)| under.as_str())
        .collect();
    assert_eq!(empty, ["(and N S)"], "{errors:?}");
}

// Fourth round: a terminal escape in a `--position` text or in a record's
// move reached the terminal raw (a refusal on stderr, a replay verdict on
// stdout) and could clear the screen or retitle the window.
#[test]
fn control_characters_from_positions_and_records_are_printed_escaped() {
    let out = ludic(&["moves", "tictactoe", "--position", "X \u{1b}[2JX:a1"]);
    let err = refused(&out);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\\u{1b}[2JX"), "{err:?}");
    let trial = "ludic-trial 1\ngame tictactoe\nmoves\nb\u{1b}]0;pwned\u{7}2\nresult unfinished\n";
    let (_dir, path) = common::temp_file("c.trial", trial);
    let out = ludic(&["replay", "tictactoe", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("ILLEGAL at ply 1"), "{text:?}");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    assert!(text.contains("b\\u{1b}]0;pwned\\u{7}2"), "{text:?}");
}

// Fourth round: the server read the first of two Host headers (a request
// naming this server, then `evil.example`, was answered), and a target in
// absolute form naming another host was answered too. HTTP/1.1 allows one
// Host; a proxy may trust the other one, or the target's.
#[test]
fn two_host_headers_or_a_foreign_absolute_target_are_refused() {
    let srv = server::serve(&[]);
    let own = srv.host();
    let get = |head: String| srv.raw(format!("{head}Connection: close\r\n\r\n"));
    let (status, body) = get(format!(
        "GET /api/games HTTP/1.1\r\nHost: {own}\r\nHost: evil.example\r\n"
    ));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("more than one host header"), "{body}");
    let (status, body) = get(format!(
        "GET /api/games HTTP/1.1\r\nHost: {own}\r\nOrigin: http://{own}\r\nOrigin: http://evil.example\r\n"
    ));
    assert_eq!(status, 400, "{body}");
    let (status, body) = get(format!(
        "GET http://evil.example/api/games HTTP/1.1\r\nHost: {own}\r\n"
    ));
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("`evil.example`"), "{body}");
    // The same requests, well formed, are answered.
    let (status, body) = get(format!(
        "GET http://{own}/api/games HTTP/1.1\r\nHost: {own}\r\n"
    ));
    assert_eq!(status, 200, "{body}");
    let (status, body) = get(format!("GET /api/games HTTP/1.1\r\nHost: {own}\r\n"));
    assert_eq!(status, 200, "{body}");
}

/// The `position …` line that `ludic show` prints.
fn shown_position(args: &[&str]) -> String {
    let out = ok(&ludic(args));
    out.lines()
        .find_map(|l| l.strip_prefix("position "))
        .unwrap_or_else(|| panic!("no position line: {out}"))
        .to_string()
}

// Fourth round: a position text read `turns=` up to 2^31 - 1, but play
// counts on: two turns later the printed position said turns=2147483649,
// which the reader refused (a saved position that cannot be loaded).
// Issue 38: the count then saturated at 4294967295 silently (a game that
// counted its turns wrongly from there on). A count reaching 4294967295,
// the most it holds, now ends the game as a turn limit would
// (docs/language.md, `turn-limit`): tic-tac-toe has no score, so a draw.
#[test]
fn a_position_written_after_play_past_the_counts_reads_back() {
    let text = "X X:a1 turns=2147483647 no-progress=2147483647 passes=2147483647";
    let after = shown_position(&["show", "tictactoe", "--position", text, "--moves", "b2 a3"]);
    let again = shown_position(&["show", "tictactoe", "--position", &after]);
    assert_eq!(again, after);
    assert!(after.contains("turns=2147483649"), "{after}");
    // Two turns short of the largest count: the second turn reaches it,
    // and the game ends there, said in words; the position written then
    // reads back as the same game over.
    let text = "X X:a1 turns=4294967293";
    let args = ["show", "tictactoe", "--position", text, "--moves", "b2 a3"];
    let out = ok(&ludic(&args));
    assert!(
        out.contains("game over: draw") && out.contains("turn limit"),
        "{out}"
    );
    let after = shown_position(&args);
    assert!(after.contains("turns=4294967295"), "{after}");
    let again = ok(&ludic(&["show", "tictactoe", "--position", &after]));
    assert!(again.contains(&format!("position {after}")), "{again}");
    assert!(again.contains("game over: draw"), "{again}");
    // No move is played past it: refused with the reason.
    let more = ludic(&["show", "tictactoe", "--position", &after, "--moves", "c3"]);
    let err = refused(&more);
    assert!(err.contains("the game is over"), "{err}");
    // The other two counts end it likewise: no progress, passes.
    let stalled = ok(&ludic(&[
        "show",
        "tictactoe",
        "--position",
        "X X:a1 no-progress=4294967295",
    ]));
    assert!(stalled.contains("game over: draw"), "{stalled}");
}

// Finding 16 (checked again): a variant that names its base twice is
// refused by `check` at the second `base:`, with the first pointed at.
// (The finding's other files are in tests/invalid/given_twice.game and
// tests/hostile_round3.rs.)
#[test]
fn a_variant_naming_its_base_twice_is_refused_at_both_places() {
    let text = "(variant \"V\"\n  base:\"tictactoe.game\"\n  base:\"connect4.game\")\n";
    let (dir, path) = common::temp_file("v.game", text);
    std::fs::copy("games/tictactoe.game", dir.path().join("tictactoe.game")).unwrap();
    std::fs::copy("games/connect4.game", dir.path().join("connect4.game")).unwrap();
    let err = refused(&ludic(&["check", path.to_str().unwrap()]));
    assert!(err.contains("`base:` is given twice"), "{err}");
    assert!(err.contains("v.game:3:3"), "{err}");
    assert!(
        err.contains("first given here") && err.contains("second value"),
        "{err}"
    );
    assert!(err.contains("error: 1 error in"), "{err}");
}

// Found by the long run of tests/fuzz_rules.rs (LUDIC_FUZZ_CASES=150): a
// game with a `rotate` move whose `(players …)` clause is missing or
// unreadable panicked (index out of bounds in the rotation's regions)
// instead of reporting the players' error.
#[test]
fn a_rotation_without_readable_players_is_a_check_error_not_a_panic() {
    let pentago = include_str!("../games/pentago.game");
    let players = "(players (player \"White\" letter:\"W\") (player \"Black\" letter:\"B\"))";
    assert!(pentago.contains(players));
    for (replacement, want) in [
        (
            "(players)",
            "`players` needs at least 1 argument(s), found 0",
        ),
        (
            "(players x)",
            "expected a `(player …)` clause, found a word",
        ),
        ("", "the game has no (players …) clause"),
    ] {
        let text = pentago.replace(players, replacement);
        let (_dir, path) = common::temp_file("p.game", &text);
        let err = refused(&ludic(&["check", path.to_str().unwrap()]));
        assert!(err.contains(want), "{replacement}: {err}");
        assert!(err.contains("p.game:"), "{err}");
    }
}

// Finding 3: terminal control sequences in a rule file were echoed raw
// by its diagnostics (the line under the caret, the name quoted): a
// downloaded file could clear the screen or retitle the window.
#[test]
fn control_characters_of_a_rule_file_are_printed_escaped_by_its_diagnostics() {
    let text = small_game(
        "  (toggle x bool default:false \"A\u{1b}[2J\") // \u{1b}]0;pwned\u{7}\n  (pice \"\u{1b}[31mRed\")",
    );
    let (_dir, path) = common::temp_file("esc.game", &text);
    for cmd in ["check", "moves"] {
        let out = ludic(&[cmd, path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let all = [out.stdout, out.stderr].concat();
        let shown = String::from_utf8_lossy(&all);
        assert!(
            !shown.chars().any(|c| c.is_control() && c != '\n'),
            "{cmd}: {shown:?}"
        );
        assert!(shown.contains("U+001B"), "{cmd}: {shown}");
        assert!(shown.contains("\\u{1b}"), "{cmd}: {shown}");
    }
}

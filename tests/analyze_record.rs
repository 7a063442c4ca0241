//! `ludic analyze --record FILE` writes every game it plays as a trial,
//! and the file accounts for the analysis: `ludic replay` plays every
//! record again through the rules (each must be legal and end as it says),
//! and the results read from the records, counted here seat by seat
//! (wins, first places shared, draws, unfinished; each seat's return
//! worked out from its place by the rule of docs/players.md, apart from
//! the engine's), give the analysis's own figures. Two-player games with
//! a second setting (English draughts), nature's dice (backgammon) and three
//! seats ranked to the end (Chinese checkers) are covered.

mod common;
use common::{ludic, ok};
use ludic::record::trial::{TrialResult, parse_trials};
use serde_json::Value;

/// Each seat's return for these places (1 first) among `n` seats, as
/// docs/players.md defines it: place i alone is worth 1 − 2(i − 1)/(n − 1),
/// and seats sharing places get the mean of the places they span.
fn returns_of(places: &[u8]) -> Vec<f64> {
    let n = places.len() as f64;
    let worth = |i: f64| 1.0 - 2.0 * (i - 1.0) / (n - 1.0);
    places
        .iter()
        .map(|&q| {
            let tied = places.iter().filter(|&&o| o == q).count();
            let spanned: f64 = (0..tied).map(|k| worth(f64::from(q) + k as f64)).sum();
            spanned / tied as f64
        })
        .collect()
}

/// What a setting's records say, counted here.
#[derive(Debug, Default)]
struct Counted {
    wins: Vec<u64>,
    shared: u64,
    shared_by: Vec<u64>,
    draws: u64,
    unfinished: u64,
    returns: Vec<f64>,
    games: u64,
}

fn count(results: &[TrialResult], n: usize) -> Counted {
    let mut c = Counted {
        wins: vec![0; n],
        shared_by: vec![0; n],
        returns: vec![0.0; n],
        ..Counted::default()
    };
    for r in results {
        c.games += 1;
        let places: Vec<u8> = match *r {
            TrialResult::Unfinished => {
                c.unfinished += 1;
                continue;
            }
            TrialResult::Draw(_) => vec![1; n],
            TrialResult::Win(w, _) => (0..n)
                .map(|s| if s == w as usize { 1 } else { 2 })
                .collect(),
            TrialResult::Ranked(p, _) => p.0[..n].to_vec(),
            // A loss alone ends only a game of one player; these have more.
            TrialResult::Loss(..) => panic!("a loss alone in a game of {n} players"),
        };
        let firsts: Vec<usize> = (0..n).filter(|&s| places[s] == 1).collect();
        match firsts.len() {
            1 => c.wins[firsts[0]] += 1,
            k if k == n => c.draws += 1,
            _ => {
                c.shared += 1;
                firsts.iter().for_each(|&s| c.shared_by[s] += 1);
            }
        }
        for (sum, r) in c.returns.iter_mut().zip(returns_of(&places)) {
            *sum += r;
        }
    }
    c
}

/// Runs the analysis with `--record`, replays the file, and checks every
/// setting's figures against its records.
fn check(game: &str, args: &[&str], seats: usize) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("games.trials");
    let file = file.to_string_lossy().into_owned();
    let mut all = vec![
        "analyze",
        game,
        "--json",
        "--record",
        &file,
        "--threads",
        "2",
    ];
    all.extend(args);
    let report: Value = serde_json::from_str(&ok(&ludic(&all))).expect("JSON");
    // Every record replays: legal moves, the result the rules reach.
    let replayed: Value =
        serde_json::from_str(&ok(&ludic(&["replay", game, &file, "--json"]))).expect("JSON");
    let text = std::fs::read_to_string(&file).expect("the records");
    let trials = parse_trials(&text).expect("trials");
    let settings = report["settings"].as_array().expect("settings");
    let per = report["count"].as_u64().expect("count");
    assert_eq!(trials.len() as u64, per * settings.len() as u64, "{game}");
    assert_eq!(replayed["games"], trials.len(), "{game}");
    assert_eq!(replayed["ok"], trials.len(), "{game}: {replayed}");
    for (k, s) in settings.iter().enumerate() {
        let mine = &trials[k * per as usize..(k + 1) * per as usize];
        // Each record carries its setting's toggles and its own seed.
        for (i, t) in mine.iter().enumerate() {
            let seed =
                report["seed"].as_u64().unwrap() ^ (i as u64).wrapping_mul(0xA076_1D64_78BD_642F);
            assert_eq!(t.seed, Some(seed), "{game}: game {i}");
            assert_eq!(t.players.len(), seats);
        }
        let results: Vec<TrialResult> = mine.iter().map(|t| t.result).collect();
        let c = count(&results, seats);
        let label = format!("{game} setting {k}");
        let counts = |key: &str| -> Vec<u64> {
            s[key].as_array().map_or(Vec::new(), |a| {
                a.iter().map(|r| r["count"].as_u64().unwrap()).collect()
            })
        };
        assert_eq!(counts("wins"), c.wins, "{label}: wins");
        assert_eq!(s["draws"]["count"], c.draws, "{label}: draws");
        assert_eq!(
            s["unfinished"]["count"], c.unfinished,
            "{label}: unfinished"
        );
        if seats > 2 {
            assert_eq!(s["shared_first"]["count"], c.shared, "{label}: shared");
            assert_eq!(
                counts("shared_firsts"),
                c.shared_by,
                "{label}: shared by seat"
            );
        } else {
            assert_eq!(c.shared, 0);
            assert!(s.get("shared_first").is_none(), "{label}");
        }
        let means = s["mean_returns"].as_array().expect("mean_returns");
        assert_eq!(means.len(), seats, "{label}");
        for (m, sum) in means.iter().zip(&c.returns) {
            let mean = sum / c.games as f64;
            let got = m["mean"].as_f64().unwrap();
            assert!((got - mean).abs() < 1e-4, "{label}: {got} against {mean}");
            let (low, high) = (m["low"].as_f64().unwrap(), m["high"].as_f64().unwrap());
            assert!(
                -1.0 <= low && low <= got && got <= high && high <= 1.0,
                "{label}: {m}"
            );
        }
    }
}

#[test]
fn two_settings_of_a_two_player_game_replay_into_their_figures() {
    check(
        "checkers",
        &["--count", "40", "--compare", "no_progress=20"],
        2,
    );
}

/// Backgammon with every game worth 1 (`gammons=false`): the returns
/// counted here from the records' places are ±1 (a gammon's ±2 and a
/// backgammon's ±3 from the rules' positions: tests/stakes.rs).
#[test]
fn games_with_dice_replay_into_their_figures() {
    check("backgammon", &["--count", "4", "--set", "gammons=false"], 2);
}

#[test]
fn three_seats_ranked_to_the_end_replay_into_their_figures() {
    let args = [
        "--count",
        "5",
        "--players",
        "greedy",
        "--set",
        "seats=three",
        "--set",
        "ranking=true",
    ];
    check("chinese-checkers", &args, 3);
}

#[test]
fn an_analysis_killed_midway_keeps_the_records_of_the_games_played() {
    // Far more games than the test waits for: the records are written
    // piece by piece as the games are played, not at the end, so a run
    // killed (as Ctrl-C or a closed terminal would) leaves every game of
    // the pieces done, each a whole trial that replays.
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("games.trials");
    let file = file.to_string_lossy().into_owned();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args([
            "analyze",
            "tictactoe",
            "--count",
            "1000000",
            "--threads",
            "1",
        ])
        .args(["--record", &file])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run ludic");
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::metadata(&file).map_or(0, |m| m.len()) < 4096 {
        assert!(Instant::now() < deadline, "no records after 60 s");
        assert!(child.try_wait().expect("waits").is_none(), "ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("killed");
    child.wait().expect("waited");
    let text = std::fs::read_to_string(&file).expect("the records");
    let trials = parse_trials(&text).expect("whole trials only");
    assert!(!trials.is_empty());
    let replayed: Value =
        serde_json::from_str(&ok(&ludic(&["replay", "tictactoe", &file, "--json"]))).expect("JSON");
    assert_eq!(replayed["ok"], trials.len(), "{replayed}");
}

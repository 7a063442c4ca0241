//! What the breaker session found (random rule files and positions run
//! through both tiers of the command, `tests/fuzzgen/`): each case runs the
//! `ludic` command on a small rule file of `tests/data/found/` and fails
//! while the bug stands (so it is ignored, with a one-line description);
//! once fixed, it stays as a regression test. The command runs in a child
//! process: a stack overflow aborts it, and a hang is cut after a time
//! limit.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of the command did.
#[derive(Debug)]
enum Run {
    /// Exit status code (None: killed by a signal, such as an abort) and
    /// the output.
    Exited(Option<i32>, String, String),
    /// Still running after the limit (killed).
    Hung,
}

fn ludic(args: &[&str], limit: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ludic runs");
    // The output is read as it comes: a child whose output outgrows the
    // pipe's buffer would otherwise wait for ever on its write.
    let read = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let out = read(Box::new(child.stdout.take().expect("stdout")));
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let (out, err) = (out.join().expect("stdout"), err.join().expect("stderr"));
            return Run::Exited(status.code(), out, err);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Run::Hung;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn found(name: &str) -> String {
    format!("{}/tests/data/found/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Exits by itself (any code but a crash) within the limit, on both tiers.
fn ends_cleanly(args: &[&str], limit: Duration) {
    for tier in [&[][..], &["--interpreted"][..]] {
        let all: Vec<&str> = args.iter().chain(tier).copied().collect();
        match ludic(&all, limit) {
            Run::Exited(Some(code), out, err) => {
                assert!(
                    !err.contains("panicked") && !err.contains("overflowed"),
                    "{all:?}: exit {code}: {out}{err}"
                );
            }
            Run::Exited(None, _, err) => panic!("{all:?}: killed by a signal: {err}"),
            Run::Hung => panic!("{all:?}: still running after {limit:?}"),
        }
    }
}

/// `attacked` in a capturing generator's `from:` used to recurse until the
/// stack overflowed (both tiers): `check` now refuses the file, at the
/// condition, and so does every command that reads it.
#[test]
fn attacked_in_a_capturing_from_is_refused_at_check() {
    let f = found("attacked-recursion.game");
    ends_cleanly(&["moves", &f, "--moves", "a1-b2"], Duration::from_secs(20));
    ends_cleanly(&["perft", &f, "2", "--quiet"], Duration::from_secs(20));
    match ludic(&["check", &f], Duration::from_secs(20)) {
        Run::Exited(Some(1), out, err) => {
            let text = format!("{out}{err}");
            // Line 11, column 26: the `(attacked)` of `from:(not (attacked))`.
            assert!(text.contains("attacked-recursion.game:11:26"), "{text}");
            assert!(text.contains("asks whether a site is attacked"), "{text}");
        }
        other => panic!("check: {other:?}"),
    }
}

/// `maximize:Steps` over an `again` loop used to search every completion
/// of every step (it hung): the search now stops once a completion takes
/// as many steps as the board has sites, and remembers the counts of the
/// positions it has searched.
#[test]
fn maximize_steps_over_an_again_loop_ends() {
    let f = found("maximize-steps-again.game");
    ends_cleanly(&["moves", &f], Duration::from_secs(30));
    // Every turn of 16 steps (the sites) is kept: far more than a list holds.
    match ludic(&["moves", &f], Duration::from_secs(30)) {
        Run::Exited(Some(0), out, _) => {
            assert!(out.starts_with("100000 legal moves or more"), "{out:.200}");
            let first = out.split(": ").nth(1).and_then(|l| l.split(' ').next());
            // 16 steps (the sites), each written after a `-` (a step) or
            // a `,` (`,pass`).
            assert_eq!(
                first.map(|t| t.matches(['-', ',']).count()),
                Some(16),
                "{first:?}"
            );
        }
        other => panic!("moves: {other:?}"),
    }
}

/// A repeated phase whose first priority level always has a `pass` used
/// to run for ever: a pass now passes the rest of the phase, and no
/// repeated phase takes more steps in a turn than the board has sites.
#[test]
fn a_repeated_phase_without_end_still_ends_its_turn() {
    let f = found("repeat-phase-forever.game");
    ends_cleanly(
        &["playout", &f, "--count", "1", "--max-turns", "5", "--quiet"],
        Duration::from_secs(20),
    );
}

mod cache {
    //! The remembered legal steps and turns (src/engine/position/cache.rs)
    //! against a clone's (a clone remembers nothing), through the public
    //! calls that change a state, including those the engine's own test
    //! leaves out: undo after the game ended, a reseeded generator, a
    //! playout run on the state itself, `try_play` of every candidate.

    use ludic::compile::{Game, Options, shipped_games};
    use ludic::engine::{Engine, State, playout_in};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    fn same_as_fresh(st: &State, at: &str) {
        let fresh = st.clone();
        let steps = |s: &State| -> Vec<String> {
            s.legal_moves()
                .iter()
                .map(|m| s.move_to_string(m))
                .collect()
        };
        // Read twice: the second read is the remembered one.
        let _ = (st.legal_moves(), st.legal_turn_strings(), st.outcome());
        assert_eq!(steps(st), steps(&fresh), "steps {at}");
        assert_eq!(
            st.legal_turn_strings(),
            fresh.legal_turn_strings(),
            "turns {at}"
        );
        assert_eq!(st.outcome(), fresh.outcome(), "outcome {at}");
        assert_eq!(st.is_over(), fresh.is_over(), "is_over {at}");
        let slow = st.on_engine(Engine::Reference);
        assert_eq!(steps(st), steps(&slow), "steps against the reference {at}");
    }

    #[test]
    fn remembered_moves_stay_fresh_through_every_public_change() {
        for name in shipped_games() {
            let game = Arc::new(Game::load(name, &Options::default()).expect("game"));
            for seed in 0..3u64 {
                let mut st = State::new_seeded(game.clone(), seed);
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut buf = Vec::new();
                for i in 0..120 {
                    let at = format!("{name} seed {seed} call {i}");
                    same_as_fresh(&st, &at);
                    match rng.random_range(0..10) {
                        0 | 1 => {
                            let _ = st.undo();
                        }
                        2 => {
                            let _ = st.clear_draw();
                        }
                        3 => st.set_seed(rng.random_range(0..1000)),
                        4 => {
                            // Every candidate tried: the filtered ones leave the state as it was.
                            let steps = st.legal_moves();
                            if let Some(m) = steps.first() {
                                let mut copy = st.clone();
                                let _ = copy.legal_moves();
                                let _ = copy.try_play(m);
                                same_as_fresh(&copy, &format!("{at}, try_play"));
                            }
                        }
                        5 if i % 17 == 5 => {
                            let mut copy = st.clone();
                            let _ = copy.legal_moves();
                            let _ = playout_in(&mut copy, &mut rng, 3, &mut buf);
                            same_as_fresh(&copy, &format!("{at}, after a playout"));
                        }
                        _ => {
                            if st.is_over() {
                                let _ = st.undo();
                                continue;
                            }
                            let turns = st.legal_turn_strings();
                            if turns.is_empty() {
                                continue;
                            }
                            let t = turns[rng.random_range(0..turns.len())].clone();
                            st.play_str(&t).expect("a listed turn plays");
                        }
                    }
                }
            }
        }
    }
}

mod tiers {
    //! Disagreements between the compiled tier and the reference.

    use ludic::compile::{Game, Options};
    use ludic::engine::{Engine, State, perft};
    use std::sync::Arc;

    fn load(name: &str) -> Arc<Game> {
        let path = format!("{}/tests/data/found/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the rule file");
        Arc::new(Game::from_source(&path, &text, &Options::default()).expect("it compiles"))
    }

    fn turns(st: &State) -> Vec<String> {
        st.legal_turn_strings()
    }

    #[test]
    fn a_check_is_kept_when_to_reads_the_whole_board() {
        let game = load("check-with-global-to.game");
        let mut fast = State::with_engine(game.clone(), Engine::Compiled);
        let mut slow = State::with_engine(game, Engine::Reference);
        fast.play_str("a1").expect("a1");
        slow.play_str("a1").expect("a1");
        // The reference, as the rules say: b2 touches Dark's a1.
        assert_eq!(turns(&slow), ["a3", "c3", "c1"]);
        assert_eq!(turns(&fast), turns(&slow), "legal turns after a1");
        let start = |e| State::with_engine(load("check-with-global-to.game"), e);
        assert_eq!(
            perft(&start(Engine::Compiled), 3),
            perft(&start(Engine::Reference), 3)
        );
    }
}

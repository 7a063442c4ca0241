//! No allocation in the move-generation hot path (issue 7), shown with a
//! counting global allocator (the `allocation-counter` crate: it counts the
//! allocations of the current thread while a closure runs, so tests running
//! in parallel do not disturb each other).
//!
//! After a warm-up (buffers and the journal have grown to their working
//! size), these allocate nothing:
//! - generating the legal steps into a reused buffer;
//! - `play_unchecked` + `undo` with journaling on;
//! - a whole random playout (journaling off, a reused buffer), from a state
//!   made with `State::new` or from a clone of one, or on a scratch state
//!   copied from the start before each playout (as the CLI plays them);
//! - a perft of a game the kernel compiles, past the compiling.

use allocation_counter::measure;
use ludic::batch::playouts::one_in;
use ludic::compile::{Game, Options};
use ludic::engine::{Move, State, playout};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn start() -> State {
    let game = Game::load("games/checkers.game", &Options::default()).expect("checkers loads");
    State::new(Arc::new(game))
}

/// The positions of one seeded random game, in order.
fn game_positions(seed: u64) -> Vec<State> {
    let mut st = start();
    st.set_journaling(false);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = vec![st.clone()];
    let mut buf = Vec::new();
    loop {
        st.legal_moves_into(&mut buf);
        if buf.is_empty() {
            return out;
        }
        st.play_unchecked(&buf[rng.random_range(0..buf.len())]);
        out.push(st.clone());
    }
}

#[test]
fn legal_moves_into_a_reused_buffer_allocates_nothing() {
    let mut buf: Vec<Move> = Vec::with_capacity(64);
    for seed in 1..=5 {
        for mut st in game_positions(seed) {
            let info = measure(|| st.legal_moves_into(&mut buf));
            assert_eq!(info.count_total, 0, "legal_moves_into allocated");
        }
    }
}

/// Makes and unmakes every step of the tree `depth` steps deep, with one
/// buffer per depth; returns the number of steps made.
fn make_undo(st: &mut State, depth: usize, bufs: &mut [Vec<Move>]) -> u64 {
    let Some((buf, rest)) = bufs.split_first_mut().filter(|_| depth > 0) else {
        return 0;
    };
    st.legal_moves_into(buf);
    let mut n = 0;
    for m in buf.iter() {
        st.play_unchecked(m);
        n += 1 + make_undo(st, depth - 1, rest);
        assert_eq!(st.undo(), Ok(()), "a step to undo");
    }
    n
}

#[test]
fn play_unchecked_and_undo_allocate_nothing_after_a_warm_up() {
    let mut buf = Vec::new();
    for (k, mut st) in game_positions(7).into_iter().enumerate().step_by(5) {
        st.set_journaling(true);
        let mut bufs: Vec<Vec<Move>> = (0..4).map(|_| Vec::with_capacity(64)).collect();
        // Warm-up: the journal, the history and the buffers reach their size.
        let warm = make_undo(&mut st, 4, &mut bufs);
        let mut steps = 0;
        let info = measure(|| steps = make_undo(&mut st, 4, &mut bufs));
        assert_eq!(steps, warm);
        assert_eq!(info.count_total, 0, "make/undo allocated at ply {k}");
        // The state is back where it was.
        st.legal_moves_into(&mut buf);
        assert_eq!(buf, bufs[0]);
    }
}

/// Plays seeds `1..=200` from states made by `fresh`; returns the
/// allocations counted inside each playout (the state is made outside).
fn playout_allocations(fresh: impl Fn() -> State) -> Vec<(u64, u64)> {
    let mut buf = Vec::with_capacity(64);
    (1..=200)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let st = fresh();
            let mut turns = 0;
            let info = measure(|| turns = playout(st, &mut rng, 1000, &mut buf).turns);
            // A new state's history has room for 256 turns; these games are
            // shorter, so the check below is about the hot path alone.
            assert!(turns < 256, "playout {seed}: {turns} turns");
            (seed, info.count_total)
        })
        .filter(|&(_, n)| n > 0)
        .collect()
}

#[test]
fn a_random_playout_from_a_new_state_allocates_nothing() {
    let game =
        Arc::new(Game::load("games/checkers.game", &Options::default()).expect("checkers loads"));
    let allocating = playout_allocations(|| State::new(game.clone()));
    assert_eq!(
        allocating,
        vec![],
        "(seed, allocations) of playouts that allocated"
    );
}

/// The CLI and the benches play every playout from a clone of the start.
/// `State`'s `Clone` keeps room in the turn history, so a playout from a
/// clone (how the CLI, the benches and MCTS start them) does not regrow it.
#[test]
fn a_random_playout_from_a_cloned_state_allocates_nothing() {
    let start = start();
    let allocating = playout_allocations(|| start.clone());
    assert_eq!(
        allocating,
        vec![],
        "(seed, allocations) of playouts that allocated"
    );
}

/// The CLI's playouts (`batch::playouts::run`) copy the start into one
/// scratch state per thread before each playout (`Clone::clone_from`):
/// once the scratch has held a long playout, copying and playing
/// allocate nothing, the copy included.
#[test]
fn a_playout_on_a_reused_scratch_state_allocates_nothing_after_a_warm_up() {
    let start = start();
    let (mut scratch, mut buf) = (start.clone(), Vec::with_capacity(64));
    for seed in 1..=50 {
        one_in(&mut scratch, &start, 3, seed, 1000, &mut buf);
    }
    let allocating: Vec<(u64, u64)> = (1..=200)
        .map(|i| {
            let info = measure(|| {
                one_in(&mut scratch, &start, 3, i, 1000, &mut buf);
            });
            (i, info.count_total)
        })
        .filter(|&(_, n)| n > 0)
        .collect();
    assert_eq!(
        allocating,
        vec![],
        "(playout, allocations) of playouts that allocated"
    );
}

/// International draughts lists its steps through the majority rule's
/// search (every capture played out and undone): once the journal and the
/// spare move buffers are warm, that allocates nothing either, nor do its
/// playouts (taken pieces, flying kings).
#[test]
fn the_majority_rules_search_allocates_nothing_after_a_warm_up() {
    let game = Arc::new(
        Game::load("games/international.game", &Options::default()).expect("international loads"),
    );
    let mut st = State::new(game.clone());
    st.set_journaling(false);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf: Vec<Move> = Vec::with_capacity(64);
    let mut captures = 0;
    for _ in 0..400 {
        st.legal_moves_into(&mut buf);
        if buf.is_empty() {
            break;
        }
        let again = measure(|| st.legal_moves_into(&mut buf));
        assert_eq!(again.count_total, 0, "legal_moves_into allocated");
        let m = buf[rng.random_range(0..buf.len())];
        captures += u32::from(m.over != ludic::board::NO_SITE);
        st.play_unchecked(&m);
    }
    assert!(captures > 0, "the game made captures");
    // Playouts: a first round warms up the spare buffers (deep chains
    // need more of them); the same playouts again allocate nothing.
    let mut bufp = Vec::with_capacity(64);
    for seed in 1..=30 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        playout(State::new(game.clone()), &mut rng, 1000, &mut bufp);
    }
    let allocating: Vec<(u64, u64)> = (1..=30)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let st = State::new(game.clone());
            let info = measure(|| {
                playout(st, &mut rng, 1000, &mut bufp);
            });
            (seed, info.count_total)
        })
        .filter(|&(_, n)| n > 0)
        .collect();
    assert_eq!(
        allocating,
        vec![],
        "(seed, allocations) of playouts that allocated"
    );
}

/// Ex nihilo's random steps count their first level from site sets and
/// list only the origins the flank screen lets through
/// (`engine::levelcount`, `engine::randlevel`), with hostage moves
/// (a marked origin) between: once their spare buffers are warm, the
/// same playouts again allocate nothing, on every board size.
#[test]
fn ex_nihilo_playouts_allocate_nothing_after_a_warm_up() {
    for size in ["4", "5", "6"] {
        let opts = Options::from_sets(&[&format!("size={size}")]).expect("a size");
        let game = Arc::new(Game::load("games/exnihilo.game", &opts).expect("Ex nihilo loads"));
        let mut buf = Vec::with_capacity(64);
        let play = |seed: u64, buf: &mut Vec<Move>| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            playout(State::new(game.clone()), &mut rng, 1000, buf);
        };
        for seed in 1..=30 {
            play(seed, &mut buf);
        }
        let allocating: Vec<(u64, u64)> = (1..=30)
            .map(|seed| {
                let st = State::new(game.clone());
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let info = measure(|| {
                    playout(st, &mut rng, 1000, &mut buf);
                });
                (seed, info.count_total)
            })
            .filter(|&(_, n)| n > 0)
            .collect();
        assert_eq!(allocating, vec![], "size {size}: (seed, allocations)");
    }
}

/// Polypods tells its placements' filters on site sets (a view of the
/// position shared by the candidates, effects simulated as sets) and
/// skips the effects of steps known quiet: listing, making and undoing,
/// and playouts (which test one candidate at a time) allocate nothing
/// once warm.
#[test]
fn polypods_filters_on_sets_allocate_nothing() {
    let game =
        Arc::new(Game::load("games/polypods.game", &Options::default()).expect("polypods loads"));
    let mut st = State::new(game.clone());
    st.set_journaling(false);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut buf: Vec<Move> = Vec::with_capacity(64);
    let mut positions = Vec::new();
    for _ in 0..120 {
        st.legal_moves_into(&mut buf);
        if buf.is_empty() {
            break;
        }
        let again = measure(|| st.legal_moves_into(&mut buf));
        assert_eq!(again.count_total, 0, "legal_moves_into allocated");
        positions.push(st.clone());
        // Placements only while there are (a pass may end the game).
        let places = buf.iter().filter(|m| m.to != ludic::board::NO_SITE).count();
        let m = buf[rng.random_range(0..places.max(1))];
        st.play_unchecked(&m);
    }
    assert!(positions.len() > 40, "a game of some length");
    for (k, mut st) in positions.into_iter().enumerate().step_by(10) {
        st.set_journaling(true);
        let mut bufs: Vec<Vec<Move>> = (0..3).map(|_| Vec::with_capacity(64)).collect();
        let warm = make_undo(&mut st, 3, &mut bufs);
        let mut steps = 0;
        let info = measure(|| steps = make_undo(&mut st, 3, &mut bufs));
        assert_eq!(steps, warm);
        assert_eq!(info.count_total, 0, "make/undo allocated at ply {k}");
    }
    // Playouts: a first round warms up the interpreter's spare buffers
    // (for the rare steps whose effects do change the position); the same
    // playouts again allocate nothing.
    let _ = playout_allocations(|| State::new(game.clone()));
    let allocating = playout_allocations(|| State::new(game.clone()));
    assert_eq!(
        allocating,
        vec![],
        "(seed, allocations) of playouts that allocated"
    );
}

/// Perft's allocations, for a walk `depth` turns deep from `st`.
fn perft_allocations(st: &State, depth: u32) -> u64 {
    measure(|| {
        ludic::engine::perft(st, depth).expect("a count");
    })
    .count_total
}

#[test]
fn a_compiled_perft_allocates_as_much_at_any_depth() {
    // What a perft of a game the kernel compiles allocates is set up once
    // per call (the rules compiled): its walk allocates nothing, however
    // many positions it makes (1,469 leaves at depth 4 of draughts,
    // 179,740 at depth 7).
    for file in [
        "games/checkers.game",
        "games/checkers10.game",
        "games/breakthrough.game",
    ] {
        let game = Game::load(file, &Options::default()).expect("the game loads");
        let st = State::new(Arc::new(game));
        let (shallow, deep) = (perft_allocations(&st, 1), perft_allocations(&st, 5));
        assert_eq!(
            shallow, deep,
            "{file}: {shallow} allocations at depth 1, {deep} at 5"
        );
    }
}

/// A front end's loop (the Python package's, the web page's): is the game
/// over, the legal steps, play one. The steps are listed once per position
/// into a pooled buffer, and a game whose filters are probed (chess: the
/// king not left attacked) lists them on a per-thread scratch copy, so
/// that after a warm-up a step allocates nothing: only a buffer growing to
/// a longer list than any before (a few times in a game) allocates, where
/// a listing used to allocate at least once a step (chess: a copy of the
/// state each).
#[test]
fn a_front_ends_loop_of_listing_and_playing_allocates_nothing_after_a_warm_up() {
    for file in ["games/chess.game", "games/checkers.game"] {
        let game = Game::load(file, &Options::default()).expect("loads");
        let mut st = State::new(Arc::new(game));
        st.set_journaling(false);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (mut steps, mut allocations) = (0, 0);
        while steps < 150 {
            let info = measure(|| {
                if !st.is_over() {
                    let legal = st.legal_steps();
                    let m = legal[rng.random_range(0..legal.len())];
                    st.play(&m).expect("a legal step");
                }
            });
            if steps >= 10 {
                allocations += info.count_total;
            }
            steps += 1;
            if st.is_over() {
                break;
            }
        }
        assert!(steps > 40, "{file}: {steps} steps");
        assert!(allocations <= 4, "{file}: {allocations} in {steps} steps");
    }
}

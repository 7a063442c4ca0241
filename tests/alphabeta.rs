//! Alpha-beta, greedy and guided MCTS players on hand-worked positions
//! of shipped games: a draughts shot two moves deep, a battle won through sampled
//! turns.

use ludic::compile::{Game, Options};
use ludic::engine::State;
use ludic::players::WIN;
use ludic::players::{Agent, AlphaBeta, Budget, Depth, Greedy, Guide, Mcts};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
fn ab(depth: u32) -> AlphaBeta {
    AlphaBeta::new(Depth::Plies(depth), ChaCha8Rng::seed_from_u64(1))
}

fn fen(game: &str, fen: &str) -> State {
    let g = Arc::new(Game::load(game, &Options::default()).expect("game"));
    State::from_fen(g, fen).expect("fen")
}

#[test]
fn checkers_shot_two_moves_deep() {
    // Worked by hand: White 23-18 gives a man away; Black must take it
    // (14x23 or 15x22, captures are compulsory; the men on 29 and 32
    // stop either jump going on), and White's reply takes both Black
    // men (27x18x11 or 25x18x9): Black has nothing left and loses,
    // three turns from now. No other first move wins that fast.
    let st = fen("games/checkers.game", "W:W23,25,27,29,32:B14,15");
    let mut p = ab(3);
    let (turn, v) = p.search(&st).expect("a move");
    assert_eq!(st.turn_to_string(&turn), "23-18");
    assert_eq!(v, WIN - 3);
    // Two turns deep the win is not seen yet.
    let (_, v2) = ab(2).search(&st).expect("a move");
    assert!(v2 < WIN - 64, "{v2}");
}

#[test]
fn genocide_battle_won_through_sampled_turns() {
    // Red (to move, 12 movement points) has five checkers next to
    // Black's last three: moving four or five onto d5 and ending the
    // phase wins the battle and the game (Black has no checker left).
    // Red's turn tree is far past the exact bound: the turn is found
    // among the sampled step sequences.
    let g = Arc::new(Game::load("games/genocide.game", &Options::default()).expect("game"));
    let st = State::from_position(g, "R R:d4*5 B:d5*3").expect("position");
    let (turn, v) = ab(1).search(&st).expect("a move");
    assert_eq!(v, WIN - 1, "{}", st.turn_to_string(&turn));
    let mut after = st.clone();
    after.play_turn(&turn);
    assert!(matches!(
        after.outcome(),
        Some(ludic::engine::Outcome::Win(0, _))
    ));
    let mut greedy = Greedy::new(ChaCha8Rng::seed_from_u64(3));
    let t = greedy.best(&st).expect("a move");
    let mut after = st.clone();
    after.play_turn(&t);
    assert!(matches!(
        after.outcome(),
        Some(ludic::engine::Outcome::Win(0, _))
    ));
}

#[test]
fn genocide_battle_won_by_guided_mcts() {
    // The battle above: guided MCTS (playouts cut at once, scored by the
    // heuristic) lists Red's turns by sampling, as alpha-beta does, and
    // picks the one that wins (worth 1; the others are scored below 1).
    let g = Arc::new(Game::load("games/genocide.game", &Options::default()).expect("game"));
    let st = State::from_position(g, "R R:d4*5 B:d5*3").expect("position");
    let guide = Guide {
        cut: Some(0),
        eps_permille: 1000,
    };
    for seed in 0..3 {
        let mut m = Mcts::guided(
            Budget::Iterations(30),
            guide,
            ChaCha8Rng::seed_from_u64(seed),
        );
        let (turn, _) = m.choose_turn(&st).expect("a turn");
        let mut after = st.clone();
        after.play_turn(&turn);
        assert!(
            matches!(after.outcome(), Some(ludic::engine::Outcome::Win(0, _))),
            "seed {seed}: {}",
            st.turn_to_string(&turn)
        );
    }
}

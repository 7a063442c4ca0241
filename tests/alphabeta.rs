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

/// A line's turns in the game's notation, each written in the position
/// it is played from.
fn line_texts(st: &State, line: &[Vec<ludic::engine::Move>]) -> Vec<String> {
    let mut st = st.clone();
    line.iter()
        .map(|t| {
            let s = st.turn_to_string(t);
            st.play_turn(t);
            s
        })
        .collect()
}

#[test]
fn checkers_shot_line_is_the_hand_worked_one() {
    // The shot above, worked by hand: 23-18; Black must take with
    // 14x23 (then 27x18x11 takes both men) or 15x22 (then 25x18x9).
    let st = fen("games/checkers.game", "W:W23,25,27,29,32:B14,15");
    let mut p = ab(5);
    let (turn, _) = p.search(&st).expect("a move");
    let line = line_texts(&st, &p.line(&st, &turn));
    assert_eq!(
        line[0],
        st.turn_to_string(&turn),
        "the line starts with the turn chosen"
    );
    let worked = [
        ["23-18", "14x23", "27x18x11"],
        ["23-18", "15x22", "25x18x9"],
    ];
    assert!(worked.iter().any(|w| line == w), "{line:?}");
}

/// Tic-tac-toe by brute force, apart from the engine: cells `a1`..`c3`
/// as `col + 3 * row`, 0 empty, 1 Cross, 2 Nought.
mod ttt {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    pub fn cell(name: &str) -> usize {
        let b = name.as_bytes();
        usize::from(b[0] - b'a') + 3 * usize::from(b[1] - b'1')
    }
    pub fn name(i: usize) -> String {
        format!("{}{}", (b'a' + (i % 3) as u8) as char, i / 3 + 1)
    }
    pub fn won(b: &[u8; 9], p: u8) -> bool {
        LINES.iter().any(|l| l.iter().all(|&i| b[i] == p))
    }
    /// Can `p`, to move, force three in a row within `turns` of its own
    /// turns?
    pub fn forces(b: &mut [u8; 9], p: u8, turns: u32) -> bool {
        (0..9).any(|i| b[i] == 0 && wins_by(b, i, p, turns))
    }
    /// Does `p` playing `i` force a win within `turns` of its turns?
    pub fn wins_by(b: &mut [u8; 9], i: usize, p: u8, turns: u32) -> bool {
        if turns == 0 {
            return false;
        }
        b[i] = p;
        let q = 3 - p;
        let r = won(b, p)
            || (turns > 1
                && b.contains(&0)
                && (0..9).all(|j| {
                    if b[j] != 0 {
                        return true;
                    }
                    b[j] = q;
                    let ok = !won(b, q) && forces(b, p, turns - 1);
                    b[j] = 0;
                    ok
                }));
        b[i] = 0;
        r
    }
}

/// Cross (a1, b1) against Nought (c1, a2), Cross to move: no win at
/// once, but one cell forks. The line a searcher gives is that cell, a
/// reply of Nought's, and Cross's win, checked on the test's own board.
fn check_ttt_line(agent: &mut dyn Agent) {
    let g = Arc::new(Game::load("games/tictactoe.game", &Options::default()).expect("game"));
    let mut st = State::new(g);
    let mut board = [0u8; 9];
    for (k, m) in ["a1", "c1", "b1", "a2"].iter().enumerate() {
        st.play_str(m).expect("legal");
        board[ttt::cell(m)] = 1 + (k % 2) as u8;
    }
    let forcing: Vec<String> = (0..9)
        .filter(|&i| board[i] == 0 && ttt::wins_by(&mut board.clone(), i, 1, 2))
        .map(ttt::name)
        .collect();
    assert!(!ttt::forces(&mut board.clone(), 1, 1), "no win at once");
    assert_eq!(forcing.len(), 1, "{forcing:?}");
    let turns = ludic::players::Turns::of(&st);
    let i = agent.choose(&st, &turns);
    let chosen = turns.get(i).to_vec();
    let line = line_texts(&st, &agent.line(&st, &chosen));
    assert_eq!(
        line[0],
        st.turn_to_string(&chosen),
        "the line starts with the turn chosen"
    );
    assert_eq!(line.len(), 3, "{line:?}");
    assert_eq!(line[0], forcing[0], "{line:?}");
    for (k, m) in line.iter().enumerate() {
        let c = ttt::cell(m);
        assert_eq!(board[c], 0, "{line:?}: {m} is taken");
        board[c] = 1 + (k % 2) as u8;
        assert_eq!(ttt::won(&board, 1), k == 2, "{line:?} after {m}");
    }
}

#[test]
fn alpha_beta_line_is_the_forced_win() {
    check_ttt_line(&mut ab(6));
}

#[test]
fn mcts_line_is_the_forced_win() {
    check_ttt_line(&mut Mcts::new(
        Budget::Iterations(3000),
        ChaCha8Rng::seed_from_u64(5),
    ));
}

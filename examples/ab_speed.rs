//! Alpha-beta nodes per second and the heuristic's cost per evaluation
//! (docs/performance.md): `cargo run --release --example ab_speed`.

use ludic::compile::{Game, Options};
use ludic::engine::State;
use ludic::players::{AlphaBeta, Budget, Depth, Guide, Mcts, Turns, evaluate, seeded_rng};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    for (name, depth) in [
        ("checkers", 6),
        ("tictactoe", 9),
        ("connect4", 5),
        ("breakthrough", 4),
        ("reversi", 5),
        ("international", 4),
        ("genocide", 1),
    ] {
        let g = Arc::new(Game::load(name, &Options::default()).expect("game"));
        let mut st = State::new(g);
        let n = 100_000;
        let t = Instant::now();
        let mut sum = 0i64;
        for _ in 0..n {
            sum = sum.wrapping_add(evaluate(&mut st, 0, &mut Vec::new(), &mut Vec::new()));
        }
        let per = t.elapsed().as_secs_f64() / n as f64;
        let mut ab = AlphaBeta::new(Depth::Plies(depth), seeded_rng(1, 0, 0));
        let t = Instant::now();
        let best = ab
            .search(&st)
            .map(|(turn, v)| (st.turn_to_string(&turn), v));
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{name}: heuristic {:.2} µs/eval (sum {sum}); ab:{depth} from the start: {} nodes in {secs:.2} s, {:.0} nodes/s, best {best:?}",
            per * 1e6,
            ab.nodes,
            ab.nodes as f64 / secs
        );
    }
    // Guided MCTS: iterations a second from the start, plain and with
    // each option.
    for name in ["checkers", "breakthrough", "reversi"] {
        let g = Arc::new(Game::load(name, &Options::default()).expect("game"));
        let st = State::new(g);
        let turns = Turns::of(&st);
        for spec in ["", "cut=10", "cut=0", "eps=0.5", "cut=10,eps=0.5"] {
            let mut guide = Guide::default();
            for o in spec.split(',').filter(|o| !o.is_empty()) {
                guide.set(o).expect("option");
            }
            let mut m = Mcts::guided(Budget::Iterations(2000), guide, seeded_rng(1, 0, 0));
            let t = Instant::now();
            m.search(&st, &turns);
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{name}: mcts:2000{guide} from the start: {:.0} iterations/s",
                2000.0 / secs
            );
        }
    }
}

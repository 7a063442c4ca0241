//! Replay refusals as data: which ply, which move, and why (a kind, not
//! only a message).

use ludic::batch::replay::{PlyError, replay_game, replay_trial};
use ludic::compile::{Game, Options};
use ludic::engine::Refusal;
use ludic::record::pdn::parse_pdn;
use ludic::record::trial::parse_trial;
use std::sync::Arc;

fn checkers() -> Arc<Game> {
    Arc::new(Game::load("checkers", &Options::default()).unwrap())
}

#[test]
fn a_refused_move_says_why_as_a_kind() {
    // Black opens 11-15; White has no man on 15 (docs/games/checkers.md).
    let g = &parse_pdn("1. 11-15 15-19 *").unwrap()[0];
    let v = replay_game(&checkers(), g, 1);
    let e = v.error.expect("15-19 is White's move from a black man");
    assert_eq!((e.ply, e.text.as_str(), v.moves), (2, "15-19", 1));
    let PlyError::Illegal(m) = &e.reason else {
        panic!("{:?}", e.reason)
    };
    // The kind says which: the site it starts from holds no piece of
    // the player to move.
    assert_eq!(m.reason, Refusal::NotYours);
    assert!(m.legal.contains(&"22-18".to_string()), "{m}");
}

#[test]
fn a_start_that_sets_no_position_is_refused() {
    // Square 99 is not on the 32-square board.
    let t = "ludic-trial 1\ngame checkers\nstart B:W99:B1\nmoves\nresult unfinished\n";
    let v = replay_trial(&checkers(), &parse_trial(t).unwrap());
    let e = v.error.expect("no square 99");
    assert!(matches!(e.reason, PlyError::StartFen(_)), "{:?}", e.reason);
    assert!(e.to_string().contains(": bad start position: "), "{e}");
}

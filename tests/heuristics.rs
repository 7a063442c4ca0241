//! The heuristics of the shipped games judge hand-built positions the way
//! a player would: more material, more open lines, more discs are better
//! (fewer pieces in Giveaway). Values are computed by hand from the terms
//! written in each rule file.

use ludic::compile::{Game, Options};
use ludic::engine::State;
use ludic::players::evaluate;
use std::sync::Arc;

fn game(name: &str) -> Arc<Game> {
    Arc::new(Game::load(&format!("games/{name}.game"), &Options::default()).expect("game"))
}

fn eval_pos(name: &str, position: &str, player: u8) -> i64 {
    let mut st = State::from_position(game(name), position).expect("position");
    evaluate(&mut st, player, &mut Vec::new(), &mut Vec::new())
}

fn eval_fen(name: &str, fen: &str, player: u8) -> i64 {
    let mut st = State::from_fen(game(name), fen).expect("fen");
    evaluate(&mut st, player, &mut Vec::new(), &mut Vec::new())
}

#[test]
fn checkers_prefers_the_side_with_more_men() {
    // (material 10) (mobility 1). White (player 2) to move with three men
    // on 21 22 23 against Black's one on 1: material 30 against 10; White
    // has 5 steps (21-17, 22-17, 22-18, 23-18, 23-19), Black, as if to
    // move, 2 (1-5, 1-6). For White: 35 - 12.
    assert_eq!(eval_fen("checkers", "W:W21,22,23:B1", 1), 23);
    assert_eq!(eval_fen("checkers", "W:W21,22,23:B1", 0), -23);
}

#[test]
fn giveaway_prefers_the_side_with_fewer_men() {
    // (material -10) (mobility -1): the same position is bad for White:
    // -35 against Black's -12.
    assert_eq!(eval_fen("giveaway", "W:W21,22,23:B1", 1), -23);
}

#[test]
fn tictactoe_prefers_an_open_two() {
    // (lines 2 3) (centre 1). X on a1 and b2, O on c1; O to move.
    // X's open windows (each counted from both ends): column a (1), row 2
    // (1), column b (1), the a1-c3 diagonal (4): 7 × 2 × 2 = 28; centre:
    // b2 1, a1 0 → 29. O: c1 in column c (1) and the c1-a3 diagonal, which
    // b2 blocks: 1 × 2 × 2 = 4; centre 0 → 4. For X: 25.
    assert_eq!(eval_pos("tictactoe", "O X:a1,b2 O:c1", 0), 25);
}

#[test]
fn reversi_prefers_more_discs() {
    // (score 1) (mobility 3): the score is the discs; Black (to move) has
    // d5 e4 e5 against White's d4; Black's moves: c3 (flips d4), c5? no.
    let v = eval_pos("reversi", "B B:d5,e4,e5 W:d4", 0);
    assert!(v >= 2, "{v}");
    assert!(eval_pos("reversi", "B B:d5,e4,e5 W:d4", 1) < 0);
}

#[test]
fn genocide_prefers_the_bigger_army() {
    // (material 10) (approach 1 "Far" pieces:true) (region 40 "Far")
    // (term 30 own back-row squares held alone) (term 1 growth to come,
    // at most supply 60 less the checkers on the board) (term 10 more
    // than 10 checkers ahead: minus the enemy's checkers) (pursuit 4
    // pieces:true). Rank 8 is
    // Red's "Far": d4 is 4 orthogonal steps from it, rank 1 is 7, so
    // d4's closeness is 3, for each of 5 checkers. Red d4*5: 50 + 15 =
    // 65. Black h8*2: 20, closeness to rank 1 is 0, its own back-row
    // square held: 30; two high, it does not grow: 50. Then (pursuit 4
    // pieces:true): the board's largest distance is 14 (a1 to h8); d4
    // and h8 are 8 apart, closeness 6: Red 6 × 5 × 4 = 120, Black
    // 6 × 2 × 4 = 48.
    assert_eq!(eval_pos("genocide", "R R:d4*5 B:h8*2", 0), 15 + 120 - 48);
    assert_eq!(eval_pos("genocide", "R R:d4*5 B:h8*2", 1), -(15 + 120 - 48));
}

fn eval_set(set: &str, position: &str, player: u8) -> i64 {
    let opts = Options::from_sets(&[set]).expect("options");
    let g = Arc::new(Game::load("games/genocide.game", &opts).expect("game"));
    let mut st = State::from_position(g, position).expect("position");
    evaluate(&mut st, player, &mut Vec::new(), &mut Vec::new())
}

#[test]
fn genocide_weighs_pursuit_and_the_back_row_by_the_toggles() {
    // The position of the test above (Red d4*5, Black h8*2: 15 before
    // pursuit, pursuit 120 against 48 at weight 4). Stickyland: pursuit
    // 12 (4 + 8), so 3 × (120 - 48); rolled movement points
    // (boxcars off): 6; the king's movement: 6.
    let pos = "R R:d4*5 B:h8*2";
    assert_eq!(eval_set("stickyland=true", pos, 0), 15 + 3 * 72);
    assert_eq!(eval_set("boxcars=false", pos, 0), 15 + 72 * 3 / 2);
    assert_eq!(eval_set("movement=king", pos, 0) - 15, {
        // With the king's eight directions d4 and h8 are 4 apart (the
        // largest distance 7, closeness 3): Red 3 × 5, Black 3 × 2, × 6;
        // d4 is 4 king steps from rank 8 (closeness 3 as before).
        (15 - 6) * 6
    });
    // Tugboats off: no pursuit; each checker's closeness to the enemy
    // back row counts twice (Red 15 × 2), and enemy back-row squares
    // held (none here): 80 - 50.
    assert_eq!(eval_set("tugboats=false", pos, 0), 80 - 50);
    // Black also holding a1, Red's back row: Black 30 for its three
    // checkers, a1's closeness to rank 1 7 × 2, the square 40 × 2, and
    // h8 held alone 30: 154; Red still 80.
    assert_eq!(
        eval_set("tugboats=false", "R R:d4*5 B:h8*2,a1", 0),
        80 - 154
    );
}

#[test]
fn genocide_counts_the_back_rows() {
    // A lone Red checker on a1: 10 for it, 30 for the back-row square
    // held, 1 for the checker it grows next turn: 106 against 50. a1 is
    // 14 from h8: no pursuit; h8's nearest Red stack is still d4.
    assert_eq!(eval_pos("genocide", "R R:d4*5,a1 B:h8*2", 0), 56 + 120 - 48);
    // Black holding a1 instead (Red's back row, Black's "Far"): Black 10,
    // closeness 7, 40 for the square: 107; Red's a1 is no longer its own.
    // Pursuit: d4 is 6 from a1 (closeness 8): Red 8 × 5 × 4 = 160; Black
    // h8 6 × 2 and a1 8 × 1, × 4 = 80.
    assert_eq!(
        eval_pos("genocide", "R R:d4*5 B:h8*2,a1", 0),
        65 - 107 + 160 - 80
    );
}

#[test]
fn genocide_growth_to_come_stops_at_the_supply() {
    // Red has all 60 checkers of its supply on the board (59 on d4, one
    // on a1): a1 is one high but cannot grow, so the growth term is 0.
    // Red: 600 + 59 × 3 + 30 (a1 held) + 0, and more than 10 checkers
    // ahead of Black's 2: minus 10 × 2 = 787. Black: 20 + 30 = 50.
    // Pursuit (d4 and h8 8 apart, closeness 6): Red 6 × 59 × 4, Black
    // 6 × 2 × 4.
    assert_eq!(
        eval_pos("genocide", "R R:d4*59,a1 B:h8*2", 0),
        737 + 6 * 59 * 4 - 48
    );
    // One checker fewer on d4: a1 grows (+1), and 3 + 10 + 24 less.
    assert_eq!(
        eval_pos("genocide", "R R:d4*58,a1 B:h8*2", 0),
        737 - 13 + 1 + 6 * 58 * 4 - 48
    );
}

#[test]
fn genocide_counts_enemy_checkers_twice_when_far_ahead() {
    // Red 11 checkers on d4 against Black's one on h8 (its own back row,
    // one high: it grows, +1, and is held, +30): 10 ahead, not more, so
    // Red is 110 + 33 against 41; pursuit (closeness 6) 6 × 11 × 4
    // against 6 × 1 × 4.
    assert_eq!(eval_pos("genocide", "R R:d4*11 B:h8", 0), 102 + 264 - 24);
    // 12 checkers, 11 ahead: Black's checker costs Red 10 more.
    assert_eq!(
        eval_pos("genocide", "R R:d4*12 B:h8", 0),
        120 + 36 - 10 - 41 + 288 - 24
    );
}

#[test]
fn check_reports_heuristic_errors_with_their_names() {
    let src = r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
        (play (place "Man" to:Empty)) (end (no-moves Draw))
        (heuristics (material x) (region 1 "Nowhere") (sparkle 3)))"#;
    let err = Game::from_source("t.game", src, &Options::default()).expect_err("errors");
    let text = format!("{err:?}");
    assert!(text.contains("an integer"), "{text}");
    assert!(text.contains("unknown region `Nowhere`"), "{text}");
    assert!(text.contains("sparkle"), "{text}");
}

#[test]
fn morris_counts_men_on_the_board_and_in_hand() {
    // (material 10) (term 10 (counter "Hand")) (mobility 1), nine men in
    // hand each. White, to move, with a7 and d7 placed: 20 + 90 + 21
    // placements; Black with a1: 10 + 90 + 21 placements, as if to move.
    // For White: 131 - 121.
    assert_eq!(eval_pos("morris", "W W:a7,d7 B:a1", 0), 10);
}

#[test]
fn amazons_prefers_room_around_its_amazons() {
    // Empty squares next to one's amazons: White's on a1 has b1 and b2
    // (an arrow on a2), Black's on j10 has i10, i9 and j9. For White:
    // 2 - 3.
    assert_eq!(eval_pos("amazons", "W W:a1,Xa2 B:j10", 0), -1);
    assert_eq!(eval_pos("amazons", "W W:a1,Xa2 B:j10", 1), 1);
}

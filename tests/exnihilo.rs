//! Hand-worked positions for the rules of Ex nihilo (rules.md §1.3–1.8),
//! played through `games/exnihilo.game`.
//!
//! Cells are given in the axial coordinates of rules.md §1.2: `(q, r)` with
//! the centre at (0, 0), east = +q, and `d = max(|q|, |r|, |q + r|)` the
//! distance to the centre. White is player 1 (P1), Black player 2 (P2).

use ludic::board::Site;
use ludic::compile::{Game, Options};
use ludic::engine::{EndReason, Outcome, State};
use ludic::record::Position;
use std::process::{Command, Stdio};
use std::sync::Arc;

const P1: u8 = 0;
const P2: u8 = 1;

fn game(size: u16) -> Arc<Game> {
    let set = format!("size={size}");
    let opts = Options::from_sets(&[set]).expect("sets");
    Arc::new(Game::load("games/exnihilo.game", &opts).expect("the game loads"))
}

/// The label of axial cell `(q, r)` on a board of side `n`: the row from
/// the bottom as a letter, the place in the row from the left as a number.
fn label(n: i32, q: i32, r: i32) -> String {
    let row = r + n - 1;
    let first = (n - 1 - row).max(0);
    let col = q + n - 1 - first + 1;
    format!("{}{col}", (b'a' + row as u8) as char)
}

/// An empty default board (side 5) with `mover` to move.
fn board(mover: u8) -> State {
    State::from_setup(
        game(5),
        &Position {
            to_move: Some(mover),
            stacks: Vec::new(),
        },
    )
}

fn site(st: &State, q: i32, r: i32) -> Site {
    let l = label(5, q, r);
    st.game()
        .board
        .site_by_label(&l)
        .expect("a cell of the board")
}

/// Puts a stack, owners bottom first (every piece is a disc).
fn put(st: &mut State, (q, r): (i32, i32), owners: &[u8]) {
    let s = site(st, q, r);
    let mut stacks: Vec<(Site, Vec<u8>)> = (0..st.game().board.len() as Site)
        .filter(|&x| x != s && st.height(x) > 0)
        .map(|x| (x, st.stack(x).to_vec()))
        .collect();
    stacks.push((s, owners.to_vec()));
    let position = Position {
        to_move: Some(st.current_player()),
        stacks,
    };
    *st = State::from_setup(st.game().clone(), &position);
}

fn stack(st: &State, (q, r): (i32, i32)) -> Vec<u8> {
    st.stack(site(st, q, r)).to_vec()
}

/// The notation of a step from `a` to `b` (`k` pieces of a split, 0 =
/// the whole stack).
fn mv((q, r): (i32, i32), (q2, r2): (i32, i32), k: u16) -> String {
    let split = if k > 0 {
        format!("/{k}")
    } else {
        String::new()
    };
    format!("{}-{}{split}", label(5, q, r), label(5, q2, r2))
}

fn turns(st: &State) -> Vec<String> {
    st.legal_turn_strings()
}

fn distance((q, r): (i32, i32)) -> i32 {
    q.abs().max(r.abs()).max((q + r).abs())
}

const DIRS: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// Cells reached from `a` along open lines on an empty side-5 board.
fn open_lines(a: (i32, i32)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (dq, dr) in DIRS {
        let mut c = (a.0 + dq, a.1 + dr);
        while distance(c) <= 4 {
            out.push(c);
            c = (c.0 + dq, c.1 + dr);
        }
    }
    out
}

#[test]
fn coordinates_match_the_board() {
    let st = board(P1);
    let b = &st.game().board;
    assert_eq!(b.len(), 61);
    // The centre is e5, the middle of the fifth row of nine cells.
    assert_eq!(label(5, 0, 0), "e5");
    assert_eq!(b.site(site(&st, 0, 0)).label, "e5");
    // East runs along a row, north-east up to the next row.
    let e = b.direction_by_name("E").unwrap();
    let ne = b.direction_by_name("NE").unwrap();
    assert_eq!(b.step(site(&st, 0, 0), e), site(&st, 1, 0));
    assert_eq!(b.step(site(&st, 0, 0), ne), site(&st, 0, 1));
}

#[test]
fn the_opening_moves_are_the_outward_moves_of_empty_cells() {
    // Kind (a) only: every empty cell may move to any empty cell of an open
    // line that is farther from the centre. By hand: 384 on side 5.
    let st = State::new(game(5));
    let mut expected = 0;
    for q in -4..=4 {
        for r in -4..=4 {
            if distance((q, r)) <= 4 {
                let from = distance((q, r));
                expected += open_lines((q, r))
                    .iter()
                    .filter(|&&c| distance(c) > from)
                    .count();
            }
        }
    }
    assert_eq!(expected, 384);
    assert_eq!(turns(&st).len(), expected);
    // §1.8 opening: the empty centre moves east to (4,0), making a 4-stack.
    let mut st = st;
    st.play_str(&mv((0, 0), (4, 0), 0)).expect("legal");
    assert_eq!(stack(&st, (4, 0)), [P1; 4]);
    assert_eq!(stack(&st, (0, 0)), [0u8; 0], "the origin stays empty");
    assert_eq!(st.current_player(), P2);
    // Inward or sideways moves of empty cells are not moves.
    assert!(st.play_str(&mv((3, 0), (2, 0), 0)).is_err());
    assert!(st.play_str(&mv((4, -1), (4, -2), 0)).is_err());
}

#[test]
fn growth_is_the_distance_gained() {
    // A 0-stack from a d=2 cell to a d=4 cell on the same line: a 2-stack.
    let mut st = board(P1);
    st.play_str(&mv((2, 0), (4, 0), 0)).unwrap();
    assert_eq!(stack(&st, (4, 0)), [P1, P1]);
    // A whole Black 2-stack (a White disc under a Black one) from d=1 to
    // d=4 gains three Black discs on top: 5 pieces.
    let mut st = board(P2);
    put(&mut st, (0, 1), &[P1, P2]);
    st.play_str(&mv((0, 1), (0, 4), 0)).unwrap();
    assert_eq!(stack(&st, (0, 4)), [P1, P2, P2, P2, P2]);
    assert_eq!(stack(&st, (0, 1)), [0u8; 0]);
}

#[test]
fn a_whole_stack_moves_outward_only() {
    let mut st = board(P1);
    put(&mut st, (1, 0), &[P1]);
    let from = label(5, 1, 0);
    let mine: Vec<String> = turns(&st)
        .into_iter()
        .filter(|t| t.starts_with(&format!("{from}-")))
        .collect();
    let mut expected: Vec<String> = open_lines((1, 0))
        .into_iter()
        .filter(|&c| distance(c) > 1)
        .map(|c| mv((1, 0), c, 0))
        .collect();
    expected.sort();
    let mut mine_sorted = mine.clone();
    mine_sorted.sort();
    assert_eq!(mine_sorted, expected);
    // Not inward to the centre, nor sideways to (1,-1) (also d=1).
    assert!(!mine.contains(&mv((1, 0), (0, 0), 0)));
    assert!(!mine.contains(&mv((1, 0), (1, -1), 0)));
    // A stack on the outer ring cannot move as a whole.
    let mut st = board(P1);
    put(&mut st, (4, 0), &[P1]);
    assert!(!turns(&st).iter().any(|t| t.starts_with(&label(5, 4, 0))));
}

#[test]
fn a_split_moves_in_any_direction_and_grows_only_outward() {
    let mut st = board(P1);
    // A mixed 3-stack at d=2: Black at the bottom, two White discs on top.
    put(&mut st, (2, 0), &[P2, P1, P1]);
    let all = turns(&st);
    // Inward: the top two to (1,0), no growth; the Black disc stays behind.
    let inward = mv((2, 0), (1, 0), 2);
    assert!(all.contains(&inward));
    // Sideways (d stays 2) and outward splits of one or two discs.
    for t in [
        mv((2, 0), (2, -1), 1),
        mv((2, 0), (2, -2), 2),
        mv((2, 0), (3, 0), 1),
        mv((2, 0), (4, 0), 2),
    ] {
        assert!(all.contains(&t), "{t}");
    }
    // Never all three pieces as a split (that is the whole stack).
    assert!(!all.contains(&mv((2, 0), (3, 0), 3)));
    let mut a = st.clone();
    a.play_str(&inward).unwrap();
    assert_eq!(stack(&a, (1, 0)), [P1, P1]);
    assert_eq!(stack(&a, (2, 0)), [P2], "the part left behind is Black's");
    // Outward by two steps: one disc plus two grown.
    let mut b = st.clone();
    b.play_str(&mv((2, 0), (4, 0), 1)).unwrap();
    assert_eq!(stack(&b, (4, 0)), [P1, P1, P1]);
    assert_eq!(stack(&b, (2, 0)), [P2, P1]);
    // The whole stack goes only outward.
    assert!(all.contains(&mv((2, 0), (3, 0), 0)));
    assert!(!all.contains(&mv((2, 0), (1, 0), 0)));
}

/// §1.8 "Flank, m = 1": a Black 1-stack at (2,1) and a White 1-stack at
/// (3,1); White moves the 0-stack at (0,1) east to (1,1).
fn flank_m1() -> State {
    let mut st = board(P1);
    put(&mut st, (2, 1), &[P2]);
    put(&mut st, (3, 1), &[P1]);
    st
}

#[test]
fn an_m1_flank_takes_a_hostage_which_grows_with_the_movers_disc() {
    let mut st = flank_m1();
    let first = mv((0, 1), (1, 1), 0);
    st.play_steps_str(&first).expect("a capture");
    assert_eq!(stack(&st, (1, 1)), [P1]);
    // White moves again: the hostage on (2,1).
    assert_eq!(st.current_player(), P1);
    assert!(st.mid_turn());
    assert_eq!(st.marked_sites(), [site(&st, 2, 1)]);
    // The 1-stack can only move whole, outward (d 3 to 4), along the four
    // lines not blocked next to it: to (2,2), (-1,4), (2,-4) or (4,-1).
    let hostage = mv((2, 1), (2, 2), 0);
    let mut all = turns(&st);
    all.sort();
    let mut expected: Vec<String> = [(2, 2), (-1, 4), (2, -4), (4, -1)]
        .into_iter()
        .map(|c| mv((2, 1), c, 0))
        .collect();
    expected.sort();
    assert_eq!(all, expected);
    st.play_str(&hostage).unwrap();
    assert_eq!(stack(&st, (2, 2)), [P2, P1], "grown with a White disc");
    assert_eq!(st.current_player(), P2);
    assert!(!st.mid_turn());
    // The whole turn is written with the hostage move after a comma.
    let st = flank_m1();
    assert!(turns(&st).contains(&format!("{first},{hostage}")));
}

#[test]
fn an_m2_flank_needs_equal_gaps_and_equal_heights() {
    // A White 2-stack arrives at (0,-2): empty (1,-2), a Black 2-stack at
    // (2,-2), empty (3,-2), a White 2-stack at (4,-2).
    let setup = |far: (i32, i32), middle_height: usize| {
        let mut st = board(P1);
        put(&mut st, (2, -2), &vec![P2; middle_height]);
        put(&mut st, far, &[P1, P1]);
        st
    };
    // The 0-stack of the centre moves two steps south-west: a 2-stack.
    let arrive = mv((0, 0), (0, -2), 0);
    let mut st = setup((4, -2), 2);
    st.play_steps_str(&arrive).unwrap();
    assert_eq!(stack(&st, (0, -2)), [P1, P1]);
    assert_eq!(st.marked_sites(), [site(&st, 2, -2)]);
    // Far end one step closer (S _ E F): no flank, the turn passes.
    let mut st = setup((3, -2), 2);
    st.play_str(&arrive).unwrap();
    assert_eq!(st.current_player(), P2);
    // Heights differ: no flank.
    let mut st = setup((4, -2), 1);
    st.play_str(&arrive).unwrap();
    assert_eq!(st.current_player(), P2);
}

#[test]
fn the_cell_a_stack_leaves_counts_as_empty() {
    // A White 1-stack at (-1,0) moves west to (-2,0), growing to 2: the
    // line (-2,0) _ (0,0) _ (2,0) is open now that (-1,0) is empty.
    let mut st = board(P1);
    put(&mut st, (-1, 0), &[P1]);
    put(&mut st, (0, 0), &[P2, P2]);
    put(&mut st, (2, 0), &[P1, P1]);
    let m = mv((-1, 0), (-2, 0), 0);
    assert!(turns(&st).iter().any(|t| t.starts_with(&format!("{m},"))));
    st.play_steps_str(&m).unwrap();
    assert_eq!(st.marked_sites(), [site(&st, 0, 0)]);
}

#[test]
fn a_line_opened_between_two_other_stacks_does_not_capture() {
    // White 1-stacks at (-4,0) and (0,0) with a Black 1-stack midway at
    // (-2,0); a White 1-stack at (-3,0) blocks the line. White has no
    // capture. Moving the blocker away opens the line (-4,0) _ E _ (0,0),
    // but neither end moved: no hostage.
    let mut st = board(P1);
    put(&mut st, (-4, 0), &[P1]);
    put(&mut st, (-3, 0), &[P1]);
    put(&mut st, (-2, 0), &[P2]);
    put(&mut st, (0, 0), &[P1]);
    let away = mv((-3, 0), (-3, -1), 0);
    st.play_str(&away).expect("legal: White has no capture");
    assert_eq!(stack(&st, (-3, -1)), [P1, P1]);
    assert_eq!(st.current_player(), P2);
    assert!(st.marked_sites().is_empty());
    assert_eq!(stack(&st, (-2, 0)), [P2]);
}

#[test]
fn capturing_is_obligatory() {
    let st = flank_m1();
    let all = st.legal_moves();
    assert!(!all.is_empty());
    // Every legal step takes a hostage.
    for m in &all {
        let mut after = st.clone();
        after.play_unchecked(m);
        assert!(after.mid_turn(), "{}", st.move_to_string(m));
    }
    // A quiet move that is legal on the same board without the Black
    // stack is refused.
    let quiet = mv((0, 0), (4, 0), 0);
    let mut st = st;
    assert!(st.play_str(&quiet).is_err());
    let mut free = board(P1);
    put(&mut free, (3, 1), &[P1]);
    assert!(free.play_str(&quiet).is_ok());
}

/// A chain: White's 2-stack arrives at (1,1) and flanks the Black 2-stack
/// (2,1) against the White 2-stack (3,1). Splitting the hostage's top disc
/// to (2,2) grows it to a White-topped 2-stack there, which flanks the
/// Black 2-stack (1,2) against the White 2-stack (0,2): a second hostage.
fn chain() -> State {
    let mut st = board(P1);
    put(&mut st, (0, 1), &[P1]);
    put(&mut st, (2, 1), &[P2, P2]);
    put(&mut st, (3, 1), &[P1, P1]);
    put(&mut st, (1, 2), &[P2, P2]);
    put(&mut st, (0, 2), &[P1, P1]);
    st
}

#[test]
fn a_chain_of_two_hostage_moves_with_the_chain_continuing_move_obligatory() {
    let mut st = chain();
    // The White 1-stack moves east, d 1 to 2: a 2-stack on (1,1).
    st.play_steps_str(&mv((0, 1), (1, 1), 0)).unwrap();
    assert_eq!(stack(&st, (1, 1)), [P1, P1]);
    assert_eq!(st.marked_sites(), [site(&st, 2, 1)]);
    // The hostage has many moves (whole outward, splits anywhere), but one
    // continues the chain, so it is the only legal one.
    let link = mv((2, 1), (2, 2), 1);
    let next: Vec<String> = st
        .legal_moves()
        .iter()
        .map(|m| st.move_to_string(m))
        .collect();
    assert_eq!(next, std::slice::from_ref(&link));
    st.play_steps_str(&link).unwrap();
    assert_eq!(stack(&st, (2, 2)), [P2, P1]);
    assert_eq!(stack(&st, (2, 1)), [P2]);
    assert_eq!(st.current_player(), P1);
    assert_eq!(st.marked_sites(), [site(&st, 1, 2)]);
    // The second hostage continues nothing: every move of it is legal, and
    // the turn ends after it.
    let last = st.legal_moves();
    assert!(last.len() > 1);
    let out = mv((1, 2), (1, 3), 0);
    st.play_str(&out).unwrap();
    assert_eq!(stack(&st, (1, 3)), [P2, P2, P1]);
    assert_eq!(st.current_player(), P2);
    // The whole turn, written in full, is one of the legal turns.
    let whole = format!("{},{link},{out}", mv((0, 1), (1, 1), 0));
    assert!(turns(&chain()).contains(&whole));
}

#[test]
fn an_owed_hostage_move_that_cannot_be_made_loses() {
    // A Black 1-stack on the outer ring at (4,-2) between (4,-3) and a
    // White 1-stack at (4,-1). White's captures put a 1-stack on (4,-3);
    // the hostage can neither move whole (it is on the outer ring) nor
    // split (one disc): White loses.
    let mut st = board(P1);
    put(&mut st, (4, -2), &[P2]);
    put(&mut st, (4, -1), &[P1]);
    let capture = mv((3, -3), (4, -3), 0);
    let all = turns(&st);
    assert!(all.contains(&capture), "a one-step turn that ends the game");
    // Capturing is obligatory, and every capture loses.
    let mut lost = 0;
    for t in &all {
        let mut s = st.clone();
        s.play_str(t).unwrap();
        assert!(s.mid_turn());
        assert_eq!(s.outcome(), Some(Outcome::Win(P2, EndReason::NoMoves)));
        lost += 1;
    }
    assert!(lost >= 1);
    st.play_str(&capture).unwrap();
    assert_eq!(st.current_player(), P1, "White still owes the hostage move");
    assert!(st.legal_moves().is_empty());
    assert_eq!(st.outcome(), Some(Outcome::Win(P2, EndReason::NoMoves)));
}

fn ludic(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(args)
        .output()
        .expect("run ludic")
}

#[test]
fn random_games_end_by_the_rules_on_every_size_and_repeat_with_the_seed() {
    for size in ["4", "5", "6"] {
        let set = format!("size={size}");
        let run = || {
            let o = ludic(&[
                "playout", "exnihilo", "--set", &set, "--count", "100", "--seed", "1", "--json",
            ]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            let obj = v.as_object_mut().unwrap();
            obj.remove("seconds");
            obj.remove("playouts_per_second");
            v
        };
        let v = run();
        assert_eq!(v["unfinished"]["count"], 0, "size {size}: {v}");
        assert_eq!(v["draws"]["count"], 0, "size {size}: {v}");
        assert_eq!(
            v["end_reasons"]["no_moves"]["count"], 100,
            "size {size}: {v}"
        );
        assert_eq!(v, run(), "size {size}: same seed, same results");
    }
}

#[test]
fn a_human_plays_a_hostage_move_in_the_terminal() {
    // White makes a 1-stack on (3,1), Black one on (2,1); then White (the
    // human) flanks it from (1,1) and moves the hostage to (2,2).
    let setup = format!("{} {}", mv((3, 0), (3, 1), 0), mv((2, 0), (2, 1), 0));
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(["play", "exnihilo", "--moves", &setup, "--p2", "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!(
        "{}\n{}\nquit\n",
        mv((0, 1), (1, 1), 0),
        mv((2, 1), (2, 2), 0)
    );
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("moving again (Hostage) from {}", label(5, 2, 1))),
        "{text}"
    );
    assert!(text.contains("Black plays"), "{text}");
    assert!(!text.contains("illegal"), "{text}");
}

/// Perft (whole turns, hostage moves included) from the empty board,
/// against the counts of the hand-written Ex nihilo engine kept beside the
/// project as a speed reference (`exnihilo perft 2` and `exnihilo perft 3
/// --size 4`, written apart from ludic): the fast paths of the slides and
/// flank tests must not change what is legal.
#[test]
fn perft_from_the_empty_board_matches_a_hand_written_engine() {
    let counts = |size: u16, depth: u32| -> Vec<u64> {
        let st = State::new(game(size));
        (1..=depth)
            .map(|d| ludic::engine::perft(&st, d).expect("perft"))
            .collect()
    };
    assert_eq!(counts(5, 2), [384, 140_700]);
    assert_eq!(counts(4, 3), [162, 24_606, 3_437_220]);
}

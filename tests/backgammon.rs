//! Backgammon (games/backgammon.game) against a brute force written here,
//! apart from the engine: the rules of docs/games/backgammon.md on two
//! arrays of counts, every sequence of dice played listed, and the turns
//! that use the most pips kept. For hand-set positions (entering from the
//! bar, hitting, bearing off with a larger die, the larger-die rule,
//! doubles) and for every position of seeded random games, the engine's
//! legal turns (each step's origin, destination and die) must be the
//! brute force's, the same ones; and the chance node between two turns
//! must offer the 21 throws of two dice with odds 1/18 and 1/36.

use ludic::compile::{Game, Options};
use ludic::engine::{Move, State};
use rand::{RngExt, SeedableRng};
use std::collections::BTreeSet;
use std::sync::Arc;

fn game() -> Arc<Game> {
    Arc::new(Game::load("games/backgammon.game", &Options::default()).unwrap())
}

/// A position seen by the player to move: `me[i]` and `them[i]` count
/// checkers along each player's own way round, 0 the bar, 1 to 24 the
/// points (my 1 is my 24-point, the farthest from home), 25 borne off.
/// My point `i` is the other player's `25 - i`.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Board {
    me: [u8; 26],
    them: [u8; 26],
}

/// One checker move: from and to (the mover's indices) and the die.
type Step = (usize, usize, u8);

impl Board {
    /// The legal checker moves for one die of each distinct value left.
    fn steps(&self, dice: &[u8]) -> Vec<Step> {
        let mut distinct: Vec<u8> = dice.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let all_home = self.me[..19].iter().all(|&n| n == 0);
        let mut out = Vec::new();
        for &d in &distinct {
            for from in 0..25 {
                if self.me[from] == 0 || (self.me[0] > 0 && from != 0) {
                    continue;
                }
                let to = from + usize::from(d);
                let ok = match to {
                    1..=24 => self.them[25 - to] < 2,
                    25 => all_home,
                    // A larger die bears off only the farthest checker.
                    _ => all_home && self.me[..from].iter().all(|&n| n == 0),
                };
                if ok {
                    out.push((from, to.min(25), d));
                }
            }
        }
        out
    }

    fn play(&mut self, (from, to, _): Step) {
        self.me[from] -= 1;
        self.me[to] += 1;
        if (1..=24).contains(&to) && self.them[25 - to] == 1 {
            self.them[25 - to] = 0;
            self.them[0] += 1;
        }
    }

    /// Every sequence of steps until no die is left, none can be played,
    /// or the last checker is off, with the pips it uses.
    fn sequences(&self, dice: &[u8], path: &mut Vec<Step>, out: &mut Vec<(Vec<Step>, u32)>) {
        let steps = if self.me[25] == 15 {
            Vec::new()
        } else {
            self.steps(dice)
        };
        if steps.is_empty() {
            let pips = path.iter().map(|s| u32::from(s.2)).sum();
            out.push((path.clone(), pips));
            return;
        }
        for s in steps {
            let mut next = self.clone();
            next.play(s);
            let mut left = dice.to_vec();
            let i = left.iter().position(|&x| x == s.2).unwrap();
            left.remove(i);
            path.push(s);
            next.sequences(&left, path, out);
            path.pop();
        }
    }

    /// The legal turns: the sequences that use the most pips.
    fn turns(&self, dice: &[u8]) -> BTreeSet<Vec<Step>> {
        let mut all = Vec::new();
        self.sequences(dice, &mut Vec::new(), &mut all);
        let best = all.iter().map(|t| t.1).max().unwrap_or(0);
        all.into_iter()
            .filter(|t| t.1 == best)
            .map(|t| t.0)
            .collect()
    }
}

/// The site label of the mover's index `i` (`me` White: 0 `wbar`, 1 the
/// 24-point, 25 `woff`).
fn label(white: bool, i: usize) -> String {
    match (white, i) {
        (true, 0) => "wbar".into(),
        (false, 0) => "bbar".into(),
        (true, 25) => "woff".into(),
        (false, 25) => "boff".into(),
        (true, p) => (25 - p).to_string(),
        (false, p) => p.to_string(),
    }
}

/// The brute force's board of the engine's state, for the mover.
fn board_of(st: &State) -> Board {
    let g = st.game();
    let white = st.current_player() == 0;
    let count = |owner_white: bool, i: usize| -> u8 {
        let site = g.board.site_by_label(&label(owner_white, i)).unwrap();
        st.stack(site).len() as u8
    };
    let mut b = Board {
        me: [0; 26],
        them: [0; 26],
    };
    for i in 0..26 {
        let (mine, theirs) = (count(white, i), count(!white, i));
        // A point holds one player's checkers: count them for their owner.
        let owner = |lab: &str| {
            let s = g.board.site_by_label(lab).unwrap();
            st.top_owner(s)
        };
        let me = if white { 0 } else { 1 };
        if owner(&label(white, i)) == Some(me) {
            b.me[i] = mine;
        }
        if owner(&label(!white, i)) == Some(1 - me) {
            b.them[i] = theirs;
        }
    }
    b
}

/// The engine's legal turns, each step as (from, to, die) in the mover's
/// indices.
fn engine_turns(st: &State) -> BTreeSet<Vec<Step>> {
    let g = st.game();
    let white = st.current_player() == 0;
    let index = |s: ludic::board::Site| -> usize {
        let lab = &g.board.site(s).label;
        (0..26).find(|&i| &label(white, i) == lab).unwrap()
    };
    st.legal_turns()
        .iter()
        .map(|t| {
            t.iter()
                .map(|m: &Move| (index(m.from), index(m.to), m.count as u8))
                .collect()
        })
        .collect()
}

fn at(text: &str) -> State {
    State::from_position(game(), text).unwrap()
}

/// The engine and the brute force list the same turns at `st`.
fn agree(st: &State) -> usize {
    let dice: Vec<u8> = st.dice_left().faces().to_vec();
    let want = board_of(st).turns(&dice);
    let got = engine_turns(st);
    let want: BTreeSet<Vec<Step>> = want.into_iter().filter(|t| !t.is_empty()).collect();
    assert_eq!(got, want, "{:?} with dice {dice:?}", st.to_position());
    got.len()
}

#[test]
fn a_checker_on_the_bar_enters_before_any_other_moves() {
    // Black holds White's 19-point: a 6 cannot enter, the 1 must.
    let st = at("W W:wbar,13 B:19*2 dice-left=1,6");
    assert_eq!(agree(&st), 2);
    assert_eq!(st.legal_turn_strings(), ["wbar-24-18", "wbar-24,13-7"]);
}

#[test]
fn a_blot_hit_goes_to_the_bar() {
    let mut st = at("W W:13 B:8,1*2 dice-left=2,5");
    agree(&st);
    let turn = st.parse_turn("13-8-6").unwrap();
    st.play_turn(&turn);
    // At the chance node of Black's throw the board stands before the
    // turn's last step (docs/chance.md): the throw made, it is the board
    // after the whole turn.
    let throw = st.chance_outcomes()[0].0;
    st.play(&throw).unwrap();
    let g = st.game().clone();
    let site = |l: &str| g.board.site_by_label(l).unwrap();
    assert_eq!(st.stack(site("bbar")).len(), 1);
    assert_eq!(st.top_owner(site("6")), Some(0));
    assert_eq!(st.stack(site("8")).len(), 0);
}

#[test]
fn a_larger_die_bears_off_only_the_farthest_checker() {
    let st = at("W W:5,2*14 dice-left=1,6");
    assert_eq!(agree(&st), 3);
    let mut turns = st.legal_turn_strings();
    turns.sort();
    assert_eq!(turns, ["2-1,5-woff~6", "5-4-woff~6", "5-woff~6,2-1"]);
    let st = at("W W:3*2,2*13 dice-left=5,6");
    assert_eq!(agree(&st), 2);
}

#[test]
fn when_only_one_die_can_be_played_it_is_the_larger() {
    // 10-6 and 10-4 each block the other die; the 20 is shut in.
    let st = at("W W:10,20 B:14*2,16*2 dice-left=4,6");
    assert_eq!(agree(&st), 1);
    assert_eq!(st.legal_turn_strings(), ["10-4"]);
}

#[test]
fn a_double_is_played_four_times() {
    let st = at("W W:24 B:1*2 dice-left=2,2,2,2");
    assert_eq!(agree(&st), 1);
    assert_eq!(st.legal_turn_strings(), ["24-22-20-18-16"]);
    // From the opening position, double fives and double ones.
    for dice in ["5,5,5,5", "1,1,1,1", "3,1", "6,5"] {
        let st = at(&format!(
            "W W:24*2,13*5,8*3,6*5 B:1*2,12*5,17*3,19*5 dice-left={dice}"
        ));
        agree(&st);
    }
}

/// Nature's throws at the chance node after a turn: the 21 unordered
/// throws of two dice, 1/18 each for two faces and 1/36 for a double
/// (the 36 ordered throws counted here one by one).
#[test]
fn the_throw_between_two_turns_has_the_odds_of_the_36_throws() {
    let mut st = at("W W:24 B:1*2 dice-left=2,2,2,2");
    let turn = st.legal_turns()[0].clone();
    st.play_turn(&turn);
    assert!(st.is_chance_node());
    let mut want = std::collections::BTreeMap::new();
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            *want.entry((a.min(b), a.max(b))).or_insert(0.0) += 1.0 / 36.0;
        }
    }
    let roll = st.chance_roll().unwrap();
    let got: std::collections::BTreeMap<(u8, u8), f64> = st
        .chance_outcomes()
        .iter()
        .map(|(m, p)| {
            let f = roll.faces(m.count);
            ((f[0], f[1]), *p)
        })
        .collect();
    assert_eq!(got.len(), 21);
    for (k, p) in &want {
        assert!((got[k] - p).abs() < 1e-15, "{k:?}: {} against {p}", got[k]);
    }
    // A double played: Black moves next, with four dice of that face.
    let six = st
        .chance_outcomes()
        .iter()
        .map(|(m, _)| *m)
        .find(|m| roll.faces(m.count) == [6, 6])
        .unwrap();
    st.play(&six).unwrap();
    assert_eq!(st.current_player(), 1);
    assert_eq!(st.dice_left().faces(), [6, 6, 6, 6]);
}

/// Every position of seeded random games, for their first 60 turns:
/// the engine's turns are the brute force's.
#[test]
fn random_games_agree_with_the_brute_force() {
    let g = game();
    let mut positions = 0;
    for seed in 0..6u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut st = State::new(g.clone());
        for _ in 0..120 {
            if st.outcome().is_some() {
                break;
            }
            if st.is_chance_node() {
                let m = st.sample_chance(&mut rng).unwrap();
                st.play(&m).unwrap();
                continue;
            }
            agree(&st);
            positions += 1;
            let turns = st.legal_turns();
            let t = turns[rng.random_range(0..turns.len())].clone();
            st.play_turn(&t);
        }
    }
    assert!(positions > 300, "{positions}");
}

#[test]
fn the_last_checker_off_wins_one_two_or_three_points() {
    let points = |text: &str| -> (Option<u8>, i32) {
        let mut st = at(text);
        let turns = st.legal_turns();
        assert_eq!(turns.len(), 1, "{:?}", st.legal_turn_strings());
        st.play_turn(&turns[0]);
        let o = st.outcome().unwrap();
        (o.winner(), st.counter(0, 0))
    };
    // Black has borne one off: a single game.
    assert_eq!(
        points("W W:1,woff*14 B:boff,19*14 dice-left=1,2"),
        (Some(0), 1)
    );
    // None off: a gammon.
    assert_eq!(points("W W:1,woff*14 B:19*15 dice-left=1,2"), (Some(0), 2));
    // None off and one in White's home board: a backgammon.
    assert_eq!(
        points("W W:1,woff*14 B:3,19*14 dice-left=1,2"),
        (Some(0), 3)
    );
}

/// The 21 throws of two dice as the dice to play (a double four times).
fn throws() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        for b in a..=6u8 {
            out.push(if a == b { vec![a; 4] } else { vec![a, b] });
        }
    }
    out
}

/// Perft from the opening position with a throw to play, three plies deep
/// (White's turns, nature's 21 throws, Black's turns), against the brute
/// force's count of the same tree.
#[test]
fn perft_from_the_opening_throws_matches_the_brute_force() {
    let opening = "W W:24*2,13*5,8*3,6*5 B:1*2,12*5,17*3,19*5";
    for dice in [[3u8, 1], [6, 5]] {
        let st = at(&format!("{opening} dice-left={},{}", dice[0], dice[1]));
        let b = board_of(&st);
        let turns = b.turns(&dice);
        let mut deep = 0u64;
        for t in &turns {
            let mut after = b.clone();
            for &s in t {
                after.play(s);
            }
            let theirs = Board {
                me: after.them,
                them: after.me,
            };
            for d in throws() {
                let n = theirs.turns(&d).len() as u64;
                assert!(n > 0);
                deep += n;
            }
        }
        let n = turns.len() as u64;
        assert_eq!(ludic::engine::perft(&st, 1).unwrap(), n);
        assert_eq!(ludic::engine::perft(&st, 2).unwrap(), n * 21);
        assert_eq!(ludic::engine::perft(&st, 3).unwrap(), deep, "{dice:?}");
    }
}

/// A position read from text is judged as play judges it: a player who
/// cannot move passes (docs/games/backgammon.md), never a draw. White is
/// on the bar against Black's closed board (every entry point held by
/// two): the brute force finds no turn for any throw, so White passes and
/// the next position is nature's throw for Black.
#[test]
fn a_mover_shut_out_on_the_bar_passes_to_the_next_throw() {
    let closed = "W:wbar,6*5,8*3,13*6 B:1*3,19*2,20*2,21*2,22*2,23*2,24*2";
    // The brute force, on the same board before White's throw: no throw
    // of the 21 enters.
    let white = board_of(&at(&format!("W {closed} pending=start")));
    assert_eq!(white.me[0], 1);
    assert!(
        throws()
            .iter()
            .all(|d| white.turns(d).iter().all(|t| t.is_empty()))
    );
    for dice in ["3,5", "6,6,6,6", "1,2"] {
        let st = at(&format!("W {closed} dice-left={dice}"));
        assert_eq!(st.outcome(), None, "{dice}");
        assert!(st.is_chance_node(), "{dice}");
        assert_eq!(st.current_player(), 1, "{dice}");
        assert_eq!(st.chance_outcomes().len(), 21, "{dice}");
        let bar = st.game().board.site_by_label("wbar").unwrap();
        assert_eq!(st.stack(bar).len(), 1, "{dice}");
    }
}

/// A position text without `dice-left` gives the player to move no dice
/// to play: it cannot move, so it passes as above (the text of the
/// position before a throw names it: `pending=start`, docs/chance.md).
#[test]
fn a_position_without_dice_left_passes_and_is_no_draw() {
    let opening = "W:24*2,13*5,8*3,6*5 B:1*2,12*5,17*3,19*5";
    let st = at(&format!("W {opening}"));
    assert_eq!(st.outcome(), None);
    assert!(st.is_chance_node());
    assert_eq!(st.current_player(), 1);
    // Before White's throw: the text of the opening position reads back
    // as White's throw, 21 outcomes with the odds of the 36 throws.
    let start = State::new(game());
    let text = start.to_position().unwrap();
    assert!(text.ends_with("pending=start"), "{text}");
    let st = at(&text);
    assert!(st.is_chance_node());
    assert_eq!(st.current_player(), 0);
    assert_eq!(st.chance_outcomes(), start.chance_outcomes());
}

/// A text that names no chance node is refused with the reason, never
/// read as something else.
#[test]
fn a_text_naming_no_chance_node_is_refused_with_the_reason() {
    let opening = "W W:24*2,13*5,8*3,6*5 B:1*2,12*5,17*3,19*5";
    let refused = |fields: &str| {
        State::from_position(game(), &format!("{opening} {fields}"))
            .err()
            .unwrap_or_else(|| panic!("`{fields}` was read"))
            .to_string()
    };
    // No step goes from White's 24-point to its 1-point.
    let e = refused("dice-left=3,5 pending=1,24,1,-,3");
    assert!(e.contains("not a legal step"), "{e}");
    // The throw already made: a step that rolls nothing.
    let e = refused("dice-left=3,5 pending=1,24,21,-,3");
    assert!(e.contains("needs no roll"), "{e}");
    // 6-6 is 35 and 1-2 is 6 (docs/chance.md); 36 is no throw of 2d6.
    let e = refused("pending=start rolled=36");
    assert!(e.contains("not an outcome"), "{e}");
    let e = refused("rolled=6");
    assert!(e.contains("pending="), "{e}");
    let e = refused("pending=start,1");
    assert!(e.contains("expected `start`"), "{e}");
}

/// A position already won is over as read, even written at nature's
/// throw (`pending=start`): all fifteen of White's checkers borne off is
/// White's win (docs/games/backgammon.md: the first to bear off all
/// fifteen wins), and no die is thrown. Black has none off and two
/// checkers in White's home board: a backgammon, 3 points.
#[test]
fn a_won_position_read_at_the_throw_is_over() {
    for mover in ["B", "W"] {
        let st = at(&format!(
            "{mover} W:woff*15 B:1*2,12*5,17*3,19*5 pending=start"
        ));
        assert_eq!(st.outcome().and_then(|o| o.winner()), Some(0), "{mover}");
        assert!(!st.is_chance_node(), "{mover}");
        assert!(st.legal_moves().is_empty(), "{mover}");
        assert_eq!(st.counter(0, 0), 3, "{mover}");
    }
    // Black has borne one off: a single game.
    let st = at("B W:woff*15 B:boff,19*14 pending=start");
    assert_eq!(st.outcome().and_then(|o| o.winner()), Some(0));
    assert_eq!(st.counter(0, 0), 1);
}

/// White shut out on the bar (Black's home board closed): after any
/// throw White cannot enter, so it passes and the next position is
/// Black's throw, Black to move, the board unchanged: the same position
/// as the text of White's throw made (`dice-left=1,2`) reads as, and as
/// the brute force says (no throw enters).
#[test]
fn a_mover_shut_out_after_the_throw_passes_to_the_next_throw() {
    let closed = "W:wbar,6*5,8*3,13*6 B:1*3,19*2,20*2,21*2,22*2,23*2,24*2";
    for (roll, dice) in [("roll:1-2", "1,2"), ("roll:6-6", "6,6,6,6")] {
        let mut st = at(&format!("W {closed} pending=start"));
        st.play_str(roll).unwrap();
        assert!(st.is_chance_node(), "{roll}");
        assert_eq!(st.current_player(), 1, "{roll}");
        assert_eq!(st.chance_outcomes().len(), 21, "{roll}");
        let read = at(&format!("W {closed} dice-left={dice}"));
        assert_eq!(
            st.to_position().unwrap(),
            read.to_position().unwrap(),
            "{roll}"
        );
    }
}

/// A turn that goes on with the dice (`again=Dice`) but has no die left
/// to play ends there (the rule: a player who cannot move passes): the
/// next position is Black's throw, not a game over.
#[test]
fn a_turn_going_on_with_no_die_left_ends_as_read() {
    let st = at("W W:24*2,13*5,8*3,6*5 B:1*2,12*5,17*3,19*5 again=Dice");
    assert_eq!(st.outcome(), None);
    assert!(st.is_chance_node());
    assert_eq!(st.current_player(), 1);
    assert_eq!(st.chance_outcomes().len(), 21);
    // With a die left it goes on: White plays it (the brute force's
    // moves for a 3).
    let st = at("W W:24*2,13*5,8*3,6*5 B:1*2,12*5,17*3,19*5 dice-left=3 again=Dice");
    assert!(!st.is_chance_node());
    assert_eq!(st.current_player(), 0);
    agree(&st);
}

/// The notation `ludic rules backgammon` gives as its example of bearing
/// off with a larger die is one the game reads: White's checker on its
/// 4-point borne off with a 6, the farthest from home (the brute force
/// lists it).
#[test]
fn the_rules_example_of_bearing_off_with_a_larger_die_is_read() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(["rules", "backgammon"])
        .output()
        .unwrap();
    let how = String::from_utf8(out.stdout).unwrap();
    let example = how
        .split('`')
        .find(|w| w.contains('~') && w.starts_with("4-"))
        .unwrap_or_else(|| panic!("{how}"))
        .to_string();
    assert_eq!(example, "4-woff~6");
    let st = at("W W:4,woff*14 B:1*2,12*5,17*3,19*5 dice-left=6");
    assert_eq!(agree(&st), 1);
    assert_eq!(st.parse_turn(&example).unwrap().len(), 1);
}

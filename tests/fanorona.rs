//! Fanorona (`games/fanorona.game`) against a brute force written here
//! from the published rules, apart from the engine: the 9 × 5 board of
//! points, orthogonal lines everywhere and diagonal ones through the
//! strong points (column and row of the same parity) only; a stone moves
//! to the next empty point along a line; it captures by approach (the
//! unbroken enemy line just beyond its destination, along its move) or
//! by withdrawal (the one just behind its origin), one or the other,
//! told apart by a tag; a capture is compulsory; after a capture the same
//! stone may capture on, or stop, never onto a point it has stood on this
//! turn and never twice in a row in the same direction; with the
//! first-turn rule the game's first turn captures once. A player with no
//! move loses. The turn lists (in ludic's notation, written here) and
//! perft counts must be ludic's, on the compiled tier and on the
//! reference interpreter, from the start, from positions of the rules'
//! examples and along seeded random games.

mod common;
use common::{Lcg, start};
use ludic::engine::{Engine, State, perft};
use std::sync::Arc;

/// The board's points: `y * 9 + x`, a1 = (0, 0) at the bottom left.
const W: usize = 9;
const H: usize = 5;
const N: usize = W * H;

/// The eight directions, as (dx, dy); `d` and `d + 4` are opposite.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The point one step from `p` along direction `d`, if a line of the
/// board joins them: diagonals leave strong points only.
fn step(p: usize, d: usize) -> Option<usize> {
    let (x, y) = ((p % W) as i32, (p / W) as i32);
    let (dx, dy) = DIRS[d];
    if dx != 0 && dy != 0 && (x + y) % 2 != 0 {
        return None;
    }
    let (nx, ny) = (x + dx, y + dy);
    ((0..W as i32).contains(&nx) && (0..H as i32).contains(&ny))
        .then(|| ny as usize * W + nx as usize)
}

fn label(p: usize) -> String {
    format!("{}{}", (b'a' + (p % W) as u8) as char, p / W + 1)
}

fn point(label: &str) -> usize {
    let b = label.as_bytes();
    (b[1] - b'1') as usize * W + (b[0] - b'a') as usize
}

/// A position of the brute force.
#[derive(Clone)]
struct Fan {
    /// 0 empty, 1 White, 2 Black.
    board: [u8; N],
    /// The player to move, 1 or 2.
    who: u8,
    /// The turn being played, from 1 (ludic's `turns=` plus one).
    turn: u32,
    /// The first-turn rule: turn 1 captures once.
    first_turn: bool,
}

/// One capture: destination, direction, tag.
type Capture = (usize, usize, char);

impl Fan {
    /// The standard start: White on rows 1 and 2 and b3, d3, g3, i3.
    fn new(first_turn: bool) -> Fan {
        let mut board = [0; N];
        for (p, x) in board.iter_mut().enumerate() {
            *x = match p / W {
                0 | 1 => 1,
                3 | 4 => 2,
                _ => [2, 1, 2, 1, 0, 2, 1, 2, 1][p % W],
            };
        }
        Fan {
            board,
            who: 1,
            turn: 1,
            first_turn,
        }
    }

    fn enemy(&self) -> u8 {
        3 - self.who
    }

    /// The captures of the stone at `p` on `b`: to an empty point not in
    /// `visited`, in a direction other than `last`.
    fn captures(&self, b: &[u8; N], p: usize, visited: u64, last: Option<usize>) -> Vec<Capture> {
        let mut out = Vec::new();
        for d in 0..8 {
            let Some(q) = step(p, d) else { continue };
            if Some(d) == last || b[q] != 0 || visited >> q & 1 == 1 {
                continue;
            }
            if step(q, d).is_some_and(|r| b[r] == self.enemy()) {
                out.push((q, d, 'A'));
            }
            if step(p, (d + 4) % 8).is_some_and(|r| b[r] == self.enemy()) {
                out.push((q, d, 'W'));
            }
        }
        out
    }

    /// `b` after the stone at `p` makes capture `c`.
    fn capture(&self, b: &[u8; N], p: usize, (q, d, tag): Capture) -> [u8; N] {
        let mut b = *b;
        b[q] = b[p];
        b[p] = 0;
        let (mut r, way) = match tag {
            'A' => (step(q, d), d),
            _ => (step(p, (d + 4) % 8), (d + 4) % 8),
        };
        while let Some(s) = r.filter(|&s| b[s] == self.enemy()) {
            b[s] = 0;
            r = step(s, way);
        }
        b
    }

    /// Every way the chain of the stone now on `at` may go on or stop:
    /// each finished turn's text and board.
    fn chain(
        &self,
        b: [u8; N],
        at: usize,
        visited: u64,
        last: usize,
        text: String,
    ) -> Vec<(String, [u8; N])> {
        if self.first_turn && self.turn == 1 {
            return vec![(text, b)];
        }
        let options = self.captures(&b, at, visited, Some(last));
        if options.is_empty() {
            return vec![(text, b)];
        }
        let mut out = vec![(format!("{text},end"), b)];
        for c in options {
            let next = self.capture(&b, at, c);
            let more = format!("{text}-{}~{}", label(c.0), c.2);
            out.extend(self.chain(next, c.0, visited | 1 << c.0, c.1, more));
        }
        out
    }

    /// The legal turns: every capture chain when a capture exists, else
    /// every plain move (paika).
    fn turns(&self) -> Vec<(String, Fan)> {
        let mut done = Vec::new();
        for p in (0..N).filter(|&p| self.board[p] == self.who) {
            for c in self.captures(&self.board, p, 0, None) {
                let b = self.capture(&self.board, p, c);
                let text = format!("{}-{}~{}", label(p), label(c.0), c.2);
                done.extend(self.chain(b, c.0, 1 << p | 1 << c.0, c.1, text));
            }
        }
        if done.is_empty() {
            for p in (0..N).filter(|&p| self.board[p] == self.who) {
                for d in 0..8 {
                    if let Some(q) = step(p, d).filter(|&q| self.board[q] == 0) {
                        let mut b = self.board;
                        b[q] = b[p];
                        b[p] = 0;
                        done.push((format!("{}-{}", label(p), label(q)), b));
                    }
                }
            }
        }
        done.into_iter()
            .map(|(t, board)| {
                let next = Fan {
                    board,
                    who: self.enemy(),
                    turn: self.turn + 1,
                    first_turn: self.first_turn,
                };
                (t, next)
            })
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|(_, f)| f.perft(depth - 1)).sum()
    }

    /// The position as ludic's position text.
    fn text(&self) -> String {
        let side = |who: u8| {
            (0..N)
                .filter(|&p| self.board[p] == who)
                .map(label)
                .collect::<Vec<_>>()
                .join(",")
        };
        let letter = |who: u8| if who == 1 { "W" } else { "B" };
        format!(
            "{} W:{} B:{} turns={}",
            letter(self.who),
            side(1),
            side(2),
            self.turn - 1
        )
    }

    /// A position of White's stones `white`, Black's `black`, `who` to
    /// move on turn `turn`.
    fn from_lists(white: &[&str], black: &[&str], who: u8, turn: u32) -> Fan {
        let mut board = [0; N];
        white.iter().for_each(|l| board[point(l)] = 1);
        black.iter().for_each(|l| board[point(l)] = 2);
        Fan {
            board,
            who,
            turn,
            first_turn: true,
        }
    }
}

/// ludic's state of the brute force's position, on `engine`.
fn ludic_state(f: &Fan, engine: Engine) -> State {
    let set = format!("first_turn={}", f.first_turn);
    let st = start("fanorona", &[set.as_str()]);
    State::from_position(Arc::clone(st.game()), &f.text())
        .expect("position")
        .on_engine(engine)
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The turns and perft counts to `depth` of `f` are the brute force's,
/// on both tiers.
fn agree(f: &Fan, depth: u32, what: &str) {
    let want_turns = sorted(f.turns().into_iter().map(|(t, _)| t).collect());
    let want: Vec<u64> = (1..=depth).map(|d| f.perft(d)).collect();
    for engine in [Engine::Compiled, Engine::Reference] {
        let st = ludic_state(f, engine);
        assert_eq!(
            sorted(st.legal_turn_strings()),
            want_turns,
            "{what} ({engine:?})"
        );
        let got: Vec<u64> = (1..=depth).map(|d| perft(&st, d).expect("perft")).collect();
        assert_eq!(got, want, "{what} ({engine:?})");
    }
}

#[test]
fn the_start_has_five_captures_and_perft_is_the_brute_force() {
    let f = Fan::new(true);
    // By hand: toward the empty centre e3, d3 approaches f3 or withdraws
    // from c3; d2, e2 and f2 approach f4, e4 and d4.
    let five = ["d2-e3~A", "d3-e3~A", "d3-e3~W", "e2-e3~A", "f2-e3~A"];
    let turns = sorted(f.turns().into_iter().map(|(t, _)| t).collect());
    assert_eq!(turns, five);
    let st = start("fanorona", &[]);
    assert_eq!(sorted(st.legal_turn_strings()), five);
    let want: Vec<u64> = (1..=5).map(|d| f.perft(d)).collect();
    assert_eq!(common::counts(&st, 1..=5), want);
    let reference = st.on_engine(Engine::Reference);
    assert_eq!(common::counts(&reference, 1..=4), want[..4]);
}

#[test]
fn the_first_turn_rule_is_the_brute_force_either_way() {
    // From the standard start no first capture can go on (each would go
    // on the way it came or back to its start), so the rule changes
    // nothing there: perft is the same without it.
    let st = start("fanorona", &["first_turn=false"]);
    let want: Vec<u64> = (1..=4).map(|d| Fan::new(false).perft(d)).collect();
    assert_eq!(common::counts(&st, 1..=4), want);
    assert_eq!(
        want,
        (1..=4).map(|d| Fan::new(true).perft(d)).collect::<Vec<_>>()
    );
    // A position read as the game's first turn (no `turns=`): with the
    // rule White's stone captures once; without it, it chains on.
    let lone = |first_turn| Fan {
        first_turn,
        ..Fan::from_lists(&["e3"], &["d4", "f3", "g2", "c1", "b3"], 1, 1)
    };
    agree(&lone(true), 3, "first turn, with the rule");
    agree(&lone(false), 3, "first turn, without the rule");
    assert!(lone(false).perft(1) > lone(true).perft(1));
}

#[test]
fn positions_of_the_rules_examples_are_the_brute_force() {
    // Black's g4-g3 approaches g2 and takes it with g1 behind it (the
    // example of the rules summarised from Wikipedia on vchess.club).
    let rows = [
        "pppp1p1pp",
        "pppppPppp",
        "pP1PPp1pP",
        "PPPpPPPPP",
        "PPPP1PPPP",
    ];
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (i, row) in rows.iter().enumerate() {
        let y = 5 - i;
        let mut x = 0u8;
        for c in row.chars() {
            match c {
                'P' => white.push(format!("{}{y}", (b'a' + x) as char)),
                'p' => black.push(format!("{}{y}", (b'a' + x) as char)),
                _ => x += c.to_digit(10).unwrap() as u8 - 1,
            }
            x += 1;
        }
    }
    let white: Vec<&str> = white.iter().map(String::as_str).collect();
    let black: Vec<&str> = black.iter().map(String::as_str).collect();
    let f = Fan::from_lists(&white, &black, 2, 10);
    let g4g3: Vec<(String, Fan)> = f
        .turns()
        .into_iter()
        .filter(|(t, _)| t.starts_with("g4-g3~A"))
        .collect();
    assert!(!g4g3.is_empty());
    let after = &g4g3[0].1.board;
    assert_eq!((after[point("g2")], after[point("g1")]), (0, 0));
    agree(&f, 3, "vchess example");
    // A lone stone in a crowd: long chains, every direction change.
    let f = Fan::from_lists(
        &["e3"],
        &[
            "a1", "c1", "e1", "g1", "i1", "b3", "h3", "a5", "c5", "e5", "g5", "i5", "d4", "f2",
        ],
        1,
        5,
    );
    agree(&f, 3, "lone stone");
}

#[test]
fn turns_and_perft_along_random_games_are_the_brute_force() {
    let mut chains = 0;
    for seed in 0..8 {
        let mut f = Fan::new(seed % 2 == 0);
        let set = format!("first_turn={}", f.first_turn);
        let mut st = start("fanorona", &[set.as_str()]);
        let mut rng = Lcg(seed);
        for turn in 0..200 {
            let turns = f.turns();
            let want = sorted(turns.iter().map(|(t, _)| t.clone()).collect());
            assert_eq!(
                sorted(st.legal_turn_strings()),
                want,
                "seed {seed} turn {turn}"
            );
            if turns.is_empty() {
                assert!(st.is_over(), "seed {seed} turn {turn}");
                break;
            }
            chains += turns.iter().filter(|(t, _)| t.contains(",end")).count();
            if turn % 15 == 0 {
                agree(&f, 2, &format!("seed {seed} turn {turn}"));
            }
            let (text, next) = &turns[rng.below(turns.len())];
            st.play_str(text).expect("legal");
            f = next.clone();
        }
    }
    // The games reach chains that may stop where they could go on.
    assert!(chains > 20, "only {chains} chains that stop early");
}

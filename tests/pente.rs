//! Pente (`games/pente.game`) against a brute force written here from the
//! published rules (pente.org's, after Gary Gabrielsen's game: the first
//! stone on the centre; a stone that brackets exactly two enemy stones in
//! any of the eight directions captures them, several pairs at once; five
//! or more in a row, or five captured pairs, wins), with its own 19 × 19
//! board and its own capture and win checks. Its perft counts from the
//! start and from seeded random positions must be ludic's.

mod common;
use common::{counts, start};
use ludic::engine::{State, perft};
use std::sync::Arc;

const N: i32 = 19;
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// A position: stones by point (`0` empty, `1` White, `2` Black; point
/// `row * 19 + column`, a1 = 0), stones captured by each player, the
/// player to move, the turn's number (from 1) and whether the tournament
/// rule holds.
#[derive(Clone)]
struct Pos {
    b: Vec<u8>,
    captured: [u32; 2],
    who: u8,
    turn: u32,
    tournament: bool,
}

fn at(b: &[u8], c: i32, r: i32) -> Option<u8> {
    ((0..N).contains(&c) && (0..N).contains(&r)).then(|| b[(r * N + c) as usize])
}

/// The longest line of `who`'s stones through `(c, r)`, over the four
/// axes.
fn longest(b: &[u8], c: i32, r: i32, who: u8) -> u32 {
    DIRS.chunks(2)
        .map(|axis| {
            1 + axis
                .iter()
                .map(|&(dc, dr)| {
                    (1..)
                        .take_while(|k| at(b, c + k * dc, r + k * dr) == Some(who))
                        .count() as u32
                })
                .sum::<u32>()
        })
        .max()
        .unwrap_or(1)
}

impl Pos {
    /// Plays a stone on point `i`; true when it wins.
    fn place(&mut self, i: usize) -> bool {
        let (who, foe) = (self.who, 3 - self.who);
        let (c, r) = (i as i32 % N, i as i32 / N);
        self.b[i] = who;
        for (dc, dr) in DIRS {
            let pair = [1, 2].map(|k| at(&self.b, c + k * dc, r + k * dr));
            if pair == [Some(foe), Some(foe)] && at(&self.b, c + 3 * dc, r + 3 * dr) == Some(who) {
                for k in 1..=2 {
                    self.b[((r + k * dr) * N + c + k * dc) as usize] = 0;
                }
                self.captured[who as usize - 1] += 2;
            }
        }
        self.who = foe;
        self.turn += 1;
        longest(&self.b, c, r, who) >= 5 || self.captured[who as usize - 1] >= 10
    }

    /// Whether point `i` is open to the mover: empty; on turn 1 the
    /// centre only; on turn 3 under the tournament rule, three or more
    /// points from the centre along a row, column or diagonal's steps.
    fn open(&self, i: usize) -> bool {
        let (dc, dr) = ((i as i32 % N - 9).abs(), (i as i32 / N - 9).abs());
        self.b[i] == 0
            && (self.turn != 1 || dc + dr == 0)
            && (self.turn != 3 || !self.tournament || dc.max(dr) >= 3)
    }

    /// Turn-level perft: a game that ends has nothing below it.
    fn perft(&self, depth: u32) -> u64 {
        let mut total = 0;
        for i in 0..self.b.len() {
            if !self.open(i) {
                continue;
            }
            if depth == 1 {
                total += 1;
                continue;
            }
            let mut next = self.clone();
            if !next.place(i) {
                total += next.perft(depth - 1);
            }
        }
        total
    }

    /// The position text (`turns=`: the turns before this one).
    fn text(&self) -> String {
        let label = |i: usize| {
            format!(
                "{}{}",
                (b'a' + (i as i32 % N) as u8) as char,
                i as i32 / N + 1
            )
        };
        let stones = |p: u8| {
            (0..self.b.len())
                .filter(|&i| self.b[i] == p)
                .map(label)
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{} W:{} B:{} turns={} Captured={},{}",
            if self.who == 1 { "W" } else { "B" },
            stones(1),
            stones(2),
            self.turn - 1,
            self.captured[0],
            self.captured[1]
        )
    }
}

/// A seeded position: `stones` stones dropped in the square of side
/// `side` around the centre, no line of five, captured counts near the
/// winning ten (a small linear congruential generator: the test's own).
fn random_position(seed: u64, stones: usize, side: i32) -> Pos {
    let mut x = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        x >> 33
    };
    let mut b = vec![0u8; (N * N) as usize];
    let lo = 9 - side / 2;
    let (mut placed, mut tries) = (0, 0);
    while placed < stones && tries < 100_000 {
        tries += 1;
        let c = lo + (next() % side as u64) as i32;
        let r = lo + (next() % side as u64) as i32;
        let i = (r * N + c) as usize;
        let who = 1 + (placed % 2) as u8;
        if b[i] != 0 {
            continue;
        }
        b[i] = who;
        if longest(&b, c, r, who) >= 5 {
            b[i] = 0;
            continue;
        }
        placed += 1;
    }
    // Fewer than ten each: a player with ten captured stones has won, and
    // a position given is judged by the rules on load (over, no moves).
    let captured = [(next() % 4) as u32 * 2 + 2, (next() % 4) as u32 * 2 + 2];
    Pos {
        b,
        captured,
        who: 1 + (seed % 2) as u8,
        turn: 10,
        tournament: false,
    }
}

fn empty_board(tournament: bool) -> Pos {
    Pos {
        b: vec![0; 361],
        captured: [0, 0],
        who: 1,
        turn: 1,
        tournament,
    }
}

#[test]
fn perft_from_the_start_is_the_brute_force() {
    let want: Vec<u64> = (1..=3).map(|d| empty_board(false).perft(d)).collect();
    // The first stone on the centre, then any of 360 points, then 359.
    assert_eq!(want, [1, 360, 360 * 359]);
    assert_eq!(counts(&start("pente", &[]), 1..=3), want);
}

#[test]
fn perft_with_the_tournament_rule_is_the_brute_force() {
    let want: Vec<u64> = (1..=3).map(|d| empty_board(true).perft(d)).collect();
    // White's second stone off the central 5 × 5 square: 336 points, less
    // one where Black's stone stands outside it (336 of Black's 360).
    assert_eq!(want, [1, 360, 336 * 335 + 24 * 336]);
    let st = start("pente", &["tournament=true"]);
    assert_eq!(counts(&st, 1..=3), want);
}

#[test]
fn perft_from_random_positions_is_the_brute_force() {
    let game = Arc::clone(start("pente", &[]).game());
    let (mut captures, mut wins) = (0, 0);
    for seed in 0..10u64 {
        let p = random_position(seed, 40 + 8 * seed as usize, 9 + (seed % 3) as i32 * 2);
        let text = p.text();
        let st = State::from_position(Arc::clone(&game), &text).expect("position");
        for d in 1..=2 {
            assert_eq!(perft(&st, d), Ok(p.perft(d)), "{text} depth {d}");
        }
        // The positions must hold captures and wins within reach.
        for i in (0..361).filter(|&i| p.b[i] == 0) {
            let mut q = p.clone();
            let before = q.captured;
            wins += u32::from(q.place(i));
            captures += u32::from(q.captured != before);
        }
    }
    assert!(
        captures >= 20 && wins >= 5,
        "{captures} captures, {wins} wins"
    );
}

#[test]
fn perft_depth_3_from_crowded_positions_is_the_brute_force() {
    let game = Arc::clone(start("pente", &[]).game());
    for seed in 0..2u64 {
        let p = random_position(seed, 250, 19);
        let text = p.text();
        let st = State::from_position(Arc::clone(&game), &text).expect("position");
        assert_eq!(perft(&st, 3), Ok(p.perft(3)), "{text}");
    }
}

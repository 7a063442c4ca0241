//! Lines of Action (`games/loa.game`) against a brute force written here
//! from the published rules (Sackson's "A Gamut of Games", 1969, as the
//! World Lines of Action rules restate them): a piece moves in a straight
//! line exactly as many squares as there are pieces of both colours on the
//! whole line of its move; it may pass its own pieces, not the enemy's;
//! it captures by landing on an enemy piece, never on its own; a player
//! whose pieces form one 8-connected group wins, the mover when a move
//! joins both; a player with no move passes. The brute force has its own
//! 8 × 8 board, move rule and connection test; its perft counts from the
//! start and from seeded random positions must be ludic's.

mod common;
use common::{counts, start};
use ludic::engine::{State, perft};
use std::sync::Arc;

const N: i32 = 8;
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

/// A position: pieces by square (`0` empty, `1` Black, `2` White; square
/// `row * 8 + column`, a1 = 0) and the player to move.
#[derive(Clone)]
struct Pos {
    b: [u8; 64],
    who: u8,
}

fn at(b: &[u8; 64], c: i32, r: i32) -> Option<u8> {
    ((0..N).contains(&c) && (0..N).contains(&r)).then(|| b[(r * N + c) as usize])
}

/// Whether `who`'s pieces form one group, squares touching by a side or
/// a corner (none at all is not a group).
fn joined(b: &[u8; 64], who: u8) -> bool {
    let Some(first) = (0..64).find(|&i| b[i] == who) else {
        return false;
    };
    let mut seen = [false; 64];
    let mut todo = vec![first];
    seen[first] = true;
    let mut reached = 0;
    while let Some(i) = todo.pop() {
        reached += 1;
        let (c, r) = (i as i32 % N, i as i32 / N);
        for (dc, dr) in DIRS {
            if at(b, c + dc, r + dr) == Some(who) {
                let j = ((r + dr) * N + c + dc) as usize;
                if !seen[j] {
                    seen[j] = true;
                    todo.push(j);
                }
            }
        }
    }
    reached == b.iter().filter(|&&p| p == who).count()
}

/// The outcome of a move, from the mover's side.
#[derive(PartialEq)]
enum After {
    Going,
    Over,
}

impl Pos {
    /// The moves of the player to move, as (from, to) squares.
    fn moves(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for i in (0..64).filter(|&i| self.b[i] == self.who) {
            let (c, r) = (i as i32 % N, i as i32 / N);
            for (dc, dr) in DIRS {
                // Pieces on the whole line, both ways, this one included.
                let count = |sign: i32| {
                    (1..N)
                        .filter_map(|k| at(&self.b, c + sign * k * dc, r + sign * k * dr))
                        .filter(|&p| p != 0)
                        .count() as i32
                };
                let n = 1 + count(1) + count(-1);
                let Some(land) = at(&self.b, c + n * dc, r + n * dr) else {
                    continue;
                };
                let foe = 3 - self.who;
                let blocked = (1..n).any(|k| at(&self.b, c + k * dc, r + k * dr) == Some(foe));
                if land != self.who && !blocked {
                    out.push((i, ((r + n * dr) * N + c + n * dc) as usize));
                }
            }
        }
        out
    }

    /// Plays a move (`None`: a pass); whether the game is over.
    fn play(&mut self, m: Option<(usize, usize)>) -> After {
        let who = self.who;
        self.who = 3 - who;
        let Some((from, to)) = m else {
            return After::Going;
        };
        self.b[to] = who;
        self.b[from] = 0;
        if joined(&self.b, who) || joined(&self.b, 3 - who) {
            After::Over
        } else {
            After::Going
        }
    }

    /// Turn-level perft: a game that ends has nothing below it.
    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        let turns: Vec<Option<(usize, usize)>> = if moves.is_empty() {
            vec![None]
        } else {
            moves.into_iter().map(Some).collect()
        };
        if depth == 1 {
            return turns.len() as u64;
        }
        turns
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                if next.play(m) == After::Over {
                    0
                } else {
                    next.perft(depth - 1)
                }
            })
            .sum()
    }

    /// The position text.
    fn text(&self) -> String {
        let label = |i: usize| format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1);
        let pieces = |p: u8| {
            (0..64)
                .filter(|&i| self.b[i] == p)
                .map(label)
                .collect::<Vec<_>>()
                .join(",")
        };
        let mover = if self.who == 1 { "B" } else { "W" };
        format!("{mover} B:{} W:{}", pieces(1), pieces(2))
    }
}

/// The standard start: Black on b1-g1 and b8-g8, White on a2-a7 and
/// h2-h7, Black to move.
fn standard() -> Pos {
    let mut b = [0u8; 64];
    for k in 1..7 {
        b[k] = 1;
        b[56 + k] = 1;
        b[k * 8] = 2;
        b[k * 8 + 7] = 2;
    }
    Pos { b, who: 1 }
}

/// A seeded position of `black` and `white` pieces, neither side joined
/// (a small linear congruential generator: the test's own).
fn random_position(seed: u64, black: usize, white: usize) -> Pos {
    let mut x = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        x >> 33
    };
    loop {
        let mut b = [0u8; 64];
        for (who, n) in [(1u8, black), (2u8, white)] {
            let mut placed = 0;
            while placed < n {
                let i = (next() % 64) as usize;
                if b[i] == 0 {
                    b[i] = who;
                    placed += 1;
                }
            }
        }
        if !joined(&b, 1) && !joined(&b, 2) {
            return Pos {
                b,
                who: 1 + (seed % 2) as u8,
            };
        }
    }
}

#[test]
fn perft_from_the_start_is_the_brute_force() {
    let want: Vec<u64> = (1..=3).map(|d| standard().perft(d)).collect();
    // Each of the 24 edge pieces has its straight move (two squares in),
    // the corner-ward moves and the diagonals: 36 in all.
    assert_eq!(want[0], 36);
    assert_eq!(counts(&start("loa", &[]), 1..=3), want);
}

#[test]
#[ignore = "deeper: some seconds in release"]
fn perft_depth_4_from_the_start_is_the_brute_force() {
    assert_eq!(counts(&start("loa", &[]), 4..=4), vec![standard().perft(4)]);
}

#[test]
fn perft_from_random_positions_is_the_brute_force() {
    let game = Arc::clone(start("loa", &[]).game());
    let (mut wins, mut captures) = (0, 0);
    for seed in 0..24u64 {
        let (black, white) = (2 + (seed % 6) as usize * 2, 2 + (seed / 6) as usize * 3);
        let p = random_position(seed, black, white);
        let text = p.text();
        let st = State::from_position(Arc::clone(&game), &text).expect("position");
        for d in 1..=3 {
            assert_eq!(perft(&st, d), Ok(p.perft(d)), "{text} depth {d}");
        }
        // The positions must hold wins and captures within reach.
        for m in p.moves() {
            let mut q = p.clone();
            captures += u32::from(q.b[m.1] != 0);
            wins += u32::from(q.play(Some(m)) == After::Over);
        }
    }
    assert!(
        captures >= 20 && wins >= 5,
        "{captures} captures, {wins} wins"
    );
}

#[test]
fn a_side_with_no_move_passes_as_the_brute_force_does() {
    // Black's a1 and h8 are hemmed in by White's pieces next to them: every
    // move would pass over one (a1 east: a1 b1 on the row, two squares,
    // over b1; north over a2; along the long diagonal a1 b2 g7 h8, four
    // squares, over b2; likewise from h8). Black passes.
    let mut b = [0u8; 64];
    for (i, who) in [
        (0, 1),
        (63, 1),
        (1, 2),
        (8, 2),
        (9, 2),
        (62, 2),
        (55, 2),
        (54, 2),
    ] {
        b[i] = who;
    }
    let p = Pos { b, who: 1 };
    assert!(p.moves().is_empty());
    let game = Arc::clone(start("loa", &[]).game());
    let st = State::from_position(game, &p.text()).expect("position");
    for d in 1..=3 {
        assert_eq!(perft(&st, d), Ok(p.perft(d)), "{} depth {d}", p.text());
    }
}

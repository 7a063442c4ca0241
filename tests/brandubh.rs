//! Brandubh (`games/brandubh.game`) against a brute force written here
//! from the rules as the tafl rule sets publish them (the 7 × 7 Irish
//! game: the king on the throne with four defenders, eight attackers who
//! move first; rook moves; only the king stops on the throne or a corner,
//! anyone passes the empty throne; a soldier is captured between the
//! moving enemy and another enemy piece, the armed king among them, or a
//! hostile square: a corner, or the throne when empty; the king is taken
//! by attackers on four sides on the throne, on its three other sides
//! beside it, between two elsewhere; the king on a corner wins; a side
//! with no move loses). The brute force has its own board, moves and
//! capture rules; its perft counts from the start and from seeded random
//! positions must be ludic's.

mod common;
use common::{counts, start};
use ludic::engine::{State, perft};
use std::sync::Arc;

#[path = "common/tafl.rs"]
mod tafl;
use tafl::{ATTACKER, Board as Pos, DEFENDER, DIRS, EMPTY, KING};

const N: i32 = 7;
const THRONE: (i32, i32) = (3, 3);

fn corner(c: i32, r: i32) -> bool {
    tafl::corner(N, c, r)
}

impl Pos {
    /// Whether the king at `(c, r)`, next to the attacker that moved to
    /// `t`, is taken.
    fn king_taken(&self, (c, r): (i32, i32), t: (i32, i32)) -> bool {
        let court = (c - THRONE.0).abs() + (r - THRONE.1).abs() <= 1;
        if court {
            DIRS.iter().all(|&(dc, dr)| {
                (c + dc, r + dr) == THRONE || self.get(c + dc, r + dr) == Some(ATTACKER)
            })
        } else {
            self.get(2 * c - t.0, 2 * r - t.1) == Some(ATTACKER)
        }
    }

    /// Plays a move; whether the game is over (a win for the mover).
    fn play(&mut self, (f, t): ((i32, i32), (i32, i32))) -> bool {
        let mover = self.who;
        let p = self.get(f.0, f.1).unwrap();
        self.set(f.0, f.1, EMPTY);
        self.set(t.0, t.1, p);
        self.custodial(t, mover);
        self.who = 3 - mover;
        if p == KING {
            return corner(t.0, t.1);
        }
        mover == 1
            && DIRS.iter().any(|&(dc, dr)| {
                let k = (t.0 + dc, t.1 + dr);
                self.get(k.0, k.1) == Some(KING) && self.king_taken(k, t)
            })
    }

    /// Turn-level perft: a game that ends has nothing below it, and a side
    /// with no move has lost.
    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                if next.play(m) {
                    0
                } else {
                    next.perft(depth - 1)
                }
            })
            .sum()
    }
}

/// The start: the king on d4, defenders on c4 e4 d3 d5, attackers on a4
/// b4 f4 g4 d1 d2 d6 d7; the attackers move.
fn standard() -> Pos {
    let mut p = Pos::new(N, 1);
    p.set(3, 3, KING);
    for (c, r) in [(2, 3), (4, 3), (3, 2), (3, 4)] {
        p.set(c, r, DEFENDER);
    }
    for (c, r) in [
        (0, 3),
        (1, 3),
        (5, 3),
        (6, 3),
        (3, 0),
        (3, 1),
        (3, 5),
        (3, 6),
    ] {
        p.set(c, r, ATTACKER);
    }
    p
}

/// Whether an attacker next to the king takes it already (a position
/// given is judged by the rules on load: such a one is over).
fn taken_already(p: &Pos) -> bool {
    let Some(k) = (0..N * N).find(|&i| p.b[i as usize] == KING) else {
        return false;
    };
    let k = (k % N, k / N);
    DIRS.iter().any(|&(dc, dr)| {
        let t = (k.0 + dc, k.1 + dr);
        p.get(t.0, t.1) == Some(ATTACKER) && p.king_taken(k, t)
    })
}

/// A seeded position: the king (on the throne one time in four), then
/// `attackers` and `defenders` on squares other than the throne and the
/// corners, the king not taken already (a small linear congruential
/// generator: the test's own).
fn random_position(seed: u64, attackers: usize, defenders: usize) -> Pos {
    let mut tries = 0;
    loop {
        let p = random_layout(seed.wrapping_add(tries << 32), attackers, defenders);
        if !taken_already(&p) {
            return p;
        }
        tries += 1;
    }
}

/// One draw of [`random_position`].
fn random_layout(seed: u64, attackers: usize, defenders: usize) -> Pos {
    let mut x = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) as i32
    };
    let mut p = Pos::new(N, 1 + (seed % 2) as u8);
    let free =
        |p: &Pos, c: i32, r: i32| p.get(c, r) == Some(EMPTY) && (c, r) != THRONE && !corner(c, r);
    if seed.is_multiple_of(4) {
        p.set(3, 3, KING);
    } else {
        loop {
            let (c, r) = (next() % N, next() % N);
            if free(&p, c, r) {
                p.set(c, r, KING);
                break;
            }
        }
    }
    for (piece, n) in [(ATTACKER, attackers), (DEFENDER, defenders)] {
        let mut placed = 0;
        while placed < n {
            let (c, r) = (next() % N, next() % N);
            if free(&p, c, r) {
                p.set(c, r, piece);
                placed += 1;
            }
        }
    }
    p
}

#[test]
fn perft_from_the_start_is_the_brute_force() {
    let want: Vec<u64> = (1..=4).map(|d| standard().perft(d)).collect();
    // The attackers' 40 first moves: each of the eight has its squares
    // along its edge and toward the centre.
    assert_eq!(want[0], 40);
    assert_eq!(counts(&start("brandubh", &[]), 1..=4), want);
}

#[test]
#[ignore = "deeper: some seconds in release"]
fn perft_depth_5_from_the_start_is_the_brute_force() {
    assert_eq!(
        counts(&start("brandubh", &[]), 5..=5),
        vec![standard().perft(5)]
    );
}

#[test]
fn perft_from_random_positions_is_the_brute_force() {
    let game = Arc::clone(start("brandubh", &[]).game());
    let (mut captures, mut kings, mut corners) = (0, 0, 0);
    for seed in 0..60u64 {
        let p = random_position(seed, 4 + (seed % 7) as usize, 1 + (seed % 4) as usize);
        let text = p.text();
        let st = State::from_position(Arc::clone(&game), &text).expect("position");
        for d in 1..=3 {
            assert_eq!(perft(&st, d), Ok(p.perft(d)), "{text} depth {d}");
        }
        // The positions must hold captures and both ways to win.
        for m in p.moves() {
            let mut q = p.clone();
            let before = q.b.iter().filter(|&&x| x != EMPTY).count();
            let over = q.play(m);
            captures += u32::from(q.b.iter().filter(|&&x| x != EMPTY).count() < before);
            kings += u32::from(over && p.who == 1);
            corners += u32::from(over && p.who == 2);
        }
    }
    assert!(
        captures >= 20 && kings >= 3 && corners >= 3,
        "{captures} captures, {kings} kings taken, {corners} corners reached"
    );
}

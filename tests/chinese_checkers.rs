//! Chinese checkers (`games/chinese-checkers.game`): perft from the start
//! for two and three players against a brute force written here, apart
//! from the engine: its own star (axial coordinates), its own points and
//! its own moves (a step, or a chain of jumps over any marble that may stop
//! at any landing and never lands twice on a hole). A turn counts once per
//! path, as the engine's perft does.

mod common;
use common::{counts, start};
use std::collections::HashMap;

/// Rows of each point of the star.
const N: i32 = 4;
/// A hole: axial `(i, j)`, `j` the row (0 the centre's).
type Hole = (i32, i32);
/// A turn: the marble's hole and the hole it ends on.
type Turn = (Hole, Hole);

/// The six neighbour offsets on axial coordinates `(i, j)`.
const DIRS: [Hole; 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The star: every `(i, j)` whose cube coordinates `(i, j, -i-j)` are all
/// at least -N (the upward triangle) or all at most N (the downward one).
fn holes() -> Vec<Hole> {
    let mut v = Vec::new();
    for j in -2 * N..=2 * N {
        for i in -2 * N..=2 * N {
            let k = -i - j;
            let up = i >= -N && j >= -N && k >= -N;
            let down = i <= N && j <= N && k <= N;
            if up || down {
                v.push((i, j));
            }
        }
    }
    v
}

/// The point of a hole: 0 the bottom (S), 1 the lower right (SE), 2 the
/// upper right (NE), 3 the top (N), 4 the upper left (NW), 5 the lower
/// left (SW); `None` in the central hexagon.
fn point((i, j): Hole) -> Option<usize> {
    let k = -i - j;
    match () {
        _ if j < -N => Some(0),
        _ if i > N => Some(1),
        _ if k < -N => Some(2),
        _ if j > N => Some(3),
        _ if i < -N => Some(4),
        _ if k > N => Some(5),
        _ => None,
    }
}

/// A position: the seat of the marble on each hole, and the seat to move.
#[derive(Clone)]
struct Pos {
    board: HashMap<Hole, Option<usize>>,
    mover: usize,
    seats: usize,
    targets: Vec<usize>,
}

impl Pos {
    /// The start: seat `s` fills point `homes[s]` and aims at the opposite.
    fn start(homes: &[usize]) -> Pos {
        let board = holes()
            .into_iter()
            .map(|h| (h, point(h).and_then(|p| homes.iter().position(|&x| x == p))))
            .collect();
        let targets = homes.iter().map(|&p| (p + 3) % 6).collect();
        Pos {
            board,
            mover: 0,
            seats: homes.len(),
            targets,
        }
    }

    fn empty(&self, h: Hole) -> bool {
        self.board.get(&h) == Some(&None)
    }

    fn occupied(&self, h: Hole) -> bool {
        matches!(self.board.get(&h), Some(Some(_)))
    }

    /// True if seat `s` fills its target point.
    fn won(&self, s: usize) -> bool {
        self.board
            .iter()
            .filter(|(h, _)| point(**h) == Some(self.targets[s]))
            .all(|(_, m)| *m == Some(s))
    }

    /// Every turn of the mover as (from, to), one per path.
    fn turns(&self) -> Vec<Turn> {
        let mut out = Vec::new();
        for (&h, &m) in &self.board {
            if m != Some(self.mover) {
                continue;
            }
            for (di, dj) in DIRS {
                let to = (h.0 + di, h.1 + dj);
                if self.empty(to) {
                    out.push((h, to));
                }
            }
            let mut b = self.clone();
            b.board.insert(h, None);
            b.jumps(h, h, &mut vec![h], &mut out);
        }
        out
    }

    /// The chains of jumps from `at` (the marble lifted): each landing is
    /// a turn that stops there, and goes on.
    fn jumps(&self, from: Hole, at: Hole, seen: &mut Vec<Hole>, out: &mut Vec<Turn>) {
        for (di, dj) in DIRS {
            let over = (at.0 + di, at.1 + dj);
            let to = (at.0 + 2 * di, at.1 + 2 * dj);
            if self.occupied(over) && self.empty(to) && !seen.contains(&to) {
                out.push((from, to));
                seen.push(to);
                self.jumps(from, to, seen, out);
                seen.pop();
            }
        }
    }

    fn play(&self, (from, to): Turn) -> Pos {
        let mut p = self.clone();
        p.board.insert(from, None);
        p.board.insert(to, Some(self.mover));
        p.mover = (self.mover + 1) % self.seats;
        p
    }
}

fn perft(p: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // A finished game has no turns below it (the last mover won).
    let last = (p.mover + p.seats - 1) % p.seats;
    if p.won(last) {
        return 0;
    }
    let turns = p.turns();
    if depth == 1 {
        return turns.len() as u64;
    }
    turns.iter().map(|&t| perft(&p.play(t), depth - 1)).sum()
}

#[test]
fn the_brute_forces_star_is_the_published_board() {
    assert_eq!(holes().len(), 121);
    let points = holes().into_iter().filter(|&h| point(h).is_some()).count();
    assert_eq!(points, 60);
}

#[test]
fn perft_two_players_matches_the_brute_force() {
    let st = start("chinese-checkers", &[]);
    let brute = Pos::start(&[0, 3]);
    let want: Vec<u64> = (1..=3).map(|d| perft(&brute, d)).collect();
    assert_eq!(counts(&st, 1..=3), want);
}

#[test]
fn perft_three_players_matches_the_brute_force() {
    let st = start("chinese-checkers", &["seats=three"]);
    let brute = Pos::start(&[0, 2, 4]);
    let want: Vec<u64> = (1..=3).map(|d| perft(&brute, d)).collect();
    assert_eq!(counts(&st, 1..=3), want);
}

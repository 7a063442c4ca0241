//! Yavalath (`games/yavalath.game`) against a brute force written here
//! from the published rules (Cameron Browne's: four in a row wins, three
//! in a row without four loses, a full board is a draw), with its own
//! board: the hexagon of side 5 as nine rows of 5 to 9 cells, each cell at
//! a doubled column (two units between neighbours in a row, one between a
//! cell and its neighbours in the rows above and below). Its perft counts
//! from the start and from seeded random positions must be ludic's.

mod common;
use common::{counts, start};
use ludic::engine::{State, perft};
use std::sync::Arc;

/// The 61 cells, row by row from the bottom, each with its row, its place
/// in the row and its doubled column.
struct Board {
    /// `(row, place in the row, doubled column)` per cell.
    cells: Vec<(i32, i32, i32)>,
}

impl Board {
    fn new() -> Board {
        let mut cells = Vec::new();
        for row in 0..9 {
            let len = 5 + row.min(8 - row);
            // The leftmost cell of a row of `len` cells, centred on
            // column 8 of a doubled grid 0..=16.
            let left = 9 - len;
            for place in 0..len {
                cells.push((row, place, left + 2 * place));
            }
        }
        Board { cells }
    }

    /// The cell at `(row, doubled column)`.
    fn at(&self, row: i32, col: i32) -> Option<usize> {
        self.cells
            .iter()
            .position(|&(r, _, c)| r == row && c == col)
    }

    /// The label ludic writes: a row letter from the bottom, a place in
    /// the row from 1 (the docs of `labels:Coordinates`).
    fn label(&self, i: usize) -> String {
        let (row, place, _) = self.cells[i];
        format!("{}{}", (b'a' + row as u8) as char, place + 1)
    }

    /// The longest line of `who`'s stones through cell `i` along each of
    /// the three axes.
    fn lines(&self, b: &[u8], i: usize, who: u8) -> [u32; 3] {
        let (row, _, col) = self.cells[i];
        let axes = [(0, 2), (1, 1), (1, -1)];
        axes.map(|(dr, dc)| {
            let mut n = 1;
            for sign in [1, -1] {
                let (mut r, mut c) = (row + sign * dr, col + sign * dc);
                while let Some(j) = self.at(r, c) {
                    if b[j] != who {
                        break;
                    }
                    n += 1;
                    r += sign * dr;
                    c += sign * dc;
                }
            }
            n
        })
    }

    /// Whether `who`'s stone on `i` ends the game: four or more in a row
    /// (a win) or else three (a loss).
    fn ends(&self, b: &[u8], i: usize, who: u8) -> bool {
        let l = self.lines(b, i, who);
        l.iter().any(|&n| n >= 4) || l.contains(&3)
    }

    /// Turn-level perft: a game that ends has nothing below it.
    fn perft(&self, b: &mut [u8], who: u8, depth: u32) -> u64 {
        let mut total = 0;
        for i in 0..b.len() {
            if b[i] != 0 {
                continue;
            }
            b[i] = who;
            total += if depth == 1 {
                1
            } else if self.ends(b, i, who) {
                0
            } else {
                self.perft(b, 3 - who, depth - 1)
            };
            b[i] = 0;
        }
        total
    }

    /// The position text of `b`, `who` to move.
    fn position(&self, b: &[u8], who: u8) -> String {
        let stones = |p: u8| {
            (0..b.len())
                .filter(|&i| b[i] == p)
                .map(|i| self.label(i))
                .collect::<Vec<_>>()
                .join(",")
        };
        let mover = if who == 1 { "W" } else { "B" };
        format!("{mover} W:{} B:{}", stones(1), stones(2))
    }
}

/// A seeded position of `stones` stones that no stone has ended (a small
/// linear congruential generator: the test's own randomness).
fn random_position(board: &Board, seed: u64, stones: usize) -> Vec<u8> {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut b = vec![0u8; board.cells.len()];
    let mut who = 1;
    let mut placed = 0;
    let mut tries = 0;
    while placed < stones && tries < 10_000 {
        tries += 1;
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let i = ((x >> 33) % b.len() as u64) as usize;
        if b[i] != 0 {
            continue;
        }
        b[i] = who;
        if board.ends(&b, i, who) {
            b[i] = 0;
            continue;
        }
        who = 3 - who;
        placed += 1;
    }
    b
}

#[test]
fn the_board_has_61_cells_and_the_labels_ludic_shows() {
    let board = Board::new();
    assert_eq!(board.cells.len(), 61);
    let st = start("yavalath", &[]);
    let game = st.game();
    for i in 0..61 {
        assert!(game.board.site_by_label(&board.label(i)).is_some());
    }
}

#[test]
fn perft_from_the_start_is_the_brute_force() {
    let board = Board::new();
    let st = start("yavalath", &[]);
    let want: Vec<u64> = (1..=3).map(|d| board.perft(&mut [0; 61], 1, d)).collect();
    assert_eq!(want, [61, 3_660, 215_940]);
    assert_eq!(counts(&st, 1..=3), want);
}

#[test]
fn perft_from_random_positions_is_the_brute_force() {
    let board = Board::new();
    let game = Arc::clone(start("yavalath", &[]).game());
    let mut ended = 0;
    for seed in 0..12u64 {
        let stones = 14 + (seed as usize * 3) % 24;
        let mut b = random_position(&board, seed, stones);
        let who = if stones.is_multiple_of(2) { 1 } else { 2 };
        let text = board.position(&b, who);
        let st = State::from_position(Arc::clone(&game), &text).expect("position");
        let depth = if stones > 25 { 4 } else { 3 };
        for d in 1..=depth {
            let want = board.perft(&mut b, who, d);
            assert_eq!(perft(&st, d), Ok(want), "{text} depth {d}");
        }
        // Some of these positions have games that end within the depth.
        let free = b.iter().filter(|&&x| x == 0).count() as u64;
        if board.perft(&mut b, who, 3) < free * (free - 1) * (free - 2) {
            ended += 1;
        }
    }
    assert!(
        ended >= 6,
        "only {ended} positions had an ending within reach"
    );
}

#[test]
fn perft_with_the_pie_rule_counts_the_swap_on_the_second_turn() {
    // The swap adds one move on the second turn: 61 · (60 + 1); after a
    // swap the one stone is Black's and White has 60 cells.
    let st = start("yavalath", &["pie=true"]);
    assert_eq!(counts(&st, 1..=3), [61, 61 * 61, 61 * 60 * 59 + 61 * 60]);
}

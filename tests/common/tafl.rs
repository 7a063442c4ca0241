//! A tafl board for the brute forces of tests/brandubh.rs and
//! tests/hnefatafl.rs, written from the published rules apart from the
//! engine: a square board of side `n` with the throne at its centre and
//! hostile corners; the pieces, rook moves (only the king stops on the
//! throne or a corner), the custodial capture both games share, and the
//! position text. Each game's own rules (how the king is taken, how the
//! game is won) stay in its test file.
// Each game uses some of these (Brandubh has no edge rule).
#![allow(dead_code)]

/// What stands on a square.
pub const EMPTY: u8 = 0;
/// An attacker's soldier.
pub const ATTACKER: u8 = 1;
/// A defender's soldier.
pub const DEFENDER: u8 = 2;
/// The defenders' king.
pub const KING: u8 = 3;
/// The four rook directions.
pub const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// A square, as (column, row) from a1 = (0, 0).
pub type Sq = (i32, i32);

/// Whether `(c, r)` is on a board of side `n`.
pub fn on(n: i32, c: i32, r: i32) -> bool {
    (0..n).contains(&c) && (0..n).contains(&r)
}

/// Whether `(c, r)` is a corner of a board of side `n`.
pub fn corner(n: i32, c: i32, r: i32) -> bool {
    (c == 0 || c == n - 1) && (r == 0 || r == n - 1)
}

/// Whether `(c, r)` is on the edge of a board of side `n`.
pub fn edge(n: i32, c: i32, r: i32) -> bool {
    c == 0 || r == 0 || c == n - 1 || r == n - 1
}

/// The side a piece belongs to (`1` attackers, `2` defenders, `0` none).
pub fn side(p: u8) -> u8 {
    match p {
        ATTACKER => 1,
        DEFENDER | KING => 2,
        _ => 0,
    }
}

/// A position: squares by `row * n + column` (a1 = 0) and the side to
/// move (`1` attackers, `2` defenders).
#[derive(Clone)]
pub struct Board {
    /// The side of the board.
    pub n: i32,
    /// The squares.
    pub b: Vec<u8>,
    /// The side to move.
    pub who: u8,
}

impl Board {
    /// An empty board of side `n`, `who` to move.
    pub fn new(n: i32, who: u8) -> Board {
        Board {
            n,
            b: vec![EMPTY; (n * n) as usize],
            who,
        }
    }

    /// The throne: the centre square.
    pub fn throne(&self) -> Sq {
        (self.n / 2, self.n / 2)
    }

    /// What stands on `(c, r)`; `None` off the board.
    pub fn get(&self, c: i32, r: i32) -> Option<u8> {
        on(self.n, c, r).then(|| self.b[(r * self.n + c) as usize])
    }

    /// Puts `p` on `(c, r)`.
    pub fn set(&mut self, c: i32, r: i32, p: u8) {
        self.b[(r * self.n + c) as usize] = p;
    }

    /// The moves of the side to move: rook moves through empty squares;
    /// only the king stops on the throne or a corner.
    pub fn moves(&self) -> Vec<(Sq, Sq)> {
        let mut out = Vec::new();
        for i in 0..self.n * self.n {
            let p = self.b[i as usize];
            if side(p) != self.who {
                continue;
            }
            let (c, r) = (i % self.n, i / self.n);
            for (dc, dr) in DIRS {
                let (mut x, mut y) = (c + dc, r + dr);
                while self.get(x, y) == Some(EMPTY) {
                    let reserved = (x, y) == self.throne() || corner(self.n, x, y);
                    if p == KING || !reserved {
                        out.push(((c, r), (x, y)));
                    }
                    x += dc;
                    y += dr;
                }
            }
        }
        out
    }

    /// Whether `(c, r)` closes a capture for `mover`: one of the mover's
    /// pieces (the king among them), a corner, or the empty throne.
    pub fn partner(&self, c: i32, r: i32, mover: u8) -> bool {
        match self.get(c, r) {
            None => false,
            Some(p) => {
                side(p) == mover || corner(self.n, c, r) || ((c, r) == self.throne() && p == EMPTY)
            }
        }
    }

    /// The custodial captures by the piece of `mover` that landed on `t`:
    /// each enemy soldier next to it with a partner beyond; how many.
    pub fn custodial(&mut self, t: Sq, mover: u8) -> u32 {
        let mut n = 0;
        for (dc, dr) in DIRS {
            let (x, y) = (t.0 + dc, t.1 + dr);
            let Some(q) = self.get(x, y) else { continue };
            if q != KING && side(q) == 3 - mover && self.partner(x + dc, y + dr, mover) {
                self.set(x, y, EMPTY);
                n += 1;
            }
        }
        n
    }

    /// The position text (`A A:a4,… D:Kd4,…`).
    pub fn text(&self) -> String {
        let n = self.n as usize;
        let label = |i: usize| format!("{}{}", (b'a' + (i % n) as u8) as char, i / n + 1);
        let list = |want: &[u8]| {
            (0..n * n)
                .filter(|&i| want.contains(&self.b[i]))
                .map(|i| {
                    let k = if self.b[i] == KING { "K" } else { "" };
                    format!("{k}{}", label(i))
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let mover = if self.who == 1 { "A" } else { "D" };
        format!(
            "{mover} A:{} D:{}",
            list(&[ATTACKER]),
            list(&[DEFENDER, KING])
        )
    }
}

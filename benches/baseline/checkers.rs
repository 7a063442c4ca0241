//! Hand-written bitboard move generator for English draughts (American
//! checkers), kept outside the library as an independent reference baseline.
//!
//! Squares are the 32 dark squares numbered 1–32 in PDN order; bit `i` of a
//! bitboard is square `i + 1`. Row from the top is `r = (n - 1) / 4` and the
//! column is `2 * ((n - 1) % 4) + (r even ? 1 : 0)`, so square 1 is b8 and
//! square 29 is a1. Black starts on 1–12, moves first and moves towards the
//! higher numbers; White starts on 21–32 and moves towards the lower ones.
//!
//! Moves are complete moves (a multi-jump is one move) identified by their
//! full path, so two jump routes that capture the same pieces and end on the
//! same square are two moves.
#![allow(dead_code)]

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Rows 0, 2, 4, 6 from the top (squares 1–4, 9–12, 17–20, 25–28).
const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Rows 1, 3, 5, 7 from the top.
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The first square of each row (index within the row 0).
const FIRST_IN_ROW: u32 = 0x1111_1111;
/// The last square of each row (index within the row 3).
const LAST_IN_ROW: u32 = 0x8888_8888;
/// Black's crowning row (squares 29–32).
const BLACK_CROWN: u32 = 0xF000_0000;
/// White's crowning row (squares 1–4).
const WHITE_CROWN: u32 = 0x0000_000F;

/// Diagonal directions: down-left, down-right (towards higher numbers, Black's
/// forward), up-left, up-right (White's forward).
const DOWN_LEFT: usize = 0;
const DOWN_RIGHT: usize = 1;
const UP_LEFT: usize = 2;
const UP_RIGHT: usize = 3;

/// Moves every bit of `b` one square in direction `dir`; bits that would
/// leave the board are dropped.
#[inline(always)]
fn shift(b: u32, dir: usize) -> u32 {
    match dir {
        DOWN_LEFT => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) << 3),
        DOWN_RIGHT => ((b & EVEN_ROWS & !LAST_IN_ROW) << 5) | ((b & ODD_ROWS) << 4),
        UP_LEFT => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) >> 5),
        _ => ((b & EVEN_ROWS & !LAST_IN_ROW) >> 3) | ((b & ODD_ROWS) >> 4),
    }
}

/// Maximum path length of a move: a start square and at most 12 landings
/// (the opponent has at most 12 pieces), rounded up.
pub const MAX_PATH: usize = 16;

/// A complete move in a fixed-size, non-allocating form (used by perft and
/// playouts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawMove {
    /// Squares 1..=32: the start square, then every landing square.
    pub path: [u8; MAX_PATH],
    /// Number of valid entries in `path` (at least 2).
    pub len: u8,
    /// Bitmask of captured squares (bit `i` = square `i + 1`); 0 for a
    /// simple move.
    pub captures: u32,
}

impl RawMove {
    /// The squares of the path (start square, then every landing).
    pub fn path(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }

    /// Converts into the allocating [`Move`] form.
    pub fn to_move(self) -> Move {
        Move {
            path: self.path().to_vec(),
            captures: self.captures,
        }
    }
}

/// A complete move: its full path and the pieces it captures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Squares 1..=32: the start square, then every landing square.
    pub path: Vec<u8>,
    /// Bitmask of captured squares (bit `i` = square `i + 1`).
    pub captures: u32,
}

/// Formats a move in PDN: `11-15` for a simple move, `15x24` or `9x18x27`
/// for a jump.
pub fn move_string(m: &Move) -> String {
    let sep = if m.captures != 0 { "x" } else { "-" };
    m.path
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// A position: piece bitboards (bit `i` = square `i + 1`) and the side to
/// move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Squares holding Black pieces (men and kings).
    pub black: u32,
    /// Squares holding White pieces (men and kings).
    pub white: u32,
    /// Squares holding kings of either colour.
    pub kings: u32,
    /// Whether Black is to move.
    pub black_to_move: bool,
}

/// State of the depth-first jump search for one piece.
struct JumpSearch<'a> {
    out: &'a mut Vec<RawMove>,
    path: [u8; MAX_PATH],
    king: bool,
    black: bool,
}

impl JumpSearch<'_> {
    /// Extends the jump sequence whose path has `len` squares and which now
    /// stands on `cur`, recording every maximal continuation.
    fn extend(&mut self, cur: u32, len: usize, enemy: u32, empty: u32, captures: u32) {
        let mut found = false;
        for dir in 0..4 {
            let forward = if self.black {
                dir <= DOWN_RIGHT
            } else {
                dir >= UP_LEFT
            };
            if !self.king && !forward {
                continue;
            }
            let over = shift(cur, dir) & enemy;
            if over == 0 {
                continue;
            }
            let land = shift(over, dir) & empty;
            if land == 0 {
                continue;
            }
            found = true;
            self.path[len] = land.trailing_zeros() as u8 + 1;
            let caps = captures | over;
            let crown = if self.black { BLACK_CROWN } else { WHITE_CROWN };
            if !self.king && land & crown != 0 {
                // A man reaching the far row is crowned and the move ends.
                self.record(len + 1, caps);
            } else {
                // The captured piece is removed at once; the vacated squares
                // can never be landing squares (other colour parity), so
                // `empty` need not change.
                self.extend(land, len + 1, enemy & !over, empty, caps);
            }
        }
        if !found && len > 1 {
            self.record(len, captures);
        }
    }

    fn record(&mut self, len: usize, captures: u32) {
        self.out.push(RawMove {
            path: self.path,
            len: len as u8,
            captures,
        });
    }
}

impl Position {
    /// The standard starting position: Black on 1–12, White on 21–32, Black
    /// to move.
    pub fn start() -> Position {
        Position {
            black: 0x0000_0FFF,
            white: 0xFFF0_0000,
            kings: 0,
            black_to_move: true,
        }
    }

    /// Parses a PDN FEN such as `B:W18,24,27,28,K10,K15:B12,16,20,K22`.
    /// A `K` prefix marks a king; ranges like `21-32` are allowed.
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fen: String = fen.chars().filter(|c| !c.is_whitespace()).collect();
        let fen = fen.trim_end_matches('.');
        let mut parts = fen.split(':');
        let black_to_move = match parts.next().map(|s| s.to_ascii_uppercase()) {
            Some(s) if s == "B" => true,
            Some(s) if s == "W" => false,
            other => return Err(format!("bad side to move: {other:?}")),
        };
        let mut pos = Position {
            black: 0,
            white: 0,
            kings: 0,
            black_to_move,
        };
        for part in parts {
            let (colour, list) = part.split_at(part.chars().next().map_or(0, char::len_utf8));
            let is_black = match colour.to_ascii_uppercase().as_str() {
                "B" => true,
                "W" => false,
                _ => return Err(format!("bad piece list: {part:?}")),
            };
            for item in list.split(',').filter(|s| !s.is_empty()) {
                let (king, rest) = match item.strip_prefix(['K', 'k']) {
                    Some(r) => (true, r),
                    None => (false, item),
                };
                let (lo, hi) = match rest.split_once('-') {
                    Some((a, b)) => (a, b.trim_start_matches(['K', 'k'])),
                    None => (rest, rest),
                };
                let parse = |s: &str| -> Result<u32, String> {
                    match s.parse::<u32>() {
                        Ok(n) if (1..=32).contains(&n) => Ok(n),
                        _ => Err(format!("bad square {s:?} in {item:?}")),
                    }
                };
                let (lo, hi) = (parse(lo)?, parse(hi)?);
                if lo > hi {
                    return Err(format!("bad range {item:?}"));
                }
                for n in lo..=hi {
                    let bit = 1u32 << (n - 1);
                    if (pos.black | pos.white) & bit != 0 {
                        return Err(format!("square {n} given twice"));
                    }
                    if is_black {
                        pos.black |= bit;
                    } else {
                        pos.white |= bit;
                    }
                    if king {
                        pos.kings |= bit;
                    }
                }
            }
        }
        Ok(pos)
    }

    /// Formats the position as a PDN FEN (kings prefixed with `K`).
    pub fn to_fen(self) -> String {
        let list = |bb: u32| -> String {
            (0..32)
                .filter(|i| bb >> i & 1 != 0)
                .map(|i| {
                    format!(
                        "{}{}",
                        if self.kings >> i & 1 != 0 { "K" } else { "" },
                        i + 1
                    )
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let side = if self.black_to_move { "B" } else { "W" };
        format!("{side}:W{}:B{}", list(self.white), list(self.black))
    }

    /// Generates all legal moves into `out` (cleared first) without
    /// allocating beyond `out`'s capacity.
    pub fn generate(&self, out: &mut Vec<RawMove>) {
        out.clear();
        let (own, enemy) = if self.black_to_move {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        };
        let empty_all = !(self.black | self.white);
        // Jumps first: capturing is mandatory.
        let mut search = JumpSearch {
            out,
            path: [0; MAX_PATH],
            king: false,
            black: self.black_to_move,
        };
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces & pieces.wrapping_neg();
            pieces &= pieces - 1;
            search.king = self.kings & from != 0;
            search.path[0] = from.trailing_zeros() as u8 + 1;
            // The moving piece's start square is empty while it jumps.
            search.extend(from, 1, enemy, empty_all | from, 0);
        }
        let out = search.out;
        if !out.is_empty() {
            return;
        }
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces & pieces.wrapping_neg();
            pieces &= pieces - 1;
            let king = self.kings & from != 0;
            for dir in 0..4 {
                let forward = if self.black_to_move {
                    dir <= DOWN_RIGHT
                } else {
                    dir >= UP_LEFT
                };
                if !king && !forward {
                    continue;
                }
                let to = shift(from, dir) & empty_all;
                if to != 0 {
                    let mut path = [0; MAX_PATH];
                    path[0] = from.trailing_zeros() as u8 + 1;
                    path[1] = to.trailing_zeros() as u8 + 1;
                    out.push(RawMove {
                        path,
                        len: 2,
                        captures: 0,
                    });
                }
            }
        }
    }

    /// Generates all legal moves into `out` (cleared first), in the
    /// allocating [`Move`] form.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let mut raw = Vec::with_capacity(32);
        self.generate(&mut raw);
        out.clear();
        out.extend(raw.iter().map(|m| m.to_move()));
    }

    /// Plays a move given by its start square, end square and captures
    /// (copy-make). Moves are assumed legal.
    #[inline]
    fn apply_parts(&self, from: u8, to: u8, captures: u32) -> Position {
        let from = 1u32 << (from - 1);
        let to = 1u32 << (to - 1);
        let mut p = *self;
        let was_king = p.kings & from != 0;
        p.kings &= !(from | captures);
        if self.black_to_move {
            p.black = (p.black & !from) | to;
            p.white &= !captures;
            if was_king || to & BLACK_CROWN != 0 {
                p.kings |= to;
            }
        } else {
            p.white = (p.white & !from) | to;
            p.black &= !captures;
            if was_king || to & WHITE_CROWN != 0 {
                p.kings |= to;
            }
        }
        p.black_to_move = !p.black_to_move;
        p
    }

    /// Returns the position after the (legal) move `m` (copy-make).
    pub fn apply(&self, m: &Move) -> Position {
        self.apply_parts(m.path[0], m.path[m.path.len() - 1], m.captures)
    }

    /// Returns the position after the (legal) move `m` (copy-make).
    #[inline]
    pub fn apply_raw(&self, m: &RawMove) -> Position {
        self.apply_parts(m.path[0], m.path[m.len as usize - 1], m.captures)
    }

    /// Counts the leaves of the tree of complete moves `depth` plies deep.
    /// Every leaf move is applied (no bulk counting); the hot path does not
    /// allocate.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut bufs: Vec<Vec<RawMove>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
        perft_rec(self, &mut bufs)
    }

    /// Plays uniformly random complete moves until the side to move has no
    /// move (it loses) or `max_moves` moves have been played. Returns
    /// `(Some(black_won), moves)` or `(None, max_moves)`.
    pub fn random_playout(&self, rng: &mut ChaCha8Rng, max_moves: u32) -> (Option<bool>, u32) {
        let mut buf = Vec::with_capacity(64);
        let mut pos = *self;
        for played in 0..max_moves {
            pos.generate(&mut buf);
            if buf.is_empty() {
                return (Some(!pos.black_to_move), played);
            }
            let i = rng.random_range(0..buf.len());
            pos = pos.apply_raw(&buf[i]);
        }
        // The move limit was reached: no result, even if the side to move
        // now has no move.
        (None, max_moves)
    }
}

/// Perft over one reusable move buffer per remaining ply.
fn perft_rec(pos: &Position, bufs: &mut [Vec<RawMove>]) -> u64 {
    let Some((buf, rest)) = bufs.split_first_mut() else {
        std::hint::black_box(pos);
        return 1;
    };
    pos.generate(buf);
    let mut n = 0;
    for m in buf.iter() {
        let child = pos.apply_raw(m);
        n += perft_rec(&child, rest);
    }
    n
}

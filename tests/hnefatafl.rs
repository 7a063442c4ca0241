//! Copenhagen Hnefatafl (`games/hnefatafl.game`) against a brute force
//! written here from the Copenhagen rules (docs/games/hnefatafl.md), apart
//! from the engine: the 11 × 11 board, the king on the throne with twelve
//! defenders, twenty-four attackers who move first; rook moves; only the
//! king stops on the throne or a corner, anyone passes the empty throne; a
//! soldier is captured between the moving enemy and another enemy piece
//! (the armed king among them) or a hostile square (a corner, the empty
//! throne); a row of pieces along an edge, each fronted by an enemy, is
//! captured whole when the moving enemy closes one end and an enemy or a
//! corner the other (the king in it stays); the king is taken by
//! attackers on four sides, or three and the throne; the king wins on a
//! corner or in an edge fort (the form docs/games/hnefatafl.md gives);
//! the attackers win when no defender can reach the edge; a side with no
//! move loses. The brute force has its own board, moves and rules; its
//! perft counts from the start and from seeded random positions must be
//! ludic's, on the compiled tier and on the reference interpreter.

mod common;
use common::{Lcg, counts, start};
use ludic::engine::{Engine, State, perft};
use std::sync::Arc;

#[path = "common/tafl.rs"]
mod tafl;
use tafl::{ATTACKER, Board as Pos, DEFENDER, DIRS, EMPTY, KING, Sq, side};

const N: i32 = 11;
const SQ: usize = 121;
const THRONE: (i32, i32) = (5, 5);

/// What a played move did, for the test's coverage counts.
#[derive(Default, Clone, Copy)]
struct Seen {
    captures: u32,
    walls: u32,
    kings: u32,
    corners: u32,
    forts: u32,
    rings: u32,
}

fn on(c: i32, r: i32) -> bool {
    tafl::on(N, c, r)
}

fn corner(c: i32, r: i32) -> bool {
    tafl::corner(N, c, r)
}

fn edge(c: i32, r: i32) -> bool {
    tafl::edge(N, c, r)
}

impl Pos {
    /// Shieldwall captures closed by the piece that landed on `t`: along
    /// the edge `t` stands on, the enemy pieces in a row from `t`, each
    /// with one of the mover's pieces right in front of it (one square in
    /// from the edge), ended by one of the mover's pieces or a corner.
    fn shieldwall(&mut self, t: Sq, mover: u8) -> u32 {
        let mut n = 0;
        // Each edge: the squares on it have `out` off the board.
        for out in DIRS {
            if on(t.0 + out.0, t.1 + out.1) {
                continue;
            }
            let inward = (-out.0, -out.1);
            for along in DIRS {
                if along == out || along == inward {
                    continue;
                }
                let mut row = Vec::new();
                let (mut x, mut y) = (t.0 + along.0, t.1 + along.1);
                while let Some(q) = self.get(x, y) {
                    let fronted = self.get(x + inward.0, y + inward.1).map(side) == Some(mover);
                    if side(q) != 3 - mover || !fronted {
                        break;
                    }
                    row.push((x, y));
                    x += along.0;
                    y += along.1;
                }
                let closed = self
                    .get(x, y)
                    .is_some_and(|q| side(q) == mover || corner(x, y));
                if closed && !row.is_empty() {
                    for (x, y) in row {
                        if self.get(x, y) != Some(KING) {
                            self.set(x, y, EMPTY);
                            n += 1;
                        }
                    }
                }
            }
        }
        n
    }

    /// Whether the king next to `t` has attackers or the throne on all
    /// four sides (never on the edge).
    fn king_taken(&self, t: Sq) -> bool {
        DIRS.iter().any(|&(dc, dr)| {
            let (c, r) = (t.0 + dc, t.1 + dr);
            self.get(c, r) == Some(KING)
                && DIRS.iter().all(|&(ec, er)| {
                    let s = (c + ec, r + er);
                    on(s.0, s.1) && (s == THRONE || self.get(s.0, s.1) == Some(ATTACKER))
                })
        })
    }

    /// Squares reached from `seeds` through squares where `ok` holds.
    fn flood(&self, seeds: &[Sq], ok: impl Fn(Sq) -> bool) -> [bool; SQ] {
        let mut seen = [false; SQ];
        let mut todo: Vec<Sq> = seeds.iter().copied().filter(|&s| ok(s)).collect();
        for &(c, r) in &todo {
            seen[(r * N + c) as usize] = true;
        }
        while let Some((c, r)) = todo.pop() {
            for (dc, dr) in DIRS {
                let s = (c + dc, r + dr);
                if on(s.0, s.1) && !seen[(s.1 * N + s.0) as usize] && ok(s) {
                    seen[(s.1 * N + s.0) as usize] = true;
                    todo.push(s);
                }
            }
        }
        seen
    }

    /// No defender can reach the edge through squares free of attackers.
    fn encircled(&self) -> bool {
        let rim: Vec<Sq> = (0..N)
            .flat_map(|i| [(i, 0), (i, N - 1), (0, i), (N - 1, i)])
            .collect();
        let outside = self.flood(&rim, |(c, r)| self.get(c, r) != Some(ATTACKER));
        (0..SQ).all(|i| !outside[i] || self.b[i] == EMPTY)
    }

    /// The edge fort: the king on the edge with an empty square beside
    /// him; no attacker next to his room (the king's square and the empty
    /// squares he reaches); each defender next to the room held on both
    /// lines through it: off the board, or the room (not the throne, not
    /// a corner), or a defender next to the room, on one side at least.
    fn fort(&self) -> bool {
        let Some(k) = (0..SQ).find(|&i| self.b[i] == KING) else {
            return false;
        };
        let k = (k as i32 % N, k as i32 / N);
        let free = |(c, r): Sq| self.get(c, r) == Some(EMPTY);
        if !edge(k.0, k.1) || !DIRS.iter().any(|&(dc, dr)| free((k.0 + dc, k.1 + dr))) {
            return false;
        }
        let room = self.flood(&[k], |s| s == k || free(s));
        let in_room = |(c, r): Sq| on(c, r) && room[(r * N + c) as usize];
        let next_to_room = |(c, r): Sq| DIRS.iter().any(|&(dc, dr)| in_room((c + dc, r + dr)));
        let held = |(c, r): Sq| {
            !on(c, r)
                || (in_room((c, r)) && (c, r) != THRONE && !corner(c, r))
                || (self.get(c, r).map(side) == Some(2) && next_to_room((c, r)))
        };
        for i in 0..SQ as i32 {
            let s = (i % N, i / N);
            let p = self.b[i as usize];
            if in_room(s) || !next_to_room(s) {
                continue;
            }
            if p == ATTACKER {
                return false;
            }
            if p == DEFENDER {
                let firm =
                    |(dc, dr): (i32, i32)| held((s.0 + dc, s.1 + dr)) || held((s.0 - dc, s.1 - dr));
                if !firm((1, 0)) || !firm((0, 1)) {
                    return false;
                }
            }
        }
        true
    }

    /// Plays a move; whether the game is over (a win for the mover).
    fn play(&mut self, (f, t): (Sq, Sq), seen: &mut Seen) -> bool {
        let mover = self.who;
        let p = self.get(f.0, f.1).unwrap();
        self.set(f.0, f.1, EMPTY);
        self.set(t.0, t.1, p);
        seen.captures += self.custodial(t, mover);
        seen.walls += self.shieldwall(t, mover);
        self.who = 3 - mover;
        if mover == 1 {
            let king = self.king_taken(t);
            let ring = !king && self.encircled();
            seen.kings += u32::from(king);
            seen.rings += u32::from(ring);
            king || ring
        } else {
            let at_corner = p == KING && corner(t.0, t.1);
            let fort = !at_corner && self.fort();
            seen.corners += u32::from(at_corner);
            seen.forts += u32::from(fort);
            at_corner || fort
        }
    }

    /// Turn-level perft: a game that ends has nothing below it; a side
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
                if next.play(m, &mut Seen::default()) {
                    0
                } else {
                    next.perft(depth - 1)
                }
            })
            .sum()
    }
}

/// The Copenhagen start, written square by square from the rules' diagram.
fn standard() -> Pos {
    let mut p = Pos::new(N, 1);
    p.set(5, 5, KING);
    for (c, r) in [
        (5, 3),
        (4, 4),
        (5, 4),
        (6, 4),
        (3, 5),
        (4, 5),
        (6, 5),
        (7, 5),
        (4, 6),
        (5, 6),
        (6, 6),
        (5, 7),
    ] {
        p.set(c, r, DEFENDER);
    }
    // Five along the middle of each edge and one in front of the middle.
    for i in 3..=7 {
        for (c, r) in [(0, i), (10, i), (i, 0), (i, 10)] {
            p.set(c, r, ATTACKER);
        }
    }
    for (c, r) in [(1, 5), (9, 5), (5, 1), (5, 9)] {
        p.set(c, r, ATTACKER);
    }
    p
}

/// A seeded position: a motif that one move can complete (`kind`: 0
/// none, 1 a shieldwall, 2 the king hemmed on three sides, 3 a ring round
/// the defenders with one gap, 4 an edge fort one move from whole), then
/// pieces at random, most near the
/// edges; the king not taken already (a position read is judged as play
/// judges it).
fn random_position(rng: &mut Lcg, kind: usize) -> Pos {
    loop {
        let mut p = Pos::new(N, 1 + rng.below(2) as u8);
        let ok = match kind {
            1 => shieldwall_motif(&mut p, rng),
            2 => king_motif(&mut p, rng),
            3 => ring_motif(&mut p, rng),
            4 => fort_motif(&mut p, rng),
            _ => true,
        };
        if !ok {
            continue;
        }
        let free =
            |p: &Pos, (c, r): Sq| p.get(c, r) == Some(EMPTY) && (c, r) != THRONE && !corner(c, r);
        if !p.b.contains(&KING) {
            let king = if rng.below(6) == 0 { THRONE } else { near(rng) };
            if king != THRONE && !free(&p, king) {
                continue;
            }
            p.set(king.0, king.1, KING);
        }
        let extra = if kind == 0 { 22 } else { 8 };
        // No defender outside a ring.
        let defenders = if kind == 3 {
            0
        } else {
            rng.below(extra / 2) + 1
        };
        let attackers = rng.below(extra) + 2;
        for (piece, n) in [(ATTACKER, attackers), (DEFENDER, defenders)] {
            for _ in 0..n {
                let s = if rng.below(4) == 0 {
                    (rng.below(11) as i32, rng.below(11) as i32)
                } else {
                    near(rng)
                };
                if free(&p, s) {
                    p.set(s.0, s.1, piece);
                }
            }
        }
        let taken =
            (0..SQ as i32).any(|i| p.b[i as usize] == ATTACKER && p.king_taken((i % N, i / N)));
        if !taken {
            return p;
        }
    }
}

/// A square within three rows of an edge.
fn near(rng: &mut Lcg) -> Sq {
    let a = rng.below(11) as i32;
    let b = rng.below(3) as i32;
    match rng.below(4) {
        0 => (a, b),
        1 => (a, 10 - b),
        2 => (b, a),
        _ => (10 - b, a),
    }
}

/// Turns `(c, r)` of the bottom edge's frame to edge `e` (0 bottom, 1
/// top, 2 left, 3 right).
fn frame(e: usize, (c, r): Sq) -> Sq {
    match e {
        0 => (c, r),
        1 => (c, N - 1 - r),
        2 => (r, c),
        _ => (N - 1 - r, c),
    }
}

/// A row of two to four enemies of the side to move along an edge, each
/// fronted by a piece of the mover, closed at one end by the mover's
/// piece or a corner, with a piece of the mover three squares in from
/// the open end, free to close it. Sometimes the king stands in the row.
fn shieldwall_motif(p: &mut Pos, rng: &mut Lcg) -> bool {
    let e = rng.below(4);
    let len = 2 + rng.below(3) as i32;
    // The row keeps off the corners: from column 1 (closed by the corner)
    // to column 9 at most, its open end on column 9 at most.
    let start = 1 + rng.below((N - 2 - len) as usize) as i32;
    let (mine, theirs) = if p.who == 1 {
        (ATTACKER, DEFENDER)
    } else {
        (DEFENDER, ATTACKER)
    };
    // The row on the bottom edge's frame, from `start` to `start+len-1`;
    // the closed end is `start - 1` (a corner when it is column 0).
    let open = start + len;
    if open > N - 2 {
        return false;
    }
    for c in start..start + len {
        let s = frame(e, (c, 0));
        p.set(s.0, s.1, theirs);
        let f = frame(e, (c, 1));
        p.set(f.0, f.1, mine);
    }
    let s = frame(e, (start - 1, 0));
    if !corner(s.0, s.1) {
        p.set(s.0, s.1, mine);
    }
    let closer = frame(e, (open, 3));
    p.set(closer.0, closer.1, mine);
    if theirs == DEFENDER && rng.below(3) == 0 {
        let k = frame(e, (start + rng.below(len as usize) as i32, 0));
        p.set(k.0, k.1, KING);
    }
    true
}

/// The king off the edge with attackers on three sides (or two and the
/// throne) and an attacker three squares off the fourth; attackers move.
fn king_motif(p: &mut Pos, rng: &mut Lcg) -> bool {
    p.who = 1;
    let k = (1 + rng.below(9) as i32, 1 + rng.below(9) as i32);
    if k == THRONE && rng.below(2) == 0 {
        return false;
    }
    let open = DIRS[rng.below(4)];
    let far = (k.0 + 3 * open.0, k.1 + 3 * open.1);
    if !on(far.0, far.1) || corner(far.0, far.1) || far == THRONE {
        return false;
    }
    p.set(k.0, k.1, KING);
    for d in DIRS {
        let s = (k.0 + d.0, k.1 + d.1);
        if d != open && s != THRONE {
            p.set(s.0, s.1, ATTACKER);
        }
    }
    p.set(far.0, far.1, ATTACKER);
    true
}

/// The king on an edge, the square beside him along it empty, and three
/// of the four defenders that make the smallest fort round those two
/// squares (one each side along the edge, two in front); the fourth
/// three squares in front, free to close it; defenders move.
fn fort_motif(p: &mut Pos, rng: &mut Lcg) -> bool {
    p.who = 2;
    let e = rng.below(4);
    let c = 2 + rng.below(6) as i32;
    let walls = [(c - 1, 0), (c + 2, 0), (c, 1), (c + 1, 1)];
    let missing = rng.below(4);
    let k = frame(e, (c, 0));
    p.set(k.0, k.1, KING);
    for (i, &w) in walls.iter().enumerate() {
        let w = if i == missing {
            // Three squares further out along its line from the room.
            match i {
                0 => (c - 1, 3),
                1 => (c + 2, 3),
                2 => (c, 4),
                _ => (c + 1, 4),
            }
        } else {
            w
        };
        let s = frame(e, w);
        p.set(s.0, s.1, DEFENDER);
    }
    true
}

/// The king and defenders inside a diamond of attackers round the
/// throne (the squares three steps from it), one square of the diamond
/// open and an attacker two squares beyond it; attackers move.
fn ring_motif(p: &mut Pos, rng: &mut Lcg) -> bool {
    p.who = 1;
    let ring: Vec<Sq> = (0..SQ as i32)
        .map(|i| (i % N, i / N))
        .filter(|&(c, r)| (c - 5).abs() + (r - 5).abs() == 3)
        .collect();
    let gap = ring[rng.below(ring.len())];
    let out = (gap.0 - 5, gap.1 - 5);
    let step = (out.0.signum(), out.1.signum());
    let step = if step.0 != 0 && step.1 != 0 {
        if rng.below(2) == 0 {
            (step.0, 0)
        } else {
            (0, step.1)
        }
    } else {
        step
    };
    let closer = (gap.0 + 2 * step.0, gap.1 + 2 * step.1);
    for &s in &ring {
        if s != gap {
            p.set(s.0, s.1, ATTACKER);
        }
    }
    p.set(closer.0, closer.1, ATTACKER);
    p.set(5, 5, KING);
    for _ in 0..1 + rng.below(5) {
        let s = (3 + rng.below(5) as i32, 3 + rng.below(5) as i32);
        if (s.0 - 5).abs() + (s.1 - 5).abs() <= 2 && p.get(s.0, s.1) == Some(EMPTY) {
            p.set(s.0, s.1, DEFENDER);
        }
    }
    true
}

#[test]
fn perft_from_the_start_is_the_brute_force() {
    let want: Vec<u64> = (1..=3).map(|d| standard().perft(d)).collect();
    // The attackers' first moves, counted by hand from the diagram, on
    // the bottom side (the others are the same turned): d1 two along the
    // edge (a1 is a corner) and four up to d5; e1 three up; f1 none; g1
    // three; h1 like d1, six; f2 five each way along row 2 and one up:
    // 6 + 3 + 0 + 3 + 6 + 11 = 29, four times.
    assert_eq!(want[0], 116);
    for engine in [Engine::Compiled, Engine::Reference] {
        let st = start("hnefatafl", &[]).on_engine(engine);
        assert_eq!(counts(&st, 1..=3), want, "{engine:?}");
    }
}

#[test]
fn perft_from_random_positions_is_the_brute_force() {
    let game = Arc::clone(start("hnefatafl", &[]).game());
    let mut rng = Lcg(38);
    let mut seen = Seen::default();
    for i in 0..100 {
        let p = random_position(&mut rng, i % 5);
        let text = p.text();
        let st = State::from_position(Arc::clone(&game), &text).expect("position");
        let depth = if i % 50 == 0 { 3 } else { 2 };
        for engine in [Engine::Compiled, Engine::Reference] {
            let st = st.on_engine(engine);
            for d in 1..=depth {
                assert_eq!(perft(&st, d), Ok(p.perft(d)), "{text} depth {d} {engine:?}");
            }
        }
        for m in p.moves() {
            p.clone().play(m, &mut seen);
        }
    }
    // The positions must hold every rule at work.
    assert!(
        seen.captures >= 50
            && seen.walls >= 10
            && seen.kings >= 3
            && seen.corners >= 3
            && seen.forts >= 3
            && seen.rings >= 3,
        "{} captures, {} shieldwall captures, {} kings taken, {} corners, {} forts, {} rings",
        seen.captures,
        seen.walls,
        seen.kings,
        seen.corners,
        seen.forts,
        seen.rings
    );
}

/// A position text written along a game reads back as the state play
/// reached: the board's second occurrence plays on, in play and read back;
/// its third loses for the defenders (the rules' repetition), in play and
/// read back alike.
#[test]
fn a_repeated_board_read_back_counts_as_in_play() {
    let shuffle = ["b6-b7", "h6-h7", "b7-b6", "h7-h6"];
    let mut st = start("hnefatafl", &[]);
    for round in 1..=2 {
        for m in shuffle {
            st.play_str(m).expect(m);
        }
        let text = st.to_position().expect("position text");
        let read = State::from_position(Arc::clone(st.game()), &text).expect("reads");
        let over = round == 2;
        assert_eq!(st.outcome().is_some(), over, "round {round}, in play");
        assert_eq!(read.outcome().is_some(), over, "round {round}, {text}");
        assert_eq!(read.outcome(), st.outcome(), "round {round}");
    }
}

/// The king may step off the throne between three attackers: only the
/// attackers' move captures him, so the game goes on after his step, and
/// the position text written after it reads back as a game going on.
#[test]
fn a_king_stepping_between_attackers_read_back_plays_on() {
    let before = "D A:e5,g5,f4,a3 D:Kf6,j2";
    let game = Arc::clone(start("hnefatafl", &[]).game());
    let mut st = State::from_position(Arc::clone(&game), before).expect("reads");
    st.play_str("f6-f5").expect("the king's step");
    assert_eq!(st.outcome(), None);
    let text = st.to_position().expect("position text");
    let read = State::from_position(game, &text).expect("reads");
    assert_eq!(read.outcome(), None, "{text}");
    assert!(!read.legal_moves().is_empty());
}

/// A hand-written position is judged by the end rules (docs/language.md):
/// a move's win is read for the side that moved last, at `last=` when it
/// is given, else at each of its stacks. A king on a corner has won, with
/// or without the move that took it there; the attackers' ring round
/// every defender (Copenhagen's encirclement) wins as read; a king in the
/// open with the attackers far away has not won, nor lost.
#[test]
fn a_position_read_is_judged_by_the_end_rules() {
    let game = Arc::clone(start("hnefatafl", &[]).game());
    let read = |text: &str| State::from_position(Arc::clone(&game), text).expect(text);
    let attackers_win = Some(ludic::engine::Outcome::Win(
        0,
        ludic::engine::EndReason::Result,
    ));
    let defenders_win = Some(ludic::engine::Outcome::Win(
        1,
        ludic::engine::EndReason::Result,
    ));
    assert_eq!(read("A A:d6 D:Ka1").outcome(), defenders_win);
    assert_eq!(read("A A:d6 D:Ka1 last=a2,a1").outcome(), defenders_win);
    assert_eq!(read("A A:d6 D:Kf5").outcome(), None);
    let ring = "D A:d6,h6,f4,f8,e5,e7,g5,g7 D:Kf6";
    assert_eq!(read(ring).outcome(), attackers_win);
}

/// Without `last=`, each stack of the side that moved last is read as the
/// destination of a move that could have put it there, by the moves of
/// its own kind of piece (docs/language.md): an attacker's soldier on a
/// corner is not the king's move to the corner (which only the king's
/// move wins), so the game goes on with the defenders to move; the king
/// there has won for the defenders.
#[test]
fn a_soldier_on_a_corner_read_without_last_is_not_a_win() {
    let game = Arc::clone(start("hnefatafl", &[]).game());
    let read = |text: &str| State::from_position(Arc::clone(&game), text).expect(text);
    let st = read("D A:a1 D:Kf6");
    assert_eq!(st.outcome(), None);
    assert!(!st.legal_moves().is_empty());
    assert!(read("A A:a2 D:Ka1").outcome().is_some());
}

/// Only the king may stop on the throne or a corner (docs/games/hnefatafl.md):
/// a defender's soldier moved onto the empty throne, or an attacker's onto
/// a corner, is refused by its destination, said in words; a move its
/// piece cannot make at all says so too, never a bare "not legal".
#[test]
fn a_soldier_onto_the_throne_is_refused_with_the_reason() {
    let game = Arc::clone(start("hnefatafl", &[]).game());
    let read = |text: &str| State::from_position(Arc::clone(&game), text).expect(text);
    let refusal = |pos: &str, m: &str| {
        let mut st = read(pos);
        let before = st.to_position();
        let err = st.play_str(m).expect_err(m);
        assert_eq!(st.to_position(), before, "{m}: the state is unchanged");
        err.to_string()
    };
    let throne = refusal("D A:a3 D:Ke6,f4", "f4-f6");
    assert!(throne.contains("may not stop there"), "{throne}");
    let corner = refusal("A A:b1 D:Ke6", "b1-a1");
    assert!(corner.contains("may not stop there"), "{corner}");
    // Pieces move like rooks: a diagonal is off their lines.
    let diagonal = refusal("D A:a3 D:Ke6,f4", "f4-g5");
    assert!(diagonal.contains("never lead from that site"), "{diagonal}");
    // Along the file, but past a piece: blocked now.
    let blocked = refusal("D A:f5 D:Ke6,f4", "f4-f7");
    assert!(blocked.contains("do not reach that site"), "{blocked}");
    let theirs = refusal("D A:a3 D:Ke6,f4", "a3-a4");
    assert!(
        theirs.contains("no piece of the player to move"),
        "{theirs}"
    );
    // The king himself may stop on the throne.
    assert!(read("D A:a3 D:Kf4").play_str("f4-f6").is_ok());
}

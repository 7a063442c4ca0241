//! Go (`games/go.game`) against a brute force written here from the
//! rules it follows (Tromp and Taylor's logical form of the Chinese and
//! AGA area rules): a stone takes the enemy groups it leaves without a
//! liberty; a stone whose own group is then without a liberty is refused
//! (no suicide); a stone that recreates the board of any earlier turn
//! start is refused (positional superko); a pass is always legal and two
//! in a row end the game. Its own square board of `n × n` points, a1 at
//! the bottom left. Perft counts from the start (9 × 9 and smaller
//! boards), and the legal moves and perft counts along seeded random games
//! (whose history makes superko bite), must be ludic's.

mod common;
use common::{Lcg, counts, start};
use ludic::engine::{State, perft};

/// A position of the brute force: the board, the boards of every turn
/// start so far (this one's included), and passes in a row.
#[derive(Clone)]
struct Go {
    n: usize,
    /// 0 empty, 1 Black, 2 White; point `row * n + column`.
    board: Vec<u8>,
    seen: Vec<Vec<u8>>,
    passes: u32,
    /// The player to move, 1 or 2.
    who: u8,
}

impl Go {
    fn new(n: usize) -> Go {
        Go {
            n,
            board: vec![0; n * n],
            seen: vec![vec![0; n * n]],
            passes: 0,
            who: 1,
        }
    }

    fn neighbours(&self, p: usize) -> Vec<usize> {
        let (r, c, n) = (p / self.n, p % self.n, self.n);
        let mut v = Vec::new();
        if r > 0 {
            v.push(p - n);
        }
        if r + 1 < n {
            v.push(p + n);
        }
        if c > 0 {
            v.push(p - 1);
        }
        if c + 1 < n {
            v.push(p + 1);
        }
        v
    }

    /// The group of the stone at `p` on `b` and whether it has a liberty.
    fn group(&self, b: &[u8], p: usize) -> (Vec<usize>, bool) {
        let colour = b[p];
        let (mut group, mut free) = (vec![p], false);
        let mut i = 0;
        while i < group.len() {
            for q in self.neighbours(group[i]) {
                if b[q] == 0 {
                    free = true;
                } else if b[q] == colour && !group.contains(&q) {
                    group.push(q);
                }
            }
            i += 1;
        }
        (group, free)
    }

    /// The board after `who` places at `p`, or `None` when the rules
    /// refuse it (occupied, suicide, superko).
    fn place(&self, p: usize) -> Option<Vec<u8>> {
        if self.board[p] != 0 {
            return None;
        }
        let mut b = self.board.clone();
        b[p] = self.who;
        for q in self.neighbours(p) {
            if b[q] == 3 - self.who {
                let (group, free) = self.group(&b, q);
                if !free {
                    group.iter().for_each(|&s| b[s] = 0);
                }
            }
        }
        if !self.group(&b, p).1 || self.seen.contains(&b) {
            return None;
        }
        Some(b)
    }

    fn label(&self, p: usize) -> String {
        format!("{}{}", (b'a' + (p % self.n) as u8) as char, p / self.n + 1)
    }

    /// The legal moves: points (ascending) and the pass (`None`, last);
    /// none once the game is over.
    fn moves(&self) -> Vec<Option<usize>> {
        if self.passes >= 2 {
            return Vec::new();
        }
        let mut v: Vec<Option<usize>> = (0..self.board.len())
            .filter(|&p| self.place(p).is_some())
            .map(Some)
            .collect();
        v.push(None);
        v
    }

    fn play(&mut self, m: Option<usize>) {
        match m {
            Some(p) => {
                self.board = self.place(p).expect("legal");
                self.passes = 0;
            }
            None => self.passes += 1,
        }
        self.who = 3 - self.who;
        self.seen.push(self.board.clone());
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }

    fn text(&self, m: Option<usize>) -> String {
        m.map_or("pass".to_string(), |p| self.label(p))
    }
}

#[test]
fn perft_from_the_start_of_9x9_is_the_brute_force() {
    let st = start("go", &[]);
    let want: Vec<u64> = (1..=3).map(|d| Go::new(9).perft(d)).collect();
    // By hand: 81 points and a pass; then 80 points and a pass after a
    // stone, 81 and a pass after a pass.
    assert_eq!(want[..2], [82, 81 * 81 + 82]);
    assert_eq!(counts(&st, 1..=3), want);
}

#[test]
fn perft_on_small_boards_is_the_brute_force() {
    // Deep enough on 3 × 3 and 4 × 4 for captures, suicide, superko and
    // the two-pass end to prune the tree.
    for (n, depth) in [(3, 7), (4, 5)] {
        let size = format!("size={n}");
        let st = start("go", &[size.as_str()]);
        let want: Vec<u64> = (1..=depth).map(|d| Go::new(n).perft(d)).collect();
        assert_eq!(counts(&st, 1..=depth), want, "{n} x {n}");
    }
}

/// Plays a seeded random game on `n × n` in ludic and the brute force
/// side by side, comparing the legal moves at every turn and perft to
/// `depth` every `every` turns; returns how many moves superko or
/// suicide refused on the way (points empty but illegal).
fn random_game(n: usize, seed: u64, turns: usize, every: usize, depth: u32) -> usize {
    let size = format!("size={n}");
    let mut st: State = start("go", &[size.as_str()]);
    let mut go = Go::new(n);
    let mut rng = Lcg(seed);
    let mut refused = 0;
    for turn in 0..turns {
        let moves = go.moves();
        let mut want: Vec<String> = moves.iter().map(|&m| go.text(m)).collect();
        let mut got = st.legal_turn_strings();
        want.sort();
        got.sort();
        assert_eq!(got, want, "seed {seed} turn {turn}");
        if moves.is_empty() {
            assert!(st.is_over());
            break;
        }
        let empty = go.board.iter().filter(|&&x| x == 0).count();
        refused += empty + 1 - moves.len();
        if turn % every == 0 {
            assert_eq!(
                perft(&st, depth),
                Ok(go.perft(depth)),
                "seed {seed} turn {turn}"
            );
        }
        // Passes now and then (rarely twice running), stones mostly.
        let pick = if rng.below(12) == 0 {
            None
        } else {
            moves[rng.below(moves.len())]
        };
        st.play_str(&go.text(pick)).expect("legal");
        go.play(pick);
    }
    refused
}

#[test]
fn legal_moves_and_perft_along_random_games_are_the_brute_force() {
    let mut refused = 0;
    for seed in 0..6 {
        refused += random_game(5, seed, 120, 10, 2);
    }
    for seed in 0..2 {
        refused += random_game(9, 100 + seed, 160, 40, 2);
    }
    // Captures fill the games with refused points (suicide, ko).
    assert!(refused > 50, "only {refused} refused points");
}

#[test]
fn superko_refuses_what_simple_ko_would_allow_in_the_brute_force_too() {
    // The two-ko cycle of games/go.scenarios, played in the brute force:
    // Black's retaking at d2 is refused there as well, and ludic agrees
    // on every move list along the way.
    let mut go = Go::new(9);
    let mut st = start("go", &[]);
    let at = |label: &str| {
        let b = label.as_bytes();
        (b[1] - b'1') as usize * 9 + (b[0] - b'a') as usize
    };
    let black = ["d6", "c5", "d4", "e3", "d2", "f2", "e1"];
    let white = ["e6", "d5", "f5", "e4", "d3", "c2", "d1"];
    let text = format!("B B:{} W:{}", black.join(","), white.join(","));
    st = State::from_position(std::sync::Arc::clone(st.game()), &text).expect("position");
    black.iter().for_each(|l| go.board[at(l)] = 1);
    white.iter().for_each(|l| go.board[at(l)] = 2);
    go.seen = vec![go.board.clone()];
    for m in ["e5", "e2", "pass", "d5"] {
        let pick = (m != "pass").then(|| at(m));
        assert!(go.moves().contains(&pick), "{m}");
        st.play_str(m).expect("legal");
        go.play(pick);
    }
    assert!(!go.moves().contains(&Some(at("d2"))));
    assert!(!st.legal_turn_strings().contains(&"d2".to_string()));
    // Without the history it would be legal: the board alone allows it.
    let mut fresh = go.clone();
    fresh.seen = vec![fresh.board.clone()];
    assert!(fresh.moves().contains(&Some(at("d2"))));
}

/// A refused point says which rule refuses it, as the brute force finds
/// it refused: the two-ko cycle's retaking at d2 repeats an earlier
/// board (positional superko), and a Black stone at a1 between White's
/// a2 and b1 would have no liberty and capture nothing (suicide).
#[test]
fn a_refused_point_says_which_rule_refuses_it() {
    use ludic::engine::Refusal;
    let mut go = Go::new(9);
    let st = start("go", &[]);
    let game = std::sync::Arc::clone(st.game());
    let at = |label: &str| {
        let b = label.as_bytes();
        (b[1] - b'1') as usize * 9 + (b[0] - b'a') as usize
    };
    let black = ["d6", "c5", "d4", "e3", "d2", "f2", "e1"];
    let white = ["e6", "d5", "f5", "e4", "d3", "c2", "d1"];
    let text = format!("B B:{} W:{}", black.join(","), white.join(","));
    let mut st = State::from_position(game.clone(), &text).expect("position");
    black.iter().for_each(|l| go.board[at(l)] = 1);
    white.iter().for_each(|l| go.board[at(l)] = 2);
    go.seen = vec![go.board.clone()];
    for m in ["e5", "e2", "pass", "d5"] {
        st.play_str(m).expect("legal");
        go.play((m != "pass").then(|| at(m)));
    }
    // The brute force: d2 is empty, its board once placed stood before.
    assert_eq!(go.board[at("d2")], 0);
    assert!(go.place(at("d2")).is_none());
    let mut fresh = go.clone();
    fresh.seen.clear();
    assert!(fresh.place(at("d2")).is_some());
    let e = st.clone().play_str("d2").unwrap_err();
    assert_eq!(e.reason, Refusal::Repeats);
    assert!(e.to_string().contains("positional superko"), "{e}");
    // Suicide: the brute force's group of a1 has no liberty.
    let mut go = Go::new(9);
    go.board[at("a2")] = 2;
    go.board[at("b1")] = 2;
    let mut b = go.board.clone();
    b[at("a1")] = 1;
    assert!(!go.group(&b, at("a1")).1);
    assert!(go.group(&b, at("a2")).1 && go.group(&b, at("b1")).1);
    let st = State::from_position(game, "B W:a2,b1").expect("position");
    let e = st.clone().play_str("a1").unwrap_err();
    assert_eq!(e.reason, Refusal::Suicide);
    assert!(e.to_string().contains("no liberty"), "{e}");
}

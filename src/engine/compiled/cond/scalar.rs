//! Conditions that read no site, compiled: comparisons of counters, the
//! player's pieces and constants, toggles, and `and`/`or`/`not` of them
//! (`(and (equal (counter "Hand") 0) (more-than (pieces) 3))`).
//!
//! Such a condition has one value for the whole position and player: the
//! compiled tier evaluates it once per site set (a generator's `from:`)
//! and once per player for the `lose-when` rules, without the reference
//! evaluator's scope. The meaning is the reference's
//! ([`State::eval`](crate::engine::State)): sums saturate, an `and` of
//! nothing holds, an `or` of nothing does not.

use crate::compile::ir::{Cmp, Cond, CounterId, Num, Player, ToggleId};
use crate::engine::State;

/// A compiled condition that reads no site (see the module's
/// documentation).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Scalar {
    /// Always, or never.
    Const(bool),
    /// The toggle is on now.
    Flag(ToggleId),
    /// A sum of counters, pieces and constants compared with 0: a
    /// comparison of two numbers without a choice (`if`) in them, as
    /// `a - b` compared with 0.
    Linear(Linear, Cmp),
    /// A counter or the pieces compared with a constant (the common
    /// [`Scalar::Linear`], read with one load and one comparison).
    Simple(Simple),
    /// All of these hold (an `and` of [`Scalar::Simple`]s).
    AllSimple(Vec<Simple>),
    /// Two numbers compared.
    Compare(ScalarNum, Cmp, ScalarNum),
    /// All of these sums compare to 0 as said (an `and` of
    /// [`Scalar::Linear`]s, read without a call each).
    AllLinear(Vec<(Linear, Cmp)>),
    /// All hold.
    And(Vec<Scalar>),
    /// One holds.
    Or(Vec<Scalar>),
    /// It does not hold.
    Not(Box<Scalar>),
}

/// A weighted sum of the player's counters and pieces and a constant:
/// `constant + pieces × (the player's pieces) + Σ weight × counter`, of
/// at most [`MAX_TERMS`] counters.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Linear {
    constant: i64,
    pieces: i64,
    /// How many of `counters` are used.
    n: usize,
    counters: [(CounterId, i64); MAX_TERMS],
}

/// Most counters a [`Linear`] sum reads (a longer one is a
/// [`Scalar::Compare`]).
const MAX_TERMS: usize = 4;

impl Linear {
    /// `n` times `sign` added to the sum; `None` when `n` holds a choice
    /// (or reads a site), or more than [`MAX_TERMS`] counters.
    fn add(&mut self, n: &Num, sign: i64) -> Option<()> {
        match n {
            Num::Int(i) => self.constant = self.constant.saturating_add(i.saturating_mul(sign)),
            Num::Pieces => self.pieces += sign,
            Num::Counter(c) => match self.counters[..self.n].iter_mut().find(|(k, _)| k == c) {
                Some((_, w)) => *w += sign,
                None if self.n < MAX_TERMS => {
                    self.counters[self.n] = (*c, sign);
                    self.n += 1;
                }
                None => return None,
            },
            Num::Add(ns) => ns.iter().try_for_each(|n| self.add(n, sign))?,
            Num::Sub(a, b) => {
                self.add(a, sign)?;
                self.add(b, -sign)?;
            }
            _ => return None,
        }
        Some(())
    }

    /// The sum for `player` in the position of `st`, exact in 128 bits:
    /// counters are 32-bit, pieces at most the board's sites and each
    /// constant within ±10^9, so no sum of a rule's terms reaches the
    /// bounds of the reference's saturating 64-bit arithmetic, and the
    /// two agree.
    #[inline(always)]
    fn value(&self, st: &State, player: Player) -> i128 {
        let mut v = i128::from(self.constant);
        if self.pieces != 0 {
            v += i128::from(self.pieces) * st.pieces_of(player) as i128;
        }
        let players = st.game.num_players();
        for &(c, w) in self.counters.iter().take(self.n) {
            let at = c as usize * players + player as usize;
            let x = st.extras.counters.get(at).copied().unwrap_or(0);
            v += i128::from(w) * i128::from(x);
        }
        v
    }

    /// True if the sum compares to 0 as `cmp` says.
    #[inline(always)]
    fn holds(&self, cmp: Cmp, st: &State, player: Player) -> bool {
        let v = self.value(st, player);
        match cmp {
            Cmp::Eq => v == 0,
            Cmp::Ne => v != 0,
            Cmp::Lt => v < 0,
            Cmp::Le => v <= 0,
            Cmp::Gt => v > 0,
            Cmp::Ge => v >= 0,
        }
    }
}

/// One of the player's counters, or their pieces, compared with a
/// constant: `term cmp bound` (`(equal (counter "Hand") 0)`,
/// `(more-than (pieces) 3)`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Simple {
    term: Term,
    cmp: Cmp,
    bound: i64,
}

/// What a [`Simple`] comparison reads.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Term {
    /// The player's value of the counter.
    Counter(CounterId),
    /// The player's pieces on the board.
    Pieces,
}

impl Linear {
    /// The sum compared with 0 by `cmp` as a [`Simple`] comparison, when
    /// it is one counter or the pieces, of weight 1 or −1, and a
    /// constant: `x + c cmp 0` is `x cmp −c`, and `−x + c cmp 0` is
    /// `x cmp' c` with `cmp'` the comparison mirrored.
    fn simple(&self, cmp: Cmp) -> Option<Simple> {
        let (term, weight) = match (self.pieces, self.n) {
            (0, 1) => (Term::Counter(self.counters[0].0), self.counters[0].1),
            (w, 0) if w != 0 => (Term::Pieces, w),
            _ => return None,
        };
        let (cmp, bound) = match weight {
            1 => (cmp, self.constant.checked_neg()?),
            -1 => (mirrored(cmp), self.constant),
            _ => return None,
        };
        Some(Simple { term, cmp, bound })
    }
}

/// `cmp` with its sides swapped: `a cmp b` is `b mirrored(cmp) a`.
fn mirrored(cmp: Cmp) -> Cmp {
    match cmp {
        Cmp::Lt => Cmp::Gt,
        Cmp::Gt => Cmp::Lt,
        Cmp::Le => Cmp::Ge,
        Cmp::Ge => Cmp::Le,
        c => c,
    }
}

impl Simple {
    /// True if the comparison holds for `player` in the position of `st`.
    #[inline(always)]
    fn holds(&self, st: &State, player: Player) -> bool {
        let x = match self.term {
            Term::Counter(c) => i64::from(st.counter(c, player)),
            // Counted no further than the bound needs: any count above
            // the bound compares as `bound + 1` does.
            Term::Pieces => {
                let limit = usize::try_from(self.bound.saturating_add(1)).unwrap_or(0);
                st.pieces_up_to(player, limit) as i64
            }
        };
        self.cmp.test64(x, self.bound)
    }
}

/// `c` as a weighted sum compared with 0, when it is a comparison of two
/// numbers without a choice in them.
fn linear(c: &Cond) -> Option<(Linear, Cmp)> {
    let Cond::Compare(a, cmp, b) = c else {
        return None;
    };
    let mut sum = Linear::default();
    sum.add(a, 1)?;
    sum.add(b, -1)?;
    Some((sum, *cmp))
}

/// A number that reads no site: a constant, a counter or the pieces of the
/// player whose condition it is, and sums, differences and choices of
/// them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ScalarNum {
    /// A constant.
    Int(i64),
    /// The player's value of a counter.
    Counter(CounterId),
    /// The number of the player's pieces on the board.
    Pieces,
    /// A sum (saturating).
    Add(Vec<ScalarNum>),
    /// A difference (saturating).
    Sub(Box<ScalarNum>, Box<ScalarNum>),
    /// The first number if the condition holds, else the second.
    If(Box<Scalar>, Box<ScalarNum>, Box<ScalarNum>),
}

impl Scalar {
    /// `c` compiled, or `None` when it reads a site (or anything this
    /// compiler does not take: sets, heights, rolls, distances).
    pub(crate) fn compile(c: &Cond) -> Option<Scalar> {
        Some(match c {
            Cond::True => Scalar::Const(true),
            Cond::False => Scalar::Const(false),
            Cond::On(id) => Scalar::Flag(*id),
            Cond::Compare(a, cmp, b) => match linear(c) {
                Some((sum, cmp)) => sum
                    .simple(cmp)
                    .map_or(Scalar::Linear(sum, cmp), Scalar::Simple),
                None => Scalar::Compare(ScalarNum::compile(a)?, *cmp, ScalarNum::compile(b)?),
            },
            Cond::And(cs) => match cs.iter().map(linear).collect::<Option<Vec<_>>>() {
                Some(sums) => match sums.iter().map(|(s, c)| s.simple(*c)).collect() {
                    Some(simple) => Scalar::AllSimple(simple),
                    None => Scalar::AllLinear(sums),
                },
                None => Scalar::And(cs.iter().map(Scalar::compile).collect::<Option<_>>()?),
            },
            Cond::Or(cs) => Scalar::Or(cs.iter().map(Scalar::compile).collect::<Option<_>>()?),
            Cond::Not(c) => Scalar::Not(Box::new(Scalar::compile(c)?)),
            _ => return None,
        })
    }

    /// True if the condition holds for `player` in the position of `st`.
    pub(crate) fn holds(&self, st: &State, player: Player) -> bool {
        match self {
            Scalar::Const(b) => *b,
            Scalar::Flag(id) => st.flag(*id),
            Scalar::Simple(c) => c.holds(st, player),
            Scalar::AllSimple(cs) => cs.iter().all(|c| c.holds(st, player)),
            Scalar::Linear(sum, cmp) => sum.holds(*cmp, st, player),
            Scalar::AllLinear(sums) => sums.iter().all(|(sum, cmp)| sum.holds(*cmp, st, player)),
            Scalar::Compare(a, cmp, b) => cmp.test64(a.value(st, player), b.value(st, player)),
            Scalar::And(cs) => cs.iter().all(|c| c.holds(st, player)),
            Scalar::Or(cs) => cs.iter().any(|c| c.holds(st, player)),
            Scalar::Not(c) => !c.holds(st, player),
        }
    }
}

impl ScalarNum {
    /// `n` compiled, or `None` when it reads a site.
    pub(crate) fn compile(n: &Num) -> Option<ScalarNum> {
        Some(match n {
            Num::Int(i) => ScalarNum::Int(*i),
            Num::Counter(c) => ScalarNum::Counter(*c),
            Num::Pieces => ScalarNum::Pieces,
            Num::Add(ns) => {
                ScalarNum::Add(ns.iter().map(ScalarNum::compile).collect::<Option<_>>()?)
            }
            Num::Sub(a, b) => ScalarNum::Sub(
                Box::new(ScalarNum::compile(a)?),
                Box::new(ScalarNum::compile(b)?),
            ),
            Num::If(c, a, b) => ScalarNum::If(
                Box::new(Scalar::compile(c)?),
                Box::new(ScalarNum::compile(a)?),
                Box::new(ScalarNum::compile(b)?),
            ),
            _ => return None,
        })
    }

    /// The number's value for `player` in the position of `st`.
    pub(crate) fn value(&self, st: &State, player: Player) -> i64 {
        match self {
            ScalarNum::Int(i) => *i,
            ScalarNum::Counter(c) => st.counter(*c, player) as i64,
            ScalarNum::Pieces => st.pieces_of(player) as i64,
            ScalarNum::Add(ns) => ns
                .iter()
                .fold(0i64, |acc, n| acc.saturating_add(n.value(st, player))),
            ScalarNum::Sub(a, b) => a.value(st, player).saturating_sub(b.value(st, player)),
            ScalarNum::If(c, a, b) => match c.holds(st, player) {
                true => a.value(st, player),
                false => b.value(st, player),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NO_SITE;
    use crate::compile::{Game, Options};
    use crate::engine::cond::Ctx;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// Rules with two counters, a toggle and pieces that come and go, and
    /// conditions over them in every form the compiler takes.
    const RULES: &str = r#"(game "t" (players 2) (board (square 4 4)) (piece "P")
        (counter "A" init:5) (counter "B" init:0)
        (stack-limit 1)
        (play {(place "P" to:Empty then:{(add-counter "A" -1) (add-counter "B" 1)})
               (select to:Enemy then:(remove To))
               (place "P" to:(and false COND))})
        (end (no-moves Loss)))"#;

    /// The conditions under test, as rule text put in for `COND` (a
    /// generator that never moves holds it, so that the game is as with
    /// none).
    const CONDS: &[&str] = &[
        "(equal (counter \"A\") 0)",
        "(and (less-than (counter \"A\") 2) (more-than (pieces) 2))",
        "(or (less-than (pieces) 2) (not (equal (counter \"B\") 2)))",
        "(more-than (sum (counter \"A\") (pieces) 999999999) (sum 1000000000 3))",
        "(more-than (sub (counter \"B\") (pieces)) 0)",
        "(equal (if (more-than (pieces) 1) (counter \"A\") 5) (sub 5 (counter \"B\")))",
        "(and (more-than (pieces) 1) (equal (if (equal (pieces) 2) 1 0) 0))",
        "(and (at-least 3 (counter \"B\")) (less-than 2 (pieces)))",
        "(or (more-than 3 (counter \"A\")) (at-most (pieces) 1))",
    ];

    fn game_with(cond: &str) -> Arc<Game> {
        let text = RULES.replace("COND", cond);
        Arc::new(Game::from_source("t", &text, &Options::default()).expect(cond))
    }

    /// The condition of `game_with`'s game.
    fn cond_of(game: &Game) -> &Cond {
        match &game.gens[2].to {
            Cond::And(v) if v[0] == Cond::False => &v[1],
            c => panic!("not the test's condition: {c:?}"),
        }
    }

    #[test]
    fn compiled_conditions_agree_with_the_reference_on_seeded_games() {
        for &text in CONDS {
            let game = game_with(text);
            let cond = cond_of(&game);
            let scalar = Scalar::compile(cond).expect(text);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            let mut held = [0usize; 2];
            for _ in 0..20 {
                let mut st = State::new(game.clone());
                for _ply in 0..60 {
                    for p in 0..2 {
                        let want = st.eval(cond, &Ctx::at(p, NO_SITE));
                        assert_eq!(scalar.holds(&st, p), want, "{text} for player {p}");
                        held[want as usize] += 1;
                    }
                    let moves = st.legal_moves();
                    if st.outcome().is_some() || moves.is_empty() {
                        break;
                    }
                    st.play_unchecked(&moves[rng.random_range(0..moves.len())]);
                }
            }
            // The games reach positions where it holds and where it does
            // not, so the comparison is not of a constant.
            assert!(held[0] > 0 && held[1] > 0, "{text}: {held:?}");
        }
    }

    #[test]
    fn a_counter_or_the_pieces_against_a_constant_is_a_simple_comparison() {
        let simple = |text: &str| Scalar::compile(cond_of(&game_with(text))).unwrap();
        assert!(matches!(simple(CONDS[0]), Scalar::Simple(_)));
        assert!(matches!(simple(CONDS[1]), Scalar::AllSimple(ref v) if v.len() == 2));
        assert!(matches!(simple(CONDS[7]), Scalar::AllSimple(_)));
        assert!(matches!(simple(CONDS[4]), Scalar::Linear(..)));
    }

    #[test]
    fn conditions_that_read_a_site_are_not_compiled() {
        let game = game_with("(equal (counter \"A\") 0)");
        let place = Cond::Empty(crate::compile::ir::SiteRef::To);
        assert_eq!(Scalar::compile(&place), None);
        let half = Cond::And(vec![cond_of(&game).clone(), place]);
        assert_eq!(Scalar::compile(&half), None);
    }
}

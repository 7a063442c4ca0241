//! Numbers: counts of sets, sums and differences, stack heights,
//! counters, pieces and dice. Which heads exist and their arguments come
//! from the vocabulary table (context `number`); evaluation is in
//! `engine/sets.rs` (`State::num`).

use super::args::{Diags, int_in, named};
use super::ir::{Cond, Num};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
use crate::syntax::{Clause, Expr};

/// The largest size of a number written in a rule (`(add-counter "c"
/// 5)`, `(at-least (height) 3)`): 10^9. Counters, heights and counts are
/// 32-bit in play, so a larger literal could only be clamped or wrap;
/// it is a check error instead.
pub const NUM_LIMIT: i64 = 1_000_000_000;

impl Lowerer {
    /// A number: an integer or a number clause.
    ///
    /// In tenths (a score with a decimal number, [`Lowerer::in_tenths`]):
    /// a decimal number is its tenths, an integer and every number clause
    /// but the sums, differences, choices and per-player lists (which
    /// pass the scale on to their parts) ten times its value. The
    /// language has no product, so comparisons of two numbers so scaled
    /// keep their truth.
    pub fn num(&mut self, e: &Expr, d: &mut Diags) -> Num {
        let scale = if self.in_tenths { 10 } else { 1 };
        let c = match e {
            Expr::Clause(c) => c,
            Expr::Decimal(t, span) => return self.decimal_num(*t, *span, d),
            _ => return Num::Int(int_in(e, -NUM_LIMIT, NUM_LIMIT, d).unwrap_or(0) * scale),
        };
        if !self.known(c, "number", d) {
            return Num::Int(0);
        }
        let n = match vocab::lowering("number", &c.head) {
            // Made of numbers: the scale reaches its parts.
            Some(Lower::NumberOfNumbers(lower)) => return lower(self, c, d),
            Some(Lower::Number(lower)) => lower(self, c, d),
            _ => {
                self.unlowered(c, "number", d);
                return Num::Int(0);
            }
        };
        if scale != 1 {
            Num::Times(Box::new(n), scale)
        } else {
            n
        }
    }

    /// A decimal number (`7.5`, held in tenths): its tenths inside a
    /// score, refused out of range there (beyond ±[`NUM_LIMIT`] tenths,
    /// a toggle's value included); refused elsewhere, where numbers are
    /// whole.
    fn decimal_num(&mut self, tenths: i64, span: crate::syntax::Span, d: &mut Diags) -> Num {
        if self.in_tenths && tenths.abs() <= NUM_LIMIT {
            return Num::Int(tenths);
        }
        if self.in_tenths {
            let most = NUM_LIMIT / 10;
            d.push(crate::diag::Diagnostic::error(
                span,
                "decimal number out of range",
                format!("a decimal number in a score lies within ±{most}.0"),
            ));
            return Num::Int(0);
        }
        d.push(
            crate::diag::Diagnostic::error(
                span,
                "a decimal number is allowed only in a score",
                "expected a whole number",
            )
            .with_help(
                "decimal numbers (a komi of 7.5) are written in `(score …)` and its tie-breaks",
            ),
        );
        Num::Int(0)
    }

    /// A number that counts something (pieces, a cost): a literal below
    /// `min` is refused, as `keep:-1` or `max:0`; a computed one is read
    /// when the move is generated.
    pub fn count_num(&mut self, e: &Expr, min: i64, d: &mut Diags) -> Num {
        if let Expr::Int(i, span) = e
            && *i < min
        {
            d.push(
                crate::diag::Diagnostic::error(
                    *span,
                    format!("{i} is out of range"),
                    format!("expected a count of at least {min}"),
                )
                .with_help(format!("give a whole number from {min} up")),
            );
        }
        self.num(e, d)
    }

    /// The clause's `i`-th argument as a number (0 when missing, reported
    /// by the shape check).
    fn nth_num(&mut self, c: &Clause, i: usize, d: &mut Diags) -> Num {
        c.args.get(i).map_or(Num::Int(0), |e| self.num(e, d))
    }

    /// `(per-player NUM…)`: one number per player, in turn order; a count
    /// other than the number of players is an error.
    fn per_player_num(&mut self, c: &Clause, d: &mut Diags) -> Num {
        let nums: Vec<Num> = c.args.iter().map(|e| self.num(e, d)).collect();
        if nums.len() != self.players.len() {
            d.error(
                c.span,
                format!(
                    "`per-player` gives {} numbers for {} players",
                    nums.len(),
                    self.players.len()
                ),
                "expected one number per player, in turn order",
            );
            return Num::Int(0);
        }
        Num::PerPlayer(nums)
    }

    /// `(roll N SIDES)`: N dice of 1 to 100, SIDES of 1 to 255.
    fn roll(&mut self, c: &Clause, d: &mut Diags) -> Num {
        let n = c
            .args
            .first()
            .and_then(|e| int_in(e, 1, 100, d))
            .unwrap_or(1);
        let sides = c
            .args
            .get(1)
            .and_then(|e| int_in(e, 1, 255, d))
            .unwrap_or(6);
        self.chance = true;
        self.chance_ids = self.chance_ids.max((n * sides + 1) as u16);
        Num::Roll(n as u8, sides as u8)
    }
}

// The lowering of each number clause, named by its row of the
// vocabulary table (`vocab.rs`).

/// `(count SET)`.
pub(super) fn count(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    Num::Count(Box::new(l.first_set(c, d)))
}

/// `(pieces-in SET)`.
pub(super) fn pieces_in(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    Num::PiecesIn(Box::new(l.first_set(c, d)))
}

/// `(sum NUM…)`.
pub(super) fn sum(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    Num::Add(c.args.iter().map(|e| l.num(e, d)).collect())
}

/// `(sub A B)`.
pub(super) fn sub(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    let (a, b) = (l.nth_num(c, 0, d), l.nth_num(c, 1, d));
    Num::Sub(Box::new(a), Box::new(b))
}

/// `(if COND A B)`.
pub(super) fn if_else(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    let cond = c.args.first().map_or(Cond::False, |e| l.cond(e, d));
    let (a, b) = (l.nth_num(c, 1, d), l.nth_num(c, 2, d));
    Num::If(Box::new(cond), Box::new(a), Box::new(b))
}

/// `(counter "Name")`.
pub(super) fn counter(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    Num::Counter(
        c.args
            .first()
            .and_then(|e| l.counter_ref(e, d))
            .unwrap_or(0),
    )
}

/// `(pieces)`.
pub(super) fn pieces(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> Num {
    Num::Pieces
}

/// `(height [SITE])`.
pub(super) fn height(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    Num::Height(l.site_ref(c.args.first(), d))
}

/// `(roll N SIDES)`.
pub(super) fn roll(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    l.roll(c, d)
}

/// `(turn)`.
pub(super) fn turn(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> Num {
    Num::Turn
}

/// `(dice-left)`.
pub(super) fn dice_left(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> Num {
    Num::DiceLeft
}

/// `(per-player NUM…)`.
pub(super) fn per_player(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    l.per_player_num(c, d)
}

/// `(pieces-on-line [SITE] dirs:DIRS)`.
pub(super) fn pieces_on_line(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    let at = l.site_ref(c.args.first(), d);
    Num::PiecesOnLine(at, l.dirs_value(named(c, "dirs"), d))
}

/// `(line-distance A B)`.
pub(super) fn line_distance(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    let (a, b) = (l.site_ref(c.args.first(), d), l.site_ref(c.args.get(1), d));
    Num::LineDistance(a, b)
}

/// `(distance [SITE] "Region")`.
pub(super) fn distance(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Num {
    let (at, rest) = l.split_site(c, d);
    let region = rest.and_then(|e| l.region_ref(e, d)).unwrap_or(0);
    Num::Distance(at, region)
}

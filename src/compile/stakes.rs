//! `(stakes NUM [max:N] [when:BOOL])`, an end rule: how many points a won
//! game is worth to its winner (docs/language.md, "stakes"), and the
//! largest stake, which bounds the game's returns.

use super::args::{Diags, boolean, int_in, named};
use super::ir::{Num, Stakes};
use super::lower::Lowerer;
use crate::syntax::Clause;

/// The largest stake `max:` may declare.
pub const MAX_STAKE: i64 = 1_000_000;

impl Lowerer {
    /// The `(stakes …)` end rule: refused in a game of other than two
    /// players (their returns are graded by place), and when its largest
    /// value is neither declared (`max:`) nor worked out from its
    /// constants ([`most`]).
    pub fn stakes(&mut self, c: &Clause, d: &mut Diags) {
        let enabled = named(c, "when").and_then(|e| boolean(e, d)).unwrap_or(true);
        let Some(e) = c.args.first() else { return };
        let num = self.num(e, d);
        if self.players.len() != 2 {
            d.error(
                c.span,
                format!("a stake in a game of {} players", self.players.len()),
                "`stakes` needs a game of two players",
            );
            return;
        }
        let max = match named(c, "max") {
            Some(m) => int_in(m, 1, MAX_STAKE, d),
            None => match most(&num) {
                Some(m) if (1..=MAX_STAKE).contains(&m) => Some(m),
                Some(m) => {
                    d.error(
                        e.span(),
                        format!("this stake is at most {m}"),
                        format!("a stake's largest value lies from 1 to {MAX_STAKE}"),
                    );
                    None
                }
                None => {
                    d.error(
                        e.span(),
                        "the largest value of this stake is not known",
                        "declare it: `(stakes NUM max:N)`",
                    );
                    None
                }
            },
        };
        if let Some(max) = max.filter(|_| enabled) {
            self.end.stakes = Some(Stakes { num, max });
        }
    }
}

/// The largest value `n` can take, worked out from its constants: an
/// integer, the larger branch of an `if`, the largest of a `per-player`
/// list, a sum of such numbers, a positive multiple. `None` for a number
/// read from the position (a count, a counter, a height…). Also the
/// bound of a step's cost in the engine's tables (`GenTables::cost_bound`).
pub fn most(n: &Num) -> Option<i64> {
    match n {
        Num::Int(i) => Some(*i),
        Num::If(_, a, b) => Some(most(a)?.max(most(b)?)),
        Num::PerPlayer(v) => v
            .iter()
            .map(most)
            .try_fold(i64::MIN, |m, x| Some(m.max(x?))),
        Num::Add(v) => v.iter().map(most).try_fold(0i64, |s, x| s.checked_add(x?)),
        Num::Times(a, k) if *k > 0 => most(a)?.checked_mul(*k),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::ir::{Cond, SiteRef};

    #[test]
    fn the_largest_stake_is_the_largest_constant_it_can_reach() {
        let three = Num::If(
            Box::new(Cond::True),
            Box::new(Num::Int(3)),
            Box::new(Num::Int(2)),
        );
        let stake = Num::If(Box::new(Cond::True), Box::new(three), Box::new(Num::Int(1)));
        assert_eq!(most(&stake), Some(3));
        assert_eq!(most(&Num::Add(vec![Num::Int(2), Num::Int(5)])), Some(7));
        assert_eq!(
            most(&Num::PerPlayer(vec![Num::Int(4), Num::Int(1)])),
            Some(4)
        );
        assert_eq!(most(&Num::Times(Box::new(Num::Int(2)), 10)), Some(20));
        // Read from the position: not known.
        assert_eq!(most(&Num::Height(SiteRef::To)), None);
        assert_eq!(most(&Num::Add(vec![Num::Int(1), Num::Pieces])), None);
    }
}

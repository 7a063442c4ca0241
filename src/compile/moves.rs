//! Lowering of each move clause's own arguments: the kinds of move
//! (`step`, `hop`, `slide`, `leap`, `relocate`, `place`, `select`, `sow`,
//! `rotate`, `pass`, `end-phase`, `flip`) and the [`GenKind`] each
//! becomes; which arguments each takes is its row of the vocabulary table. The arguments every kind shares
//! (`from:`, `to:`, `then:`, `finally:`, `check:`, `after:`) are lowered
//! by `Lowerer::generator`.

use super::args::{Diags, boolean, choice, named};
use super::ir::{
    Chain, Cond, Cost, GenKind, Hop, Leap, Limits, Origin, Pieces, Shift, SiteRef, Slide, Step,
};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// The kind of the move clause `c` (checked against its row of the
    /// vocabulary by the caller), with the arguments only that kind takes.
    pub fn gen_kind(&mut self, c: &Clause, d: &mut Diags) -> GenKind {
        match vocab::lowering("move", &c.head) {
            Some(Lower::Move(lower)) => lower(self, c, d),
            // Any head `move_args` refused (reported there).
            _ => GenKind::Pass,
        }
    }

    /// `origin:`, `pieces:` and `capture:` of a move of a stack, and
    /// whether the captures wait for the end of the turn (`capture:End`,
    /// hops only). A hop captures unless told not to; the other moves
    /// capture (remove the destination's stack first) if told to.
    fn shift(&mut self, c: &Clause, hop: bool, d: &mut Diags) -> (Shift, bool) {
        let origin = match named(c, "origin").map(|e| choice(e, &["Mine", "Empty", "Marked"], d)) {
            Some(Some("Empty")) => Origin::Empty,
            Some(Some("Marked")) => Origin::Marked,
            _ => Origin::Mine,
        };
        let words = ["Whole", "One", "Part", "Any"];
        let pieces = match named(c, "pieces").map(|e| choice(e, &words, d)) {
            Some(Some("One")) => Pieces::One,
            Some(Some("Part")) => Pieces::Part,
            Some(Some("Any")) => Pieces::Any,
            _ => Pieces::Whole,
        };
        let (capture, at_end) = match named(c, "capture") {
            None => (hop, false),
            Some(e) => flag_or(e, "End", hop, d),
        };
        if at_end && !hop {
            d.error(
                c.head_span,
                "`capture:End` on a move that jumps nothing",
                "only a `hop` takes the stacks it jumps at the end of the turn",
            );
        }
        let shift = Shift {
            origin,
            pieces,
            capture,
            promote_to: None,
        };
        (shift, at_end)
    }

    /// `(swap [transpose:BOOL])`: a transposition needs a board whose
    /// every site has its transposed site (a square or rhombus as wide
    /// as it is tall, every cell kept).
    fn swap_kind(&mut self, c: &Clause, d: &mut Diags) -> GenKind {
        let transpose = flag(c, "transpose", d);
        if transpose && let Some(board) = &self.board {
            let sites = board.sites();
            let closed = sites
                .iter()
                .all(|s| sites.iter().any(|t| t.col == s.row && t.row == s.col));
            if !closed {
                d.error(
                    c.head_span,
                    "`transpose:true` on a board that its transposition does not map onto itself",
                    "expected a square or rhombus board as wide as it is tall",
                );
            }
        }
        GenKind::Swap { transpose }
    }

    /// `dirs:` of a step, hop or slide (every direction by default).
    fn move_dirs(&mut self, c: &Clause, d: &mut Diags) -> u16 {
        match named(c, "dirs") {
            Some(e) => self.dirset(e, d),
            None => self.dirset_all(),
        }
    }

    /// `keep:` and `max:` of a step or slide.
    fn limits(&mut self, c: &Clause, d: &mut Diags) -> Limits {
        Limits {
            keep: named(c, "keep").map(|e| self.count_num(e, 0, d)),
            max: named(c, "max").map(|e| self.count_num(e, 1, d)),
        }
    }

    /// `cost:` and `budget:` of a step or slide, which go together.
    fn cost(&mut self, c: &Clause, d: &mut Diags) -> Option<Cost> {
        match (named(c, "cost"), named(c, "budget")) {
            (Some(n), Some(b)) => {
                let amount = self.count_num(n, 0, d);
                self.counter_ref(b, d).map(|budget| Cost { amount, budget })
            }
            (None, None) => None,
            (Some(x), None) | (None, Some(x)) => {
                d.push(
                    crate::diag::Diagnostic::error(
                        x.span(),
                        "`cost:` and `budget:` go together",
                        "add the other one",
                    )
                    .with_help(
                        "`cost:` says what a step costs, `budget:` which counter pays: give both",
                    ),
                );
                None
            }
        }
    }
}

/// `chain:` of a hop or slide.
fn chain(c: &Clause, d: &mut Diags) -> Chain {
    match named(c, "chain").map(|e| flag_or(e, "Level", false, d)) {
        Some((true, true)) => Chain::Level,
        Some((true, false)) => Chain::Same,
        _ => Chain::Off,
    }
}

/// `land:` of a hop: true for `Onward`, which only a flying hop may take
/// (a plain hop has one landing a direction).
fn onward(c: &Clause, d: &mut Diags) -> bool {
    let Some(e) = named(c, "land") else {
        return false;
    };
    let onward = choice(e, &["Any", "Onward"], d) == Some("Onward");
    if onward && !flag(c, "flying", &mut Diags::default()) {
        d.error(
            e.span(),
            "`land:Onward` chooses among the landings of a flying hop",
            "expected `flying:true` with it, or no `land:`",
        );
    }
    onward
}

/// A boolean named argument, false when absent.
fn flag(c: &Clause, name: &str, d: &mut Diags) -> bool {
    named(c, name).and_then(|e| boolean(e, d)).unwrap_or(false)
}

/// `by:` of a leap, which it needs.
fn leap_offsets(c: &Clause, d: &mut Diags) -> Vec<(i32, i32)> {
    match named(c, "by") {
        Some(e) => super::leaps::offsets(e, d).unwrap_or_default(),
        None => {
            d.error(
                c.span,
                "`leap` needs its offsets",
                "expected `by:{{X Y}…}` (X to the player's right, Y forward)",
            );
            Vec::new()
        }
    }
}

/// A boolean argument that may also be the word `word`: `(value, word
/// given)`; the word counts as `true`. `default` when the argument is
/// neither (after an error).
fn flag_or(e: &Expr, word: &str, default: bool, d: &mut Diags) -> (bool, bool) {
    match e {
        Expr::Bool(b, _) => (*b, false),
        _ => match choice(e, &["true", "false", word], d) {
            Some(w) if w == word => (true, true),
            _ => (default, false),
        },
    }
}

// The lowering of each kind of move, named by its row of the vocabulary
// table (`vocab.rs`).

/// `(step …)`.
pub(super) fn step(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    GenKind::Step(Step {
        shift: l.shift(c, false, d).0,
        dirs: l.move_dirs(c, d),
        limits: l.limits(c, d),
        cost: l.cost(c, d),
    })
}

/// `(hop …)`: the jumped piece is an enemy's unless `over:` says.
pub(super) fn hop(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    let (shift, capture_at_end) = l.shift(c, true, d);
    GenKind::Hop(Hop {
        shift,
        dirs: l.move_dirs(c, d),
        over: named(c, "over").map_or(Cond::Enemy(SiteRef::Subject), |e| l.cond(e, d)),
        chain: chain(c, d),
        repeat: flag(c, "repeat", d),
        flying: flag(c, "flying", d),
        onward: onward(c, d),
        capture_at_end,
    })
}

/// `(slide …)`: through empty sites unless `through:` says.
pub(super) fn slide(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    GenKind::Slide(Slide {
        shift: l.shift(c, false, d).0,
        dirs: l.move_dirs(c, d),
        through: named(c, "through").map_or(Cond::Empty(SiteRef::Subject), |e| l.cond(e, d)),
        chain: chain(c, d),
        limits: l.limits(c, d),
        cost: l.cost(c, d),
    })
}

/// `(leap …)`.
pub(super) fn leap(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    GenKind::Leap(Leap {
        shift: l.shift(c, false, d).0,
        offsets: leap_offsets(c, d),
    })
}

/// `(relocate …)`.
pub(super) fn relocate(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    GenKind::Relocate(l.shift(c, false, d).0)
}

/// `(place "Kind" [sites:SET] …)`.
pub(super) fn place(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    GenKind::Place {
        kind: c.args.first().and_then(|e| l.kind_ref(e, d)).unwrap_or(0),
        sites: named(c, "sites").map(|e| l.set(e, d)),
    }
}

/// `(select [sites:SET] …)`.
pub(super) fn select(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    GenKind::Select {
        sites: named(c, "sites").map(|e| l.set(e, d)),
    }
}

/// `(sow …)`.
pub(super) fn sow(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    l.sow_kind(c, d)
}

/// `(advance …)`.
pub(super) fn advance(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    l.advance_kind(c, d)
}

/// `(rotate …)`.
pub(super) fn rotate(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    GenKind::Rotate {
        rotations: l.rotations(c, d),
    }
}

/// `(end-phase)`.
pub(super) fn end_phase(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> GenKind {
    GenKind::EndPhase
}

/// `(pass)`.
pub(super) fn pass(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> GenKind {
    GenKind::Pass
}

/// `(swap …)`.
pub(super) fn swap(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    l.swap_kind(c, d)
}

/// `(flip TOGGLE to:COND …)`.
pub(super) fn flip(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> GenKind {
    GenKind::Flip(
        c.args
            .first()
            .and_then(|e| l.bool_toggle(e, d))
            .unwrap_or(0),
    )
}

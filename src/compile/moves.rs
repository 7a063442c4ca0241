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
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// The kind of the move clause `c` (checked against its row of the
    /// vocabulary by the caller), with the arguments only that kind takes.
    pub fn gen_kind(&mut self, c: &Clause, d: &mut Diags) -> GenKind {
        match c.head.as_str() {
            "step" => GenKind::Step(Step {
                shift: self.shift(c, false, d).0,
                dirs: self.move_dirs(c, d),
                limits: self.limits(c, d),
                cost: self.cost(c, d),
            }),
            "hop" => {
                let (shift, capture_at_end) = self.shift(c, true, d);
                GenKind::Hop(Hop {
                    shift,
                    dirs: self.move_dirs(c, d),
                    over: named(c, "over")
                        .map_or(Cond::Enemy(SiteRef::Subject), |e| self.cond(e, d)),
                    chain: chain(c, d),
                    repeat: flag(c, "repeat", d),
                    flying: flag(c, "flying", d),
                    onward: onward(c, d),
                    capture_at_end,
                })
            }
            "slide" => GenKind::Slide(Slide {
                shift: self.shift(c, false, d).0,
                dirs: self.move_dirs(c, d),
                through: named(c, "through")
                    .map_or(Cond::Empty(SiteRef::Subject), |e| self.cond(e, d)),
                chain: chain(c, d),
                limits: self.limits(c, d),
                cost: self.cost(c, d),
            }),
            "leap" => GenKind::Leap(Leap {
                shift: self.shift(c, false, d).0,
                offsets: leap_offsets(c, d),
            }),
            "relocate" => GenKind::Relocate(self.shift(c, false, d).0),
            "place" => GenKind::Place {
                kind: c
                    .args
                    .first()
                    .and_then(|e| self.kind_ref(e, d))
                    .unwrap_or(0),
                sites: named(c, "sites").map(|e| self.set(e, d)),
            },
            "select" => GenKind::Select {
                sites: named(c, "sites").map(|e| self.set(e, d)),
            },
            "sow" => self.sow_kind(c, d),
            "advance" => self.advance_kind(c, d),
            "rotate" => GenKind::Rotate {
                rotations: self.rotations(c, d),
            },
            "end-phase" => GenKind::EndPhase,
            "swap" => self.swap_kind(c, d),
            "flip" => GenKind::Flip(
                c.args
                    .first()
                    .and_then(|e| self.bool_toggle(e, d))
                    .unwrap_or(0),
            ),
            // `pass`, and any head `move_args` refused (reported there).
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

//! Effects: what a step does besides moving its stack (`then:`,
//! `finally:`, a phase's `auto:`): add and remove pieces, mark sites,
//! change counters, kinds and toggles, decide the game, make the same
//! player move again. Which heads exist and their arguments come from
//! the vocabulary table (context `effect`); they run in
//! `engine/apply.rs`.

use super::args::{Diags, boolean, choice, clause, int_in, items, named, string};
use super::ir::{Decision, Effect, MarkSpan, Num, Owner, RegionId, SiteRef, Who};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
use crate::diag::did_you_mean;
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// Effects: one clause or an array of them.
    pub fn effects(&mut self, e: &Expr, d: &mut Diags) -> Vec<Effect> {
        let mut out = Vec::new();
        for x in items(e) {
            if let Some(c) = clause(x, "an effect clause", d) {
                out.extend(self.effect(c, d));
            }
        }
        out
    }

    /// One effect clause, checked against its row of the vocabulary;
    /// `None` after an error.
    fn effect(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        if !self.known(c, "effect", d) {
            return None;
        }
        match vocab::lowering("effect", &c.head) {
            Some(Lower::Effect(lower)) => lower(self, c, d),
            _ => {
                self.unlowered(c, "effect", d);
                None
            }
        }
    }

    /// A mark's `for:` (`Turn` by default).
    fn mark_span(&mut self, c: &Clause, d: &mut Diags) -> MarkSpan {
        match named(c, "for").map(|e| choice(e, &["Turn", "Step"], d)) {
            Some(Some("Step")) => MarkSpan::Step,
            _ => MarkSpan::Turn,
        }
    }

    /// `(push SITE NUM [kind:"Kind"] [owner:Mover|Top])`: a constant
    /// count is checked against the stack limit here; a computed one is
    /// read when the effect runs.
    /// `(throw N SIDES [doubles:K])`: at most [`super::ir::MAX_DICE`]
    /// dice to play (N × K), and `SIDES^N` outcome values that fit a
    /// chance move (at most 65,535).
    fn throw(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        let most = super::ir::MAX_DICE as i64;
        let dice = int_in(c.args.first()?, 1, most, d)?;
        let sides = int_in(c.args.get(1)?, 1, 255, d)?;
        let doubles = match named(c, "doubles") {
            Some(e) => int_in(e, 1, most, d)?,
            None => 1,
        };
        let values = sides.checked_pow(dice as u32).unwrap_or(i64::MAX);
        if dice * doubles > most || values > 65_535 {
            d.error(
                c.span,
                format!("a throw of {dice} dice of {sides} sides, each double counted {doubles} times, is too large"),
                format!("expected at most {most} dice to play (dice × doubles) and SIDES^N at most 65,535"),
            );
            return None;
        }
        self.chance = true;
        // Outcome values run from 0 to SIDES^N - 1.
        self.chance_ids = self.chance_ids.max(values as u16);
        self.max_die = self.max_die.max(sides as u8);
        Some(Effect::Throw {
            dice: dice as u8,
            sides: sides as u8,
            doubles: doubles as u8,
        })
    }

    fn push(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        let at = self.site_ref(c.args.first(), d);
        let count = match c.args.get(1)? {
            e @ Expr::Int(..) => Num::Int(self.stack_count(e, d)?),
            e => self.num(e, d),
        };
        let kind = named(c, "kind").and_then(|e| self.kind_ref(e, d));
        let owner = match named(c, "owner").map(|e| choice(e, &["Mover", "Top"], d)) {
            Some(Some("Mover")) => Owner::Mover,
            _ => Owner::Top,
        };
        Some(match gain_region(&count) {
            Some(region) => Effect::Grow {
                at,
                region,
                kind,
                owner,
            },
            None => Effect::Push {
                at,
                count,
                kind,
                owner,
            },
        })
    }

    /// `(again "Block")`.
    fn again(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        let e = c.args.first()?;
        let name = string(e, d)?;
        if let Some(i) = self.block_names.iter().position(|n| n == name) {
            return Some(Effect::Again(i as u16));
        }
        let mut diag = crate::diag::Diagnostic::error(
            e.span(),
            format!("unknown move block `{name}`"),
            if self.block_names.is_empty() {
                "no `(moves \"Name\" …)` block is declared".to_string()
            } else {
                format!("expected one of: {}", self.block_names.join(", "))
            },
        );
        if let Some(s) = did_you_mean(name, self.block_names.iter().map(String::as_str)) {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        }
        d.push(diag);
        None
    }

    /// `(groups SET [when:COND] [remove:COND] [convert:COND])`.
    fn groups(&mut self, c: &Clause, d: &mut Diags) -> Effect {
        let of = self.first_set(c, d);
        let mut get =
            |n: &str, me: &mut Self| named(c, n).map_or(super::ir::Cond::False, |e| me.cond(e, d));
        let when = get("when", self);
        let remove = get("remove", self);
        let convert = get("convert", self);
        Effect::Groups {
            of,
            when,
            remove,
            convert,
        }
    }

    /// `(set-counter "Name" NUM)` (`set`), `(add-counter "Name" NUM)`.
    fn counter_effect(&mut self, c: &Clause, set: bool, d: &mut Diags) -> Option<Effect> {
        let id = c.args.first().and_then(|e| self.counter_ref(e, d));
        let n = c.args.get(1).map_or(Num::Int(0), |e| self.num(e, d));
        let id = id?;
        Some(if set {
            Effect::SetCounter(id, n)
        } else {
            Effect::AddCounter(id, n)
        })
    }

    /// `(push-each SET N "Kind" [max:NUM])`.
    fn push_each(&mut self, c: &Clause, d: &mut Diags) -> Option<Effect> {
        let set = c.args.first().map(|e| self.set(e, d));
        let count = c.args.get(1).and_then(|e| int_in(e, 1, 255, d));
        let kind = c.args.get(2).and_then(|e| self.kind_ref(e, d));
        let max = named(c, "max").map(|e| self.count_num(e, 1, d));
        Some(Effect::PushEach {
            set: set?,
            count: count? as u16,
            kind: kind?,
            max,
        })
    }

    /// `(win [WHO])`, `(lose [WHO])`, `(draw)`.
    fn result(&mut self, c: &Clause, decision: Decision, d: &mut Diags) -> Option<Effect> {
        let who = match c.args.first() {
            None => Who::Mover,
            Some(e) => self.who(e, d)?,
        };
        Some(Effect::Result(decision, who, c.span.start))
    }
}

/// The region R of a count `(sub (distance To R) (distance From R))`: the
/// step's gain of distance from R, which a push adds as `Effect::Grow`
/// (the same pieces: a count that is not positive adds none).
fn gain_region(n: &Num) -> Option<RegionId> {
    let Num::Sub(a, b) = n else { return None };
    match (a.as_ref(), b.as_ref()) {
        (Num::Distance(SiteRef::To, r), Num::Distance(SiteRef::From, s)) if r == s => Some(*r),
        _ => None,
    }
}

// The lowering of each effect clause, named by its row of the vocabulary
// table (`vocab.rs`); `None` after an error.

/// The clause's `i`-th argument as a site (`Subject` when missing).
fn site(l: &mut Lowerer, c: &Clause, i: usize, d: &mut Diags) -> SiteRef {
    l.site_ref(c.args.get(i), d)
}

/// `(if COND EFFECTS [EFFECTS])`.
pub(super) fn if_then(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    let cond = l.cond(c.args.first()?, d);
    let then = l.effects(c.args.get(1)?, d);
    let els = c.args.get(2).map(|e| l.effects(e, d)).unwrap_or_default();
    Some(Effect::If(cond, then, els))
}

/// `(push SITE NUM …)`.
pub(super) fn push(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.push(c, d)
}

/// `(remove [SITE])`.
pub(super) fn remove(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    Some(Effect::Remove(site(l, c, 0, d)))
}

/// `(end-turn)`.
pub(super) fn end_turn(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> Option<Effect> {
    Some(Effect::EndTurn)
}

/// `(again "Block")`.
pub(super) fn again(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.again(c, d)
}

/// `(remove-all SET)`.
pub(super) fn remove_all(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    Some(Effect::RemoveAll(l.set(c.args.first()?, d)))
}

/// `(convert-all SET)`.
pub(super) fn convert_all(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    Some(Effect::ConvertAll(l.set(c.args.first()?, d)))
}

/// `(groups SET …)`.
pub(super) fn groups(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    Some(l.groups(c, d))
}

/// `(set-counter "Name" NUM)`.
pub(super) fn set_counter(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.counter_effect(c, true, d)
}

/// `(add-counter "Name" NUM)`.
pub(super) fn add_counter(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.counter_effect(c, false, d)
}

/// `(mark [SITE])`.
pub(super) fn mark(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    Some(Effect::Mark(site(l, c, 0, d)))
}

/// `(mark-all SET [for:Turn|Step])`.
pub(super) fn mark_all(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    let span = l.mark_span(c, d);
    Some(Effect::MarkAll(l.set(c.args.first()?, d), span))
}

/// `(clear-marks)`.
pub(super) fn clear_marks(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> Option<Effect> {
    Some(Effect::ClearMarks)
}

/// `(push-each SET N "Kind" [max:NUM])`.
pub(super) fn push_each(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.push_each(c, d)
}

/// `(battle [dice:BOOL])`: with dice, one six-sided die a side.
pub(super) fn battle(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    let dice = named(c, "dice")
        .and_then(|e| boolean(e, d))
        .unwrap_or(false);
    l.chance |= dice;
    if dice {
        l.chance_ids = l.chance_ids.max(7);
    }
    Some(Effect::Battle { dice })
}

/// `(throw N SIDES [doubles:K])`.
pub(super) fn throw(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.throw(c, d)
}

/// `(for-each-player EFFECTS)`.
pub(super) fn for_each_player(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    Some(Effect::ForEachPlayer(l.effects(c.args.first()?, d)))
}

/// `(flip TOGGLE)`.
pub(super) fn flip(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    Some(Effect::Flip(l.bool_toggle(c.args.first()?, d)?))
}

/// `(set-kind SITE "Kind")`.
pub(super) fn set_kind(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    let r = site(l, c, 0, d);
    Some(Effect::SetKind(r, l.kind_ref(c.args.get(1)?, d)?))
}

/// `(move-stack FROM TO)`.
pub(super) fn move_stack(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    Some(Effect::MoveStack(site(l, c, 0, d), site(l, c, 1, d)))
}

/// `(win [WHO])`.
pub(super) fn win(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.result(c, Decision::Win, d)
}

/// `(lose [WHO])`.
pub(super) fn lose(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.result(c, Decision::Loss, d)
}

/// `(draw)`.
pub(super) fn draw(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> Option<Effect> {
    l.result(c, Decision::Draw, d)
}

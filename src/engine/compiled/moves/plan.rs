//! The virtual plan of a generator's step: what it does to the board when
//! its effects only add pieces on the destination, so that its `after:`
//! filter can be evaluated on an [`crate::engine::overlay::Overlay`] of the
//! position without playing the step. Derived once from the compiled
//! generator (see [`crate::engine::Tables`]).

use crate::compile::ir::{Cond, Effect, Gen, GenKind, Kind, Num, Origin, Owner, RegionId, SiteRef};

/// How many pieces a planned push adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// A fixed number.
    Fixed(u16),
    /// The step's gain of distance from a region: steps from the region to
    /// the destination minus steps to the origin, or 0 when not positive.
    Gain(RegionId),
}

/// One addition of pieces on top of the destination, as planned from a
/// generator's effects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlannedPush {
    /// How many.
    pub amount: Amount,
    /// Which kind; `None`: the top piece's kind (or the first kind on an
    /// empty site).
    pub kind: Option<Kind>,
    /// Whose.
    pub owner: Owner,
}

/// What a step of a generator does to the board when its effects only add
/// pieces on the destination (the rest of them marking sites or asking to
/// move again).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AfterPlan {
    /// Pieces added on top of the destination, in order.
    pub pushes: Vec<PlannedPush>,
}

/// The plan of generator `g`, when its `after:` filter can be read on an
/// overlay: `None` when it has no `after:`, when its step captures or is
/// not a step, hop or slide, when it pays a cost (counters change), when
/// its filter asks about attacks (a royal piece's safety: the overlay
/// cannot see them), or when its effects do anything to the board but add
/// pieces on the destination.
pub fn after_plan(g: &Gen) -> Option<AfterPlan> {
    let after = g.after.as_ref()?;
    if g.kind.captures()
        || g.kind.cost().is_some()
        || asks_attacks(after)
        || !matches!(
            g.kind,
            GenKind::Step(_) | GenKind::Hop(_) | GenKind::Slide(_)
        )
    {
        return None;
    }
    plan_of(&g.then)
}

/// The royal kind generator `g`'s filter asks about, when that is all it
/// asks (`after:(not (in-check K))` alone, as `(royal "K")` writes it,
/// and no `check:`) and its step changes the board only at its origin and
/// its destination: a step, a slide or a leap of the mover's stack, a
/// capture by replacement, a promotion to another kind, effects that
/// leave the board alone. Such a step is told safe from the position's
/// pins ([`crate::engine::compiled::cond::attack::Pins`]); `None` for any
/// other generator.
pub fn royal_guard(g: &Gen) -> Option<Kind> {
    let (None, Some(Cond::Not(c))) = (&g.check, &g.after) else {
        return None;
    };
    let Cond::InCheck(k) = **c else {
        return None;
    };
    let shift = match &g.kind {
        GenKind::Step(s) => &s.shift,
        GenKind::Slide(s) => &s.shift,
        GenKind::Leap(l) => &l.shift,
        _ => return None,
    };
    let plain = shift.origin == Origin::Mine && shift.promote_to != Some(k);
    (plain && g.then.iter().all(leaves_board)).then_some(k)
}

/// The plan of a step's effects, if they only add pieces on the
/// destination (or change nothing on the board).
fn plan_of(then: &[Effect]) -> Option<AfterPlan> {
    let mut plan = AfterPlan::default();
    for e in then {
        match e {
            Effect::Push {
                at: SiteRef::To | SiteRef::Subject,
                count: Num::Int(count),
                kind,
                owner,
            } => plan.pushes.push(PlannedPush {
                amount: Amount::Fixed((*count).clamp(0, u16::MAX as i64) as u16),
                kind: *kind,
                owner: *owner,
            }),
            Effect::Grow {
                at: SiteRef::To | SiteRef::Subject,
                region,
                kind,
                owner,
            } => plan.pushes.push(PlannedPush {
                amount: Amount::Gain(*region),
                kind: *kind,
                owner: *owner,
            }),
            other if leaves_board(other) => {}
            _ => return None,
        }
    }
    Some(plan)
}

/// True for effects that change nothing on the board.
fn leaves_board(e: &Effect) -> bool {
    match e {
        Effect::MarkAll(..) | Effect::Mark(_) | Effect::Again(_) | Effect::EndTurn => true,
        Effect::If(_, a, b) => a.iter().chain(b).all(leaves_board),
        _ => false,
    }
}

/// True if the condition reads attacks (`attacked`, `in-check`).
fn asks_attacks(c: &Cond) -> bool {
    match c {
        Cond::Attacked(_) | Cond::InCheck(_) => true,
        Cond::And(cs) | Cond::Or(cs) => cs.iter().any(asks_attacks),
        Cond::Not(c) => asks_attacks(c),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_only_for_pushes_on_the_destination() {
        let grow = Effect::Grow {
            at: SiteRef::To,
            region: 0,
            kind: None,
            owner: Owner::Mover,
        };
        let again = Effect::If(Cond::True, vec![Effect::Again(0)], vec![]);
        let plan = plan_of(&[grow.clone(), again]).unwrap();
        assert_eq!(plan.pushes.len(), 1);
        assert_eq!(plan.pushes[0].amount, Amount::Gain(0));
        assert!(plan_of(&[]).is_some());
        assert!(plan_of(&[Effect::Remove(SiteRef::Over)]).is_none());
        let cond_push = Effect::If(Cond::True, vec![grow], vec![]);
        assert!(plan_of(&[cond_push]).is_none());
    }

    fn gens(play: &str) -> Vec<Gen> {
        let text = format!(
            "(game \"t\" (players 2) (board (square 3 3)) (piece \"K\") (counter \"c\")
              (play {play}))"
        );
        crate::compile::Game::from_source("t", &text, &Default::default())
            .unwrap()
            .gens
    }

    #[test]
    fn no_plan_for_captures_costs_attacks_or_other_moves() {
        let plan = |play: &str| after_plan(&gens(play)[0]).is_some();
        assert!(plan("(slide after:(empty From))"));
        assert!(plan("(hop capture:false after:(empty From))"));
        // No filter, no plan needed.
        assert!(!plan("(slide)"));
        // A hop captures by default; a step or slide that captures by
        // replacement removes a stack.
        assert!(!plan("(hop after:(empty From))"));
        assert!(!plan("(step capture:true after:(empty From))"));
        assert!(!plan("(slide capture:true after:(empty From))"));
        assert!(!plan("(step cost:1 budget:\"c\" after:(empty From))"));
        assert!(!plan("(step after:(not (in-check \"K\")))"));
        assert!(!plan("(leap by:{{1 2}} after:(empty From))"));
        assert!(!plan("(step then:(remove Over) after:(empty From))"));
    }
}

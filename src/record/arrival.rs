//! Stacks that cannot stand where they stand: a position read from FEN
//! is refused when a stack stands on a site where every move of it that
//! arrives there would have changed it, by the rules' own promotion (a
//! `promote:` move's `zone:`: a pawn on its last rank) or by an arrival
//! effect (a `then:` or `finally:` `(if COND (push To …))` or
//! `(set-kind To …)` whose condition holds there: a draughts man on its
//! own crowning row). Games whose own setup puts such a stack somewhere
//! are not checked (the rule cannot hold for them).

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Effect, Gen, SiteRef};
use crate::engine::State;
use crate::engine::cond::Ctx;

impl State {
    /// Why the position cannot arise by the rules' moves: a stack that a
    /// move arriving at its site would have changed (see the module's
    /// documentation); `None` when there is none, or when the game's own
    /// setup has one.
    pub(crate) fn unchanged_arrival(&self) -> Option<String> {
        let (site, gen_id) = self.first_unchanged()?;
        if self.initial_unseeded().first_unchanged().is_some() {
            return None;
        }
        let game = &*self.game;
        let top = self.top(site)?;
        let how = match self.promotion_zone(&game.gens[gen_id]) {
            Some(_) => "its `promote:` move's `zone:`",
            None => "its move's `then:`/`finally:` effects",
        };
        Some(format!(
            "{} {} on {} ({} high) cannot stand there: a move of it that arrives there changes it ({how})",
            crate::diag::possessive(&game.players[game.owner(top) as usize].name),
            game.kinds[game.kind(top) as usize],
            game.board.site(site).label,
            self.height(site),
        ))
    }

    /// The first site (in site order) whose stack a move arriving there
    /// would have changed, with that move's generator.
    fn first_unchanged(&self) -> Option<(Site, usize)> {
        let game = self.game.clone();
        for site in 0..game.board.len() as Site {
            let Some(owner) = self.top_owner(site) else {
                continue;
            };
            let at = Ctx::at(owner, site);
            let arrived = Ctx { to: site, ..at };
            for (i, g) in game.gens.iter().enumerate() {
                if g.kind.shift().is_none() || !self.eval(&g.from, &at) {
                    continue;
                }
                let zone = self.promotion_zone(g).is_some_and(|z| self.eval(z, &at));
                let effects = g.then.iter().chain(&g.finally);
                if zone
                    || effects
                        .into_iter()
                        .any(|e| self.changes_on_arrival(e, &arrived))
                {
                    return Some((site, i));
                }
            }
        }
        None
    }

    /// The `zone:` of a promotion generator: the first condition of its
    /// destination test (`In(Subject, region)`, as the compiler writes it).
    fn promotion_zone<'a>(&self, g: &'a Gen) -> Option<&'a Cond> {
        g.kind.shift()?.promote_to?;
        match &g.to {
            Cond::And(v) => v
                .first()
                .filter(|c| matches!(c, Cond::In(SiteRef::Subject, _))),
            _ => None,
        }
    }

    /// True for an `(if COND …)` effect whose condition holds in `ctx` and
    /// whose branch adds pieces to or changes the kind of the destination.
    fn changes_on_arrival(&self, e: &Effect, ctx: &Ctx) -> bool {
        let Effect::If(cond, yes, _) = e else {
            return false;
        };
        let changes = yes.iter().any(|x| {
            matches!(
                x,
                Effect::Push {
                    at: SiteRef::To,
                    ..
                } | Effect::SetKind(SiteRef::To, _)
            )
        });
        changes && ctx.to != NO_SITE && self.eval(cond, ctx)
    }
}

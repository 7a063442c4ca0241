//! The compiled parts of a generator's `then:`, at every depth: the tests
//! of its `if`s as site conditions on the destination ([`SitePred`]; an
//! `if` nested in another's branch, Pentago's "a five of mine; else, a
//! five of the opponent's", is told from site sets as a top-level one
//! is), and the numbers of `add-counter`/`set-counter` and the sites of
//! `remove-all` where they read the destination's sets (Oware's capture:
//! the seeds of the houses back from the last one sown,
//! docs/games/oware.md). Run by [`State::run_then_compiled`] beside the
//! reference's `then:` (`reference/apply.rs`), which runs them when
//! nothing is compiled.

use crate::compile::ir::{Effect, Game, GenId, SiteRef};
use crate::engine::State;
use crate::engine::apply::{Flow, clamp_i32};
use crate::engine::cond::Ctx;
use crate::engine::sets::{give_buf, take_buf};
use crate::engine::sitepred::SitePred;
use std::sync::Arc;

use super::sitenum::{SiteList, SiteNum};

/// An effect list's compiled parts (see the module's documentation):
/// entry `k` for effect `k`, `None` for an effect with nothing compiled.
#[derive(Debug, Clone, Default)]
pub(crate) struct ThenTree(Vec<Option<ThenNode>>);

/// The compiled part of one effect of a [`ThenTree`].
#[derive(Debug, Clone)]
pub(crate) enum ThenNode {
    /// An `if`: its test and the trees of its branches.
    If(ThenIf),
    /// The number of an `add-counter` or `set-counter` that reads the
    /// destination's sets or stacks, read at the destination.
    Number(SiteNum),
    /// The sites of a `remove-all` or a `push-each`, read at the
    /// destination.
    Sites(SiteList),
    /// A `for-each-player`: the tree of its effects, run once a player.
    EachPlayer(ThenTree),
}

/// One `if` of a [`ThenTree`]: its test compiled (`None`: interpreted)
/// and the trees of its branches.
#[derive(Debug, Clone)]
pub(crate) struct ThenIf {
    /// The test, on the destination, when it compiles.
    pub test: Option<SitePred>,
    /// The branch taken when the test holds.
    pub yes: ThenTree,
    /// The branch taken otherwise.
    pub no: ThenTree,
}

impl ThenTree {
    /// The tree of effect list `list` of `game` (empty when nothing in
    /// it, at any depth, compiles).
    pub fn of(list: &[Effect], game: &Game) -> ThenTree {
        let entries: Vec<Option<ThenNode>> = list.iter().map(|e| ThenNode::of(e, game)).collect();
        match entries.iter().any(Option::is_some) {
            true => ThenTree(entries),
            false => ThenTree::default(),
        }
    }

    /// True when nothing of the list compiles, at any depth.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True when the tree holds more than the tests of the top-level
    /// `if`s (which `GenTables::then_ifs` serves alone): a compiled
    /// part nested in a branch, or a compiled number or set.
    pub fn nests(&self) -> bool {
        self.0.iter().flatten().any(|n| match n {
            ThenNode::If(i) => !i.yes.is_empty() || !i.no.is_empty(),
            ThenNode::Number(_) | ThenNode::Sites(_) | ThenNode::EachPlayer(_) => true,
        })
    }

    /// The compiled part of effect `k`, if it has one.
    #[inline]
    pub fn get(&self, k: usize) -> Option<&ThenNode> {
        self.0.get(k).and_then(Option::as_ref)
    }
}

impl ThenNode {
    /// The compiled part of effect `e`, if anything of it compiles.
    fn of(e: &Effect, game: &Game) -> Option<ThenNode> {
        match e {
            Effect::If(c, a, b) => {
                let node = ThenIf {
                    test: SitePred::compile(c, SiteRef::To, game),
                    yes: ThenTree::of(a, game),
                    no: ThenTree::of(b, game),
                };
                let useful = node.test.is_some() || !node.yes.is_empty() || !node.no.is_empty();
                useful.then_some(ThenNode::If(node))
            }
            // A number that reads no site is as quick in the reference.
            Effect::AddCounter(_, n) | Effect::SetCounter(_, n) => {
                SiteNum::compile(n, SiteRef::To, game)
                    .filter(SiteNum::reads_sets)
                    .map(ThenNode::Number)
            }
            Effect::RemoveAll(set) | Effect::PushEach { set, .. } => {
                SiteList::compile(set, SiteRef::To, game).map(ThenNode::Sites)
            }
            Effect::ForEachPlayer(list) => Some(ThenTree::of(list, game))
                .filter(|t| !t.is_empty())
                .map(ThenNode::EachPlayer),
            _ => None,
        }
    }
}

impl State {
    /// Runs a step's `then:` effects as [`State::run_effects`] does, the
    /// tests of its `if`s, its counters' numbers and its removals' sites
    /// read from their compiled form: at every depth when generator `g`
    /// has a tree ([`ThenTree`]), else the tests of its top-level `if`s
    /// (`GenTables::then_ifs`). `None` when `g` has nothing compiled
    /// (and for the reference, which compiles nothing): the reference
    /// runs them.
    pub(crate) fn run_then_compiled(
        &mut self,
        g: GenId,
        then: &[Effect],
        ctx: &Ctx,
    ) -> Option<Flow> {
        let t = self.tables.gens.get(g as usize)?;
        if !t.then_tree.is_empty() {
            let tables = Arc::clone(&self.tables);
            return Some(self.run_tree(then, &tables.gens[g as usize].then_tree, ctx));
        }
        if t.then_ifs.is_empty() {
            return None;
        }
        let mut flow = Flow::Continue;
        for (k, e) in then.iter().enumerate() {
            let compiled = self
                .tables
                .gens
                .get(g as usize)
                .and_then(|t| t.then_ifs.get(k))
                .and_then(Option::as_ref);
            let done = match (e, compiled) {
                (Effect::If(_, a, b), Some(p)) if self.on_board(ctx.subject) => {
                    let branch = if p.holds(self, ctx.player, ctx.subject) {
                        a
                    } else {
                        b
                    };
                    self.run_effects(branch, ctx)
                }
                _ => self.run_effect(e, ctx),
            };
            flow = done.or(flow);
        }
        Some(flow)
    }

    /// Runs effects `list` in order as [`State::run_effects`] does, the
    /// tests of its `if`s, its counters' numbers and its removals' sites
    /// at every depth read from their compiled form in `tree` when they
    /// have one. Off the board (a phase's `auto:` effects run at no
    /// site) only the whole-board sets are read compiled: the tests and
    /// numbers, read at the destination, are left to the reference.
    pub(crate) fn run_tree(&mut self, list: &[Effect], tree: &ThenTree, ctx: &Ctx) -> Flow {
        let on = self.on_board(ctx.subject);
        let mut flow = Flow::Continue;
        for (k, e) in list.iter().enumerate() {
            let done = match (e, tree.get(k)) {
                (Effect::If(c, a, b), Some(ThenNode::If(node))) => {
                    let yes = match &node.test {
                        Some(p) if on => p.holds(self, ctx.player, ctx.subject),
                        _ => self.eval(c, ctx),
                    };
                    match yes {
                        true => self.run_tree(a, &node.yes, ctx),
                        false => self.run_tree(b, &node.no, ctx),
                    }
                }
                (Effect::ForEachPlayer(list), Some(ThenNode::EachPlayer(tree))) => {
                    for p in 0..self.game.num_players() as u8 {
                        let _ = self.run_tree(list, tree, &Ctx { player: p, ..*ctx });
                    }
                    Flow::Continue
                }
                (Effect::AddCounter(c, _), Some(ThenNode::Number(n))) if on => {
                    let add = n.value(self, ctx.player, ctx.subject);
                    self.add_counter(*c, ctx.player, add)
                }
                (Effect::SetCounter(c, _), Some(ThenNode::Number(n))) if on => {
                    let v = clamp_i32(n.value(self, ctx.player, ctx.subject));
                    self.set_counter(*c, ctx.player, v);
                    Flow::Continue
                }
                (_, Some(ThenNode::Sites(sites))) if on || !sites.reads_site() => {
                    self.run_on_sites(e, sites, ctx)
                }
                _ => self.run_effect(e, ctx),
            };
            flow = done.or(flow);
        }
        flow
    }

    /// Runs `e`, a `remove-all` or a `push-each`, on its sites read
    /// from their compiled form.
    fn run_on_sites(&mut self, e: &Effect, sites: &SiteList, ctx: &Ctx) -> Flow {
        let mut buf = take_buf();
        sites.each(self, ctx.player, ctx.subject, &mut |s| buf.push(s));
        match e {
            Effect::PushEach {
                count, kind, max, ..
            } => self.push_each_at(&buf, *count, *kind, max.as_ref(), ctx),
            _ => self.remove_sites(&buf),
        }
        give_buf(buf);
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn then_of(text: &str) -> (Game, Vec<Effect>) {
        let src = format!(
            r#"(game "t" (players 2) (board (square 6 6)) (piece "P")
                (play (place "P" to:Empty then:{text})))"#
        );
        let game = Game::from_source("t", &src, &Default::default()).unwrap();
        let then = game.gens[0].then.clone();
        (game, then)
    }

    #[test]
    fn nested_ifs_keep_their_compiled_tests_at_every_depth() {
        // Pentago's end of a turn (docs/games/pentago.md): a five of
        // mine wins, or draws when the opponent has one too; else a five
        // of the opponent's wins for them.
        let (game, then) = then_of(
            r#"(if (any (where (line 5 of:Mine)))
                 (if (any (where (line 5 of:Enemy))) (draw) (win))
                 (if (any (where (line 5 of:Enemy))) (win Next)))"#,
        );
        let t = ThenTree::of(&then, &game);
        assert!(t.nests());
        let test = |n: Option<&ThenNode>| match n {
            Some(ThenNode::If(i)) => i.test.is_some(),
            _ => false,
        };
        let Some(ThenNode::If(top)) = t.get(0) else {
            panic!("the top-level if compiles");
        };
        assert!(top.test.is_some());
        assert!(test(top.yes.get(0)));
        assert!(test(top.no.get(0)));
        // No `if`, number or set that compiles: nothing to keep.
        let (game, then) = then_of("(remove To)");
        assert!(ThenTree::of(&then, &game).is_empty());
    }

    #[test]
    fn counters_and_removals_that_read_the_destination_compile() {
        // Oware's capture (docs/games/oware.md): the seeds of a trail
        // back from the last house sown are counted, then removed.
        let src = r#"(game "t" (players 2) (board (square 2 4) labels:Coordinates) (piece "S")
            (stack-limit 24) (counter "Store") (track "Round" "a1" {E N W S})
            (play (sow track:"Round" then:{
              (add-counter "Store" (pieces-in (trail To "Round" backward:true
                 through:(at-least (height) 2))))
              (remove-all (trail To "Round" backward:true through:(at-least (height) 2)))
              (add-counter "Store" 1)
              (set-counter "Store" (count (where Empty)))
              (remove-all (trail From "Round"))})))"#;
        let game = Game::from_source("t", src, &Default::default()).unwrap();
        let t = ThenTree::of(&game.gens[0].then, &game);
        assert!(t.nests());
        assert!(matches!(t.get(0), Some(ThenNode::Number(_))));
        assert!(matches!(t.get(1), Some(ThenNode::Sites(_))));
        // A constant is as quick read by the reference; a trail from
        // another site of the step is not the destination's.
        assert!(t.get(2).is_none());
        assert!(matches!(t.get(3), Some(ThenNode::Number(_))));
        assert!(t.get(4).is_none());
    }
}

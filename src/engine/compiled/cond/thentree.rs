//! The `if`s of a generator's `then:` at every depth, their tests
//! compiled to site conditions on the destination ([`SitePred`]): an `if`
//! nested in another's branch (Pentago's "a five of mine; else, a five of
//! the opponent's") is told from site sets as a top-level one is.

use crate::compile::ir::{Effect, Game, SiteRef};
use crate::engine::sitepred::SitePred;

/// An effect list's `if`s (see the module's documentation): entry `k`
/// for effect `k`, `None` for an effect that is no `if` or whose branches
/// and test compile to nothing.
#[derive(Debug, Clone, Default)]
pub(crate) struct ThenTree(Vec<Option<ThenIf>>);

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
    /// The tree of effect list `list` of `game` (empty when no `if` in it,
    /// at any depth, has a test that compiles).
    pub fn of(list: &[Effect], game: &Game) -> ThenTree {
        let entries: Vec<Option<ThenIf>> = list
            .iter()
            .map(|e| match e {
                Effect::If(c, a, b) => {
                    let node = ThenIf {
                        test: SitePred::compile(c, SiteRef::To, game),
                        yes: ThenTree::of(a, game),
                        no: ThenTree::of(b, game),
                    };
                    let useful = node.test.is_some() || !node.yes.is_empty() || !node.no.is_empty();
                    useful.then_some(node)
                }
                _ => None,
            })
            .collect();
        match entries.iter().any(Option::is_some) {
            true => ThenTree(entries),
            false => ThenTree::default(),
        }
    }

    /// True when no `if` of the list has a compiled test at any depth.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True when some `if` nested in a branch has a compiled test (the
    /// top-level ones are served by `GenTables::then_ifs`).
    pub fn nests(&self) -> bool {
        self.0
            .iter()
            .flatten()
            .any(|n| !n.yes.is_empty() || !n.no.is_empty())
    }

    /// The `if` of effect `k`, if it has a compiled part.
    #[inline]
    pub fn get(&self, k: usize) -> Option<&ThenIf> {
        self.0.get(k).and_then(Option::as_ref)
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
        let top = t.get(0).unwrap();
        assert!(top.test.is_some());
        assert!(top.yes.get(0).unwrap().test.is_some());
        assert!(top.no.get(0).unwrap().test.is_some());
        // No `if`: nothing to keep.
        let (game, then) = then_of("(remove To)");
        assert!(ThenTree::of(&then, &game).is_empty());
    }
}

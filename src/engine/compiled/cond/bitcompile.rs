//! Which conditions, sets and numbers compile to site-set operations
//! ([`crate::engine::bitcond`]), and their compilation from the game's IR.
//!
//! A game's positions fit sets when its board has at most 128 sites
//! (without a site met twice around another, [`BoardBits::new`]), at most
//! [`MAX_PLAYERS`] players, and stacks of one piece: who owns each site is
//! then the whole position for the clauses below.
//!
//! What compiles: `true`, `false`, `Empty`, `Mine`, `Enemy`, `Friend` (of
//! the subject), `in` a region, roles (local roles by their tables, the
//! others by their compiled conditions), those tests at a site of the step
//! (`(role To "Foot")`), `and`/`or`/`not`, `any`, `every`, `connected`,
//! comparisons of counts, sums and differences, and the sets `group`,
//! `neighbours`, `where`, `adjacent-to` (its condition not reading the
//! anchor), `minus`, `Removed` and `Converted` (not in `check:` nor in a
//! role: a check reads them before the step's effects, from the step
//! before). Anything else leaves the clause to the interpreter.

use crate::compile::ir::{Cond, Game, Num, SiteRef, SiteSet};
use crate::engine::bitcond::{Atom, BCond, BNum, BSet, BitSets, BitTables, RoleBits, Test};
use crate::engine::bitpos::MAX_PLAYERS;
use crate::engine::boardbits::{BoardBits, fits};
use crate::engine::memo::LocalRole;

/// How far a role's compilation went: not begun, under way (a role
/// reading itself does not compile), or done.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Todo,
    Busy,
    Done,
}

/// Compiles the clauses of one game.
pub(crate) struct Compiler<'g> {
    game: &'g Game,
    local: &'g [Option<LocalRole>],
    pure: &'g [bool],
    slots: Vec<Slot>,
    roles: Vec<Option<RoleBits>>,
    /// `Removed` and `Converted` may be read (not in a check or a role).
    lists: bool,
}

impl<'g> Compiler<'g> {
    /// A compiler for `game` (with its local roles' tables and which
    /// roles are pure), its roles compiled, or `None` when its positions
    /// do not fit sets.
    pub fn new(game: &'g Game, local: &'g [Option<LocalRole>], pure: &'g [bool]) -> Option<Self> {
        if game.stack_cap != 1 || game.num_players() > MAX_PLAYERS || !fits(game) {
            return None;
        }
        let n = game.roles.len();
        let mut c = Compiler {
            game,
            local,
            pure,
            slots: vec![Slot::Todo; n],
            roles: vec![None; n],
            lists: true,
        };
        for id in 0..n {
            c.role(id);
        }
        Some(c)
    }

    /// The game's board and roles as sets, in the narrowest word that
    /// holds its sites.
    pub fn finish(self) -> Option<BitSets> {
        let (game, roles) = (self.game, self.roles);
        Some(if game.board.len() <= 64 {
            BitSets::Narrow(BitTables {
                board: BoardBits::new(game)?,
                roles,
            })
        } else {
            BitSets::Wide(BitTables {
                board: BoardBits::new(game)?,
                roles,
            })
        })
    }

    /// The roles compiled so far.
    pub fn roles(&self) -> &[Option<RoleBits>] {
        &self.roles
    }

    /// Compiles `c`; with `lists` false, refuses `Removed` and
    /// `Converted`.
    pub fn cond_with(&mut self, c: &Cond, lists: bool) -> Option<BCond> {
        let before = std::mem::replace(&mut self.lists, lists);
        let out = self.cond(c);
        self.lists = before;
        out
    }

    /// Compiles set `s` (lists allowed).
    pub fn set_of(&mut self, s: &SiteSet) -> Option<BSet> {
        self.set(s)
    }

    /// Whether role `id` compiles (compiling it first if need be).
    fn role(&mut self, id: usize) -> bool {
        match self.slots.get(id) {
            Some(Slot::Done) => return self.roles[id].is_some(),
            Some(Slot::Todo) => {}
            _ => return false,
        }
        self.slots[id] = Slot::Busy;
        let done = match self.local.get(id).cloned().flatten() {
            Some(t) => Some(RoleBits::Local(t)),
            None => self.role_cond(id),
        };
        let ok = done.is_some();
        self.roles[id] = done;
        self.slots[id] = Slot::Done;
        ok
    }

    /// Role `id`'s condition compiled, with its dependence on its subject.
    fn role_cond(&mut self, id: usize) -> Option<RoleBits> {
        let game = self.game;
        let cond = self.cond_with(&game.roles.get(id)?.cond, false)?;
        let dep = cond.dep(&self.roles);
        let pure = self.pure.get(id).copied().unwrap_or(false);
        Some(RoleBits::Cond { cond, pure, dep })
    }

    /// Atom `atom` tested at site `r`.
    fn atom(r: SiteRef, atom: Atom) -> Option<BCond> {
        match r {
            SiteRef::Subject => Some(BCond::Atom(atom)),
            _ if r.is_derived() || atom == Atom::Friend => None,
            _ => Some(BCond::At(r, atom)),
        }
    }

    fn test(t: Test) -> BCond {
        BCond::Test(t.dep(), Box::new(t))
    }

    fn cond(&mut self, c: &Cond) -> Option<BCond> {
        Some(match c {
            Cond::True => BCond::Atom(Atom::True),
            Cond::False => BCond::Atom(Atom::False),
            Cond::Empty(r) => Self::atom(*r, Atom::Empty)?,
            Cond::Mine(r) => Self::atom(*r, Atom::Mine)?,
            Cond::Enemy(r) => Self::atom(*r, Atom::Enemy)?,
            Cond::Friend(r) => Self::atom(*r, Atom::Friend)?,
            Cond::In(r, region) => Self::atom(*r, Atom::In(*region))?,
            Cond::Role(r, id) if self.role(*id as usize) => Self::atom(*r, Atom::Role(*id))?,
            Cond::And(cs) => BCond::And(self.conds(cs)?),
            Cond::Or(cs) => BCond::Or(self.conds(cs)?),
            Cond::Not(c) => match self.cond(c)? {
                BCond::Atom(Atom::Empty) => BCond::Atom(Atom::Occupied),
                BCond::Atom(Atom::Occupied) => BCond::Atom(Atom::Empty),
                BCond::Not(c) => *c,
                c => BCond::Not(Box::new(c)),
            },
            Cond::Any(s) => Self::test(Test::Any(self.set(s)?)),
            Cond::Connected(s) => Self::test(Test::Connected(self.set(s)?)),
            Cond::Every(s, c) => Self::test(Test::Every(self.set(s)?, self.cond(c)?)),
            Cond::Compare(a, cmp, b) => Self::test(match (self.num(a)?, self.num(b)?) {
                (
                    BNum::Count(BSet::Group(SiteRef::Subject, a)),
                    BNum::Count(BSet::Group(SiteRef::Subject, b)),
                ) => Test::GroupCounts(a, *cmp, b),
                (a, b) => Test::Compare(a, *cmp, b),
            }),
            _ => return None,
        })
    }

    fn conds(&mut self, cs: &[Cond]) -> Option<Vec<BCond>> {
        cs.iter().map(|c| self.cond(c)).collect()
    }

    fn set(&mut self, s: &SiteSet) -> Option<BSet> {
        let site = |r: &SiteRef| (!r.is_derived()).then_some(*r);
        Some(match s {
            SiteSet::Group(r, c) => BSet::Group(site(r)?, self.cond(c)?),
            SiteSet::Neighbours(r, c) => BSet::Neighbours(site(r)?, self.cond(c)?),
            SiteSet::Where(c) => BSet::Where(self.cond(c)?),
            SiteSet::AdjacentTo(inner, c) => {
                let c = self.cond(c).filter(|c| !c.reads_anchor())?;
                BSet::AdjacentTo(Box::new(self.set(inner)?), c)
            }
            SiteSet::Minus(a, b) => BSet::Minus(Box::new(self.set(a)?), Box::new(self.set(b)?)),
            SiteSet::Removed if self.lists => BSet::Removed,
            SiteSet::Converted if self.lists => BSet::Converted,
            _ => return None,
        })
    }

    fn num(&mut self, n: &Num) -> Option<BNum> {
        Some(match n {
            Num::Int(i) => BNum::Int(*i),
            // A list may name a site twice; its set would not.
            Num::Count(s) if !matches!(**s, SiteSet::Removed | SiteSet::Converted) => {
                BNum::Count(self.set(s)?)
            }
            Num::Add(ns) => BNum::Add(ns.iter().map(|n| self.num(n)).collect::<Option<_>>()?),
            Num::Sub(a, b) => BNum::Sub(Box::new(self.num(a)?), Box::new(self.num(b)?)),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Options;
    use crate::engine::bitcond::Dep;

    fn compiler_of(text: &str) -> (Game, Vec<Option<LocalRole>>, Vec<bool>) {
        let g = Game::from_source("t", text, &Options::default()).unwrap();
        let local = crate::engine::local::local_roles(&g.roles, &g.board);
        let pure = crate::engine::memo::pure_roles(&g.roles);
        (g, local, pure)
    }

    const ROLES: &str = r#"(game "t" (players 2) (board (hex 3)) (piece "S") (stack-limit 1)
        (role "Foot" (and (not Empty) (at-most (count (neighbours Friend)) 1)))
        (role "Alive" (and (not Empty) (at-least (count (group (role "Foot"))) 2)))
        (role "Near" (any (neighbours (role "Foot"))))
        (role "Here" (same To From))
        (play (place "S" to:Empty)))"#;

    #[test]
    fn roles_compile_with_how_they_read_their_subject() {
        let (g, local, pure) = compiler_of(ROLES);
        let c = Compiler::new(&g, &local, &pure).unwrap();
        let kinds: Vec<Option<Dep>> = c
            .roles()
            .iter()
            .map(|r| match r {
                Some(RoleBits::Local(_)) => Some(Dep::Site),
                Some(RoleBits::Cond { dep, .. }) => Some(*dep),
                None => None,
            })
            .collect();
        // A local role by its table; a role of its group's counts, once a
        // group; one of its neighbours, site by site; `same` does not
        // compile.
        assert_eq!(
            kinds,
            [Some(Dep::Site), Some(Dep::Group), Some(Dep::Site), None]
        );
    }

    #[test]
    fn checks_refuse_the_lists_of_the_step_before_and_boards_of_stacks_refuse_all() {
        let (g, local, pure) = compiler_of(ROLES);
        let mut c = Compiler::new(&g, &local, &pure).unwrap();
        let every = Cond::Every(SiteSet::Removed, Box::new(Cond::True));
        assert!(c.cond_with(&every, false).is_none());
        assert!(c.cond_with(&every, true).is_some());
        let count = Num::Count(Box::new(SiteSet::Removed));
        assert!(c.num(&count).is_none(), "a list may name a site twice");
        let stacks = ROLES.replace("(stack-limit 1)", "(stack-limit 3)");
        let (g, local, pure) = compiler_of(&stacks);
        assert!(Compiler::new(&g, &local, &pure).is_none());
    }

    #[test]
    fn not_of_empty_is_occupied_and_friend_at_a_step_site_does_not_compile() {
        let (g, local, pure) = compiler_of(ROLES);
        let mut c = Compiler::new(&g, &local, &pure).unwrap();
        let not_empty = Cond::Not(Box::new(Cond::Empty(SiteRef::Subject)));
        assert!(matches!(
            c.cond(&not_empty),
            Some(BCond::Atom(Atom::Occupied))
        ));
        assert!(c.cond(&Cond::Friend(SiteRef::To)).is_none());
        assert!(matches!(
            c.cond(&Cond::Mine(SiteRef::To)),
            Some(BCond::At(SiteRef::To, Atom::Mine))
        ));
    }
}

//! What one evaluation of a condition remembers.
//!
//! A condition, number or set is evaluated on a position that does not
//! change while it is evaluated, so that a value found once on the way
//! holds for the rest of the evaluation: a [`Scope`] keeps the values of
//! roles found so far (Polypods' feet and body stones,
//! docs/games/polypods.md: "alive" counts the feet and the body stones of a
//! group, and a body stone is a stone that is not a foot, so each foot test
//! would otherwise run three times) and the last group flooded.
//!
//! A scope takes its memory from a per-thread pool the first time it
//! remembers something, and gives it back when dropped: an evaluation that
//! reads no role or group costs nothing, and none allocates once warm.
//!
//! Only *pure* roles are remembered: those whose condition reads the
//! position at its subject and around it (its neighbours, its group, the
//! whole board), but not the step's sites (`To`, `From`, …) nor the player
//! the condition speaks for (`Mine`, `Enemy`, regions). Their value at a
//! site depends on the position alone, whoever asks.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Cond, Num, Role, RoleId, SiteRef, SiteSet};
use crate::engine::State;
use std::cell::RefCell;
use std::mem::ManuallyDrop;

thread_local! {
    /// Memories of finished scopes, for the next ones (boxed, so that a
    /// scope is one word and moving a memory in and out copies nothing).
    #[allow(clippy::vec_box)]
    static POOL: RefCell<Vec<Box<Memo>>> = const { RefCell::new(Vec::new()) };
}

/// The values one evaluation has found so far (see the module's
/// documentation); empty until something is remembered.
#[derive(Default)]
pub(crate) struct Scope {
    /// Never dropped in place: [`Scope`]'s own `drop` hands it back to
    /// the pool, and a scope that remembered nothing then costs one test
    /// (an `Option<Box<_>>` field would add an out-of-line drop call to
    /// every evaluation).
    memo: ManuallyDrop<Option<Box<Memo>>>,
}

/// A scope's memory: role values per site, and the last group flooded.
#[derive(Default)]
pub(crate) struct Memo {
    /// Words of one site bitset.
    words: usize,
    /// Bit `r`: role `r`'s entries are cleared for this scope.
    ready: u64,
    /// Per role, `words` words: the sites whose value is known.
    known: Vec<u64>,
    /// Per role, `words` words: the sites where the role holds.
    value: Vec<u64>,
    /// The last group flooded (sorted) while `group_ok`.
    group: Vec<Site>,
    /// Its sites as a bitset.
    group_bits: Vec<u64>,
    /// Per site, for the members of the groups flooded: the directions of
    /// its friendly neighbours (see [`LocalRole`]).
    masks: Vec<u32>,
    /// Visit marks of a search, a bit per site (see [`Scope::take_marks`]).
    marks: Vec<u64>,
    /// Spare site buffers (see [`Scope::buf`]).
    spare: Vec<Vec<Site>>,
    group_ok: bool,
}

/// The truth table of one local role: a role whose value at a site follows
/// from the site holding a stack or not and from which of its neighbours
/// are friends (hold a stack of the same owner), Polypods' foot and body
/// stone. The compiled tier works the tables out when the game is loaded
/// (`compiled/cond/local.rs`, by evaluating the role's condition for every
/// set of friendly directions of every site); the reference reads a role
/// through its table where the engine has one, and evaluates the role's
/// condition where it has none (always, for `Engine::Reference`).
#[derive(Debug, Clone)]
pub(crate) struct LocalRole {
    /// Words per site: 2^directions bits, at least one word.
    words: usize,
    /// Per site: the value on an empty site.
    empty: Vec<bool>,
    /// Per site, `words` words: bit `mask` is the value on an occupied
    /// site whose friendly neighbours are the directions of `mask`.
    occupied: Vec<u64>,
}

impl LocalRole {
    /// The table of a board of `sites` sites and `dirs` directions, false
    /// everywhere.
    pub(crate) fn new(sites: usize, dirs: usize) -> LocalRole {
        let words = (1usize << dirs).div_ceil(64);
        LocalRole {
            words,
            empty: vec![false; sites],
            occupied: vec![0; sites * words],
        }
    }

    /// The role's value at `s`, given whether it is occupied and the
    /// directions of its friendly neighbours.
    #[inline]
    pub(crate) fn value(&self, s: Site, occupied: bool, mask: u32) -> bool {
        let s = s as usize;
        if !occupied {
            return self.empty.get(s).copied().unwrap_or(false);
        }
        let w = s * self.words + mask as usize / 64;
        self.occupied
            .get(w)
            .is_some_and(|&x| x & (1 << (mask % 64)) != 0)
    }

    /// Sets the value at `s` when it is empty.
    pub(crate) fn set_empty(&mut self, s: Site, v: bool) {
        if let Some(e) = self.empty.get_mut(s as usize) {
            *e = v;
        }
    }

    /// Makes the role hold at `s` when it is occupied and its friendly
    /// neighbours are the directions of `mask`.
    pub(crate) fn set_occupied(&mut self, s: Site, mask: u32) {
        let w = s as usize * self.words + mask as usize / 64;
        if let Some(x) = self.occupied.get_mut(w) {
            *x |= 1 << (mask % 64);
        }
    }

    /// Gives site `to` the values of site `from` (a site alike around it).
    pub(crate) fn copy_site(&mut self, from: Site, to: Site) {
        let (f, t) = (from as usize, to as usize);
        if let Some(&v) = self.empty.get(f) {
            self.set_empty(to, v);
        }
        let w = self.words;
        if (f.max(t) + 1) * w <= self.occupied.len() {
            self.occupied.copy_within(f * w..(f + 1) * w, t * w);
        }
    }
}

impl State {
    /// Whether site `s` (on the board) holds a stack, and the directions
    /// (a bit each) of its neighbours whose top has the same owner: what
    /// a [`LocalRole`]'s table is read with.
    #[inline]
    pub(crate) fn friend_mask(&self, s: Site) -> (bool, u32) {
        let Some(own) = self.top_owner(s) else {
            return (false, 0);
        };
        let board = &self.game.board;
        let dirs = board.directions().len();
        let table = board.step_table();
        let row = table
            .get(s as usize * dirs..(s as usize + 1) * dirs)
            .unwrap_or(&[]);
        let mut mask = 0;
        for (d, &n) in row.iter().enumerate() {
            if n != NO_SITE && self.top_owner(n) == Some(own) {
                mask |= 1 << d;
            }
        }
        (true, mask)
    }
}

/// Most roles a scope remembers (the first ones declared).
const MAX_ROLES: usize = 64;

impl Drop for Scope {
    #[inline]
    fn drop(&mut self) {
        if let Some(m) = self.memo.take() {
            give_back(m);
        }
    }
}

/// Returns a scope's memory to the pool (out of line: most scopes have
/// none).
#[cold]
#[inline(never)]
fn give_back(m: Box<Memo>) {
    POOL.with(|p| p.borrow_mut().push(m));
}

impl Scope {
    /// The memory, taken from the pool and cleared on first use.
    fn memo(&mut self, sites: usize, roles: usize) -> &mut Memo {
        self.memo.get_or_insert_with(|| {
            let mut m = POOL
                .with(|p| p.borrow_mut().pop())
                .unwrap_or_else(|| Box::new(Memo::default()));
            m.reset(sites, roles);
            m
        })
    }

    /// An empty site buffer, from the scope's spares (give it back with
    /// [`Scope::give`]).
    #[inline]
    pub(crate) fn buf(&mut self, st: &State) -> Vec<Site> {
        let m = self.memo(st.heights.len(), st.game.roles.len());
        m.spare.pop().unwrap_or_default()
    }

    /// Gives back a buffer taken with [`Scope::buf`].
    #[inline]
    pub(crate) fn give(&mut self, mut v: Vec<Site>) {
        if let Some(m) = self.memo.as_mut() {
            v.clear();
            m.spare.push(v);
        }
    }

    /// Visit marks for a search over the sites of `st`, all clear, a bit
    /// per site; give them back with [`Scope::put_marks`].
    pub(crate) fn take_marks(&mut self, st: &State) -> Vec<u64> {
        let m = self.memo(st.heights.len(), st.game.roles.len());
        let mut marks = std::mem::take(&mut m.marks);
        marks.clear();
        marks.resize(m.words, 0);
        marks
    }

    /// Gives back marks taken with [`Scope::take_marks`].
    pub(crate) fn put_marks(&mut self, marks: Vec<u64>) {
        if let Some(m) = self.memo.as_mut() {
            m.marks = marks;
        }
    }

    /// The remembered value of pure role `id` at `s`, if known.
    #[inline]
    pub(crate) fn role(&self, id: RoleId, s: Site) -> Option<bool> {
        let m = self.memo.as_ref()?;
        let r = id as usize;
        if m.ready & (1 << r) == 0 {
            return None;
        }
        let (w, b) = (r * m.words + s as usize / 64, 1u64 << (s % 64));
        let known = m.known.get(w).is_some_and(|&k| k & b != 0);
        known.then(|| m.value[w] & b != 0)
    }

    /// Remembers that pure role `id` has value `v` at `s`.
    #[inline]
    pub(crate) fn set_role(&mut self, st: &State, id: RoleId, s: Site, v: bool) {
        let m = self.memo(st.heights.len(), st.game.roles.len());
        let r = id as usize;
        if r >= MAX_ROLES || s as usize >= m.words * 64 {
            return;
        }
        let base = r * m.words;
        if m.ready & (1 << r) == 0 {
            m.known[base..base + m.words].fill(0);
            m.value[base..base + m.words].fill(0);
            m.ready |= 1 << r;
        }
        let (w, b) = (base + s as usize / 64, 1u64 << (s % 64));
        m.known[w] |= b;
        if v {
            m.value[w] |= b;
        } else {
            m.value[w] &= !b;
        }
    }

    /// The group of the stack at `s` (in no particular order), flooded now
    /// or remembered,
    /// taken out of the scope: give it back with [`Scope::put_group`].
    /// Empty when `s` is empty or no site.
    pub(crate) fn take_group(&mut self, st: &State, s: Site) -> Vec<Site> {
        let m = self.memo(st.heights.len(), st.game.roles.len());
        let i = s as usize;
        if m.group_ok && i < m.words * 64 && m.group_bits[i / 64] & (1 << (i % 64)) != 0 {
            m.group_ok = false;
            return std::mem::take(&mut m.group);
        }
        let mut out = std::mem::take(&mut m.group);
        m.group_ok = false;
        out.clear();
        m.group_bits.fill(0);
        let Some(owner) = (i < st.heights.len()).then(|| st.top_owner(s)).flatten() else {
            return out;
        };
        let bits = &mut m.group_bits;
        let masks = &mut m.masks;
        if masks.len() < st.heights.len() {
            masks.resize(st.heights.len(), 0);
        }
        let board = &st.game.board;
        let dirs = board.directions().len();
        let table = board.step_table();
        bits[i / 64] |= 1 << (i % 64);
        out.push(s);
        let mut k = 0;
        while k < out.len() {
            let cur = out[k] as usize;
            k += 1;
            // The friendly directions of each member, found on the way.
            let mut mask = 0;
            for (d, &n) in table[cur * dirs..(cur + 1) * dirs].iter().enumerate() {
                if n == NO_SITE || st.top_owner(n) != Some(owner) {
                    continue;
                }
                mask |= 1 << d;
                let j = n as usize;
                if bits[j / 64] & (1 << (j % 64)) == 0 {
                    bits[j / 64] |= 1 << (j % 64);
                    out.push(n);
                }
            }
            masks[cur] = mask;
        }
        out
    }

    /// The directions of the friendly neighbours of `s`, a member of the
    /// group last taken with [`Scope::take_group`] (members of different
    /// groups are different sites, so a flood in between leaves it).
    #[inline]
    pub(crate) fn group_mask(&self, s: Site) -> u32 {
        self.memo
            .as_ref()
            .and_then(|m| m.masks.get(s as usize))
            .copied()
            .unwrap_or(0)
    }

    /// Gives back a group taken with [`Scope::take_group`], to be
    /// remembered.
    pub(crate) fn put_group(&mut self, group: Vec<Site>) {
        if let Some(m) = self.memo.as_mut() {
            // A group flooded in between left its own sites in the bitset.
            m.group_bits.fill(0);
            for &s in &group {
                if let Some(w) = m.group_bits.get_mut(s as usize / 64) {
                    *w |= 1 << (s % 64);
                }
            }
            m.group_ok = !group.is_empty();
            m.group = group;
        }
    }
}

impl Memo {
    /// Clears the memory for a scope over `sites` sites and `roles` roles.
    fn reset(&mut self, sites: usize, roles: usize) {
        self.words = sites.div_ceil(64).max(1);
        let n = roles.min(MAX_ROLES) * self.words;
        if self.known.len() < n {
            self.known.resize(n, 0);
            self.value.resize(n, 0);
        }
        self.ready = 0;
        self.group_ok = false;
        self.group.clear();
        self.group_bits.clear();
        self.group_bits.resize(self.words, 0);
    }
}

/// Per role: true if it is pure (see the module's documentation), so
/// that its values may be remembered.
pub(crate) fn pure_roles(roles: &[Role]) -> Vec<bool> {
    let mut pure: Vec<Option<bool>> = vec![None; roles.len()];
    for i in 0..roles.len() {
        role_pure(i, roles, &mut pure);
    }
    pure.into_iter()
        .enumerate()
        .map(|(i, p)| i < MAX_ROLES && p == Some(true))
        .collect()
}

/// Whether role `i` is pure, through the roles it reads (no role reads
/// itself: the compiler refuses cycles; one would count as impure).
fn role_pure(i: usize, roles: &[Role], pure: &mut [Option<bool>]) -> bool {
    if let Some(v) = pure[i] {
        return v;
    }
    pure[i] = Some(false);
    let v = cond_pure(&roles[i].cond, &mut |j| {
        j < roles.len() && role_pure(j, roles, pure)
    });
    pure[i] = Some(v);
    v
}

fn cond_pure(c: &Cond, pure: &mut impl FnMut(usize) -> bool) -> bool {
    let here = |r: &SiteRef| *r == SiteRef::Subject;
    match c {
        Cond::True | Cond::False => true,
        Cond::Empty(r)
        | Cond::Height(r, ..)
        | Cond::Kind(r, _)
        | Cond::Friend(r)
        | Cond::Mixed(r) => here(r),
        Cond::Role(r, id) => here(r) && pure(*id as usize),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(|c| cond_pure(c, &mut *pure)),
        Cond::Not(c) => cond_pure(c, pure),
        Cond::Compare(a, _, b) => num_pure(a, pure) && num_pure(b, pure),
        Cond::Any(s) | Cond::Connected(s) => set_pure(s, pure),
        Cond::Every(s, c) => set_pure(s, pure) && cond_pure(c, pure),
        _ => false,
    }
}

fn num_pure(n: &Num, pure: &mut impl FnMut(usize) -> bool) -> bool {
    match n {
        Num::Int(_) => true,
        Num::Count(s) => set_pure(s, pure),
        Num::Add(v) => v.iter().all(|n| num_pure(n, &mut *pure)),
        Num::Sub(a, b) => num_pure(a, pure) && num_pure(b, pure),
        Num::If(c, a, b) => cond_pure(c, pure) && num_pure(a, pure) && num_pure(b, pure),
        Num::Height(r) => *r == SiteRef::Subject,
        _ => false,
    }
}

fn set_pure(s: &SiteSet, pure: &mut impl FnMut(usize) -> bool) -> bool {
    match s {
        SiteSet::Neighbours(r, c) | SiteSet::Group(r, c) => {
            *r == SiteRef::Subject && cond_pure(c, pure)
        }
        SiteSet::Where(c) => cond_pure(c, pure),
        SiteSet::AdjacentTo(inner, c) => set_pure(inner, pure) && cond_pure(c, pure),
        SiteSet::Minus(a, b) => set_pure(a, pure) && set_pure(b, pure),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use std::sync::Arc;

    fn game(roles: &str) -> Arc<Game> {
        let text = format!(
            "(game \"t\" (players 2) (board (square 3 3)) (piece \"P\") {roles} (play (place \"P\" to:Empty)))"
        );
        Arc::new(Game::from_source("t", &text, &Options::default()).unwrap())
    }

    #[test]
    fn roles_of_the_position_alone_are_pure_and_those_of_a_player_or_step_are_not() {
        let g = game(
            r#"(role "Lonely" (and (not Empty) (at-most (count (neighbours Friend)) 0)))
               (role "Big" (at-least (count (group (role "Lonely"))) 2))
               (role "Own" Mine)
               (role "Near" (any (neighbours To Friend)))
               (role "Owned" (and (role "Own") (not Empty)))"#,
        );
        assert_eq!(pure_roles(&g.roles), [true, true, false, false, false]);
    }

    #[test]
    fn a_scope_remembers_roles_and_the_last_group() {
        let g = game(r#"(role "R" (not Empty))"#);
        let mut st = State::new(g.clone());
        let b = &g.board;
        let site = |l: &str| b.site_by_label(l).unwrap();
        for l in ["a1", "a2", "b2"] {
            st.put_stack(site(l), &[0]);
        }
        st.put_stack(site("c3"), &[1]);
        let mut sc = Scope::default();
        assert_eq!(sc.role(0, site("a1")), None);
        sc.set_role(&st, 0, site("a1"), true);
        sc.set_role(&st, 0, site("c1"), false);
        assert_eq!(sc.role(0, site("a1")), Some(true));
        assert_eq!(sc.role(0, site("c1")), Some(false));
        assert_eq!(sc.role(0, site("b1")), None);
        let g1 = sc.take_group(&st, site("a2"));
        let want: Vec<Site> = {
            let mut v = vec![site("a1"), site("a2"), site("b2")];
            v.sort_unstable();
            v
        };
        let sorted = |mut v: Vec<Site>| {
            v.sort_unstable();
            v
        };
        assert_eq!(sorted(g1.clone()), want);
        sc.put_group(g1);
        // Remembered for any member; another group is flooded anew.
        assert_eq!(sorted(sc.take_group(&st, site("b2"))), want);
        let mut sc = Scope::default();
        assert_eq!(sc.take_group(&st, site("c3")), [site("c3")]);
        assert!(sc.take_group(&st, site("c1")).is_empty());
    }
}

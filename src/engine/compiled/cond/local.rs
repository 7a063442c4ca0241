//! Local roles: roles whose value at a site follows from the site's own
//! stack being there or not and from which of its neighbours are friends
//! (hold a stack of the same owner), compiled to one truth table per site.
//!
//! Polypods' foot (docs/games/polypods.md: "at most one friendly
//! neighbour, or exactly two friendly neighbours that are next to each
//! other") and body stone are such roles: instead of walking the
//! condition's tree (count the friendly neighbours, twice, then search
//! them for connectedness) for every stone of every group of every
//! candidate placement, the engine reads the friendly neighbours as a bit
//! per direction and looks the answer up.
//!
//! A role is local when its condition is built from `Empty` and `Friend`
//! of its subject, counts, `any` and `connected` of its subject's
//! neighbours filtered by `Friend` (and `true`, `not`, `and`, `or` of it),
//! numbers compared with constants, and other local roles of its subject.
//! The tables are worked out when the game is loaded, by evaluating that
//! condition for every set of friendly directions of every site.

use crate::board::{Board, NO_SITE, Site};
use crate::compile::ir::{Cond, Num, Role, SiteRef, SiteSet};
use crate::engine::memo::LocalRole;

/// Most directions a site may have for its role to be tabled (a table
/// has 2^directions entries a site).
const MAX_DIRS: usize = 8;
/// Most table entries a role may have in all (sites × 2^directions).
const MAX_ENTRIES: usize = 1 << 22;

/// Per role: its table when it is local (see the module's documentation).
pub(crate) fn local_roles(roles: &[Role], board: &Board) -> Vec<Option<LocalRole>> {
    let dirs = board.directions().len();
    let sites = board.len();
    if dirs > MAX_DIRS || sites << dirs > MAX_ENTRIES {
        return vec![None; roles.len()];
    }
    // Which roles are local: those whose conditions pass, through other
    // local roles (no role depends on itself: the compiler refuses it).
    let mut local: Vec<Option<bool>> = vec![None; roles.len()];
    for i in 0..roles.len() {
        is_local(i, roles, &mut local);
    }
    let mut out: Vec<Option<LocalRole>> = vec![None; roles.len()];
    // Tables in dependency order: a role's table after those it reads.
    let mut done = vec![false; roles.len()];
    for i in 0..roles.len() {
        build(i, roles, board, &local, &mut out, &mut done);
    }
    out
}

fn is_local(i: usize, roles: &[Role], local: &mut [Option<bool>]) -> bool {
    if let Some(v) = local[i] {
        return v;
    }
    local[i] = Some(false); // a cycle is not local
    let v = cond_local(&roles[i].cond, &mut |j| {
        j < roles.len() && is_local(j, roles, local)
    });
    local[i] = Some(v);
    v
}

fn build(
    i: usize,
    roles: &[Role],
    board: &Board,
    local: &[Option<bool>],
    out: &mut Vec<Option<LocalRole>>,
    done: &mut [bool],
) {
    if done[i] {
        return;
    }
    done[i] = true;
    if local[i] != Some(true) {
        return;
    }
    let mut deps = Vec::new();
    roles_read(&roles[i].cond, &mut deps);
    for j in deps {
        build(j as usize, roles, board, local, out, done);
    }
    let dirs = board.directions().len();
    let mut t = LocalRole::new(board.len(), dirs);
    // Sites alike around them (the same directions lead to sites, alike
    // in adjacency) have the same table: each is worked out once.
    let mut seen: std::collections::HashMap<(u32, u128), Site> = std::collections::HashMap::new();
    for s in 0..board.len() as Site {
        let (present, shape) = signature(board, s);
        if let Some(&like) = seen.get(&(present, shape)) {
            t.copy_site(like, s);
            continue;
        }
        seen.insert((present, shape), s);
        let at = |occupied, mask| Here {
            board,
            roles: out,
            site: s,
            occupied,
            mask,
        };
        t.set_empty(s, at(false, 0).cond(&roles[i].cond).unwrap_or(false));
        for mask in 0..1u32 << dirs {
            if mask & !present == 0 && at(true, mask).cond(&roles[i].cond) == Some(true) {
                t.set_occupied(s, mask);
            }
        }
    }
    out[i] = Some(t);
}

/// What a local role's value at `s` can depend on besides the position:
/// the directions that lead to a site, and for each pair of directions
/// whether their sites are the same and whether they are adjacent.
fn signature(board: &Board, s: Site) -> (u32, u128) {
    let dirs = board.directions().len();
    let nb: Vec<Site> = (0..dirs).map(|d| board.step(s, d as u8)).collect();
    let present = (0..dirs)
        .filter(|&d| nb[d] != NO_SITE)
        .fold(0u32, |m, d| m | 1 << d);
    let mut shape = 0u128;
    for (a, &x) in nb.iter().enumerate() {
        for (b, &y) in nb.iter().enumerate() {
            if x == NO_SITE || y == NO_SITE {
                continue;
            }
            let bit = a * dirs + b;
            if x == y {
                shape |= 1 << bit;
            }
            if board.neighbours(x).any(|n| n == y) {
                shape |= 1 << (64 + bit);
            }
        }
    }
    (present, shape)
}

/// The roles a condition reads.
fn roles_read(c: &Cond, out: &mut Vec<u16>) {
    match c {
        Cond::Role(_, id) => out.push(*id),
        Cond::And(v) | Cond::Or(v) => v.iter().for_each(|x| roles_read(x, out)),
        Cond::Not(x) => roles_read(x, out),
        _ => {}
    }
}

/// True if `c` has the shape of a local role's condition (`role_ok` tells
/// whether a role it reads is local).
fn cond_local(c: &Cond, role_ok: &mut impl FnMut(usize) -> bool) -> bool {
    match c {
        Cond::True | Cond::False => true,
        Cond::Empty(SiteRef::Subject) | Cond::Friend(SiteRef::Subject) => true,
        Cond::Role(SiteRef::Subject, id) => role_ok(*id as usize),
        Cond::And(v) | Cond::Or(v) => v.iter().all(|x| cond_local(x, role_ok)),
        Cond::Not(x) => cond_local(x, role_ok),
        Cond::Compare(a, _, b) => num_local(a) && num_local(b),
        Cond::Any(s) | Cond::Connected(s) => friends_set(s).is_some(),
        _ => false,
    }
}

fn num_local(n: &Num) -> bool {
    match n {
        Num::Int(_) => true,
        Num::Count(s) => friends_set(s).is_some(),
        Num::Add(v) => v.iter().all(num_local),
        Num::Sub(a, b) => num_local(a) && num_local(b),
        _ => false,
    }
}

/// The filter of a set of the subject's neighbours whose filter depends
/// only on a neighbour being a friend or not.
fn friends_set(s: &SiteSet) -> Option<&Cond> {
    match s {
        SiteSet::Neighbours(SiteRef::Subject, c) if friend_only(c) => Some(c),
        _ => None,
    }
}

fn friend_only(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::False | Cond::Friend(SiteRef::Subject) => true,
        Cond::And(v) | Cond::Or(v) => v.iter().all(friend_only),
        Cond::Not(x) => friend_only(x),
        _ => false,
    }
}

/// A site in an imagined position: occupied or not, its friendly
/// neighbours the directions of `mask`.
struct Here<'a> {
    board: &'a Board,
    roles: &'a [Option<LocalRole>],
    site: Site,
    occupied: bool,
    mask: u32,
}

impl Here<'_> {
    /// The condition's value there (`None`: not local).
    fn cond(&self, c: &Cond) -> Option<bool> {
        Some(match c {
            Cond::True => true,
            Cond::False => false,
            Cond::Empty(SiteRef::Subject) => !self.occupied,
            // A friend of itself when it holds a stack (its own anchor).
            Cond::Friend(SiteRef::Subject) => self.occupied,
            Cond::Role(SiteRef::Subject, id) => {
                let t = self.roles.get(*id as usize)?.as_ref()?;
                t.value(self.site, self.occupied, self.mask)
            }
            Cond::And(v) => {
                for x in v {
                    if !self.cond(x)? {
                        return Some(false);
                    }
                }
                true
            }
            Cond::Or(v) => {
                for x in v {
                    if self.cond(x)? {
                        return Some(true);
                    }
                }
                false
            }
            Cond::Not(x) => !self.cond(x)?,
            Cond::Compare(a, cmp, b) => cmp.test64(self.num(a)?, self.num(b)?),
            Cond::Any(s) => {
                let f = friends_set(s)?;
                self.members(f).next().is_some()
            }
            Cond::Connected(s) => {
                let f = friends_set(s)?;
                let mut set: Vec<Site> = self.members(f).collect();
                set.sort_unstable();
                set.dedup();
                connected(self.board, &set)
            }
            _ => return None,
        })
    }

    fn num(&self, n: &Num) -> Option<i64> {
        Some(match n {
            Num::Int(i) => *i,
            // As the engine counts them: a site per direction.
            Num::Count(s) => self.members(friends_set(s)?).count() as i64,
            Num::Add(v) => {
                let mut acc = 0i64;
                for x in v {
                    acc = acc.saturating_add(self.num(x)?);
                }
                acc
            }
            Num::Sub(a, b) => self.num(a)?.saturating_sub(self.num(b)?),
            _ => return None,
        })
    }

    /// The neighbours (a site per direction) satisfying the friend filter
    /// `f`.
    fn members<'s>(&'s self, f: &'s Cond) -> impl Iterator<Item = Site> + 's {
        let dirs = self.board.directions().len();
        (0..dirs).filter_map(move |d| {
            let n = self.board.step(self.site, d as u8);
            // A neighbour is a friend only of an occupied site.
            let friend = self.occupied && self.mask & (1 << d) != 0;
            (n != NO_SITE && friend_value(f, friend)).then_some(n)
        })
    }
}

fn friend_value(c: &Cond, friend: bool) -> bool {
    match c {
        Cond::True => true,
        Cond::Friend(_) => friend,
        Cond::And(v) => v.iter().all(|x| friend_value(x, friend)),
        Cond::Or(v) => v.iter().any(|x| friend_value(x, friend)),
        Cond::Not(x) => !friend_value(x, friend),
        _ => false,
    }
}

/// True if `set` (sorted, no duplicates) is connected by board adjacency.
fn connected(board: &Board, set: &[Site]) -> bool {
    let Some(&first) = set.first() else {
        return true;
    };
    let mut reached = vec![first];
    let mut i = 0;
    while i < reached.len() {
        let cur = reached[i];
        i += 1;
        for n in board.neighbours(cur) {
            if set.binary_search(&n).is_ok() && !reached.contains(&n) {
                reached.push(n);
            }
        }
    }
    reached.len() == set.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use crate::engine::cond::Ctx;
    use std::sync::Arc;

    /// Polypods' roles on a hexagon of side 3.
    const RULES: &str = r#"(game "t" (players 2) (board (hex 3)) (piece "S")
        (role "Foot" (and (not Empty)
          (or (at-most (count (neighbours Friend)) 1)
              (and (equal (count (neighbours Friend)) 2) (connected (neighbours Friend))))))
        (role "Body" (and (not Empty) (not (role "Foot"))))
        (role "Alive" (at-least (count (group (role "Foot"))) (count (group (role "Body")))))
        (role "Mine" Mine)
        (play (place "S" to:Empty)))"#;

    #[test]
    fn feet_and_bodies_are_local_and_a_group_count_is_not() {
        let g = Game::from_source("t", RULES, &Options::default()).unwrap();
        let t = local_roles(&g.roles, &g.board);
        let local: Vec<bool> = t.iter().map(Option::is_some).collect();
        assert_eq!(local, [true, true, false, false]);
    }

    #[test]
    fn the_tables_agree_with_the_conditions_on_every_site_of_random_positions() {
        let game = Arc::new(Game::from_source("t", RULES, &Options::default()).unwrap());
        let t = local_roles(&game.roles, &game.board);
        let mut st = State::new(game.clone());
        let n = game.board.len() as Site;
        let mut x: u64 = 7;
        for _ in 0..200 {
            for s in 0..n {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match x >> 62 {
                    0 | 1 => st.put_stack(s, &[]),
                    2 => st.put_stack(s, &[0]),
                    _ => st.put_stack(s, &[1]),
                }
            }
            for s in 0..n {
                let own = st.top_owner(s);
                let mask = (0..game.board.directions().len()).fold(0u32, |m, d| {
                    let nb = game.board.step(s, d as u8);
                    let f = nb != NO_SITE && own.is_some() && st.top_owner(nb) == own;
                    m | u32::from(f) << d
                });
                for (r, table) in t.iter().enumerate().take(2) {
                    let role = &game.roles[r].cond;
                    let want = st.eval(role, &Ctx::at(0, s));
                    let got = table.as_ref().unwrap().value(s, own.is_some(), mask);
                    assert_eq!(got, want, "role {r} at site {s}");
                }
            }
        }
    }
}

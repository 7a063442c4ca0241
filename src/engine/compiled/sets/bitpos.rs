//! Positions as site sets, for the compiled conditions of
//! [`crate::engine::bitcond`]: who owns each site (a game of stacks of one
//! piece), and what an evaluation has found so far (friendly directions,
//! role values, groups), remembered for the rest of it.
//!
//! A [`BitPos`] is a position of its own (the state's, or one a
//! simulation of effects made); a [`Placed`] is a position seen over a
//! `BitPos` with one more piece, without copying it: the role values and
//! groups of the `BitPos` hold in it except around the new piece, since a
//! local role's value follows from the site's friendly neighbours alone
//! (see [`crate::engine::local`]) and a new piece only merges the groups next to
//! it. Many candidate placements of a position thus share what the first
//! ones found.

use crate::board::Site;
use crate::compile::ir::{Player, RoleId};
use crate::engine::State;
use crate::engine::bitcond::{BitTables, RoleBits};
use crate::engine::boardbits::BoardBits;
use crate::engine::memo::LocalRole;
use crate::engine::word::{Word, sites};

/// Most players a position of sets holds.
pub(crate) const MAX_PLAYERS: usize = 4;
/// Roles whose values a [`BitPos`] remembers (the first ones declared).
const MEMO_ROLES: usize = 8;
/// Groups a [`BitPos`] remembers.
const MEMO_GROUPS: usize = 32;

/// The sites where a role's value is known, and where it holds.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RoleMemo<W> {
    /// Sites whose value is known.
    pub known: W,
    /// Sites (among `known`) where the role holds.
    pub value: W,
}

/// What the compiled conditions read of a position (see the module's
/// documentation).
pub(crate) trait View {
    /// The sets it is made of.
    type W: Word;
    /// The sites whose (only) piece is `p`'s.
    fn own(&self, p: Player) -> Self::W;
    /// The occupied sites.
    fn occ(&self) -> Self::W;
    /// The owner of the piece at `s`, if any.
    fn owner(&self, s: Site) -> Option<Player>;
    /// The group of the occupied site `s`.
    fn group(&mut self, b: &BoardBits<Self::W>, s: Site) -> Self::W;
    /// The sites of `x` where local role `id` (table `t`) holds.
    fn local_role(
        &mut self,
        b: &BoardBits<Self::W>,
        t: &LocalRole,
        id: RoleId,
        x: Self::W,
    ) -> Self::W;
    /// The memory of role `id`'s values, if this view keeps one.
    fn memo(&mut self, id: RoleId) -> Option<&mut RoleMemo<Self::W>>;
    /// The sites removed by the effects simulated so far.
    fn removed(&self) -> Self::W;
    /// The sites converted by the effects simulated so far.
    fn converted(&self) -> Self::W;
    /// Notes that the evaluation read who owns the sites of `x` (a view
    /// that keeps a footprint, [`Placed`], remembers them; the others
    /// ignore it). The reads of groups and local roles are noted by the
    /// view itself.
    #[inline(always)]
    fn note(&mut self, _x: Self::W) {}
}

/// A position as sets (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct BitPos<W> {
    own: [W; MAX_PLAYERS],
    occ: W,
    /// Sites removed by the effects simulated so far.
    pub removed: W,
    /// Sites converted by the effects simulated so far.
    pub converted: W,
    /// Sites whose friendly directions are in `fm`.
    fm_known: W,
    fm: [u8; 128],
    roles: [RoleMemo<W>; MEMO_ROLES],
    /// The groups flooded so far, and per site the index + 1 of its
    /// group among them (0: not flooded yet).
    groups: [W; MEMO_GROUPS],
    ngroups: usize,
    gid: [u8; 128],
}

impl<W: Word> BitPos<W> {
    /// The position whose sites of player `p` are `own[p]`.
    pub fn new(own: &[W]) -> BitPos<W> {
        let mut sets = [W::ZERO; MAX_PLAYERS];
        for (d, &s) in sets.iter_mut().zip(own) {
            *d = s;
        }
        BitPos {
            own: sets,
            occ: own.iter().fold(W::ZERO, |m, &s| m | s),
            removed: W::ZERO,
            converted: W::ZERO,
            fm_known: W::ZERO,
            fm: [0; 128],
            roles: [RoleMemo::default(); MEMO_ROLES],
            groups: [W::ZERO; MEMO_GROUPS],
            ngroups: 0,
            gid: [0; 128],
        }
    }

    /// The position of `st` (a board of at most `W::SITES` sites).
    pub fn of_state(st: &State) -> BitPos<W> {
        BitPos::new(&st.owner_sets::<W>())
    }

    /// [`View::local_role`] where some values are not known yet: found
    /// and remembered.
    #[inline(never)]
    fn local_role_found(&mut self, b: &BoardBits<W>, t: &LocalRole, id: RoleId, x: W) -> W {
        let RoleMemo { known, mut value } =
            self.roles.get(id as usize).copied().unwrap_or_default();
        let need = x & !known;
        for s in sites(need) {
            let occupied = self.occ & W::bit(s) != W::ZERO;
            let fm = if occupied { self.friends(b, s) } else { 0 };
            if t.value(s, occupied, u32::from(fm)) {
                value |= W::bit(s);
            }
        }
        if let Some(m) = self.roles.get_mut(id as usize) {
            *m = RoleMemo {
                known: known | need,
                value,
            };
        }
        value & x
    }

    /// The group of `s`, flooded and remembered (empty for an empty
    /// site).
    #[inline(never)]
    fn flood(&mut self, b: &BoardBits<W>, s: Site) -> W {
        let Some(p) = self.owner(s) else {
            return W::ZERO;
        };
        let g = b.flood(s, self.own(p));
        if self.ngroups < MEMO_GROUPS {
            self.groups[self.ngroups] = g;
            self.ngroups += 1;
            for m in sites(g) {
                self.gid[m as usize & 127] = self.ngroups as u8;
            }
        }
        g
    }

    /// The friendly directions of the occupied site `s`.
    #[inline]
    fn friends(&mut self, b: &BoardBits<W>, s: Site) -> u8 {
        if self.fm_known & W::bit(s) != W::ZERO {
            return self.fm[s as usize & 127];
        }
        let own = self.owner(s).map_or(W::ZERO, |p| self.own(p));
        let m = b.friends(s, own);
        self.fm[s as usize & 127] = m;
        self.fm_known |= W::bit(s);
        m
    }
}

impl<W: Word> View for BitPos<W> {
    type W = W;

    #[inline(always)]
    fn own(&self, p: Player) -> W {
        self.own.get(p as usize).copied().unwrap_or(W::ZERO)
    }

    #[inline(always)]
    fn occ(&self) -> W {
        self.occ
    }

    #[inline]
    fn owner(&self, s: Site) -> Option<Player> {
        let b = W::bit(s);
        if self.occ & b == W::ZERO {
            return None;
        }
        self.own
            .iter()
            .position(|&o| o & b != W::ZERO)
            .map(|p| p as Player)
    }

    #[inline]
    fn group(&mut self, b: &BoardBits<W>, s: Site) -> W {
        match self.gid.get(s as usize) {
            Some(&k) if k != 0 => self.groups[k as usize - 1],
            _ => self.flood(b, s),
        }
    }

    #[inline]
    fn local_role(&mut self, b: &BoardBits<W>, t: &LocalRole, id: RoleId, x: W) -> W {
        match self.roles.get(id as usize) {
            Some(m) if x & !m.known == W::ZERO => m.value & x,
            _ => self.local_role_found(b, t, id, x),
        }
    }

    fn memo(&mut self, id: RoleId) -> Option<&mut RoleMemo<W>> {
        self.roles.get_mut(id as usize)
    }

    fn removed(&self) -> W {
        self.removed
    }

    fn converted(&self) -> W {
        self.converted
    }
}

/// Local roles whose values on the changed sites a [`Placed`] remembers.
const PLACED_ROLES: usize = 4;

/// A [`BitPos`] with one more piece, on an empty site (see the module's
/// documentation).
pub(crate) struct Placed<'a, W> {
    base: &'a mut BitPos<W>,
    to: Site,
    player: Player,
    /// The placed site and its friendly neighbours: the sites whose
    /// friendly directions change.
    changed: W,
    /// The placed site, the occupied sites and the player's after the
    /// placement.
    to_bit: W,
    occ: W,
    own: W,
    /// The group of the placed site, once found (empty before).
    merged: W,
    /// Per local role (the first [`PLACED_ROLES`]): its values on
    /// `changed`.
    roles: [W; PLACED_ROLES],
    /// The footprint of the evaluations so far: sites whose owner they
    /// read (`read`), and sites whose owner and whose neighbours' owners
    /// they read (`near`: the sites of local roles and of groups, whose
    /// values and extent follow from their neighbours).
    read: W,
    near: W,
}

impl<'a, W: Word> Placed<'a, W> {
    /// `base` with a piece of `player` on the empty site `to` (`t`: the
    /// game's compiled board and roles). The values of the local roles on
    /// the sites whose friendly directions change are found at once.
    #[inline]
    pub fn new(base: &'a mut BitPos<W>, t: &BitTables<W>, to: Site, player: Player) -> Self {
        let to_bit = W::bit(to);
        let own = base.own(player) | to_bit;
        let changed = to_bit | t.board.nbr(to) & own;
        let mut roles = [W::ZERO; PLACED_ROLES];
        for s in sites(changed) {
            let fm = u32::from(t.board.friends(s, own));
            for (id, r) in t.roles.iter().take(PLACED_ROLES).enumerate() {
                if let Some(RoleBits::Local(table)) = r
                    && table.value(s, true, fm)
                {
                    roles[id] |= W::bit(s);
                }
            }
        }
        Placed {
            to_bit,
            occ: base.occ | to_bit,
            own,
            changed,
            base,
            to,
            player,
            merged: W::ZERO,
            roles,
            read: to_bit,
            near: W::ZERO,
        }
    }

    /// The sites of the position before the placement whose owners the
    /// evaluations on this view have read so far (the placed site among
    /// them): on any position whose owners agree with this one's there,
    /// for the same player and placed site, they give the same answers.
    pub fn footprint(&self, b: &BoardBits<W>) -> W {
        self.read | self.near | b.dilate(self.near)
    }

    /// The group of the placed piece: it and the groups of its friendly
    /// neighbours.
    fn merged(&mut self, b: &BoardBits<W>) -> W {
        if self.merged == W::ZERO {
            let mut g = self.to_bit;
            for t in sites(b.nbr(self.to) & self.base.own(self.player)) {
                if g & W::bit(t) == W::ZERO {
                    g |= self.base.group(b, t);
                }
            }
            self.merged = g;
        }
        self.merged
    }
}

impl<W: Word> View for Placed<'_, W> {
    type W = W;

    #[inline(always)]
    fn own(&self, p: Player) -> W {
        if p == self.player {
            self.own
        } else {
            self.base.own(p)
        }
    }

    #[inline(always)]
    fn occ(&self) -> W {
        self.occ
    }

    #[inline]
    fn owner(&self, s: Site) -> Option<Player> {
        if s == self.to {
            Some(self.player)
        } else {
            self.base.owner(s)
        }
    }

    fn group(&mut self, b: &BoardBits<W>, s: Site) -> W {
        let here = W::bit(s);
        let g = if self.own & here == W::ZERO {
            self.base.group(b, s)
        } else {
            let merged = self.merged(b);
            if merged & here != W::ZERO {
                merged
            } else {
                self.base.group(b, s)
            }
        };
        // A group's extent follows from the owners of its sites and of
        // the sites around it.
        self.near |= g | here;
        g
    }

    #[inline(always)]
    fn local_role(&mut self, b: &BoardBits<W>, t: &LocalRole, id: RoleId, x: W) -> W {
        self.near |= x;
        let out = self.base.local_role(b, t, id, x & !self.changed);
        let c = x & self.changed;
        match self.roles.get(id as usize) {
            _ if c == W::ZERO => out,
            Some(&r) => out | r & c,
            // A role past the first few: found site by site.
            None => sites(c)
                .filter(|&s| t.value(s, true, u32::from(b.friends(s, self.own))))
                .fold(out, |m, s| m | W::bit(s)),
        }
    }

    fn memo(&mut self, _: RoleId) -> Option<&mut RoleMemo<W>> {
        None
    }

    fn removed(&self) -> W {
        W::ZERO
    }

    fn converted(&self) -> W {
        W::ZERO
    }

    #[inline(always)]
    fn note(&mut self, x: W) {
        self.read |= x;
    }
}

impl State {
    /// The sites of each player's top pieces as sets of width `W` (the
    /// sites past its width left out), from the kept site sets when there
    /// are.
    #[inline]
    pub(crate) fn owner_sets<W: Word>(&self) -> [W; MAX_PLAYERS] {
        let mut own = [W::ZERO; MAX_PLAYERS];
        let players = self.game.num_players().min(MAX_PLAYERS);
        if self.occ.kept() {
            for (p, o) in own.iter_mut().take(players).enumerate() {
                *o = self
                    .occ
                    .owned_words(p as Player)
                    .map_or(W::ZERO, W::from_words);
            }
            return own;
        }
        for s in 0..self.heights.len().min(W::SITES) as Site {
            if let Some(p) = self.top_owner(s).filter(|&p| (p as usize) < MAX_PLAYERS) {
                own[p as usize] |= W::bit(s);
            }
        }
        own
    }
}

//! Positions as site sets, for the compiled conditions of
//! [`super::bitcond`]: who owns each site (a game of stacks of one
//! piece), and what an evaluation has found so far (friendly directions,
//! role values, groups), remembered for the rest of it.
//!
//! A [`BitPos`] is a position of its own (the state's, or one a
//! simulation of effects made); a [`Placed`] is a position seen over a
//! `BitPos` with one more piece, without copying it: the role values and
//! groups of the `BitPos` hold in it except around the new piece, since a
//! local role's value follows from the site's friendly neighbours alone
//! (see [`super::local`]) and a new piece only merges the groups next to
//! it. Many candidate placements of a position thus share what the first
//! ones found.

use super::State;
use super::bitcond::{BitTables, RoleBits};
use super::boardbits::{BoardBits, bit, sites};
use super::local::LocalRole;
use crate::board::Site;
use crate::compile::ir::{Player, RoleId};

/// Most players a position of sets holds.
pub(crate) const MAX_PLAYERS: usize = 4;
/// Roles whose values a [`BitPos`] remembers (the first ones declared).
const MEMO_ROLES: usize = 8;
/// Groups a [`BitPos`] remembers.
const MEMO_GROUPS: usize = 32;

/// The sites where a role's value is known, and where it holds.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RoleMemo {
    /// Sites whose value is known.
    pub known: u128,
    /// Sites (among `known`) where the role holds.
    pub value: u128,
}

/// What the compiled conditions read of a position (see the module's
/// documentation).
pub(crate) trait View {
    /// The sites whose (only) piece is `p`'s.
    fn own(&self, p: Player) -> u128;
    /// The occupied sites.
    fn occ(&self) -> u128;
    /// The owner of the piece at `s`, if any.
    fn owner(&self, s: Site) -> Option<Player>;
    /// The group of the occupied site `s`.
    fn group(&mut self, b: &BoardBits, s: Site) -> u128;
    /// The sites of `x` where local role `id` (table `t`) holds.
    fn local_role(&mut self, b: &BoardBits, t: &LocalRole, id: RoleId, x: u128) -> u128;
    /// The memory of role `id`'s values, if this view keeps one.
    fn memo(&mut self, id: RoleId) -> Option<&mut RoleMemo>;
    /// The sites removed by the effects simulated so far.
    fn removed(&self) -> u128;
    /// The sites converted by the effects simulated so far.
    fn converted(&self) -> u128;
}

/// A position as sets (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct BitPos {
    own: [u128; MAX_PLAYERS],
    occ: u128,
    /// Sites removed by the effects simulated so far.
    pub removed: u128,
    /// Sites converted by the effects simulated so far.
    pub converted: u128,
    /// Sites whose friendly directions are in `fm`.
    fm_known: u128,
    fm: [u8; 128],
    roles: [RoleMemo; MEMO_ROLES],
    /// The groups flooded so far, and per site the index + 1 of its
    /// group among them (0: not flooded yet).
    groups: [u128; MEMO_GROUPS],
    ngroups: usize,
    gid: [u8; 128],
}

impl BitPos {
    /// The position whose sites of player `p` are `own[p]`.
    pub fn new(own: &[u128]) -> BitPos {
        let mut sets = [0; MAX_PLAYERS];
        for (d, &s) in sets.iter_mut().zip(own) {
            *d = s;
        }
        BitPos {
            own: sets,
            occ: own.iter().fold(0, |m, &s| m | s),
            removed: 0,
            converted: 0,
            fm_known: 0,
            fm: [0; 128],
            roles: [RoleMemo::default(); MEMO_ROLES],
            groups: [0; MEMO_GROUPS],
            ngroups: 0,
            gid: [0; 128],
        }
    }

    /// The position of `st` (a board of at most 128 sites).
    pub fn of_state(st: &State) -> BitPos {
        BitPos::new(&st.owner_sets())
    }

    /// [`View::local_role`] where some values are not known yet: found
    /// and remembered.
    #[inline(never)]
    fn local_role_found(&mut self, b: &BoardBits, t: &LocalRole, id: RoleId, x: u128) -> u128 {
        let RoleMemo { known, mut value } =
            self.roles.get(id as usize).copied().unwrap_or_default();
        let need = x & !known;
        for s in sites(need) {
            let occupied = self.occ & bit(s) != 0;
            let fm = if occupied { self.friends(b, s) } else { 0 };
            if t.value(s, occupied, u32::from(fm)) {
                value |= bit(s);
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
    fn flood(&mut self, b: &BoardBits, s: Site) -> u128 {
        let Some(p) = self.owner(s) else {
            return 0;
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
    fn friends(&mut self, b: &BoardBits, s: Site) -> u8 {
        if self.fm_known & bit(s) != 0 {
            return self.fm[s as usize & 127];
        }
        let own = self.owner(s).map_or(0, |p| self.own(p));
        let m = b.friends(s, own);
        self.fm[s as usize & 127] = m;
        self.fm_known |= bit(s);
        m
    }
}

impl View for BitPos {
    #[inline(always)]
    fn own(&self, p: Player) -> u128 {
        self.own.get(p as usize).copied().unwrap_or(0)
    }

    #[inline(always)]
    fn occ(&self) -> u128 {
        self.occ
    }

    #[inline]
    fn owner(&self, s: Site) -> Option<Player> {
        let b = bit(s);
        if self.occ & b == 0 || s as usize >= 128 {
            return None;
        }
        self.own
            .iter()
            .position(|&o| o & b != 0)
            .map(|p| p as Player)
    }

    #[inline]
    fn group(&mut self, b: &BoardBits, s: Site) -> u128 {
        match self.gid.get(s as usize) {
            Some(&k) if k != 0 => self.groups[k as usize - 1],
            _ => self.flood(b, s),
        }
    }

    #[inline]
    fn local_role(&mut self, b: &BoardBits, t: &LocalRole, id: RoleId, x: u128) -> u128 {
        match self.roles.get(id as usize) {
            Some(m) if x & !m.known == 0 => m.value & x,
            _ => self.local_role_found(b, t, id, x),
        }
    }

    fn memo(&mut self, id: RoleId) -> Option<&mut RoleMemo> {
        self.roles.get_mut(id as usize)
    }

    fn removed(&self) -> u128 {
        self.removed
    }

    fn converted(&self) -> u128 {
        self.converted
    }
}

/// Local roles whose values on the changed sites a [`Placed`] remembers.
const PLACED_ROLES: usize = 4;

/// A [`BitPos`] with one more piece, on an empty site (see the module's
/// documentation).
pub(crate) struct Placed<'a> {
    base: &'a mut BitPos,
    to: Site,
    player: Player,
    /// The placed site and its friendly neighbours: the sites whose
    /// friendly directions change.
    changed: u128,
    /// The placed site, the occupied sites and the player's after the
    /// placement.
    to_bit: u128,
    occ: u128,
    own: u128,
    /// The group of the placed site, once found (0 before).
    merged: u128,
    /// Per local role (the first [`PLACED_ROLES`]): its values on
    /// `changed`.
    roles: [u128; PLACED_ROLES],
}

impl<'a> Placed<'a> {
    /// `base` with a piece of `player` on the empty site `to` (`t`: the
    /// game's compiled board and roles). The values of the local roles on
    /// the sites whose friendly directions change are found at once.
    #[inline]
    pub fn new(base: &'a mut BitPos, t: &BitTables, to: Site, player: Player) -> Placed<'a> {
        let to_bit = bit(to);
        let own = base.own(player) | to_bit;
        let changed = to_bit | t.board.nbr(to) & own;
        let mut roles = [0; PLACED_ROLES];
        for s in sites(changed) {
            let fm = u32::from(t.board.friends(s, own));
            for (id, r) in t.roles.iter().take(PLACED_ROLES).enumerate() {
                if let Some(RoleBits::Local(table)) = r
                    && table.value(s, true, fm)
                {
                    roles[id] |= bit(s);
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
            merged: 0,
            roles,
        }
    }

    /// The group of the placed piece: it and the groups of its friendly
    /// neighbours.
    fn merged(&mut self, b: &BoardBits) -> u128 {
        if self.merged == 0 {
            let mut g = self.to_bit;
            for t in sites(b.nbr(self.to) & self.base.own(self.player)) {
                if g & bit(t) == 0 {
                    g |= self.base.group(b, t);
                }
            }
            self.merged = g;
        }
        self.merged
    }

}

impl View for Placed<'_> {
    #[inline(always)]
    fn own(&self, p: Player) -> u128 {
        if p == self.player {
            self.own
        } else {
            self.base.own(p)
        }
    }

    #[inline(always)]
    fn occ(&self) -> u128 {
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

    fn group(&mut self, b: &BoardBits, s: Site) -> u128 {
        let here = bit(s);
        if self.own & here == 0 {
            return self.base.group(b, s);
        }
        let merged = self.merged(b);
        if merged & here != 0 {
            merged
        } else {
            self.base.group(b, s)
        }
    }

    #[inline(always)]
    fn local_role(&mut self, b: &BoardBits, t: &LocalRole, id: RoleId, x: u128) -> u128 {
        let out = self.base.local_role(b, t, id, x & !self.changed);
        match (x & self.changed, self.roles.get(id as usize)) {
            (0, _) => out,
            (c, Some(r)) => out | r & c,
            // A role past the first few: found site by site.
            (c, None) => sites(c)
                .filter(|&s| t.value(s, true, u32::from(b.friends(s, self.own))))
                .fold(out, |m, s| m | bit(s)),
        }
    }

    fn memo(&mut self, _: RoleId) -> Option<&mut RoleMemo> {
        None
    }

    fn removed(&self) -> u128 {
        0
    }

    fn converted(&self) -> u128 {
        0
    }
}

impl State {
    /// The sites of each player's top pieces (boards of at most 128
    /// sites), from the kept site sets when there are.
    pub(crate) fn owner_sets(&self) -> [u128; MAX_PLAYERS] {
        let mut own = [0; MAX_PLAYERS];
        let players = self.game.num_players().min(MAX_PLAYERS);
        if self.occ.owned_u128(&mut own[..players]) {
            return own;
        }
        for s in 0..self.heights.len().min(128) as Site {
            if let Some(p) = self.top_owner(s).filter(|&p| (p as usize) < MAX_PLAYERS) {
                own[p as usize] |= bit(s);
            }
        }
        own
    }
}

//! Effects on whole stacks: growth on a set of sites with a limited
//! supply, battles on contested stacks (one for one, or with dice), and
//! changing the kind of a stack's pieces (Genocide, docs/games/genocide.md).

use crate::board::Site;
use crate::compile::ir::{Kind, Num, Player, SiteSet};
use crate::engine::State;
use crate::engine::cond::Ctx;
use crate::engine::sets::{give_buf, take_buf};

impl State {
    /// Adds `count` pieces of `kind` owned by `ctx.player` on each site of
    /// the set, in board order, until `max` pieces in all have been added.
    pub(crate) fn push_each(
        &mut self,
        set: &SiteSet,
        count: u16,
        kind: Kind,
        max: Option<&Num>,
        ctx: &Ctx,
    ) {
        let mut sites = take_buf();
        self.set_into(set, ctx, &mut sites);
        self.push_each_at(&sites, count, kind, max, ctx);
        give_buf(sites);
    }

    /// [`State::push_each`] on the sites of its set, listed in order.
    pub(crate) fn push_each_at(
        &mut self,
        sites: &[Site],
        count: u16,
        kind: Kind,
        max: Option<&Num>,
        ctx: &Ctx,
    ) {
        // The supply is read only when there is somewhere to grow (a
        // count such as `(pieces)` walks every stack).
        if sites.is_empty() || count == 0 {
            return;
        }
        let mut left = max.map_or(i64::MAX, |m| self.num(m, ctx));
        let piece = self.game.piece(kind, ctx.player);
        for &s in sites {
            for _ in 0..count {
                if left <= 0 {
                    break;
                }
                self.push_piece(s, piece);
                left -= 1;
            }
        }
    }

    /// Resolves every contested stack, in site order. One for one: `r`
    /// against `b` leaves `|r − b|` pieces of the larger side. With dice:
    /// each side rolls a die, the higher roll kills the difference (at most
    /// what the other side has), equal rolls kill nothing; a stack still
    /// contested stays so (docs/games/genocide.md). Two players.
    pub(crate) fn battle(&mut self, dice: bool) {
        let mut sites = take_buf();
        self.contested_into(&mut sites);
        for &s in &sites {
            let counts = self.owner_counts(s);
            let (a, b) = (counts[0] as i64, counts[1] as i64);
            let (kill_a, kill_b) = if dice {
                let (ra, rb) = (self.roll_dice(1, 6), self.roll_dice(1, 6));
                ((rb - ra).clamp(0, a), (ra - rb).clamp(0, b))
            } else {
                (a.min(b), a.min(b))
            };
            self.remove_of(s, &[(0, kill_a), (1, kill_b)]);
            if kill_a + kill_b > 0 {
                self.note_capture();
            }
        }
        give_buf(sites);
    }

    /// The contested (mixed) sites, in order, into `out`: read from the
    /// site sets when they are kept, else stack by stack.
    fn contested_into(&mut self, out: &mut Vec<Site>) {
        self.flush_sets();
        out.clear();
        match self.occ.mixed_words() {
            Some(words) => out.extend(crate::engine::bits::sites_in_words(words)),
            None => out.extend((0..self.heights.len() as Site).filter(|&s| self.is_mixed(s))),
        }
    }

    /// Pieces of each of the first two players in the stack at `s`.
    fn owner_counts(&self, s: Site) -> [usize; 2] {
        let mut c = [0; 2];
        for &p in self.stack(s) {
            if let Some(x) = c.get_mut(self.game.owner(p) as usize) {
                *x += 1;
            }
        }
        c
    }

    /// Removes `n` pieces of each given player from the stack at `s`, the
    /// highest first; the others keep their order.
    fn remove_of(&mut self, s: Site, kills: &[(Player, i64)]) {
        let mut left: Vec<(Player, i64)> = kills.to_vec();
        let old: Vec<u8> = self.stack(s).to_vec();
        let mut keep = vec![true; old.len()];
        for (i, &p) in old.iter().enumerate().rev() {
            if let Some(k) = left
                .iter_mut()
                .find(|(o, n)| *o == self.game.owner(p) && *n > 0)
            {
                k.1 -= 1;
                keep[i] = false;
            }
        }
        self.clear_site(s);
        for (i, &p) in old.iter().enumerate() {
            if keep[i] {
                self.push_piece(s, p);
            }
        }
    }

    /// Changes the kind of every piece of the stack at `s`.
    pub(crate) fn set_kind(&mut self, s: Site, kind: Kind) {
        let old: Vec<u8> = self.stack(s).to_vec();
        self.clear_site(s);
        for p in old {
            let owner = self.game.owner(p);
            self.push_piece(s, self.game.piece(kind, owner));
        }
    }
}

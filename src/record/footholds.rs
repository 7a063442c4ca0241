//! The sites each piece can ever stand on, read from the rules alone: a
//! position read from FEN is refused when a piece stands on a site that no
//! piece of its kind and owner can ever reach (a chess pawn on its own
//! first rank: it starts on its second rank and only moves forward).
//!
//! The sites are the setup's, closed under every way the rules may carry a
//! piece from a site to another (each direction of a step, each ray of a
//! slide or a hop, each offset of a leap, and anywhere for a relocation or
//! a `move-stack`), conditions ignored, plus every site for a kind that a
//! rule may put down or turn a piece into (a placement, a push, a
//! promotion's `set-kind`). Ignoring conditions makes the sites a
//! superset of those reachable, so that a position that can arise is
//! never refused; what is refused cannot arise.
//!
//! Two things widen the sets further, to stay sound:
//! - when a stack may ever hold more than one piece, a move of it carries
//!   pieces that its generator's `from:` does not look at (those under the
//!   top, of any kind and owner, moved by the top's owner): every
//!   generator then carries every kind, along every player's directions;
//! - when a rule may change a piece's owner (`convert-all`, a group's
//!   conversion, the pie rule's swap, a push of the top piece's kind for
//!   the mover), a piece stands wherever a piece of its kind of any owner
//!   stands.
//!
//! Sowing, rotations and the pie rule's transposition put any piece
//! anywhere.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{
    Cond, DirSetId, Effect, Game, Gen, GenKind, Kind, Origin, Owner, Piece, Player, SiteRef,
};
use crate::engine::State;

/// The sites each piece of a game can ever stand on (see the module's
/// documentation): a superset of those the rules' moves can reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Footholds {
    /// The board's number of sites.
    sites: usize,
    /// `can[piece × sites + site]`: a piece may stand there.
    can: Vec<bool>,
    /// `everywhere[piece]`: every site is marked already.
    everywhere: Vec<bool>,
}

/// How a generator or an effect may carry a piece from a site.
enum Carry {
    /// One step along each direction of the set (for the mover).
    Step(DirSetId),
    /// Any number of steps along each direction of the set: a slide, and
    /// a hop's landings (one jump, repeated or flying).
    Ray(DirSetId),
    /// To the site at each offset: `table[(player × sites + site) × k +
    /// i]`, [`NO_SITE`] off the board.
    Leap(Vec<Site>, usize),
    /// To every site (a relocation, a `move-stack`).
    Anywhere,
}

/// A way the rules may carry a piece.
struct Motion {
    /// The kinds it may carry (`None`: every kind).
    kinds: Option<Vec<Kind>>,
    /// Only the mover's own pieces, so that only their owner's directions
    /// count.
    own: bool,
    /// Where to.
    carry: Carry,
}

/// What the rules let pieces do, gathered from every generator, its
/// effects and the phases' automatic effects.
struct Rules {
    motions: Vec<Motion>,
    /// `created[kind]`: a rule may put a piece of the kind down, or turn a
    /// piece into one, on some site (taken to be every site).
    created: Vec<bool>,
    /// A rule may change a piece's owner.
    owners_mix: bool,
    /// Every piece may stand anywhere (sowing, rotations, a transposing
    /// swap).
    everything: bool,
    /// No stack ever holds more than one piece ([`flat`]).
    flat: bool,
}

impl Footholds {
    /// The footholds of `game`'s pieces (see the module's documentation).
    /// Linear in the board's sites, times the pieces, the generators and
    /// the length of their rays.
    pub(crate) fn of(game: &Game) -> Footholds {
        let rules = Rules::of(game);
        let n = game.board.len();
        let players = game.num_players();
        let mut f = Footholds {
            sites: n,
            can: vec![false; game.num_pieces() * n],
            everywhere: vec![false; game.num_pieces()],
        };
        let mut queue: Vec<(Piece, Site)> = Vec::new();
        for (site, stack) in &game.setup {
            for &p in stack {
                f.add(p, *site, &mut queue);
            }
        }
        for (k, &made) in rules.created.iter().enumerate() {
            if rules.everything || made {
                for p in 0..players {
                    f.add_everywhere(game.piece(k as Kind, p as Player), &mut queue);
                }
            }
        }
        while let Some((piece, site)) = queue.pop() {
            let (kind, owner) = (game.kind(piece), game.owner(piece));
            if rules.owners_mix {
                for p in 0..players as Player {
                    f.add(game.piece(kind, p), site, &mut queue);
                }
            }
            for m in &rules.motions {
                if m.kinds.as_ref().is_some_and(|ks| !ks.contains(&kind)) {
                    continue;
                }
                let movers = if m.own {
                    owner..owner + 1
                } else {
                    0..players as Player
                };
                for mover in movers {
                    f.carry(game, piece, site, mover, &m.carry, &mut queue);
                }
            }
        }
        f
    }

    /// True if `piece` may stand on `site`.
    pub(crate) fn allows(&self, piece: Piece, site: Site) -> bool {
        self.can
            .get(piece as usize * self.sites + site as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Marks `piece` on `site`, queueing it when new; true if it was new.
    fn add(&mut self, piece: Piece, site: Site, queue: &mut Vec<(Piece, Site)>) -> bool {
        let i = piece as usize * self.sites + site as usize;
        match self.can.get_mut(i) {
            Some(c) if !*c => {
                *c = true;
                queue.push((piece, site));
                true
            }
            _ => false,
        }
    }

    /// Marks `piece` on every site (once).
    fn add_everywhere(&mut self, piece: Piece, queue: &mut Vec<(Piece, Site)>) {
        match self.everywhere.get_mut(piece as usize) {
            Some(done) if !*done => *done = true,
            _ => return,
        }
        for s in 0..self.sites as Site {
            self.add(piece, s, queue);
        }
    }

    /// Marks `piece` on every site `carry` takes it to from `site` when
    /// `mover` moves it.
    fn carry(
        &mut self,
        game: &Game,
        piece: Piece,
        site: Site,
        mover: Player,
        carry: &Carry,
        queue: &mut Vec<(Piece, Site)>,
    ) {
        let board = &game.board;
        let dirs = |set: DirSetId| {
            game.dirsets
                .get(set as usize)
                .and_then(|per| per.get(mover as usize))
                .map_or(&[][..], Vec::as_slice)
        };
        match carry {
            Carry::Step(set) => {
                for &d in dirs(*set) {
                    let to = board.step(site, d);
                    if to != NO_SITE {
                        self.add(piece, to, queue);
                    }
                }
            }
            Carry::Ray(set) => {
                for &d in dirs(*set) {
                    let mut to = board.step(site, d);
                    // A site marked already carries the ray on itself
                    // (every marked site gets every motion of its piece),
                    // so the walk stops there: each ray is walked once,
                    // and a line that closes on itself ends.
                    while to != NO_SITE && self.add(piece, to, queue) {
                        to = board.step(to, d);
                    }
                }
            }
            Carry::Leap(table, k) => {
                let start = (mover as usize * self.sites + site as usize) * k;
                for &to in table.get(start..start + k).unwrap_or(&[]) {
                    if to != NO_SITE {
                        self.add(piece, to, queue);
                    }
                }
            }
            Carry::Anywhere => self.add_everywhere(piece, queue),
        }
    }
}

impl Rules {
    /// The motions, creations and owner changes of `game`'s rules.
    fn of(game: &Game) -> Rules {
        let mut r = Rules {
            motions: Vec::new(),
            created: vec![false; game.kinds.len()],
            owners_mix: false,
            everything: false,
            flat: flat(game),
        };
        for g in &game.gens {
            r.generator(game, g);
            let mut changed = false;
            r.effects(game, &g.then, Some(g), &mut changed);
            r.effects(game, &g.finally, Some(g), &mut changed);
        }
        for phase in &game.phases {
            r.effects(game, &phase.auto, None, &mut true);
        }
        r
    }

    /// What a generator's move does with pieces.
    fn generator(&mut self, game: &Game, g: &Gen) {
        let carry = match &g.kind {
            GenKind::Step(s) => Carry::Step(s.dirs),
            GenKind::Slide(s) => Carry::Ray(s.dirs),
            GenKind::Hop(h) => Carry::Ray(h.dirs),
            GenKind::Leap(l) => {
                let forwards: Vec<(f64, f64)> = game.players.iter().map(|p| p.forward).collect();
                let table = crate::engine::tables::leap_table(&game.board, &forwards, &l.offsets);
                Carry::Leap(table, l.offsets.len())
            }
            GenKind::Relocate(_) => Carry::Anywhere,
            GenKind::Place { kind, .. } => {
                self.create(*kind);
                return;
            }
            // Along a track, and a hit sends a piece to its owner's
            // track's start: read as anywhere (sound, never refusing).
            GenKind::Sow { .. } | GenKind::Rotate { .. } | GenKind::Advance(_) => {
                self.everything = true;
                return;
            }
            GenKind::Swap { transpose } => {
                self.owners_mix = true;
                self.everything |= *transpose;
                return;
            }
            GenKind::Select { .. } | GenKind::Pass | GenKind::EndPhase | GenKind::Flip(_) => {
                return;
            }
        };
        let origin = g.kind.shift().map_or(Origin::Mine, |s| s.origin);
        if origin == Origin::Empty {
            // The stack of no piece: nothing is carried.
            return;
        }
        self.motions.push(Motion {
            kinds: if self.flat {
                kinds_at(game, &g.from, SiteRef::Subject, 0)
            } else {
                None
            },
            own: self.flat && origin == Origin::Mine,
            carry,
        });
    }

    /// What effects (of generator `g`, if any) do with pieces. `changed`:
    /// an effect run before these may have changed the board since the
    /// generator's conditions were read (set by the effects that do).
    fn effects(&mut self, game: &Game, effects: &[Effect], g: Option<&Gen>, changed: &mut bool) {
        for e in effects {
            match e {
                Effect::If(_, yes, no) => {
                    self.effects(game, yes, g, changed);
                    self.effects(game, no, g, changed);
                }
                Effect::ForEachPlayer(v) => self.effects(game, v, g, changed),
                Effect::Push { kind, owner, .. } => match kind {
                    Some(k) => self.create(*k),
                    // The top piece's kind, for the mover.
                    None => self.owners_mix |= *owner == Owner::Mover,
                },
                Effect::Grow { kind, owner, .. } => match kind {
                    Some(k) => self.create(*k),
                    // The top piece's kind (the first kind on an empty
                    // site), for the mover.
                    None if *owner == Owner::Mover => {
                        self.create(0);
                        self.owners_mix = true;
                    }
                    None => {}
                },
                Effect::PushEach { kind, .. } | Effect::SetKind(_, kind) => self.create(*kind),
                Effect::ConvertAll(_) => self.owners_mix = true,
                Effect::Groups { convert, .. } => self.owners_mix |= *convert != Cond::False,
                Effect::MoveStack(a, _) => {
                    // The kind the generator's conditions require at the
                    // site moved from holds when the effect runs if the
                    // move cannot have changed that site (it is passed,
                    // jumped or beyond the destination, never the
                    // destination) and no effect before this one ran.
                    let kept = self.flat
                        && !*changed
                        && matches!(a, SiteRef::Passed | SiteRef::Beyond | SiteRef::Over);
                    self.motions.push(Motion {
                        kinds: match g {
                            Some(g) if kept => kinds_at(game, &g.to, *a, 0)
                                .or_else(|| kinds_at(game, &g.from, *a, 0)),
                            _ => None,
                        },
                        own: false,
                        carry: Carry::Anywhere,
                    });
                }
                Effect::Remove(_)
                | Effect::EndTurn
                | Effect::MarkAll(..)
                | Effect::Again(_)
                | Effect::RemoveAll(_)
                | Effect::SetCounter(..)
                | Effect::AddCounter(..)
                | Effect::Mark(_)
                | Effect::Battle { .. }
                | Effect::Flip(_)
                | Effect::ClearMarks
                | Effect::Throw { .. }
                | Effect::Result(..) => {}
            }
            *changed |= changes_stacks(e);
        }
    }

    /// A rule may put down (or turn a piece into) a piece of `kind`.
    fn create(&mut self, kind: Kind) {
        if let Some(c) = self.created.get_mut(kind as usize) {
            *c = true;
        }
    }
}

/// The kinds a condition requires of the top piece at `at` (a `Kind`
/// test, alone, in an `and`, or in every branch of an `or`, roles
/// expanded); `None` when it requires none.
fn kinds_at(game: &Game, c: &Cond, at: SiteRef, depth: u8) -> Option<Vec<Kind>> {
    if depth > 8 {
        return None;
    }
    match c {
        Cond::Kind(r, k) if *r == at => Some(vec![*k]),
        Cond::And(v) => v.iter().find_map(|c| kinds_at(game, c, at, depth + 1)),
        Cond::Or(v) if !v.is_empty() => {
            let mut all = Vec::new();
            for c in v {
                all.extend(kinds_at(game, c, at, depth + 1)?);
            }
            Some(all)
        }
        Cond::Role(r, id) if *r == at && at == SiteRef::Subject => {
            kinds_at(game, &game.roles.get(*id as usize)?.cond, at, depth + 1)
        }
        _ => None,
    }
}

/// True for an effect that may change what a site holds (an `if` or a
/// per-player block: when one of its effects may).
fn changes_stacks(e: &Effect) -> bool {
    match e {
        Effect::If(_, yes, no) => yes.iter().chain(no).any(changes_stacks),
        Effect::ForEachPlayer(v) => v.iter().any(changes_stacks),
        Effect::Push { .. }
        | Effect::Remove(_)
        | Effect::Grow { .. }
        | Effect::RemoveAll(_)
        | Effect::PushEach { .. }
        | Effect::Battle { .. }
        | Effect::SetKind(..)
        | Effect::ConvertAll(_)
        | Effect::MoveStack(..)
        | Effect::Groups { .. } => true,
        Effect::EndTurn
        | Effect::MarkAll(..)
        | Effect::Again(_)
        | Effect::SetCounter(..)
        | Effect::AddCounter(..)
        | Effect::Mark(_)
        | Effect::Flip(_)
        | Effect::ClearMarks
        | Effect::Throw { .. }
        | Effect::Result(..) => false,
    }
}

/// True if `c` holds only when the site `at` is empty.
fn empty_at(c: &Cond, at: SiteRef) -> bool {
    match c {
        Cond::Empty(r) => *r == at,
        Cond::And(v) => v.iter().any(|c| empty_at(c, at)),
        Cond::Or(v) => !v.is_empty() && v.iter().all(|c| empty_at(c, at)),
        Cond::False => true,
        _ => false,
    }
}

/// True if no stack of `game` can ever hold more than one piece: the
/// setup's stacks are single pieces, every move of a stack lands on an
/// empty site or captures what stands there, every placement is on an
/// empty site, and no effect adds pieces to a stack (a `move-stack` only
/// onto a site its generator's `to:` requires empty, other than the
/// destination). Sowing is never flat.
fn flat(game: &Game) -> bool {
    let gen_flat = |g: &Gen| {
        let lands = match &g.kind {
            GenKind::Step(_) | GenKind::Slide(_) | GenKind::Leap(_) | GenKind::Relocate(_) => {
                let s = g.kind.shift();
                s.is_some_and(|s| s.origin == Origin::Empty || s.capture)
                    || empty_at(&g.to, SiteRef::Subject)
            }
            GenKind::Hop(h) => h.shift.origin == Origin::Empty || empty_at(&g.to, SiteRef::Subject),
            GenKind::Place { .. } => empty_at(&g.to, SiteRef::Subject),
            GenKind::Sow { .. } | GenKind::Advance(_) => false,
            GenKind::Select { .. }
            | GenKind::Rotate { .. }
            | GenKind::Pass
            | GenKind::Swap { .. }
            | GenKind::EndPhase
            | GenKind::Flip(_) => true,
        };
        let mut changed = false;
        lands
            && effects_flat(&g.then, Some(g), &mut changed)
            && effects_flat(&g.finally, Some(g), &mut changed)
    };
    game.setup.iter().all(|(_, stack)| stack.len() <= 1)
        && game.gens.iter().all(gen_flat)
        && game
            .phases
            .iter()
            .all(|p| effects_flat(&p.auto, None, &mut true))
}

/// True if no effect of `effects` (of generator `g`, if any) may add a
/// piece to a stack that holds one: a `move-stack` only onto a site the
/// generator's conditions require empty, other than the destination, with
/// no effect run before it (`changed`, as in [`Rules::effects`]).
fn effects_flat(effects: &[Effect], g: Option<&Gen>, changed: &mut bool) -> bool {
    effects.iter().all(|e| {
        let flat = match e {
            Effect::If(_, yes, no) => effects_flat(yes, g, changed) && effects_flat(no, g, changed),
            Effect::ForEachPlayer(v) => effects_flat(v, g, changed),
            Effect::Push { .. } | Effect::Grow { .. } | Effect::PushEach { .. } => false,
            Effect::MoveStack(_, b) => {
                !*changed
                    && g.is_some_and(|g| {
                        !matches!(b, SiteRef::To | SiteRef::Subject)
                            && (empty_at(&g.to, *b) || empty_at(&g.from, *b))
                    })
            }
            _ => true,
        };
        *changed |= changes_stacks(e);
        flat
    })
}

impl State {
    /// Why the position cannot arise by the rules: a piece on a site that
    /// no piece of its kind and owner can ever reach ([`Footholds`]);
    /// `None` when every piece stands on a foothold.
    pub(crate) fn off_footholds(&self) -> Option<String> {
        let game = &*self.game;
        let footholds = Footholds::of(game);
        for site in 0..game.board.len() as Site {
            for &p in self.stack(site) {
                if footholds.allows(p, site) {
                    continue;
                }
                let (kind, owner) = (game.kind(p) as usize, game.owner(p) as usize);
                return Some(format!(
                    "{} {} on {} cannot stand there: no rule brings a {} of {} to {} (from the sites the setup gives, by any move, placement or promotion of the rules)",
                    crate::diag::possessive(&game.players[owner].name),
                    game.kinds[kind],
                    game.board.site(site).label,
                    game.kinds[kind],
                    game.players[owner].name,
                    game.board.site(site).label,
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;

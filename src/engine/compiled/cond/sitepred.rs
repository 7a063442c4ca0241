//! Conditions on one site compiled to set operations: a generator's
//! `from:`, `over:` or `to:` that reads only the site itself (empty, whose
//! top piece, which kind, how tall, which region, a toggle) is evaluated
//! once per priority level as a set of sites ([`crate::engine::bits::Bits`]) from
//! the sets the state keeps, and each candidate is then one bit test.
//! A clause that reads no site at all (a counter, the player's pieces
//! compared with a number) is evaluated once for the whole set. Conditions
//! that read anything else (another site of the step, lines, sets) are not
//! compiled, and their generator is interpreted.

use crate::engine::State;
use crate::engine::bits::{Bits, MAX_WORDS, TOP_BUCKET, bucket, load, preimage, stride};
use crate::engine::word::Word;

use super::around::{Around, Reach};
use super::sitenum::SiteNum;
use crate::board::{Dir, NO_SITE, Site};
use crate::compile::ir::{
    Cmp, Cond, DirSetId, Game, Kind, Line, Num, Player, RegionId, Run, SiteRef, SiteSet, ToggleId,
};
use crate::engine::scalar::Scalar;
use crate::engine::sitetest::SiteTest;

/// A compiled condition on a site (see the module's documentation): the
/// sites where its top owner (none, the player, another), its height and
/// its top kind are among those allowed, inside or outside a region, while
/// a toggle is on or off; or, for a condition that is not such a
/// conjunction, its tree.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SitePred {
    /// Allowed tops: bit 0 empty sites, bit 1 the player's, bit 2 another
    /// player's ([`ANY_OWNER`]: all).
    owners: u8,
    /// Allowed height buckets, bit `b` for bucket `b` (`u8::MAX`: all).
    heights: u8,
    /// The top piece's kind, if one is required.
    kind: Option<Kind>,
    /// A region the site must lie in (`true`) or outside (`false`).
    region: Option<(RegionId, bool)>,
    /// A toggle that must be on (`true`) or off (`false`).
    flag: Option<(ToggleId, bool)>,
    /// The condition's tree, when it is not a conjunction of the above.
    tree: Option<Box<Tree>>,
    /// No kind, region, toggle or tree: owners and heights only.
    plain: bool,
    /// The one set of the state the condition's sites are, when they
    /// are one.
    single: Single,
}

/// A condition whose sites are one set the state keeps
/// ([`crate::engine::bits::Occupancy`]), read instead of computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Single {
    /// Not one set.
    No,
    /// The sites of a height bucket.
    Height(u8),
    /// The sites the player tops.
    Mine,
    /// The sites the other player tops, in a game of two.
    Other,
}

/// Every top owner, for [`SitePred::owners`].
const ANY_OWNER: u8 = 0b111;

/// A condition on a site as a tree of set operations.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tree {
    /// Every site, or none.
    Const(bool),
    /// Empty sites.
    Empty,
    /// Sites whose top piece is the player's.
    Mine,
    /// Sites whose top piece is another player's.
    Enemy,
    /// Sites whose stack height falls in a bucket of the mask (bit `b`
    /// for bucket `b`, [`crate::engine::bits::bucket`]).
    Heights(u8),
    /// Sites whose top piece is of this kind.
    Kind(Kind),
    /// Sites of the region as the player sees it.
    Region(RegionId),
    /// Every site when the toggle is on now, none otherwise.
    Flag(ToggleId),
    /// The sites whose neighbour in a direction of the set (as the
    /// player sees it) is one of the inner tree's.
    Ahead(DirSetId, Box<Tree>),
    /// The sites from which, along a direction of the set (as the player
    /// sees it), one or more sites of the first tree are followed by a
    /// site of the second that is not of the first (`(any (run
    /// through:… close:…))`: Reversi's placements).
    Closes(DirSetId, Box<(Tree, Tree)>),
    /// The sites of a line (`(line …)`): those of the inner tree's sites
    /// that lie in a run of them, along an axis of the direction set (a
    /// direction and its opposite), at least (exactly) `len` long.
    Line(Box<LineTree>),
    /// Every site when the inner tree holds somewhere (`(any (where …))`),
    /// none otherwise.
    Somewhere(Box<Tree>),
    /// Every site when every site of the first tree is one of the
    /// second's (`(every (where …) …)`), none otherwise.
    Everywhere(Box<Tree>, Box<Tree>),
    /// The sites with a neighbour, or whose stack's group has a member,
    /// where the inner tree holds (`(any (neighbours Subject …))`, `(any
    /// (group Subject …))`: Dots and Boxes' closed boxes, Hex's win).
    Around(Box<Around>),
    /// Every site when the condition, which reads no site (counters, the
    /// player's pieces, toggles), holds now; none otherwise. Evaluated
    /// once per set ([`Scalar`]).
    Free(Box<Scalar>),
    /// The sites where two numbers compare as said ([`SiteNum`]):
    /// evaluated once for the whole set when neither reads the site.
    Compare(Box<(SiteNum, Cmp, SiteNum)>),
    /// The sites that pass a test of their stack or mark that no kept set
    /// answers ([`SiteTest`]): read site by site, in an `and` only on the
    /// sites the other clauses left.
    Each(SiteTest),
    /// The sites where it does not hold.
    Not(Box<Tree>),
    /// The sites where all hold.
    And(Vec<Tree>),
    /// The sites where one holds.
    Or(Vec<Tree>),
}

impl SitePred {
    /// The condition that holds at every site.
    pub const TRUE: SitePred = SitePred {
        owners: ANY_OWNER,
        heights: u8::MAX,
        kind: None,
        region: None,
        flag: None,
        tree: None,
        plain: true,
        single: Single::No,
    };

    /// `c` compiled, when it reads only its site: `Subject` or `alias`
    /// (the name the same site has in the clause: `From` in `from:`,
    /// `Over` in `over:`, `To` in `to:`).
    pub fn compile(c: &Cond, alias: SiteRef, game: &Game) -> Option<SitePred> {
        let tree = Tree::compile(c, alias, game)?;
        let mut p = Self::simple(&tree).unwrap_or(SitePred {
            tree: Some(Box::new(tree)),
            ..Self::TRUE
        });
        p.plain = p.kind.is_none() && p.region.is_none() && p.flag.is_none() && p.tree.is_none();
        p.single = match (p.plain, p.owners, p.heights) {
            (false, ..) => Single::No,
            (_, ANY_OWNER, h) if h.count_ones() == 1 => Single::Height(h.trailing_zeros() as u8),
            // Empty sites are the sites of height 0.
            (_, 0b001, h) if h & 1 != 0 => Single::Height(0),
            (_, 0b010, u8::MAX) => Single::Mine,
            (_, 0b100, u8::MAX) if game.num_players() == 2 => Single::Other,
            _ => Single::No,
        };
        Some(p)
    }

    /// The conjunction `t` is, if it is one.
    fn simple(t: &Tree) -> Option<SitePred> {
        let only = |f: fn(&mut SitePred)| {
            let mut p = Self::TRUE;
            f(&mut p);
            Some(p)
        };
        match t {
            Tree::Const(true) => Some(Self::TRUE),
            Tree::Const(false) => only(|p| p.owners = 0),
            Tree::Empty => only(|p| p.owners = 0b001),
            Tree::Mine => only(|p| p.owners = 0b010),
            Tree::Enemy => only(|p| p.owners = 0b100),
            Tree::Heights(m) => Some(SitePred {
                heights: *m,
                ..Self::TRUE
            }),
            Tree::Kind(k) => Some(SitePred {
                kind: Some(*k),
                ..Self::TRUE
            }),
            Tree::Region(r) => Some(SitePred {
                region: Some((*r, true)),
                ..Self::TRUE
            }),
            Tree::Flag(f) => Some(SitePred {
                flag: Some((*f, true)),
                ..Self::TRUE
            }),
            Tree::Free(_)
            | Tree::Compare(_)
            | Tree::Each(_)
            | Tree::Ahead(..)
            | Tree::Closes(..)
            | Tree::Line(_)
            | Tree::Somewhere(_)
            | Tree::Everywhere(..)
            | Tree::Around(_) => None,
            Tree::Not(t) => {
                let p = Self::simple(t)?;
                match (p.owners, p.heights, p.kind, p.region, p.flag) {
                    (o, u8::MAX, None, None, None) => Some(SitePred {
                        owners: !o & ANY_OWNER,
                        ..Self::TRUE
                    }),
                    (ANY_OWNER, h, None, None, None) => Some(SitePred {
                        heights: !h,
                        ..Self::TRUE
                    }),
                    (ANY_OWNER, u8::MAX, None, Some((r, i)), None) => Some(SitePred {
                        region: Some((r, !i)),
                        ..Self::TRUE
                    }),
                    (ANY_OWNER, u8::MAX, None, None, Some((f, on))) => Some(SitePred {
                        flag: Some((f, !on)),
                        ..Self::TRUE
                    }),
                    _ => None,
                }
            }
            Tree::And(ts) => ts.iter().try_fold(Self::TRUE, |acc, t| {
                let p = Self::simple(t)?;
                Some(SitePred {
                    owners: acc.owners & p.owners,
                    heights: acc.heights & p.heights,
                    kind: both(acc.kind, p.kind)?,
                    region: both(acc.region, p.region)?,
                    flag: both(acc.flag, p.flag)?,
                    tree: None,
                    plain: true,
                    single: Single::No,
                })
            }),
            Tree::Or(ts) => {
                let ps: Vec<SitePred> = ts.iter().map(Self::simple).collect::<Option<_>>()?;
                let plain =
                    |p: &SitePred| p.kind.is_none() && p.region.is_none() && p.flag.is_none();
                if ps.iter().all(|p| plain(p) && p.heights == u8::MAX) {
                    Some(SitePred {
                        owners: ps.iter().fold(0, |a, p| a | p.owners),
                        ..Self::TRUE
                    })
                } else if ps.iter().all(|p| plain(p) && p.owners == ANY_OWNER) {
                    Some(SitePred {
                        heights: ps.iter().fold(0, |a, p| a | p.heights),
                        ..Self::TRUE
                    })
                } else {
                    None
                }
            }
        }
    }

    /// True when it asks more of a site than that its top piece be the
    /// player's, of its kind if it names one: a generator's `from:` whose
    /// origins are not simply the mover's stacks of that kind.
    pub fn asks_more_than_kind(&self) -> bool {
        self.tree.is_some()
            || self.region.is_some()
            || self.flag.is_some()
            || self.heights != u8::MAX
            || self.owners & 0b010 == 0
    }

    /// True when it reads nothing but its site's own stack, mark and
    /// regions (and toggles): no other site, no counter. A step that
    /// leaves a site alone leaves its answer there as it was.
    pub fn reads_only_its_site(&self) -> bool {
        self.tree.as_deref().is_none_or(Tree::reads_only_its_site)
    }

    /// True when a site where it holds still does after pieces of any
    /// owner and kind are pushed onto its stack: it asks only for a
    /// stack there (or any site), heights from some bound up, regions and
    /// toggles, and `and`s and `or`s of these. `cap`: the game's stack
    /// limit (the highest bucket a stack reaches).
    pub fn survives_growth(&self, cap: usize) -> bool {
        matches!(self.owners, ANY_OWNER | 0b110)
            && self.kind.is_none()
            && upward(self.heights, cap)
            && self.tree.as_deref().is_none_or(|t| t.survives_growth(cap))
    }

    /// True for the condition that holds everywhere.
    #[inline]
    pub fn is_true(&self) -> bool {
        // `plain` leaves only the owners and heights to look at.
        self.plain && self.owners == ANY_OWNER && self.heights == u8::MAX
    }

    /// The sites of `st`'s board where it holds for `player`, read at the
    /// state's own width and returned in the widest set: for a caller
    /// that tests many sites one by one in an order of its own (a
    /// sowing's houses along its track). `None` on boards wider than the
    /// widest set. The site sets must be up to date.
    pub fn sites(&self, st: &State, player: Player) -> Option<Bits<MAX_WORDS>> {
        match st.tables.stride {
            1 => Some(widened(self.eval::<1>(st, player, st.tables.all_bits()))),
            2 => Some(widened(self.eval::<2>(st, player, st.tables.all_bits()))),
            4 => Some(widened(self.eval::<4>(st, player, st.tables.all_bits()))),
            MAX_WORDS => Some(self.eval::<MAX_WORDS>(st, player, st.tables.all_bits())),
            _ => None,
        }
    }

    /// The sites of `st`'s board where it holds for `player` (`all`: every
    /// site of the board).
    #[inline(always)]
    pub fn eval<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> Bits<W> {
        if !self.plain {
            return self.eval_rest(st, player, all);
        }
        self.eval_owners_heights(st, player, all)
    }

    /// [`SitePred::eval`], read from the state when the condition's sites
    /// are one set it keeps (the joint plans' conditions, evaluated every
    /// position: other callers keep the shorter [`SitePred::eval`]).
    #[inline(always)]
    pub fn eval_kept<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> Bits<W> {
        match self.single {
            Single::Height(b) => st.occ.of_height(b as usize),
            Single::Mine => st.occ.owned(player),
            Single::Other => st.occ.owned(player ^ 1),
            Single::No => self.eval(st, player, all),
        }
    }

    /// [`SitePred::eval`] of a condition with a kind, region, toggle or
    /// tree.
    fn eval_rest<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> Bits<W> {
        if let Some(t) = &self.tree {
            return t.eval(st, player, all);
        }
        let acc = self.eval_owners_heights(st, player, all);
        self.rest(st, player, acc)
    }

    /// The owners and heights part of [`SitePred::eval`].
    #[inline(always)]
    fn eval_owners_heights<const W: usize>(
        &self,
        st: &State,
        player: Player,
        all: Bits<W>,
    ) -> Bits<W> {
        let occ = &st.occ;
        let mut acc = match self.owners {
            ANY_OWNER => all,
            0 => return Bits::ZERO,
            0b001 => occ.of_height(0),
            0b010 => occ.owned(player),
            0b100 => all.minus(occ.of_height(0)).minus(occ.owned(player)),
            0b110 => all.minus(occ.of_height(0)),
            0b011 => occ.of_height(0) | occ.owned(player),
            _ => all.minus(occ.owned(player)),
        };
        if self.heights != u8::MAX {
            acc &= heights(st, self.heights);
        }
        acc
    }

    /// True if it holds at site `s` (which must be a site of the board:
    /// a condition on an absent site is evaluated as a [`Cond`], where a
    /// negation makes it true).
    #[inline]
    pub fn holds(&self, st: &State, player: Player, s: Site) -> bool {
        // A condition on the height alone (a man, a king) is one test,
        // made where it is asked.
        if self.plain && self.owners == ANY_OWNER {
            return self.heights >> bucket(st.height(s)) & 1 != 0;
        }
        self.holds_rest(st, player, s)
    }

    /// [`SitePred::holds`] of a condition on more than the height.
    #[inline(never)]
    fn holds_rest(&self, st: &State, player: Player, s: Site) -> bool {
        if let Some(t) = &self.tree {
            return t.holds(st, player, s);
        }
        // The height first: it is read alone, and the commonest test.
        if self.heights >> bucket(st.height(s)) & 1 == 0 {
            return false;
        }
        if self.owners != ANY_OWNER {
            let owner = match st.top(s) {
                None => 0b001,
                Some(p) if st.game.owner(p) == player => 0b010,
                Some(_) => 0b100,
            };
            if self.owners & owner == 0 {
                return false;
            }
        }
        self.kind
            .is_none_or(|k| st.top(s).map(|p| st.game.kind(p)) == Some(k))
            && self
                .region
                .is_none_or(|(r, inside)| in_region(st, r, player, s) == inside)
            && self.flag.is_none_or(|(f, on)| st.flag(f) == on)
    }

    /// True if it cannot hold at site `s` for `player`, whatever the
    /// stacks and toggles: it holds nowhere, or `s` lies on the wrong side
    /// of the region it requires.
    pub fn never_at(&self, game: &Game, player: Player, s: usize) -> bool {
        self.tree.is_none()
            && (self.owners == 0
                || self.heights == 0
                || self
                    .region
                    .is_some_and(|(r, inside)| region_has(game, r, player, s) != inside))
    }

    /// The sites `player` tops where it holds for `player`: the same as
    /// [`SitePred::eval`] and'd with the player's sites, read for a
    /// condition on the top piece's kind (`(kind "Pawn")`: a generator's
    /// `from:` that moves the mover's stacks) as the one set of sites the
    /// player's piece of that kind tops, not as every player's pieces of
    /// the kind and'd with the player's sites.
    #[inline(always)]
    pub fn eval_mine<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> Bits<W> {
        let mine = st.occ.owned(player);
        let (Some(k), None) = (self.kind, &self.tree) else {
            return mine & self.eval(st, player, all);
        };
        if self.owners & 0b010 == 0 {
            return Bits::ZERO;
        }
        let mut acc = st.occ.topped(st.game.piece(k, player));
        if self.heights != u8::MAX {
            acc &= heights(st, self.heights);
        }
        self.region_flag(st, player, acc)
    }

    /// The kind, region and toggle parts of [`SitePred::eval`], on `acc`.
    fn rest<const W: usize>(&self, st: &State, player: Player, mut acc: Bits<W>) -> Bits<W> {
        if let Some(k) = self.kind {
            acc &= kind_sites(st, k);
        }
        self.region_flag(st, player, acc)
    }

    /// The region and toggle parts of [`SitePred::eval`], on `acc`.
    #[inline(always)]
    fn region_flag<const W: usize>(&self, st: &State, player: Player, mut acc: Bits<W>) -> Bits<W> {
        if let Some((r, inside)) = self.region {
            let reg = st.tables.region_bits(r, player);
            acc = if inside { acc & reg } else { acc.minus(reg) };
        }
        if let Some((f, on)) = self.flag
            && st.flag(f) != on
        {
            acc = Bits::ZERO;
        }
        acc
    }
}

/// The one of two requirements that is given (`Some(None)` for neither),
/// `None` when both are and differ (not a conjunction this form holds).
fn both<T: PartialEq>(a: Option<T>, b: Option<T>) -> Option<Option<T>> {
    match (a, b) {
        (Some(x), Some(y)) if x != y => None,
        (Some(x), _) | (None, Some(x)) => Some(Some(x)),
        (None, None) => Some(None),
    }
}

/// The sites topped by a piece of kind `k`, whoever owns it.
#[inline]
fn kind_sites<const W: usize>(st: &State, k: Kind) -> Bits<W> {
    (0..st.game.num_players() as Player).fold(Bits::ZERO, |acc, p| {
        acc | st.occ.topped(st.game.piece(k, p))
    })
}

/// True if site `s` lies in region `r` as `player` sees it.
fn in_region(st: &State, r: RegionId, player: Player, s: Site) -> bool {
    region_has(&st.game, r, player, s as usize)
}

/// True if site `s` of `game`'s board lies in region `r` as `player` sees
/// it.
fn region_has(game: &Game, r: RegionId, player: Player, s: usize) -> bool {
    game.regions
        .get(r as usize)
        .and_then(|r| r.get(player as usize))
        .and_then(|r| r.get(s))
        .copied()
        .unwrap_or(false)
}

/// The sites whose height bucket is in `mask`.
#[inline(always)]
fn heights<const W: usize>(st: &State, mask: u8) -> Bits<W> {
    let (mut m, mut acc) = (mask, Bits::ZERO);
    while m != 0 {
        acc |= st.occ.of_height(m.trailing_zeros() as usize);
        m &= m - 1;
    }
    acc
}

impl Tree {
    /// True for a tree that is all sites or none, whatever the site: a
    /// constant, a toggle, a condition that reads no site.
    fn reads_no_site(&self) -> bool {
        matches!(self, Tree::Const(_) | Tree::Flag(_) | Tree::Free(_))
    }

    /// True for a tree of the kept sets alone (owners, heights, regions,
    /// toggles and their `and`, `or`, `not`): a set of a few sites is
    /// read from it in a few word operations, where a tree of another
    /// kind tests or walks site by site.
    pub(super) fn is_flat(&self) -> bool {
        self.leaves_all(&|t| {
            matches!(
                t,
                Tree::Const(_)
                    | Tree::Empty
                    | Tree::Mine
                    | Tree::Enemy
                    | Tree::Heights(_)
                    | Tree::Region(_)
                    | Tree::Flag(_)
            )
        })
    }

    /// True when every leaf under the tree's `and`s, `or`s and `not`s
    /// passes `leaf`.
    fn leaves_all(&self, leaf: &impl Fn(&Tree) -> bool) -> bool {
        match self {
            Tree::Not(t) => t.leaves_all(leaf),
            Tree::And(ts) | Tree::Or(ts) => ts.iter().all(|t| t.leaves_all(leaf)),
            t => leaf(t),
        }
    }

    /// The place of a part in an `and` ([`Tree::compile`]): 0 for one that
    /// reads no site, 2 for a test site by site, 1 for a set.
    fn cost(&self) -> u8 {
        match self {
            t if t.reads_no_site() => 0,
            Tree::Each(_) | Tree::Around(_) => 2,
            _ => 1,
        }
    }

    /// `c` as a tree, when it reads only its site (see
    /// [`SitePred::compile`]).
    pub(super) fn compile(c: &Cond, alias: SiteRef, game: &Game) -> Option<Tree> {
        let here = |r: &SiteRef| *r == SiteRef::Subject || *r == alias;
        // A comparison, or an `and`/`or`/`not` of clauses, that reads no
        // site is one value for every site.
        if matches!(
            c,
            Cond::Compare(..) | Cond::And(_) | Cond::Or(_) | Cond::Not(_)
        ) && let Some(s) = Scalar::compile(c)
        {
            return Some(Tree::Free(Box::new(s)));
        }
        Some(match c {
            Cond::True => Tree::Const(true),
            Cond::False => Tree::Const(false),
            Cond::Empty(r) if here(r) => Tree::Empty,
            Cond::Mine(r) if here(r) => Tree::Mine,
            Cond::Enemy(r) if here(r) => Tree::Enemy,
            Cond::Height(r, cmp, n) if here(r) => {
                Tree::Heights(height_mask(game.stack_cap, |h| cmp.test(h, *n))?)
            }
            Cond::Kind(r, k) if here(r) => Tree::Kind(*k),
            Cond::In(r, reg) if here(r) => Tree::Region(*reg),
            Cond::Holds(_) | Cond::HoldsOnly(_) | Cond::Mixed(_) | Cond::Marked(_) => {
                Tree::Each(SiteTest::of(c, here)?)
            }
            Cond::On(id) => Tree::Flag(*id),
            Cond::Line(l) if here(&l.at) => Tree::Line(Box::new(LineTree::compile(l, game)?)),
            // A whole-board set's members are each its own subject. Read
            // as sets even where one site is asked (`holds`): only on boards
            // whose sets fit the widest `Bits`.
            Cond::Any(_) | Cond::Every(..) if game.board.len() > MAX_WORDS * 64 => return None,
            Cond::Any(SiteSet::Where(c)) => {
                Tree::Somewhere(Box::new(Self::compile(c, SiteRef::Subject, game)?))
            }
            Cond::Every(SiteSet::Where(a), c) => Tree::Everywhere(
                Box::new(Self::compile(a, SiteRef::Subject, game)?),
                Box::new(Self::compile(c, SiteRef::Subject, game)?),
            ),
            // The site ahead is the inner condition's subject: only
            // `Subject` names it there.
            Cond::Ahead(r, dirs, c) if here(r) => {
                Tree::Ahead(*dirs, Box::new(Self::compile(c, SiteRef::Subject, game)?))
            }
            Cond::Any(SiteSet::Run(r)) => Self::closes(r, &here, game)?,
            Cond::Any(SiteSet::Neighbours(r, c)) if here(r) => Tree::Around(Box::new(Around::new(
                Reach::Neighbours,
                Self::compile(c, SiteRef::Subject, game)?,
                game,
            ))),
            Cond::Any(SiteSet::Group(r, c)) if here(r) => Tree::Around(Box::new(Around::new(
                Reach::Group,
                Self::compile(c, SiteRef::Subject, game)?,
                game,
            ))),
            Cond::Compare(a, cmp, b) => match height_against_constant(a, *cmp, b, &here, game) {
                Some(mask) => Tree::Heights(mask),
                None => Tree::Compare(Box::new((
                    SiteNum::compile(a, alias, game)?,
                    *cmp,
                    SiteNum::compile(b, alias, game)?,
                ))),
            },
            Cond::Not(c) => Tree::Not(Box::new(Self::compile(c, alias, game)?)),
            Cond::And(cs) => {
                let mut ts: Vec<Tree> = cs
                    .iter()
                    .map(|c| Self::compile(c, alias, game))
                    .collect::<Option<_>>()?;
                // The parts that read no site first: when one fails, the
                // sets of the others are not computed ([`Tree::eval`]);
                // the tests site by site last, on the sites left.
                ts.sort_by_key(Tree::cost);
                Tree::And(ts)
            }
            Cond::Or(cs) => Tree::Or(
                cs.iter()
                    .map(|c| Self::compile(c, alias, game))
                    .collect::<Option<_>>()?,
            ),
            _ => return None,
        })
    }

    /// `(any (run through:T close:C))` from the site itself, along a
    /// direction set, as [`Tree::Closes`]; `None` for a run with a length,
    /// an end, a direction of the move, or conditions that do not compile.
    fn closes(r: &Run, here: &impl Fn(&SiteRef) -> bool, game: &Game) -> Option<Tree> {
        let close = r.close.as_ref()?;
        if !here(&r.at) || r.with_end || r.length.is_some() || r.along.is_some() {
            return None;
        }
        let through = Self::compile(&r.through, SiteRef::Subject, game)?;
        let close = Self::compile(close, SiteRef::Subject, game)?;
        Some(Tree::Closes(r.dirs, Box::new((through, close))))
    }

    /// See [`SitePred::survives_growth`].
    fn survives_growth(&self, cap: usize) -> bool {
        match self {
            Tree::Const(_) | Tree::Region(_) | Tree::Flag(_) => true,
            Tree::Heights(m) => upward(*m, cap),
            Tree::Not(t) => matches!(**t, Tree::Empty),
            Tree::And(ts) | Tree::Or(ts) => ts.iter().all(|t| t.survives_growth(cap)),
            _ => false,
        }
    }

    /// See [`SitePred::reads_only_its_site`]: the leaves of a flat tree
    /// ([`Tree::is_flat`]), a kind and a test of the stack or mark.
    fn reads_only_its_site(&self) -> bool {
        self.leaves_all(&|t| t.is_flat() || matches!(t, Tree::Kind(_) | Tree::Each(_)))
    }

    /// True if it holds at site `s` of the board (see
    /// [`SitePred::holds`]).
    pub(super) fn holds(&self, st: &State, player: Player, s: Site) -> bool {
        match self {
            Tree::Const(b) => *b,
            Tree::Empty => st.height(s) == 0,
            Tree::Mine => st.top_owner(s) == Some(player),
            Tree::Enemy => st.top_owner(s).is_some_and(|o| o != player),
            Tree::Heights(mask) => mask >> bucket(st.height(s)) & 1 != 0,
            Tree::Kind(k) => st.top(s).map(|p| st.game.kind(p)) == Some(*k),
            Tree::Region(r) => in_region(st, *r, player, s),
            Tree::Each(t) => t.holds(st, player, s),
            Tree::Flag(id) => st.flag(*id),
            Tree::Free(c) => c.holds(st, player),
            Tree::Line(l) => l.holds(st, player, s),
            Tree::Somewhere(_) | Tree::Everywhere(..) => !self.eval_any(st, player).is_empty(),
            Tree::Around(a) => a.any(st, player, s),
            Tree::Compare(c) => {
                let (a, cmp, b) = &**c;
                cmp.test64(a.value(st, player, s), b.value(st, player, s))
            }
            Tree::Closes(dirs, tc) => st.game.dirsets[*dirs as usize][player as usize]
                .iter()
                .any(|&d| closes_along(st, player, s, d, &tc.0, &tc.1)),
            Tree::Ahead(dirs, c) => {
                st.game.dirsets[*dirs as usize][player as usize]
                    .iter()
                    .any(|&d| {
                        let t = st.game.board.step(s, d);
                        t != NO_SITE && c.holds(st, player, t)
                    })
            }
            Tree::Not(p) => !p.holds(st, player, s),
            Tree::And(ps) => ps.iter().all(|p| p.holds(st, player, s)),
            Tree::Or(ps) => ps.iter().any(|p| p.holds(st, player, s)),
        }
    }

    /// The sites where it holds (see [`SitePred::eval`]).
    pub(super) fn eval<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> Bits<W> {
        let occ = &st.occ;
        match self {
            Tree::Const(true) => all,
            Tree::Const(false) => Bits::ZERO,
            Tree::Empty => occ.of_height(0),
            Tree::Mine => occ.owned(player),
            Tree::Enemy => all.minus(occ.of_height(0)).minus(occ.owned(player)),
            Tree::Heights(mask) => heights(st, *mask),
            Tree::Kind(k) => kind_sites(st, *k),
            Tree::Region(r) => st.tables.region_bits(*r, player),
            Tree::Flag(id) => {
                if st.flag(*id) {
                    all
                } else {
                    Bits::ZERO
                }
            }
            Tree::Ahead(dirs, c) => ahead(st, player, *dirs, c.eval(st, player, all), all),
            Tree::Closes(dirs, tc) => {
                let through = tc.0.eval(st, player, all);
                let close = tc.1.eval(st, player, all).minus(through);
                closing(st, player, *dirs, through, close, all)
            }
            Tree::Line(l) => l.eval(st, player, all),
            Tree::Somewhere(c) => {
                let some = match &**c {
                    Tree::Line(l) if !l.exact => l.any(st, player, all),
                    c => !c.eval(st, player, all).is_empty(),
                };
                match some {
                    true => all,
                    false => Bits::ZERO,
                }
            }
            Tree::Everywhere(a, c) => {
                let a = a.eval(st, player, all);
                match a.minus(c.eval(st, player, all)).is_empty() {
                    true => all,
                    false => Bits::ZERO,
                }
            }
            Tree::Free(c) => {
                if c.holds(st, player) {
                    all
                } else {
                    Bits::ZERO
                }
            }
            Tree::Compare(c) => compare(c, st, player, all),
            Tree::Around(a) => a.eval(st, player, all),
            Tree::Each(t) => t.filter(st, player, all),
            Tree::Not(p) => all.minus(p.eval(st, player, all)),
            Tree::And(ps) => {
                let mut acc = all;
                for p in ps {
                    acc = match p {
                        // Read on the sites left alone.
                        Tree::Each(t) => t.filter(st, player, acc),
                        Tree::Around(a) => a.eval(st, player, acc),
                        Tree::Not(q) if matches!(**q, Tree::Each(_)) => {
                            acc.minus(q.eval(st, player, acc))
                        }
                        p => acc & p.eval(st, player, all),
                    };
                    if acc.is_empty() {
                        break;
                    }
                }
                acc
            }
            Tree::Or(ps) => ps
                .iter()
                .fold(Bits::ZERO, |acc, p| acc | p.eval(st, player, all)),
        }
    }
}

/// The sites of `all` where the comparison `c` holds: all or none when
/// neither number reads the site, else site by site.
fn compare<const W: usize>(
    c: &(SiteNum, Cmp, SiteNum),
    st: &State,
    player: Player,
    all: Bits<W>,
) -> Bits<W> {
    let (a, cmp, b) = c;
    if !a.reads_site() && !b.reads_site() {
        // The site is not read: any site of the board stands for all.
        let s = all.iter().next().unwrap_or(0);
        return match cmp.test64(a.value(st, player, s), b.value(st, player, s)) {
            true => all,
            false => Bits::ZERO,
        };
    }
    all.iter()
        .filter(|&s| cmp.test64(a.value(st, player, s), b.value(st, player, s)))
        .fold(Bits::ZERO, |acc, s| acc | Bits::bit(s))
}

impl Tree {
    /// [`Tree::eval`] on the state's own width, as a set (of one site
    /// or none) that says whether a tree of the whole board holds.
    fn eval_any(&self, st: &State, player: Player) -> Bits<1> {
        let nonempty = match st.tables.stride {
            1 => !self.eval::<1>(st, player, st.tables.all_bits()).is_empty(),
            2 => !self.eval::<2>(st, player, st.tables.all_bits()).is_empty(),
            4 => !self.eval::<4>(st, player, st.tables.all_bits()).is_empty(),
            _ => !self
                .eval::<MAX_WORDS>(st, player, st.tables.all_bits())
                .is_empty(),
        };
        match nonempty {
            true => Bits([1]),
            false => Bits::ZERO,
        }
    }
}

/// A [`Cond::Line`] compiled: its directions, length, exactness and the
/// tree its sites satisfy (`of:`, each site its own subject).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LineTree {
    /// Per player: the axes of the direction set, each once (a direction
    /// and its opposite, when the board has one and the set holds it,
    /// count the same run).
    axes: Vec<Vec<(Dir, Option<Dir>)>>,
    /// Per player, per site, per axis of `axes`: the sites of the board's
    /// line through the site along the axis, fewer than `len` steps away
    /// (`stride` words, as [`load`] reads them), so that an axis with
    /// fewer than `len` sites of `of:` there is passed at once
    /// ([`LineTree::holds_in`]).
    segments: Vec<Vec<u64>>,
    /// Per player, per axis of `axes`: true when a step against the axis
    /// is undone by a step along it, at every site of the board
    /// ([`retraces`]): then every run along the axis starts somewhere,
    /// and [`LineTree::any`] finds a line by the runs along it alone.
    retrace: Vec<Vec<bool>>,
    len: usize,
    exact: bool,
    of: Tree,
}

/// True when, at every site `u` of `board`, the site a step in direction
/// `opp` reaches steps back to `u` in direction `d`. So it is on every
/// board that builds today (grids, and graph boards, whose edges leave a
/// site in one direction each); checked per game rather than assumed.
fn retraces(board: &crate::board::Board, d: Dir, opp: Dir) -> bool {
    (0..board.len() as Site).all(|u| {
        let v = board.step(u, opp);
        v == NO_SITE || board.step(v, d) == u
    })
}

/// Per site of `board`, per axis of `axes`: the sites reached from the
/// site along the axis's direction and its opposite in fewer than `len`
/// steps, the site included, as `stride` words a set: every run of `len`
/// sites through the site lies there ([`LineTree::segments`]).
fn segments(board: &crate::board::Board, axes: &[(Dir, Option<Dir>)], len: usize) -> Vec<u64> {
    let (n, w) = (board.len(), stride(board.len()));
    let (table, nd) = (board.step_table(), board.directions().len());
    let mut out = vec![0u64; n * axes.len() * w];
    for (s, sets) in out.chunks_exact_mut(axes.len() * w).enumerate() {
        for (&(d, opp), set) in axes.iter().zip(sets.chunks_exact_mut(w)) {
            set[s / 64] |= 1 << (s % 64);
            for d in std::iter::once(d).chain(opp) {
                let mut t = s;
                for _ in 1..len.min(n) {
                    match table.get(t * nd + d as usize) {
                        Some(&u) if u != NO_SITE && (u as usize) < n => t = u as usize,
                        _ => break,
                    }
                    set[t / 64] |= 1 << (t % 64);
                }
            }
        }
    }
    out
}

impl LineTree {
    /// `l` compiled, when its `of:` reads only its site; an exact line
    /// longer than the board is left to the interpreter (a run round a
    /// ring of sites is counted there up to the board's size).
    fn compile(l: &Line, game: &Game) -> Option<LineTree> {
        let len = usize::from(l.len);
        if l.exact && len + 1 > game.board.len() {
            return None;
        }
        let axes = game.dirsets.get(l.dirs as usize)?.iter().map(|ds| {
            let mut axes: Vec<(Dir, Option<Dir>)> = Vec::new();
            for &d in ds {
                let opp = game.board.opposite(d);
                if !axes.iter().any(|&(a, o)| a == d || o == Some(d)) {
                    axes.push((d, opp));
                }
            }
            axes
        });
        let axes: Vec<_> = axes.collect();
        Some(LineTree {
            // Read only on boards whose sets fit the widest `Bits`.
            segments: match game.board.len() <= MAX_WORDS * 64 {
                true => axes.iter().enumerate().fold(Vec::new(), |mut out, (p, a)| {
                    // Players of the same axes share their lines' sets.
                    let same = axes[..p].iter().position(|b| b == a);
                    let segs = match same.and_then(|q| out.get(q)) {
                        Some(segs) => Vec::clone(segs),
                        None => segments(&game.board, a, len),
                    };
                    out.push(segs);
                    out
                }),
                false => Vec::new(),
            },
            retrace: axes
                .iter()
                .map(|a| {
                    a.iter()
                        .map(|&(d, opp)| opp.is_some_and(|o| retraces(&game.board, d, o)))
                        .collect()
                })
                .collect(),
            axes,
            len,
            exact: l.exact,
            of: Tree::compile(&l.of, SiteRef::Subject, game)?,
        })
    }

    /// True if site `s` lies in such a line (as the interpreter counts
    /// it: a run each way from `s`, at most the board's size).
    fn holds(&self, st: &State, player: Player, s: Site) -> bool {
        // An `of:` that is one of the state's kept sets is read once, as
        // a set, and each site of the runs is then one bit test.
        if matches!(self.of, Tree::Mine | Tree::Enemy | Tree::Empty)
            && st.pending_sets.is_none()
            && st.occ.kept()
        {
            match st.tables.stride {
                1 => return self.holds_in::<1>(st, player, s),
                2 => return self.holds_in::<2>(st, player, s),
                4 => return self.holds_in::<4>(st, player, s),
                MAX_WORDS => return self.holds_in::<MAX_WORDS>(st, player, s),
                _ => {}
            }
        }
        self.holds_where(st, player, s, |t| self.of.holds(st, player, t))
    }

    /// [`LineTree::holds`] with `of:` read as a set of the state's width.
    fn holds_in<const W: usize>(&self, st: &State, player: Player, s: Site) -> bool {
        let x: Bits<W> = self.of.eval(st, player, st.tables.all_bits());
        if !x.has(s) {
            return false;
        }
        let axes = &self.axes[player as usize];
        let segs = self
            .segments
            .get(player as usize)
            .map_or(&[][..], Vec::as_slice);
        let board = &st.game.board;
        axes.iter().enumerate().any(|(i, &(d, opp))| {
            // A run of `len` sites through `s` lies within `len - 1`
            // steps of it: too few sites of `of:` there, and there is no
            // run long enough.
            let line: Bits<W> = load(segs, (s as usize * axes.len() + i) * W);
            if !segs.is_empty() && ((line & x).ones() as usize) < self.len {
                return false;
            }
            self.axis_holds(board, s, d, opp, |t| x.has(t))
        })
    }

    /// [`LineTree::holds`] with `of:` read by `of` at each site.
    #[inline(always)]
    fn holds_where(&self, st: &State, player: Player, s: Site, of: impl Fn(Site) -> bool) -> bool {
        if !of(s) {
            return false;
        }
        let board = &st.game.board;
        self.axes[player as usize]
            .iter()
            .any(|&(d, opp)| self.axis_holds(board, s, d, opp, &of))
    }

    /// True if the run of `of:` sites through `s` (a site of `of:`) along
    /// `d` and its opposite `opp` is as long as the line asks.
    #[inline(always)]
    fn axis_holds(
        &self,
        board: &crate::board::Board,
        s: Site,
        d: Dir,
        opp: Option<Dir>,
        of: impl Fn(Site) -> bool,
    ) -> bool {
        let run = |d| {
            let (mut n, mut t) = (0, board.step(s, d));
            while t != NO_SITE && n < board.len() && of(t) {
                n += 1;
                t = board.step(t, d);
            }
            n
        };
        let n = 1 + run(d) + opp.map_or(0, run);
        if self.exact {
            n == self.len
        } else {
            n >= self.len
        }
    }

    /// The sites of such lines. Per direction `d` (and its opposite `o`,
    /// if any): `fwd[a]` are the sites that start a run of at least `a`
    /// sites of `of:` along `d`, `back[b]` along `o`; a site lies in a
    /// run of `a + b - 1` through it when it is in `fwd[a]` and `back[b]`
    /// and in no longer ones (for an exact line).
    fn eval<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> Bits<W> {
        let x = self.of.eval(st, player, all);
        let top = self.len + usize::from(self.exact);
        if x.is_empty() || top > MAX_LINE {
            return match x.is_empty() {
                true => Bits::ZERO,
                false => self.eval_by_site(st, player, x),
            };
        }
        let runs = |d: Option<Dir>| {
            let mut r = [Bits::<W>::ZERO; MAX_LINE + 2];
            r[1] = x;
            if let Some(d) = d {
                for k in 2..=top {
                    r[k] = x & pre_dir(st, d, r[k - 1], all);
                }
            }
            r
        };
        let mut acc = Bits::ZERO;
        for &(d, opp) in self
            .axes
            .get(player as usize)
            .map_or(&[][..], Vec::as_slice)
        {
            let (fwd, back) = (runs(Some(d)), runs(opp));
            for a in 1..=self.len {
                let b = self.len + 1 - a;
                let mut m = fwd[a] & back[b];
                if self.exact {
                    m = m.minus(fwd[a + 1]).minus(back[b + 1]);
                }
                acc |= m;
            }
        }
        acc
    }

    /// True when some site lies in such a line, for a line that is not
    /// exact: [`LineTree::eval`] not empty, found with fewer shifts. Per
    /// axis, a run of `a` sites along `d` from a site that starts one of
    /// `b` along the opposite way makes a line when `a + b - 1 >= len`;
    /// the runs along `d` are grown first (a run of `len` is a line at
    /// once), then those the other way, each only as long as the longest
    /// along `d` leaves wanting, and each stops as soon as no site starts
    /// a run that long.
    fn any<const W: usize>(&self, st: &State, player: Player, all: Bits<W>) -> bool {
        let x = self.of.eval(st, player, all);
        if x.is_empty() || self.len > MAX_LINE {
            return !x.is_empty() && !self.eval_by_site(st, player, x).is_empty();
        }
        let axes = self
            .axes
            .get(player as usize)
            .map_or(&[][..], Vec::as_slice);
        let retrace = self
            .retrace
            .get(player as usize)
            .map_or(&[][..], Vec::as_slice);
        axes.iter().enumerate().any(|(i, &(d, opp))| {
            // fwd[a]: the sites that start a run of `a` sites along `d`.
            let mut fwd = [Bits::<W>::ZERO; MAX_LINE + 1];
            fwd[1] = x;
            let mut longest = 1;
            while longest < self.len {
                let next = x & pre_dir(st, d, fwd[longest], all);
                if next.is_empty() {
                    break;
                }
                longest += 1;
                fwd[longest] = next;
            }
            if longest >= self.len {
                return true;
            }
            // A run along an axis that retraces starts at its last site
            // against the axis: none of `len` along `d`, no line.
            let Some(opp) = opp.filter(|_| !retrace.get(i).copied().unwrap_or(false)) else {
                return false;
            };
            // back: the sites that start a run of `b` sites the other way;
            // with `a = len + 1 - b` along `d` through them, a line.
            let mut back = x;
            for b in 2..=self.len {
                back = x & pre_dir(st, opp, back, all);
                if back.is_empty() {
                    return false;
                }
                let a = self.len + 1 - b;
                if a <= longest && !(fwd[a] & back).is_empty() {
                    return true;
                }
            }
            false
        })
    }

    /// [`LineTree::eval`] site by site, for lines too long for its table.
    fn eval_by_site<const W: usize>(&self, st: &State, player: Player, x: Bits<W>) -> Bits<W> {
        x.iter()
            .filter(|&s| self.holds(st, player, s))
            .fold(Bits::ZERO, |acc, s| acc | Bits::bit(s))
    }
}

/// True when height-bucket mask `mask` holds every bucket above its
/// lowest, up to the bucket of height `cap` (a taller stack keeps it).
fn upward(mask: u8, cap: usize) -> bool {
    if mask == 0 {
        return true;
    }
    let low = mask.trailing_zeros() as usize;
    (low..=bucket(cap)).all(|b| mask >> b & 1 != 0)
}

/// Longest line [`LineTree::eval`] computes by shifts (a longer one is
/// evaluated site by site).
const MAX_LINE: usize = 8;

/// The sites of `all` whose neighbour in direction `d` lies in `x`: by
/// shifts when the direction has them
/// ([`crate::engine::bits::Preimages`]), else from the preimages of
/// `x`'s sites.
#[inline(always)]
fn pre_dir<const W: usize>(st: &State, d: Dir, x: Bits<W>, all: Bits<W>) -> Bits<W> {
    match st.tables.pre.classes(d) {
        Some((n, shift, mask)) => preimage(n, shift, mask, x) & all,
        None => pre_dir_by_sites(st, d, x, all),
    }
}

/// [`pre_dir`] of a direction without shift classes: from the preimages
/// of `x`'s sites, else site by site (kept out of line, so that the shift
/// path stays small enough to inline).
#[inline(never)]
fn pre_dir_by_sites<const W: usize>(st: &State, d: Dir, x: Bits<W>, all: Bits<W>) -> Bits<W> {
    match st.tables.pre.sparse(d, x) {
        Some(pre) => pre & all,
        None => all
            .iter()
            .filter(|&s| x.has(st.tables.step(s, d)))
            .fold(Bits::ZERO, |b, s| b | Bits::bit(s)),
    }
}

/// The sites of `all` whose neighbour in a direction of set `dirs` (as
/// `player` sees it) lies in `x` ([`pre_dir`]).
fn ahead<const W: usize>(
    st: &State,
    player: Player,
    dirs: DirSetId,
    x: Bits<W>,
    all: Bits<W>,
) -> Bits<W> {
    st.game.dirsets[dirs as usize][player as usize]
        .iter()
        .fold(Bits::ZERO, |acc, &d| acc | pre_dir(st, d, x, all))
}

/// The sites of `all` from which, along a direction of set `dirs` (as
/// `player` sees it), one or more sites of `through` are followed by one
/// of `close` (which holds none of `through`): for each direction, the
/// sites of `through` that lead to `close` grow back from it one step at
/// a time, and the answer is the step before them.
fn closing<const W: usize>(
    st: &State,
    player: Player,
    dirs: DirSetId,
    through: Bits<W>,
    close: Bits<W>,
    all: Bits<W>,
) -> Bits<W> {
    let mut out = Bits::ZERO;
    for &d in &st.game.dirsets[dirs as usize][player as usize] {
        let mut run = pre_dir(st, d, close, all) & through;
        loop {
            let more = run | (pre_dir(st, d, run, all) & through);
            if more == run {
                break;
            }
            run = more;
        }
        out |= pre_dir(st, d, run, all);
    }
    out
}

/// True if, from `s` along direction `d`, one or more sites where
/// `through` holds are followed by a site where `close` holds and
/// `through` does not (the walk of [`closing`] for one site).
fn closes_along(st: &State, player: Player, s: Site, d: Dir, through: &Tree, close: &Tree) -> bool {
    let board = &st.game.board;
    let mut x = board.step(s, d);
    let mut k = 0;
    while x != NO_SITE && through.holds(st, player, x) && k <= board.len() {
        x = board.step(x, d);
        k += 1;
    }
    k > 0 && x != NO_SITE && close.holds(st, player, x)
}

/// A set of `W` words in the widest set type, its other words empty.
fn widened<const W: usize>(set: Bits<W>) -> Bits<MAX_WORDS> {
    let mut wide = [0; MAX_WORDS];
    wide[..W].copy_from_slice(&set.0);
    Bits(wide)
}

/// The height buckets of `(CMP (height) N)` or `(CMP N (height))` of the
/// site itself (Oware's "two or three seeds"), when the buckets tell the
/// heights the comparison separates; `None` for any other comparison.
fn height_against_constant(
    a: &Num,
    cmp: Cmp,
    b: &Num,
    here: &impl Fn(&SiteRef) -> bool,
    game: &Game,
) -> Option<u8> {
    match (a, b) {
        (Num::Height(r), Num::Int(n)) if here(r) => {
            height_mask(game.stack_cap, |h| cmp.test64(i64::from(h), *n))
        }
        (Num::Int(n), Num::Height(r)) if here(r) => {
            height_mask(game.stack_cap, |h| cmp.test64(*n, i64::from(h)))
        }
        _ => None,
    }
}

/// The mask of height buckets where `test(height)` holds, when it holds
/// alike for every height a bucket stands for (stacks hold at most `cap`
/// pieces).
fn height_mask(cap: usize, test: impl Fn(i32) -> bool) -> Option<u8> {
    let mut mask = 0u8;
    let mut seen = [None; TOP_BUCKET + 1];
    for h in 0..=cap.min(u16::MAX as usize) {
        let b = bucket(h);
        let t = test(h as i32);
        match seen[b] {
            Some(prev) if prev != t => return None,
            _ => seen[b] = Some(t),
        }
        if t {
            mask |= 1 << b;
        }
    }
    Some(mask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Move;
    use crate::engine::cond::Ctx;
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    /// A `from:` asks more than its kind when it also reads a region, a
    /// height or another owner; the mover's stacks of a kind, or the
    /// mover's stacks alone, ask nothing more.
    #[test]
    fn what_a_from_asks_beyond_its_kind() {
        let text = r#"(game "t" (players 2) (board (square 4 4)) (piece "P") (piece "Q")
            (region "R" (row 0))
            (play (step from:(kind "P") to:Empty)))"#;
        let game = crate::compile::Game::from_source("t", text, &Default::default()).unwrap();
        let more = |src: &str| {
            let text = text.replace(r#"from:(kind "P")"#, &format!("from:{src}"));
            let game = crate::compile::Game::from_source("t", &text, &Default::default()).unwrap();
            let p = SitePred::compile(&game.gens[0].from, SiteRef::From, &game).unwrap();
            p.asks_more_than_kind()
        };
        assert!(
            !SitePred::compile(&game.gens[0].from, SiteRef::From, &game)
                .unwrap()
                .asks_more_than_kind()
        );
        for (src, want) in [
            (r#"(kind "P")"#, false),
            ("Mine", false),
            ("true", false),
            (r#"(and (kind "P") (in "R"))"#, true),
            ("Empty", true),
            ("Enemy", true),
            ("(more-than (height) 1)", true),
        ] {
            assert_eq!(more(src), want, "{src}");
        }
    }

    /// Plays seeded random games of `text` and, on every position, checks
    /// the condition under test compiled ([`SitePred::eval`] and
    /// [`SitePred::holds`]) against the interpreter's evaluation site by
    /// site; returns the positions seen. The condition is the `to:` of
    /// the first generator, or X in the last one's `to:(and false X)` (a
    /// generator that never moves, so X may read any site).
    fn agrees_with_the_interpreter(text: &str, games: u64) -> usize {
        let game =
            Arc::new(crate::compile::Game::from_source("t", text, &Default::default()).unwrap());
        let c = match game.gens.last().map(|g| &g.to) {
            Some(Cond::And(v)) if v.len() == 2 && v[0] == Cond::False => v[1].clone(),
            _ => game.gens[0].to.clone(),
        };
        let p = SitePred::compile(&c, SiteRef::To, &game).expect("compiles");
        let mut seen = 0;
        for seed in 0..games {
            let mut st = State::new(game.clone());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut moves: Vec<Move> = Vec::new();
            for _ in 0..60 {
                let player = st.scalars.mover;
                let all: Bits<1> = st.tables.all_bits();
                let set = p.eval(&st, player, all);
                let mine = p.eval_mine(&st, player, all);
                for s in 0..game.board.len() as Site {
                    let ctx = Ctx {
                        to: s,
                        ..Ctx::at(player, s)
                    };
                    let want = st.eval(&c, &ctx);
                    assert_eq!(set.has(s), want, "site {s}, game {seed}: {c:?}");
                    assert_eq!(p.holds(&st, player, s), want, "site {s}: {c:?}");
                    let ours = st.top(s).is_some_and(|q| game.owner(q) == player);
                    assert_eq!(mine.has(s), want && ours, "mine: site {s}: {c:?}");
                }
                seen += 1;
                st.legal_moves_into(&mut moves);
                if moves.is_empty() {
                    break;
                }
                st.play_unchecked(&moves[rng.random_range(0..moves.len())]);
            }
        }
        seen
    }

    /// Men that crown on the far row, stacked two high as kings: a
    /// kind's sites among the mover's stacks (`eval_mine`, read as one
    /// set) agree with the interpreter, alone and with a region, a height
    /// and an owner.
    #[test]
    fn a_kind_among_the_movers_stacks_is_the_set_its_piece_tops() {
        for cond in [
            r#"(kind "Man")"#,
            r#"(kind "King")"#,
            r#"(and (kind "Man") (in "Far"))"#,
            r#"(and (kind "Man") (at-least (height) 2))"#,
            r#"(and (kind "King") Enemy)"#,
            r#"(and (kind "King") (not Enemy))"#,
        ] {
            let text = format!(
                r#"(game "t" (players (player "A" forward:N) (player "B" forward:S))
                     (board (square 5 5 adjacency:All))
                     (piece "Man") (piece "King") (stack-limit 2)
                     (region "Far" (side Forward))
                     (setup (fill "Man" P1 (row 0)) (fill "Man" P2 (row 4)))
                     (play {{
                       (step from:(kind "Man") dirs:(and Forward Diagonal) to:(not Mine) capture:true
                         promote:"King" zone:"Far")
                       (step from:(kind "King") to:(not Mine) capture:true)
                       (step to:(and false {cond})) }}))"#
            );
            assert!(agrees_with_the_interpreter(&text, 8) > 40, "{cond}");
        }
    }

    #[test]
    fn a_height_compared_with_a_constant_is_a_set_of_height_buckets() {
        let src = |to: &str| {
            format!(
                r#"(game "t" (players 2) (board (square 2 4)) (piece "S") (stack-limit 48)
                     (play (place "S" to:{to})))"#
            )
        };
        let tree = |to: &str| {
            let game = Game::from_source("t", &src(to), &Default::default()).unwrap();
            Tree::compile(&game.gens[0].to, SiteRef::To, &game)
        };
        // Two or three: buckets 2 and 3, whichever side the constant is on.
        assert_eq!(
            tree("(and (at-least (height) 2) (at-most (height) 3))"),
            Some(Tree::And(vec![
                Tree::Heights(0b1111_1100),
                Tree::Heights(0b0000_1111)
            ]))
        );
        assert_eq!(
            tree("(more-than 3 (height))"),
            Some(Tree::Heights(0b0000_0111))
        );
        // Past the top bucket the heights are one bucket: no set of
        // buckets tells 8 from 9.
        let game = Game::from_source("t", &src("Empty"), &Default::default()).unwrap();
        let here = |r: &SiteRef| *r == SiteRef::Subject;
        let h = Num::Height(SiteRef::Subject);
        assert_eq!(
            height_against_constant(&h, Cmp::Ge, &Num::Int(9), &here, &game),
            None
        );
        assert_eq!(
            height_against_constant(&Num::Int(9), Cmp::Gt, &h, &here, &game),
            None
        );
        assert_eq!(
            height_against_constant(&Num::Int(2), Cmp::Le, &h, &here, &game),
            Some(0b1111_1100)
        );
    }

    #[test]
    fn a_clause_that_reads_no_site_is_one_value_for_the_whole_set() {
        // Nine Men's Morris's placement (docs/games/morris.md): while men
        // are left in hand; and a move while more than three are on the
        // board. Counters and the player's pieces read no site.
        let text = r#"(game "t" (players 2) (board (square 4 4)) (piece "P")
            (counter "Hand" init:3)
            (play {(place "P" to:(and Empty (more-than (counter "Hand") 0))
                      then:(add-counter "Hand" -1))
                   (step to:(and Empty (or (more-than (pieces) 2) (equal (counter "Hand") 0))))}))"#;
        let seen = agrees_with_the_interpreter(text, 8);
        assert!(seen > 50, "{seen}");
        let game = crate::compile::Game::from_source("t", text, &Default::default()).unwrap();
        let p = SitePred::compile(&game.gens[0].to, SiteRef::To, &game).unwrap();
        // Read first, so that the set of empty sites is not computed
        // once the hand is empty.
        assert!(matches!(p.tree.as_deref(), Some(Tree::And(t)) if matches!(t[0], Tree::Free(_))));
        // A site of the step, or a count of a set, is not such a clause.
        let height = Cond::Compare(Num::Height(SiteRef::To), Cmp::Eq, Num::Int(1));
        assert!(!matches!(
            Tree::compile(&height, SiteRef::To, &game),
            Some(Tree::Free(_))
        ));
        let pieces = Cond::Compare(Num::Pieces, Cmp::Gt, Num::Int(3));
        assert!(matches!(
            Tree::compile(&pieces, SiteRef::To, &game),
            Some(Tree::Free(_))
        ));
    }

    #[test]
    fn lines_and_whole_board_tests_agree_with_the_interpreter() {
        // Tic-tac-toe's three (docs/games/tictactoe.md) through the
        // destination; Gomoku's exact five; Pentago's "a five somewhere";
        // Morris's "every enemy man is in a mill" (docs/games/morris.md);
        // on a square board and on a hexagon (no opposite for some
        // directions at the edge, rows of two kinds).
        let games = [
            ("(square 5 5 adjacency:All)", "(line 3 To)"),
            (
                "(square 6 6 adjacency:All)",
                "(line 3 To exact:true of:(not Empty))",
            ),
            (
                "(square 6 6 adjacency:All)",
                "(any (where (line 4 of:Enemy)))",
            ),
            // A line somewhere, found by `LineTree::any`: one way along
            // each axis, then the other (directions of one sense only,
            // Pentago's `{N NE E SE}`), on square and hexagonal cells.
            (
                "(square 6 6 adjacency:All)",
                "(any (where (line 3 dirs:{N NE E SE} of:Mine)))",
            ),
            (
                "(square 5 5)",
                "(any (where (line 3 dirs:Orthogonal of:(not Empty))))",
            ),
            ("(hex 3)", "(any (where (line 3 of:Mine)))"),
            ("(hex 3)", "(any (where (line 4 of:(not Empty))))"),
            (
                "(square 5 5)",
                "(or (not (line 2 To dirs:Orthogonal of:Mine)) (every (where Enemy) (line 2 dirs:Orthogonal of:Enemy)))",
            ),
            ("(hex 3)", "(line 3 To of:(not Empty))"),
            // Kept sets read as sets, with the window test of
            // `LineTree::holds_in`: runs longer than the line, and
            // exactly as long, on a full board.
            (
                "(square 6 6 adjacency:All)",
                "(line 4 To exact:true of:Mine)",
            ),
            ("(square 4 4 adjacency:All)", "(line 2 To of:Enemy)"),
            ("(hex 3)", "(line 3 To of:Empty)"),
        ];
        for (board, x) in games {
            let text = format!(
                r#"(game "t" (players 2) (board {board}) (piece "P")
                    (play {{(place "P" to:Empty) (place "P" to:(and false {x}))}}))"#
            );
            let game = crate::compile::Game::from_source("t", &text, &Default::default()).unwrap();
            assert!(matches!(&game.gens[1].to, Cond::And(v) if v[0] == Cond::False));
            assert!(agrees_with_the_interpreter(&text, 10) > 60, "{x}");
        }
    }

    /// Opposite directions retrace each other on grids and on a graph
    /// board (whose edges leave a site in one direction each), so that
    /// `LineTree::any` reads lines one way along each axis.
    #[test]
    fn opposite_directions_retrace_each_other() {
        for board in [
            "(square 6 6 adjacency:All)",
            "(hex 3)",
            r#"(graph (site "a" 0 0) (site "b" 1 0) (site "c" 1 1) (site "d" 3 2) (edge "a" "b" "c" "d") (edge "a" "c"))"#,
        ] {
            let text = format!(
                r#"(game "t" (players 2) (board {board}) (piece "P") (play (place "P" to:Empty)))"#
            );
            let game = crate::compile::Game::from_source("t", &text, &Default::default()).unwrap();
            let b = &game.board;
            let pairs = (0..b.directions().len() as Dir).filter_map(|d| Some((d, b.opposite(d)?)));
            let mut n = 0;
            for (d, o) in pairs {
                assert!(retraces(b, d, o), "{board}: {d} and {o}");
                n += 1;
            }
            assert!(n >= 2, "{board}");
        }
    }

    /// Tests of a stack's owners and of marks, read site by site
    /// ([`SiteTest`]), alone and among set clauses, in a game where steps
    /// stack onto any stack (mixed stacks of both players) and mark their
    /// destination (Genocide's captured toggles, docs/games/genocide.md:
    /// `(and $capturable (in To "Far") (in To "FileA") (holds-only To)
    /// (not (marked To)))`).
    #[test]
    fn stack_and_mark_tests_agree_with_the_interpreter() {
        let conds = [
            "(holds To)",
            "(holds-only To)",
            "(mixed To)",
            "(marked To)",
            r#"(and (in To "Far") (holds-only To) (not (marked To)))"#,
            r#"(and $on (in To "Far") (in To "Left") (holds To))"#,
            "(or (mixed) (and (holds-only) (at-least (height) 2)))",
            "(not (holds-only To))",
            "(and (holds To) (not (mixed To)) (not (marked To)))",
        ];
        for x in conds {
            let text = format!(
                r#"(game "t" (players (player "A" forward:N) (player "B" forward:S))
                     (board (square 4 4 adjacency:All)) (piece "P") (stack-limit 6)
                     (toggle on bool default:true "a flag")
                     (region "Far" (side Forward))
                     (region "Left" (column 0))
                     (setup (fill "P" P1 (row 0)) (fill "P" P2 (row 3)))
                     (play {{
                       (step from:(holds-only) to:(not Empty) then:(mark To))
                       (step from:(holds-only) to:Empty then:(clear-marks))
                       (step to:(and false {x})) }}))"#
            );
            assert!(agrees_with_the_interpreter(&text, 10) > 200, "{x}");
        }
    }

    #[test]
    fn a_lines_window_holds_the_sites_fewer_than_its_length_away_along_the_axis() {
        // A 5 × 5 board, rows read from a1: c3 (12) along the row axis,
        // for a line of 2: b3 to d3; of 3, two steps each way: a3 to e3;
        // at a corner only the board's side.
        let game = crate::compile::Game::from_source(
            "t",
            r#"(game "t" (players 2) (board (square 5 5)) (piece "P") (play (place "P" to:Empty)))"#,
            &Default::default(),
        )
        .unwrap();
        let b = &game.board;
        let (e, w) = (b.direction_by_name("E").unwrap(), b.direction_by_name("W"));
        let set = |len, s: usize| {
            let segs = segments(b, &[(e, w)], len);
            (0..25)
                .filter(|t| segs[s] >> t & 1 == 1)
                .collect::<Vec<_>>()
        };
        assert_eq!(set(2, 12), [11, 12, 13]);
        assert_eq!(set(3, 12), [10, 11, 12, 13, 14]);
        assert_eq!(set(3, 0), [0, 1, 2]);
        assert_eq!(set(9, 12), [10, 11, 12, 13, 14]);
    }

    #[test]
    fn whole_board_tests_compile_only_where_the_sets_fit() {
        // 23 × 23 = 529 sites: more than the widest set (8 words) holds,
        // so a whole-board test stays with the interpreter; 22 × 22 fits.
        let text = |n| {
            format!(
                r#"(game "t" (players 2) (board (square {n} {n})) (piece "P")
                    (play (place "P" to:(and Empty (not (any (where (line 3 of:Mine))))))))"#
            )
        };
        let compiles = |n| {
            let game =
                crate::compile::Game::from_source("t", &text(n), &Default::default()).unwrap();
            SitePred::compile(&game.gens[0].to, SiteRef::To, &game).is_some()
        };
        assert!(compiles(22));
        assert!(!compiles(23));
    }

    #[test]
    fn ahead_is_the_preimage_of_the_inner_sites_along_the_directions() {
        // Connect Four's drop (docs/games/connect4.md): an empty site
        // whose site below is not empty; on a square board (one shift a
        // direction) and on a hexagon (rows of two kinds).
        let square = r#"(game "t" (players 2) (board (square 5 4 adjacency:All)) (piece "P")
            (play (place "P" to:(and Empty (not (ahead S Empty))))))"#;
        assert!(agrees_with_the_interpreter(square, 6) > 40);
        let hex = r#"(game "t" (players 2) (board (hex 3)) (piece "P")
            (play (place "P" to:(and Empty (ahead NE (not Mine))))))"#;
        assert!(agrees_with_the_interpreter(hex, 6) > 40);
        // Directions as each player sees them.
        let forward = r#"(game "t" (players 2) (board (square 5 5)) (piece "P")
            (play (place "P" to:(and Empty (ahead Forward (or Empty Enemy))))))"#;
        assert!(agrees_with_the_interpreter(forward, 6) > 40);
    }

    #[test]
    fn a_run_closed_by_another_site_is_read_as_sets_grown_back_from_the_close() {
        // Reversi's placement (docs/games/reversi.md) on a square board,
        // a hexagon, and along forward directions only, each agreeing
        // with the reference at every site of seeded positions.
        let square = r#"(game "t" (players 2) (board (square 6 6 adjacency:All)) (piece "D")
            (setup (fill "D" P1 (sites "c4" "d3")) (fill "D" P2 (sites "c3" "d4")))
            (play (priority
                {(place "D" to:(and Empty (any (run through:Enemy close:Mine)))
                   then:(convert-all (run through:Enemy close:Mine)))}
                {(pass)})))"#;
        assert!(agrees_with_the_interpreter(square, 8) > 40);
        let hex = r#"(game "t" (players 2) (board (hex 3)) (piece "D")
            (play (place "D" to:(and Empty (not (any (run through:(or Enemy Mine) close:Empty)))))))"#;
        assert!(agrees_with_the_interpreter(hex, 8) > 40);
        let forward = r#"(game "t" (players 2) (board (square 7 5)) (piece "D")
            (setup (fill "D" P1 (row 0)) (fill "D" P2 (row 6)))
            (play (place "D" to:(and Empty (any (run dirs:Forward through:Empty close:Enemy))))))"#;
        assert!(agrees_with_the_interpreter(forward, 8) > 40);
    }

    #[test]
    fn heights_compile_to_buckets_when_a_bucket_is_uniform() {
        // A man (height 1) and a king (height 2) under a stack limit of 2.
        assert_eq!(height_mask(2, |h| h == 1), Some(0b10));
        assert_eq!(height_mask(2, |h| Cmp::Ge.test(h, 1)), Some(0b110));
        // Tall stacks share the top bucket: `>= 3` is uniform there, `= 9`
        // is not.
        assert_eq!(height_mask(32, |h| h >= 3), Some(0b1111_1000));
        assert_eq!(height_mask(32, |h| h == 9), None);
        assert_eq!(height_mask(32, |h| h >= 7), Some(0b1000_0000));
    }

    #[test]
    fn only_conditions_on_the_site_itself_compile() {
        let game = crate::compile::Game::from_source(
            "t",
            "(game \"t\" (players 2) (board (square 3 3)) (piece \"P\") (play (step)))",
            &Default::default(),
        )
        .unwrap();
        let not_mine = Cond::Not(Box::new(Cond::Mine(SiteRef::Subject)));
        let c = Cond::And(vec![Cond::Empty(SiteRef::To), not_mine.clone()]);
        // A conjunction: empty, and empty or an enemy's.
        let p = SitePred::compile(&c, SiteRef::To, &game).unwrap();
        assert_eq!((p.owners, p.tree.is_none()), (0b001, true));
        // In `from:`, `To` is another site.
        assert_eq!(SitePred::compile(&c, SiteRef::From, &game), None);
        assert_eq!(
            SitePred::compile(&Cond::Friend(SiteRef::Subject), SiteRef::To, &game),
            None
        );
        // Not a conjunction: kept as a tree.
        let or = Cond::Or(vec![Cond::Empty(SiteRef::To), Cond::In(SiteRef::To, 0)]);
        let p = SitePred::compile(&or, SiteRef::To, &game);
        assert!(p.is_some_and(|p| p.tree.is_some()));
        let both = Cond::And(vec![Cond::Height(SiteRef::To, Cmp::Ge, 1), not_mine]);
        let p = SitePred::compile(&both, SiteRef::To, &game).unwrap();
        assert_eq!(
            (p.owners, p.heights, p.tree.is_none()),
            (0b101, 0b1111_1110, true)
        );
    }
}

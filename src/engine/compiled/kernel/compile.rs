//! Which games the kernel takes, and their rules compiled for it: steps
//! and hops of whole stacks (one kind of piece, each stack one player's,
//! two players), chained hops, priority levels, and `then:` effects that
//! push pieces, end the turn or decide the game, under conditions the
//! kernel tabulates ([`super::cond`]).

use super::cond::{ClassBoard, Table};
use super::pos::{KPos, MAX_LEVELS};
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Effect, Game, GenId, GenKind, Hop, Num, Origin, Pieces, SiteRef, Step};
use crate::engine::State;
use crate::engine::tables::Tables;
use crate::engine::word::Word;

/// No site, in a [`super::walk::KMove`].
pub(crate) const NONE: u8 = u8::MAX;

/// Most distinct conditions the generators of a kernel test.
pub(crate) const MAX_CONDS: usize = 8;

/// A game's rules compiled for the kernel (see the module's
/// documentation), for a board whose lattice box has at most `W::SITES`
/// places.
///
/// The kernel's sets are indexed by each site's place on the board's
/// lattice (row by row over the box around it, [`Kernel::bit`]), so that a
/// step in a direction is one shift of a set: the board is taken only when
/// every step in a direction adds the same offset to the place.
#[derive(Debug)]
pub(crate) struct Kernel<W> {
    /// Every site of the board.
    pub board: W,
    /// The stack limit.
    pub cap: usize,
    /// `bit[site]`: the site's place in the kernel's sets (one entry a
    /// site: its length is the longest chain a turn may make).
    pub bit: Vec<u8>,
    /// `dirs[dir]`: the offset of a step that way, and the sites (places)
    /// that have a neighbour that way.
    pub dirs: Vec<(i32, W)>,
    /// The distinct conditions of the generators (`from:`, `over:`,
    /// `to:`), each computed once per position listed.
    pub conds: Vec<Table<W>>,
    /// The compiled generators: those of the levels and the chains.
    pub gens: Vec<KGen<W>>,
    /// The play's priority levels, first first (indices into
    /// [`Kernel::gens`]).
    pub levels: Vec<Vec<u16>>,
}

/// A compiled step or hop.
#[derive(Debug)]
pub(crate) struct KGen<W> {
    /// A hop (over the neighbour to the site beyond), else a step.
    pub hop: bool,
    /// A step removes the destination's stack first; a hop removes the
    /// jumped one.
    pub capture: bool,
    /// `dirs[player]`: its directions, each as its offset and the sites
    /// with a neighbour that way ([`Kernel::dirs`]).
    pub dirs: [Vec<(i32, W)>; 2],
    /// `from:`, `over:` (hops), `to:`: indices into [`Kernel::conds`].
    pub from: u8,
    pub over: u8,
    pub to: u8,
    /// `then:`.
    pub then: Vec<KEffect<W>>,
    /// `acts[mover][height]`: the destinations where `then:` may change
    /// something after a move of a stack of that height (elsewhere it is
    /// known to do nothing: [`acts`]).
    pub acts: [[W; MAX_LEVELS + 1]; 2],
    /// The generators a chained continuation draws from (empty: no
    /// chain): generator ids while compiling, then indices into
    /// [`Kernel::gens`].
    pub chain: Vec<u16>,
}

/// A site of the step an effect acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum At {
    From,
    To,
    Over,
}

/// A compiled `then:` effect.
#[derive(Debug)]
pub(crate) enum KEffect<W> {
    /// The first effects where the condition holds at the site, else the
    /// second.
    If(Table<W>, At, Vec<KEffect<W>>, Vec<KEffect<W>>),
    /// `n` pieces pushed on the site's stack: the mover's, or its top's
    /// owner's (`top_owner`); of the one kind, or only on a stack
    /// (`kind_given` false: the top's kind).
    Push {
        at: At,
        n: usize,
        kind_given: bool,
        top_owner: bool,
    },
    /// The turn ends with this step.
    EndTurn,
    /// The game is decided (with two players every result decides it).
    Decide,
}

impl<W: Word> Kernel<W> {
    /// The kernel of `state`'s game, or `None` when the game is not of the
    /// kind the kernel plays (see the module's documentation).
    pub(crate) fn compile(state: &State) -> Option<Kernel<W>> {
        let (game, tables): (&Game, &Tables) = (&state.game, &state.tables);
        let n = game.board.len();
        let phase = game.phases.first()?;
        let plain = game.num_players() == 2
            && n <= W::SITES
            && n < usize::from(NONE)
            && game.kinds.len() == 1
            && (1..=MAX_LEVELS).contains(&game.stack_cap)
            && game.phases.len() == 1
            && phase.auto.is_empty()
            && !phase.repeat
            && tables.plain_turns
            && game.maximize.is_none()
            && game.end.lose_when.is_empty()
            && game.end.passes.is_none_or(|p| p >= 1);
        if !plain {
            return None;
        }
        let (bit, dirs) = embed::<W>(&game.board)?;
        let mut k = Kernel {
            board: bit.iter().fold(W::ZERO, |b, &i| b | W::bit(Site::from(i))),
            cap: game.stack_cap,
            bit,
            dirs,
            conds: Vec::new(),
            gens: Vec::new(),
            levels: Vec::new(),
        };
        // Each generator a level or a chain uses, compiled once; `index[g]`
        // its place in `k.gens`.
        let mut boards = ClassBoard::new(state);
        let mut index: Vec<Option<u16>> = vec![None; game.gens.len()];
        let mut todo: Vec<GenId> = phase.play.iter().flatten().copied().collect();
        while let Some(g) = todo.pop() {
            if index.get(g as usize)?.is_some() {
                continue;
            }
            let kg = compile_gen(&mut k, &mut boards, game, g, tables.chained(g))?;
            todo.extend(&kg.chain);
            index[g as usize] = Some(k.gens.len() as u16);
            k.gens.push(kg);
        }
        let dense = |gs: &[GenId]| -> Option<Vec<u16>> {
            gs.iter()
                .map(|&g| index.get(g as usize).copied().flatten())
                .collect()
        };
        for kg in &mut k.gens {
            kg.chain = dense(&kg.chain)?;
        }
        k.levels = phase.play.iter().map(|l| dense(l)).collect::<Option<_>>()?;
        Some(k)
    }

    /// The kernel's position of `st` for a perft `depth` turns deep, or
    /// `None` when the kernel cannot play on from it: in the middle of a
    /// turn, the game over, a mark, a stack of two owners or of a piece
    /// not the one kind, or an end rule (the turn limit, passes) that
    /// could decide within the depth.
    pub(crate) fn start(&self, st: &State, depth: u32) -> Option<KPos<W>> {
        let s = &st.scalars;
        let end = &st.game.end;
        if s.outcome.is_some()
            || st.mid_turn()
            || s.phase != 0
            || s.marked != 0
            || s.mover > 1
            || end
                .turn_limit
                .is_some_and(|n| s.turns.saturating_add(depth) >= n)
            || end.passes.is_some_and(|n| s.passes >= n)
        {
            return None;
        }
        let mut p = KPos {
            mover: s.mover,
            ..KPos::default()
        };
        for site in 0..self.bit.len() as Site {
            let stack = st.stack(site);
            let Some(&first) = stack.first() else {
                continue;
            };
            let (who, kind) = (st.game.owner(first), st.game.kind(first));
            if who > 1 || kind != 0 || stack.iter().any(|&q| q != first) {
                return None;
            }
            let b = W::bit(Site::from(self.bit[site as usize]));
            p.push(b, who, stack.len(), self.cap);
            if p.height(b) != stack.len() {
                return None;
            }
        }
        Some(p)
    }
}

/// Each site's place in the kernel's sets, and each direction's offset and
/// the places that have a neighbour that way ([`embed`]).
type Embedding<W> = (Vec<u8>, Vec<(i32, W)>);

/// The place of each site of `board` in the kernel's sets, and each
/// direction's offset and the places that have a neighbour that way; `None`
/// when the places do not fit a `W`, two sites share one, or a direction's
/// steps do not all add the same offset.
fn embed<W: Word>(board: &crate::board::Board) -> Option<Embedding<W>> {
    let n = board.len();
    let lattice = lattice(board);
    let (x0, y0, width, area) = lattice_box(&lattice)?;
    if area > W::SITES.min(usize::from(NONE)) as i64 {
        return None;
    }
    let bit: Vec<u8> = lattice
        .iter()
        .map(|&(x, y)| ((y - y0) * width + x - x0) as u8)
        .collect();
    let mut seen = W::ZERO;
    for &b in &bit {
        if seen & W::bit(Site::from(b)) != W::ZERO {
            return None;
        }
        seen |= W::bit(Site::from(b));
    }
    let dirs = (0..board.directions().len())
        .map(|d| {
            let (mut offset, mut has) = (None, W::ZERO);
            for s in 0..n {
                let t = board.step(s as Site, d as u8);
                if t == NO_SITE {
                    continue;
                }
                let o = i32::from(bit[t as usize]) - i32::from(bit[s]);
                if offset.is_some_and(|x| x != o) {
                    return None;
                }
                offset = Some(o);
                has |= W::bit(Site::from(bit[s]));
            }
            Some((offset.unwrap_or(0), has))
        })
        .collect::<Option<Vec<_>>>()?;
    Some((bit, dirs))
}

/// The box around `lattice` (the places of a board's sites): its lowest
/// column and row, its width, its area; `None` for no site.
fn lattice_box(lattice: &[(i64, i64)]) -> Option<(i64, i64, i64, i64)> {
    let (x0, x1) = min_max(lattice.iter().map(|l| l.0))?;
    let (y0, y1) = min_max(lattice.iter().map(|l| l.1))?;
    let width = x1 - x0 + 1;
    Some((x0, y0, width, width * (y1 - y0 + 1)))
}

/// The places the kernel's sets need for `board`: the area of the box
/// around its sites on its lattice (0 for no site).
pub(crate) fn places(board: &crate::board::Board) -> usize {
    lattice_box(&lattice(board)).map_or(0, |b| b.3 as usize)
}

/// Each site's place on the lattice of `board` (column, row).
fn lattice(board: &crate::board::Board) -> Vec<(i64, i64)> {
    (0..board.len() as Site)
        .map(|s| {
            let (x, y) = board.lattice(s);
            (i64::from(x), i64::from(y))
        })
        .collect()
}

/// The least and the greatest of `xs`, or `None` when empty.
fn min_max(xs: impl Iterator<Item = i64> + Clone) -> Option<(i64, i64)> {
    Some((xs.clone().min()?, xs.max()?))
}

impl<W: Word> Kernel<W> {
    /// The table of `c` about the site `at`, or `None` when the kernel
    /// does not take it ([`super::cond::local`]).
    fn table(
        &self,
        boards: &mut ClassBoard,
        c: &crate::compile::ir::Cond,
        at: SiteRef,
    ) -> Option<Table<W>> {
        Table::of(boards, c, at, self.cap, &self.bit)
    }

    /// The index of `c` (about the site named `Subject`) in
    /// [`Kernel::conds`], added when new; `None` when it does not compile
    /// or there would be more than [`MAX_CONDS`].
    fn intern(&mut self, boards: &mut ClassBoard, c: &crate::compile::ir::Cond) -> Option<u8> {
        let t = self.table(boards, c, SiteRef::Subject)?;
        if let Some(i) = self.conds.iter().position(|q| *q == t) {
            return Some(i as u8);
        }
        if self.conds.len() >= MAX_CONDS {
            return None;
        }
        self.conds.push(t);
        Some(self.conds.len() as u8 - 1)
    }
}

/// Generator `g` compiled, chained to `chain`; `None` when it is not a
/// plain step or hop of the mover's whole stack, or has filters,
/// `finally:` effects, costs, limits, promotions, or a condition or effect
/// the kernel does not compile.
fn compile_gen<W: Word>(
    k: &mut Kernel<W>,
    boards: &mut ClassBoard,
    game: &Game,
    g: GenId,
    chain: &[GenId],
) -> Option<KGen<W>> {
    let generator = game.gens.get(g as usize)?;
    if generator.check.is_some() || generator.after.is_some() || !generator.finally.is_empty() {
        return None;
    }
    let (hop, dirs, shift, over) = match &generator.kind {
        GenKind::Step(Step {
            shift,
            dirs,
            limits,
            cost: None,
        }) if limits.keep.is_none() && limits.max.is_none() => (false, *dirs, shift, None),
        GenKind::Hop(Hop {
            shift,
            dirs,
            over,
            repeat: false,
            flying: false,
            capture_at_end: false,
            ..
        }) => (true, *dirs, shift, Some(over)),
        _ => return None,
    };
    if shift.origin != Origin::Mine || shift.pieces != Pieces::Whole || shift.promote_to.is_some() {
        return None;
    }
    let per_player = game.dirsets.get(dirs as usize)?;
    let dirs_of = |p: usize| -> Option<Vec<(i32, W)>> {
        let ds = per_player.get(p).map_or(&[][..], Vec::as_slice);
        ds.iter()
            .map(|&d| k.dirs.get(usize::from(d)).copied())
            .collect()
    };
    let dirs = [dirs_of(0)?, dirs_of(1)?];
    let from = k.intern(boards, &generator.from)?;
    let to = k.intern(boards, &generator.to)?;
    let over = match over {
        Some(c) => k.intern(boards, c)?,
        None => to,
    };
    let then = effects(k, boards, &generator.then, hop)?;
    let acts = acts(k, &then);
    Some(KGen {
        hop,
        capture: shift.capture,
        dirs,
        from,
        over,
        to,
        then,
        acts,
        chain: chain.to_vec(),
    })
}

/// Where effects `then` may act, by mover and height of the stack moved
/// ([`KGen::acts`]): nowhere when there are none; for one `if` about the
/// destination, the sites where its branch that has effects is taken for a
/// stack of the mover's of that height (the stack the move put there, as
/// no effect has run before it); everywhere otherwise.
fn acts<W: Word>(k: &Kernel<W>, then: &[KEffect<W>]) -> [[W; MAX_LEVELS + 1]; 2] {
    let mut out = [[k.board; MAX_LEVELS + 1]; 2];
    match then {
        [] => out = [[W::ZERO; MAX_LEVELS + 1]; 2],
        [KEffect::If(c, At::To, yes, no)] => {
            let some = |es: &[KEffect<W>]| if es.is_empty() { W::ZERO } else { k.board };
            for (m, row) in out.iter_mut().enumerate() {
                for (h, acts) in row.iter_mut().enumerate().skip(1).take(k.cap) {
                    let holds = c.for_class(m as u8, 0, h);
                    *acts = holds & some(yes) | k.board & !holds & some(no);
                }
            }
        }
        _ => {}
    }
    out
}

/// `then:` effects compiled, or `None`.
fn effects<W: Word>(
    k: &Kernel<W>,
    boards: &mut ClassBoard,
    es: &[Effect],
    hop: bool,
) -> Option<Vec<KEffect<W>>> {
    es.iter().map(|e| effect(k, boards, e, hop)).collect()
}

/// The site `r` names in a step's effects (`Over` only for a hop).
fn at(r: SiteRef, hop: bool) -> Option<At> {
    match r {
        SiteRef::From => Some(At::From),
        SiteRef::To => Some(At::To),
        SiteRef::Over if hop => Some(At::Over),
        _ => None,
    }
}

/// One `then:` effect compiled, or `None`.
fn effect<W: Word>(
    k: &Kernel<W>,
    boards: &mut ClassBoard,
    e: &Effect,
    hop: bool,
) -> Option<KEffect<W>> {
    Some(match e {
        Effect::If(c, a, b) => {
            let sites = [SiteRef::To, SiteRef::From, SiteRef::Over];
            let (table, at) = sites
                .iter()
                .find_map(|&r| Some((k.table(boards, c, r)?, at(r, hop)?)))?;
            KEffect::If(
                table,
                at,
                effects(k, boards, a, hop)?,
                effects(k, boards, b, hop)?,
            )
        }
        Effect::Push {
            at: r,
            count: Num::Int(n),
            kind,
            owner,
        } => KEffect::Push {
            at: at(*r, hop)?,
            n: usize::try_from(*n).unwrap_or(0).min(k.cap),
            kind_given: match kind {
                None => false,
                Some(0) => true,
                Some(_) => return None,
            },
            top_owner: *owner == crate::compile::ir::Owner::Top,
        },
        Effect::EndTurn => KEffect::EndTurn,
        Effect::Result(..) => KEffect::Decide,
        _ => return None,
    })
}

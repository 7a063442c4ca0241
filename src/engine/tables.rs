//! The engine's tables of a game: what the interpreter derives once from
//! the compiled [`Game`] to play it fast (Zobrist keys, the generators
//! that attack and their leaps run backwards, each generator's origin
//! test, filter with its after-plan, twin, chained generators and leap
//! targets). The compiled game says what the rules
//! mean; these tables are how this engine plays them. A [`super::State`]
//! holds them next to its game, shared by every clone.

use super::attack::{AttackTest, Attacker, attackers, required_kind};
use super::bitcompile::Compiler;
use super::bitfilter::BitFilter;
use super::bits::{Bits, Preimages, load, stride};
use super::compiled::cond::attack::AttackSets;
use super::compiled::cond::heuristic_sets::HeuristicSets;
use super::compiled::moves::ends_turn::ends_its_turn;
use super::fastgen::{FastGen, FastLevel, joint_levels};
use super::mixed::MixedLevel;
use super::mode::Engine;
use super::plan::{AfterPlan, after_plan, royal_guard};
use super::scalar::Scalar;
use super::shiftgen::ShiftLevel;
use super::sitepred::SitePred;
use super::slidelevel::SlideLevel;
use super::thentree::ThenTree;
use super::zobrist::Zobrist;
use crate::board::{Board, Dir, NO_SITE, Site};
use crate::compile::ir::{
    Chain, Cond, Effect, Game, Gen, GenId, GenKind, Kind, Leap, Origin, SiteRef, Slide, Step,
    TurnFact,
};
use crate::compile::stakes::most;
use std::collections::HashMap;
use std::sync::Arc;

/// The tables of one game (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Tables {
    /// The engine these tables serve: the reference builds no compiled
    /// part.
    engine: Engine,
    /// A number no other tables made in this process have (their clones
    /// share it): what tells games and tiers apart in the memory of the
    /// `maximize:` search ([`crate::engine::reference::maximize`]).
    pub(crate) serial: u64,
    /// Zobrist keys for repetition detection.
    pub(crate) zobrist: Zobrist,
    /// The generators whose moves capture, what `attacked` tries.
    pub(crate) attackers: Vec<Attacker>,
    /// `attacked` and `in-check` told from site sets, when the attackers
    /// allow it (`None` for the reference).
    pub(crate) attack: Option<Arc<dyn AttackTest>>,
    /// The same attack sets as [`Tables::attack`], for the pins of royal
    /// pieces ([`Filter::Royal`]).
    pub(crate) attack_sets: Option<Arc<AttackSets>>,
    /// Per generator, by [`GenId`].
    pub(crate) gens: Vec<GenTables>,
    /// Some generator has an `after:` or `check:` filter (legal moves are
    /// probed).
    pub(crate) has_filters: bool,
    /// Some generator has a compiled `from:` ([`GenTables::from`]): one
    /// test instead of a look in `gens` for the others.
    pub(crate) has_from_preds: bool,
    /// Some generator's filter is one the flank screen tells
    /// ([`super::screen`]): a flank from the destination with a plan.
    pub(crate) has_screens: bool,
    /// The evaluation's tables (roles, rays).
    pub(crate) eval: super::evaltables::EvalTables,
    /// Words of a set of the board's sites ([`super::bits::stride`]).
    pub(crate) stride: usize,
    /// Every site of the board, as a set.
    all: Vec<u64>,
    /// How to find the sites whose neighbour in a direction lies in a set
    /// by shifts (the compiled `ahead`); empty for the reference.
    pub(crate) pre: Preimages,
    /// Each region as each player sees it, as a set: `(region × players +
    /// player) × words`.
    regions: Vec<u64>,
    /// The board's step table (`site × directions + dir`, [`NO_SITE`] off
    /// the board).
    step: Vec<Site>,
    /// Directions of the board.
    dirs: usize,
    /// Players of the game.
    players: usize,
    /// The compiled plans of the priority levels (empty for the
    /// reference).
    plans: Plans,
    /// Per progress fact of the no-progress rule: a `moved` fact's
    /// condition compiled to a site condition on the origin, when it can
    /// be.
    pub(crate) moved_facts: Vec<Option<SitePred>>,
    /// Each `lose-when` condition compiled when it reads no site
    /// (counters, pieces, toggles), in the order of the rules; `None` for
    /// one that does (the reference reads it). Empty in the reference.
    pub(crate) lose_when: Vec<Option<Scalar>>,
    /// Per phase: the compiled parts of its `auto:` effects (the sites of
    /// a `push-each` or `remove-all` read as sets, [`ThenTree`]); empty
    /// when nothing compiles, and in the reference.
    pub(crate) phase_auto: Vec<ThenTree>,
    /// The whole-board sets the heuristic's number terms count, compiled
    /// ([`HeuristicSets`]); empty in the reference.
    pub(crate) heuristic_sets: HeuristicSets,
    /// The no-progress rule counts a capture as progress (its facts name
    /// `Capture`).
    pub(crate) capture_progress: bool,
    /// The no-progress rule counts some piece's move as progress (a
    /// `moved` fact).
    pub(crate) moved_progress: bool,
    /// The game has one phase, not repeated, with no automatic effects:
    /// a step that does not continue the turn ends it.
    pub(crate) plain_turns: bool,
    /// No step can continue its turn: no generator chains and no move
    /// block exists for an `(again …)` to name, so every turn is one step.
    pub(crate) one_step_turns: bool,
}

/// What the engine derives from one generator.
#[derive(Debug, Clone, Default)]
pub(crate) struct GenTables {
    /// The [`crate::compile::ir::Origin::bit`] of the sites it moves from; 0 for the moves
    /// that start from no site (placements, passes, sowings, rotations),
    /// which are generated apart.
    pub origin: u8,
    /// The kind `from:` requires of the origin's top piece, if it requires
    /// one: origins with another top piece are passed over without
    /// evaluating `from:`.
    pub from_kind: Option<Kind>,
    /// The parts of `from:` and `to:` that no step of a listing changes
    /// ([`super::hoist`]): asked once a listing by the reference's walk of
    /// origins; when they fail, the generator has no move there.
    pub hoisted: Option<Cond>,
    /// How its candidate moves are filtered.
    pub filter: Filter,
    /// An earlier generator equal to this one but for `after:`: it makes
    /// the same candidate moves (a priority level of filtered moves
    /// followed by the same moves unfiltered reuses them).
    pub twin: Option<GenId>,
    /// The generators a chained continuation draws from: itself, or
    /// (`chain:Level`) every chained generator of its priority level;
    /// empty when it does not chain.
    pub chain_with: Vec<GenId>,
    /// Leaps: the target of each offset, at `(player × sites + site) ×
    /// offsets + i` ([`NO_SITE`] off the board).
    pub leap_to: Vec<Site>,
    /// The generator compiled to set operations, when it can be
    /// ([`super::fastgen`]).
    pub fast: Option<FastGen>,
    /// The compiled plan of its continuations (`chain_with`), when it has
    /// one.
    pub chain_level: Option<FastLevel>,
    /// The compiled plan of the generator alone.
    pub alone: Option<FastLevel>,
    /// Per top-level effect of `then:`: for an `if`, its test compiled
    /// to a site condition on the destination, when it can be.
    pub then_ifs: Vec<Option<SitePred>>,
    /// `check:` compiled to a site condition on the destination, when it
    /// can be: read after the step is made, its site sets brought up to
    /// date (`State::step_plain`).
    pub check: Option<SitePred>,
    /// `from:` compiled to a site condition on the origin, when it can
    /// be, for a generator that has no compiled form (`fast`): the
    /// reference lists its moves, its origins tested from the site sets
    /// (`State::origin_holds`).
    pub from: Option<SitePred>,
    /// `to:` compiled to a site condition on the destination, when it can
    /// be, for a generator that has no compiled form (`fast`): the
    /// reference lists its moves, its destinations tested from the site
    /// sets ([`super::State::dest_holds`]).
    pub to: Option<SitePred>,
    /// The most a step's cost can be, when its form tells
    /// ([`most`]: Genocide's `(if (holds-only To) 0 1)` is at most
    /// 1): a mover whose budget covers it can pay without the cost being
    /// read at each destination (`State::affordable`). `None` in the
    /// reference.
    pub cost_bound: Option<i64>,
    /// `then:`'s `if`s at every depth, when one nested in a branch has a
    /// compiled test ([`ThenTree::nests`]); empty otherwise.
    pub then_tree: ThenTree,
    /// The destinations where `then:` does nothing, per player.
    pub then_quiet: super::quiet::QuietThen,
    /// How perft's last ply may play its moves without the general step
    /// ([`State::lean_leaf`]), when it can.
    ///
    /// [`State::lean_leaf`]: super::State::lean_leaf
    pub lean: Option<Lean>,
    /// Every step of it ends its turn
    /// ([`super::compiled::moves::ends_turn::ends_its_turn`]): at perft's
    /// last ply each is a leaf counted without being made. False for the
    /// reference engine, whose walk makes every leaf.
    pub ends_turn: bool,
}

/// The compiled plans of a game's priority levels: each empty for the
/// reference engine (every accessor then answers `None`).
#[derive(Debug, Clone, Default)]
struct Plans {
    /// The compiled plan of each priority level of each phase's play
    /// (`[phase][level]`), when it has one.
    play_levels: Vec<Vec<Option<FastLevel>>>,
    /// The same for the levels of each move block.
    block_levels: Vec<Vec<Option<FastLevel>>>,
    /// The mixed plan of each priority level of each phase's play that
    /// has no plan of its own but some compiled generators
    /// ([`MixedLevel`]).
    play_mixed: Vec<Vec<Option<MixedLevel>>>,
    /// The same for the levels of each move block.
    block_mixed: Vec<Vec<Option<MixedLevel>>>,
    /// Per phase's play, per player: the plan of all its priority levels
    /// together, when they have one ([`joint_levels`]).
    play_joint: Vec<Vec<Option<ShiftLevel>>>,
    /// The same for each move block.
    block_joint: Vec<Vec<Option<ShiftLevel>>>,
    /// Per phase's play: its first priority level counted from site sets,
    /// when it can be ([`SlideLevel`]).
    play_counted: Vec<Option<SlideLevel>>,
    /// The same for each move block.
    block_counted: Vec<Option<SlideLevel>>,
}

impl Plans {
    /// The plans of `game`'s levels; fills in each generator's
    /// `chain_level` and `alone` plans in `gens`.
    fn new(
        game: &Game,
        gens: &mut [GenTables],
        eval: &super::evaltables::EvalTables,
        pre: &Preimages,
    ) -> Plans {
        let (players, stride) = (game.num_players(), stride(game.board.len()));
        let plan =
            |gens: &[GenTables], level: &[GenId]| FastLevel::of(level, gens, players, stride, pre);
        for g in 0..gens.len() {
            let chain = gens[g].chain_with.clone();
            gens[g].chain_level = plan(gens, &chain);
            gens[g].alone = plan(gens, &[g as GenId]);
        }
        let levels = |levels: &[Vec<GenId>]| -> Vec<Option<FastLevel>> {
            levels.iter().map(|l| plan(gens, l)).collect()
        };
        let play_levels: Vec<_> = game.phases.iter().map(|p| levels(&p.play)).collect();
        let block_levels: Vec<_> = game.blocks.iter().map(|b| levels(b)).collect();
        let mixed =
            |levels: &[Vec<GenId>], fast: &[Option<FastLevel>]| -> Vec<Option<MixedLevel>> {
                levels
                    .iter()
                    .zip(fast)
                    .map(|(l, f)| match f {
                        Some(_) => None,
                        None => MixedLevel::of(l, gens, stride),
                    })
                    .collect()
            };
        let play_mixed = game
            .phases
            .iter()
            .zip(&play_levels)
            .map(|(p, f)| mixed(&p.play, f))
            .collect();
        let block_mixed = game
            .blocks
            .iter()
            .zip(&block_levels)
            .map(|(b, f)| mixed(b, f))
            .collect();
        let joint = |l: &Vec<Vec<Option<FastLevel>>>| -> Vec<_> {
            l.iter().map(|l| joint_levels(l, players, pre)).collect()
        };
        let counted = |levels: &[Vec<GenId>]| SlideLevel::of(game, gens, eval, levels);
        Plans {
            play_joint: joint(&play_levels),
            block_joint: joint(&block_levels),
            play_counted: game.phases.iter().map(|p| counted(&p.play)).collect(),
            block_counted: game.blocks.iter().map(|b| counted(b)).collect(),
            play_levels,
            block_levels,
            play_mixed,
            block_mixed,
        }
    }
}

/// `make()` when the compiled tier is `on`, else `None`: every part of the
/// tables that only the compiled tier reads is made through it.
fn compiled<T>(on: bool, make: impl FnOnce() -> T) -> Option<T> {
    on.then(make)
}

/// What the engine derives from each generator; its compiled parts
/// (`fast`, `then_ifs`, `then_quiet`, `lean`, `from_kind`, compiled
/// filters) only when the compiled tier is `on`.
fn gen_tables(game: &Game, on: bool, pre: &Preimages) -> Vec<GenTables> {
    let forwards: Vec<(f64, f64)> = game.players.iter().map(|p| p.forward).collect();
    game.gens
        .iter()
        .map(|g| {
            let leap_to = match &g.kind {
                GenKind::Leap(Leap { offsets, .. }) => leap_table(&game.board, &forwards, offsets),
                _ => Vec::new(),
            };
            let then_ifs: Vec<_> = compiled(on, || {
                g.then
                    .iter()
                    .map(|e| match e {
                        Effect::If(c, ..) => SitePred::compile(c, SiteRef::To, game),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
            let then_tree = compiled(on, || ThenTree::of(&g.then, game))
                .filter(ThenTree::nests)
                .unwrap_or_default();
            let check = compiled(on, || {
                g.check
                    .as_ref()
                    .and_then(|c| SitePred::compile(c, SiteRef::To, game))
            });
            let fast = compiled(on, || FastGen::of(g, game, pre)).flatten();
            // The reference lists the moves of a generator that does not
            // compile: its `from:` is still read from sets where it can be.
            let from = compiled(
                on && fast.is_none() && !super::State::tests_directly(&g.from),
                || SitePred::compile(&g.from, SiteRef::From, game),
            );
            let to = compiled(
                on && fast.is_none() && !super::State::tests_directly(&g.to),
                || SitePred::compile(&g.to, SiteRef::To, game),
            );
            GenTables {
                check: check.flatten(),
                from: from.flatten(),
                to: to.flatten(),
                cost_bound: compiled(on, || g.kind.cost().and_then(|c| most(&c.amount))).flatten(),
                then_tree,
                lean: compiled(on, || Lean::of(g)).flatten(),
                ends_turn: compiled(on, || ends_its_turn(g, game)).unwrap_or(false),
                then_quiet: compiled(on, || super::quiet::QuietThen::of(&g.then, &then_ifs, game))
                    .unwrap_or_default(),
                then_ifs,
                origin: g.kind.shift().map_or(0, |s| s.origin.bit()),
                from_kind: compiled(on, || required_kind(&g.from).0).flatten(),
                hoisted: compiled(on, || super::hoist::hoisted(g)).flatten(),
                filter: Filter::of(g, game, on),
                twin: None,
                chain_with: Vec::new(),
                leap_to,
                fast,
                chain_level: None,
                alone: None,
            }
        })
        .collect()
}

/// Per progress fact of the no-progress rule: a `moved` fact's condition
/// compiled to a site condition on the origin, when it can be.
fn moved_facts(game: &Game) -> Vec<Option<SitePred>> {
    game.end
        .no_progress
        .iter()
        .flat_map(|(_, facts)| facts)
        .map(|f| match f {
            TurnFact::Moved(c) => SitePred::compile(c, SiteRef::From, game),
            _ => None,
        })
        .collect()
}

impl Tables {
    /// The tables of `game` for the compiled tier (the default engine).
    pub fn new(game: &Game) -> Tables {
        Tables::with_engine(game, Engine::Compiled)
    }

    /// The tables of `game` for `engine` ([`Engine::for_game`]: the
    /// reference for a game of more than two players or with dice to
    /// play). For [`Engine::Reference`] no
    /// compiled part is built (no plan, compiled filter, counted level,
    /// site condition, lean move, twin or slide table): every field that
    /// only the compiled tier reads is made by [`compiled`] or under its
    /// test, so a new one is left out of the reference by construction.
    pub fn with_engine(game: &Game, engine: Engine) -> Tables {
        // Games of more than two players: the reference alone.
        let engine = engine.for_game(game);
        let on = engine.is_compiled();
        let dirs = game.board.directions().len();
        let pre = Preimages::new(game.board.len(), dirs, game.board.step_table());
        let mut gens = gen_tables(game, on, &pre);
        if on {
            for (i, t) in find_twins(&game.gens).into_iter().enumerate() {
                gens[i].twin = t;
            }
        }
        link_chains(game, &mut gens);
        let (players, stride) = (game.num_players(), stride(game.board.len()));
        let mut eval = match on {
            true => super::evaltables::EvalTables::new(game),
            false => super::evaltables::EvalTables::reference(game),
        };
        let plans = compiled(on, || Plans::new(game, &mut gens, &eval, &pre)).unwrap_or_default();
        // Told from the filters before any becomes a compiled one.
        let has_screens = on && gens.iter().any(|t| super::screen::screens(&t.filter));
        eval.bits = compiled(on, || bit_filters(game, &eval, &mut gens)).flatten();
        let one_step_turns = game.blocks.is_empty() && gens.iter().all(|g| g.chain_with.is_empty());
        let moved_facts = compiled(on, || moved_facts(game)).unwrap_or_default();
        let lose_when = compiled(on, || {
            game.end.lose_when.iter().map(Scalar::compile).collect()
        })
        .unwrap_or_default();
        let attack_sets =
            compiled(on, || AttackSets::of(game, &attackers(game)).map(Arc::new)).flatten();
        static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Tables {
            engine,
            serial: SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            zobrist: Zobrist::new(
                game.board.len(),
                game.stack_cap,
                game.kinds.len() * game.players.len(),
                game.players.len(),
            ),
            attack: attack_sets.clone().map(|a| a as Arc<dyn AttackTest>),
            attack_sets,
            attackers: attackers(game),
            has_filters: game
                .gens
                .iter()
                .any(|g| g.after.is_some() || g.check.is_some()),
            has_screens,
            has_from_preds: gens.iter().any(|g| g.from.is_some()),
            gens,
            eval,
            stride,
            all: site_set(game.board.len(), |_| true),
            pre: compiled(on, || pre.clone()).unwrap_or_default(),
            regions: game
                .regions
                .iter()
                .flatten()
                .flat_map(|r| site_set(game.board.len(), |s| r.get(s).copied().unwrap_or(false)))
                .collect(),
            step: game.board.step_table().to_vec(),
            dirs,
            players,
            plans,
            moved_facts,
            lose_when,
            phase_auto: compiled(on, || {
                game.phases
                    .iter()
                    .map(|p| ThenTree::of(&p.auto, game))
                    .collect()
            })
            .unwrap_or_default(),
            heuristic_sets: compiled(on, || HeuristicSets::of(game)).unwrap_or_default(),
            capture_progress: game
                .end
                .no_progress
                .as_ref()
                .is_some_and(|(_, facts)| facts.contains(&TurnFact::Capture)),
            moved_progress: game
                .end
                .no_progress
                .iter()
                .flat_map(|(_, facts)| facts)
                .any(|f| matches!(f, TurnFact::Moved(_))),
            plain_turns: game.phases.len() == 1
                && !game.phases[0].repeat
                && game.phases[0].auto.is_empty(),
            one_step_turns,
        }
    }

    /// The engine these tables serve.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// True if some generator is lean ([`GenTables::lean`]) and the
    /// game's turns are plain: the last ply of perft may play some moves
    /// without the general step ([`super::State::lean_leaf`]).
    pub(crate) fn lean_leaves(&self) -> bool {
        self.plain_turns && self.gens.iter().any(|g| g.lean.is_some())
    }

    /// True if some generator's steps all end their turn
    /// ([`GenTables::ends_turn`]): perft's last ply may count steps
    /// without making them (false for the reference engine).
    pub(crate) fn bulk_leaves(&self) -> bool {
        self.gens.iter().any(|g| g.ends_turn)
    }

    /// How many priority levels (of every phase's play and every move
    /// block) have a compiled plan (their moves made from site sets,
    /// `engine::fastgen`), and how many levels there are.
    #[cfg(test)]
    pub(crate) fn compiled_levels(&self) -> (usize, usize) {
        let levels = self
            .plans
            .play_levels
            .iter()
            .chain(&self.plans.block_levels)
            .flatten();
        let total = levels.clone().count();
        (levels.filter(|l| l.is_some()).count(), total)
    }

    /// True when some compiled plan or site condition reads the state's
    /// site sets ([`super::bits::Occupancy`]); when none does, the state
    /// need not keep them (Ex nihilo's slides and flanks read stacks).
    pub(crate) fn reads_site_sets(&self) -> bool {
        let level = |l: &Vec<Vec<Option<FastLevel>>>| l.iter().flatten().any(Option::is_some);
        level(&self.plans.play_levels)
            || level(&self.plans.block_levels)
            || self.moved_facts.iter().any(Option::is_some)
            || self.phase_auto.iter().any(|t| !t.is_empty())
            || self.gens.iter().any(|g| {
                g.fast.is_some()
                    || g.chain_level.is_some()
                    || g.alone.is_some()
                    || g.then_ifs.iter().any(Option::is_some)
                    || g.check.is_some()
                    || g.from.is_some()
                    || !g.then_tree.is_empty()
            })
    }

    /// The compiled plans of the priority levels of phase `phase`'s play.
    pub(crate) fn play_levels(&self, phase: u8) -> &[Option<FastLevel>] {
        self.plans
            .play_levels
            .get(phase as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// The mixed plans of the priority levels of phase `phase`'s play
    /// (an entry a level, `None` where it has a plan of its own or none).
    pub(crate) fn play_mixed(&self, phase: u8) -> &[Option<MixedLevel>] {
        self.plans
            .play_mixed
            .get(phase as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// The mixed plans of the priority levels of move block `b`.
    pub(crate) fn block_mixed(&self, b: u16) -> &[Option<MixedLevel>] {
        self.plans
            .block_mixed
            .get(b as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// The compiled plans of the priority levels of move block `b`.
    pub(crate) fn block_levels(&self, b: u16) -> &[Option<FastLevel>] {
        self.plans
            .block_levels
            .get(b as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// The joint plan of phase `phase`'s priority levels for `player`.
    #[inline]
    pub(crate) fn play_joint(&self, phase: u8, player: u8) -> Option<&ShiftLevel> {
        self.plans
            .play_joint
            .get(phase as usize)?
            .get(player as usize)?
            .as_ref()
    }

    /// The joint plan of move block `b`'s priority levels for `player`.
    #[inline]
    pub(crate) fn block_joint(&self, b: u16, player: u8) -> Option<&ShiftLevel> {
        self.plans
            .block_joint
            .get(b as usize)?
            .get(player as usize)?
            .as_ref()
    }

    /// The mover's first priority level counted from site sets, when it
    /// can be (outside a chained continuation: the block asked for by
    /// `again`, else phase `phase`'s play).
    #[inline]
    pub(crate) fn counted(&self, phase: u8, again: Option<u16>, mover: u8) -> Option<&SlideLevel> {
        let (level, joint) = match again {
            Some(b) => (
                self.plans.block_counted.get(b as usize)?,
                self.block_joint(b, mover),
            ),
            None => (
                self.plans.play_counted.get(phase as usize)?,
                self.play_joint(phase, mover),
            ),
        };
        // A joint plan lists the levels first.
        if joint.is_some() {
            return None;
        }
        level.as_ref()
    }

    /// The compiled plan of generator `g`'s continuations.
    #[inline]
    pub(crate) fn chain_level(&self, g: GenId) -> Option<&FastLevel> {
        self.gens.get(g as usize)?.chain_level.as_ref()
    }

    /// The compiled plan of generator `g` alone.
    #[inline]
    pub(crate) fn alone(&self, g: GenId) -> Option<&FastLevel> {
        self.gens.get(g as usize)?.alone.as_ref()
    }

    /// The neighbour of `s` in direction `d` ([`NO_SITE`] if none).
    #[inline(always)]
    pub(crate) fn step(&self, s: Site, d: Dir) -> Site {
        self.step
            .get(s as usize * self.dirs + d as usize)
            .copied()
            .unwrap_or(NO_SITE)
    }

    /// The neighbours of `s` by direction ([`NO_SITE`] where there is
    /// none); empty if `s` is not a site.
    #[inline(always)]
    pub(crate) fn step_row(&self, s: Site) -> &[Site] {
        let at = s as usize * self.dirs;
        self.step.get(at..at + self.dirs).unwrap_or(&[])
    }

    /// Every site of the board.
    #[inline]
    pub(crate) fn all_bits<const W: usize>(&self) -> Bits<W> {
        load(&self.all, 0)
    }

    /// Region `r` as `player` sees it.
    #[inline]
    pub(crate) fn region_bits<const W: usize>(&self, r: u16, player: u8) -> Bits<W> {
        load(
            &self.regions,
            (r as usize * self.players + player as usize) * W,
        )
    }

    /// The tables of `game` without the shortcuts of `after:` filters: no
    /// overlay plans and no twin levels, so that every filter is probed
    /// by playing the move and undoing it (the baseline the shortcuts are
    /// measured against, docs/performance.md).
    pub fn probing(game: &Game) -> Tables {
        let mut t = Tables::new(game);
        for g in &mut t.gens {
            if matches!(
                g.filter,
                Filter::Overlay(_) | Filter::Bits(_) | Filter::Royal(_) | Filter::Untouched(_)
            ) {
                g.filter = Filter::Probe;
            }
            g.twin = None;
        }
        // No twins: every level is listed.
        t.plans.play_counted.clear();
        t.plans.block_counted.clear();
        t
    }

    /// True if every step of generator `g` ends its turn
    /// ([`GenTables::ends_turn`]); false for a move of no generator (a
    /// pass, a roll) and for the reference engine.
    #[inline]
    pub(crate) fn ends_turn(&self, g: GenId) -> bool {
        self.gens.get(g as usize).is_some_and(|t| t.ends_turn)
    }

    /// The generators a chained continuation of `g` draws from (empty
    /// when `g` does not chain).
    #[inline]
    pub(crate) fn chained(&self, g: GenId) -> &[GenId] {
        &self.gens[g as usize].chain_with
    }
}

/// The set of the sites `s < n` for which `f(s)` holds, in words.
fn site_set(n: usize, f: impl Fn(usize) -> bool) -> Vec<u64> {
    let mut out = vec![0; stride(n)];
    for s in (0..n).filter(|&s| f(s)) {
        out[s / 64] |= 1 << (s % 64);
    }
    out
}

/// How a generator's candidate moves are filtered (`check:`, `after:`).
#[derive(Debug, Clone, Default)]
pub(crate) enum Filter {
    /// No filter: every candidate is a legal move.
    #[default]
    None,
    /// Only playing the move and undoing it tells (a `check:`, or an
    /// `after:` the position's overlay cannot show).
    Probe,
    /// An `after:` read on an overlay of the position after the move.
    Overlay(Box<Overlaid>),
    /// A placement's filters told on site sets ([`super::bitfilter`]).
    Bits(Box<BitFilter>),
    /// An `after:` that asks only that the mover's royal pieces of this
    /// kind are not attacked, for a step that changes only its origin and
    /// destination ([`super::plan::royal_guard`]): told safe from the
    /// position's pins when they allow, else probed.
    Royal(Kind),
    /// A `check:` that some site satisfy a condition on that site alone,
    /// for a sowing: told to hold, unplayed, when the step leaves such a
    /// site alone, else probed ([`super::untouched`]).
    Untouched(Box<super::untouched::Untouched>),
}

/// An `after:` filter and the plan of the step that lets an overlay show
/// the position it is read on.
#[derive(Debug, Clone)]
pub(crate) struct Overlaid {
    /// When the step's effects only add pieces on the destination: how.
    pub plan: AfterPlan,
    /// The filter (a copy of the generator's `after:`).
    pub after: Cond,
}

impl Filter {
    /// The filter of generator `g` of `game`: read on an overlay or
    /// screened when the compiled tier is `on` and can, else probed.
    fn of(g: &Gen, game: &Game, on: bool) -> Filter {
        if let Some(u) = compiled(on, || super::untouched::Untouched::of(g, game)).flatten() {
            return Filter::Untouched(Box::new(u));
        }
        let plan = compiled(on, || after_plan(g)).flatten();
        match (&g.check, &g.after, plan) {
            (None, None, _) => Filter::None,
            (None, Some(after), Some(plan)) => Filter::Overlay(Box::new(Overlaid {
                plan,
                after: after.clone(),
            })),
            _ => match compiled(on, || royal_guard(g)).flatten() {
                Some(k) => Filter::Royal(k),
                None => Filter::Probe,
            },
        }
    }
}

/// Compiles the filters of the generators that can be told on site sets
/// (their [`GenTables::filter`] becomes [`Filter::Bits`]); returns the
/// game's board and roles as sets when its positions fit them.
fn bit_filters(
    game: &Game,
    eval: &super::evaltables::EvalTables,
    gens: &mut [GenTables],
) -> Option<super::bitcond::BitSets> {
    let mut c = Compiler::new(game, &eval.local_roles, &eval.pure_roles)?;
    let filters: Vec<Option<BitFilter>> = game
        .gens
        .iter()
        .map(|g| BitFilter::compile(&mut c, g))
        .collect();
    let sets = c.finish()?;
    for (t, f) in gens.iter_mut().zip(filters) {
        if let Some(f) = f {
            t.filter = Filter::Bits(Box::new(f));
        }
    }
    Some(sets)
}

/// Each generator's twin: the first earlier generator equal to it but for
/// `after:`.
fn find_twins(gens: &[Gen]) -> Vec<Option<GenId>> {
    let bare: Vec<Gen> = gens
        .iter()
        .map(|g| Gen {
            after: None,
            ..g.clone()
        })
        .collect();
    (0..gens.len())
        .map(|i| (0..i).find(|&j| bare[j] == bare[i]).map(|j| j as GenId))
        .collect()
}

/// Fills in `chain_with` for the chained generators: the chained
/// generators of the priority level (of a phase's play or of a move block)
/// that holds it, itself included, for `chain:Level`; itself otherwise.
fn link_chains(game: &Game, tables: &mut [GenTables]) {
    let levels = game
        .phases
        .iter()
        .flat_map(|p| p.play.iter())
        .chain(game.blocks.iter().flatten());
    let chain = |g: GenId| game.gens[g as usize].kind.chain();
    for level in levels {
        let chained: Vec<GenId> = level
            .iter()
            .copied()
            .filter(|&g| chain(g) != Chain::Off)
            .collect();
        for &g in level {
            match chain(g) {
                Chain::Off => {}
                Chain::Same => tables[g as usize].chain_with = vec![g],
                Chain::Level => tables[g as usize].chain_with.clone_from(&chained),
            }
        }
    }
}

/// The target of every offset from every site for every player:
/// `table[(player × sites + site) × offsets + i]`, [`NO_SITE`] off the
/// board. `forwards[p]` is player p's forward unit vector (x right, y up);
/// offsets are `{X Y}` in the player's frame (X to the right, Y forward);
/// site positions are rounded to whole units.
pub fn leap_table(board: &Board, forwards: &[(f64, f64)], offsets: &[(i32, i32)]) -> Vec<Site> {
    let key = |x: f64, y: f64| (x.round() as i64, y.round() as i64);
    let at: HashMap<(i64, i64), Site> = board
        .sites()
        .iter()
        .enumerate()
        .map(|(s, i)| (key(i.pos.0, i.pos.1), s as Site))
        .collect();
    let mut out = Vec::with_capacity(forwards.len() * board.len() * offsets.len());
    for &(fx, fy) in forwards {
        // The player's right hand: forward turned a quarter clockwise.
        let (rx, ry) = (fy, -fx);
        for info in board.sites() {
            for &(x, y) in offsets {
                let (x, y) = (f64::from(x), f64::from(y));
                let target = key(info.pos.0 + x * rx + y * fx, info.pos.1 + x * ry + y * fy);
                out.push(at.get(&target).copied().unwrap_or(NO_SITE));
            }
        }
    }
    out
}

/// A generator whose move, where its `then:` does nothing, changes one
/// or two stacks and the turn's bookkeeping only: no `finally:` effect,
/// no cost to pay ([`GenTables::lean`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lean {
    /// A placement of this kind: the piece is put down.
    Place(Kind),
    /// A step, slide, leap or relocation from a stack of the mover's:
    /// lean when it moves the whole stack onto an empty site (so captures
    /// nothing, and no chain goes on from it).
    Shift,
}

impl Lean {
    /// How `g`'s moves may be lean, if they may.
    fn of(g: &Gen) -> Option<Lean> {
        if !g.finally.is_empty() {
            return None;
        }
        match &g.kind {
            GenKind::Place { kind, .. } => Some(Lean::Place(*kind)),
            GenKind::Step(Step { shift, cost, .. }) | GenKind::Slide(Slide { shift, cost, .. })
                if cost.is_none() && shift.origin == Origin::Mine =>
            {
                Some(Lean::Shift)
            }
            GenKind::Leap(Leap { shift, .. }) | GenKind::Relocate(shift)
                if shift.origin == Origin::Mine =>
            {
                Some(Lean::Shift)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Adjacency, Cells, Labels, Shape};
    use crate::compile::Options;
    use crate::compile::ir::Origin;

    fn board() -> Board {
        let shape = Shape::Square {
            rows: 8,
            cols: 8,
            cells: Cells::All,
            adjacency: Adjacency::Orthogonal,
        };
        Board::new(shape, Labels::Coordinates).unwrap()
    }

    #[test]
    fn leap_offsets_turn_with_the_players_forward_direction() {
        let b = board();
        let label = |s: Site| {
            if s == NO_SITE {
                "-".to_string()
            } else {
                b.site(s).label.clone()
            }
        };
        // A knight's forward moves {1 2} and {-2 1}, for a player moving up
        // and one moving down.
        let t = leap_table(&b, &[(0.0, 1.0), (0.0, -1.0)], &[(1, 2), (-2, 1)]);
        let at = |p: usize, s: &str, i: usize| {
            let s = b.site_by_label(s).unwrap() as usize;
            label(t[(p * b.len() + s) * 2 + i])
        };
        assert_eq!(at(0, "d4", 0), "e6");
        assert_eq!(at(0, "d4", 1), "b5");
        // Down the board, right is west: {1 2} from d4 is c2.
        assert_eq!(at(1, "d4", 0), "c2");
        assert_eq!(at(1, "d4", 1), "f3");
        // Off the board.
        assert_eq!(at(0, "h8", 0), "-");
        assert_eq!(at(1, "a1", 0), "-");
    }

    fn tables(play: &str) -> Tables {
        let text =
            format!("(game \"t\" (players 2) (board (square 3 3)) (piece \"P\") (play {play}))");
        Tables::new(&Game::from_source("t", &text, &Options::default()).unwrap())
    }

    #[test]
    fn chain_level_draws_from_the_chained_moves_of_its_level() {
        let t = tables(
            "(priority {(hop chain:Level) (hop chain:true) (step)} {(hop chain:Level) (slide)})",
        );
        let with: Vec<&[GenId]> = (0..5).map(|g| t.chained(g)).collect();
        assert_eq!(with, [&[0, 1][..], &[1], &[], &[3], &[]]);
    }

    #[test]
    fn twins_are_equal_but_for_after_and_origins_skip_placements() {
        let t = tables("(priority {(step after:false) (place \"P\")} {(step) (place \"P\")})");
        let twins: Vec<Option<GenId>> = t.gens.iter().map(|g| g.twin).collect();
        assert_eq!(twins, [None, None, Some(0), Some(1)]);
        let origins: Vec<u8> = t.gens.iter().map(|g| g.origin).collect();
        assert_eq!(origins, [Origin::Mine.bit(), 0, Origin::Mine.bit(), 0]);
        assert!(t.has_filters);
        assert!(!tables("(step)").has_filters);
    }
}

//! Applying a step: moving the stack, captures, effects, continuations, the
//! end of a turn and the draw rules.

use crate::board::{NO_SITE, Site};
use crate::compile::ir::{
    Cond, CounterId, Decision, Effect, Game, Gen, GenId, GenKind, Leap, MarkSpan, Maximize,
    NoMoves, Num, Owner, Player, SiteSet, Slide, Step, TurnFact, Who,
};
use crate::engine::cond::Ctx;
use crate::engine::sets::{give_buf, take_buf};
use crate::engine::state::{FLANK_MARK, MARK, TAKEN};
use crate::engine::{EndReason, EndRule, IllegalMove, Move, Outcome, Refusal, State, seats};
use std::sync::Arc;

/// What [`State::try_play`] did with a candidate step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[must_use]
pub enum Played {
    /// The step passed its filters and was played.
    Played,
    /// A `check:` or `after:` filter of its generator refused it; the
    /// state is unchanged.
    Filtered,
}

/// Whether the turn goes on after an effect ran: a result effect or
/// `(end-turn)` ends it even when the step would chain or move again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub(crate) enum Flow {
    /// The turn goes on as the rules would have it.
    Continue,
    /// An effect ended the turn.
    EndTurn,
}

impl Flow {
    /// `EndTurn` if either ended the turn.
    pub(crate) fn or(self, other: Flow) -> Flow {
        if self == Flow::EndTurn { self } else { other }
    }
}

thread_local! {
    /// True while this thread's [`State::stuck_first`] lists the steps of
    /// a position (so that a listing it starts does not start another).
    static IN_STUCK_CHECK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl State {
    /// Plays a legal step. An illegal one is refused with the legal moves
    /// listed, and the state is unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        if self.legal_steps().contains(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove {
                input: self.move_to_string(m),
                reason: Refusal::NotLegalStep,
                legal: self.legal_turn_strings(),
            })
        }
    }

    /// Plays a step without checking it is legal (a move from
    /// [`State::legal_moves`]).
    pub fn play_unchecked(&mut self, m: &Move) {
        let game = Arc::clone(&self.game);
        let _ = self.step(&game, m, false);
    }

    /// [`State::play_unchecked`] with the state's own game at hand
    /// (`game` is `self.game()`), so that a loop of steps shares one
    /// reference to it instead of taking one a step.
    pub(crate) fn play_in(&mut self, game: &Game, m: &Move) {
        let _ = self.step(game, m, false);
    }

    /// Plays a candidate step (from the generators, before `check:` and
    /// `after:` filters) if it passes its filters, or leaves the state
    /// unchanged if it does not ([`Played::Filtered`]). Cheaper than
    /// listing every legal move when only one is wanted (random playouts).
    pub fn try_play(&mut self, m: &Move) -> Played {
        let journaling = self.journaling;
        self.journaling = true;
        let game = Arc::clone(&self.game);
        let played = self.step(&game, m, true);
        self.journaling = journaling;
        if played == Played::Played && !journaling {
            self.set_journaling(false);
        }
        played
    }

    /// Applies a step (or, in a game with chance, a chance move: see
    /// `position/chance.rs`); with `filter`, tests the generator's filters
    /// on the way and undoes the step ([`Played::Filtered`]) if one fails.
    #[inline]
    fn step(&mut self, game: &Game, m: &Move, filter: bool) -> Played {
        if game.chance {
            return self.step_by_chance(game, m, filter);
        }
        self.step_plain(game, m, filter)
    }

    /// [`State::step`] of a player's step, its rolls (if any) read by
    /// [`State::roll_dice`].
    pub(crate) fn step_plain(&mut self, game: &Game, m: &Move, filter: bool) -> Played {
        self.push_frame();
        let generator = &game.gens[m.gen_id as usize];
        // `turn_captured` is cleared for the step, to see whether it
        // removes a piece, then merged back.
        let captured_before = std::mem::take(&mut self.scalars.turn_captured);
        // Known quiet: `then:` cannot act where the step lands, or the
        // step was found to change nothing on this position (read before
        // the step is made).
        let quiet = self.then_quiet(m) || self.known_quiet(m);
        self.move_part(game, m, generator);
        let ctx = self.step_ctx(m);
        if filter
            && generator
                .check
                .as_ref()
                .is_some_and(|c| !self.check_holds(m.gen_id, c, &ctx))
        {
            self.take_back();
            return Played::Filtered;
        }
        // Effects that cannot act at the destination, or known or found on
        // sets to change nothing, are skipped; the others read the site
        // sets, brought up to date first.
        let skip = quiet || {
            self.flush_sets();
            self.quiet_now(m, &ctx)
        };
        let ended = if skip {
            self.removed.clear();
            self.converted.clear();
            Flow::Continue
        } else {
            self.run_then(m.gen_id, &generator.then, &ctx)
        };
        if filter
            && generator
                .after
                .as_ref()
                .is_some_and(|c| !self.eval(c, &ctx))
        {
            self.take_back();
            return Played::Filtered;
        }
        // A chain goes on while the piece can move again, and only after a
        // step that removed a piece: chained steps that capture nothing
        // could go back and forth, and the turns to list would grow
        // exponentially with the chain's length. Never longer than there
        // are sites either.
        let removed = self.scalars.turn_captured;
        self.scalars.turn_captured |= captured_before;
        self.scalars.last = m.to;
        self.scalars.last_from = m.from;
        self.scalars.turn_steps += 1;
        if game.maximize == Some(Maximize::Steps) {
            self.scalars.turn_score += 1;
        }
        let room = (self.scalars.turn_steps as usize) < self.heights.len();
        if removed || self.scalars.again.is_some() || !generator.finally.is_empty() {
            self.flush_sets();
        }
        if removed
            && ended == Flow::Continue
            && room
            && self
                .tables
                .chained(m.gen_id)
                .iter()
                .any(|&g| self.has_move_from(g, m.to))
        {
            self.scalars.cont = Some(crate::engine::Continuation {
                gen_id: m.gen_id,
                site: m.to,
            });
            return Played::Played;
        }
        if self.scalars.again.is_some()
            && ended == Flow::Continue
            && room
            && !self.again_passes(game)
            && !self.again_skipped(game)
        {
            // The same player moves again, with the block `again` named;
            // having no move then is having no legal move. Like a chain,
            // never more steps in a turn than there are sites: an `again`
            // that names its own block could otherwise go on for ever.
            return Played::Played;
        }
        self.scalars.again = None;
        // The last step of the turn: its `finally:` effects, then the
        // stacks taken on the way leave the board.
        if !generator.finally.is_empty() {
            let _ = self.run_step_effects(&generator.finally, &ctx);
        }
        self.remove_taken();
        if self.unjudged && self.tables.plain_turns {
            // The turn is over, its end rules left unjudged (perft's last
            // ply): the next player moves. The site sets of the stack it
            // moved may be left as they were until it is taken back
            // (`State::defer_sets`): nothing reads them at a leaf.
            self.pass_turn();
            return Played::Played;
        }
        self.flush_sets();
        // A pass in a repeated phase passes the rest of it, as ending it
        // does.
        self.after_step(
            game,
            matches!(generator.kind, GenKind::EndPhase | GenKind::Pass),
        );
        Played::Played
    }

    /// Plays `m` as [`State::play_in`] does, except that when it ends the
    /// turn, the turn's end rules are not judged (lose conditions, draws,
    /// the game's outcome): the position is made and the next player is to
    /// move. Only for a game of one phase, not repeated, without automatic
    /// effects (the others are played as `play_in` does). Perft's last
    /// ply, where each leaf counts one whatever its result. The site sets
    /// of the stack it moved may be left behind: the step is to be taken
    /// back, or another played, before moves are generated.
    pub(crate) fn play_unjudged(&mut self, game: &Game, m: &Move) {
        self.unjudged = true;
        let _ = self.step(game, m, false);
        self.unjudged = false;
    }

    /// Ends the turn without judging it: the turn's facts and marks are
    /// cleared and the next player moves.
    fn pass_turn(&mut self) {
        self.scalars.turn_captured = false;
        self.scalars.turn_progress = false;
        self.clear_marks();
        self.next_player();
    }

    /// Removes every stack a repeated hop jumped: the sites at odd
    /// distances on the straight line from its origin to its landing.
    fn clear_jumped(&mut self, m: &Move) {
        let board = &self.game.board;
        let Some(d) = (0..board.directions().len() as crate::board::Dir)
            .find(|&d| board.step(m.from, d) == m.over)
        else {
            return;
        };
        let mut over = m.over;
        while over != NO_SITE && over != m.to {
            if self.height(over) > 0 {
                self.clear_site(over);
                self.note_capture();
            }
            let next = self.game.board.step(over, d);
            over = if next == NO_SITE || next == m.to {
                NO_SITE
            } else {
                self.game.board.step(next, d)
            };
        }
    }

    /// Removes the stacks taken by `capture:End` hops during the turn.
    fn remove_taken(&mut self) {
        if self.scalars.marked == 0 {
            return;
        }
        self.flush_sets();
        for site in 0..self.marks.len() {
            if self.marks[site] & TAKEN != 0 {
                self.set_mark(site as crate::board::Site, TAKEN, false);
                self.clear_site(site as crate::board::Site);
            }
        }
    }

    /// Notes that the step removed (or took) a stack: for chains, the
    /// no-progress rule and `maximize:Captures`.
    pub(crate) fn note_capture(&mut self) {
        self.scalars.turn_captured = true;
        if self.game.maximize == Some(Maximize::Captures) {
            self.scalars.turn_score += 1;
        }
    }

    /// The move itself, before its effects: the stack moves (or a piece is
    /// placed), a hop's jumped stack is removed, counters update.
    pub(crate) fn move_part(&mut self, game: &Game, m: &Move, generator: &Gen) {
        if !self.mid_turn() {
            self.note_moved_facts(game, m);
        }
        if self.scalars.turn_steps == 0 {
            self.scalars.turn_score = 0;
        }
        // Flank marks and `again` speak to this step only.
        self.scalars.again = None;
        self.clear_mark_bits(FLANK_MARK);
        // The cost is read on the position before the step.
        if let Some(cost) = generator.kind.cost() {
            let ctx = self.step_ctx(m);
            let c = self.num(&cost.amount, &ctx);
            let v = self.counter(cost.budget, self.scalars.mover) as i64;
            self.set_counter(
                cost.budget,
                self.scalars.mover,
                clamp_i32(v.saturating_sub(c)),
            );
        }
        self.scalars.passes = if matches!(generator.kind, GenKind::Pass) {
            self.scalars.passes.saturating_add(1)
        } else {
            0
        };
        match &generator.kind {
            GenKind::Hop(hop) => {
                self.move_stack_part(m);
                if hop.shift.capture && m.over != NO_SITE {
                    self.take_jumped(m, hop.repeat, hop.capture_at_end);
                }
            }
            GenKind::Step(Step { shift, .. })
            | GenKind::Slide(Slide { shift, .. })
            | GenKind::Leap(Leap { shift, .. })
            | GenKind::Relocate(shift) => {
                if shift.capture && self.height(m.to) > 0 {
                    // A capture by replacement: the destination's stack
                    // leaves the board before the mover's arrives.
                    self.clear_site(m.to);
                    self.note_capture();
                }
                self.move_stack_part(m);
            }
            GenKind::Place { kind, .. } => {
                self.place_piece(m.to, self.game.piece(*kind, self.scalars.mover));
            }
            GenKind::Pass | GenKind::EndPhase | GenKind::Select { .. } => {}
            GenKind::Flip(id) => self.flip(*id),
            GenKind::Sow { track, skip } => self.sow(m.from, *track, *skip),
            GenKind::Advance(a) => self.advance(m, a),
            GenKind::Rotate { .. } => self.apply_rotation(m),
            GenKind::Swap { transpose } => self.swap_position(*transpose),
        }
    }

    /// Moves the pieces move `m` takes (its count; 0: the whole stack).
    #[inline]
    fn move_stack_part(&mut self, m: &Move) {
        let h = self.height(m.from);
        if (m.count == 0 || m.count as usize >= h) && h > 0 && self.height(m.to) == 0 {
            // The whole stack onto an empty site (a step, a hop).
            self.move_stack(m.from, m.to, h);
            return;
        }
        let n = if m.count == 0 { h } else { m.count as usize };
        self.move_pieces(m.from, m.to, n);
    }

    /// A capturing hop's capture: the jumped stack is removed, or taken
    /// until the turn ends (`at_end`); a repeated hop removes every stack
    /// it jumped.
    fn take_jumped(&mut self, m: &Move, repeat: bool, at_end: bool) {
        if repeat {
            self.clear_jumped(m);
        } else if self.height(m.over) > 0 {
            if at_end {
                self.set_mark(m.over, TAKEN, true);
            } else {
                self.clear_site(m.over);
            }
            self.note_capture();
        }
    }

    /// True if `s` is a site of the board (not [`NO_SITE`]).
    #[inline]
    pub(crate) fn on_board(&self, s: crate::board::Site) -> bool {
        (s as usize) < self.heights.len()
    }

    /// The context of a step's effects and filters: the mover, its sites.
    pub(crate) fn step_ctx(&self, m: &Move) -> Ctx {
        Ctx {
            player: self.scalars.mover,
            subject: m.to,
            from: m.from,
            to: m.to,
            over: m.over,
            anchor: m.to,
            last: self.scalars.last,
        }
    }

    /// True if `check:` condition `c` of generator `g` holds after the
    /// step (`ctx`): read from its compiled form when it has one (the
    /// site sets brought up to date first), else evaluated.
    pub(crate) fn check_holds(&mut self, g: GenId, c: &Cond, ctx: &Ctx) -> bool {
        let compiled = self
            .tables
            .gens
            .get(g as usize)
            .is_some_and(|t| t.check.is_some());
        if !compiled || !self.on_board(ctx.subject) {
            return self.eval(c, ctx);
        }
        self.flush_sets();
        match &self.tables.gens[g as usize].check {
            Some(p) => p.holds(self, ctx.player, ctx.subject),
            None => self.eval(c, ctx),
        }
    }

    /// Runs a step's effects with fresh removed/converted lists.
    pub(crate) fn run_step_effects(&mut self, effects: &[Effect], ctx: &Ctx) -> Flow {
        self.removed.clear();
        self.converted.clear();
        self.run_effects(effects, ctx)
    }

    /// Records the `Moved` progress facts of the turn's first step.
    #[inline(always)]
    pub(crate) fn note_moved_facts(&mut self, game: &Game, m: &Move) {
        if self.history_draws && self.tables.moved_progress {
            self.judge_moved_facts(game, m);
        }
    }

    /// [`State::note_moved_facts`] for a game whose no-progress rule
    /// has `moved` facts, with the history draw rules on.
    fn judge_moved_facts(&mut self, game: &Game, m: &Move) {
        if let Some((_, facts)) = &game.end.no_progress {
            let ctx = Ctx::at(self.scalars.mover, m.from);
            let compiled = &self.tables.moved_facts;
            let holds = |(k, f): (usize, &TurnFact)| match (f, compiled.get(k)) {
                (TurnFact::Moved(_), Some(Some(p))) if self.on_board(m.from) => {
                    p.holds(self, ctx.player, m.from)
                }
                (TurnFact::Moved(c), _) => self.eval(c, &ctx),
                _ => false,
            };
            if facts.iter().enumerate().any(holds) {
                self.scalars.turn_progress = true;
            }
        }
    }

    /// True if move `m`'s `then:` does nothing where it lands
    /// ([`crate::engine::quiet::QuietThen`]).
    #[inline]
    pub(crate) fn then_quiet(&self, m: &Move) -> bool {
        self.tables
            .gens
            .get(m.gen_id as usize)
            .is_some_and(|t| t.then_quiet.has(self.scalars.mover, m.to))
    }

    /// Runs a step's `then:` effects (as [`State::run_step_effects`]):
    /// by the compiled tier's reading of their tests, numbers and sites
    /// where the generator has one ([`State::run_then_compiled`]), else
    /// by the rules alone.
    fn run_then(&mut self, g: crate::compile::ir::GenId, then: &[Effect], ctx: &Ctx) -> Flow {
        self.removed.clear();
        self.converted.clear();
        if let Some(flow) = self.run_then_compiled(g, then, ctx) {
            return flow;
        }
        self.run_effects(then, ctx)
    }

    /// Adds `add` to counter `c` of `player`, clamped to an `i32`; adding
    /// 0 changes nothing, and is not journaled (Oware's capture adds the
    /// seeds of an empty haul at most turns).
    pub(crate) fn add_counter(&mut self, c: CounterId, player: Player, add: i64) -> Flow {
        if add == 0 {
            return Flow::Continue;
        }
        let v = clamp_i32((self.counter(c, player) as i64).saturating_add(add));
        self.set_counter(c, player, v);
        Flow::Continue
    }

    /// Removes the stacks of `sites` (`remove-all`), each a capture, in
    /// order; empty sites are passed over.
    pub(crate) fn remove_sites(&mut self, sites: &[Site]) {
        for &site in sites {
            if self.height(site) > 0 {
                self.clear_site(site);
                self.removed.push(site);
                self.note_capture();
            }
        }
    }

    /// Runs effects in order; [`Flow::EndTurn`] if one of them ended the turn.
    pub(crate) fn run_effects(&mut self, effects: &[Effect], ctx: &Ctx) -> Flow {
        let mut flow = Flow::Continue;
        for e in effects {
            flow = self.run_effect(e, ctx).or(flow);
        }
        flow
    }

    /// Runs one effect.
    pub(crate) fn run_effect(&mut self, e: &Effect, ctx: &Ctx) -> Flow {
        match e {
            Effect::If(c, a, b) => {
                if self.eval(c, ctx) {
                    self.run_effects(a, ctx)
                } else {
                    self.run_effects(b, ctx)
                }
            }
            Effect::Push {
                at,
                count,
                kind,
                owner,
            } => {
                let site = self.site_at(ctx, *at);
                if site == NO_SITE {
                    return Flow::Continue;
                }
                // Pieces past a full stack would leave the game at once:
                // no more than the stack limit are pushed.
                let n = match count {
                    Num::Int(n) => *n,
                    other => self.num_drawing(other, ctx),
                };
                let n = n.clamp(0, self.game.stack_cap as i64);
                let top = self.top(site);
                let who = match owner {
                    Owner::Mover => Some(self.scalars.mover),
                    Owner::Top => top.map(|p| self.game.owner(p)),
                };
                let k = kind.or(top.map(|p| self.game.kind(p)));
                if let (Some(who), Some(k)) = (who, k) {
                    let p = self.game.piece(k, who);
                    for _ in 0..n {
                        self.push_piece(site, p);
                    }
                }
                Flow::Continue
            }
            Effect::Remove(r) => {
                let site = self.site_at(ctx, *r);
                if site != NO_SITE && self.height(site) > 0 {
                    self.clear_site(site);
                    self.note_capture();
                }
                Flow::Continue
            }
            Effect::EndTurn => Flow::EndTurn,
            Effect::RemoveAll(set) => {
                let mut buf = take_buf();
                self.set_into(set, ctx, &mut buf);
                self.remove_sites(&buf);
                give_buf(buf);
                Flow::Continue
            }
            Effect::SetCounter(c, n) => {
                let v = clamp_i32(self.num_drawing(n, ctx));
                self.set_counter(*c, ctx.player, v);
                Flow::Continue
            }
            Effect::AddCounter(c, n) => {
                let add = self.num_drawing(n, ctx);
                self.add_counter(*c, ctx.player, add)
            }
            Effect::Mark(r) => {
                let s = self.site_at(ctx, *r);
                if s != NO_SITE {
                    self.set_mark(s, MARK, true);
                }
                Flow::Continue
            }
            Effect::MarkAll(set, span) => {
                let bit = match span {
                    MarkSpan::Turn => MARK,
                    MarkSpan::Step => FLANK_MARK,
                };
                let mut buf = take_buf();
                self.set_into(set, ctx, &mut buf);
                for &s in &buf {
                    self.set_mark(s, bit, true);
                }
                give_buf(buf);
                Flow::Continue
            }
            Effect::PushEach {
                set,
                count,
                kind,
                max,
            } => {
                self.push_each(set, *count, *kind, max.as_ref(), ctx);
                Flow::Continue
            }
            Effect::Battle { dice } => {
                self.battle(*dice);
                Flow::Continue
            }
            Effect::Throw {
                dice,
                sides,
                doubles,
            } => {
                let value = self.throw_dice(*dice, *sides);
                let roll = crate::engine::Roll::throw(*dice, *sides);
                let left = crate::engine::DiceLeft::of_throw(roll, value, *doubles);
                self.set_dice_left(left);
                Flow::Continue
            }
            Effect::ForEachPlayer(effects) => {
                for p in 0..self.game.num_players() as u8 {
                    let _ = self.run_effects(effects, &Ctx { player: p, ..*ctx });
                }
                Flow::Continue
            }
            Effect::ClearMarks => {
                self.clear_marks();
                Flow::Continue
            }
            Effect::ConvertAll(set) => {
                let mut buf = take_buf();
                self.set_into(set, ctx, &mut buf);
                for &site in &buf {
                    if self.height(site) > 0
                        && !self
                            .stack(site)
                            .iter()
                            .all(|&p| self.game.owner(p) == ctx.player)
                    {
                        self.convert_site(site, ctx.player);
                        self.converted.push(site);
                    }
                }
                give_buf(buf);
                Flow::Continue
            }
            Effect::Result(decision, who, at) => {
                self.decide(*decision, *who, ctx.player, *at);
                Flow::EndTurn
            }
            Effect::Flip(id) => {
                self.flip(*id);
                Flow::Continue
            }
            Effect::MoveStack(a, b) => {
                let (from, to) = (self.site_at(ctx, *a), self.site_at(ctx, *b));
                if from != NO_SITE && to != NO_SITE && from != to && self.height(from) > 0 {
                    let h = self.height(from);
                    self.move_pieces(from, to, h);
                }
                Flow::Continue
            }
            Effect::SetKind(r, k) => {
                let s = self.site_at(ctx, *r);
                if s != NO_SITE {
                    self.set_kind(s, *k);
                }
                Flow::Continue
            }
            Effect::Groups {
                of,
                when,
                remove,
                convert,
            } => {
                self.groups_effect(of, when, remove, convert, ctx);
                Flow::Continue
            }
            other => self.run_stack_effect(other, ctx),
        }
    }

    /// Judges every group of the sites of `of` on the same position, then
    /// removes and converts their members.
    fn groups_effect(
        &mut self,
        of: &SiteSet,
        when: &Cond,
        remove: &Cond,
        convert: &Cond,
        ctx: &Ctx,
    ) {
        let (mut sites, mut seen, mut group) = (take_buf(), take_buf(), take_buf());
        let (mut gone, mut turned) = (take_buf(), take_buf());
        self.set_into(of, ctx, &mut sites);
        for &s in &sites {
            if seen.contains(&s) || self.height(s) == 0 {
                continue;
            }
            self.group_into(s, &mut group);
            seen.extend_from_slice(&group);
            if !self.eval(
                when,
                &Ctx {
                    subject: s,
                    anchor: s,
                    ..*ctx
                },
            ) {
                continue;
            }
            for &m in &group {
                let c = Ctx {
                    subject: m,
                    anchor: m,
                    ..*ctx
                };
                if self.eval(remove, &c) {
                    gone.push(m);
                } else if self.eval(convert, &c) {
                    turned.push(m);
                }
            }
        }
        for &m in &gone {
            self.clear_site(m);
            self.removed.push(m);
            self.note_capture();
        }
        for &m in &turned {
            self.convert_site(m, ctx.player);
            self.converted.push(m);
        }
        for b in [sites, seen, group, gone, turned] {
            give_buf(b);
        }
    }

    /// Ends the turn: marks are cleared, the lose conditions and draw
    /// rules are checked, the next player moves (its automatic phases run).
    #[inline(always)]
    pub(crate) fn end_turn(&mut self, game: &Game) {
        let progress = (self.scalars.turn_captured && self.tables.capture_progress)
            || self.scalars.turn_progress;
        self.scalars.no_progress = if progress {
            0
        } else {
            self.scalars.no_progress.saturating_add(1)
        };
        self.scalars.turn_captured = false;
        self.scalars.turn_progress = false;
        self.clear_marks();
        self.check_lose_conditions(game);
        self.next_player();
        if self.scalars.outcome.is_some() {
            return;
        }
        if !self.tables.plain_turns {
            self.begin_turn(game);
            self.check_lose_conditions(game);
        }
        if self.scalars.outcome.is_none() {
            self.check_draws();
        }
        if self.scalars.outcome.is_none() && seats::ranks(game.num_players()) {
            self.skip_stuck_seats(game);
        }
        self.pass_if_stuck(game);
    }

    /// [`State::pass_while_stuck`] under `(no-moves Pass)`, once a turn has
    /// begun (its automatic phases run).
    #[inline]
    pub(crate) fn pass_if_stuck(&mut self, game: &Game) {
        if self.scalars.outcome.is_none() && game.end.no_moves == Some(NoMoves::Pass) {
            self.pass_while_stuck(game);
        }
    }

    /// `(moves … skip-end:true)`: the `again` block just asked for has
    /// nothing legal but `(end-phase)`, so the turn ends there, as a phase
    /// where only `end` is possible is skipped.
    fn again_skipped(&mut self, game: &Game) -> bool {
        let Some(b) = self.scalars.again else {
            return false;
        };
        if !game
            .block_skip_end
            .get(b as usize)
            .copied()
            .unwrap_or(false)
        {
            return false;
        }
        self.flush_sets();
        !self.has_candidate()
    }

    /// `(no-moves Pass)` in the middle of a turn: the `again` block just
    /// asked for has no move, so the turn ends there.
    fn again_passes(&mut self, game: &Game) -> bool {
        if game.end.no_moves != Some(NoMoves::Pass) {
            return false;
        }
        self.flush_sets();
        !self.has_candidate()
    }

    /// `(no-moves Pass)` at the start of a turn: a player with no move
    /// passes, and the next one's turn begins (its automatic phases run);
    /// every player in turn stuck is a draw. Nothing is judged while a
    /// roll is owed (the step will be played again once it is made:
    /// docs/chance.md).
    pub(crate) fn pass_while_stuck(&mut self, game: &Game) {
        for _ in 0..=game.num_players() {
            self.flush_sets();
            if self.demand.is_some() || self.scalars.outcome.is_some() || self.has_candidate() {
                return;
            }
            self.next_player();
            if !self.tables.plain_turns {
                self.begin_turn(game);
            }
        }
        self.scalars.outcome = Some(Outcome::Draw(EndReason::NoMoves));
    }

    /// The draw and limit rules checked at the end of a turn (repetition,
    /// no progress, passes, turn limit): the outcome one of them gives (a
    /// repetition `by-score:` decided as a turn limit is).
    /// A count at `u32::MAX`, the most it holds, ends the game as its rule
    /// would (no progress: a draw; passes and turns: by score, else a
    /// draw) even when the game has no such rule: it never counts on
    /// wrongly (docs/language.md, `turn-limit`).
    pub(crate) fn check_draws(&mut self) {
        let end = &self.game.end;
        let reason = if !self.history_draws {
            None
        } else if end
            .repetition
            .is_some_and(|n| self.may_repeat(n as usize) && self.repetitions() >= n as usize)
        {
            Some(EndReason::Repetition)
        } else if end
            .no_progress
            .as_ref()
            .is_some_and(|(n, _)| self.scalars.no_progress >= *n)
        {
            Some(EndReason::NoProgress)
        } else {
            None
        };
        if let Some(r) = reason {
            let n = self.game.num_players();
            let o = match r == EndReason::Repetition && end.repetition_by_score {
                true => self.score_outcome(r),
                false => seats::settled(&self.scalars.seats, n, r),
            };
            self.scalars.outcome = Some(self.stuck_first(o));
            return;
        }
        let full = |count: u32| count == u32::MAX;
        if full(self.scalars.no_progress) {
            // The largest count there is: drawn as by a no-progress rule.
            let n = self.game.num_players();
            let r = EndReason::NoProgress;
            self.scalars.outcome = Some(seats::settled(&self.scalars.seats, n, r));
            return;
        }
        let scored =
            if end.passes.is_some_and(|n| self.scalars.passes >= n) || full(self.scalars.passes) {
                Some(EndReason::Passes)
            } else if end.turn_limit.is_some_and(|n| self.scalars.turns >= n)
                || full(self.scalars.turns)
            {
                Some(EndReason::TurnLimit)
            } else {
                None
            };
        if let Some(r) = scored {
            let o = self.score_outcome(r);
            self.scalars.outcome = Some(self.stuck_first(o));
        }
    }

    /// `draw`, the outcome a draw or limit rule gives, unless the player to
    /// move has no legal move under a `no-moves` rule that decides the game
    /// (not a pass): then that rule's outcome, which the last turn earned
    /// (a checkmate on the move that reaches the no-progress limit wins,
    /// as FIDE's article 9.6 says). Asked only when such a rule fires.
    fn stuck_first(&self, draw: Outcome) -> Outcome {
        if self.extras.chance.is_some()
            || self.mid_turn()
            || matches!(self.no_moves_rule(), None | Some(NoMoves::Pass))
        {
            return draw;
        }
        // A listing that plays steps to judge them (`after:` filters,
        // `maximize:`) ends turns that reach the same limit: inside it the
        // limit's outcome stands, or the check would list without end.
        if IN_STUCK_CHECK.with(|c| c.replace(true)) {
            return draw;
        }
        // Not the cache: it must not keep this position's steps under the
        // outcome about to be set.
        let stuck = !self.has_legal_step();
        IN_STUCK_CHECK.with(|c| c.set(false));
        if stuck { self.no_moves_outcome() } else { draw }
    }

    /// Applies a result effect: `who` (seen from `player`, the mover)
    /// wins, loses or draws, unless the game is already decided. A loss
    /// is the other's win with two players, [`Outcome::Loss`] with one;
    /// with more than two players a win or a loss makes the seat leave play
    /// ([`seats::leave`]); a seat already out is not decided again. `at`
    /// names the effect ([`EndRule::Result`]), kept when it ends the game.
    pub(crate) fn decide(&mut self, decision: Decision, who: Who, player: Player, at: u32) {
        if self.scalars.outcome.is_some() {
            return;
        }
        self.end_rule = Some(EndRule::Result(at));
        let n = self.game.num_players() as Player;
        let p = match who {
            Who::Mover => player,
            Who::Next => (player + 1) % n,
            Who::Player(p) => p,
        };
        let r = EndReason::Result;
        if seats::ranks(n as usize) {
            self.decide_seat(decision, p, r);
            return;
        }
        self.scalars.outcome = match decision {
            Decision::Win => Some(Outcome::Win(p, r)),
            Decision::Draw => Some(Outcome::Draw(r)),
            Decision::Loss if n == 2 => Some(Outcome::Win(1 - p, r)),
            Decision::Loss if n == 1 => Some(Outcome::Loss(p, r)),
            Decision::Loss => None,
        };
    }

    /// Forgets a draw declared by a draw rule (repetition, no progress,
    /// turn limit) so that play goes on: for replaying records of games
    /// whose players did not claim the draw. Returns the forgotten outcome.
    pub fn clear_draw(&mut self) -> Option<Outcome> {
        self.cache.forget();
        match self.scalars.outcome {
            Some(o @ Outcome::Draw(_)) => {
                self.scalars.outcome = None;
                self.end_rule = None;
                Some(o)
            }
            _ => None,
        }
    }

    /// The outcome if the game is over: a draw rule fired, or the player to
    /// move has no legal move (then the `no-moves` rule decides; without
    /// one it is a draw).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.scalars.outcome.is_some() {
            return self.scalars.outcome;
        }
        if self.legal_steps().is_empty() {
            Some(self.no_moves_outcome())
        } else {
            None
        }
    }

    /// The outcome when the player to move has no legal move.
    pub(crate) fn no_moves_outcome(&self) -> Outcome {
        let n = self.game.num_players() as u8;
        let me = self.scalars.mover;
        let rule = self.no_moves_rule();
        if seats::ranks(n as usize)
            && let Some(o) = self.stuck_seat_outcome(rule, me)
        {
            return o;
        }
        match rule {
            Some(NoMoves::Loss) if n == 2 => Outcome::Win(1 - me, EndReason::NoMoves),
            Some(NoMoves::Loss) if n == 1 => Outcome::Loss(me, EndReason::NoMoves),
            Some(NoMoves::Win) => Outcome::Win(me, EndReason::NoMoves),
            Some(NoMoves::Score) => self.score_outcome(EndReason::NoMoves),
            _ => Outcome::Draw(EndReason::NoMoves),
        }
    }

    /// The `no-moves` rule that speaks for the player to move: the first
    /// `if:` rule whose condition holds, else the plain one.
    pub(crate) fn no_moves_rule(&self) -> Option<NoMoves> {
        let ctx = Ctx {
            last: self.scalars.last,
            ..Ctx::at(self.scalars.mover, NO_SITE)
        };
        self.game
            .end
            .no_moves_if
            .iter()
            .find(|(c, _)| self.eval(c, &ctx))
            .map(|&(_, r)| r)
            .or(self.game.end.no_moves)
    }

    /// True when the game is over: [`State::outcome`] is `Some`.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

/// A rule's number as a counter value: saturates at ±`i32::MAX` rather
/// than wrapping (symmetric, so that every counter has its opposite and
/// a position text, which reads counters within ±2147483647, reads back
/// every value play reaches).
pub(crate) fn clamp_i32(v: i64) -> i32 {
    v.clamp(-(i32::MAX as i64), i32::MAX as i64) as i32
}

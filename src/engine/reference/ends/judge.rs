//! Judging a position given from outside (a position text), as the rules
//! judge the end of a turn: a position that the end rules say is over is
//! over when it is set up, not one turn later.

use crate::board::Site;
use crate::compile::ir::{Effect, Game, Gen, GenKind, Kind, NoMoves};
use crate::engine::State;
use crate::engine::cond::Ctx;
use crate::engine::position::chance::Pending;
use crate::engine::reference::attack::required_kind;

impl State {
    /// Judges a position just set up, with no turn in progress (a
    /// continuation, `again`, steps played) and no outcome given: the
    /// `lose-when` conditions (each player for whom one holds loses), then
    /// the result effects of the moves (`(if COND (win))` in a
    /// generator's `then:` or `finally:`) read for the player who moved
    /// last (at a chance node, then for the others, backwards in turn
    /// order), with `To` at the last move's destination when the text
    /// gives it (`last=`) and that player tops it, else at each site
    /// where that player's stack is on top, as if it had just moved there
    /// (tic-tac-toe's three in a row, a breakthrough piece on the far row,
    /// a backgammon side with all fifteen borne off) by a generator that
    /// moves or places its top piece's kind ([`could_leave`]: the king's
    /// move to a corner is not read at a soldier's site), then the draw and
    /// limit rules as the end of a turn checks them (no progress, turn
    /// limit, passes, repetition). A chance node at the start of a turn
    /// (`pending=start`) is judged too: its board is the turn's start, and
    /// a game over there rolls no dice. A position that is over has its
    /// outcome set and no legal move.
    pub(crate) fn judge_given(&mut self) {
        let s = &self.scalars;
        // A turn in progress is judged when it ends (Pentago's five in a
        // row before its twist). A chance node in a step is the position
        // before the step that rolls, judged when that step is played.
        if s.outcome.is_some()
            || s.cont.is_some()
            || s.again.is_some()
            || s.turn_steps > 0
            || self
                .extras
                .chance
                .is_some_and(|c| c.pending != Pending::Start)
        {
            return;
        }
        let game = self.game.clone();
        // The rules judge a turn's end before its position joins the
        // boards of turn starts (`(repeated 2)`: two earlier starts, the
        // third occurrence); the position read is already the last of
        // them, left out while it is judged.
        let current = self.boards.pop();
        self.check_lose_conditions(&game);
        if self.scalars.outcome.is_none() {
            self.judge_results(&game);
        }
        self.boards.extend(current);
        if self.scalars.outcome.is_none() {
            self.check_draws();
        }
        if self.scalars.outcome.is_some() {
            self.extras.chance = None;
            self.dice.clear();
            self.cache.forget();
        }
    }

    /// The result effects of the moves read for the player who moved last
    /// ([`State::judge_given`]); at a chance node at a turn's start, where
    /// dice and not a move come next, for each player backwards in turn
    /// order from that one. The first that fires decides the game. Away
    /// from a chance node only the last mover's are read: a win that only
    /// the side to move's own moves check (a fort that stands after its
    /// builder's move) does not fire on the position the other side's
    /// move left.
    fn judge_results(&mut self, game: &Game) {
        let n = game.num_players() as u8;
        let seats = match self.extras.chance {
            Some(_) => n,
            None => 1,
        };
        let last = self.scalars.last;
        for k in 1..=seats {
            let player = (self.scalars.mover + n - k) % n.max(1);
            // The last move's destination when the text gives it (`last=`)
            // and the player's stack tops it: the move that led here, not
            // every stack of the player's.
            let only = (last != crate::board::NO_SITE
                && (last as usize) < self.heights.len()
                && self.top_owner(last) == Some(player))
            .then_some(last);
            let sites = (0..self.heights.len() as Site)
                .filter(|&s| only.is_none_or(|l| l == s) && self.top_owner(s) == Some(player));
            let fired = sites
                .into_iter()
                .find_map(|s| self.result_at(game, player, s));
            if let Some((list, ctx)) = fired {
                self.decide_by(list, &ctx);
                return;
            }
        }
    }

    /// Plays on from a position just set up as play would from a turn
    /// start: under `(no-moves Pass)`, a player to move with no legal move
    /// passes, and the next player's turn begins (its automatic phases
    /// run, each player in turn passing while stuck; every one stuck is a
    /// draw). A turn that goes on (`again=`) with no legal move ends
    /// there, as play ends it, and the next player's turn begins likewise.
    /// A roll the new turn needs leaves the state at a chance node
    /// (docs/chance.md), never drawn from the seed. Nothing is done for a
    /// position that is over, a chance node, a turn in progress that has
    /// a move, or a player who has a move. The undo journal is emptied:
    /// the position read is where undo stops.
    pub(crate) fn pass_given(&mut self) {
        let s = &self.scalars;
        let game = self.game.clone();
        if s.outcome.is_some()
            || s.cont.is_some()
            || (s.turn_steps > 0 && s.again.is_none())
            || self.extras.chance.is_some()
            || game.end.no_moves != Some(NoMoves::Pass)
        {
            return;
        }
        self.flush_sets();
        if self.has_candidate() {
            return;
        }
        self.scalars.turn_captured = false;
        self.scalars.turn_progress = false;
        self.next_player();
        self.begin_first_turn(&game);
        self.journal.clear();
        self.cache.forget();
    }

    /// The first result effect of the generators of `game` that fires for
    /// `player` having moved to `site` (only the generators that could
    /// have left the piece found there: [`could_leave`]), with the effects listed beside it
    /// (a backgammon win's `(set-counter "Points" …)`) and the context to
    /// run them in.
    fn result_at<'g>(&self, game: &'g Game, player: u8, site: Site) -> Option<(&'g [Effect], Ctx)> {
        let ctx = Ctx {
            player,
            subject: site,
            from: site,
            to: site,
            over: site,
            anchor: site,
            last: site,
        };
        let top_kind = self.top(site).map(|p| game.kind(p));
        game.gens
            .iter()
            .filter(|g| could_leave(g, top_kind))
            .flat_map(|g| [&g.then, &g.finally])
            .find_map(|effects| self.result_of(effects, &ctx))
            .map(|list| (list, ctx))
    }

    /// The list of effects, among `effects` and the branches their
    /// conditions reach on this position, that holds a result effect
    /// (nothing is run).
    fn result_of<'g>(&self, effects: &'g [Effect], ctx: &Ctx) -> Option<&'g [Effect]> {
        if effects.iter().any(|e| matches!(e, Effect::Result(..))) {
            return Some(effects);
        }
        effects.iter().find_map(|e| match e {
            Effect::If(c, yes, no) if contains_result(yes) || contains_result(no) => {
                self.result_of(if self.eval(c, ctx) { yes } else { no }, ctx)
            }
            _ => None,
        })
    }

    /// Decides the game by the first result effect of `list`, after the
    /// counters set beside it (`set-counter`, not the others: the
    /// position read already holds what the step did).
    fn decide_by(&mut self, list: &[Effect], ctx: &Ctx) {
        for e in list {
            if matches!(e, Effect::SetCounter(..)) {
                let _ = self.run_effect(e, ctx);
            }
        }
        if let Some(&Effect::Result(decision, who, at)) =
            list.iter().find(|e| matches!(e, Effect::Result(..)))
        {
            self.decide(decision, who, ctx.player, at);
        }
    }
}

/// True if `g` could have left a piece of kind `top` (the top piece of
/// a site, `None` for an empty one) on the site it moved to: a placement
/// places its own kind, a promotion leaves the kind it promotes to, and a
/// move whose `from:` asks a kind of its origin (`(kind "King")`) moves
/// that kind. A generator that asks no kind could have left any. A
/// position read is judged as if its last mover's stacks had just moved
/// there (`judge_given`): Hnefatafl's king reaching a corner wins, an
/// attacker's soldier on a corner is not the king's move.
fn could_leave(g: &Gen, top: Option<Kind>) -> bool {
    let left = match &g.kind {
        GenKind::Place { kind, .. } => Some(*kind),
        kind => kind.promote_to().or_else(|| required_kind(&g.from).0),
    };
    left.is_none_or(|k| Some(k) == top)
}

/// True if a result effect is among `effects`, inside `if`s or not.
fn contains_result(effects: &[Effect]) -> bool {
    effects.iter().any(|e| match e {
        Effect::Result(..) => true,
        Effect::If(_, yes, no) => contains_result(yes) || contains_result(no),
        _ => false,
    })
}

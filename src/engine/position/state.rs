//! The state of a game: a stack on every site, the player to move, the
//! continuation of a multi-step turn, counters for the draw rules, and a
//! journal so that moves can be undone (perft, turn enumeration).
//!
//! Stacks live in one flat array of `sites × stack_cap` pieces plus a height
//! per site, so that cloning a state is two memcpys and a move allocates
//! nothing.

use crate::board::Site;
use crate::compile::ir::{BlockId, Game, GenId, Piece, Player};
use crate::engine::Tables;
use crate::engine::bits::Occupancy;
use crate::engine::journal::{Entry, Journal};
use crate::engine::mode::Engine;
use std::sync::Arc;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum EndReason {
    /// The player to move had no legal move.
    NoMoves,
    /// The same position occurred for the n-th time.
    Repetition,
    /// Too many turns without progress (no capture, no man move).
    NoProgress,
    /// The turn limit was reached.
    TurnLimit,
    /// A `lose-when` condition held (elimination, a fallen headquarters).
    LoseCondition,
    /// Both players passed in a row (the game is scored).
    Passes,
    /// A result effect of the rules decided it (`(win)`, `(lose)`,
    /// `(draw)`): a line completed, a piece captured, a goal reached.
    Result,
}

impl EndReason {
    /// Every end reason.
    pub const ALL: [EndReason; 7] = [
        EndReason::NoMoves,
        EndReason::Repetition,
        EndReason::NoProgress,
        EndReason::TurnLimit,
        EndReason::LoseCondition,
        EndReason::Passes,
        EndReason::Result,
    ];

    /// A short machine name (`no_moves`), for JSON reports and trials.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::NoMoves => "no_moves",
            EndReason::Repetition => "repetition",
            EndReason::NoProgress => "no_progress",
            EndReason::TurnLimit => "turn_limit",
            EndReason::LoseCondition => "lose_condition",
            EndReason::Passes => "passes",
            EndReason::Result => "result",
        }
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EndReason::NoMoves => "no legal move",
            EndReason::Repetition => "repetition",
            EndReason::NoProgress => "no progress",
            EndReason::TurnLimit => "turn limit",
            EndReason::LoseCondition => "lose condition",
            EndReason::Passes => "passes",
            EndReason::Result => "a rule's result",
        })
    }
}

/// Which end rule of the rule file decided a game, kept beside its
/// [`Outcome`] ([`State::end_rule`]) so that a front end can name that
/// one rule in words (src/render/notes.rs) rather than every rule that
/// could have ended it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum EndRule {
    /// The result effect (`(win)`, `(lose)`, `(draw)`) whose clause
    /// starts at this byte of the rule file's assembled text
    /// ([`crate::compile::variant::assemble`]; inside a define, the byte
    /// of the define's body): an [`EndReason::Result`].
    Result(u32),
    /// The `(lose-when …)` rule of this index among the `(end …)`
    /// clause's, in file order: an [`EndReason::LoseCondition`].
    LoseWhen(u8),
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// This player won.
    Win(Player, EndReason),
    /// Nobody won.
    Draw(EndReason),
    /// This player lost and nobody won: the loss of a game of one player
    /// (a puzzle failed; its return is −1, docs/players.md, "One
    /// player"). A loss with two players is the other's [`Outcome::Win`];
    /// with more, a place in an [`Outcome::Ranked`].
    Loss(Player, EndReason),
    /// Every seat's place, in a game of more than two players where a seat
    /// left play before the end (docs/players.md, "Several players").
    Ranked(crate::engine::seats::Places, EndReason),
}

impl Outcome {
    /// Why the game ended.
    pub fn reason(&self) -> EndReason {
        match *self {
            Outcome::Win(_, r) | Outcome::Draw(r) | Outcome::Loss(_, r) | Outcome::Ranked(_, r) => {
                r
            }
        }
    }

    /// The winner, if any: in a ranking, the seat alone in first place.
    pub fn winner(&self) -> Option<Player> {
        match *self {
            Outcome::Win(p, _) => Some(p),
            Outcome::Draw(_) | Outcome::Loss(..) => None,
            Outcome::Ranked(places, _) => places.first(),
        }
    }
}

/// The multi-step turn in progress: the same player must move again with
/// generator `gen` from `site`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Continuation {
    /// The generator that must continue.
    pub gen_id: GenId,
    /// The site it continues from.
    pub site: Site,
}

/// Why [`State::undo`] took nothing back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum UndoError {
    /// No step to take back: a new state, or one whose every step has been
    /// taken back already.
    #[error("nothing to undo")]
    NothingPlayed,
    /// The state does not record its steps: `set_journaling(false)`.
    #[error("undo is off for this state (journaling is off)")]
    Off,
}

/// The scalar part of a state that most steps change, saved whole by the
/// journal before every step (small enough to be copied in a few moves).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Scalars {
    pub mover: Player,
    /// Turns completed since the start.
    pub turns: u32,
    pub cont: Option<Continuation>,
    pub hash: u64,
    /// Consecutive turns without a progress fact.
    pub no_progress: u32,
    /// The turn so far removed a piece.
    pub turn_captured: bool,
    /// The turn so far satisfied a `Moved` progress fact.
    pub turn_progress: bool,
    /// Consecutive passes.
    pub passes: u32,
    /// Chained steps in the current turn.
    pub turn_steps: u32,
    /// The count the game's `maximize:` rule reads, for the turn in
    /// progress or, once it is over, the turn just ended (until the next
    /// turn's first step).
    pub turn_score: u32,
    pub outcome: Option<Outcome>,
    /// The seats out of play and their places (games of more than two
    /// players; all zero otherwise).
    pub seats: crate::engine::seats::Seats,
    /// The same player moves again with this move block (`again`).
    pub again: Option<BlockId>,
    /// How many sites have a mark (any bit).
    pub marked: u16,
    /// The current phase of the turn (index into `Game::phases`).
    pub phase: u8,
    /// The destination of the last step played (`Last`; `NO_SITE` before
    /// the first and after a step with none, such as a pass).
    pub last: Site,
    /// The origin of the last step played (`NO_SITE` as for `last`).
    pub last_from: Site,
}

/// The scalars of a state that few steps change (counters, dice, toggles):
/// the journal saves them only for a step that changes them
/// ([`State::save_extras`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Extras {
    /// Counters: `counters[counter * players + player]`.
    pub counters: [i32; MAX_COUNTERS],
    /// State of the chance generator (splitmix64).
    pub rng: u64,
    /// Boolean toggles as they stand now, bit `i` for toggle `i`.
    pub flags: u64,
    /// The chance node the state stands at, if any (docs/chance.md).
    pub chance: Option<crate::engine::chance::Chance>,
    /// The dice the mover has left to play (`(throw …)`, `advance`).
    pub dice_left: crate::engine::dice_left::DiceLeft,
}

/// Most counter values a state holds (counters × players).
pub use crate::compile::ir::MAX_COUNTERS;

/// Buckets of the history's hashes ([`State::may_repeat`]).
const SEEN_BUCKETS: usize = 512;

/// The bucket of a position's hash: its top bits (the keys are random).
#[inline]
fn seen_bucket(h: u64) -> usize {
    (h >> 55) as usize % SEEN_BUCKETS
}

/// The mark bit of `(mark …)`: lasts until the end of the turn.
pub(crate) const MARK: u8 = 1;
/// The mark bit of `(mark-all … for:Step)`: lasts until the mover's next
/// step is played.
pub(crate) const FLANK_MARK: u8 = 2;
/// The mark bit of a stack taken by a `capture:End` hop: it stays on the
/// board, cannot be jumped again, and is removed when the turn ends. Not
/// a mark the rules see (`marked`, `origin:Marked`).
pub(crate) const TAKEN: u8 = 4;
/// The mark bits the rules see.
pub(crate) const VISIBLE_MARKS: u8 = MARK | FLANK_MARK;

/// A position of a game and everything needed to go on from it.
#[derive(Debug)]
pub struct State {
    pub(crate) game: Arc<Game>,
    /// The engine's tables of the game, shared by every clone.
    pub(crate) tables: Arc<Tables>,
    pub(crate) cap: usize,
    pub(crate) heights: Vec<u8>,
    /// Per-site marks, one bit per kind of mark: [`MARK`] (`(mark …)`,
    /// cleared at the end of every turn and by `(clear-marks)`) and
    /// [`FLANK_MARK`] (`mark-all … for:Step`, cleared at the start of every step
    /// and at the end of the turn). Journaled.
    pub(crate) marks: Vec<u8>,
    pub(crate) pieces: Vec<Piece>,
    /// The sites of each top owner, top piece and height, kept with the
    /// stacks (for move generation).
    pub(crate) occ: Occupancy,
    /// Per site: the stack there has not moved since the game began (kept
    /// only for games whose rules read it, `Game::tracks_unmoved`).
    /// Journaled.
    pub(crate) unmoved: Vec<bool>,
    pub(crate) scalars: Scalars,
    /// Hash of the position at the start of every turn so far.
    pub(crate) history: Vec<u64>,
    /// Beside each entry of `history`: the previous step then (its origin
    /// and destination, `last_from` and `last`), from which the moves
    /// that read it are found again when two entries' hashes agree
    /// ([`State::repetitions`]).
    pub(crate) history_last: Vec<(Site, Site)>,
    /// The hash of the board alone ([`State::board_hash`]) at the start
    /// of every turn so far, oldest first: kept, whatever the draw rules,
    /// only for a game whose rules read `(repeated)`. Its length follows
    /// `history`'s when both are kept.
    pub(crate) boards: Vec<u64>,
    /// How many hashes of `history` fall in each of [`SEEN_BUCKETS`]
    /// buckets (by their top bits): a position whose bucket holds fewer
    /// than `n` hashes cannot have occurred `n` times, so the draw rule
    /// skips the scan of the history ([`State::may_repeat`]). Empty (no
    /// filter: every position may repeat) for a game without that rule.
    seen: Vec<u32>,
    /// The scalars few steps change.
    pub(crate) extras: Extras,
    /// The undo journal (when `journaling`).
    pub(crate) journal: Journal,
    /// Sites removed by the effects of the step being applied.
    pub(crate) removed: Vec<Site>,
    /// Sites whose owner the effects of the step being applied changed.
    pub(crate) converted: Vec<Site>,
    /// Steps whose effects are known to change nothing
    /// ([`crate::engine::quietsteps`]).
    pub(crate) quiet: crate::engine::quietsteps::QuietSteps,
    /// Verdicts of filtered placements kept from one listing to the next
    /// ([`crate::engine::verdicts`]).
    pub(crate) verdicts: crate::engine::verdicts::Verdicts,
    pub(crate) journaling: bool,
    /// The draw rules that depend on the game's history (repetition, no
    /// progress) are applied; perft turns them off, and with them the
    /// bookkeeping only they read: the history of turn starts, the hash
    /// of the position, and the progress facts of a turn (their values
    /// are left as they stood).
    pub(crate) history_draws: bool,
    /// The step being played leaves the end of its turn unjudged
    /// ([`State::play_unjudged`]).
    pub(crate) unjudged: bool,
    /// A stack moved or a piece placed by the step being played,
    /// unjudged, whose site sets have not been brought up to date yet
    /// ([`State::defer_sets`]).
    pub(crate) pending_sets: Option<Pending>,
    /// The legal steps and turns of the position, once listed
    /// ([`crate::engine::cache`]).
    pub(crate) cache: crate::engine::cache::Cache,
    /// The values rolled by the chance moves since the step they resume
    /// was chosen, in order (journaled: [`Entry::Die`], [`Entry::Undie`]).
    pub(crate) dice: Vec<u16>,
    /// How many of `dice` the step being played has read.
    pub(crate) dice_read: usize,
    /// The first roll the step being played needed beyond `dice`.
    pub(crate) demand: Option<crate::engine::chance::Roll>,
    /// A step of a game with chance is being played: rolls read `dice`
    /// ([`State::roll_dice`]).
    pub(crate) rolling: bool,
    /// The end rule that last set an outcome ([`State::end_rule`]): set
    /// whenever a result effect or a `lose-when` rule decides, and read
    /// only while the outcome it set stands, so neither the journal nor
    /// the position text keeps it (the scalars saved every step stay
    /// small).
    pub(crate) end_rule: Option<EndRule>,
}

/// A change of the stacks whose site sets are left behind until read
/// ([`State::defer_sets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    /// The whole stack of the first site moved onto the second, empty.
    Moved(Site, Site),
    /// A piece was put on top of the stack at the site.
    Placed(Site),
}

impl Clone for State {
    /// A copy that keeps room for the history to grow, so that a playout
    /// from a clone does not reallocate it turn after turn.
    fn clone(&self) -> State {
        let mut history = Vec::with_capacity(self.history.len() + 512);
        history.extend_from_slice(&self.history);
        let mut history_last = Vec::with_capacity(self.history_last.len() + 512);
        history_last.extend_from_slice(&self.history_last);
        let mut journal = self.journal.clone();
        reserve_journal(&self.game, &mut journal);
        State {
            game: self.game.clone(),
            tables: self.tables.clone(),
            cap: self.cap,
            heights: self.heights.clone(),
            marks: self.marks.clone(),
            pieces: self.pieces.clone(),
            occ: self.occ.clone(),
            unmoved: self.unmoved.clone(),
            scalars: self.scalars,
            history,
            history_last,
            boards: self.boards.clone(),
            seen: self.seen.clone(),
            extras: self.extras,
            journal,
            // Room for every site, so that a playout's first capture does
            // not allocate.
            removed: Vec::with_capacity(self.heights.len()),
            converted: Vec::with_capacity(self.heights.len()),
            quiet: self.quiet.clone(),
            verdicts: self.verdicts.clone(),
            journaling: self.journaling,
            history_draws: self.history_draws,
            unjudged: false,
            pending_sets: None,
            cache: Default::default(),
            dice: self.dice.clone(),
            dice_read: 0,
            demand: None,
            rolling: false,
            end_rule: self.end_rule,
        }
    }

    /// Makes `self` a copy of `src` in the room `self` already has: no
    /// allocation once `self` has held a state of the same game as long
    /// (a playout's scratch state, copied from the start position before
    /// each playout).
    fn clone_from(&mut self, src: &State) {
        self.copy_from(src, true);
    }
}

impl State {
    /// Makes `self` a copy of `src` in the room `self` has, as
    /// [`Clone::clone_from`] does, but with an empty undo journal unless
    /// `copy_journal`: a scratch copy that only takes back its own steps
    /// (a listing's probes) need not copy the steps before it.
    pub(crate) fn copy_from(&mut self, src: &State, copy_journal: bool) {
        // Every field named, so that a new one cannot be forgotten here.
        let State {
            game,
            tables,
            cap,
            heights,
            marks,
            pieces,
            occ,
            unmoved,
            scalars,
            history,
            history_last,
            boards,
            seen,
            extras,
            journal,
            removed: _,
            converted: _,
            quiet,
            verdicts,
            journaling,
            history_draws,
            unjudged: _,
            pending_sets: _,
            cache: _,
            dice,
            dice_read: _,
            demand: _,
            rolling: _,
            end_rule,
        } = src;
        if !Arc::ptr_eq(&self.game, game) {
            self.game = game.clone();
        }
        if !Arc::ptr_eq(&self.tables, tables) {
            self.tables = tables.clone();
        }
        self.cap = *cap;
        self.heights.clone_from(heights);
        self.marks.clone_from(marks);
        self.pieces.clone_from(pieces);
        self.occ.copy_from(occ);
        self.unmoved.clone_from(unmoved);
        self.scalars = *scalars;
        self.history.clone_from(history);
        self.history_last.clone_from(history_last);
        self.boards.clone_from(boards);
        self.seen.clone_from(seen);
        self.extras = *extras;
        match copy_journal {
            true => self.journal.copy_from(journal),
            false => self.journal.clear(),
        }
        reserve_journal(&self.game, &mut self.journal);
        self.removed.clear();
        self.converted.clear();
        self.quiet.copy_from(quiet);
        self.verdicts.copy_from(verdicts);
        self.journaling = *journaling;
        self.history_draws = *history_draws;
        self.unjudged = false;
        self.pending_sets = None;
        self.cache.forget();
        self.dice.clone_from(dice);
        self.dice_read = 0;
        self.demand = None;
        self.rolling = false;
        self.end_rule = *end_rule;
    }
}

impl State {
    /// The end rule that decided the game, when the game is over by a
    /// result effect or a `lose-when` rule (`None` for another reason,
    /// or while the game goes on).
    pub fn end_rule(&self) -> Option<EndRule> {
        match (self.scalars.outcome?.reason(), self.end_rule?) {
            (EndReason::Result, r @ EndRule::Result(_)) => Some(r),
            (EndReason::LoseCondition, r @ EndRule::LoseWhen(_)) => Some(r),
            _ => None,
        }
    }

    /// A copy of this state holding its own copy of the game, so that it
    /// shares no reference count with `self`: give one to each thread of a
    /// parallel run, whose steps would otherwise all touch the one shared
    /// `Arc<Game>` counter (a cache line bouncing between cores).
    pub fn detached(&self) -> State {
        let mut st = self.clone();
        st.game = Arc::new((*self.game).clone());
        st.tables = Arc::new((*self.tables).clone());
        st
    }
}

/// Room in the journal for a game whose legal steps are found by playing
/// turns out and undoing them (`maximize:`), so that the search does not
/// grow the journal in a playout from a new or cloned state (journaling is
/// off there otherwise).
fn reserve_journal(game: &Game, journal: &mut Journal) {
    if game.maximize.is_some() {
        journal.reserve();
    }
}

impl State {
    /// The initial position of `game` with its chance generator (dice)
    /// seeded with `seed`: the first turn's automatic phases already roll.
    pub fn new_seeded(game: Arc<Game>, seed: u64) -> State {
        let tables = Arc::new(Tables::new(&game));
        Self::build(game, tables, Some(seed))
    }

    /// The initial position a front end seeded with `seed` starts a game
    /// from: a game that draws its first player at random (`(first …
    /// Random)`) draws it from `seed` ([`State::new_seeded`]), so that the
    /// same seed gives the same first player in every front end (CLI
    /// `play` and `playout`, the web page, a trial's replay by its `seed`
    /// line); any other game starts as [`State::new`] starts it.
    pub fn new_for_seed(game: Arc<Game>, seed: u64) -> State {
        match game.first {
            crate::compile::heuristics::First::Random => State::new_seeded(game, seed),
            crate::compile::heuristics::First::Player(_) => State::new(game),
        }
    }

    /// The initial position of `game`: its setup, player 0 to move, after
    /// the first turn's automatic phases (if any).
    pub fn new(game: Arc<Game>) -> State {
        let tables = Arc::new(Tables::new(&game));
        Self::build(game, tables, None)
    }

    /// The initial position of this state's game, its chance generator
    /// seeded with `seed` (as [`State::new_seeded`]), sharing this state's
    /// tables rather than deriving them again.
    pub fn initial_seeded(&self, seed: u64) -> State {
        Self::build(self.game.clone(), self.tables.clone(), Some(seed))
    }

    /// The initial position of `game` (as [`State::new`]) with every
    /// `after:` filter probed by playing the move and undoing it
    /// ([`Tables::probing`]): the baseline the engine's shortcuts are
    /// measured against (benches/exnihilo.rs).
    #[doc(hidden)]
    pub fn new_probing(game: Arc<Game>) -> State {
        let tables = Arc::new(Tables::probing(&game));
        Self::build(game, tables, None)
    }

    /// The initial position of `game` (as [`State::new`]) played by
    /// `engine`: [`Engine::Reference`] lists, plays and counts every move
    /// by the reference interpreter alone. Clones keep the engine.
    pub fn with_engine(game: Arc<Game>, engine: Engine) -> State {
        let tables = Arc::new(Tables::with_engine(&game, engine));
        Self::build(game, tables, None)
    }

    /// The engine that plays this state ([`State::with_engine`]).
    pub fn engine(&self) -> Engine {
        self.tables.engine()
    }

    /// A copy of this state (position, history, counters, chance
    /// generator, undo journal) played from now on by `engine`.
    pub fn on_engine(&self, engine: Engine) -> State {
        let mut st = self.clone();
        if st.engine() == engine.for_game(&st.game) {
            return st;
        }
        st.tables = Arc::new(Tables::with_engine(&st.game, engine));
        st.quiet = crate::engine::quietsteps::QuietSteps::for_tables(&st.tables);
        st.verdicts = crate::engine::verdicts::Verdicts::for_tables(
            &st.tables,
            st.game.num_players(),
            st.heights.len(),
        );
        if st.tables.reads_site_sets() && !st.occ.kept() {
            let n = st.heights.len();
            st.occ = Occupancy::new(n, st.game.num_players(), st.game.num_pieces());
            for site in 0..n {
                st.resync(site as Site);
            }
        }
        st
    }

    fn build(game: Arc<Game>, tables: Arc<Tables>, seed: Option<u64>) -> State {
        let n = game.board.len();
        let cap = game.stack_cap;
        let mut st = State {
            heights: vec![0; n],
            marks: vec![0; n],
            pieces: vec![0; n * cap],
            // Kept only when read: a state that keeps none skips the
            // bookkeeping on every change of a stack.
            occ: match tables.reads_site_sets() {
                true => Occupancy::new(n, game.num_players(), game.num_pieces()),
                false => Occupancy::new(0, game.num_players(), game.num_pieces()),
            },
            unmoved: vec![false; n],
            cap,
            scalars: Scalars {
                mover: 0,
                turns: 0,
                cont: None,
                hash: 0,
                no_progress: 0,
                turn_captured: false,
                turn_progress: false,
                passes: 0,
                turn_steps: 0,
                turn_score: 0,
                outcome: None,
                seats: Default::default(),
                again: None,
                marked: 0,
                phase: 0,
                last: crate::board::NO_SITE,
                last_from: crate::board::NO_SITE,
            },
            history: Vec::with_capacity(256),
            history_last: Vec::with_capacity(256),
            boards: Vec::new(),
            // Kept only for a game with a repetition rule.
            seen: match game.end.repetition {
                Some(_) => vec![0; SEEN_BUCKETS],
                None => Vec::new(),
            },
            extras: Extras {
                rng: 0x6c75_6469_635f_7365,
                ..Extras::default()
            },
            journal: Journal::default(),
            removed: Vec::with_capacity(n),
            converted: Vec::with_capacity(n),
            quiet: crate::engine::quietsteps::QuietSteps::for_tables(&tables),
            verdicts: crate::engine::verdicts::Verdicts::for_tables(&tables, game.num_players(), n),
            journaling: true,
            history_draws: true,
            unjudged: false,
            pending_sets: None,
            cache: Default::default(),
            dice: Vec::new(),
            dice_read: 0,
            demand: None,
            rolling: false,
            end_rule: None,
            game,
            tables,
        };
        reserve_journal(&st.game, &mut st.journal);
        let setup = st.game.setup.clone();
        for (site, stack) in setup {
            for p in stack {
                st.push_piece(site, p);
            }
        }
        if st.game.tracks_unmoved {
            for s in 0..n {
                st.unmoved[s] = st.heights[s] > 0;
            }
        }
        st.init_counters();
        st.init_flags();
        if let Some(seed) = seed {
            st.set_seed(seed);
        }
        st.scalars.mover = match st.game.first {
            crate::compile::heuristics::First::Player(p) => p,
            crate::compile::heuristics::First::Random => {
                (st.roll(st.game.players.len().min(255) as u8) - 1) as Player
            }
        };
        let game = Arc::clone(&st.game);
        st.begin_first_turn(&game);
        st.reset_history();
        st
    }

    /// Empties the board and sets the player to move (for set-up positions:
    /// FEN, scenarios). The turn count, passes and the repetition history
    /// restart; the phase, counters and flipped toggles stay as they are.
    pub(crate) fn clear(&mut self, mover: Player) {
        self.cache.forget();
        self.heights.iter_mut().for_each(|h| *h = 0);
        for site in 0..self.heights.len() {
            self.resync(site as Site);
        }
        self.unmoved.iter_mut().for_each(|u| *u = false);
        self.scalars.last = crate::board::NO_SITE;
        self.scalars.last_from = crate::board::NO_SITE;
        self.scalars.hash = 0;
        self.scalars.mover = mover;
        self.scalars.cont = None;
        self.scalars.outcome = None;
        self.end_rule = None;
        self.scalars.seats = Default::default();
        self.scalars.no_progress = 0;
        self.scalars.again = None;
        // A new position: no turns, passes or steps behind it.
        self.scalars.turns = 0;
        self.scalars.passes = 0;
        self.scalars.turn_steps = 0;
        self.scalars.turn_score = 0;
        self.scalars.turn_captured = false;
        self.scalars.turn_progress = false;
        self.marks.iter_mut().for_each(|m| *m = 0);
        self.scalars.marked = 0;
        // A position set up by hand is no chance node.
        self.extras.chance = None;
        self.dice.clear();
        self.reset_history();
    }

    /// Recomputes the hash from scratch and restarts the history with the
    /// current position.
    pub(crate) fn reset_history(&mut self) {
        self.scalars.hash = self.fresh_hash();
        self.history.clear();
        self.history_last.clear();
        self.boards.clear();
        self.seen.iter_mut().for_each(|c| *c = 0);
        self.record_turn_start();
        self.journal.clear();
    }

    /// The hash of the position (player to move, unmoved stacks, pieces)
    /// worked out from scratch.
    fn fresh_hash(&self) -> u64 {
        let z = &self.tables.zobrist;
        let mut h = z.mover(self.scalars.mover);
        let unmoved = self.hashes_unmoved();
        for (site, &u) in self.unmoved.iter().enumerate() {
            if u && unmoved {
                h ^= z.unmoved(site);
            }
        }
        for site in 0..self.heights.len() {
            for level in 0..self.heights[site] as usize {
                h ^= z.piece(site, level, self.pieces[site * self.cap + level]);
            }
        }
        h
    }

    /// Recomputes the hash from scratch and makes `history` the history
    /// of turn starts (oldest first; a position text's `history=`), the
    /// undo journal emptied.
    pub(crate) fn set_history(&mut self, history: &[u64]) {
        self.scalars.hash = self.fresh_hash();
        self.history.clear();
        self.history_last.clear();
        self.seen.iter_mut().for_each(|c| *c = 0);
        // The previous step of the entries before this position is not
        // in the text: taken as none.
        let now = self.repetition_key();
        let (s, none) = (
            &self.scalars,
            (crate::board::NO_SITE, crate::board::NO_SITE),
        );
        let here = (s.last_from, s.last);
        self.boards.clear();
        let players = self.game.num_players().max(1) as u64;
        let z = &self.tables.zobrist;
        for (i, &h) in history.iter().enumerate() {
            if self.game.tracks_boards {
                // The players taken in strict turn order: the mover of the
                // entry `k` turns back is `k` seats before this one's.
                let back = (history.len() - 1 - i) as u64 % players;
                let seat = (u64::from(self.scalars.mover) + players - back) % players;
                self.boards.push(h ^ z.mover(seat as Player));
            }
            self.history_last.push(if h == now { here } else { none });
            self.history.push(h);
            if let Some(c) = self.seen.get_mut(seen_bucket(h)) {
                *c = c.saturating_add(1);
            }
        }
        self.journal.clear();
        self.cache.forget();
    }

    /// The initial position of this state's game as [`State::new`] makes
    /// it, sharing this state's tables.
    pub(crate) fn initial_unseeded(&self) -> State {
        Self::build(self.game.clone(), self.tables.clone(), None)
    }

    /// The game this state belongs to.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// The player to move (0-based).
    #[inline]
    pub fn current_player(&self) -> Player {
        self.scalars.mover
    }

    /// True when every turn of the game is one step: no generator chains
    /// and no `(again …)` can be played, so no step leaves the turn
    /// unfinished (a list of the legal steps is the list of the turns).
    #[inline]
    pub fn one_step_turns(&self) -> bool {
        self.tables.one_step_turns
    }

    /// Turns completed since the start (a multi-jump is one turn).
    pub fn turns(&self) -> u32 {
        self.scalars.turns
    }

    /// Consecutive turns without a progress fact (what `draw-no-progress`
    /// counts; the position text's `no-progress`).
    pub fn no_progress(&self) -> u32 {
        self.scalars.no_progress
    }

    /// The state of the chance generator (splitmix64) that rolls the next
    /// dice: the position text's `dice`, so that a position read back
    /// rolls the same.
    pub fn dice_state(&self) -> u64 {
        self.extras.rng
    }

    /// The seat `seat` has left play (games of more than two players),
    /// and the place it took then (1 = first; `None` while it plays).
    pub fn seat_out(&self, seat: Player) -> Option<u8> {
        let seats = self.scalars.seats;
        seats.is_out(seat).then(|| seats.places.of(seat))
    }

    /// The turn in progress, if the mover must continue it.
    pub fn continuation(&self) -> Option<Continuation> {
        self.scalars.cont
    }

    /// Hash of the position (board and player to move); not kept up to
    /// date by perft, which turns the history draw rules off.
    pub fn hash(&self) -> u64 {
        self.scalars.hash
    }

    /// Height of the stack at `site`.
    #[inline]
    pub fn height(&self, site: Site) -> usize {
        self.heights[site as usize] as usize
    }

    /// The stack at `site`, bottom first.
    pub fn stack(&self, site: Site) -> &[Piece] {
        let b = site as usize * self.cap;
        &self.pieces[b..b + self.height(site)]
    }

    /// The top piece at `site`, if any.
    #[inline]
    pub fn top(&self, site: Site) -> Option<Piece> {
        let h = self.heights[site as usize] as usize;
        if h == 0 {
            None
        } else {
            Some(self.pieces[site as usize * self.cap + h - 1])
        }
    }

    /// Owner of the top piece at `site`, if any.
    #[inline]
    pub fn top_owner(&self, site: Site) -> Option<Player> {
        self.top(site).map(|p| self.game.owner(p))
    }

    /// Turns journaling (undo) on or off; playouts turn it off.
    pub fn set_journaling(&mut self, on: bool) {
        self.journaling = on;
        self.journal.clear();
    }

    /// Takes back the last step played (with [`State::play`] or
    /// [`State::play_unchecked`]): the state is again what it was before
    /// it, history and counters included. Steps are taken back one at a
    /// time, the last first.
    ///
    /// # Errors
    /// [`UndoError::Off`] when the state does not record its steps
    /// ([`State::set_journaling`]`(false)`, as playouts run), and
    /// [`UndoError::NothingPlayed`] when no step was played since the
    /// state was made, its position set, or journaling turned on. The
    /// state is unchanged.
    pub fn undo(&mut self) -> Result<(), UndoError> {
        if !self.journaling {
            return Err(UndoError::Off);
        }
        if self.take_back() {
            Ok(())
        } else {
            Err(UndoError::NothingPlayed)
        }
    }

    /// How many turn starts the history keeps: its hashes, or the boards
    /// alone when only `(repeated)` reads them.
    #[inline]
    pub(crate) fn turn_starts_kept(&self) -> usize {
        self.history.len().max(self.boards.len())
    }

    /// Drops the history's entries from `len` on (undo).
    pub(crate) fn drop_history(&mut self, len: usize) {
        if self.game.tracks_boards && self.boards.len() > len {
            self.boards.truncate(len);
        }
        while self.history.len() > len {
            self.history_last.pop();
            if let Some(h) = self.history.pop()
                && let Some(c) = self.seen.get_mut(seen_bucket(h))
            {
                *c = c.saturating_sub(1);
            }
        }
    }

    /// Sets the toggle flags from the game's toggle values.
    fn init_flags(&mut self) {
        let game = self.game.clone();
        for (i, t) in game.toggles.iter().enumerate().take(64) {
            if t.value == crate::compile::ir::Value::Bool(true) {
                self.extras.flags |= 1 << i;
            }
        }
    }

    /// True if boolean toggle `id` is on now.
    pub(crate) fn flag(&self, id: u8) -> bool {
        id < 64 && self.extras.flags & (1 << id) != 0
    }

    /// Flips boolean toggle `id`.
    pub(crate) fn flip(&mut self, id: u8) {
        if id < 64 {
            self.save_extras();
            self.extras.flags ^= 1 << id;
        }
    }

    /// Gives every counter its initial value.
    fn init_counters(&mut self) {
        let n = self.game.num_players();
        for (c, counter) in self.game.counters.iter().enumerate() {
            for p in 0..n {
                if let Some(v) = self.extras.counters.get_mut(c * n + p) {
                    *v = counter.init;
                }
            }
        }
    }

    /// A player's value of a counter.
    #[inline]
    pub fn counter(&self, counter: u8, player: Player) -> i32 {
        let i = counter as usize * self.game.num_players() + player as usize;
        self.extras.counters.get(i).copied().unwrap_or(0)
    }

    /// Sets a player's counter (kept in the scalars, so undo restores it).
    pub(crate) fn set_counter(&mut self, counter: u8, player: Player, v: i32) {
        let i = counter as usize * self.game.num_players() + player as usize;
        self.save_extras();
        if let Some(x) = self.extras.counters.get_mut(i) {
            *x = v;
        }
    }

    /// The current phase of the turn.
    pub fn phase(&self) -> usize {
        self.scalars.phase as usize
    }

    /// Seeds the chance generator (dice): the same seed gives the same
    /// rolls on every machine.
    pub fn set_seed(&mut self, seed: u64) {
        self.save_extras();
        self.extras.rng = seed ^ 0x6c75_6469_635f_7365;
    }

    /// Draws a number in `1..=sides` from the chance generator
    /// (splitmix64; portable).
    pub(crate) fn roll(&mut self, sides: u8) -> i64 {
        self.save_extras();
        self.extras.rng = self.extras.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.extras.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % sides.max(1) as u64) as i64 + 1
    }

    fn set_height(&mut self, site: Site, h: u8) {
        self.write_height(site, h);
        self.resync(site);
    }

    /// Sets the height of the stack at `site`, journaled, leaving the site
    /// sets to the caller.
    #[inline]
    fn write_height(&mut self, site: Site, h: u8) {
        self.log(Entry::Height(site, self.heights[site as usize]));
        self.heights[site as usize] = h;
    }

    /// Brings the site sets ([`Occupancy`]) up to date with the stack at
    /// `site`.
    #[inline]
    pub(crate) fn resync(&mut self, site: Site) {
        if !self.occ.kept() {
            return;
        }
        let shape = self.shape_of(site);
        self.occ.set(site, shape, &self.game.owners);
    }

    /// The stack at `site` as the site sets have it: its top piece, its
    /// height, and whether its pieces have more than one owner.
    #[inline(always)]
    fn shape_of(&self, site: Site) -> (Option<Piece>, usize, bool) {
        let s = site as usize;
        let h = self.heights.get(s).copied().unwrap_or(0) as usize;
        let stack = self
            .pieces
            .get(s * self.cap..s * self.cap + h)
            .unwrap_or(&[]);
        let owners = &self.game.owners;
        let mixed = match stack {
            [] | [_] => false,
            [first, rest @ ..] => rest
                .iter()
                .any(|&p| owners[p as usize] != owners[*first as usize]),
        };
        (stack.last().copied(), h, mixed)
    }

    /// True when the site sets are kept and none is left behind
    /// ([`State::defer_sets`]): what they say of a site is what its stack
    /// is.
    #[inline(always)]
    pub(crate) fn sets_current(&self) -> bool {
        self.occ.kept() && self.pending_sets.is_none()
    }

    /// The site sets of the current stacks, built from scratch (to check
    /// the ones kept step by step).
    #[cfg(test)]
    pub(crate) fn rebuilt_sets(&self) -> Occupancy {
        if !self.occ.kept() {
            return self.occ.clone();
        }
        let n = self.heights.len();
        let mut occ = Occupancy::new(n, self.game.num_players(), self.game.num_pieces());
        for s in 0..n {
            occ.set(s as Site, self.shape_of(s as Site), &self.game.owners);
        }
        occ
    }

    /// Sets (`on`) or clears the mark bits `bits` of `site`, journaled.
    pub(crate) fn set_mark(&mut self, site: Site, bits: u8, on: bool) {
        let old = self.marks[site as usize];
        let new = if on { old | bits } else { old & !bits };
        if old == new {
            return;
        }
        self.log(Entry::Mark(site, old));
        self.marks[site as usize] = new;
        match (old == 0, new == 0) {
            (true, false) => self.scalars.marked += 1,
            (false, true) => self.scalars.marked -= 1,
            _ => {}
        }
    }

    /// Clears the mark bits `bits` of every site (journaled); nothing to
    /// call when no site is marked.
    #[inline(always)]
    pub(crate) fn clear_mark_bits(&mut self, bits: u8) {
        if self.scalars.marked > 0 {
            self.clear_marked_bits(bits);
        }
    }

    /// [`State::clear_mark_bits`] when some site is marked.
    #[inline(never)]
    fn clear_marked_bits(&mut self, bits: u8) {
        let mut left = self.scalars.marked;
        let mut s = 0;
        while left > 0 && s < self.marks.len() {
            if self.marks[s] != 0 {
                left -= 1;
                self.set_mark(s as Site, bits, false);
            }
            s += 1;
        }
    }

    /// Clears every mark of every site (journaled).
    #[inline(always)]
    pub(crate) fn clear_marks(&mut self) {
        self.clear_mark_bits(u8::MAX);
    }

    /// Puts `p` on top of the stack at `site`; ignored (never a panic) when
    /// the stack is full.
    pub(crate) fn push_piece(&mut self, site: Site, p: Piece) {
        self.cache.forget();
        if self.put_piece(site, p) {
            self.resync_pushed(site, p);
        }
    }

    /// [`State::resync`] of `site` just after `p` was put on its stack:
    /// whether the stack is mixed follows from what the sets had of it
    /// and from `p`'s owner against its bottom piece's, without reading
    /// the stack again (a sowing's hundreds of pushes). While a stack's
    /// sets are pending ([`State::defer_sets`]), read from scratch.
    #[inline]
    fn resync_pushed(&mut self, site: Site, p: Piece) {
        if !self.occ.kept() {
            return;
        }
        if self.pending_sets.is_some() {
            return self.resync(site);
        }
        let s = site as usize;
        let h = self.heights[s] as usize;
        let owners = &self.game.owners;
        let bottom = self.pieces[s * self.cap];
        let mixed =
            h > 1 && (self.occ.is_mixed(site) || owners[p as usize] != owners[bottom as usize]);
        self.occ.set(site, (Some(p), h, mixed), owners);
    }

    /// Puts `p` on top of the stack at `site` as [`State::push_piece`]
    /// does, the move of a step (a placement): on a step left unjudged,
    /// the site's sets may be left as they were ([`State::defer_sets`]).
    pub(crate) fn place_piece(&mut self, site: Site, p: Piece) {
        if self.put_piece(site, p) && !self.defer_sets(Pending::Placed(site)) {
            self.resync(site);
        }
    }

    /// Puts `p` on top of the stack at `site`, journaled as one
    /// [`Entry::Pushed`], leaving the site sets to the caller; false
    /// (nothing done) when the stack is full.
    #[inline(always)]
    pub(crate) fn put_piece(&mut self, site: Site, p: Piece) -> bool {
        let h = self.height(site);
        if h >= self.cap {
            return false;
        }
        let i = site as usize * self.cap + h;
        self.log(Entry::Pushed(site, self.pieces[i]));
        self.pieces[i] = p;
        self.hash_piece(site, h, p);
        self.heights[site as usize] = h as u8 + 1;
        true
    }

    /// Sets whether the stack at `site` has not moved (journaled, hashed).
    pub(crate) fn set_unmoved(&mut self, site: Site, on: bool) {
        let old = self.unmoved[site as usize];
        if old == on {
            return;
        }
        self.log(Entry::Unmoved(site, old));
        self.unmoved[site as usize] = on;
        if self.keeps_hash() && self.hashes_unmoved() {
            self.scalars.hash ^= self.tables.zobrist.unmoved(site as usize);
        }
    }

    /// True if the stack at `site` has not moved since the game began.
    pub fn is_unmoved(&self, site: Site) -> bool {
        self.unmoved.get(site as usize).copied().unwrap_or(false)
    }

    /// Removes the whole stack at `site` (journaled as one
    /// [`Entry::Cleared`]: its slots are left as they were).
    pub(crate) fn clear_site(&mut self, site: Site) {
        // (A site is only ever unmoved in a game that tracks it.)
        if self.game.tracks_unmoved {
            self.set_unmoved(site, false);
        }
        let h = self.height(site);
        for level in 0..h {
            let p = self.pieces[site as usize * self.cap + level];
            self.hash_piece(site, level, p);
        }
        if h > 0 {
            self.log(Entry::Cleared(site, h as u8));
            self.heights[site as usize] = 0;
            self.resync(site);
        }
    }

    /// Replaces the top piece of the stack at `site` by `p` (puts `p` on
    /// an empty site): one stack for another in place, journaled as the
    /// slot's old piece and the height (so that undo brings the site
    /// sets up to date), its sets brought up to date once, where clearing
    /// the site and pushing `p` would do it twice (a quarter turn's
    /// marbles).
    pub(crate) fn replace_top(&mut self, site: Site, p: Piece) {
        let h = self.height(site);
        if h == 0 {
            return self.push_piece(site, p);
        }
        let i = site as usize * self.cap + h - 1;
        let old = self.pieces[i];
        if old == p {
            return;
        }
        self.cache.forget();
        self.log(Entry::Piece(i as u32, old));
        self.hash_piece(site, h - 1, old);
        self.hash_piece(site, h - 1, p);
        self.pieces[i] = p;
        self.set_height(site, h as u8);
    }

    /// Replaces every piece of the stack at `site` by the same kind owned
    /// by `owner`.
    pub(crate) fn convert_site(&mut self, site: Site, owner: Player) {
        let h = self.height(site);
        let mut changed = false;
        for level in 0..h {
            let i = site as usize * self.cap + level;
            let old = self.pieces[i];
            let new = self.game.piece(self.game.kind(old), owner);
            if new != old {
                self.log(Entry::Piece(i as u32, old));
                self.hash_piece(site, level, old);
                self.hash_piece(site, level, new);
                self.pieces[i] = new;
                changed = true;
            }
        }
        if changed {
            // Journaled as a height too, so that undo resyncs the site.
            self.set_height(site, h as u8);
        }
    }

    /// Moves the top `count` pieces of `from` onto `to`, order kept
    /// (pieces past a full stack at `to` are lost, as `push_piece` does).
    pub(crate) fn move_pieces(&mut self, from: Site, to: Site, count: usize) {
        let (h, th) = (self.height(from), self.height(to));
        let count = count.min(h);
        if th == 0 && count == h && h > 0 {
            // (`from` is not `to`: one is empty, the other not.)
            self.move_stack(from, to, h);
            return;
        }
        if self.game.tracks_unmoved {
            self.set_unmoved(from, false);
            self.set_unmoved(to, false);
        }
        if from == to || th + count > self.cap {
            // A stack onto itself, or onto a stack with no room: piece by
            // piece, as pushes.
            for level in h - count..h {
                let p = self.pieces[from as usize * self.cap + level];
                self.hash_piece(from, level, p);
                self.push_piece(to, p);
            }
            self.set_height(from, (h - count) as u8);
            return;
        }
        let (f, t) = (from as usize * self.cap, to as usize * self.cap);
        for k in 0..count {
            let (level, dest) = (h - count + k, th + k);
            let p = self.pieces[f + level];
            self.log(Entry::Piece((t + dest) as u32, self.pieces[t + dest]));
            self.pieces[t + dest] = p;
            self.hash_piece(from, level, p);
            self.hash_piece(to, dest, p);
        }
        self.set_height(to, (th + count) as u8);
        self.set_height(from, (h - count) as u8);
    }

    /// Moves the whole stack of `from`, `h` pieces (at least one), onto
    /// `to`, which is empty (a step, a hop): one journal entry, and the
    /// site sets move with it.
    #[inline]
    pub(crate) fn move_stack(&mut self, from: Site, to: Site, h: usize) {
        if self.game.tracks_unmoved {
            self.set_unmoved(from, false);
            self.set_unmoved(to, false);
        }
        self.log_moved(from, to, h);
        let (f, t) = (from as usize * self.cap, to as usize * self.cap);
        for level in 0..h {
            self.pieces[t + level] = self.pieces[f + level];
        }
        if self.keeps_hash() {
            let z = &self.tables.zobrist;
            for level in 0..h {
                let p = self.pieces[t + level];
                self.scalars.hash ^=
                    z.piece(from as usize, level, p) ^ z.piece(to as usize, level, p);
            }
        }
        self.heights[to as usize] = h as u8;
        self.heights[from as usize] = 0;
        if self.occ.kept() && !self.defer_sets(Pending::Moved(from, to)) {
            self.move_sets(from, to);
        }
    }

    /// Moves the site sets of a stack moved from `from` to `to` (or sets
    /// both sites anew if they cannot move).
    #[inline(always)]
    pub(crate) fn move_sets(&mut self, from: Site, to: Site) {
        if !self.occ.relocate(from, to, &self.game.owners) {
            self.resync_two(to, from);
        }
    }

    /// Sets sites `a` and `b` anew in the site sets.
    #[inline(never)]
    pub(crate) fn resync_two(&mut self, a: Site, b: Site) {
        self.resync(a);
        self.resync(b);
    }

    /// Leaves the site sets of the stack just moved or placed (`change`)
    /// as they were, when the step is unjudged (perft's last ply) and no
    /// other change is pending: if the step ends there, nothing reads the
    /// sets before it is taken back, and undo has nothing to set back.
    /// Whatever would read them first calls [`State::flush_sets`].
    #[inline]
    fn defer_sets(&mut self, change: Pending) -> bool {
        if self.unjudged && self.pending_sets.is_none() {
            self.pending_sets = Some(change);
            return true;
        }
        false
    }

    /// Brings the site sets up to date with a stack whose sets were left
    /// behind ([`State::defer_sets`]).
    #[inline(always)]
    pub(crate) fn flush_sets(&mut self) {
        if self.pending_sets.is_some() {
            self.flush_pending();
        }
    }

    /// [`State::flush_sets`] when a stack's sets are pending.
    #[inline(never)]
    fn flush_pending(&mut self) {
        match self.pending_sets.take() {
            Some(Pending::Moved(from, to)) => self.move_sets(from, to),
            Some(Pending::Placed(site)) => self.resync(site),
            None => {}
        }
    }

    /// Passes the turn to the next player still in play (seats that are
    /// out are skipped) and records the new position.
    #[inline(always)]
    pub(crate) fn next_player(&mut self) {
        let players = self.game.num_players();
        let mut next = match self.scalars.mover as usize + 1 {
            n if n >= players => 0,
            n => n as Player,
        };
        if self.scalars.seats.out != 0 {
            next = self.next_in_play(next, players);
        }
        if self.keeps_hash() {
            let z = &self.tables.zobrist;
            self.scalars.hash ^= z.mover(self.scalars.mover) ^ z.mover(next);
        }
        self.scalars.mover = next;
        self.scalars.cont = None;
        self.scalars.again = None;
        self.clear_marks();
        self.scalars.turn_steps = 0;
        // Saturates only at a game over: a count of u32::MAX ends the game
        // (`check_draws`), and a position text read there is over as read.
        self.scalars.turns = self.scalars.turns.saturating_add(1);
        self.record_turn_start();
    }

    /// The first seat from `seat` on, in turn order, that is still in play
    /// (`seat` itself when none is: the game is then over).
    #[inline(never)]
    pub(crate) fn next_in_play(&self, seat: Player, players: usize) -> Player {
        (0..players as Player)
            .map(|i| (seat + i) % players as Player)
            .find(|&s| !self.scalars.seats.is_out(s))
            .unwrap_or(seat)
    }

    /// XORs the key of piece `p` at `level` of `site` into the hash (kept
    /// only while the history draw rules are on: see
    /// [`State::history_draws`]).
    #[inline(always)]
    fn hash_piece(&mut self, site: Site, level: usize, p: Piece) {
        if self.keeps_hash() {
            self.scalars.hash ^= self.tables.zobrist.piece(site as usize, level, p);
        }
    }

    /// Adds the current position to the history of turn starts (kept only
    /// while the history draw rules are on).
    fn record_turn_start(&mut self) {
        if self.game.tracks_boards {
            self.boards.push(self.board_hash());
        }
        if !self.history_draws {
            return;
        }
        let h = self.repetition_key();
        self.history_last
            .push((self.scalars.last_from, self.scalars.last));
        self.history.push(h);
        if let Some(c) = self.seen.get_mut(seen_bucket(h)) {
            *c = c.saturating_add(1);
        }
    }

    /// True when the hash is kept up to date: the history draw rules are
    /// on, or a rule reads `(repeated)`.
    #[inline(always)]
    pub(crate) fn keeps_hash(&self) -> bool {
        self.history_draws || self.game.tracks_boards
    }

    /// The hash of the board alone (the stacks and unmoved marks, not the
    /// player to move).
    #[inline]
    pub(crate) fn board_hash(&self) -> u64 {
        self.scalars.hash ^ self.tables.zobrist.mover(self.scalars.mover)
    }

    /// True when the board as it stands stood at the start of `times`
    /// turns of the game so far or more, this turn's included
    /// (`(repeated)`: positional superko; `(repeated 2)`: the board's
    /// third occurrence, a tafl repetition).
    pub(crate) fn board_repeated(&self, times: usize) -> bool {
        let now = self.board_hash();
        self.boards
            .iter()
            .rev()
            .filter(|&&b| b == now)
            .take(times)
            .count()
            >= times
    }

    /// False when the current position cannot have occurred `n` times at
    /// the start of a turn (its bucket of the history holds fewer hashes);
    /// true when it may have ([`State::repetitions`] tells).
    #[inline]
    pub(crate) fn may_repeat(&self, n: usize) -> bool {
        self.seen
            .get(seen_bucket(self.current_key()))
            .is_none_or(|&c| c as usize >= n)
    }

    /// The repetition key of the current position: the one recorded at
    /// the start of this turn while no step of it is played (the listing
    /// it may take is not repeated), else worked out now.
    fn current_key(&self) -> u64 {
        match self.history.last() {
            Some(&k)
                if self.tables.plain_turns
                    && self.scalars.turn_steps == 0
                    && self.scalars.cont.is_none() =>
            {
                k
            }
            _ => self.repetition_key(),
        }
    }

    /// How often the current position occurred at the start of a turn,
    /// this one included.
    pub fn repetitions(&self) -> usize {
        // The history holds a hash a turn and the mover changes every
        // turn, so only every n-th entry from the last (the current
        // position) has the same player to move; the others cannot be
        // equal, the mover being part of the hash.
        let n = self.game.num_players().max(1);
        let key = self.current_key();
        let (mut i, mut count) = (self.history.len(), 0);
        while i > 0 {
            i -= 1;
            if self.history[i] == key {
                let last = self.history_last.get(i).copied();
                count += usize::from(self.same_history_moves(last));
            }
            i = i.saturating_sub(n - 1);
        }
        count
    }
}

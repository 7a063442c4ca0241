//! The resolved game: rules as an IR of Rust enums over small integer ids.
//!
//! Every name of the rule file (pieces, regions, directions, toggles) is
//! resolved to an index here, so that the interpreter never looks a name up
//! during play.

use crate::board::{Board, Dir, Site};
use serde::Serialize;

pub use super::ir_moves::*;
pub use super::ir_stacks::*;
pub use super::tracks::{Track, TrackId};

/// Index of a player: `0` is the first player (P1), who moves first.
pub type Player = u8;
/// A piece on a stack: `kind * players + owner`. See [`Game::owner`].
pub type Piece = u8;
/// Index of a piece kind (`(piece "Checker")` is kind 0).
pub type Kind = u8;
/// Index of a move generator ([`Move::gen_id`](crate::engine::Move::gen_id)):
/// below [`Game::num_gens`].
pub type GenId = u16;
/// Index of a direction set in `Game::dirsets`.
pub type DirSetId = u16;
/// Index of a region in [`Game::regions`].
pub type RegionId = u16;

/// One player as declared by `(player "Name" letter:"B" forward:S)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerInfo {
    /// Display name ("Black").
    pub name: String,
    /// One-letter code used in FEN strings ('B').
    pub letter: char,
    /// Unit vector of the player's forward direction (x right, y up).
    pub forward: (f64, f64),
}

/// A site that a condition or an effect speaks of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SiteRef {
    /// The site the clause is about: the origin in `from:`, the jumped site
    /// in `over:`, the destination in `to:`.
    Subject,
    /// The origin of the current step.
    From,
    /// The destination of the current step.
    To,
    /// The jumped site of the current step (hops only).
    Over,
    /// The destination of the step played before the current one (the
    /// mover's previous step in a turn of several steps: where Amazons'
    /// queen landed before it shoots).
    Last,
    /// The site the current step passes first: next to its origin on the
    /// straight line to its destination, when that is at least two steps
    /// away along one of the board's directions (a pawn's double step, a
    /// castling king's crossing square). See `engine::lines_of_move`.
    Passed,
    /// The first occupied site past the step's destination, going on in
    /// the direction from its origin to its destination (the rook a
    /// castling king moves toward).
    Beyond,
    /// The site the previous step passed first (as `Passed`, for the step
    /// that ended on `Last`): the square a pawn's double step crossed, for
    /// en passant.
    LastPassed,
}

impl SiteRef {
    /// True for the sites found from the board's lines at run time
    /// (`Passed`, `Beyond`, `LastPassed`) rather than read from the step.
    pub fn is_derived(self) -> bool {
        matches!(
            self,
            SiteRef::Passed | SiteRef::Beyond | SiteRef::LastPassed
        )
    }
}

/// A comparison operator of a numeric condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Cmp {
    /// `=`
    Eq,
    /// `≠` (no comparison word lowers to it yet: the comparisons of
    /// conds.rs)
    Ne,
    /// `<`
    Lt,
    /// `≤`
    Le,
    /// `>`
    Gt,
    /// `≥`
    Ge,
}

impl Cmp {
    /// Applies the comparison to 64-bit numbers: `a op b`.
    #[inline]
    pub fn test64(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }

    /// Applies the comparison: `a op b`.
    #[inline]
    pub fn test(self, a: i32, b: i32) -> bool {
        self.test64(i64::from(a), i64::from(b))
    }
}

/// A condition on the position, evaluated for a site (its subject) during
/// move generation and effects.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Cond {
    /// Always true.
    True,
    /// Always false.
    False,
    /// The site holds no piece (a stack of height 0).
    Empty(SiteRef),
    /// The site's top piece belongs to the mover.
    Mine(SiteRef),
    /// The site's top piece belongs to another player.
    Enemy(SiteRef),
    /// The stack's height compared with a number.
    Height(SiteRef, Cmp, i32),
    /// The site's top piece is of this kind.
    Kind(SiteRef, Kind),
    /// The site lies in the region (as seen by the mover).
    In(SiteRef, RegionId),
    /// All hold.
    And(Vec<Cond>),
    /// At least one holds.
    Or(Vec<Cond>),
    /// Does not hold.
    Not(Box<Cond>),
    /// The step's destination is farther from the region (in steps) than
    /// its origin: what `(more-than (distance To R) (distance From R))` is
    /// lowered to.
    Farther(RegionId),
    /// The stack at a site flanks at least one stack.
    Flanks(Box<Flank>),
    /// The site's top piece has the same owner as the anchor's (the site
    /// whose neighbours or group are being looked at).
    Friend(SiteRef),
    /// The named role (a condition declared by `(role …)`) holds at the site.
    Role(SiteRef, RoleId),
    /// Compares two numbers.
    Compare(Num, Cmp, Num),
    /// The set is non-empty.
    Any(SiteSet),
    /// The set is connected by the board's adjacency (true when empty).
    Connected(SiteSet),
    /// Every site of the set satisfies the condition (as its subject).
    Every(SiteSet, Box<Cond>),
    /// The site is one of the set's sites (`(among SITE SET)`): a set
    /// worked out from the position (a flood fill, a run) asked site by
    /// site, as a region is asked with `in`.
    Among(SiteRef, Box<SiteSet>),
    /// The stack holds at least one piece of the player.
    Holds(SiteRef),
    /// The stack is not empty and every piece is the player's.
    HoldsOnly(SiteRef),
    /// The stack holds pieces of two or more players (contested).
    Mixed(SiteRef),
    /// The site was marked earlier this turn (`(mark …)`).
    Marked(SiteRef),
    /// The boolean toggle is on now (toggles can flip during play).
    On(ToggleId),
    /// A line through a site: along some axis of the direction set, the
    /// site and the sites next to it in both directions that satisfy the
    /// condition make a run of at least `len` sites (exactly `len` when
    /// `exact`). Tic-tac-toe's three, Connect Four's four, Gomoku's five.
    Line(Box<Line>),
    /// The site one step from a site in some direction of the set exists
    /// and satisfies the condition (its subject being that site).
    Ahead(SiteRef, DirSetId, Box<Cond>),
    /// The site some steps from a site along a direction (a direction
    /// value such as the current step's, or any of a set) exists and
    /// satisfies the condition: `(ahead To Move Enemy steps:2)`. The
    /// plain one-step form over a fixed set is [`Cond::Ahead`].
    AheadBy(Box<AheadBy>),
    /// The stack at the site has not moved since the game began (every
    /// stack of the setup; in a FEN position, the pieces its castling
    /// field names).
    Unmoved(SiteRef),
    /// Another player's capturing move could reach the site: one of their
    /// generators with `capture:true` could move one of their stacks there
    /// (or jump it), whatever the site holds (see `engine::attack`).
    Attacked(SiteRef),
    /// A piece of this kind of the player is attacked (`(in-check "King")`).
    InCheck(Kind),
    /// The two sites are the same site (both present).
    Same(SiteRef, SiteRef),
    /// The two direction values name the same direction (both name one):
    /// `(same Move LastMove)`, a step that goes on the way the previous
    /// step went (Fanorona's chain may not).
    SameDirection(Along, Along),
    /// The player the rule speaks for (the mover during play, each player
    /// in turn in a score) is one of these (`(player-is P1)`).
    PlayerIs(Vec<Player>),
    /// The board as it stands (its stacks, whoever is to move) stood at
    /// the start of a turn of the game so far, this turn's included
    /// (`(repeated)`; positional superko: `after:(not (repeated))`), at
    /// least this many times (`(repeated 2)`: the third occurrence).
    Repeated(u32),
}

/// The arguments of a [`Cond::Line`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    /// The site the line goes through.
    pub at: SiteRef,
    /// Directions; a direction and its opposite make one axis.
    pub dirs: DirSetId,
    /// How many sites in a row.
    pub len: u16,
    /// Exactly `len` (a longer run does not count).
    pub exact: bool,
    /// What every site of the line satisfies (default: the mover's).
    pub of: Cond,
}

/// The arguments of a [`SiteSet::Run`]: rays from a site.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Run {
    /// Where the rays start (the site itself is not in the set).
    pub at: SiteRef,
    /// One ray per direction.
    pub dirs: DirSetId,
    /// The ray goes on through the sites that satisfy this.
    pub through: Cond,
    /// With `Some`, a ray counts only when it has at least one site and
    /// the first site past it satisfies this (Reversi's own disc closing a
    /// line of enemy discs; a custodian capture).
    pub close: Option<Cond>,
    /// Also the site that stopped the ray, when it exists (a slide's
    /// landing on an enemy, a shot's target).
    pub with_end: bool,
    /// With `Some(n)`, a ray counts only when it has exactly `n` sites
    /// (before `close:` is asked): Pente's capture of exactly two.
    pub length: Option<u16>,
    /// With `Some`, one ray only, along the direction of the current step
    /// (its origin to its destination, on a line of the board) or against
    /// it, in place of `dirs` (`along:Move|Reverse`): Fanorona's approach
    /// and withdrawal.
    pub along: Option<Along>,
}

/// The arguments of a [`Cond::AheadBy`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AheadBy {
    /// The site counted from.
    pub at: SiteRef,
    /// The directions looked along.
    pub dirs: Dirs,
    /// How many steps away (a number read when the condition is asked;
    /// 0 is the site itself, a negative number names no site).
    pub steps: Num,
    /// What the site found satisfies (its subject).
    pub cond: Cond,
}

/// The directions a `dirs:` argument names: a fixed set per player, or a
/// direction value read from the current step (`Move`, `Reverse`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Dirs {
    /// A direction set (`Game::dirsets`).
    Set(DirSetId),
    /// The direction of the current step or its opposite: one direction,
    /// or none when the step follows no line of the board.
    Along(Along),
}

/// A direction value: which way a [`Run`] with `along:` goes, or the one
/// direction a `dirs:` names, read from a step rather than fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Along {
    /// The direction of the current step (`along:Move`).
    Move,
    /// The opposite direction (`along:Reverse`).
    Reverse,
    /// The direction of the previous step, from its origin to its
    /// destination (`LastMove`): within a turn of several steps, the
    /// mover's step before the one being chosen.
    LastMove,
}

/// The words of the direction values, in [`Along`]'s order.
pub const DIRECTION_VALUES: &[&str] = &["Move", "Reverse", "LastMove"];

impl Along {
    /// The direction value a word names (see [`DIRECTION_VALUES`]).
    pub fn from_word(w: &str) -> Option<Along> {
        match w {
            "Move" => Some(Along::Move),
            "Reverse" => Some(Along::Reverse),
            "LastMove" => Some(Along::LastMove),
            _ => None,
        }
    }
}

/// Who a result effect speaks of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Who {
    /// The player making the move.
    Mover,
    /// The player who moves after the mover.
    Next,
    /// A player by index.
    Player(Player),
}

/// What a result effect decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Decision {
    /// The player wins.
    Win,
    /// The player loses.
    Loss,
    /// The game is drawn.
    Draw,
}

/// Index of a toggle in [`Game::toggles`].
pub type ToggleId = u8;

/// Index of a role in [`Game::roles`].
pub type RoleId = u16;

/// A named condition on a site, derived from the position (Polypods' feet
/// and body stones, docs/games/polypods.md): never stored, always recomputed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Role {
    /// Its name.
    pub name: String,
    /// The condition, its subject being the site.
    pub cond: Cond,
    /// Shown after the owner's letter by `ludic show` when the role holds.
    pub mark: Option<String>,
}

/// A number computed from the position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Num {
    /// A constant.
    Int(i64),
    /// The number of sites in a set.
    Count(Box<SiteSet>),
    /// A sum.
    Add(Vec<Num>),
    /// A difference.
    Sub(Box<Num>, Box<Num>),
    /// The first number if the condition holds, else the second.
    If(Box<Cond>, Box<Num>, Box<Num>),
    /// The player's value of a counter.
    Counter(CounterId),
    /// The number of pieces of the player on the board.
    Pieces,
    /// The height of a stack.
    Height(SiteRef),
    /// The sum of N rolls of a die with S sides (a chance event, drawn
    /// from the state's seeded generator).
    Roll(u8, u8),
    /// The number of pieces, whoever owns them, on the sites of a set.
    PiecesIn(Box<SiteSet>),
    /// Steps from a site to the nearest site of a region, as the player
    /// sees the region (`(distance To "Centre")`); the board's number of
    /// sites when the region cannot be reached from it.
    Distance(SiteRef, RegionId),
    /// The pieces, whoever owns them, on the whole lines through a site
    /// (the site included, each line once, both ways along it): one line
    /// per direction of the set and its opposite. Lines of Action's move
    /// length: `(pieces-on-line From dirs:Move)`.
    PiecesOnLine(SiteRef, Dirs),
    /// Steps from the first site to the second along a straight line of
    /// the board (as a slide goes): 0 for the same site, the board's number
    /// of sites when no line joins them (`(line-distance From To)`).
    LineDistance(SiteRef, SiteRef),
    /// The number of the turn being played, counting from 1: the turns
    /// completed since the game began, plus one (`(turn)`).
    Turn,
    /// One number per player, in turn order: the one of the player the
    /// rule speaks for (`(per-player 5 6)`).
    PerPlayer(Vec<Num>),
    /// How many dice the mover has left to play (`(dice-left)`): those
    /// the last `(throw …)` kept that no `advance` has used yet.
    DiceLeft,
    /// The number times a constant: a score with a decimal number is
    /// worked out in tenths, every count in it ten times over.
    Times(Box<Num>, i64),
}

/// Most seats a game may have (`(players …)`): a state keeps who is out
/// and each seat's place in fixed arrays of this size.
pub const MAX_SEATS: usize = 8;

/// Most dice a state keeps to play: a `(throw …)`'s dice times the uses
/// of each die of a double.
pub const MAX_DICE: usize = 8;

/// Index of a counter in [`Game::counters`].
pub type CounterId = u8;

/// Most counter values a game may have (counters × players): a state
/// keeps them in a fixed array.
pub const MAX_COUNTERS: usize = 16;

/// A set of sites computed from the position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum SiteSet {
    /// The neighbours of a site that satisfy the condition (its subject
    /// being the neighbour, its anchor the site).
    Neighbours(SiteRef, Box<Cond>),
    /// The connected group of a site's stack (same top owner, board
    /// adjacency), its members filtered by the condition (anchor: the site).
    Group(SiteRef, Box<Cond>),
    /// Every site of the board that satisfies the condition.
    Where(Box<Cond>),
    /// The sites next to a member of the set that satisfy the condition.
    AdjacentTo(Box<SiteSet>, Box<Cond>),
    /// The sites of the first set that are not in the second.
    Minus(Box<SiteSet>, Box<SiteSet>),
    /// The sites reachable from the set's sites satisfying the condition,
    /// step by step through adjacent sites that satisfy it too.
    Reach(Box<SiteSet>, Box<Cond>),
    /// Rays from a site along directions (see [`Run`]): Reversi's lines
    /// to flip, custodian captures, a queen's or an arrow's reach.
    Run(Box<Run>),
    /// Sites along a track from a site, that site included, forward or
    /// backward, as long as they satisfy the condition (a mancala
    /// capture that runs back over the houses sown).
    Trail {
        /// Where the trail starts.
        at: SiteRef,
        /// The track followed.
        track: TrackId,
        /// Against the track's order.
        backward: bool,
        /// What every site of the trail satisfies.
        through: Box<Cond>,
    },
    /// The sites removed by earlier effects of the current step.
    Removed,
    /// The sites whose owner earlier effects of the current step changed.
    Converted,
    /// The stacks flanked by the stack at a site (`(flanked …)`): at most
    /// one along each direction of the flank (Ex nihilo's flanking,
    /// docs/games/exnihilo.md).
    Flanked(Box<Flank>),
}

/// How long a mark lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum MarkSpan {
    /// Until the end of the turn (or `(clear-marks)`).
    Turn,
    /// Until the mover's next step is played: the marks that step's
    /// choice reads (`origin:Marked`, `marked`), then gone.
    Step,
}

/// Which player an effect's new pieces belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Owner {
    /// The player making the move.
    Mover,
    /// The owner of the site's top piece.
    Top,
}

/// An action applied after a step (`then:`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Effect {
    /// `(if cond then else)` evaluated on the position after the step.
    If(Cond, Vec<Effect>, Vec<Effect>),
    /// Add `count` pieces on top of the stack at a site (none when the
    /// number is not positive). `kind: None` copies the kind of the site's
    /// top piece.
    Push {
        /// Where.
        at: SiteRef,
        /// How many pieces: a constant, or any number computed when the
        /// effect runs.
        count: Num,
        /// Which kind, or the top piece's kind.
        kind: Option<Kind>,
        /// Whose pieces.
        owner: Owner,
    },
    /// Remove the whole stack at a site.
    Remove(SiteRef),
    /// End the turn now: no chained continuation (crowning ends a
    /// draughts move, docs/games/checkers.md).
    EndTurn,
    /// Add pieces on top of the stack at a site, as many as the step's
    /// gain of distance from a region: what `(push SITE (sub (distance To
    /// R) (distance From R)) …)` is lowered to, so that the after-plan of a
    /// step knows it (Ex nihilo's growth, docs/games/exnihilo.md).
    Grow {
        /// Where.
        at: SiteRef,
        /// The region distances are counted from.
        region: RegionId,
        /// Which kind, or the top piece's kind (the first kind on an
        /// empty site).
        kind: Option<Kind>,
        /// Whose pieces.
        owner: Owner,
    },
    /// Mark every site of a set (`(mark-all SET [for:Turn|Step])`): with
    /// `step`, until the mover's next step is played (the marks of
    /// hostages of Ex nihilo), else until the end of the turn (as `mark`).
    MarkAll(SiteSet, MarkSpan),
    /// The same player moves again, with the moves of a named block.
    Again(BlockId),
    /// Remove every stack of the set, computed once before any is removed.
    RemoveAll(SiteSet),
    /// For each distinct group of the set's sites that satisfies `when`
    /// (its subject being one of the group's sites), remove its members that
    /// satisfy `remove` and give the mover those that satisfy `convert`; all
    /// groups are judged on the same position before anything changes
    /// (Polypods' deaths, docs/games/polypods.md).
    /// Sets the player's counter.
    SetCounter(CounterId, Num),
    /// Adds to the player's counter.
    AddCounter(CounterId, Num),
    /// Marks a site until the end of the turn.
    Mark(SiteRef),
    /// Adds `count` pieces of `kind` owned by the mover on top of each site
    /// of the set, in board order, stopping when `max` pieces in all have
    /// been added.
    PushEach {
        /// Where.
        set: SiteSet,
        /// How many on each.
        count: u16,
        /// Which kind.
        kind: Kind,
        /// Most pieces in all (a limited supply).
        max: Option<Num>,
    },
    /// Resolves every contested stack: one for one, or with dice (each
    /// side rolls a die; the higher roll kills the difference, at most
    /// what the other side has; equal rolls kill nothing) — Genocide's
    /// battle, docs/games/genocide.md
    Battle {
        /// Roll dice instead of cancelling one for one.
        dice: bool,
    },
    /// Throws `dice` dice of `sides` sides and keeps their values apart
    /// as the dice the mover has left to play (`advance` uses them),
    /// replacing any left: a chance node whose outcomes are the unordered
    /// throws (docs/chance.md). When every die shows the same face, each
    /// counts `doubles` times (backgammon's doubles: 2).
    Throw {
        /// Dice thrown (1 or more).
        dice: u8,
        /// Sides of each die.
        sides: u8,
        /// Uses of each die of a throw whose dice all agree.
        doubles: u8,
    },
    /// Runs the effects once for each player, in turn order, as that
    /// player (`Mine`, counters).
    ForEachPlayer(Vec<Effect>),
    /// Changes the kind of every piece at a site.
    SetKind(SiteRef, Kind),
    /// Flips a boolean toggle for the rest of the game.
    Flip(ToggleId),
    /// Clears every site mark.
    ClearMarks,
    /// Gives the mover every stack of the set (each piece changes owner),
    /// computed once before any changes: Reversi's flips.
    ConvertAll(SiteSet),
    /// Decides the game now: the player wins, loses or draws (with more
    /// than two players a loss ends nothing, as `lose-when` does). The
    /// number is the byte where the effect's clause starts in the rule
    /// file's assembled text: which rule decided ([`crate::engine::EndRule`]).
    Result(Decision, Who, u32),
    /// Moves the whole stack at the first site onto the second (castling's
    /// rook): it counts as a move of that stack (it is no longer unmoved).
    MoveStack(SiteRef, SiteRef),
    /// Judges every group (connected stacks of one owner) met from the
    /// sites of `of` on the same position, then removes or converts their
    /// members: Atari Go's captures of groups without liberties.
    Groups {
        /// Sites whose groups are looked at.
        of: SiteSet,
        /// Which groups are affected.
        when: Cond,
        /// Members removed.
        remove: Cond,
        /// Members converted to the mover.
        convert: Cond,
    },
}

/// A phase of a turn: automatic effects, or moves by the player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Phase {
    /// Name, for display.
    pub name: String,
    /// Effects applied when the phase is reached (automatic phase).
    pub auto: Vec<Effect>,
    /// Priority levels of moves (a player-driven phase when non-empty).
    pub play: Vec<Vec<GenId>>,
    /// The player goes on moving in this phase until an `(end-phase)`
    /// move or until no move is left.
    pub repeat: bool,
}

/// A per-player number kept in the state (movement points, a bank).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Counter {
    /// Name.
    pub name: String,
    /// Value at the start of the game.
    pub init: i32,
}

/// The count a turn must make as large as it can (`(play … maximize:…)`):
/// of the legal turns, only those that reach the largest count are legal
/// (ties free).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Maximize {
    /// Stacks captured (removed or taken) by the turn.
    Captures,
    /// Steps of the turn.
    Steps,
    /// The pips of the dice the turn's `advance` moves use (the sum of
    /// their values): as many dice as can be played, and when only one
    /// of two can, the larger (backgammon).
    Dice,
}

/// What happens to the player to move who has no legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum NoMoves {
    /// That player loses (draughts, docs/games/checkers.md; Ex nihilo, docs/games/exnihilo.md).
    Loss,
    /// That player wins.
    Win,
    /// The game is drawn.
    Draw,
    /// The game ends, decided by the `(score …)` rule.
    Score,
    /// The player passes: the turn ends and the next player's begins
    /// (backgammon: a throw that cannot be played). Every player in turn
    /// having no move: a draw.
    Pass,
}

/// A fact about a whole turn, for resetting the no-progress counter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum TurnFact {
    /// The turn removed a piece.
    Capture,
    /// The stack that moved satisfied this condition at its origin before
    /// the turn (e.g. `(height 1)`: a man moved).
    Moved(Cond),
}

/// End rules, checked after each turn and when the mover has no move.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct EndRules {
    /// No legal move for the player to move; `None`: a draw.
    pub no_moves: Option<NoMoves>,
    /// Draw when the same position (board and player to move) occurs for
    /// the n-th time.
    pub repetition: Option<u32>,
    /// `by-score:true` on the repetition rule: the game it ends is decided
    /// by the score, as at a turn limit, rather than drawn.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub repetition_by_score: bool,
    /// Draw after this many consecutive turns without a reset fact.
    pub no_progress: Option<(u32, Vec<TurnFact>)>,
    /// The game ends after this many turns in all (an engine guard): by
    /// score when there is one, else a draw.
    pub turn_limit: Option<u32>,
    /// The game ends after this many consecutive passes (by score).
    pub passes: Option<u32>,
    /// Score of a player (conditions speak for that player); the higher
    /// score wins when the game ends by passes or the turn limit.
    pub score: Option<Num>,
    /// Tie-breaks, in order, when the scores are equal; equal all
    /// through: a draw.
    pub tie_breaks: Vec<Num>,
    /// The score and its tie-breaks are in tenths: a decimal number (a
    /// komi of `7.5`) is written in them.
    pub score_tenths: bool,
    /// After every turn, each player for whom this holds loses (all of
    /// them losing together: a draw).
    pub lose_when: Vec<Cond>,
    /// `(no-moves R if:COND)`: when the player with no legal move
    /// satisfies COND, R (the first that holds; else `no_moves`).
    /// Checkmate and stalemate.
    pub no_moves_if: Vec<(Cond, NoMoves)>,
    /// `(play-on)`: with more than two players, a seat that wins leaves
    /// play and the others play on for the places behind it (false: the
    /// first win ends the game).
    pub play_on: bool,
    /// `(stakes NUM)`: how many points a won game is worth (two players
    /// only), read from the final position for the winner; `None`: 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stakes: Option<Stakes>,
}

/// `(stakes NUM [max:N])` (docs/language.md, "stakes"): the points a
/// finished two-player game is worth to its winner (the loser's return is
/// minus that, a draw's 0), read once the game is over from the final
/// position, conditions speaking for the winner.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stakes {
    /// The stake, read for the winner; clamped to `1..=max`.
    pub num: Num,
    /// The largest stake (declared with `max:`, else worked out from the
    /// expression's constants): the game's utility bounds are ±`max`.
    pub max: i64,
}

/// A toggle's value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Value {
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// One of the declared choices.
    Choice(String),
    /// A decimal number with one digit after the point, in tenths (`75`
    /// is 7.5): a komi.
    Decimal(i64),
}

/// Tenths written with one digit after the point: `75` is `7.5`, `-5`
/// is `-0.5`.
pub fn tenths_text(t: i64) -> String {
    let sign = if t < 0 { "-" } else { "" };
    let a = t.unsigned_abs();
    format!("{sign}{}.{}", a / 10, a % 10)
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Choice(s) => write!(f, "{s}"),
            Value::Decimal(t) => write!(f, "{}", tenths_text(*t)),
        }
    }
}

/// The type of a toggle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum ToggleType {
    /// `bool`
    Bool,
    /// `int`, with an inclusive range.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// `choice` among these words.
    Choice(Vec<String>),
    /// `decimal`: a number with one digit after the point, within an
    /// inclusive range, all in tenths.
    Decimal {
        /// Smallest allowed value, in tenths.
        min: i64,
        /// Largest allowed value, in tenths.
        max: i64,
    },
}

impl std::fmt::Display for ToggleType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ToggleType::Bool => write!(f, "bool"),
            ToggleType::Int { min, max } if *min == i64::MIN && *max == i64::MAX => {
                write!(f, "int")
            }
            ToggleType::Int { min, max } => write!(f, "int {min}..={max}"),
            ToggleType::Choice(c) => write!(f, "choice {{{}}}", c.join(" ")),
            ToggleType::Decimal { min, max } => {
                write!(f, "decimal {}..={}", tenths_text(*min), tenths_text(*max))
            }
        }
    }
}

/// A toggle declared by `(toggle name type default:v "description")`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Toggle {
    /// Name, as used in `$name` and `--set name=value`.
    pub name: String,
    /// Type and allowed values.
    pub ty: ToggleType,
    /// Default value.
    pub default: Value,
    /// The value in force for this game (default or `--set`).
    pub value: Value,
    /// One-line description.
    pub description: String,
    /// Whether a rule reads it with `$name` (in a value, a `match`, a
    /// define's body): only then can its value change what the file
    /// compiles to, and `ludic check` compiles it again with its other
    /// values.
    #[serde(skip)]
    pub read: bool,
}

/// A setup code: in a FEN string, `prefix` + site number stands for a stack
/// of `count` pieces of `kind` (a draughts king: `K` = two checkers).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Code {
    /// The prefix ("" for the plain piece, "K").
    pub prefix: String,
    /// Piece kind.
    pub kind: Kind,
    /// Stack height.
    pub count: u16,
}

/// A compiled game: board, players, pieces, rules, all names resolved.
#[derive(Debug, Clone)]
pub struct Game {
    /// The game's name from `(game "Name" …)`.
    pub name: String,
    /// The board.
    pub board: Board,
    /// `(board … drawn:Points)`: pictures of the board (the web page,
    /// `ludic render`) draw its sites as the points where the lines of
    /// a grid cross (Go's board), not as cells. Drawing only: play and
    /// notation are the same either way.
    pub drawn_points: bool,
    /// Players in turn order.
    pub players: Vec<PlayerInfo>,
    /// Piece kind names.
    pub kinds: Vec<String>,
    /// A kind's own symbol in the text board (`(piece "Arrow"
    /// symbol:"x")`), shown instead of its owner's letter.
    pub kind_symbols: Vec<Option<String>>,
    /// A kind's picture on the web page (`(piece "King" picture:"king")`),
    /// one of [`crate::render::svg::PICTURES`] or an SVG file's name
    /// (`star.svg`); `None`: a plain disc.
    pub kind_pictures: Vec<Option<String>>,
    /// The SVG text of each kind whose picture is a file beside the rule
    /// file (`picture:"star.svg"`, read and checked by the compiler:
    /// [`crate::compile::picture_file`]); `None` for the others.
    pub kind_svgs: Vec<Option<std::sync::Arc<str>>>,
    /// The kinds whose picture is a file, with the span of its spelling
    /// in the rule text (where a refusal points).
    pub picture_files: Vec<(usize, crate::syntax::Span)>,
    /// Most pieces a stack can hold.
    pub stack_cap: usize,
    /// True when the rules declare `(stack-limit N)`; false when
    /// `stack_cap` is the language's default.
    pub stack_limit_declared: bool,
    /// Toggles with their values.
    pub toggles: Vec<Toggle>,
    /// Region names.
    pub region_names: Vec<String>,
    /// A mark shown by `ludic show` on the empty sites of a region (as
    /// seen by the first player): `(region "Water" … mark:"~")`.
    pub region_marks: Vec<Option<String>>,
    /// `regions[region][player]`: membership bitmap over sites.
    pub regions: Vec<Vec<Vec<bool>>>,
    /// `dirsets[set][player]`: directions.
    pub(crate) dirsets: Vec<Vec<Vec<Dir>>>,
    /// Initial stacks, bottom first.
    pub(crate) setup: Vec<(Site, Vec<Piece>)>,
    /// Move generators.
    pub gens: Vec<Gen>,
    /// The count every turn must maximise, if any (`maximize:`).
    pub(crate) maximize: Option<Maximize>,
    /// Named move blocks (`(moves "Name" …)`), priority levels like `play`,
    /// played when an effect asks the same player to move again.
    pub blocks: Vec<Vec<Vec<GenId>>>,
    /// Names of the move blocks.
    pub(crate) block_names: Vec<String>,
    /// Per move block: `skip-end:true`, the block is not played where
    /// nothing but `(end-phase)` is legal in it (the turn ends there, no
    /// `end` written): a chain that may stop, and stops by itself where
    /// it cannot go on.
    pub(crate) block_skip_end: Vec<bool>,
    /// Steps from each site to the nearest site of each region
    /// (`u32::MAX` when unreachable), at `(region × players + player) ×
    /// sites + site`.
    pub(crate) distances: Vec<u32>,
    /// End rules.
    pub end: EndRules,
    /// FEN setup codes.
    pub codes: Vec<Code>,
    /// Roles: named conditions derived from the position.
    pub roles: Vec<Role>,
    /// The phases of a turn; a game without `(phases …)` has one, made
    /// of `play`.
    pub phases: Vec<Phase>,
    /// Per-player counters.
    pub counters: Vec<Counter>,
    /// `owners[piece]`: the owner of each piece id (a table, so that the
    /// hot path does no division).
    pub(crate) owners: [Player; 256],
    /// `piece_kinds[piece]`: the kind of each piece id (a table, as
    /// `owners`).
    pub(crate) piece_kinds: [Kind; 256],
    /// Who moves first (`(first …)`; player 0 by default).
    pub first: super::heuristics::First,
    /// Tracks (`(track …)`): paths through the sites, for sowing.
    pub tracks: Vec<Track>,
    /// The weighted terms computer players judge a position by
    /// (`(heuristics …)`; material alone by default).
    pub(crate) heuristics: Vec<super::heuristics::Term>,
    /// Each kind's letter (`(piece "Queen" letter:"Q")`): FEN names the
    /// first player's pieces in capitals, the second's in small letters.
    pub kind_letters: Vec<Option<char>>,
    /// `(fen …)`: positions are written in Forsyth–Edwards notation.
    pub fen: Option<FenRules>,
    /// `(royal "Kind")`: no move may leave the mover's piece of this kind
    /// attacked. A position read from text must hold as many of them per
    /// player as the setup does, and the side not to move must not be
    /// in check.
    pub royal: Option<Kind>,
    /// The state keeps which stacks have not moved (a rule reads
    /// `unmoved`).
    pub tracks_unmoved: bool,
    /// The state keeps the board of every turn start, also when the draw
    /// rules are off (a rule reads `(repeated)`).
    pub(crate) tracks_boards: bool,
    /// The generators whose arguments read the previous step (`Last`,
    /// `LastPassed`): their moves depend on the game's history, so the
    /// legal ones are part of a position for repetition (en passant).
    pub(crate) last_readers: Vec<GenId>,
    /// Some rule rolls dice (`(roll …)`, `(battle dice:true)`), whatever
    /// the toggles: a roll stops the state at a chance node
    /// (docs/chance.md).
    pub(crate) chance: bool,
    /// One more than the largest sum a roll of the rules can make: the
    /// chance moves' values (and the Python package's chance action ids)
    /// are below it; 0 without chance.
    pub(crate) chance_ids: u16,
    /// The most sides of a die a `(throw …)` keeps (an `advance` move's
    /// `count` is at most this); 0 without one.
    pub(crate) max_die: u8,
    /// The dense numbering of the steps the generators can make, made on
    /// first use ([`Game::action_space`]).
    pub(crate) action_space: std::sync::OnceLock<std::sync::Arc<super::ActionSpace>>,
}

/// How a game's FEN position text reads its special fields (`(fen
/// castling:{"King" "Rook"} en-passant:"Pawn")`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FenRules {
    /// Castling rights: the royal kind and its partner kind; a right is
    /// the royal piece and the outermost partner on its row, on one side,
    /// both unmoved.
    pub castling: Option<(Kind, Kind)>,
    /// The kind whose passed site the en-passant field names.
    pub en_passant: Option<Kind>,
}

impl Game {
    /// True when the first player is drawn at random (`(first Random)`):
    /// a front end draws it from its seed (`State::new_for_seed`).
    pub fn draws_first_player(&self) -> bool {
        matches!(self.first, super::heuristics::First::Random)
    }

    /// Number of players.
    #[inline]
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The piece id of `kind` owned by `owner`.
    #[inline]
    pub fn piece(&self, kind: Kind, owner: Player) -> Piece {
        kind * self.players.len() as u8 + owner
    }

    /// Owner of a piece.
    #[inline]
    pub fn owner(&self, p: Piece) -> Player {
        self.owners[p as usize]
    }

    /// Kind of a piece.
    #[inline]
    pub fn kind(&self, p: Piece) -> Kind {
        self.piece_kinds[p as usize]
    }

    /// Number of move generators: a [`Move`](crate::engine::Move)'s
    /// `gen_id` is below it.
    pub fn num_gens(&self) -> usize {
        self.gens.len()
    }

    /// The names of the phases of a turn, in order (one, `play`'s, for a
    /// game without `(phases …)`); [`crate::engine::State::phase`]
    /// indexes them.
    pub fn phase_names(&self) -> Vec<&str> {
        self.phases.iter().map(|p| p.name.as_str()).collect()
    }

    /// True when a rule reads `unmoved`, so the state keeps which stacks
    /// have not moved ([`crate::engine::State::is_unmoved`]).
    pub fn tracks_unmoved(&self) -> bool {
        self.tracks_unmoved
    }

    /// True when some rule rolls dice, so that positions of the game may
    /// be chance nodes ([`crate::engine::State::is_chance_node`],
    /// docs/chance.md).
    pub fn has_chance(&self) -> bool {
        self.chance
    }

    /// One more than the largest value a roll of the rules can make (the
    /// chance moves' values are below it; OpenSpiel's
    /// `max_chance_outcomes`); 0 for a game without chance.
    pub fn chance_ids(&self) -> u16 {
        self.chance_ids
    }

    /// The track `track` as `player` follows it: that player's own of a
    /// per-player track ([`Track::per_player`]); `None` for no such track.
    #[inline]
    pub(crate) fn track_for(&self, track: TrackId, player: Player) -> Option<&Track> {
        let t = self.tracks.get(track as usize)?;
        match t.per_player.get(player as usize) {
            Some(&own) => self.tracks.get(own as usize),
            None => Some(t),
        }
    }

    /// The most sides of a die a `(throw …)` keeps (the largest `count`
    /// of an `advance` step); 0 without one.
    pub fn max_die(&self) -> u8 {
        self.max_die
    }

    /// Number of distinct piece ids.
    pub fn num_pieces(&self) -> usize {
        self.kinds.len() * self.players.len()
    }

    /// The turns after which the game ends in all, if its rules set a
    /// limit: by score when there is one, else a draw.
    pub fn turn_limit(&self) -> Option<u32> {
        self.end.turn_limit
    }

    /// The value of a toggle by name.
    pub fn toggle(&self, name: &str) -> Option<&Value> {
        self.toggles
            .iter()
            .find(|t| t.name == name)
            .map(|t| &t.value)
    }
}

//! IR of the move generators: one [`Gen`] per move clause of a `(play …)`
//! level, its common part (the origin's and destination's conditions, the
//! effects and filters) and a [`GenKind`] whose variants carry only the
//! arguments of their own kind.
//!
//! Re-exported from [`super::ir`].

use super::ir::{Cond, CounterId, DirSetId, Effect, Kind, Num, SiteSet, ToggleId, TrackId};
use super::rotate::Rotation;
use serde::Serialize;

/// A step-level move generator: one ludeme of the `(play …)` clause.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Gen {
    /// What the move does, with the arguments of its kind.
    pub kind: GenKind,
    /// Which stacks may move (`from:`, evaluated at the origin): stack
    /// moves and sowings; `true` for the kinds that start from no site.
    pub from: Cond,
    /// Condition on the destination (`to:`), or on the chosen site of a
    /// placement, a selection or a flip.
    pub to: Cond,
    /// Effects after the step (`then:`).
    pub then: Vec<Effect>,
    /// Effects run after the step when it is the last of the turn (no
    /// chained continuation follows it): `finally:`.
    pub finally: Vec<Effect>,
    /// A filter on the position just after the move itself, before its
    /// effects (`check:`).
    pub check: Option<Cond>,
    /// A filter on the position after the step (and its effects): the
    /// step is legal only if it holds, for the mover (`after:`).
    pub after: Option<Cond>,
    /// Letters written after the step's destination in notation, after a
    /// `~` (`tag:"W"`: `d3-d4~W`), to tell its moves from those of
    /// another generator that go between the same sites.
    pub tag: Option<String>,
}

/// The kind of a move generator, with the arguments only it takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum GenKind {
    /// Move the stack one step to an adjacent site.
    Step(Step),
    /// Jump over the adjacent site to the site beyond it.
    Hop(Hop),
    /// Move any distance along a direction, through sites that satisfy
    /// `through` (empty ones by default).
    Slide(Slide),
    /// Move a stack to a site at one of fixed offsets from its origin,
    /// whatever lies between (a knight's move; Ataxx's jump).
    Leap(Leap),
    /// Move a stack from its origin to any other site that satisfies
    /// `to:`, however far and whatever lies between (a Morris piece that
    /// flies).
    Relocate(Shift),
    /// Put a new piece of this kind from an unlimited supply on a site.
    Place {
        /// The kind placed.
        kind: Kind,
        /// The candidate sites (every site when `None`), each still
        /// tested with `to:`.
        sites: Option<SiteSet>,
    },
    /// Choose a site that satisfies `to:`; nothing moves, the step's
    /// effects act on it (`To`): Konane's opening removals, the removal
    /// after a mill in Nine Men's Morris.
    Select {
        /// The candidate sites (every site when `None`).
        sites: Option<SiteSet>,
    },
    /// Lift the whole stack of a site of a track and drop its pieces one
    /// by one on the sites that follow it along the track (mancala
    /// sowing).
    Sow {
        /// The track.
        track: TrackId,
        /// Skip the origin when a lap comes back to it.
        skip: bool,
    },
    /// Move the top piece of one of the mover's stacks along the mover's
    /// version of a track by the value of one of the dice left to play,
    /// using that die (`(advance …)`: backgammon's checker moves). The
    /// move's `count` is the die's value.
    Advance(Advance),
    /// Turn a square region a quarter turn, every stack in it moving with
    /// it: one move per quarter turn listed (the move's `count` is the
    /// index of its turn here).
    Rotate {
        /// The quarter turns it may make.
        rotations: Vec<Rotation>,
    },
    /// Do nothing: the turn passes.
    Pass,
    /// The pie rule: on the game's second turn, the mover takes the
    /// position as their own: every piece on the board becomes theirs,
    /// moved to the site with its column and row exchanged when
    /// `transpose` (Hex: the reflection in the long diagonal, which turns
    /// the first player's sides into the second's). Written `swap`.
    Swap {
        /// Each stack moves to the site whose column is its row and whose
        /// row is its column.
        transpose: bool,
    },
    /// End the current phase (a repeated phase goes on until this move).
    EndPhase,
    /// Flip a boolean toggle; one move per site that satisfies `to:`
    /// (Genocide's capturable toggles).
    Flip(ToggleId),
}

/// The arguments of an `(advance …)` move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advance {
    /// The track followed, as the mover sees it (a per-player track).
    pub track: TrackId,
    /// When a die would carry the piece past the track's last site, the
    /// piece lands on that last site if this holds (at the origin, for the
    /// mover); `None`: such a die does not move it (`past:`).
    pub past: Option<Cond>,
    /// An enemy stack on the destination goes to the first site of its
    /// owner's version of the track (`hit:true`; backgammon's bar).
    pub hit: bool,
}

/// What every move of a stack from a site takes (steps, hops, slides,
/// leaps and relocations).
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Shift {
    /// Which sites it moves from (`origin:`).
    pub origin: Origin,
    /// How many of the origin stack's pieces a move takes (`pieces:`).
    pub pieces: Pieces,
    /// Steps, slides, leaps and relocations: the destination's stack is
    /// removed first (`capture:true`). Hops: the jumped stack is removed
    /// (the default).
    pub capture: bool,
    /// A promotion (steps, slides, leaps): this generator is one kind of a
    /// `promote:` choice; the moved piece becomes this kind, and the move
    /// is written with `=` and the kind's letter (`e7-e8=Q`).
    pub promote_to: Option<Kind>,
}

/// A `step`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// What it takes from its origin.
    pub shift: Shift,
    /// Directions, per player.
    pub dirs: DirSetId,
    /// Bounds on the pieces a move takes.
    pub limits: Limits,
    /// What the step costs (legal only if affordable).
    pub cost: Option<Cost>,
}

/// A `hop`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hop {
    /// What it takes from its origin.
    pub shift: Shift,
    /// Directions, per player.
    pub dirs: DirSetId,
    /// Condition on the jumped site (`over:`).
    pub over: Cond,
    /// Whether the turn goes on with another jump (`chain:`).
    pub chain: Chain,
    /// The jump may go on in the same direction, over the next site to the
    /// one beyond, as long as `over:` and `to:` hold; each landing is a
    /// move and every jumped stack is captured (Konane).
    pub repeat: bool,
    /// The jumped piece may stand any distance away along the line (the
    /// sites before it empty) and the landing is any empty site beyond it,
    /// up to the first that is not (`flying:true`).
    pub flying: bool,
    /// A flying jump lands only on the sites beyond the jumped stack from
    /// which the chain goes on, when there is one (`land:Onward`, the
    /// Russian draughts king); otherwise on any of them.
    pub onward: bool,
    /// The jumped stacks stay on the board, taken (they cannot be jumped
    /// again and still block), until the turn ends; they are removed then
    /// (`capture:End`).
    pub capture_at_end: bool,
}

/// A `slide`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Slide {
    /// What it takes from its origin.
    pub shift: Shift,
    /// Directions, per player.
    pub dirs: DirSetId,
    /// The sites passed over on the way (`through:`).
    pub through: Cond,
    /// Whether the turn goes on with another move (`chain:`).
    pub chain: Chain,
    /// Bounds on the pieces a move takes.
    pub limits: Limits,
    /// What the slide costs (legal only if affordable).
    pub cost: Option<Cost>,
}

/// A `leap`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Leap {
    /// What it takes from its origin.
    pub shift: Shift,
    /// The offsets `{X Y}` in the mover's frame (X to the right, Y
    /// forward).
    pub offsets: Vec<(i32, i32)>,
}

/// Bounds on the pieces one move takes from its origin (steps and
/// slides), evaluated at the origin.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Limits {
    /// Pieces that must stay on the origin (`keep:`).
    pub keep: Option<Num>,
    /// Most pieces one move may take (`max:`).
    pub max: Option<Num>,
}

/// The cost of a move, paid from a counter of the mover (`cost:` and
/// `budget:`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cost {
    /// How much, evaluated at the destination before the move.
    pub amount: Num,
    /// The counter that pays.
    pub budget: CounterId,
}

/// Whether a move's turn goes on with another step of the same piece
/// (`chain:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub enum Chain {
    /// The turn ends with the step (the default).
    #[default]
    Off,
    /// The same generator goes on from the destination (`chain:true`).
    Same,
    /// Every chained generator of the step's priority level goes on from
    /// the destination (`chain:Level`), so that a piece whose kind changed
    /// mid-chain jumps on as its new kind.
    Level,
}

/// Which sites a generator moves from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub enum Origin {
    /// Stacks whose top piece is the mover's (the default).
    #[default]
    Mine,
    /// Empty sites: a stack of no piece, whose move places new pieces
    /// through the generator's effects while the origin stays empty.
    Empty,
    /// Marked sites (`mark`, `mark-all`; with `for:Step`, those the
    /// previous step of the turn marked), whoever owns their stacks.
    Marked,
}

impl Origin {
    /// A bit of its own for each origin, to test a set of origins at once.
    #[inline]
    pub fn bit(self) -> u8 {
        match self {
            Origin::Mine => 1,
            Origin::Empty => 2,
            Origin::Marked => 4,
        }
    }
}

/// How many pieces of the origin's stack a move takes from its top
/// (`pieces:`), within the `keep:` and `max:` limits of the moves that
/// take them; a move that takes k pieces of a stack, whatever k, is
/// written with `/k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub enum Pieces {
    /// The whole stack, one move, written without `/k` (the default; the
    /// stack of no piece of an empty origin); no move when `keep:` or
    /// `max:` leaves part of it behind.
    #[default]
    Whole,
    /// Exactly one piece.
    One,
    /// The top k pieces, 1 ≤ k < height, one move each (a split).
    Part,
    /// The top k pieces, 1 ≤ k ≤ height, one move each.
    Any,
}

impl GenKind {
    /// The head word of the move clause it comes from (`step`, `hop`…).
    pub fn head(&self) -> &'static str {
        match self {
            GenKind::Step(_) => "step",
            GenKind::Hop(_) => "hop",
            GenKind::Slide(_) => "slide",
            GenKind::Leap(_) => "leap",
            GenKind::Relocate(_) => "relocate",
            GenKind::Place { .. } => "place",
            GenKind::Select { .. } => "select",
            GenKind::Sow { .. } => "sow",
            GenKind::Advance(_) => "advance",
            GenKind::Rotate { .. } => "rotate",
            GenKind::Pass => "pass",
            GenKind::EndPhase => "end-phase",
            GenKind::Flip(_) => "flip",
            GenKind::Swap { .. } => "swap",
        }
    }

    /// What a move of a stack takes from its origin; `None` for the kinds
    /// that move no stack from a site.
    #[inline]
    pub fn shift(&self) -> Option<&Shift> {
        match self {
            GenKind::Step(Step { shift, .. })
            | GenKind::Hop(Hop { shift, .. })
            | GenKind::Slide(Slide { shift, .. })
            | GenKind::Leap(Leap { shift, .. })
            | GenKind::Relocate(shift) => Some(shift),
            _ => None,
        }
    }

    /// [`GenKind::shift`], to change it.
    pub fn shift_mut(&mut self) -> Option<&mut Shift> {
        match self {
            GenKind::Step(Step { shift, .. })
            | GenKind::Hop(Hop { shift, .. })
            | GenKind::Slide(Slide { shift, .. })
            | GenKind::Leap(Leap { shift, .. })
            | GenKind::Relocate(shift) => Some(shift),
            _ => None,
        }
    }

    /// The directions of a step, hop or slide.
    #[cfg(test)]
    pub fn dirs(&self) -> Option<DirSetId> {
        match self {
            GenKind::Step(s) => Some(s.dirs),
            GenKind::Hop(h) => Some(h.dirs),
            GenKind::Slide(s) => Some(s.dirs),
            _ => None,
        }
    }

    /// Whether the turn goes on after a move (hops and slides chain).
    #[inline]
    pub fn chain(&self) -> Chain {
        match self {
            GenKind::Hop(h) => h.chain,
            GenKind::Slide(s) => s.chain,
            _ => Chain::Off,
        }
    }

    /// The bounds on the pieces a move takes (steps and slides).
    #[inline]
    pub fn limits(&self) -> Option<&Limits> {
        match self {
            GenKind::Step(s) => Some(&s.limits),
            GenKind::Slide(s) => Some(&s.limits),
            _ => None,
        }
    }

    /// The cost of a move (steps and slides).
    #[inline]
    pub fn cost(&self) -> Option<&Cost> {
        match self {
            GenKind::Step(s) => s.cost.as_ref(),
            GenKind::Slide(s) => s.cost.as_ref(),
            _ => None,
        }
    }

    /// True for a move of a stack that captures (see [`Shift::capture`]).
    #[inline]
    pub fn captures(&self) -> bool {
        self.shift().is_some_and(|s| s.capture)
    }

    /// The kind a promotion's moved piece becomes.
    #[inline]
    pub fn promote_to(&self) -> Option<Kind> {
        self.shift().and_then(|s| s.promote_to)
    }
}

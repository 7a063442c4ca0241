//! Why a board cannot be built ([`BoardError`], from
//! [`Board::new`](super::Board::new)).

use super::Site;
use super::geometry::{MAX_SITES, MAX_SIZE};

/// A shape that makes no board. The rule file's `(board …)` clause reports
/// it at the shape, as "cannot build this board".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A size outside `1..=MAX_SIZE` (128): `(square 0 8)`, `(hex 129)`.
    #[error("the board's {what} is {size}, but sizes must be between 1 and {MAX_SIZE}")]
    Size {
        /// Which size: `rows`, `columns`, `side` or `second side`.
        what: &'static str,
        /// The size given.
        size: u16,
    },
    /// A grid of more than [`MAX_SITES`] (65,000) sites. No shape within
    /// the size limit reaches it (the largest, `(hex 128)`, has 48,769
    /// sites): it keeps every site index below [`NO_SITE`](super::NO_SITE)
    /// should [`MAX_SIZE`] grow.
    #[error("the board has {sites} sites, more than the {MAX_SITES} allowed")]
    TooManySites {
        /// Sites the shape would have.
        sites: usize,
    },
    /// A graph board without a site: a [`GraphSpec`](super::graph::GraphSpec)
    /// with no sites (a rule file's `(graph …)` needs one to name in an
    /// edge).
    #[error("a graph board needs at least one site")]
    NoSites,
    /// A graph board of [`NO_SITE`](super::NO_SITE) sites or more: 65,535
    /// `(site …)` clauses.
    #[error("a graph board has at most {} sites", super::NO_SITE - 1)]
    GraphTooLarge,
    /// Two graph sites whose labels differ only in case, or not at all:
    /// `(graph (site "a1" 0 0) (site "A1" 1 0))`.
    #[error(
        "two sites are labelled `{first}` and `{second}` (moves are read without regard to case)"
    )]
    SameLabel {
        /// The label of the earlier site.
        first: String,
        /// The label of the later one.
        second: String,
    },
    /// A graph site label that move notation would misread: `pass`, `end`,
    /// or one containing `-`, `/` or `@`: `(graph (site "a-1" 0 0))`.
    #[error(
        "the label `{label}` would read as move notation: no `pass`, `end`, `-`, `,`, `/` or `@`"
    )]
    NotationLabel {
        /// The label.
        label: String,
    },
    /// Two graph sites at one position:
    /// `(graph (site "a" 0 0) (site "b" 0 0))`.
    #[error("sites `{first}` and `{second}` have the same position")]
    SamePosition {
        /// The label of the earlier site.
        first: String,
        /// The label of the later one.
        second: String,
    },
    /// A graph edge from a site to itself: `(edge "a" "a")`.
    #[error("an edge joins `{label}` to itself")]
    SelfLoop {
        /// The site's label.
        label: String,
    },
    /// A graph edge naming a site index the graph does not have: the edge
    /// `(0, 5)` on a graph of 3 sites (a [`GraphSpec`](super::graph::GraphSpec)
    /// built by a program; a rule file names sites by label).
    #[error("an edge joins sites {from} and {to}, but the board has {sites} sites")]
    NoSuchSite {
        /// One end of the edge.
        from: Site,
        /// The other end.
        to: Site,
        /// Sites of the graph.
        sites: usize,
    },
    /// Two graph edges leaving one site in the same compass direction
    /// (the one nearest each edge): `(site "a" 0 0) (site "b" 1 0)
    /// (site "c" 2 0) (edge "a" "b") (edge "a" "c")`, `b` and `c` both east
    /// of `a`.
    #[error("two edges leave `{from}` in direction {dir}: to `{first}` and to `{second}`")]
    SameDirection {
        /// The site both edges leave.
        from: String,
        /// The compass direction (`E`).
        dir: &'static str,
        /// The label at the end of the earlier edge.
        first: String,
        /// The label at the end of the later one.
        second: String,
    },
}

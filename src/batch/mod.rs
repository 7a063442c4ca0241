//! Batches of games as a library: the seeded parallel playout runner,
//! variant analysis with shards that merge to the unsharded result, and
//! the replay of recorded games. The
//! command line (`ludic playout`, `ludic analyze`, `ludic merge`, `ludic replay`) and the
//! Python package print or return what these functions compute.

pub mod analyze;
pub mod analyze_until;
pub(crate) mod json;
pub use json::{head, round};
pub mod playouts;
pub mod provenance;
pub mod record;
pub mod replay;

//! Batches of games as a library: the seeded parallel playout runner, and
//! variant analysis with shards that merge to the unsharded result. The
//! command line (`ludic playout`, `ludic analyze`, `ludic merge`) and the
//! Python package print or return what these functions compute.

pub mod analyze;
pub mod json;
pub mod playouts;

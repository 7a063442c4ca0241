//! Runs of the engine: perft and random playouts.

pub(crate) mod draws;
pub(crate) mod perft;
pub(crate) mod perft_until;
pub(crate) mod playout;

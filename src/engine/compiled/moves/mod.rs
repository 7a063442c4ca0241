//! Compiled move generation: plans of generators and priority levels,
//! compiled filters and screens, counted levels and random draws without
//! listing, perft's lean moves.

pub(crate) mod ends_turn;
pub(crate) mod fastgen;
pub(crate) mod filters;
pub(crate) mod leaf;
pub(crate) mod levelcount;
pub(crate) mod levellist;
pub(crate) mod mixed;
pub(crate) mod overlay;
pub(crate) mod plan;
pub(crate) mod quiet;
pub(crate) mod quietsteps;
pub(crate) mod randlevel;
pub(crate) mod screen;
pub(crate) mod shiftdraw;
pub(crate) mod shiftgen;
pub(crate) mod slidelevel;
pub(crate) mod slides;
pub(crate) mod untouched;
pub(crate) mod verdicts;

//! Compilers of the rules' conditions to site tests and site-set programs.

pub(crate) mod around;
pub(crate) mod attack;
pub(crate) mod bitcompile;
pub(crate) mod bitcond;
pub(crate) mod bitfilter;
pub(crate) mod boardset;
pub(crate) mod evaltables;
pub(crate) mod heuristic_sets;
pub(crate) mod hoist;
pub(crate) mod local;
pub(crate) mod scalar;
pub(crate) mod sitenum;
pub(crate) mod sitepred;
pub(crate) mod sitetest;
pub(crate) mod thentree;

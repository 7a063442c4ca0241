//! `ludic explore`: a designed experiment over a game's toggles (the
//! *symposium* of Genocide's rules: which settings make the best game).
//! [`design`] chooses the cells (combinations of toggle values).

pub mod cell;
pub mod design;
pub mod effects;
pub mod factors;
pub mod measures;
pub mod rank;
pub mod report;
pub mod result;
pub mod run;
pub mod store;

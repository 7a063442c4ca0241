//! `ludic explore`: a designed experiment over a game's toggles (the
//! *symposium* of Genocide's rules: which settings make the best game).
//! [`design`] chooses the cells (combinations of toggle values).

pub mod design;

//! The reference interpreter: the meaning of the rule IR, one place for
//! each rule's semantics (conditions, sets, move generation, effects,
//! phases, turns, notation).

pub(crate) mod apply;
pub(crate) mod attack;
pub(crate) mod battle;
pub(crate) mod cond;
pub(crate) mod ends;
pub(crate) mod flank;
pub(crate) mod kinds;
pub(crate) mod lines;
pub(crate) mod maximize;
pub(crate) mod memo;
pub(crate) mod movegen;
pub(crate) mod notation;
pub(crate) mod phases;
pub(crate) mod reach;
pub(crate) mod refusal;
pub(crate) mod sets;
pub(crate) mod tempo;
pub(crate) mod turns;

//! The end of a game as the rules decide it: a position given from
//! outside judged by the end rules (`judge`), seats leaving play with a
//! place (`leave`), scores and their tie-breaks (`score`), and what a
//! finished game is worth to each seat (`stakes`).

pub(crate) mod judge;
pub(crate) mod leave;
pub(crate) mod score;
pub(crate) mod stakes;

//! Tests of the web page's sessions (`session::Session`), driven as the
//! page drives them: clicks, the position editor, rolls, standings, the
//! first player and the stakes of a finished game.

mod editor;
mod first_player;
mod position;
mod roll;
mod session;
mod stakes;
mod standing;

//! The records of an analysis (`ludic analyze --record FILE`): every game
//! played, as a trial ([`crate::record::trial`]) that `ludic replay`
//! plays again move by move: its toggles, its players, the seed of its
//! game ([`game_seed`]), every turn and every roll of nature's dice in the
//! game's notation, and its result. One file holds the trials of every
//! setting, game by game in the order of their numbers, each after a
//! comment naming its setting and number.

use crate::compile::Game;
use crate::engine::{Move, State};
use crate::players::GameSummary;
use crate::players::analysis::{Watch, game_seed};
use crate::record::trial::{Trial, TrialMove, TrialResult, write_trial};

/// Keeps a game's turns and nature's moves as the game writes them
/// ([`State::turn_to_string`]), in the order played.
#[derive(Debug, Default)]
pub struct MoveTexts(Vec<String>);

impl Watch for MoveTexts {
    /// The turn texts and the game's summary.
    type Out = (Vec<String>, GameSummary);
    fn turn(&mut self, st: &State, turn: &[Move], _: Option<usize>) {
        self.0.push(st.turn_to_string(turn));
    }
    fn chance(&mut self, st: &State, m: &Move) {
        self.0.push(st.turn_to_string(std::slice::from_ref(m)));
    }
    fn end(self, summary: &GameSummary, _: &State) -> Self::Out {
        (self.0, *summary)
    }
}

/// The trial of game number `i` of a run seeded `seed`: `file` is the game
/// as given, `game` it loaded with the setting's toggles, `players` one
/// spec per seat (as given, repeated over the seats), `moves` the texts
/// [`MoveTexts`] kept.
pub fn trial(
    file: &str,
    game: &Game,
    players: &[String],
    seed: u64,
    i: u64,
    (moves, summary): &(Vec<String>, GameSummary),
) -> Trial {
    let seats = game.num_players();
    Trial {
        game: file.to_string(),
        title: Some(game.name.clone()),
        sets: Trial::sets_of(game),
        seed: Some(game_seed(seed, i)),
        players: (0..seats)
            .map(|s| {
                players
                    .get(s % players.len().max(1))
                    .cloned()
                    .unwrap_or_default()
            })
            .collect(),
        start: None,
        position: None,
        moves: moves
            .iter()
            .map(|m| TrialMove {
                text: m.clone(),
                line: 0,
            })
            .collect(),
        result: TrialResult::from_outcome(summary.outcome),
        lines: Default::default(),
    }
}

/// The text of an analysis's records: each trial after a comment naming
/// its setting (`label`) and its game number in the run.
pub fn records_text(records: &[(String, u64, Trial)]) -> String {
    let mut out = String::new();
    for (label, i, t) in records {
        // A comment is one line: a label's line breaks are spaces.
        let label = label.replace(['\n', '\r'], " ");
        out.push_str(&format!("# setting {label}, game {i}\n"));
        out.push_str(&write_trial(t));
    }
    out
}

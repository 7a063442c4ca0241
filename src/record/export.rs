//! A game's record in its field's own format, chosen by the game's
//! notation (never its name): PGN, with SAN moves ([`super::san`]), for a
//! two-player game that declares `(fen …)`; PDN, with the game's own
//! moves (`11-15`, `9x18x27`), for a two-player game whose sites are
//! numbered and whose sides are W and B (what PDN FEN can describe).
//! Any other game has the trial alone ([`super::trial`]).

use super::pdn::write_pdn;
use super::san::turn_to_san;
use crate::board::Labels;
use crate::compile::Game;
use crate::engine::{Move, Outcome, State};

/// A record format a game may be written in besides the trial.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordFormat {
    /// Portable Game Notation (chess): SAN moves, a FEN tag for a set-up
    /// start.
    Pgn,
    /// Portable Draughts Notation: the game's moves, a FEN tag for a
    /// set-up start.
    Pdn,
}

impl RecordFormat {
    /// The format `game`'s notation has, if any (see the module's text).
    pub fn of(game: &Game) -> Option<RecordFormat> {
        if game.num_players() != 2 {
            return None;
        }
        if game.fen.is_some() {
            return Some(RecordFormat::Pgn);
        }
        let mut letters: Vec<char> = game.players.iter().map(|p| p.letter).collect();
        letters.sort_unstable();
        (game.board.labels() == Labels::Numbers && letters == ['B', 'W'])
            .then_some(RecordFormat::Pdn)
    }

    /// The file extension: `pgn` or `pdn`.
    pub fn extension(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "pgn",
            RecordFormat::Pdn => "pdn",
        }
    }
}

/// How a record of `format` numbers the turns played from `start`: the
/// number of the first move, and whether the first turn is the second
/// of its pair (`12... Nf6`). PGN numbers from the start's FEN move
/// number, the second player's turn second in a pair; PDN numbers from 1
/// with the first turn first in its pair ([`write_pdn`]).
pub fn move_numbering(format: RecordFormat, start: &State) -> (u32, bool) {
    match format {
        RecordFormat::Pdn => (1, false),
        RecordFormat::Pgn => {
            let fen = start.to_fen().unwrap_or_default();
            let number = fen
                .split_whitespace()
                .nth(5)
                .and_then(|n| n.parse().ok())
                .unwrap_or(1);
            (number, start.current_player() == 1)
        }
    }
}

/// A game to write: where it started, its turns, who played each seat.
pub struct GameRecord<'a> {
    /// The position before the first turn.
    pub start: &'a State,
    /// True when `start` is not the rules' initial position (a FEN tag
    /// is then written).
    pub set_up: bool,
    /// The turns played, in order.
    pub turns: &'a [Vec<Move>],
    /// Each seat's player (`human`, `mcts:1s`), by seat.
    pub seats: &'a [String],
}

/// `rec` in `format`; `None` when a turn has no SAN or the set-up start
/// no FEN.
pub fn write_record(format: RecordFormat, rec: &GameRecord) -> Option<String> {
    let game = rec.start.game();
    let mut st = rec.start.clone();
    let mut moves = Vec::with_capacity(rec.turns.len());
    for t in rec.turns {
        moves.push(match format {
            RecordFormat::Pgn => turn_to_san(&st, t)?,
            RecordFormat::Pdn => st.turn_to_string(t),
        });
        st.play_turn(t);
    }
    let result = result_token(st.outcome());
    let mut tags = vec![("Event".to_string(), format!("ludic serve: {}", game.name))];
    if format == RecordFormat::Pgn {
        for (k, v) in [("Site", "?"), ("Date", "????.??.??"), ("Round", "-")] {
            tags.push((k.to_string(), v.to_string()));
        }
    }
    for (p, spec) in game.players.iter().zip(rec.seats) {
        if p.name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            tags.push((p.name.clone(), spec.clone()));
        }
    }
    tags.push(("Result".into(), result.into()));
    if rec.set_up {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), rec.start.to_fen()?));
    }
    Some(match format {
        RecordFormat::Pdn => write_pdn(&tags, &moves, result),
        RecordFormat::Pgn => write_pgn(&tags, &moves, result, rec.start),
    })
}

/// The result token: `1-0` the first player won, `0-1` the second,
/// `1/2-1/2` a draw, `*` unfinished, a ranking or a one-player game's
/// loss (as `ludic play` writes PDN).
fn result_token(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Win(0, _)) => "1-0",
        Some(Outcome::Win(_, _)) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        // Records of these formats are offered for two players only: a
        // ranking of more, or the loss of one, has no token.
        Some(Outcome::Ranked(..) | Outcome::Loss(..)) | None => "*",
    }
}

/// PGN's layout: the tags, a blank line, the movetext numbered from the
/// start's FEN move number (`12... Nf6` when the second player moves
/// first), wrapped before 80 columns, the result.
fn write_pgn(tags: &[(String, String)], moves: &[String], result: &str, start: &State) -> String {
    let mut out = String::new();
    for (k, v) in tags {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    out.push('\n');
    let (mut number, mut second) = move_numbering(RecordFormat::Pgn, start);
    let mut words = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if !second {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(m.clone());
        if second {
            number += 1;
        }
        second = !second;
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

//! Replaying recorded games through the rules: every move must be legal
//! (the first one that is not stops the game), and a trial's recorded
//! result must be the one the rules reach. `ludic replay` prints these
//! verdicts. Plies are 1-based.

use crate::compile::Game;
use crate::engine::{IllegalMove, Outcome, State};
use crate::record::pdn::PdnGame;
use crate::record::trial::{Trial, TrialResult};
use crate::record::{FenError, PositionError};
use serde::{Serialize, Serializer};
use std::sync::Arc;

/// The first move of a record that the rules refuse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} (line {line}): {text}: {reason}")]
pub struct IllegalPly {
    /// Its ply, 1-based.
    pub ply: usize,
    /// The move as written (or the start position that could not be set).
    pub text: String,
    /// Its line in the record.
    pub line: usize,
    /// Why it was refused.
    pub reason: PlyError,
}

/// Why the rules refused a record's move or start ([`IllegalPly::reason`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlyError {
    /// A PDN game's FEN tag that sets no position.
    #[error("bad FEN: {0}")]
    Fen(FenError),
    /// A trial's `start` (FEN) that sets no position.
    #[error("bad start position: {0}")]
    StartFen(FenError),
    /// A trial's `position` text that sets no position.
    #[error("bad start position: {0}")]
    StartPosition(PositionError),
    /// A trial's move after the game had ended, with the result reached.
    #[error("the game was over before this move ({0})")]
    GameOver(TrialResult),
    /// A move the rules refuse here.
    #[error("{0}")]
    Illegal(IllegalMove),
}

/// Written as `[ply, text, line, reason]`, the reason as its message
/// (docs/json.md, `replay`).
impl Serialize for IllegalPly {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.ply, &self.text, self.line, self.reason.to_string()).serialize(s)
    }
}

/// The verdict on one recorded game.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Verdict {
    /// 1-based index of the game in the file.
    pub game: usize,
    /// Moves checked.
    pub moves: usize,
    /// The first illegal move.
    pub error: Option<IllegalPly>,
    /// Draws our rules declare automatically that the players went on past
    /// (they are claims in tournament play, docs/games/checkers.md): one entry per
    /// rule, with the first ply and how many times.
    pub draws_passed: Vec<PassedDraw>,
    /// For a trial whose moves are legal: the recorded result when the
    /// rules reach another one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrong_result: Option<String>,
}

/// A draw rule the players went on past.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PassedDraw {
    /// The rule (`repetition`, `no_progress`…).
    pub rule: &'static str,
    /// The 1-based ply played in the drawn position, the first time.
    pub ply: usize,
    /// How many times play went on past this rule's draw.
    pub times: usize,
}

/// Records that play went on past `outcome` at `ply` (1-based).
fn pass_draw(draws: &mut Vec<PassedDraw>, outcome: Outcome, ply: usize) {
    let rule = outcome.reason().name();
    match draws.iter_mut().find(|d| d.rule == rule) {
        Some(d) => d.times += 1,
        None => draws.push(PassedDraw {
            rule,
            ply,
            times: 1,
        }),
    }
}

/// A PDN result (`1-0`, `0-1`, `1/2-1/2`, and the draughts scores `2-0`,
/// `0-2`, `1-1`) as the winner's seat, first or second player (`None`
/// for a draw); `*` and other texts say nothing.
fn pdn_result(text: &str) -> Option<Option<u8>> {
    match text.trim() {
        "1-0" | "2-0" => Some(Some(0)),
        "0-1" | "0-2" => Some(Some(1)),
        "1/2-1/2" | "1-1" => Some(None),
        _ => None,
    }
}

/// When the rules have ended the game at `st`, a recorded result that
/// says otherwise (a game may also end by resignation or agreement,
/// before the rules end it: then any result stands). The scores are the
/// first player's, then the second's.
fn pdn_result_differs(st: &State, recorded: &str) -> Option<String> {
    let o = st.outcome()?;
    let said = pdn_result(recorded)?;
    let reached = o.winner();
    (said != reached).then(|| {
        let name = |w: Option<u8>| match w {
            Some(p) => crate::diag::wins(&st.game().players[p as usize].name),
            None => "a draw".to_string(),
        };
        format!(
            "the record says `{}` ({}), the rules say {}",
            recorded.trim(),
            name(said),
            name(reached)
        )
    })
}

/// Replays one game; the first illegal move stops it.
pub fn replay_game(game: &Arc<Game>, g: &PdnGame, index: usize) -> Verdict {
    let mut st = match g.tag("FEN") {
        Some(fen) if g.tag("SetUp") != Some("0") => match State::from_fen(game.clone(), fen) {
            Ok(s) => s,
            Err(e) => {
                let error = Some(IllegalPly {
                    ply: 1,
                    text: fen.into(),
                    line: g.line,
                    reason: PlyError::Fen(e),
                });
                return Verdict {
                    game: index,
                    moves: 0,
                    error,
                    draws_passed: Vec::new(),
                    wrong_result: None,
                };
            }
        },
        _ => State::new(game.clone()),
    };
    let mut draws_passed = Vec::new();
    for m in &g.moves {
        if let Some(o) = st.clear_draw() {
            pass_draw(&mut draws_passed, o, m.ply + 1);
            // The draw was not claimed: positions count afresh (this also
            // keeps the repetition check short in endless records).
            st.reset_history();
        }
        if let Err(e) = st.play_str(&m.text) {
            let error = Some(IllegalPly {
                ply: m.ply + 1,
                text: m.text.clone(),
                line: m.line,
                reason: PlyError::Illegal(e),
            });
            return Verdict {
                game: index,
                moves: m.ply,
                error,
                draws_passed,
                wrong_result: None,
            };
        }
    }
    let wrong_result = match (g.tag("Result"), g.result.as_deref()) {
        (Some(tag), Some(text)) if tag.trim() != text => Some(format!(
            "the Result tag says `{tag}`, the movetext ends with `{text}`"
        )),
        _ => g
            .tag("Result")
            .or(g.result.as_deref())
            .and_then(|r| pdn_result_differs(&st, r)),
    };
    Verdict {
        game: index,
        moves: g.moves.len(),
        error: None,
        draws_passed,
        wrong_result,
    }
}

/// Replays a trial on `game` (loaded with the trial's toggles): every
/// move must be legal, and the position reached must have the recorded
/// result.
pub fn replay_trial(game: &Arc<Game>, t: &Trial) -> Verdict {
    let fail = |ply: usize, text: &str, line: usize, why: PlyError, moves| Verdict {
        // `ply` is 0-based here, 1-based in verdicts.
        error: Some(IllegalPly {
            ply: ply + 1,
            text: text.to_string(),
            line,
            reason: why,
        }),
        game: 1,
        moves,
        draws_passed: Vec::new(),
        wrong_result: None,
    };
    let start = match (&t.start, &t.position) {
        (Some(fen), _) => {
            State::from_fen(game.clone(), fen).map_err(|e| (fen, PlyError::StartFen(e)))
        }
        (None, Some(text)) => {
            State::from_position(game.clone(), text).map_err(|e| (text, PlyError::StartPosition(e)))
        }
        // The seed the game was played with draws its first player, if
        // the game draws it (`(first … Random)`).
        (None, None) => Ok(match t.seed {
            Some(seed) => State::new_for_seed(game.clone(), seed),
            None => State::new(game.clone()),
        }),
    };
    let mut st = match start {
        Ok(s) => s,
        Err((text, e)) => return fail(0, text, t.lines.start, e, 0),
    };
    for (ply, m) in t.moves.iter().enumerate() {
        if let Some(o) = st.outcome() {
            let why = PlyError::GameOver(TrialResult::from_outcome(Some(o)));
            return fail(ply, &m.text, m.line, why, ply);
        }
        if let Err(e) = st.play_str(&m.text) {
            return fail(ply, &m.text, m.line, PlyError::Illegal(e), ply);
        }
    }
    let reached = TrialResult::from_outcome(st.outcome());
    // A game stopped early may end anywhere; a finished one must end here.
    let wrong_result = (reached != t.result).then(|| match t.result {
        TrialResult::Unfinished => {
            format!("the record says `unfinished`, but the game ended: `{reached}`")
        }
        _ => format!("the record says `{}`, the rules say `{reached}`", t.result),
    });
    Verdict {
        game: 1,
        moves: t.moves.len(),
        error: None,
        draws_passed: Vec::new(),
        wrong_result,
    }
}

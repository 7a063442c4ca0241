//! Trials: ludic's own text record of one game, for any game.
//!
//! ```text
//! ludic-trial 1
//! # A comment: blank lines and lines starting with `#` are skipped.
//! game games/example.game
//! title Example
//! set some_toggle=true
//! seed 7
//! player mcts:1000
//! player random
//! start B:W18,24:B12
//! moves
//! 11-15
//! 24-20
//! result win 1 no_moves
//! ```
//!
//! The first line names the format and its version. Header lines follow,
//! each a keyword and the rest of the line: `game` (the rule file's path or
//! a shipped game's name, required), `title` (the game's name), `set`
//! (one toggle `NAME=VALUE` a line, every toggle in force), `seed`,
//! `player` (one a side, in turn order), `start` (a FEN position when the
//! game did not start from the initial position) or `position` (a position
//! text, `L D:a1,b2 L:c3`, see [`super::position`]). The line `moves` opens
//! the moves, one turn a line in the game's notation. The line `result`
//! ends the record: `win P REASON` (P is 1-based), `draw REASON`,
//! `loss P REASON` (the loss of a game of one player), `places PLACE…
//! REASON` (games of more than two players) or `unfinished`. REASON is `no_moves`, `repetition`, `no_progress` or
//! `turn_limit`.
//!
//! Like the PDN module, this one knows the syntax only: moves stay text.

use crate::engine::{EndReason, Outcome};
use std::fmt::Write;

/// The first line of every trial.
pub const MAGIC: &str = "ludic-trial 1";

/// One recorded game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trial {
    /// The rule file's path or a shipped game's name.
    pub game: String,
    /// The game's name, for people.
    pub title: Option<String>,
    /// Toggle values in force, `(name, value)`.
    pub sets: Vec<(String, String)>,
    /// The seed of the computer players, and of the first player in a
    /// game that draws it at random (`State::new_for_seed`).
    pub seed: Option<u64>,
    /// Who played each side (`human`, `random`, `mcts:1000`…).
    pub players: Vec<String>,
    /// The starting position as FEN, if not the initial one.
    pub start: Option<String>,
    /// The starting position as a position text, if not the initial one
    /// and not given as FEN.
    pub position: Option<String>,
    /// The turns, in the game's notation.
    pub moves: Vec<TrialMove>,
    /// How the game ended.
    pub result: TrialResult,
    /// 1-based lines of the `start` or `position` line and of each `set`
    /// line (in `sets`' order), for messages; 0 and empty when built in
    /// memory.
    pub lines: HeaderLines,
}

/// Where a parsed trial's header lines were ([`Trial::lines`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HeaderLines {
    /// The `start` or `position` line.
    pub start: usize,
    /// Each `set` line.
    pub sets: Vec<usize>,
}

/// One turn of a trial as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrialMove {
    /// The turn in the game's notation (`9x18x27`).
    pub text: String,
    /// 1-based line in the file (0 when built in memory).
    pub line: usize,
}

/// The recorded end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TrialResult {
    /// This player (0-based) won.
    Win(u8, EndReason),
    /// Nobody won.
    Draw(EndReason),
    /// This player (0-based) lost and nobody won: a game of one player
    /// ([`Outcome::Loss`]), written `loss P REASON`.
    Loss(u8, EndReason),
    /// Each seat's place (1 is first; games of more than two players):
    /// written `places 2 1 3 REASON`, one place per seat in turn order.
    Ranked(crate::engine::Places, EndReason),
    /// The game was stopped before its end.
    #[default]
    Unfinished,
}

impl Trial {
    /// The toggle values of `game` as a trial's `sets`, `(name, value)` in
    /// the rules' order: every toggle, set or left at its default.
    pub fn sets_of(game: &crate::compile::Game) -> Vec<(String, String)> {
        game.toggles
            .iter()
            .map(|t| (t.name.clone(), t.value.to_string()))
            .collect()
    }
}

impl TrialResult {
    /// The result for an engine outcome (`None`: unfinished).
    pub fn from_outcome(o: Option<Outcome>) -> TrialResult {
        match o {
            Some(Outcome::Win(p, r)) => TrialResult::Win(p, r),
            Some(Outcome::Draw(r)) => TrialResult::Draw(r),
            Some(Outcome::Loss(p, r)) => TrialResult::Loss(p, r),
            Some(Outcome::Ranked(p, r)) => TrialResult::Ranked(p, r),
            None => TrialResult::Unfinished,
        }
    }

    /// The engine outcome (`None`: unfinished).
    pub fn outcome(&self) -> Option<Outcome> {
        match *self {
            TrialResult::Win(p, r) => Some(Outcome::Win(p, r)),
            TrialResult::Draw(r) => Some(Outcome::Draw(r)),
            TrialResult::Loss(p, r) => Some(Outcome::Loss(p, r)),
            TrialResult::Ranked(p, r) => Some(Outcome::Ranked(p, r)),
            TrialResult::Unfinished => None,
        }
    }
}

impl std::fmt::Display for TrialResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            TrialResult::Win(p, r) => write!(f, "win {} {}", p + 1, r.name()),
            TrialResult::Draw(r) => write!(f, "draw {}", r.name()),
            TrialResult::Loss(p, r) => write!(f, "loss {} {}", p + 1, r.name()),
            TrialResult::Ranked(p, r) => {
                let seats = p.0.iter().take_while(|&&q| q > 0);
                let places: Vec<String> = seats.map(u8::to_string).collect();
                write!(f, "places {} {}", places.join(" "), r.name())
            }
            TrialResult::Unfinished => write!(f, "unfinished"),
        }
    }
}

/// A syntax error in a trial, at a 1-based line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TrialError {
    /// 1-based line.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

/// The end reason named `s` ([`EndReason::name`]).
fn parse_reason(s: &str) -> Option<EndReason> {
    EndReason::ALL.into_iter().find(|&r| r.name() == s)
}

/// True if `text` looks like a trial (its first line that is neither blank
/// nor a `#` comment is [`MAGIC`]'s keyword).
pub fn is_trial(text: &str) -> bool {
    text.lines()
        .map(|l| l.trim().trim_start_matches('\u{FEFF}'))
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with("ludic-trial"))
}

/// Writes a trial in the layout above; [`parse_trial`] reads it back.
pub fn write_trial(t: &Trial) -> String {
    let mut out = format!("{MAGIC}\ngame {}\n", t.game);
    let mut line = |k: &str, v: &str| {
        let _ = writeln!(out, "{k} {v}");
    };
    if let Some(title) = &t.title {
        line("title", title);
    }
    for (n, v) in &t.sets {
        line("set", &format!("{n}={v}"));
    }
    if let Some(s) = t.seed {
        line("seed", &s.to_string());
    }
    for p in &t.players {
        line("player", p);
    }
    if let Some(fen) = &t.start {
        line("start", fen);
    }
    if let Some(text) = &t.position {
        line("position", text);
    }
    out.push_str("moves\n");
    for m in &t.moves {
        out.push_str(&m.text);
        out.push('\n');
    }
    let _ = writeln!(out, "result {}", t.result);
    out
}

/// Reads a trial. The first error stops it, with its line; text after
/// its result is an error (a file of several trials is read by
/// [`parse_trials`]).
pub fn parse_trial(text: &str) -> Result<Trial, TrialError> {
    let lines: Vec<&str> = text.lines().collect();
    parse_lines(&lines, 0)
}

/// Reads a file of one or more trials, one after another, each from its
/// own `ludic-trial 1` line (what `ludic analyze --record` writes); a
/// single trial reads as by [`parse_trial`]. The first error stops it,
/// with its line in the file.
pub fn parse_trials(text: &str) -> Result<Vec<Trial>, TrialError> {
    let lines: Vec<&str> = text.lines().collect();
    let magic = |(i, l): &(usize, &&str)| {
        let l = l.trim();
        let l = if *i == 0 {
            l.trim_start_matches('\u{FEFF}')
        } else {
            l
        };
        l == MAGIC
    };
    // Each trial starts at its magic line, the first at the file's start
    // (comments may come before it).
    let mut starts: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(magic)
        .map(|(i, _)| i)
        .collect();
    match starts.first_mut() {
        Some(first) => *first = 0,
        None => starts.push(0),
    }
    let ends = starts.iter().skip(1).copied().chain([lines.len()]);
    starts
        .iter()
        .zip(ends)
        .map(|(&a, b)| parse_lines(&lines[a..b], a))
        .collect()
}

/// Reads the trial in `lines`, the first of which is line `offset + 1`
/// of the file.
fn parse_lines(lines: &[&str], offset: usize) -> Result<Trial, TrialError> {
    let mut t = Trial::default();
    let mut seen_magic = false;
    let mut in_moves = false;
    let mut seen_game = false;
    for (i, raw) in lines.iter().enumerate() {
        let line = offset + i + 1;
        let l = raw.trim();
        let l = if i == 0 && offset == 0 {
            l.trim_start_matches('\u{FEFF}')
        } else {
            l
        };
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let err = |message: String| TrialError { line, message };
        if !seen_magic {
            if l != MAGIC {
                return Err(err(format!("expected `{MAGIC}`, found `{l}`")));
            }
            seen_magic = true;
            continue;
        }
        let (key, rest) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let rest = rest.trim();
        if key == "result" {
            if !seen_game {
                return Err(err("no `game` line before the result".into()));
            }
            t.result = parse_result(rest).map_err(err)?;
            let after = lines.iter().enumerate().skip(i + 1).find(|(_, l)| {
                let l = l.trim();
                !l.is_empty() && !l.starts_with('#')
            });
            if let Some((j, l)) = after {
                return Err(TrialError {
                    line: offset + j + 1,
                    message: format!(
                        "`{}` after the result: a trial holds one game (the next starts with its own `{MAGIC}` line)",
                        l.trim()
                    ),
                });
            }
            return Ok(t);
        }
        if in_moves {
            t.moves.push(TrialMove {
                text: l.to_string(),
                line,
            });
            continue;
        }
        match key {
            "game" => {
                t.game = rest.to_string();
                seen_game = true;
            }
            "title" => t.title = Some(rest.to_string()),
            "set" => {
                let (n, v) = rest
                    .split_once('=')
                    .ok_or_else(|| err(format!("expected `set NAME=VALUE`, found `{l}`")))?;
                t.sets.push((n.trim().to_string(), v.trim().to_string()));
                t.lines.sets.push(line);
            }
            "seed" => {
                t.seed = Some(
                    rest.parse()
                        .map_err(|_| err(format!("`{rest}` is not a seed")))?,
                )
            }
            "player" => t.players.push(rest.to_string()),
            "start" => (t.start, t.lines.start) = (Some(rest.to_string()), line),
            "position" => (t.position, t.lines.start) = (Some(rest.to_string()), line),
            "moves" => in_moves = true,
            _ => return Err(err(format!("unknown header line `{key}`"))),
        }
    }
    Err(TrialError {
        line: offset + lines.len(),
        message: if seen_magic {
            "the trial has no `result` line".into()
        } else {
            "empty input: not a trial".into()
        },
    })
}

fn parse_result(s: &str) -> Result<TrialResult, String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let reason = |w: &str| parse_reason(w).ok_or_else(|| format!("unknown end reason `{w}`"));
    match words.as_slice() {
        ["unfinished"] => Ok(TrialResult::Unfinished),
        ["draw", r] => Ok(TrialResult::Draw(reason(r)?)),
        [w @ ("win" | "loss"), p, r] => match p.parse::<u8>() {
            Ok(p) if p >= 1 && *w == "win" => Ok(TrialResult::Win(p - 1, reason(r)?)),
            Ok(p) if p >= 1 => Ok(TrialResult::Loss(p - 1, reason(r)?)),
            _ => Err(format!("`{p}` is not a player number (1, 2, …)")),
        },
        ["places", rest @ .., r] if !rest.is_empty() => {
            Ok(TrialResult::Ranked(places(rest)?, reason(r)?))
        }
        _ => Err(format!(
            "expected `win PLAYER REASON`, `draw REASON`, `loss PLAYER REASON`, `places PLACE… REASON` or `unfinished`, found `{s}`"
        )),
    }
}

/// The places of a `places` result: one per seat, each from 1 to the
/// number of seats, at most [`crate::engine::MAX_SEATS`] seats.
fn places(words: &[&str]) -> Result<crate::engine::Places, String> {
    let n = words.len();
    if n > crate::engine::MAX_SEATS {
        return Err(format!(
            "{n} places: at most {} seats",
            crate::engine::MAX_SEATS
        ));
    }
    let mut p = crate::engine::Places::default();
    for (i, w) in words.iter().enumerate() {
        p.0[i] = match w.parse::<u8>() {
            Ok(q) if (1..=n as u8).contains(&q) => q,
            _ => return Err(format!("`{w}` is not a place (1 to {n})")),
        };
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Trial {
        Trial {
            game: "games/x.game".into(),
            title: Some("An example".into()),
            sets: vec![("a".into(), "true".into()), ("n".into(), "40".into())],
            seed: Some(7),
            players: vec!["mcts:1000".into(), "random".into()],
            start: Some("B:W18,24:B12".into()),
            position: None,
            moves: ["11-15", "24-20", "9x18x27"]
                .iter()
                .map(|m| TrialMove {
                    text: m.to_string(),
                    line: 0,
                })
                .collect(),
            result: TrialResult::Win(1, EndReason::NoMoves),
            lines: HeaderLines::default(),
        }
    }

    #[test]
    fn write_then_parse_round_trips() {
        let t = sample();
        let text = write_trial(&t);
        assert!(is_trial(&text));
        assert!(text.contains("\nresult win 2 no_moves\n"), "{text}");
        let mut back = parse_trial(&text).unwrap();
        assert_eq!(back.moves[0].line, 11);
        back.moves.iter_mut().for_each(|m| m.line = 0);
        assert_eq!((back.lines.start, &back.lines.sets[..]), (9, &[4, 5][..]));
        back.lines = HeaderLines::default();
        assert_eq!(back, t);
        for r in [
            TrialResult::Draw(EndReason::Repetition),
            TrialResult::Unfinished,
            TrialResult::Win(0, EndReason::TurnLimit),
            TrialResult::Loss(0, EndReason::LoseCondition),
            TrialResult::Ranked(
                crate::engine::Places([2, 1, 3, 0, 0, 0, 0, 0]),
                EndReason::Result,
            ),
        ] {
            let t = Trial {
                result: r,
                ..sample()
            };
            assert_eq!(parse_trial(&write_trial(&t)).unwrap().result, r);
            assert_eq!(TrialResult::from_outcome(r.outcome()), r);
        }
    }

    #[test]
    fn a_position_text_start_round_trips() {
        let t = Trial {
            start: None,
            position: Some("L D:c1,c2 L:e1".into()),
            ..sample()
        };
        let text = write_trial(&t);
        assert!(text.contains("\nposition L D:c1,c2 L:e1\n"), "{text}");
        assert_eq!(parse_trial(&text).unwrap().position, t.position);
    }

    #[test]
    fn a_file_of_several_trials_reads_each_with_its_lines() {
        let one = write_trial(&sample());
        let two = write_trial(&Trial {
            result: TrialResult::Draw(EndReason::Repetition),
            ..sample()
        });
        let text = format!("# an analysis\n{one}\n{two}");
        let all = parse_trials(&text).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].result, TrialResult::Draw(EndReason::Repetition));
        // Line numbers are the file's: one comment line, then 14 lines of
        // the first trial and a blank line before the second.
        assert_eq!(all[0].moves[0].line, 12);
        assert_eq!(all[1].moves[0].line, 12 + 15);
        assert_eq!(
            parse_trials(&one).unwrap(),
            vec![parse_trial(&one).unwrap()]
        );
        // An error in the second trial names its line in the file.
        let bad = format!("{one}{}", two.replace("seed 7", "seed x"));
        assert_eq!(parse_trials(&bad).unwrap_err().line, 14 + 6);
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let t = parse_trial(
            "\n# hi\nludic-trial 1\ngame g\n\nmoves\n# c\n1-2\n\nresult draw no_progress\n",
        )
        .unwrap();
        assert_eq!(t.moves.len(), 1);
        assert_eq!(t.moves[0].line, 8);
        assert_eq!(t.result, TrialResult::Draw(EndReason::NoProgress));
    }

    #[test]
    fn errors_name_their_line() {
        let cases = [
            ("[Event \"x\"]\n", 1, "expected `ludic-trial 1`"),
            ("ludic-trial 1\ngame g\nbogus 3\n", 3, "unknown header"),
            ("ludic-trial 1\ngame g\nseed x\n", 3, "not a seed"),
            ("ludic-trial 1\ngame g\nmoves\n1-2\n", 4, "no `result`"),
            (
                "ludic-trial 1\ngame g\nresult win 0 no_moves\n",
                3,
                "player number",
            ),
            (
                "ludic-trial 1\ngame g\nresult draw boredom\n",
                3,
                "unknown end reason",
            ),
            ("ludic-trial 1\nresult unfinished\n", 2, "no `game`"),
        ];
        for (text, line, msg) in cases {
            let e = parse_trial(text).unwrap_err();
            assert_eq!(e.line, line, "{text}");
            assert!(e.message.contains(msg), "{e}");
        }
        assert!(!is_trial("[Event \"x\"]"));
    }
}

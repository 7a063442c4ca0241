//! One line of a scenario: set something up, play, or check an
//! expectation against the position reached so far.

use super::error::StepError;
use crate::engine::notation::notation_sites;
use crate::engine::{FirstPlace, State};
use crate::record::position::player_by_letter;

/// The keys a scenario line may start with (`SITE` and `NAME` stand for a
/// site label and a counter's name).
pub(super) const KEYS: &[&str] = &[
    "set",
    "fen",
    "put",
    "to-move",
    "counter NAME",
    "moves",
    "play",
    "expect moves",
    "expect legal",
    "expect illegal",
    "expect fen",
    "expect empty",
    "expect owner",
    "expect outcome",
    "expect score",
    "expect to-move",
    "expect stack SITE",
    "expect counter NAME",
    "expect roles SITE",
];

/// Runs one `key: value` line on `st`.
pub(super) fn step(st: &mut State, line: &str) -> Result<(), StepError> {
    let (key, value) = line.split_once(':').ok_or(StepError::NoColon)?;
    let (key, value) = (key.trim(), value.trim());
    let words = || value.split_whitespace();
    match key {
        "set" => Ok(()),
        "fen" => {
            *st = State::from_fen(st.game().clone(), value)?;
            Ok(())
        }
        "put" => Ok(st.put(value)?),
        "to-move" => {
            let p = player_by_letter(st.game(), value)?;
            let stacks = current_stacks(st);
            st.set_up(p, &stacks);
            st.settle_read();
            Ok(())
        }
        k if k.starts_with("counter ") => set_counters(st, k["counter ".len()..].trim(), value),
        "moves" | "play" => {
            words().try_for_each(|m| st.play_str(m).map(|_| ()).map_err(Into::into))
        }
        "expect moves" => {
            let mut got = st.legal_turn_strings();
            let mut want: Vec<String> = words().map(str::to_string).collect();
            got.sort();
            want.sort();
            same(&want.join(" "), &got.join(" "), "legal moves")
        }
        "expect legal" | "expect illegal" | "expect empty" if value.is_empty() => {
            Err(StepError::NothingListed {
                key: key.to_string(),
                items: if key == "expect empty" {
                    "sites"
                } else {
                    "moves"
                },
            })
        }
        "expect legal" | "expect illegal" => expect_legal(st, key == "expect legal", value),
        "expect fen" => same(value, &st.to_fen().unwrap_or_default(), "position"),
        "expect empty" => sites(st, words())?.iter().try_for_each(|&(label, s)| {
            if st.height(s) == 0 {
                Ok(())
            } else {
                Err(StepError::NotEmpty {
                    label: label.to_string(),
                })
            }
        }),
        "expect owner" => expect_owner(st, value),
        "expect outcome" => expect_outcome(st, value),
        "expect score" => same(
            value,
            &crate::render::scores_text(st).unwrap_or_else(|| "none".to_string()),
            "scores",
        ),
        k if k.starts_with("expect stack") => {
            expect_stack(st, k.trim_start_matches("expect stack").trim(), value)
        }
        k if k.starts_with("expect counter") => {
            let name = k.trim_start_matches("expect counter").trim();
            let id = counter_id(st, name)?;
            if value.contains('=') {
                return expect_counters(st, id, name, value);
            }
            same(
                value,
                &st.counter(id as u8, st.current_player()).to_string(),
                &format!("counter {name}"),
            )
        }
        "expect to-move" => same(
            value,
            &st.game().players[st.current_player() as usize]
                .letter
                .to_string(),
            "player to move",
        ),
        k if k.starts_with("expect roles") => {
            expect_roles(st, k.trim_start_matches("expect roles").trim(), value)
        }
        other => Err(StepError::UnknownLine {
            key: other.to_string(),
            near: crate::diag::did_you_mean(other, KEYS.iter().copied()),
        }),
    }
}

/// `expect legal:` (`wanted`) or `expect illegal:`: each move of `value`
/// is (not) among the legal turns.
fn expect_legal(st: &State, wanted: bool, value: &str) -> Result<(), StepError> {
    let legal = st.legal_turn_strings();
    let is_legal = |m: &str| legal.iter().any(|l| l.eq_ignore_ascii_case(m));
    // A text that is not a move in the game's notation is no claim about
    // the rules: `expect illegal: 22-81` (a typo) must not pass because no
    // such move exists.
    if let Some(m) = value
        .split_whitespace()
        .find(|m| notation_sites(st.game(), m).is_none())
    {
        return Err(StepError::NotNotation {
            text: m.to_string(),
            like: legal.first().cloned(),
        });
    }
    // Nor is a text that no rule of the game could write (`expect
    // illegal: 9` in a game without placements).
    if let Some((m, why)) = value
        .split_whitespace()
        .find_map(|m| super::shape::no_move_of(st.game(), m).map(|w| (m, w)))
    {
        return Err(StepError::NoSuchMove {
            text: m.to_string(),
            why,
        });
    }
    match value.split_whitespace().find(|m| is_legal(m) != wanted) {
        Some(m) if wanted => Err(StepError::NotLegal {
            text: m.to_string(),
            legal,
        }),
        Some(m) => Err(StepError::Legal {
            text: m.to_string(),
            legal,
        }),
        None => Ok(()),
    }
}

/// `expect stack SITE:`: the owners' letters of the stack, bottom first.
fn expect_stack(st: &State, label: &str, value: &str) -> Result<(), StepError> {
    let (_, s) = sites(st, std::iter::once(label))?[0];
    let game = st.game();
    let got: Vec<String> = st
        .stack(s)
        .iter()
        .map(|&p| game.players[game.owner(p) as usize].letter.to_string())
        .collect();
    same(
        value,
        &got.join(" "),
        &format!("stack at {label} (bottom first)"),
    )
}

/// The index of the counter called `name`.
fn counter_id(st: &State, name: &str) -> Result<usize, StepError> {
    st.game()
        .counters
        .iter()
        .position(|c| c.name == name)
        .ok_or_else(|| StepError::NoCounter {
            name: name.to_string(),
        })
}

/// `LETTER=NUMBER`: the player and the number.
fn pair(st: &State, text: &str) -> Result<(u8, String), StepError> {
    let (letter, n) = text.split_once('=').ok_or_else(|| StepError::NotPair {
        text: text.to_string(),
    })?;
    Ok((player_by_letter(st.game(), letter)?, n.to_string()))
}

/// `counter NAME: L=N…`: sets a counter of the players named by their
/// letters (a position set with `put:` keeps the counters of the start).
fn set_counters(st: &mut State, name: &str, value: &str) -> Result<(), StepError> {
    let id = counter_id(st, name)?;
    if value.is_empty() {
        return Err(StepError::NoCounterValues {
            name: name.to_string(),
        });
    }
    for text in value.split_whitespace() {
        let (p, n) = pair(st, text)?;
        let n: i32 = n.parse().map_err(|_| StepError::NotNumber { text: n })?;
        st.set_counter(id as u8, p, n);
    }
    Ok(())
}

/// `expect counter NAME: L=N…`: the counter of each player named by its
/// letter.
fn expect_counters(st: &State, id: usize, name: &str, value: &str) -> Result<(), StepError> {
    for text in value.split_whitespace() {
        let (p, n) = pair(st, text)?;
        let letter = text.split('=').next().unwrap_or_default();
        same(
            &n,
            &st.counter(id as u8, p).to_string(),
            &format!("counter {name} of {letter}"),
        )?;
    }
    Ok(())
}

fn same(want: &str, got: &str, what: &str) -> Result<(), StepError> {
    if want == got {
        Ok(())
    } else {
        Err(StepError::Differs {
            what: what.to_string(),
            want: want.to_string(),
            got: got.to_string(),
        })
    }
}

fn sites<'a>(
    st: &State,
    labels: impl Iterator<Item = &'a str>,
) -> Result<Vec<(&'a str, u16)>, StepError> {
    labels
        .map(|l| {
            st.game()
                .board
                .site_by_label(l)
                .map(|s| (l, s))
                .ok_or_else(|| StepError::NoSite {
                    label: l.to_string(),
                })
        })
        .collect()
}

fn current_stacks(st: &State) -> Vec<(u16, Vec<u8>)> {
    (0..st.game().board.len() as u16)
        .map(|s| (s, st.stack(s).to_vec()))
        .filter(|(_, v)| !v.is_empty())
        .collect()
}

fn expect_owner(st: &State, value: &str) -> Result<(), StepError> {
    let mut words = value.split_whitespace();
    let owner = player_by_letter(st.game(), words.next().ok_or(StepError::NoPlayer)?)?;
    for (label, s) in sites(st, words)? {
        if st.top_owner(s) != Some(owner) {
            return Err(StepError::NotOwner {
                label: label.to_string(),
                player: st.game().players[owner as usize].name.clone(),
            });
        }
    }
    Ok(())
}

/// `expect outcome:` — `none`, `draw` (every seat first), `NAME wins`
/// (first alone), `NAME and NAME share first` (a first place some seats
/// share, not all: games of more than two players), `NAME loses` (no seat
/// first: the loss of a game of one player), or `places P…` (each seat's
/// place in turn order, 1 first).
fn expect_outcome(st: &State, value: &str) -> Result<(), StepError> {
    let game = st.game();
    let n = game.players.len();
    if let Some(want) = value.strip_prefix("places ") {
        let got = match st.outcome() {
            None => "none".to_string(),
            Some(o) => o
                .places(n)
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        };
        return same(want.trim(), &got, "places");
    }
    let names: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
    let mut choices: Vec<String> = ["none".to_string(), "draw".to_string()]
        .into_iter()
        .chain(names.iter().map(|p| crate::diag::wins(p)))
        .collect();
    if n > 2 {
        choices.push(shared_first(&names[..2]));
    }
    if n == 1 {
        choices.push(crate::diag::loses(names[0]));
    }
    let shared = value
        .strip_suffix(" share first")
        .map(|list| list.split(", ").flat_map(|p| p.split(" and ")))
        .is_some_and(|mut seats| seats.all(|p| names.contains(&p)));
    if !shared && !choices.iter().any(|c| c == value) {
        return Err(StepError::NotOutcome {
            text: value.to_string(),
            choices,
        });
    }
    let got = match st.outcome().map(|o| o.first_place(n)) {
        None => "none".to_string(),
        Some(FirstPlace::Alone(w)) => crate::diag::wins(names[w as usize]),
        Some(FirstPlace::Shared(mask)) => {
            let firsts: Vec<&str> = (0..n)
                .filter(|&s| mask >> s & 1 == 1)
                .map(|s| names[s])
                .collect();
            shared_first(&firsts)
        }
        Some(FirstPlace::Everyone) => "draw".to_string(),
        Some(FirstPlace::Nobody) => names
            .iter()
            .map(|p| crate::diag::loses(p))
            .collect::<Vec<_>>()
            .join(" and "),
    };
    same(value, &got, "outcome")
}

/// "Red and Blue share first", "Red, Blue and Yellow share first": the
/// seats in first place, in turn order.
fn shared_first(names: &[&str]) -> String {
    match names {
        [rest @ .., last] if !rest.is_empty() => {
            format!("{} and {last} share first", rest.join(", "))
        }
        _ => format!("{} share first", names.join("")),
    }
}

fn expect_roles(st: &State, label: &str, value: &str) -> Result<(), StepError> {
    let (_, site) = sites(st, std::iter::once(label))?[0];
    same(
        value,
        &st.roles_at(site).join(" "),
        &format!("roles at {label}"),
    )
}

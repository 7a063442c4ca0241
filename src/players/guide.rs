//! Heuristic guidance for MCTS ([`Guide`], the `cut=` and `eps=` options of
//! `mcts`): playouts cut after a number of turns and scored by the game's
//! heuristic, and playouts whose steps are chosen epsilon-greedily by the
//! heuristic instead of uniformly.
//!
//! A cut playout that has not ended is worth `½ + ½·tanh(v / s)` to each
//! player, `v` the player's heuristic value minus the mean of the others'
//! ([`super::heuristic::relative`]) and `s` the sum of the absolute weights
//! of the game's heuristic terms (at least 1): one unit of the heaviest
//! terms moves the reward by about a quarter. With two players the two
//! rewards add up to 1, like a win and a loss.
//!
//! An epsilon-greedy playout builds each turn step by step as the heuristic
//! players sample turns ([`super::candidates`]): with probability `eps` a
//! uniformly random step, otherwise the step whose position (judged after
//! the phase's `(end-phase)` move, when the phase has one) the heuristic
//! likes best for the mover, ties broken at random. `eps=1` (the default) is
//! the plain uniform playout.

use super::candidates::{Scratch, sample};
use super::heuristic::{relative, values};
use crate::engine::playout::random_step;
use crate::engine::{Move, Outcome, State};
use rand::Rng;
use std::fmt;

/// An `mcts` option that [`Guide::set`] refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuideError {
    /// No `=`: `mcts:100,fast`.
    #[error("`{}` is not an option: expected cut=TURNS or eps=CHANCE", crate::diag::clip(.option))]
    NotAnOption {
        /// The text given.
        option: String,
    },
    /// `cut=` without a whole number of turns: `cut=-1`, `cut=ten`.
    #[error("cut=`{}`: expected a whole number of turns", crate::diag::clip(.value))]
    Cut {
        /// The value given.
        value: String,
    },
    /// `cut=` with a number of turns above `u32::MAX`.
    #[error(
        "cut=`{}`: too large: a playout is cut after at most {} turns",
        crate::diag::clip(.value),
        u32::MAX
    )]
    CutTooLarge {
        /// The value given.
        value: String,
    },
    /// `eps=` without a chance between 0 and 1: `eps=2`.
    #[error("eps=`{}`: expected a chance between 0 and 1 (0.1)", crate::diag::clip(.value))]
    Eps {
        /// The value given.
        value: String,
    },
    /// An option given twice: `mcts:100,eps=0.1,eps=0.2`.
    #[error(
        "`{key}` is given twice (`{}`, then `{}`): give each mcts option once",
        crate::diag::clip(.first),
        crate::diag::clip(.second)
    )]
    Twice {
        /// The option's key.
        key: String,
        /// The first occurrence, as written.
        first: String,
        /// The second occurrence, as written.
        second: String,
    },
    /// A key other than `cut` and `eps`: `depth=3`.
    #[error("unknown mcts option `{key}`: expected cut=TURNS or eps=CHANCE")]
    Unknown {
        /// The key given.
        key: String,
    },
}

/// How MCTS playouts use the game's heuristic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guide {
    /// Turns after which a playout stops and is scored by the heuristic
    /// (`None`: played to the end, or to the turn cap, a draw).
    pub cut: Option<u32>,
    /// Chance, in thousandths, of a uniformly random step in a playout;
    /// the other steps are the heuristic's best (1000: uniform playouts).
    pub eps_permille: u16,
}

impl Default for Guide {
    fn default() -> Guide {
        Guide {
            cut: None,
            eps_permille: 1000,
        }
    }
}

impl Guide {
    /// True when the guide changes nothing (plain MCTS).
    pub fn is_plain(&self) -> bool {
        *self == Guide::default()
    }

    /// Reads one `KEY=VALUE` option (`cut=20`, `eps=0.1`) into the guide.
    pub fn set(&mut self, option: &str) -> Result<(), GuideError> {
        let Some((key, value)) = option.split_once('=') else {
            return Err(GuideError::NotAnOption {
                option: option.to_string(),
            });
        };
        match key.trim() {
            "cut" => match value.trim().parse::<u32>() {
                Ok(n) => self.cut = Some(n),
                Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => {
                    return Err(GuideError::CutTooLarge {
                        value: value.to_string(),
                    });
                }
                Err(_) => {
                    return Err(GuideError::Cut {
                        value: value.to_string(),
                    });
                }
            },
            "eps" => match value.trim().parse::<f64>() {
                Ok(x) if (0.0..=1.0).contains(&x) => {
                    self.eps_permille = (x * 1000.0).round() as u16;
                }
                _ => {
                    return Err(GuideError::Eps {
                        value: value.to_string(),
                    });
                }
            },
            other => {
                return Err(GuideError::Unknown {
                    key: other.to_string(),
                });
            }
        }
        Ok(())
    }

    /// Reads `KEY=VALUE` options (`cut=20`, `eps=0.1`) into a plain guide,
    /// each at most once.
    pub fn from_options(options: &[&str]) -> Result<Guide, GuideError> {
        let mut guide = Guide::default();
        let key = |o: &str| o.split_once('=').map(|(k, _)| k.trim().to_string());
        for (i, option) in options.iter().enumerate() {
            guide.set(option)?;
            let k = key(option);
            if let Some(first) = options[..i].iter().find(|o| key(o) == k) {
                return Err(GuideError::Twice {
                    key: k.unwrap_or_default(),
                    first: first.trim().to_string(),
                    second: option.trim().to_string(),
                });
            }
        }
        Ok(guide)
    }

    /// The chance of a random step, between 0 and 1.
    pub fn eps(&self) -> f64 {
        f64::from(self.eps_permille) / 1000.0
    }
}

/// `,cut=20,eps=0.1`: the options that differ from the default, each
/// after a comma (nothing for a plain guide).
impl fmt::Display for Guide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = self.cut {
            write!(f, ",cut={c}")?;
        }
        if self.eps_permille != 1000 {
            write!(f, ",eps={}", self.eps())?;
        }
        Ok(())
    }
}

/// The end of a guided playout.
#[derive(Debug, Clone, PartialEq)]
pub enum Rollout {
    /// The game ended, with the stake it is worth ([`State::stake`]), or
    /// reached the turn cap: `None`.
    Over(Option<(Outcome, u32)>),
    /// Cut: each player's reward from the heuristic, in [0, 1].
    Scored(Vec<f64>),
}

impl Rollout {
    /// Player `p`'s reward, as [`super::reward`] gives it for a game
    /// whose stakes go up to `max_stake`.
    pub fn reward(&self, p: u8, players: usize, max_stake: u32) -> f64 {
        match self {
            Rollout::Over(o) => super::reward(*o, p, players, max_stake),
            Rollout::Scored(r) => r.get(p as usize).copied().unwrap_or(0.5),
        }
    }
}

/// Plays out `st` under `guide`: at most `guide.cut` turns (or `max_turns`
/// without a cut), steps chosen epsilon-greedily. `buf` is a move buffer,
/// `sc` the heuristic's scratch. `st` is left where the playout ended.
pub fn rollout<R: Rng>(
    st: &mut State,
    guide: &Guide,
    max_turns: u32,
    rng: &mut R,
    buf: &mut Vec<Move>,
    sc: &mut Scratch,
) -> Rollout {
    let start = st.turns();
    let limit = guide.cut.unwrap_or(max_turns);
    let eps = guide.eps();
    st.set_journaling(eps < 1.0);
    loop {
        if let Some(o) = st.scalars.outcome {
            return Rollout::Over(Some((o, st.stake_of(o))));
        }
        if st.turns() - start >= limit {
            break;
        }
        if let Some(m) = st.sample_chance(rng) {
            // Nature rolls with its odds (docs/chance.md).
            st.play_unchecked(&m);
            continue;
        }
        if eps >= 1.0 {
            if !random_step(st, rng, buf) {
                return Rollout::Over(Some(finished(st)));
            }
            continue;
        }
        match sample(st, 256, eps, rng, sc) {
            Some(turn) => {
                for m in &turn {
                    st.play_unchecked(m);
                }
                st.set_journaling(true); // drops the undo log
            }
            None => return Rollout::Over(Some(finished(st))),
        }
    }
    if guide.cut.is_none() {
        return Rollout::Over(None);
    }
    Rollout::Scored(scores(st, sc))
}

/// The outcome of `st`, whose player to move has no legal move, and the
/// stake it is worth.
fn finished(st: &State) -> (Outcome, u32) {
    let o = st.no_moves_outcome();
    (o, st.stake_of(o))
}

/// Every player's reward for an unfinished position `st`:
/// `½ + ½·tanh(v / s)` (see the module's text).
pub fn scores(st: &mut State, sc: &mut Scratch) -> Vec<f64> {
    let scale = st
        .game()
        .heuristics
        .iter()
        .map(|t| t.weight.unsigned_abs())
        .sum::<u64>()
        .max(1) as f64;
    let mut vals = Vec::new();
    values(st, &mut vals, sc.moves_buf());
    (0..vals.len())
        .map(|p| 0.5 + 0.5 * (relative(&vals, p as u8) as f64 / scale).tanh())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_print() {
        let mut g = Guide::default();
        assert!(g.is_plain());
        assert_eq!(g.to_string(), "");
        g.set("cut=20").unwrap();
        g.set("eps=0.1").unwrap();
        assert_eq!(
            g,
            Guide {
                cut: Some(20),
                eps_permille: 100
            }
        );
        assert_eq!(g.to_string(), ",cut=20,eps=0.1");
        let value = |v: &str| v.to_string();
        for (bad, why) in [
            ("cut=-1", GuideError::Cut { value: value("-1") }),
            ("cut=x", GuideError::Cut { value: value("x") }),
            (
                "eps=1.5",
                GuideError::Eps {
                    value: value("1.5"),
                },
            ),
            (
                "eps=-0.1",
                GuideError::Eps {
                    value: value("-0.1"),
                },
            ),
            (
                "depth=3",
                GuideError::Unknown {
                    key: value("depth"),
                },
            ),
            (
                "cut",
                GuideError::NotAnOption {
                    option: value("cut"),
                },
            ),
        ] {
            assert_eq!(Guide::default().set(bad), Err(why), "{bad}");
        }
        let e = Guide::default().set("eps=2").unwrap_err();
        assert_eq!(
            e.to_string(),
            "eps=`2`: expected a chance between 0 and 1 (0.1)"
        );
    }
}

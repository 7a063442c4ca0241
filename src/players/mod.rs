//! Computer players over the generic [`State`] API: uniform random
//! ([`RandomPlayer`]), flat Monte Carlo ([`FlatMc`]) and Monte Carlo tree
//! search with UCT ([`Mcts`]). Every player decides at turn level: a turn of several
//! steps (a multi-jump) is one decision.
//!
//! A game loop computes the legal turns once per position (a [`Turns`]) and
//! asks the player to move for the index of one of them
//! ([`Agent::choose`]); [`play_game`] is that loop.
//!
//! Players are seeded: [`seeded_rng`] gives side `s` of game `i` of a run
//! seeded with `seed` its own ChaCha8 stream, so a run is reproducible and
//! does not depend on how games are spread over threads.

pub(crate) mod alphabeta;
pub mod analysis;
pub(crate) mod candidates;
#[cfg(test)]
mod cap_tests;
pub(crate) mod evaluator;
pub(crate) mod greedy;
pub(crate) mod guide;
pub mod heuristic;
pub(crate) mod mc;
pub(crate) mod mcts;
pub mod place_mean;
pub(crate) mod puct;
#[cfg(test)]
mod race_tests;
pub(crate) mod random;
pub(crate) mod stepcache;
pub(crate) mod turns;

pub use alphabeta::{AlphaBeta, Depth};
pub use evaluator::{Evaluation, Evaluator, outcome_values};
pub use greedy::Greedy;
pub use guide::{Guide, GuideError};
pub use heuristic::{WIN, evaluate};
pub use mc::FlatMc;
pub use mcts::{Budget, LINE_MIN_VISITS, Mcts, SearchStats};
pub use puct::{Puct, PuctError, PuctStats};
pub use random::RandomPlayer;
pub use turns::Turns;

use crate::engine::{Move, Outcome, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The players, one a line, as `ludic players` prints them.
pub const PLAYERS_HELP: &str = "\
human             moves typed in the game's notation
random            a uniformly random legal turn
greedy            the turn whose position the game's heuristic likes best (one ply, then any
                  forced turns that follow; seeded tie-break)
mc[:N]            flat Monte Carlo: N random playouts per legal turn (default 100)
mc:Ts, mc:Tms     the same, playouts for T seconds (milliseconds) a move
mcts[:N]          Monte Carlo tree search (UCT), N iterations a move (default 1000)
mcts:Ts, mcts:Tms the same, T seconds (milliseconds) a move
mcts:N,cut=D      playouts stop after D turns, scored by the game's heuristic
mcts:N,eps=E      playout steps: the heuristic's best, a random one with chance E
                  (the options combine: mcts:500ms,cut=10,eps=0.2)
ab[:D]            alpha-beta over whole turns, D turns deep (default 2), by the game's heuristic
ab:Ts, ab:Tms     the same, iterative deepening for T seconds (milliseconds) a move

Every player is seeded (--seed): the same seed, the same game. Heuristic
players (greedy, ab, mcts with cut= or eps=) list a position's turns when there are at most 256;
past that they sample 4 step sequences built step by step by the heuristic
(docs/players.md). A game's heuristic is its (heuristics …) clause, material
when it has none.
";

/// A computer player: picks one of the legal turns of a position.
pub trait Agent {
    /// A short description, in the form [`PlayerSpec`] parses
    /// (`mcts:1000`).
    fn name(&self) -> String;

    /// Chooses one of `turns`, the legal turns of `st` (never empty), and
    /// returns its index.
    fn choose(&mut self, st: &State, turns: &Turns) -> usize;

    /// A player that builds its own turns (heuristic players, which bound
    /// huge turn trees by sampling) returns one here, with the number of
    /// legal turns when it listed them all (`None` when it sampled its
    /// turn from a list too long to count); the game loop then skips
    /// listing every legal turn. `None` (the default): the loop calls
    /// [`Agent::choose`].
    fn choose_turn(&mut self, _st: &State) -> Option<(Vec<Move>, Option<usize>)> {
        None
    }

    /// Caps the time of each later choice at `limit`, whatever the
    /// player's own budget: a search stops when the time is spent and
    /// answers with what it has found (`ludic serve` caps every computer
    /// turn so). Players that do not search (random, greedy: one ply)
    /// ignore it.
    fn limit_time(&mut self, _limit: std::time::Duration) {}

    /// Stops each later search as soon as `stop` is true (Ctrl-C in
    /// Python), answering with what it has found; the caller clears it
    /// between choices. Searching players (mc, mcts, ab) read it between
    /// playouts, iterations and nodes; random and greedy ignore it.
    fn set_stop(&mut self, _stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {}

    /// The line the last search expects from `st`, the position it
    /// searched (its principal variation): `turn`, the turn it chose
    /// there, first, then the replies it foresees, one turn (a list of
    /// steps) each, as long as its search can tell (alpha-beta: at most
    /// its depth; MCTS: while the most visited child is visited often
    /// enough). The default, for players that do not look ahead: `turn`
    /// alone.
    fn line(&mut self, _st: &State, turn: &[Move]) -> Vec<Vec<Move>> {
        vec![turn.to_vec()]
    }
}

/// True when the stop flag of [`Agent::set_stop`], if any, is set.
#[inline]
pub(crate) fn stopped(stop: &Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) -> bool {
    stop.as_ref()
        .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
}

/// What a player gets from a game, between 0 and 1: its return
/// ([`Outcome::returns_at_stake`] of the outcome and the stake the game
/// is worth, the values [`State::returns`] gives every front end) mapped
/// from [−`max_stake`, `max_stake`] (the game's [`crate::compile::Game::max_stake`];
/// 1 without stakes) to [0, 1]. With two players and no stakes: 1 for a
/// win, 0 for a loss, ½ for a draw; with more players first place 1,
/// last place 0, even steps between, seats sharing places sharing their
/// mean (a first place two of three seats share: ¾ each, the third 0),
/// a draw ½. An unfinished game (`None`) gives each an equal share (½
/// with two; ½ with one too, the value of its return 0, as a draw).
#[inline]
pub fn reward(end: Option<(Outcome, u32)>, player: u8, num_players: usize, max_stake: u32) -> f64 {
    let most = f64::from(max_stake.max(1));
    match end {
        // The returns' two commonest cases, without allocating: ±stake,
        // and a draw's 0 for every seat.
        Some((Outcome::Win(w, _), stake)) if num_players == 2 => {
            let r = if w == player {
                f64::from(stake)
            } else {
                -f64::from(stake)
            };
            (r / most + 1.0) / 2.0
        }
        Some((Outcome::Draw(_), _)) => 0.5,
        Some((o, stake)) => {
            let r = o.returns_at_stake(num_players, stake);
            (r.get(player as usize).copied().unwrap_or(0.0) / most + 1.0) / 2.0
        }
        None => 1.0 / num_players.max(2) as f64,
    }
}

/// The generator of side `side` (0-based) in game `game` of a run seeded
/// with `seed`: ChaCha8 seeded from `seed` (mixed with the side) on stream
/// `game`. Side 0 of game `i` uses `seed` itself on stream `i`.
pub fn seeded_rng(seed: u64, game: u64, side: usize) -> ChaCha8Rng {
    let mixed = seed ^ (side as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = ChaCha8Rng::seed_from_u64(mixed);
    rng.set_stream(game);
    rng
}

/// The seat number of nature, whose generator rolls the dice of a game
/// with chance ([`nature_rng`]): past any real seat.
pub const NATURE: usize = 0x6e61_7475;

/// The generator that rolls nature's moves (docs/chance.md) in game `game`
/// of a run seeded with `seed`: [`seeded_rng`] of the seat [`NATURE`], so
/// that the same seed gives the same rolls in every front end.
pub fn nature_rng(seed: u64, game: u64) -> ChaCha8Rng {
    seeded_rng(seed, game, NATURE)
}

/// Splits a list of player specs separated by commas (`mcts:200,random`)
/// into specs; a part that is an option (`cut=20`, `eps=0.1`, with `=`)
/// belongs to the spec before it: `mcts:200,cut=20,random` is two specs.
pub fn split_specs(list: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in list.split(',') {
        match out.last_mut() {
            Some(last) if part.contains('=') => {
                last.push(',');
                last.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    out
}

/// Who plays a side, as written on the command line: `human`, `random`,
/// `mc[:PLAYOUTS]`, `mcts[:ITERATIONS]`, `ab[:DEPTH]`, or any of the
/// three with a time budget (`mcts:SECONDSs`, `mc:MSms`, `ab:2s`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Moves typed in the game's notation.
    Human,
    /// A uniformly random legal turn.
    Random,
    /// Flat Monte Carlo: this many playouts per legal turn, or playouts
    /// for this long.
    Mc(Budget),
    /// UCT search with this budget, its playouts guided by the heuristic
    /// as the guide says (`mcts:1000,cut=20,eps=0.1`).
    Mcts(Budget, Guide),
    /// One ply by the game's heuristic.
    Greedy,
    /// Alpha-beta over whole turns.
    Ab(Depth),
}

impl PlayerSpec {
    /// Playouts per turn of `mc` without a number.
    pub const DEFAULT_MC_PLAYOUTS: u32 = 100;
    /// Iterations of `mcts` without a number.
    pub const DEFAULT_MCTS_ITERATIONS: u32 = 1000;
    /// Depth of `ab` without a number.
    pub const DEFAULT_AB_DEPTH: u32 = 2;

    /// The player, drawing from `rng`; `None` for a human.
    pub fn build(&self, rng: ChaCha8Rng) -> Option<Box<dyn Agent>> {
        self.build_send(rng).map(|a| a as Box<dyn Agent>)
    }

    /// [`PlayerSpec::build`], as a player another thread can run (every
    /// computer player can).
    pub fn build_send(&self, rng: ChaCha8Rng) -> Option<Box<dyn Agent + Send>> {
        match *self {
            PlayerSpec::Human => None,
            PlayerSpec::Random => Some(Box::new(RandomPlayer::new(rng))),
            PlayerSpec::Mc(b) => Some(Box::new(FlatMc::with_budget(b, rng))),
            PlayerSpec::Mcts(b, g) => Some(Box::new(Mcts::guided(b, g, rng))),
            PlayerSpec::Greedy => Some(Box::new(Greedy::new(rng))),
            PlayerSpec::Ab(d) => Some(Box::new(AlphaBeta::new(d, rng))),
        }
    }

    /// True for a human.
    pub fn is_human(&self) -> bool {
        matches!(self, PlayerSpec::Human)
    }
}

/// The longest time budget a move may have (`mcts:Ts`, `ab:Ts`): a day.
pub const MAX_MOVE_SECONDS: u64 = 86_400;

/// A player spec that [`PlayerSpec`]'s `from_str` refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerSpecError {
    /// A count that is not a positive whole number: `mc:0`, `mcts:many`.
    #[error("`{}` is not a positive whole number", crate::diag::clip(.text))]
    NotPositive {
        /// The count as written.
        text: String,
    },
    /// A whole number too large for its field: `mcts:99999999999`.
    #[error("`{}` is too large: {what} is at most {max}", crate::diag::clip(.text))]
    TooLarge {
        /// The number as written.
        text: String,
        /// What the number counts: `a count of playouts or iterations`.
        what: &'static str,
        /// The largest value the field takes.
        max: u64,
    },
    /// A time that is not a finite positive duration: `mcts:0s`,
    /// `ab:-1ms`, `mcts:infs`.
    #[error(
        "`{}` is not a finite positive duration: a move's time is from 1 ms to {MAX_MOVE_SECONDS} s (a day), such as 2s or 500ms", crate::diag::clip(.text)
    )]
    NotDuration {
        /// The budget as written, with its unit.
        text: String,
    },
    /// A time below a millisecond a move: `mcts:1e-12s`.
    #[error("`{}` is too short: a move's time is from 1 ms to {MAX_MOVE_SECONDS} s (a day)", crate::diag::clip(.text))]
    TooShort {
        /// The budget as written, with its unit.
        text: String,
    },
    /// A time above [`MAX_MOVE_SECONDS`] (a day) a move: `mcts:1e300s`.
    #[error("`{}` is too long: a move's time is from 1 ms to {MAX_MOVE_SECONDS} s (a day)", crate::diag::clip(.text))]
    TooLong {
        /// The budget as written, with its unit.
        text: String,
    },
    /// An alpha-beta depth above [`MAX_AB_DEPTH`]: `ab:1000000`.
    #[error(
        "`{}` is too deep: alpha-beta searches at most {MAX_AB_DEPTH} turns ahead (ab:TIME deepens as far as time allows)", crate::diag::clip(.text)
    )]
    TooDeep {
        /// The depth as written.
        text: String,
    },
    /// An argument to a player that takes none: `random:5`.
    #[error("`{}` takes no `:` argument", crate::diag::clip(.kind))]
    NoArgument {
        /// The player's kind, as written.
        kind: String,
    },
    /// A `KEY=VALUE` option given to a player that takes none: `ab:2,cut=3`.
    #[error(
        "`{}` takes no options such as `{}`: only mcts takes options (cut=TURNS, eps=CHANCE)", crate::diag::clip(.kind), crate::diag::clip(.option)
    )]
    NoOptions {
        /// The player's kind, as written.
        kind: String,
        /// The option as written.
        option: String,
    },
    /// No such player: `minimax`.
    #[error(
        "unknown player `{spec}`: expected human, random, greedy, mc[:PLAYOUTS], \
         mc:SECONDSs, mcts[:ITERATIONS][,cut=TURNS][,eps=CHANCE], mcts:SECONDSs, \
         ab[:DEPTH] or ab:SECONDSs"
    )]
    Unknown {
        /// The spec as written.
        spec: String,
    },
    /// A bad `mcts` option: `mcts:100,cut=x`.
    #[error(transparent)]
    Guide(#[from] GuideError),
}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    fn from_str(s: &str) -> Result<PlayerSpec, PlayerSpecError> {
        // `KIND[:ARG][,KEY=VALUE…]`; for mcts the first option may stand
        // in the argument's place (`mcts:cut=5`).
        let mut parts = s.trim().split(',');
        let head = parts.next().unwrap_or("").trim();
        let (kind, arg) = match head.split_once(':') {
            Some((k, a)) => (k.trim(), Some(a.trim())),
            None => (head, None),
        };
        let mut options: Vec<&str> = Vec::new();
        let arg = match arg {
            Some(a) if a.contains('=') => {
                options.push(a);
                None
            }
            a => a,
        };
        options.extend(parts);
        let lower = kind.to_ascii_lowercase();
        let known = ["human", "random", "greedy", "mc", "mcts", "ab"];
        if !known.contains(&lower.as_str()) {
            return Err(PlayerSpecError::Unknown {
                spec: s.to_string(),
            });
        }
        if lower != "mcts"
            && let Some(option) = options.first()
        {
            return Err(PlayerSpecError::NoOptions {
                kind: kind.to_string(),
                option: option.trim().to_string(),
            });
        }
        match (lower.as_str(), arg) {
            ("human", None) => Ok(PlayerSpec::Human),
            ("random", None) => Ok(PlayerSpec::Random),
            ("greedy", None) => Ok(PlayerSpec::Greedy),
            ("ab", None) => Ok(PlayerSpec::Ab(Depth::Plies(Self::DEFAULT_AB_DEPTH))),
            ("ab", Some(a)) => Ok(PlayerSpec::Ab(match parse_budget(a, "a depth in turns") {
                Ok(Budget::Iterations(n)) if n > MAX_AB_DEPTH => {
                    return Err(PlayerSpecError::TooDeep { text: a.into() });
                }
                Err(PlayerSpecError::TooLarge { .. }) => {
                    return Err(PlayerSpecError::TooDeep { text: a.into() });
                }
                Ok(Budget::Iterations(n)) => Depth::Plies(n),
                Ok(Budget::Time(t)) => Depth::Time(t),
                Err(e) => return Err(e),
            })),
            ("mc", None) => Ok(PlayerSpec::Mc(Budget::Iterations(
                Self::DEFAULT_MC_PLAYOUTS,
            ))),
            ("mc", Some(a)) => Ok(PlayerSpec::Mc(parse_budget(
                a,
                "a count of playouts per turn",
            )?)),
            ("mcts", arg) => {
                let budget = match arg {
                    Some(a) => parse_budget(a, "a count of iterations")?,
                    None => Budget::Iterations(Self::DEFAULT_MCTS_ITERATIONS),
                };
                Ok(PlayerSpec::Mcts(budget, Guide::from_options(&options)?))
            }
            _ => Err(PlayerSpecError::NoArgument {
                kind: kind.to_string(),
            }),
        }
    }
}

/// A positive whole number (playouts, iterations, plies): `what` names
/// it in the message of a number too large for a `u32`.
fn count(a: &str, what: &'static str) -> Result<u32, PlayerSpecError> {
    match a.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => {
            Err(PlayerSpecError::TooLarge {
                text: a.to_string(),
                what,
                max: u64::from(u32::MAX),
            })
        }
        _ => Err(PlayerSpecError::NotPositive {
            text: a.to_string(),
        }),
    }
}

/// `N` (a count, `what` in messages), `Ts` or `Tms` (a time, from 1 ms
/// to [`MAX_MOVE_SECONDS`]).
fn parse_budget(a: &str, what: &'static str) -> Result<Budget, PlayerSpecError> {
    let text = || a.to_string();
    let secs = |t: &str, scale: f64| match t.parse::<f64>() {
        Ok(x) if !x.is_finite() || x <= 0.0 => Err(PlayerSpecError::NotDuration { text: text() }),
        Ok(x) if x * scale > MAX_MOVE_SECONDS as f64 => {
            Err(PlayerSpecError::TooLong { text: text() })
        }
        Ok(x) if x * scale < 1e-3 => Err(PlayerSpecError::TooShort { text: text() }),
        Ok(x) => Ok(Budget::Time(Duration::from_secs_f64(x * scale))),
        Err(_) => Err(PlayerSpecError::NotDuration { text: text() }),
    };
    if let Some(ms) = a.strip_suffix("ms") {
        secs(ms, 1e-3)
    } else if let Some(s) = a.strip_suffix('s') {
        secs(s, 1.0)
    } else {
        Ok(Budget::Iterations(count(a, what)?))
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Mc(b) => write!(f, "mc:{b}"),
            PlayerSpec::Mcts(b, g) => write!(f, "mcts:{b}{g}"),
            PlayerSpec::Greedy => write!(f, "greedy"),
            PlayerSpec::Ab(d) => write!(f, "ab:{d}"),
        }
    }
}

/// Deepest fixed depth of `ab:DEPTH`, in turns (the deepest iteration
/// of `ab:TIME` too): past it a search would not end in any useful time.
pub const MAX_AB_DEPTH: u32 = 64;

/// The end of a game played by [`play_game`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameSummary {
    /// How it ended; `None` if the turn limit came first.
    pub outcome: Option<Outcome>,
    /// The points the finished game is worth to its winner
    /// ([`State::stake`]: 1 without a `(stakes …)` rule, for a draw and
    /// for an unfinished game).
    pub stake: u32,
    /// Turns played.
    pub turns: u32,
    /// Sum over the positions where a player chose of the number of legal
    /// turns, where it is known (the mean branching factor is this over
    /// `branching_turns`).
    pub branching_sum: u64,
    /// Turns whose number of legal turns is in `branching_sum` (all but
    /// those a heuristic player sampled from a list too long to count).
    pub branching_turns: u32,
}

/// Plays a game from `start` between `players` (side `i` is played by
/// `players[i % players.len()]`) until it ends or `max_turns` turns have
/// been played. `on_turn` sees each position and the turn chosen in it,
/// before the turn is played.
pub fn play_game(
    start: &State,
    players: &mut [Box<dyn Agent>],
    max_turns: u32,
    mut on_turn: impl FnMut(&State, &[Move]),
) -> GameSummary {
    play_game_counted(start, players, max_turns, |st, t, _| on_turn(st, t)).0
}

/// [`play_game`], whose `on_turn` also gets the number of legal turns of
/// the position when it is known (`None`: the player sampled its turn
/// from a list too long to count); returns the last position too.
pub fn play_game_counted(
    start: &State,
    players: &mut [Box<dyn Agent>],
    max_turns: u32,
    on_turn: impl FnMut(&State, &[Move], Option<usize>),
) -> (GameSummary, State) {
    play_game_rolled(start, players, max_turns, &mut nature_rng(0, 0), on_turn)
}

/// [`play_game_counted`] with nature's moves (docs/chance.md) drawn from
/// `nature` with their odds; `on_turn` sees the players' turns only.
pub fn play_game_rolled(
    start: &State,
    players: &mut [Box<dyn Agent>],
    max_turns: u32,
    nature: &mut ChaCha8Rng,
    on_turn: impl FnMut(&State, &[Move], Option<usize>),
) -> (GameSummary, State) {
    play_game_watched(start, players, max_turns, nature, on_turn, |_, _| ())
}

/// [`play_game_rolled`], `on_chance` seeing each of nature's moves in the
/// position it is played from, before it is played (a record of the game
/// keeps them: `ludic analyze --record`).
pub fn play_game_watched(
    start: &State,
    players: &mut [Box<dyn Agent>],
    max_turns: u32,
    nature: &mut ChaCha8Rng,
    mut on_turn: impl FnMut(&State, &[Move], Option<usize>),
    mut on_chance: impl FnMut(&State, &Move),
) -> (GameSummary, State) {
    let mut st = start.clone();
    let mut turns = Turns::new();
    let mut summary = GameSummary {
        outcome: None,
        stake: 1,
        turns: 0,
        branching_sum: 0,
        branching_turns: 0,
    };
    while summary.turns < max_turns {
        if st.outcome().is_some() {
            break;
        }
        if let Some(m) = st.sample_chance(nature) {
            on_chance(&st, &m);
            st.play_unchecked(&m);
            continue;
        }
        let side = st.current_player() as usize % players.len();
        if let Some((turn, n)) = players[side].choose_turn(&st) {
            on_turn(&st, &turn, n);
            st.play_turn(&turn);
            summary.turns += 1;
            if let Some(n) = n {
                summary.branching_sum += n as u64;
                summary.branching_turns += 1;
            }
            continue;
        }
        turns.fill(&mut st);
        if turns.is_empty() {
            summary.outcome = st.outcome();
            summary.stake = st.stake();
            return (summary, st);
        }
        let side = st.current_player() as usize % players.len();
        let i = players[side].choose(&st, &turns);
        let turn = turns.get(i);
        on_turn(&st, turn, Some(turns.len()));
        st.play_turn(turn);
        summary.turns += 1;
        summary.branching_sum += turns.len() as u64;
        summary.branching_turns += 1;
    }
    summary.outcome = st.outcome();
    summary.stake = st.stake();
    (summary, st)
}

#[cfg(test)]
pub(crate) mod fixture {
    //! A small game for the players' unit tests: men on a 6×6 board that
    //! step and jump forward (jumps compulsory, multi-jumps one turn); a
    //! player who cannot move loses. Games last about 24 turns.

    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    /// The rule text.
    pub const SMALL: &str = r#"
(game "Small jumps"
  (players
    (player "Dark" letter:"B" forward:S)
    (player "Light" letter:"W" forward:N))
  (board (square 6 6 cells:Dark adjacency:Diagonal) labels:Numbers)
  (piece "Man")
  (stack-limit 1)
  (setup
    (fill "Man" P1 (rows 4 5))
    (fill "Man" P2 (rows 0 1)))
  (code "" "Man" 1)
  (play
    (priority
      { (hop from:(equal (height) 1) dirs:Forward over:Enemy to:Empty chain:true) }
      { (step from:(equal (height) 1) dirs:Forward to:Empty) }))
  (end (no-moves Loss)))
"#;

    /// The game.
    pub fn game() -> Arc<Game> {
        Arc::new(Game::from_source("small.game", SMALL, &Options::default()).expect("fixture"))
    }

    /// Its initial position.
    pub fn start() -> State {
        State::new(game())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Game;
    use std::sync::Arc;

    #[test]
    fn specs_parse_and_print_back() {
        for s in [
            "human",
            "random",
            "mc:7",
            "mc:2s",
            "mc:300ms",
            "mcts:250",
            "mcts:2s",
            "mcts:500ms",
            "mcts:200,cut=20",
            "mcts:2s,cut=0,eps=0.25",
            "mcts:100,eps=0",
            "greedy",
            "ab:3",
            "ab:2s",
            "ab:250ms",
        ] {
            let p: PlayerSpec = s.parse().unwrap();
            assert_eq!(p.to_string(), s);
        }
        assert_eq!("mc".parse(), Ok(PlayerSpec::Mc(Budget::Iterations(100))));
        assert_eq!(
            "mc:2s".parse(),
            Ok(PlayerSpec::Mc(Budget::Time(Duration::from_secs(2))))
        );
        assert_eq!(
            "MCTS".parse(),
            Ok(PlayerSpec::Mcts(Budget::Iterations(1000), Guide::default()))
        );
        assert_eq!(
            "mcts:cut=5".parse(),
            Ok(PlayerSpec::Mcts(
                Budget::Iterations(1000),
                Guide {
                    cut: Some(5),
                    eps_permille: 1000
                }
            ))
        );
        assert_eq!("ab".parse(), Ok(PlayerSpec::Ab(Depth::Plies(2))));
        assert_eq!("ab:64".parse(), Ok(PlayerSpec::Ab(Depth::Plies(64))));
        assert_eq!(
            "ab:65".parse::<PlayerSpec>(),
            Err(PlayerSpecError::TooDeep { text: "65".into() })
        );
        for bad in [
            "mcts:0",
            "mc:x",
            "alphabeta",
            "random:3",
            "mcts:-1s",
            "greedy:2",
            "ab:0",
            "ab:x",
            "mcts:100,cut=x",
            "mcts:100,eps=2",
            "mcts:100,deep=3",
            "mcts:0,cut=3",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
        // Each error says which part is wrong.
        let err = |s: &str| s.parse::<PlayerSpec>().unwrap_err();
        let text = |t: &str| t.to_string();
        assert_eq!(
            err("mc:x"),
            PlayerSpecError::NotPositive { text: text("x") }
        );
        assert_eq!(
            err("ab:0"),
            PlayerSpecError::NotPositive { text: text("0") }
        );
        assert_eq!(
            err("mcts:-1s"),
            PlayerSpecError::NotDuration { text: text("-1s") }
        );
        assert_eq!(
            err("greedy:2"),
            PlayerSpecError::NoArgument {
                kind: text("greedy")
            }
        );
        assert_eq!(
            err("alphabeta"),
            PlayerSpecError::Unknown {
                spec: text("alphabeta")
            }
        );
        assert_eq!(
            err("mcts:100,cut=x"),
            PlayerSpecError::Guide(GuideError::Cut { value: text("x") })
        );
        assert_eq!(
            err("mcts:0s").to_string(),
            "`0s` is not a finite positive duration: a move's time is from 1 ms to 86400 s (a day), such as 2s or 500ms"
        );
        assert!(
            err("minimax")
                .to_string()
                .starts_with("unknown player `minimax`: expected human")
        );
    }

    #[test]
    fn bad_budgets_options_and_numbers_say_what_is_wrong() {
        let err = |s: &str| s.parse::<PlayerSpec>().unwrap_err();
        let msg = |s: &str| err(s).to_string();
        let text = |t: &str| t.to_string();
        // Times: finite, from 1 ms to a day.
        for tiny in ["ab:1e-300s", "mcts:1e-12s", "mc:0.5ms", "mcts:0.0009s"] {
            let (_, t) = tiny.split_once(':').unwrap();
            assert_eq!(err(tiny), PlayerSpecError::TooShort { text: text(t) });
            assert!(msg(tiny).contains("from 1 ms to 86400 s"), "{tiny}");
        }
        for huge in ["mcts:86401s", "ab:1e300s", "mc:86400001ms"] {
            let (_, t) = huge.split_once(':').unwrap();
            assert_eq!(err(huge), PlayerSpecError::TooLong { text: text(t) });
        }
        for odd in ["mcts:infs", "mcts:NaNs", "ab:-infms", "mcts:1e400s"] {
            let (_, t) = odd.split_once(':').unwrap();
            assert_eq!(err(odd), PlayerSpecError::NotDuration { text: text(t) });
            assert!(msg(odd).contains("not a finite positive duration"), "{odd}");
        }
        for ok in ["mcts:1ms", "ab:0.001s", "mc:86400s", "mcts:86400000ms"] {
            assert!(ok.parse::<PlayerSpec>().is_ok(), "{ok}");
        }
        // Options only mcts takes.
        assert_eq!(
            err("ab:2,cut=3"),
            PlayerSpecError::NoOptions {
                kind: text("ab"),
                option: text("cut=3")
            }
        );
        assert_eq!(
            msg("mc:5,eps=0.1"),
            "`mc` takes no options such as `eps=0.1`: only mcts takes options (cut=TURNS, eps=CHANCE)"
        );
        for no in ["greedy,eps=0.1", "ab:cut=3", "random,cut=1", "ab,cut=2"] {
            assert!(
                matches!(err(no), PlayerSpecError::NoOptions { .. }),
                "{no}: {:?}",
                err(no)
            );
        }
        // Numbers too large for their field.
        assert_eq!(
            msg("mcts:4294967296"),
            "`4294967296` is too large: a count of iterations is at most 4294967295"
        );
        assert!(msg("mc:99999999999999999999").contains("at most 4294967295"));
        assert_eq!(
            err("ab:99999999999"),
            PlayerSpecError::TooDeep {
                text: text("99999999999")
            }
        );
        assert_eq!(
            err("mcts:100,cut=99999999999999"),
            PlayerSpecError::Guide(GuideError::CutTooLarge {
                value: text("99999999999999")
            })
        );
        assert!(msg("mcts:100,cut=99999999999999").contains("at most 4294967295 turns"));
        // An option given twice.
        assert_eq!(
            err("mcts:100,eps=0.1,eps=0.2"),
            PlayerSpecError::Guide(GuideError::Twice {
                key: text("eps"),
                first: text("eps=0.1"),
                second: text("eps=0.2")
            })
        );
        assert!(msg("mcts:cut=2,eps=1,cut=3").contains("`cut` is given twice"));
        assert!(msg("mcts:100,cut=2,cut=3").contains("give each mcts option once"));
    }

    #[test]
    fn spec_lists_keep_options_with_their_player() {
        assert_eq!(
            split_specs("mcts:200,cut=20,eps=0.1,random"),
            ["mcts:200,cut=20,eps=0.1", "random"]
        );
        assert_eq!(split_specs("greedy,ab:2"), ["greedy", "ab:2"]);
        assert_eq!(split_specs("cut=3"), ["cut=3"]);
    }

    #[test]
    fn rewards_share_draws() {
        use crate::engine::EndReason::NoMoves;
        let win = Some((Outcome::Win(1, NoMoves), 1));
        assert_eq!(reward(win, 1, 2, 1), 1.0);
        assert_eq!(reward(win, 0, 2, 1), 0.0);
        assert_eq!(reward(Some((Outcome::Draw(NoMoves), 1)), 0, 2, 1), 0.5);
        assert_eq!(reward(None, 0, 4, 1), 0.25);
        // Three seats: places 2, 1, 3 give ½, 1 and 0; a draw ½ each.
        let ranked = Outcome::Ranked(crate::engine::Places([2, 1, 3, 0, 0, 0, 0, 0]), NoMoves);
        let each: Vec<f64> = (0..3).map(|p| reward(Some((ranked, 1)), p, 3, 1)).collect();
        assert_eq!(each, vec![0.5, 1.0, 0.0]);
        assert_eq!(reward(Some((Outcome::Draw(NoMoves), 1)), 2, 3, 1), 0.5);
        // A win of three seats puts the others second together: places 2
        // and 3 shared, returns (0 − 1)/2 = −½, rewards ¼.
        let each: Vec<f64> = (0..3)
            .map(|p| reward(Some((Outcome::Win(0, NoMoves), 1)), p, 3, 1))
            .collect();
        assert_eq!(each, vec![1.0, 0.25, 0.25]);
        // A gammon (stake 2) of a game whose stakes go up to 3: returns
        // ±2 mapped from [−3, 3]: 5/6 and 1/6.
        let gammon = Some((Outcome::Win(0, NoMoves), 2));
        assert!((reward(gammon, 0, 2, 3) - 5.0 / 6.0).abs() < 1e-12);
        assert!((reward(gammon, 1, 2, 3) - 1.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn rewards_of_one_player_tell_a_win_a_loss_a_draw_and_no_end() {
        use crate::engine::EndReason::NoMoves;
        let one = |o: Option<Outcome>| reward(o.map(|o| (o, 1)), 0, 1, 1);
        assert_eq!(one(Some(Outcome::Win(0, NoMoves))), 1.0);
        assert_eq!(one(Some(Outcome::Loss(0, NoMoves))), 0.0);
        assert_eq!(one(Some(Outcome::Draw(NoMoves))), 0.5);
        // Unfinished: return 0, as a draw (not the whole reward a win gets).
        assert_eq!(one(None), 0.5);
    }

    #[test]
    fn seeded_games_repeat_and_sides_differ() {
        let start = fixture::start();
        let run = |seed| {
            let mut ps: Vec<Box<dyn Agent>> = (0..2)
                .map(|s| PlayerSpec::Random.build(seeded_rng(seed, 0, s)).unwrap())
                .collect();
            let mut moves = Vec::new();
            let sum = play_game(&start, &mut ps, 1000, |st, t| {
                moves.push(st.turn_to_string(t))
            });
            (moves, sum)
        };
        let (a, sa) = run(5);
        let (b, sb) = run(5);
        assert_eq!(a, b);
        assert_eq!(sa, sb);
        assert!(sa.outcome.is_some());
        assert_eq!(sa.turns as usize, a.len());
        assert!(sa.branching_sum >= sa.turns as u64);
        assert_ne!(seeded_rng(1, 0, 0), seeded_rng(1, 0, 1));
        assert_ne!(seeded_rng(1, 0, 0), seeded_rng(1, 1, 0));
    }

    /// Filling a 3×3 board, a stone a turn: before turn i (from 0) there
    /// are 9 - i legal turns, one per empty cell, so a game of n turns sums
    /// 9 + 8 + … + (10 - n), whoever chooses, and heuristic players (which
    /// build their own turns) are counted like the others.
    #[test]
    fn branching_counts_the_legal_turns_for_every_player() {
        let src = r#"(game "Fill" (players 2) (board (square 3 3)) (piece "S")
            (play (place "S" to:Empty)) (end (no-moves Loss)))"#;
        let game = Arc::new(Game::from_source("fill.game", src, &Default::default()).unwrap());
        let start = State::new(game);
        for spec in [
            PlayerSpec::Random,
            PlayerSpec::Greedy,
            PlayerSpec::Ab(Depth::Plies(1)),
        ] {
            let mut ps: Vec<Box<dyn Agent>> = (0..2)
                .map(|s| spec.build(seeded_rng(3, 0, s)).unwrap())
                .collect();
            let sum = play_game(&start, &mut ps, 100, |_, _| {});
            let n = u64::from(sum.turns);
            assert_eq!(sum.branching_turns, sum.turns, "{spec:?}");
            assert_eq!(sum.branching_sum, (10 - n..=9).sum::<u64>(), "{spec:?}");
        }
    }

    /// A die rolled after each step sets the mover's `luck`, the whole
    /// heuristic (the step west rolls twice and keeps the second, so the
    /// two steps read different rolls): a player that read the game's own
    /// dice would pick the step whose roll is higher, so its choice would
    /// follow the state's chance seed. It must follow only its own seed.
    #[test]
    fn heuristic_players_do_not_see_the_rolls_to_come() {
        // A row of 7: neither step of P1 (d1) blocks P2 (g1), so no step
        // wins outright.
        let src = r#"(game "Roll" (players 2) (board (square 1 7)) (piece "S")
            (counter "luck")
            (setup (fill "S" P1 (sites "d1")) (fill "S" P2 (sites "g1")))
            (play
              { (step dirs:E to:Empty then:(set-counter "luck" (roll 1 6)))
                (step dirs:W to:Empty
                  then:{(set-counter "luck" (roll 1 6)) (set-counter "luck" (roll 1 6))}) })
            (heuristics (term 1 (counter "luck")))
            (end (no-moves Loss)))"#;
        let game = Arc::new(Game::from_source("roll.game", src, &Default::default()).unwrap());
        for spec in ["greedy", "ab:1", "mcts:50,cut=1"] {
            let spec: PlayerSpec = spec.parse().unwrap();
            let choices: Vec<Vec<Move>> = (0..16)
                .map(|chance| {
                    let st = State::new_seeded(game.clone(), chance);
                    let mut p = spec.build(seeded_rng(7, 0, 0)).unwrap();
                    p.choose_turn(&st).expect("a turn").0
                })
                .collect();
            assert!(
                choices.windows(2).all(|w| w[0] == w[1]),
                "{spec:?}: {choices:?}"
            );
        }
    }

    /// A step east rolls a die into the mover's `luck` (the whole
    /// heuristic, ten a point), a step west sets it to `safe`: a die's mean
    /// is 3.5, so expectiminimax steps east against 3 and west against 4 (a player
    /// that took the best roll would always step east, one that took the
    /// worst always west). At the chance node nature's six outcomes have
    /// 1/6 each.
    #[test]
    fn alpha_beta_takes_the_expectation_over_a_roll() {
        for (safe, want) in [(3, "d1-e1"), (4, "d1-c1")] {
            let src = format!(
                r#"(game "Gamble" (players 2) (board (square 1 7)) (piece "S")
                (counter "luck")
                (setup (fill "S" P1 (sites "d1")) (fill "S" P2 (sites "g1")))
                (play
                  {{ (step dirs:E to:Empty then:(set-counter "luck" (roll 1 6)))
                    (step dirs:W to:Empty then:(set-counter "luck" {safe})) }})
                (heuristics (term 10 (counter "luck")))
                (end (no-moves Loss)))"#
            );
            let game =
                Arc::new(Game::from_source("gamble.game", &src, &Default::default()).unwrap());
            let st = State::new(game);
            let mut p = PlayerSpec::Ab(Depth::Plies(1))
                .build(seeded_rng(7, 0, 0))
                .unwrap();
            let (turn, _) = p.choose_turn(&st).expect("a turn");
            assert_eq!(st.turn_to_string(&turn), want, "safe {safe}");
            let mut east = st.clone();
            east.play_str("d1-e1").unwrap();
            assert!(east.is_chance_node());
            let odds: Vec<(String, f64)> = east
                .chance_outcomes()
                .iter()
                .map(|(m, p)| (east.move_to_string(m), *p))
                .collect();
            let six: Vec<(String, f64)> =
                (1..=6).map(|v| (format!("roll:{v}"), 1.0 / 6.0)).collect();
            assert_eq!(odds, six);
        }
    }

    #[test]
    fn the_turn_limit_stops_a_game() {
        let mut ps: Vec<Box<dyn Agent>> =
            vec![PlayerSpec::Random.build(seeded_rng(1, 0, 0)).unwrap()];
        let sum = play_game(&fixture::start(), &mut ps, 3, |_, _| {});
        assert_eq!(sum.turns, 3);
        assert_eq!(sum.outcome, None);
    }
}

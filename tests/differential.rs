//! The compiled tier against the reference interpreter (`Engine::Compiled`
//! against `Engine::Reference`, issue 37): on every shipped game, with
//! every toggle at its default and at each of its other values (a sample of
//! an integer's range), and on rule files made by swapping words of the
//! shipped ones, both engines must give
//! - the same legal steps and turns, in the same order and notation, at
//!   every position of seeded random games;
//! - the same position after every turn (stacks, player to move, turn,
//!   continuation, phase, counters, hash, outcome);
//! - the same perft counts from positions of those games;
//! - the same seeded playouts (outcome, turns, steps and final position).
//!
//! The reference is the meaning of the rules: a difference is a bug of the
//! compiled tier (or of the reference). This short run is part of `cargo
//! test`; the long one, to run before any speed change lands, is
//! `cargo test --release --test differential -- --ignored`.

use ludic::compile::{Game, Options, ToggleType, Value, shipped_games, shipped_source};
use ludic::engine::{Engine, State, perft, playout_in};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// How much of each check a run makes.
#[derive(Clone, Copy)]
struct Scale {
    /// Seeded random games per setting.
    games: u64,
    /// Turns of each, at most.
    turns: usize,
    /// Perft counts stop at the first depth over this many leaves.
    perft_leaves: u64,
    /// Seeded playouts per setting.
    playouts: u64,
    /// Turns of each playout, at most.
    playout_turns: u32,
    /// Rule files made by swapping words, per shipped game.
    mutants: usize,
}

const SHORT: Scale = Scale {
    games: 1,
    turns: 30,
    perft_leaves: 1_000,
    playouts: 1,
    playout_turns: 300,
    mutants: 2,
};

const LONG: Scale = Scale {
    games: 3,
    turns: 100,
    perft_leaves: 20_000,
    playouts: 4,
    playout_turns: 2_000,
    mutants: 8,
};

/// Everything the rules can see of a state, as text.
fn fingerprint(st: &State) -> String {
    let g = st.game();
    let stacks: Vec<String> = (0..g.board.len() as u16)
        .filter(|&s| st.height(s) > 0)
        .map(|s| format!("{s}:{:?}{}", st.stack(s), u8::from(st.is_unmoved(s))))
        .collect();
    let counters: Vec<i32> = (0..g.counters.len() as u8)
        .flat_map(|c| (0..g.num_players() as u8).map(move |p| (c, p)))
        .map(|(c, p)| st.counter(c, p))
        .collect();
    format!(
        "to move {} turn {} phase {} cont {:?} counters {counters:?} hash {:x} reps {} outcome {:?} stacks {}",
        st.current_player(),
        st.turns(),
        st.phase(),
        st.continuation(),
        st.hash(),
        st.repetitions(),
        st.outcome(),
        stacks.join(" ")
    )
}

/// The two engines' states of one game, kept in step.
struct Pair {
    fast: State,
    slow: State,
    what: String,
}

impl Pair {
    fn new(game: Arc<Game>, seed: u64, what: &str) -> Pair {
        // The compiled tier declines games of more than two players and
        // games with dice to play: both states are then played by the
        // reference (Engine::for_game).
        let asked = Engine::Compiled.for_game(&game);
        let fast = State::new_seeded(game, seed);
        let slow = fast.on_engine(Engine::Reference);
        assert_eq!(fast.engine(), asked);
        assert_eq!(slow.engine(), Engine::Reference);
        Pair {
            fast,
            slow,
            what: what.to_string(),
        }
    }

    /// The legal turns, in notation, after checking that both engines
    /// list the same steps and turns.
    fn turns(&self, at: &str) -> Vec<String> {
        let steps = |st: &State| -> Vec<String> {
            st.legal_moves()
                .iter()
                .map(|m| st.move_to_string(m))
                .collect()
        };
        assert_eq!(
            steps(&self.fast),
            steps(&self.slow),
            "{}: legal steps differ {at}",
            self.what
        );
        let turns = self.fast.legal_turn_strings();
        assert_eq!(
            turns,
            self.slow.legal_turn_strings(),
            "{}: legal turns differ {at}",
            self.what
        );
        turns
    }

    fn same_position(&self, at: &str) {
        assert_eq!(
            fingerprint(&self.fast),
            fingerprint(&self.slow),
            "{}: positions differ {at}",
            self.what
        );
    }

    /// Perft from both states, each depth while the next one's count,
    /// guessed from the first depth's, stays within `leaves`.
    fn same_perft(&self, leaves: u64, at: &str) {
        let mut branching = 1;
        for depth in 1..=8 {
            let fast = perft(&self.fast, depth);
            let slow = perft(&self.slow, depth);
            assert_eq!(fast, slow, "{}: perft {depth} differs {at}", self.what);
            let Ok(n) = fast else { return };
            if depth == 1 {
                branching = n.max(1);
            }
            if n == 0 || n.saturating_mul(branching) > leaves {
                return;
            }
        }
    }

    /// Seeded playouts from both states: the same ends.
    fn same_playouts(&self, count: u64, seed: u64, turns: u32, at: &str) {
        let mut buf = Vec::new();
        for i in 0..count {
            let [fast, slow] = [&self.fast, &self.slow].map(|st| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                rng.set_stream(i);
                let mut st = st.clone();
                let r = playout_in(&mut st, &mut rng, turns, &mut buf);
                (r, fingerprint(&st))
            });
            assert_eq!(fast, slow, "{}: playout {i} differs {at}", self.what);
        }
    }
}

/// One setting checked: seeded games turn by turn, perft and playouts
/// from their positions.
fn check(game: Arc<Game>, what: &str, scale: Scale) {
    for g in 0..scale.games {
        let mut pair = Pair::new(game.clone(), g, what);
        let mut rng = ChaCha8Rng::seed_from_u64(g);
        pair.same_perft(scale.perft_leaves, "from the start");
        pair.same_playouts(scale.playouts, g, scale.playout_turns, "from the start");
        for turn in 0..scale.turns {
            let at = format!("(game {g}, turn {turn})");
            pair.same_position(&at);
            let turns = pair.turns(&at);
            if turns.is_empty() || pair.fast.is_over() {
                assert_eq!(pair.fast.is_over(), pair.slow.is_over(), "{what} {at}");
                break;
            }
            let i = rng.random_range(0..turns.len());
            // A mutant may give two rules' turns one notation: such a turn
            // is played as listed, by its place in the list.
            let ambiguous = turns.iter().filter(|t| **t == turns[i]).count() > 1;
            for st in [&mut pair.fast, &mut pair.slow] {
                if ambiguous {
                    let turn = st.legal_turns()[i].clone();
                    st.play_turn(&turn);
                } else {
                    st.play_str(&turns[i]).expect("a listed turn plays");
                }
            }
            if turn % 10 == 5 {
                pair.same_perft(scale.perft_leaves, &at);
                pair.same_playouts(1, turn as u64, scale.playout_turns, &at);
            }
        }
    }
}

/// The values of a toggle other than its default worth trying: the other
/// boolean, every other choice, and a few integers in range (the ends of
/// a small range, the neighbours of the default, the smallest value).
fn other_values(ty: &ToggleType, default: &Value) -> Vec<String> {
    match (ty, default) {
        (ToggleType::Bool, Value::Bool(b)) => vec![(!b).to_string()],
        (ToggleType::Choice(cs), Value::Choice(d)) => {
            cs.iter().filter(|c| *c != d).cloned().collect()
        }
        (ToggleType::Int { min, max }, Value::Int(d)) => {
            let mut v: Vec<i64> = [d.saturating_sub(1), d.saturating_add(1), *min, *max]
                .into_iter()
                .filter(|x| x != d && x >= min && x <= max && (x - d).abs() <= 8)
                .collect();
            v.sort_unstable();
            v.dedup();
            v.iter().map(i64::to_string).collect()
        }
        _ => Vec::new(),
    }
}

/// Every setting of a shipped game: its defaults, then each toggle at each
/// of its other values, as `--set` lists.
fn settings(name: &str) -> Vec<Vec<String>> {
    let game = Game::load(name, &Options::default()).expect("a shipped game loads");
    let mut out = vec![Vec::new()];
    for t in &game.toggles {
        for v in other_values(&t.ty, &t.default) {
            out.push(vec![format!("{}={v}", t.name)]);
        }
    }
    out
}

fn load(name: &str, sets: &[String]) -> Option<Arc<Game>> {
    let opts = Options::from_sets(sets).expect("a --set list");
    match Game::load(name, &opts) {
        Ok(g) => Some(Arc::new(g)),
        // A value some other rule of the game refuses: not a case.
        Err(_) => None,
    }
}

fn every_setting(scale: Scale) {
    let mut checked = 0;
    for name in shipped_games() {
        for sets in settings(name) {
            let Some(game) = load(name, &sets) else {
                continue;
            };
            check(game, &format!("{name} {}", sets.join(" ")), scale);
            checked += 1;
        }
    }
    // Every shipped game at least, and most toggles' values.
    assert!(checked > 2 * shipped_games().len(), "{checked} settings");
}

/// Words that may stand in for each other in a rule file: a mutant that
/// swaps one for another is often a game that compiles and plays.
const SWAPS: &[&[&str]] = &[
    &["Empty", "Enemy", "Friend", "Occupied"],
    &[
        "Forward",
        "Backward",
        "Orthogonal",
        "Diagonal",
        "All",
        "Sideways",
    ],
    &["true", "false"],
    &["Loss", "Win", "Draw"],
    &["1", "2", "3"],
];

/// A rule file made from `text` by swapping up to three words for others
/// of their class.
fn mutant(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut out = text.to_string();
    for _ in 0..rng.random_range(1..=3) {
        let class = SWAPS[rng.random_range(0..SWAPS.len())];
        let from = class[rng.random_range(0..class.len())];
        let to = class[rng.random_range(0..class.len())];
        let hits: Vec<usize> = word_hits(&out, from);
        if hits.is_empty() {
            continue;
        }
        let at = hits[rng.random_range(0..hits.len())];
        out.replace_range(at..at + from.len(), to);
    }
    out
}

/// Where `word` stands alone in `text` (not inside a longer word).
fn word_hits(text: &str, word: &str) -> Vec<usize> {
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word)
        .map(|(i, _)| i)
        .filter(|&i| {
            !ident(text[..i].chars().next_back()) && !ident(text[i + word.len()..].chars().next())
        })
        .collect()
}

fn mutants(scale: Scale) {
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    let mut checked = 0;
    for name in shipped_games() {
        let (path, text) = shipped_source(name).expect("a shipped source");
        for i in 0..scale.mutants {
            let text = mutant(&text, &mut rng);
            let Ok(game) = Game::from_source(&path, &text, &Options::default()) else {
                continue;
            };
            check(Arc::new(game), &format!("{name} mutant {i}"), scale);
            checked += 1;
        }
    }
    assert!(checked >= shipped_games().len(), "{checked} mutants");
}

#[test]
fn the_engines_agree_on_every_shipped_setting() {
    every_setting(SHORT);
}

#[test]
fn the_engines_agree_on_mutated_rule_files() {
    mutants(SHORT);
}

#[test]
#[ignore = "the long run: before any speed change lands (minutes)"]
fn long_run_on_every_shipped_setting() {
    every_setting(LONG);
}

#[test]
#[ignore = "the long run: before any speed change lands (minutes)"]
fn long_run_on_mutated_rule_files() {
    mutants(LONG);
}

#[test]
fn swapped_words_stand_alone_and_keep_the_text_otherwise() {
    assert_eq!(word_hits("Empty EmptyX xEmpty (Empty)", "Empty"), [0, 21]);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let m = mutant("(step dirs:Forward to:Empty)", &mut rng);
    assert!(m.starts_with("(step dirs:") && m.ends_with(')'), "{m}");
}

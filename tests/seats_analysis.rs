//! Per-seat analysis of games of more than two players: seeded analyses
//! of Chinese checkers for three, four and six seats, both ranking
//! toggles, whose per-seat figures (wins, mean place) are checked against
//! counts made here from the games' own records: every game's turns are
//! kept as played, replayed from the start, and the places of the
//! position reached are counted seat by seat in this file, apart from the
//! analyzer's tally. The shares of a setting (each seat's wins, the first
//! places shared, draws, unfinished) add up to one.

use ludic::batch::analyze::{Request, run};
use ludic::compile::{Game, Options};
use ludic::engine::{Move, State};
use ludic::players::PlayerSpec;
use ludic::players::analysis::{RunSpec, Watch, play_range_watched};
use std::sync::Arc;

/// The shipped game, whose heuristic draws every marble toward the target
/// point, so that greedy players finish (docs/players.md).
const GAME: &str = "chinese-checkers";

/// Keeps a game's turns as played.
struct Record(Vec<Vec<Move>>);

impl Watch for Record {
    type Out = Vec<Vec<Move>>;
    fn turn(&mut self, _: &State, turn: &[Move], _: Option<usize>) {
        self.0.push(turn.to_vec());
    }
    fn end(self, _: &ludic::players::GameSummary, _: &State) -> Vec<Vec<Move>> {
        self.0
    }
}

/// Per seat: first places alone (wins), first places shared with some
/// but not all seats, sum of places over finished games; then the games
/// whose first place some seats shared, draws (every seat first) and
/// unfinished games.
#[derive(Debug, Default, PartialEq)]
struct Counts {
    wins: Vec<u64>,
    shared_by: Vec<u64>,
    places: Vec<u64>,
    shared: u64,
    draws: u64,
    unfinished: u64,
}

/// Counts the games replayed from their records.
fn counted(start: &State, games: &[Vec<Vec<Move>>]) -> Counts {
    let n = start.game().num_players();
    let mut c = Counts {
        wins: vec![0; n],
        shared_by: vec![0; n],
        places: vec![0; n],
        ..Counts::default()
    };
    for turns in games {
        let mut st = start.clone();
        for t in turns {
            st.play_turn(t);
        }
        let Some(o) = st.outcome() else {
            c.unfinished += 1;
            continue;
        };
        let places = o.places(n);
        assert_eq!(places.len(), n);
        assert!(
            places.iter().all(|&p| (1..=n as u8).contains(&p)),
            "{places:?}"
        );
        for (sum, p) in c.places.iter_mut().zip(&places) {
            *sum += u64::from(*p);
        }
        let firsts: Vec<usize> = (0..n).filter(|&s| places[s] == 1).collect();
        match firsts[..] {
            [w] => c.wins[w] += 1,
            _ if firsts.len() == n => c.draws += 1,
            _ => {
                c.shared += 1;
                firsts.iter().for_each(|&s| c.shared_by[s] += 1);
            }
        }
    }
    c
}

fn check(seats: &str, ranking: &str, count: u64) {
    let sets = vec![format!("seats={seats}"), format!("ranking={ranking}")];
    let opts = Options::from_sets(&sets).expect("toggles");
    let game = Arc::new(Game::load(GAME, &opts).expect("game"));
    let n = game.num_players();
    let start = State::new(game);
    let spec = RunSpec {
        players: vec![PlayerSpec::Greedy],
        count,
        seed: 5,
        max_turns: 10_000,
    };
    let games: Vec<_> = play_range_watched(&start, &spec, 0..count, &|| (), &|| Record(Vec::new()))
        .into_iter()
        .map(|(_, r)| r)
        .collect();
    let c = counted(&start, &games);
    let mut req = Request::new(GAME);
    req.sets = sets;
    req.players = spec.players.clone();
    req.count = count;
    req.seed = spec.seed;
    req.threads = 1;
    let report = run(&req, &|| ()).expect("analysis");
    let st = report.settings[0].stats();
    let label = format!("seats={seats} ranking={ranking}");
    let wins: Vec<u64> = st.wins.iter().map(|r| r.count).collect();
    assert_eq!(wins, c.wins, "{label}: wins per seat");
    assert_eq!(st.draws.count, c.draws, "{label}: draws");
    assert_eq!(st.shared_first.count, c.shared, "{label}: shared firsts");
    let shared: Vec<u64> = st.shared_firsts.iter().map(|r| r.count).collect();
    assert_eq!(shared, c.shared_by, "{label}: shared firsts per seat");
    assert_eq!(st.unfinished.count, c.unfinished, "{label}: unfinished");
    let finished = count - c.unfinished;
    assert_eq!(st.mean_places.len(), n, "{label}");
    for (s, m) in st.mean_places.iter().enumerate() {
        let mean = c.places[s] as f64 / finished as f64;
        assert!((m.mean - mean).abs() < 1e-12, "{label}: seat {s} {m:?}");
        assert!(m.low <= m.mean && m.mean <= m.high, "{label}: {m:?}");
    }
    let shares: f64 = st.wins.iter().map(|r| r.rate).sum::<f64>()
        + st.shared_first.rate
        + st.draws.rate
        + st.unfinished.rate;
    assert!(
        (shares - 1.0).abs() < 1e-9,
        "{label}: shares add up to {shares}"
    );
    // The games end: some seat finishes in each setting.
    assert!(c.places.iter().any(|&p| p > 0), "{label}: no game finished");
    // The JSON names every seat's mean place.
    let json = report.to_json();
    let places = json["settings"][0]["mean_places"]
        .as_array()
        .expect("mean_places");
    assert_eq!(places.len(), n, "{label}");
}

#[test]
fn three_seats_per_seat_figures_match_the_records() {
    check("three", "false", 6);
    check("three", "true", 6);
}

#[test]
fn four_seats_per_seat_figures_match_the_records() {
    check("four", "false", 4);
    check("four", "true", 4);
}

#[test]
fn six_seats_per_seat_figures_match_the_records() {
    check("six", "false", 3);
    check("six", "true", 3);
}

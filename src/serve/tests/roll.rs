//! Nature's rolls on the page (docs/serve.md, "The board"; issue 40):
//! a human seat's roll waits for its Roll, a computer seat's is made at
//! once, and both draw the same throw from the game's seed and the ply;
//! a player that a roll leaves without a move passes, named in the move
//! list and noted in the trial (`# Black passes (no legal move)`), and a
//! trial carrying the note loads back with it (docs/chance.md, "Passes").

use crate::serve::session::*;
use ludic::players::PlayerSpec;
use serde_json::{Value, json};

fn spec(s: &str) -> PlayerSpec {
    s.parse().unwrap()
}

/// A session of backgammon (a game with dice) from `seed`, with `seats`.
fn dice_game(seed: u64, seats: [&str; 2]) -> Session {
    let seats = seats.iter().map(|s| spec(s)).collect();
    Session::new_seeded(
        Source::Shipped("backgammon".into()),
        Vec::new(),
        seats,
        seed,
    )
}

fn moves(s: &Session) -> Vec<String> {
    serde_json::from_value(s.view("t")["moves"].clone()).unwrap()
}

fn shown(s: &Session) -> Vec<String> {
    serde_json::from_value(s.view("t")["move_list"]["shown"].clone()).unwrap()
}

/// Presses Roll while a human seat's roll waits; how many times.
fn roll_all(s: &mut Session) -> usize {
    let mut n = 0;
    while !s.view("t")["roll"].is_null() {
        s.roll().unwrap();
        n += 1;
    }
    n
}

/// A game whose first mover is a human opens waiting for its Roll: no
/// turn listed, nobody to move, the status and the dice box say who
/// rolls; the throw Roll makes is the one a computer seat makes at once
/// from the same seed (drawn from the seed and the ply alone).
#[test]
fn a_human_seat_rolls_by_its_button_and_a_computer_seat_at_once() {
    for seed in [3, 17, 40] {
        let mut human = dice_game(seed, ["human", "human"]);
        let first = usize::from(human.state().unwrap().current_player());
        let v = human.view("t");
        assert_eq!(v["roll"], json!(first), "{v}");
        assert_eq!(v["to_move"], Value::Null);
        assert!(moves(&human).is_empty());
        let name = v["seats"][first]["name"].as_str().unwrap().to_string();
        let status = v["status"].as_str().unwrap();
        assert!(status.starts_with(&format!("{name} (")), "{status}");
        assert!(status.ends_with("to roll: press Roll"), "{status}");
        assert!(v["dice"]["words"].as_str().unwrap().contains("press Roll"));
        assert_eq!(roll_all(&mut human), 1);
        let computer = dice_game(seed, ["random", "random"]);
        assert!(computer.view("t")["roll"].is_null());
        assert_eq!(moves(&computer), moves(&human), "seed {seed}");
        assert_eq!(human.view("t")["to_move"], json!(first));
    }
}

/// A roll that waits for a seat made a computer's is made as the seat
/// changes; Roll where nothing is to be rolled changes nothing.
#[test]
fn a_waiting_roll_is_made_when_its_seat_becomes_a_computer() {
    let mut s = dice_game(5, ["human", "human"]);
    let version = s.version;
    s.set_seats(vec![spec("random"), spec("random")]).unwrap();
    assert!(s.version > version);
    assert_eq!(moves(&s).len(), 1, "{:?}", moves(&s));
    assert!(moves(&s)[0].starts_with("roll:"));
    let before = s.version;
    assert!(s.roll().unwrap_err().contains("nothing to roll"));
    assert_eq!(s.version, before);
}

/// Backgammon, White's last step has just thrown the dice (Black's, and
/// White's next when Black cannot use them); Black has a checker on the
/// bar (tests/chance_passes.rs, the same position). Black enters on the
/// point of a die's value; a point holding two or more White checkers
/// is closed: Black passes exactly when both dice name closed points.
const POSITION: &str = "W W:3*2,4*5,6*2,7,13*3,15*2 B:1*3,12*3,14,19*2,21,23*3,24,bbar \
     turns=16 no-progress=15 last=8,7 again=Dice turn-steps=1 turn-captured=yes \
     turn-score=1 dice-left=2 pending=0,4,2,-,2";

/// The closed points, read from the position text apart from the engine.
fn closed() -> Vec<u32> {
    let white = POSITION
        .split_whitespace()
        .find(|w| w.starts_with("W:"))
        .unwrap();
    white[2..]
        .split(',')
        .filter_map(|s| {
            let (p, n) = s.split_once('*')?;
            (n.parse::<u32>().ok()? >= 2).then(|| p.parse().unwrap())
        })
        .collect()
}

/// The dice of `roll:A-B`.
fn dice(text: &str) -> (u32, u32) {
    let (a, b) = text.trim_start_matches("roll:").split_once('-').unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

/// Black's throw is Black's: with Black a human seat, the page waits for
/// Black's Roll (White's step threw it, but only Black plays it). After
/// a throw that shuts Black out, the move list names the pass at that
/// roll and the trial notes it on a comment line; the trial loads back
/// into the page with the same list. Over 40 seeds, both cases come up.
#[test]
fn a_pass_is_named_in_the_list_and_noted_in_the_trial_and_loads_back() {
    assert_eq!(closed(), vec![3, 4, 6, 13, 15]);
    let (mut passed, mut entered) = (0, 0);
    for seed in 1..=40 {
        let mut s = dice_game(seed, ["human", "human"]);
        s.load_position(POSITION).unwrap();
        assert_eq!(s.view("t")["roll"], json!(1), "Black rolls");
        s.roll().unwrap();
        let (a, b) = dice(&moves(&s)[0]);
        let c = closed();
        let pass = c.contains(&a) && c.contains(&b);
        let list = shown(&s);
        assert_eq!(list[0].ends_with(" (Black passes)"), pass, "{list:?}");
        assert_eq!(
            list.iter().filter(|m| m.contains("passes")).count(),
            usize::from(pass)
        );
        // Shut out, White's own throw follows, waiting for White.
        if pass {
            assert_eq!(s.view("t")["roll"], json!(0), "seed {seed}");
        }
        roll_all(&mut s);
        let trial = s.trial().unwrap();
        let note = format!("roll:{a}-{b}\n# Black passes (no legal move)\n");
        assert_eq!(trial.contains(&note), pass, "seed {seed}:\n{trial}");
        assert_eq!(
            trial.matches("passes").count(),
            usize::from(pass),
            "{trial}"
        );
        let mut back = dice_game(99, ["human", "human"]);
        back.load_record(&trial).unwrap();
        back.seek(moves(&s).len()).unwrap();
        assert_eq!(moves(&back), moves(&s));
        assert_eq!(shown(&back), shown(&s));
        assert_eq!(back.trial().unwrap(), trial);
        if pass {
            passed += 1;
        } else {
            entered += 1;
        }
    }
    assert!(
        passed > 0 && entered > 0,
        "{passed} passes, {entered} entries"
    );
}

//! The page's position editor beyond the board (src/serve/session/
//! edit.rs): the phase, the turn and no-progress counts and the
//! counters, each checked as a position text reads it, written into the
//! draft's position text and FEN, and read by the game's own rules once
//! the game starts from it.

use crate::serve::session::*;
use ludic::board::Site;
use ludic::players::PlayerSpec;
use serde_json::{Value, json};

fn open(game: &str) -> Session {
    let seats = vec![PlayerSpec::Human, PlayerSpec::Human];
    Session::new(Source::Shipped(game.into()), Vec::new(), seats)
}

/// The site labelled `label`.
fn site(s: &Session, label: &str) -> Site {
    let board = &s.state().unwrap().game().board;
    board
        .all()
        .into_iter()
        .find(|&t| board.site(t).label == label)
        .unwrap()
}

fn field_names(v: &Value) -> Vec<&str> {
    v["edit"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect()
}

fn set(s: &mut Session, name: &str, value: &str) -> Result<(), String> {
    s.edit(Edit::Field(name.into(), value.into()))
}

#[test]
fn a_no_progress_count_set_in_the_editor_ends_the_game_by_its_no_progress_rule() {
    // FIDE 9.3: fifty moves of each player (chess.game: 100 turns)
    // without a capture or a pawn move draw. The count set to 99, one
    // knight move draws.
    let mut s = open("chess");
    s.edit(Edit::Start).unwrap();
    let v = s.view("t");
    assert_eq!(field_names(&v), ["turns", "no-progress", "unmoved"]);
    let err = set(&mut s, "no-progress", "many").unwrap_err();
    assert!(err.contains("no-progress=many"), "{err}");
    let err = set(&mut s, "Hand", "1").unwrap_err();
    assert!(err.contains("no field `Hand`"), "{err}");
    set(&mut s, "no-progress", "99").unwrap();
    let v = s.view("t");
    // FEN's halfmove clock is the count.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99 1";
    assert_eq!(v["edit"]["fen"], json!(fen));
    let text = v["edit"]["position"].as_str().unwrap();
    assert!(text.contains(" no-progress=99 unmoved=a8,"), "{text}");
    s.edit(Edit::Done).unwrap();
    let v = s.view("t");
    assert_eq!(v["fen"], json!(fen));
    assert_eq!(v["start"]["text"], json!(text));
    s.click(site(&s, "g1")).unwrap();
    s.click(site(&s, "f3")).unwrap();
    let status = s.view("t")["status"].as_str().unwrap().to_string();
    assert!(status.starts_with("Game over: Draw"), "{status}");
}

#[test]
fn a_counter_set_in_the_editor_is_the_one_the_rules_count_down() {
    // Nine men's morris: each player's men in hand (morris.game: counter
    // "Hand" init:9, a placement takes one). Set to 2 and 9, one
    // placement leaves 1 and 9.
    let mut s = open("morris");
    s.edit(Edit::Start).unwrap();
    let v = s.view("t");
    assert_eq!(field_names(&v), ["turns", "no-progress", "Hand"]);
    assert_eq!(v["edit"]["fields"][2]["value"], json!("9,9"));
    let err = set(&mut s, "Hand", "2").unwrap_err();
    assert!(err.contains("Hand=2"), "{err}");
    set(&mut s, "Hand", "2,9").unwrap();
    s.edit(Edit::Done).unwrap();
    let text = s.view("t")["position"].as_str().unwrap().to_string();
    assert!(text.contains("Hand=2,9"), "{text}");
    s.click(0).unwrap();
    let text = s.view("t")["position"].as_str().unwrap().to_string();
    assert!(text.contains("Hand=1,9"), "{text}");
}

#[test]
fn a_phase_is_chosen_by_name() {
    let mut s = open("genocide");
    s.edit(Edit::Start).unwrap();
    let v = s.view("t");
    let phase = &v["edit"]["fields"][0];
    assert_eq!(phase["name"], json!("phase"));
    let names: Vec<&str> = phase["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let err = set(&mut s, "phase", "Nowhere").unwrap_err();
    assert!(err.contains("phase=Nowhere"), "{err}");
    // Genocide's phases with moves (genocide.game): Toggles, Movement.
    assert_eq!(names, ["Toggles", "Movement"]);
    // The other phase than the draft's: written in the text.
    let last = *names.iter().find(|&&n| json!(n) != phase["value"]).unwrap();
    set(&mut s, "phase", last).unwrap();
    let text = s.view("t")["edit"]["position"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains(&format!("phase={last}")), "{text}");
}

/// The legal turns of `s` that start at `label`.
fn legal_from(s: &Session, label: &str) -> Vec<String> {
    s.view("t")["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .filter(|m| m.starts_with(label))
        .collect()
}

/// The labels of the sites the board draws as marked (`class="site …
/// marked"`).
fn marked_labels(s: &Session) -> Vec<String> {
    let svg = s.view("t")["svg"].as_str().unwrap().to_string();
    svg.split("<g class=\"")
        .filter(|g| {
            g.split('"')
                .next()
                .unwrap()
                .split(' ')
                .any(|c| c == "marked")
        })
        .filter_map(|g| g.split("data-label=\"").nth(1))
        .map(|l| l.split('"').next().unwrap().to_string())
        .collect()
}

#[test]
fn marks_set_in_the_editor_are_the_ones_the_rules_read() {
    // Genocide with Stickyland (genocide.game, "Keep": a step from a
    // square stepped on this turn, `(marked From)`, leaves one checker
    // behind): a1 marked in the editor, its two checkers can no longer
    // step together.
    let sets = vec!["stickyland=true".to_string()];
    let seats = vec![PlayerSpec::Human, PlayerSpec::Human];
    let mut s = Session::new(Source::Shipped("genocide".into()), sets, seats);
    let before = legal_from(&s, "a1");
    assert_eq!(before, ["a1-a2/1", "a1-a2/2", "a1-b1/1", "a1-b1/2"]);
    s.edit(Edit::Start).unwrap();
    let v = s.view("t");
    assert!(field_names(&v).contains(&"marks"), "{:?}", field_names(&v));
    assert!(!field_names(&v).contains(&"step-marks"));
    let err = set(&mut s, "marks", "z9").unwrap_err();
    assert!(err.contains("no site `z9`"), "{err}");
    set(&mut s, "marks", "a1").unwrap();
    let text = s.view("t")["edit"]["position"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains(" marks=a1"), "{text}");
    // Drawn on the board as it is set: a1's site alone carries the mark
    // (a dashed ring), in the draft and, once done, in the game.
    assert_eq!(marked_labels(&s), ["a1"]);
    s.edit(Edit::Done).unwrap();
    assert_eq!(marked_labels(&s), ["a1"]);
    let legend = s.view("t")["legend"].to_string();
    assert!(
        legend.contains("a site the rules marked this turn"),
        "{legend}"
    );
    assert!(
        s.view("t")["position"]
            .as_str()
            .unwrap()
            .contains(" marks=a1")
    );
    assert_eq!(legal_from(&s, "a1"), ["a1-a2/1", "a1-b1/1"]);
}

#[test]
fn the_dice_are_set_in_the_editor_where_the_game_rolls() {
    // Genocide with rolled movement points (boxcars=false: `(roll 2 6)`
    // each Growth phase): the dice's generator is a field, in hex.
    let sets = vec!["boxcars=false".to_string()];
    let seats = vec![PlayerSpec::Human, PlayerSpec::Human];
    let mut s = Session::new(Source::Shipped("genocide".into()), sets, seats);
    s.edit(Edit::Start).unwrap();
    assert!(field_names(&s.view("t")).contains(&"dice"));
    let err = set(&mut s, "dice", "xyz").unwrap_err();
    assert!(err.contains("in hex"), "{err}");
    set(&mut s, "dice", "1f2e3d").unwrap();
    s.edit(Edit::Done).unwrap();
    let text = s.view("t")["position"].as_str().unwrap().to_string();
    assert!(text.contains(" dice=1f2e3d"), "{text}");
    // Chess rolls nothing: no dice, no marks.
    let mut c = open("chess");
    c.edit(Edit::Start).unwrap();
    let names = field_names(&c.view("t")).join(" ");
    assert!(
        !names.contains("dice") && !names.contains("marks"),
        "{names}"
    );
}

/// Backgammon's dice left to play are a field of the editor (a position
/// text's `dice-left=`): editing the position after the opening throw
/// keeps the throw's dice (a double four times), and the game goes on
/// from the edited position with White to play them, not at a new throw.
#[test]
fn the_dice_left_to_play_are_kept_by_the_editor() {
    let mut s = open("backgammon");
    // Both seats human: the opening throw waits for the mover's Roll.
    s.roll().unwrap();
    let roll = s.view("t")["moves"][0].as_str().unwrap().to_string();
    let (a, b) = roll.strip_prefix("roll:").unwrap().split_once('-').unwrap();
    let dice = if a == b {
        [a, a, a, a].join(",")
    } else {
        format!("{a},{b}")
    };
    s.edit(Edit::Start).unwrap();
    let v = s.view("t");
    let field = v["edit"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "dice-left")
        .unwrap_or_else(|| panic!("{:?}", field_names(&v)))
        .clone();
    assert_eq!(field["value"], json!(dice));
    s.edit(Edit::Done).unwrap();
    let st = s.state().unwrap();
    assert!(!st.is_chance_node());
    assert_eq!(st.current_player(), 0);
    let left: Vec<String> = st
        .dice_left()
        .faces()
        .iter()
        .map(|f| f.to_string())
        .collect();
    assert_eq!(left.join(","), dice);
    // Set to a 6 and a 5: the status says so.
    s.edit(Edit::Start).unwrap();
    set(&mut s, "dice-left", "5,6").unwrap();
    s.edit(Edit::Done).unwrap();
    let status = s.view("t")["status"].as_str().unwrap().to_string();
    assert!(status.ends_with(", dice to play 5 6"), "{status}");
}

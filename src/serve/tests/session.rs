//! Sessions: clicks, multi-jumps step by step, refusals that change
//! nothing, undo against the computer, records and reloading.

use crate::serve::session::*;
use ludic::board::Site;
use ludic::players::PlayerSpec;
use serde_json::json;

/// A session of the shipped draughts game with the given seats.
fn jumping_session(seats: &[&str]) -> Session {
    let seats = seats.iter().map(|s| s.parse().unwrap()).collect();
    Session::new(Source::Shipped("checkers".into()), Vec::new(), seats)
}

/// Site of square `n` (1..=32).
fn sq(n: u16) -> Site {
    n - 1
}

fn moves(s: &Session) -> Vec<String> {
    s.view("t")["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn two_clicks_play_a_step_and_a_wrong_one_says_why() {
    let mut s = jumping_session(&["human", "human"]);
    s.click(sq(11)).unwrap();
    assert_eq!(s.view("t")["selected"], json!(sq(11)));
    // From 11 a Black man goes to 15 or 16 (forward diagonals).
    let mut targets: Vec<Site> = s
        .state()
        .map(|st| {
            st.legal_moves()
                .iter()
                .filter(|m| m.from == sq(11))
                .map(|m| m.to)
                .collect()
        })
        .unwrap();
    targets.sort();
    assert_eq!(targets, [sq(15), sq(16)]);
    s.click(sq(15)).unwrap();
    assert_eq!(moves(&s), ["11-15"]);
    // White to move: a click on a Black man plays nothing.
    let before = s.version;
    let err = s.click(sq(9)).unwrap_err();
    assert!(
        err.contains("no legal move starts at 9 (it holds Black's pieces)"),
        "{err}"
    );
    assert_eq!(s.version, before);
    assert_eq!(moves(&s), ["11-15"]);
    // Off the board.
    assert!(s.click(40).unwrap_err().contains("not on the board"));
}

#[test]
fn a_multi_jump_is_entered_step_by_step() {
    let mut s = jumping_session(&["human", "human"]);
    // Black 14 jumps 18 to 23, then 27 to 32 (hand-worked: the squares
    // below 14 are 17 and 18, below 23 are 26 and 27).
    s.load_record("ludic-trial 1\ngame checkers\nstart B:W18,27:B14\nmoves\nresult unfinished\n")
        .unwrap();
    s.click(sq(14)).unwrap();
    s.click(sq(23)).unwrap();
    let v = s.view("t");
    assert_eq!(v["partial"], json!("14x23"));
    assert_eq!(v["selected"], json!(sq(23)), "the jump goes on from 23");
    assert!(moves(&s).is_empty());
    let err = s.click(sq(1)).unwrap_err();
    assert!(
        err.contains("23 cannot go to 1; from 23 the legal moves are 23x32"),
        "{err}"
    );
    s.click(sq(32)).unwrap();
    assert_eq!(moves(&s), ["14x23x32"]);
    // One status line, saying in words why it ended (checkers.game's
    // `(no-moves Loss)`: White has no piece left, so no move).
    let v = s.view("t");
    assert_eq!(
        v["status"],
        json!("Game over: Black wins: White has no pieces left")
    );
    assert_eq!(v["outcome"]["text"], v["status"]);
    assert_eq!(s.click(sq(5)).unwrap_err(), "the game is over");
}

#[test]
fn undo_goes_back_to_the_human_and_the_computer_waits_its_turn() {
    let mut s = jumping_session(&["human", "random"]);
    s.click(sq(11)).unwrap();
    s.click(sq(15)).unwrap();
    assert!(s.ai_to_move());
    let err = s.click(sq(22)).unwrap_err();
    assert!(err.contains("played by the computer (random)"), "{err}");
    let (st, spec, version, _) = s.ai_request().unwrap();
    assert_eq!(spec, PlayerSpec::Random);
    assert_eq!(version, s.version);
    let turn = st.parse_turn("23-19").unwrap();
    s.play_turn(turn);
    assert_eq!(moves(&s), ["11-15", "23-19"]);
    s.undo().unwrap();
    assert!(moves(&s).is_empty(), "back to Black's first turn");
    assert_eq!(s.undo().unwrap_err(), "nothing to undo");
}

#[test]
fn records_round_trip_and_the_slider_steps_through_them() {
    let mut s = jumping_session(&["human", "human"]);
    for (a, b) in [(11, 15), (23, 19), (8, 11)] {
        s.click(sq(a)).unwrap();
        s.click(sq(b)).unwrap();
    }
    let trial = s.trial().unwrap();
    assert!(
        trial.contains("moves\n11-15\n23-19\n8-11\nresult unfinished"),
        "{trial}"
    );
    let mut t = jumping_session(&["human", "human"]);
    t.load_record(&trial).unwrap();
    assert_eq!(t.view("t")["ply"], json!(0));
    t.seek(2).unwrap();
    assert_eq!(t.view("t")["status"], json!("Black (B) to move"));
    assert!(t.seek(4).unwrap_err().contains("3 turns"));
    // PDN, and a record that does not replay changes nothing.
    t.load_record("[Event \"x\"]\n1. 9-14 22-18 *\n").unwrap();
    assert_eq!(moves(&t), ["9-14", "22-18"]);
    let err = t.load_record("1. 9-14 9-13 *\n").unwrap_err();
    assert!(err.starts_with("move 2 (9-13)"), "{err}");
    assert_eq!(moves(&t), ["9-14", "22-18"]);
}

#[test]
fn steps_without_a_site_are_choices() {
    // Genocide's movement phase ends with `end`, a button.
    let mut s = Session::new(Source::Shipped("genocide".into()), Vec::new(), Vec::new());
    let v = s.view("t");
    let texts = choice_texts(&v);
    assert!(texts.contains(&"end"), "{texts:?}");
    let i = texts.iter().position(|t| *t == "end").unwrap();
    let before = s.view("t")["status"].clone();
    s.choose(i).unwrap();
    assert_ne!(s.view("t")["status"], before);
    assert!(s.choose(99).unwrap_err().starts_with("no choice 99"));
}

#[test]
fn a_broken_file_shows_its_errors_and_keeps_the_last_good_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reload.game").to_str().unwrap().to_string();
    let good = ludic::compile::shipped_source("tictactoe").unwrap().1;
    std::fs::write(&path, &good).unwrap();
    let mut s = Session::new(Source::File(path.clone()), Vec::new(), Vec::new());
    assert!(s.view("t")["error"].is_null());
    s.click(4).unwrap();
    assert_eq!(moves(&s), ["b2"]);
    // Unchanged: nothing happens.
    assert!(!s.reload_if_changed());
    std::fs::write(&path, good.replace("(play (place", "(play (plaec")).unwrap();
    s.forget_file_time();
    assert!(s.reload_if_changed());
    let v = s.view("t");
    let err = v["error"].as_str().unwrap().to_string();
    assert!(err.contains("reload.game:"), "{err}");
    assert!(err.contains("plaec"), "{err}");
    // The last good game stays, and can still be played.
    assert_eq!(moves(&s), ["b2"]);
    assert!(v["svg"].as_str().is_some());
    s.click(0).unwrap();
    assert_eq!(moves(&s), ["b2", "a3"]);
    std::fs::write(&path, good).unwrap();
    s.forget_file_time();
    assert!(s.reload_if_changed());
    let v = s.view("t");
    assert!(v["error"].is_null());
    assert_eq!(moves(&s), ["b2", "a3"]);
    let msg = v["message"].as_str().unwrap();
    assert!(msg.contains("(2 of 2 turns replayed)"), "{msg}");
}

#[test]
fn a_file_broken_from_the_start_opens_when_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("late.game").to_str().unwrap().to_string();
    let good = ludic::compile::shipped_source("tictactoe").unwrap().1;
    std::fs::write(&path, good.replace("(piece", "(peice")).unwrap();
    let mut s = Session::new(Source::File(path.clone()), Vec::new(), Vec::new());
    let v = s.view("t");
    assert!(v["error"].as_str().unwrap().contains("peice"), "{v}");
    assert!(v.get("svg").is_none());
    std::fs::write(&path, good).unwrap();
    s.forget_file_time();
    assert!(s.reload_if_changed());
    assert!(s.view("t")["error"].is_null());
    s.click(4).unwrap();
    assert_eq!(moves(&s), ["b2"]);
}

#[test]
fn a_sowing_is_one_click_on_the_house_it_empties() {
    // Oware: sites a2..f2 are 0..5, a1..f1 are 6..11 (top row first).
    let seats = ["human", "human"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let mut s = Session::new(Source::Shipped("oware".into()), Vec::new(), seats);
    let c1: Site = 8;
    assert_eq!(s.state().unwrap().game().board.site(c1).label, "c1");
    // One click, no destination to choose.
    s.click(c1).unwrap();
    assert_eq!(moves(&s), ["c1"]);
    // North's turn: a click on South's row plays nothing.
    assert!(s.click(c1).is_err());
    assert_eq!(moves(&s), ["c1"]);
}

#[test]
fn a_shipped_game_read_from_the_games_folder_is_reloaded_like_a_file() {
    // Its modification time is what a session compares to reload it.
    assert!(Source::Shipped("checkers".into()).mtime().is_some());
    assert!(Source::Shipped("../Cargo".into()).mtime().is_none());
}

#[test]
fn an_edited_position_is_the_one_a_move_reaches_and_a_bad_one_is_refused() {
    // Editing: Black's man taken off 9 and put on 13, White to move, is
    // the position that playing 9-13 reaches.
    let mut played = jumping_session(&["human", "human"]);
    played.click(sq(9)).unwrap();
    played.click(sq(13)).unwrap();
    let want = played.view("t")["fen"].clone();
    let mut s = jumping_session(&["human", "human"]);
    s.edit(Edit::Start).unwrap();
    let v = s.view("t");
    let palette = v["edit"]["palette"].as_array().unwrap();
    // One entry a kind and player: a Black man and a White man.
    assert_eq!(palette.len(), 2);
    assert!(
        palette[0]["svg"]
            .as_str()
            .unwrap()
            .contains("data-picture=\"man\"")
    );
    let black_man = palette
        .iter()
        .find(|p| p["player"] == json!("Black"))
        .unwrap()["piece"]
        .as_u64()
        .unwrap() as u8;
    assert!(s.click(sq(11)).unwrap_err().contains("being edited"));
    s.edit(Edit::Take(sq(9))).unwrap();
    assert_eq!(s.edit(Edit::Take(sq(9))).unwrap_err(), "that site is empty");
    s.edit(Edit::Put(sq(13), black_man)).unwrap();
    s.edit(Edit::Mover(1)).unwrap();
    let v = s.view("t");
    assert_eq!(
        v["status"],
        json!("Editing the position: White (W) to move")
    );
    assert_eq!(v["edit"]["fen"], want, "the draft's FEN as it stands");
    s.edit(Edit::Done).unwrap();
    let v = s.view("t");
    assert_eq!(v["edit"], json!(null));
    assert_eq!(v["fen"], want);
    assert_eq!(v["status"], json!("White (W) to move"));

    // A stack of three men cannot be written (checkers.game: stack-limit
    // 2): refused at the third, the draft unchanged.
    s.edit(Edit::Start).unwrap();
    s.edit(Edit::Put(sq(18), black_man)).unwrap();
    s.edit(Edit::Put(sq(18), black_man)).unwrap();
    let err = s.edit(Edit::Put(sq(18), black_man)).unwrap_err();
    assert!(
        err.contains("the stack at 18 is full (2 pieces at most)"),
        "{err}"
    );
    s.edit(Edit::Cancel).unwrap();
    assert_eq!(s.view("t")["fen"], want, "Cancel keeps the game");
}

#[test]
fn a_position_without_its_royal_piece_is_refused_with_the_reason() {
    let mut s = Session::new(
        Source::Shipped("chess".into()),
        Vec::new(),
        vec![PlayerSpec::Human, PlayerSpec::Human],
    );
    let before = s.view("t")["fen"].clone();
    s.edit(Edit::Start).unwrap();
    // The white king's site, e1.
    let board = &s.state().unwrap().game().board;
    let e1 = board
        .all()
        .into_iter()
        .find(|&t| board.site(t).label == "e1")
        .unwrap();
    s.edit(Edit::Take(e1)).unwrap();
    let err = s.edit(Edit::Done).unwrap_err();
    assert!(err.to_lowercase().contains("king"), "{err}");
    let v = s.view("t");
    assert!(v["edit"].is_object(), "the draft stays");
    assert_eq!(v["fen"], before);
}

/// Presses Roll while the game waits for a human seat's roll (a human
/// seat's dice are thrown when it asks: docs/serve.md); returns how
/// many rolls it asked for.
fn roll_all(s: &mut Session) -> usize {
    let mut n = 0;
    while !s.view("t")["roll"].is_null() {
        s.roll().unwrap();
        n += 1;
    }
    n
}

/// The texts of the choices a session's view offers.
fn choice_texts(v: &serde_json::Value) -> Vec<&str> {
    v["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect()
}

/// Genocide without Boxcars (two dice rolled at every turn's start),
/// two human seats.
fn rolling_dice_session() -> Session {
    let seats = vec!["human".parse().unwrap(), "human".parse().unwrap()];
    let mut s = Session::new(
        Source::Shipped("genocide".into()),
        vec!["boxcars=false".into()],
        seats,
    );
    assert_eq!(roll_all(&mut s), 1, "Red's opening roll waits for Red");
    s
}

/// Genocide without Boxcars rolls two dice at every turn's start
/// (docs/chance.md): the page rolls nature's move itself, kept among the
/// moves (`roll:V`, V a sum of two dice), and the seat to move then plays.
#[test]
fn nature_rolls_on_the_page_and_the_rolls_are_kept() {
    let mut s = rolling_dice_session();
    let first = moves(&s);
    assert_eq!(first.len(), 1, "{first:?}");
    let sum: u16 = first[0].strip_prefix("roll:").unwrap().parse().unwrap();
    assert!((2..=12).contains(&sum));
    assert!(!s.state().unwrap().is_chance_node());
    assert_eq!(s.view("t")["to_move"], json!(0));
    // Red ends its movement at once: Black's growth rolls next.
    let v = s.view("t");
    let texts = choice_texts(&v);
    let end = texts.iter().position(|t| *t == "end").unwrap();
    s.choose(end).unwrap();
    // Black's throw waits for Black's Roll (a human seat).
    assert_eq!(moves(&s).len(), 2);
    assert_eq!(s.view("t")["roll"], json!(1));
    assert_eq!(
        s.view("t")["status"],
        json!("Black (B) to roll: press Roll")
    );
    assert_eq!(roll_all(&mut s), 1);
    let after = moves(&s);
    assert_eq!(after.len(), 3, "{after:?}");
    assert_eq!(after[1], "end");
    assert!(after[2].starts_with("roll:"), "{after:?}");
    assert_eq!(s.view("t")["to_move"], json!(1));
}

/// Undo takes back a roll with the step it follows: a human is to move
/// again, not at nature's chance node.
#[test]
fn undo_takes_back_nature_s_roll_with_the_step_before_it() {
    let mut s = rolling_dice_session();
    let v = s.view("t");
    let end = v["choices"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c["text"] == "end")
        .unwrap();
    s.choose(end).unwrap();
    roll_all(&mut s);
    assert_eq!(moves(&s).len(), 3);
    s.undo().unwrap();
    assert_eq!(moves(&s).len(), 1, "{:?}", moves(&s));
    assert!(!s.state().unwrap().is_chance_node());
    assert_eq!(s.view("t")["to_move"], json!(0));
}

/// A session of the shipped game with royal pieces, two human seats.
fn royal_session() -> Session {
    Session::new(
        Source::Shipped("chess".into()),
        Vec::new(),
        vec![PlayerSpec::Human, PlayerSpec::Human],
    )
}

#[test]
fn the_move_list_is_in_san_paired_by_move_number() {
    // The Ruy Lopez, 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O,
    // as every opening book writes it.
    let mut s = royal_session();
    let trial = "ludic-trial 1\ngame chess\nmoves\ne2-e4\ne7-e5\ng1-f3\nb8-c6\nf1-b5\na7-a6\nb5-c6\nd7-c6\ne1-g1\nresult unfinished\n";
    s.load_record(trial).unwrap();
    let v = s.view("t");
    assert_eq!(
        v["move_list"]["shown"],
        json!(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"])
    );
    assert_eq!(
        v["move_list"]["numbering"],
        json!({"first": 1, "second": false})
    );
    // The game's own notation stays what records and the address carry.
    assert_eq!(v["moves"][0], json!("e2-e4"));
    // Set up with Black to move at move 12: the list starts `12. … Nf6`.
    let mut s = royal_session();
    let fen = "rnbqkb1r/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12";
    s.load_record(&format!(
        "ludic-trial 1\ngame chess\nstart {fen}\nmoves\nb8-c6\nresult unfinished\n"
    ))
    .unwrap();
    let v = s.view("t");
    assert_eq!(v["move_list"]["shown"], json!(["Nc6"]));
    assert_eq!(
        v["move_list"]["numbering"],
        json!({"first": 12, "second": true})
    );
}

#[test]
fn a_game_numbered_in_pairs_pairs_its_moves_and_others_do_not() {
    let mut s = jumping_session(&["human", "human"]);
    s.load_record("[Event \"x\"]\n1. 11-15 23-19 2. 8-11 *\n")
        .unwrap();
    let v = s.view("t");
    assert_eq!(v["move_list"]["shown"], json!(["11-15", "23-19", "8-11"]));
    assert_eq!(
        v["move_list"]["numbering"],
        json!({"first": 1, "second": false})
    );
    let s = Session::new(Source::Shipped("hex".into()), Vec::new(), Vec::new());
    assert_eq!(s.view("t")["move_list"]["numbering"], json!(null));
}

#[test]
fn the_position_shown_to_players_has_no_history() {
    // Chess after 1. Nf3 Nf6 2. Ng1 Ng8: the start again, once repeated
    // (threefold repetition reads the history). The whole text carries
    // it; the text shown does not, and says the same position.
    let mut s = royal_session();
    s.load_record(
        "ludic-trial 1\ngame chess\nmoves\ng1-f3\ng8-f6\nf3-g1\nf6-g8\nresult unfinished\n",
    )
    .unwrap();
    s.seek(4).unwrap();
    let v = s.view("t");
    let whole = v["position"].as_str().unwrap();
    let shown = v["position_shown"].as_str().unwrap();
    assert!(whole.contains(" history="), "{whole}");
    assert!(!shown.contains("history="), "{shown}");
    let words: Vec<&str> = whole
        .split(' ')
        .filter(|w| !w.starts_with("history="))
        .collect();
    assert_eq!(shown, words.join(" "));
}

#[test]
fn the_dice_left_to_play_are_in_the_status() {
    // Backgammon (its rules: a throw of two dice, a double played four
    // times): the page rolls first; the status names the dice of the
    // roll listed (`roll:A-B`), four of them for a double.
    let seats = vec![PlayerSpec::Human, PlayerSpec::Human];
    let mut s = Session::new(Source::Shipped("backgammon".into()), Vec::new(), seats);
    roll_all(&mut s);
    let first = moves(&s);
    let roll = first[0].strip_prefix("roll:").unwrap();
    let (a, b) = roll.split_once('-').unwrap();
    let (a, b): (u8, u8) = (a.parse().unwrap(), b.parse().unwrap());
    let (lo, hi) = (a.min(b), a.max(b));
    let dice = if lo == hi {
        format!("{lo} {lo} {lo} {lo}")
    } else {
        format!("{lo} {hi}")
    };
    let status = s.view("t")["status"].as_str().unwrap().to_string();
    assert!(
        status.ends_with(&format!(", dice to play {dice}")),
        "{status}"
    );
}

/// Nature's moves are drawn by the server, never chosen by a client
/// (docs/chance.md): backgammon's opening throw cannot be undone to be
/// thrown again or named, a chance node shown by the slider has no seat
/// to move and no roll among the choices, and a position loaded at the
/// throw (`pending=start`) is thrown by the server at once.
#[test]
fn no_request_chooses_nature_s_roll() {
    let seats = vec![PlayerSpec::Human, PlayerSpec::Human];
    let mut s = Session::new(Source::Shipped("backgammon".into()), Vec::new(), seats);
    assert_eq!(roll_all(&mut s), 1);
    let first = moves(&s);
    assert_eq!(first.len(), 1);
    assert!(first[0].starts_with("roll:"), "{first:?}");
    // Undo of the opening throw: nothing to undo, the throw kept.
    assert!(s.undo().is_err());
    assert_eq!(moves(&s), first);
    // The slider at ply 0: nature's node, shown, not playable.
    s.seek(0).unwrap();
    assert!(s.state().unwrap().is_chance_node());
    let v = s.view("t");
    assert_eq!(v["to_move"], serde_json::Value::Null, "{v}");
    assert!(
        choice_texts(&v).iter().all(|t| !t.starts_with("roll:")),
        "{v}"
    );
    for i in 0..21 {
        assert!(s.choose(i).is_err(), "choice {i}");
    }
    // Nor is a Roll there: that roll was made (it is the next turn).
    assert_eq!(v["roll"], serde_json::Value::Null, "{v}");
    assert!(s.roll().unwrap_err().contains("this roll was made"));
    s.seek(1).unwrap();
    assert_eq!(moves(&s), first);
    // A position at White's throw: the server throws it when White
    // (a human seat) presses Roll, and nobody moves before.
    let opening = "W W:24*2,13*5,8*3,6*5 B:1*2,12*5,17*3,19*5 pending=start";
    s.load_position(opening).unwrap();
    assert!(s.state().unwrap().is_chance_node());
    assert!(moves(&s).is_empty());
    let v = s.view("t");
    assert_eq!(
        (&v["roll"], &v["to_move"]),
        (&json!(0), &serde_json::Value::Null)
    );
    assert!(s.click(site_of(&s, "24")).is_err());
    assert_eq!(roll_all(&mut s), 1);
    assert!(!s.state().unwrap().is_chance_node());
    assert!(s.roll().unwrap_err().contains("nothing to roll"));
    let rolled = moves(&s);
    assert_eq!(rolled.len(), 1);
    assert!(rolled[0].starts_with("roll:"), "{rolled:?}");
    assert!(s.undo().is_err());
    assert_eq!(moves(&s), rolled);
}

/// A click on a point the rules refuse says which rule refuses it: a
/// Black stone at a1 between White's a2 and b1 would have no liberty and
/// capture nothing (Go's rule against suicide).
#[test]
fn a_click_on_a_suicide_point_says_so() {
    let seats = vec![PlayerSpec::Human, PlayerSpec::Human];
    let mut s = Session::new(Source::Shipped("go".into()), Vec::new(), seats);
    s.load_position("B W:a2,b1").unwrap();
    let board = &s.state().unwrap().game().board;
    let a1 = board.site_by_label("a1").unwrap();
    let err = s.click(a1).unwrap_err();
    assert!(
        err.contains("suicide: the stone would have no liberty"),
        "{err}"
    );
}

/// Backgammon with two human seats and the game's seed `seed`.
fn race_session(seed: u64) -> Session {
    let seats = vec!["human".parse().unwrap(), "human".parse().unwrap()];
    let mut s = Session::new_seeded(
        Source::Shipped("backgammon".into()),
        Vec::new(),
        seats,
        seed,
    );
    roll_all(&mut s);
    s
}

/// The site labelled `label` on the session's board.
fn site_of(s: &Session, label: &str) -> Site {
    let b = &s.state().unwrap().game().board;
    (0..b.len() as Site)
        .find(|&i| b.site(i).label == label)
        .unwrap()
}

/// Games started with fresh seeds do not all open with the same throw
/// (backgammon's 21 throws: twenty games alike has odds below 1e-20),
/// while a seed given again starts the same game (docs/serve.md).
#[test]
fn each_new_game_takes_a_fresh_seed_and_a_seed_replays_its_game() {
    let opening = |s: &Session| moves(s)[0].clone();
    let seeds: Vec<u64> = (0..20).map(|_| fresh_seed()).collect();
    let throws: std::collections::BTreeSet<String> =
        seeds.iter().map(|&k| opening(&race_session(k))).collect();
    assert!(throws.len() > 1, "{throws:?}");
    for &k in &seeds[..3] {
        let (a, b) = (race_session(k), race_session(k));
        assert_eq!(opening(&a), opening(&b));
        assert_eq!(a.view("t")["seed"], json!(k));
    }
}

/// A saved trial names the game's seed; loaded into a game of another
/// seed, the throws after its last turn are the saved game's.
#[test]
fn a_trial_keeps_the_seed_and_the_throws_after_it() {
    let mut a = rolling_dice_session_seeded(11);
    let trial = a.trial().unwrap();
    assert!(trial.lines().any(|l| l == "seed 11"), "{trial}");
    let mut b = rolling_dice_session_seeded(99);
    b.load_record(&trial).unwrap();
    b.seek(moves(&a).len()).unwrap();
    assert_eq!(b.view("t")["seed"], json!(11));
    for s in [&mut a, &mut b] {
        let end = choice_texts(&s.view("t")).iter().position(|t| *t == "end");
        s.choose(end.unwrap()).unwrap();
        roll_all(s);
    }
    assert_eq!(moves(&a), moves(&b));
}

/// Genocide without Boxcars, two human seats, from seed `seed`.
fn rolling_dice_session_seeded(seed: u64) -> Session {
    let seats = vec!["human".parse().unwrap(), "human".parse().unwrap()];
    let mut s = Session::new_seeded(
        Source::Shipped("genocide".into()),
        vec!["boxcars=false".into()],
        seats,
        seed,
    );
    roll_all(&mut s);
    s
}

/// Undo takes a turn back but not the throws of the history: the turn
/// played again meets the same throw each time (a throw drawn again
/// would differ at least once in six tries, but for odds below 1e-5).
#[test]
fn an_undone_turn_played_again_meets_the_same_throw() {
    let mut s = rolling_dice_session();
    let end = |s: &Session| {
        choice_texts(&s.view("t"))
            .iter()
            .position(|t| *t == "end")
            .unwrap()
    };
    s.choose(end(&s)).unwrap();
    roll_all(&mut s);
    let first = moves(&s);
    assert_eq!(first.len(), 3, "{first:?}");
    for _ in 0..6 {
        s.undo().unwrap();
        assert_eq!(moves(&s), first[..1]);
        s.choose(end(&s)).unwrap();
        roll_all(&mut s);
        assert_eq!(moves(&s), first, "the same throw after the same turn");
    }
}

/// Two checkers on the bar must both enter (backgammon's rules): once
/// the first is in, the page selects the bar for the second; a click on
/// the bar keeps it selected (it was answered 400: "cannot go to wbar")
/// and the click on the point it enters ends the turn (with 1 and 2:
/// the points 24 and 23).
#[test]
fn the_bar_selected_for_the_player_stays_selected_when_clicked() {
    let mut s = race_session(1);
    s.load_position("W W:wbar*2,6*13 B:19*15 dice-left=1,2")
        .unwrap();
    let bar = site_of(&s, "wbar");
    s.click(bar).unwrap();
    s.click(site_of(&s, "24")).unwrap();
    assert_eq!(s.view("t")["partial"], json!("wbar-24"));
    assert_eq!(
        s.view("t")["selected"],
        json!(bar),
        "selected for the player"
    );
    s.click(bar).unwrap();
    assert_eq!(s.view("t")["selected"], json!(bar));
    s.click(site_of(&s, "23")).unwrap();
    assert_eq!(moves(&s)[0], "wbar-24,wbar-23");
}

/// A throw typed with its faces in any order is the same throw (a
/// record's `roll:5-2` is backgammon's `roll:2-5`).
#[test]
fn a_record_may_write_a_throw_s_faces_in_any_order() {
    let mut s = race_session(1);
    let trial = "ludic-trial 1\ngame backgammon\nmoves\nroll:5-2\n13-11,13-8\nresult unfinished\n";
    s.load_record(trial).unwrap();
    assert_eq!(moves(&s)[..2], ["roll:2-5", "13-11,13-8"]);
}

/// Genocide with battle dice (`dice=true`: each side of a battle rolls a
/// die, genocide.game): after a turn whose battle rolls, the dice box
/// shows every throw of the battle, in order, as the move list has them.
#[test]
fn every_throw_of_a_battle_is_in_the_dice_box() {
    let seats = vec!["human".parse().unwrap(), "human".parse().unwrap()];
    let mut s = Session::new(
        Source::Shipped("genocide".into()),
        vec!["dice=true".into()],
        seats,
    );
    for _ in 0..200 {
        let before = moves(&s).len();
        let turns = s.state().unwrap().legal_turns();
        let Some(t) = turns.last() else { break };
        s.play_turn(t.clone());
        roll_all(&mut s);
        let all = moves(&s);
        let rolls: Vec<&str> = all[before + 1..]
            .iter()
            .map(|m| m.strip_prefix("roll:").unwrap())
            .collect();
        if rolls.len() < 2 {
            continue;
        }
        let dice = &s.view("t")["dice"];
        let faces: Vec<String> = dice["dice"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["face"].to_string())
            .collect();
        assert_eq!(faces, rolls, "{dice}");
        return;
    }
    panic!("no battle rolled in 200 turns: {:?}", moves(&s));
}

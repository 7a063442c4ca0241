//! Positions as text (`--position`, the scenarios' `put:`), read and
//! written for the shipped games: hand-worked positions, errors, round
//! trips (src/record/position.rs).
use ludic::board::Site;
use ludic::compile::{Game, Options, shipped_games};
use ludic::engine::State;
use ludic::record::position::{example, parse_position, write_position};
use std::sync::Arc;

fn game(name: &str, sets: &[&str]) -> Arc<Game> {
    let opts = Options::from_sets(sets).expect("sets");
    Arc::new(Game::load(name, &opts).expect("the game loads"))
}

fn err(game: &Game, text: &str) -> String {
    parse_position(game, text).expect_err(text).to_string()
}

fn sorted_moves(st: &State) -> Vec<String> {
    let mut moves = st.legal_turn_strings();
    moves.sort();
    moves
}

/// Polypods on the hexagon of side 3 (rows a–e from the bottom: 3, 4,
/// 5, 4, 3 points). Dark's line c1–c4 has feet c1, c4 and body c2, c3;
/// Light's line e1–e3 has body e2. Dark may place a lone stone on a1,
/// a2, a3; on b1, b2, b3 or d1 a foot whose two friends touch each
/// other (the group then has 3 feet and 2 body stones, and no enemy
/// body is touched: e1 is a Light foot). Not on c5 (a line of five: 2
/// feet, 3 body), b4 or d4 (c4 turns body: 2 feet, 3 body), d2 or d3
/// (feet touching Light's body e2), nor on the occupied points.
#[test]
fn a_polypods_position_gives_the_hand_worked_moves() {
    let g = game("polypods", &["board=hex3"]);
    let text = "D D:c1,c2,c3,c4 L:e1,e2,e3";
    let pos = parse_position(&g, text).unwrap();
    assert_eq!(pos.to_move, Some(0));
    assert_eq!(pos.stacks.len(), 7);
    let st = State::from_position(g.clone(), text).unwrap();
    assert_eq!(
        sorted_moves(&st),
        ["a1", "a2", "a3", "b1", "b2", "b3", "d1", "pass"]
    );
    assert_eq!(st.to_position().as_deref(), Some(text));
    let light = State::from_position(g, "L D:c1,c2,c3,c4 L:e1,e2,e3").unwrap();
    assert_eq!(light.current_player(), 1);
    assert!(!light.legal_turn_strings().iter().any(|m| m == "c1"));
}

#[test]
fn a_checkers_king_by_prefix_is_the_fen_king() {
    let g = game("checkers", &[]);
    let by_text = State::from_position(g.clone(), "W B:K22,11 W:18").unwrap();
    let by_fen = State::from_fen(g.clone(), "W:W18:BK22,11").unwrap();
    for s in 0..g.board.len() as Site {
        assert_eq!(by_text.stack(s), by_fen.stack(s), "site {s}");
    }
    assert_eq!(by_text.current_player(), by_fen.current_player());
    assert_eq!(by_text.to_fen().as_deref(), Some("W:W18:B11,K22"));
    assert_eq!(sorted_moves(&by_text), sorted_moves(&by_fen));
    // `K22` and `k22` alike; no side named: the initial side to move.
    let lower = State::from_position(g, "b:k22,11 w:18").unwrap();
    assert_eq!(lower.to_fen().as_deref(), Some("B:W18:B11,K22"));
}

#[test]
fn a_site_named_twice_gets_a_mixed_stack_in_order() {
    let g = game("genocide", &[]);
    let pos = parse_position(&g, "R:d4*2 B:d4,h8 R:d4").unwrap();
    let (r, b) = (g.piece(0, 0), g.piece(0, 1));
    let d4 = g.board.site_by_label("d4").unwrap();
    assert_eq!(pos.to_move, None);
    assert_eq!(pos.stacks[0], (d4, vec![r, r, b, r]));
    let st = State::from_position(g, "B R:d4*2 B:d4,h8 R:d4").unwrap();
    // Written layer by layer: the bottom runs first.
    assert_eq!(st.to_position().as_deref(), Some("B R:d4*2 B:h8,d4 R:d4"));
}

/// In a game whose stacks are all written with one item (a checkers
/// king is the code `K`, and stacks go no higher), a site named twice is
/// refused, naming the site and both items: no mixed stack, no king
/// built from two men.
#[test]
fn a_site_named_twice_is_refused_where_stacks_are_single_items() {
    let g = game("checkers", &[]);
    for (text, first, second) in [
        ("W:18 B:18", "W:18", "B:18"),
        ("W W:18,18 B:12", "W:18", "W:18"),
        ("B:12 W:18,24,K18", "W:18", "W:K18"),
        ("w:18 b:k18", "w:18", "b:k18"),
    ] {
        assert_eq!(
            err(&g, text),
            format!(
                "site `18` is named twice (`{first}`, then `{second}`): in this game a site is \
                 named once, its stack written with one item (a prefix for a taller stack: \
                 `K` (2 × Checker))"
            ),
            "{text}"
        );
    }
    let chess = game("chess", &[]);
    let e = err(&chess, "W:e1 B:e1");
    assert!(e.starts_with("site `e1` is named twice"), "{e}");
    // Where stacks grow past the codes, a site named again is stacked.
    let genocide = game("genocide", &[]);
    assert!(parse_position(&genocide, "R:d4 B:d4").is_ok());
}

/// An empty entry between commas (or at either end of a group's list) is
/// refused as such; an empty list (`W:`) is an empty group.
#[test]
fn empty_site_entries_are_refused() {
    let g = game("checkers", &[]);
    for (text, word) in [
        ("W:18,,24 B:12", "W:18,,24"),
        ("W:,,,, B:1", "W:,,,,"),
        ("W:18, B:12", "W:18,"),
        ("W:18 B:,12", "B:,12"),
        ("W:18 B:12 , ,22", "B:12,,22"),
    ] {
        let e = err(&g, text);
        assert!(
            e.starts_with(&format!("`{word}`: empty site entry")),
            "{text}: {e}"
        );
        assert!(e.contains("alone for no pieces"), "{text}: {e}");
    }
    // Still read: an empty group, spaces around commas.
    assert!(parse_position(&g, "W:18 B:").is_ok());
    assert!(parse_position(&g, "W: 18 , 24 B:12").is_ok());
}

#[test]
fn spaces_after_colons_and_around_commas_are_ignored() {
    let g = game("polypods", &[]);
    let a = parse_position(&g, "  l  D: a1 , a2,a3   L:b2 ").unwrap();
    let b = parse_position(&g, "L D:a1,a2,a3 L:b2").unwrap();
    assert_eq!(a, b);
    assert!(
        parse_position(&g, "").is_err(),
        "an empty text is no position"
    );
    assert_eq!(parse_position(&g, "D:").unwrap().stacks, []);
    // An upper-case site is the site, as the game has no code `A`.
    assert_eq!(parse_position(&g, "D:A1").unwrap().stacks.len(), 1);
}

#[test]
fn errors_name_the_item_and_the_valid_choices() {
    let poly = game("polypods", &[]);
    let draughts = game("checkers", &[]);
    let cases = [
        (&poly, "D:a1 X:b2", "`X:b2`: no player has the letter `X`"),
        (
            &poly,
            "D:a1 X:b2",
            "the players' letters are D (Dark), L (Light)",
        ),
        (&poly, "Dark D:a1", "did you mean `D` (Dark)?"),
        (&poly, "X D:a1", "`X` (the side to move"),
        (&poly, "D:a1,z9", "`D:z9`: no site `z9` on this board"),
        (
            &poly,
            "D:Ka1",
            "`D:Ka1`: unknown prefix `K`: this game declares no",
        ),
        (
            &draughts,
            "B:Q22",
            "`B:Q22`: unknown prefix `Q`; this game's prefixes: `K` (2 × Checker)",
        ),
        (&draughts, "B:KK22", "did you mean `K`?"),
        (&draughts, "B:K", "expected a site after the prefix `K`"),
        (&draughts, "B:K33", "no site `33`"),
        (
            &poly,
            "D:a1*x",
            "`D:a1*x`: bad count `x`: a count is a whole number from 1 to 1",
        ),
        (&poly, "D:a1*0", "bad count `0`"),
        (&draughts, "B:22*99999999999999999999", "bad count"),
        (
            &draughts,
            "B:K22*2",
            "would hold 4 pieces; this game's stacks hold at most 2",
        ),
        (
            &poly,
            "D:a1 L:a1",
            "site `a1` is named twice (`D:a1`, then `L:a1`): in this game a site is named once",
        ),
        (
            &poly,
            "D:a1 a2",
            "`a2`: expected a group LETTER:SITES (`D D:h1 L:h2`)",
        ),
        (
            &poly,
            "L: D:a1",
            "the side to move is written without a colon",
        ),
    ];
    for (g, text, message) in cases {
        let e = err(g, text);
        assert!(e.contains(message), "{text:?}: {e}");
    }
}

#[test]
fn every_shipped_games_example_reads_and_positions_round_trip() {
    for name in shipped_games() {
        let g = game(name, &[]);
        let example = example(&g);
        let st = State::from_position(g.clone(), &example).expect(&example);
        // A position the rules judge over when it is given (Lines of
        // Action's lone piece a side is one group: a win) is written with
        // its outcome after the example's text.
        let written = st.to_position().unwrap_or_default();
        let over = st.is_over() && written.starts_with(&format!("{example} outcome="));
        // A player to move with no legal move passes under `(no-moves
        // Pass)`, as in play: backgammon's White, given no dice to play,
        // passes to Black's throw (docs/chance.md).
        // The example names the first player to move: the second to
        // move, one turn on, is a pass.
        let passes = st.current_player() == 1 && written.contains(" turns=1");
        assert!(
            written == example || over || passes,
            "{name}: {example} -> {written}"
        );
        // Positions along a game: written, read back, the same; not
        // written only when a piece's kind has no setup code (an
        // oceanocide bridge). A chance node is written as the position
        // before the step that rolls and that step (docs/chance.md:
        // backgammon's throw after each turn); the position after
        // nature's move, with the dice left.
        let uncoded = |st: &State| {
            (0..g.board.len() as Site)
                .flat_map(|s| st.stack(s).iter())
                .any(|&p| g.kind(p) != 0 && !g.codes.iter().any(|c| c.kind == g.kind(p)))
        };
        let mut st = State::new(g.clone());
        for i in 0..40 {
            let moves = st.legal_turn_strings();
            if moves.is_empty() {
                break;
            }
            st.play_str(&moves[i * 7 % moves.len()]).unwrap();
            let Some(text) = st.to_position() else {
                assert!(uncoded(&st), "{name}: not written:\n{st}");
                continue;
            };
            let back = State::from_position(g.clone(), &text).expect(&text);
            assert_eq!(back.current_player(), st.current_player(), "{text}");
            assert_eq!(back.dice_left(), st.dice_left(), "{name}: {text}");
            assert_eq!(back.chance_outcomes(), st.chance_outcomes(), "{text}");
            for s in 0..g.board.len() as Site {
                assert_eq!(back.stack(s), st.stack(s), "{name}: {text}");
            }
        }
    }
}

#[test]
fn mangled_input_never_panics() {
    let cases = [
        ("genocide", "B R:d4*2,a1 B:d4, h8*3 R:a1"),
        ("checkers", "W B:K22,11 W:18,K3"),
        ("polypods", "L D:a3, b2 L:h5,c4"),
    ];
    let alphabet: Vec<char> = ":,* 0Kk9RBDLxé".chars().collect();
    for (name, base) in cases {
        let g = game(name, &[]);
        let base: Vec<char> = base.chars().collect();
        let mut read = 0;
        for end in 0..=base.len() {
            let _ = parse_position(&g, &base[..end].iter().collect::<String>());
            for &c in &alphabet {
                let mut chars = base.clone();
                chars.insert(end, c);
                let Ok(pos) = parse_position(&g, &chars.iter().collect::<String>()) else {
                    continue;
                };
                let written = write_position(&g, pos.to_move.unwrap_or(0), &pos.stacks);
                let mut back = parse_position(&g, &written.unwrap()).unwrap().stacks;
                let mut stacks = pos.stacks;
                back.sort();
                stacks.sort();
                assert_eq!(back, stacks);
                read += 1;
            }
        }
        assert!(read > 10, "{name}: {read}");
    }
}

/// Backgammon's bar and trays are sites like the points: a position with
/// checkers on both bars and borne off on both sides, and dice left to
/// play, is written and read back the same, each stack's height kept.
#[test]
fn backgammon_bars_and_trays_round_trip() {
    let g = game("backgammon", &[]);
    // White: 2 on the bar, 3 borne off; Black: 1 on the bar, 4 off.
    let text = "W W:6*3,13*5,24*2,wbar*2,woff*3 B:1*2,12*4,17*3,19,bbar,boff*4 dice-left=3,5";
    let st = State::from_position(g.clone(), text).expect(text);
    let height = |l: &str| st.stack(g.board.site_by_label(l).unwrap()).len();
    assert_eq!(
        ["wbar", "woff", "bbar", "boff", "19"].map(height),
        [2, 3, 1, 4, 1]
    );
    assert_eq!(st.dice_left().faces(), [3, 5]);
    let written = st.to_position().expect("written");
    let back = State::from_position(g.clone(), &written).expect(&written);
    assert_eq!(back.to_position().as_deref(), Some(written.as_str()));
    for s in 0..g.board.len() as Site {
        assert_eq!(back.stack(s), st.stack(s), "{written}");
    }
    // Only the bar's checkers may move: entering with a 3 or a 5.
    assert!(st.legal_moves().iter().all(|m| {
        let from = st.move_to_string(m);
        from.starts_with("wbar")
    }));
}

/// Field values outside what the text promises are refused with the
/// reason: a counter holds ±2147483647 (its message says so), a hash is
/// hex digits (no sign).
#[test]
fn out_of_range_counters_and_signed_hashes_are_refused() {
    let bg = game("backgammon", &[]);
    let board = "W W:24*2 B:1*2 dice-left=1,2";
    let e = State::from_position(bg.clone(), &format!("{board} Points=-2147483648,0"))
        .map(|_| ())
        .expect_err("refused")
        .to_string();
    assert!(e.contains("±2147483647"), "{e}");
    // The bounds themselves read back.
    let text = format!("{board} Points=-2147483647,2147483647");
    let st = State::from_position(bg, &text).unwrap();
    assert!(
        st.to_position()
            .unwrap()
            .contains("Points=-2147483647,2147483647")
    );
    let checkers = game("checkers", &[]);
    for h in ["+1f", "-1", "", "1_0", "11111111111111111"] {
        let text = format!("B W:18 B:12 history={h},*");
        let e = State::from_position(checkers.clone(), &text)
            .err()
            .unwrap_or_else(|| panic!("`{h}` read"))
            .to_string();
        assert!(e.contains("expected a hash in hex"), "{h}: {e}");
    }
}

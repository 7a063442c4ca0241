//! Each board kind speaks its game's notation and draws its pieces:
//! square, draughts numbers, hex, triangular and graph boards, the
//! position editor, the move list's navigation.

use crate::driver::*;
use serde_json::json;
use std::time::{Duration, Instant};

#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn the_page_speaks_each_games_notation_and_draws_its_pieces() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-notation");
    let _ = std::fs::remove_dir_all(&profile);
    // `serve GAME`: the page opens on that game.
    let (_server, url) = serve(&["chess"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    c.goto(&url).unwrap();
    wait_text(&c, "#title", |t| t.contains("(chess)"));
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));
    // The FIDE start: 16 pawns, 4 knights, bishops and rooks, 2 queens
    // and kings, each drawn as its own picture; files and ranks round
    // the board, as its moves name them.
    for (picture, n) in [
        ("pawn", 16),
        ("knight", 4),
        ("bishop", 4),
        ("rook", 4),
        ("queen", 2),
        ("king", 2),
    ] {
        assert_eq!(
            count(&c, &format!("#board g.piece[data-picture={picture}]")),
            n,
            "{picture}"
        );
    }
    assert_eq!(count(&c, "#board text.coord"), 16);
    // The legend: the six kinds, each as its picture.
    assert_eq!(count(&c, "#legend li svg g.piece"), 6);
    let legend = c.find("#legend").unwrap().text().unwrap();
    assert!(
        legend.contains("Knight") && legend.contains("King"),
        "{legend}"
    );
    assert_eq!(
        count(&c, "g.site[data-label=e1] g.piece.p0[data-picture=king]"),
        1
    );
    shot(&c, &out, "chess-start");
    // Flip: a1 goes from the bottom left to the top right.
    let y_of = |label: &str| {
        c.execute(
            "return document.querySelector(`g.site[data-label=\"${arguments[0]}\"]`).getBoundingClientRect().top",
            vec![json!(label)],
        )
        .unwrap()
        .as_f64()
        .unwrap()
    };
    assert!(y_of("a1") > y_of("a8"));
    c.find("#flip").unwrap().click().unwrap();
    let t0 = Instant::now();
    while y_of("a1") > y_of("a8") {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "the board never turned"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    shot(&c, &out, "chess-flipped");
    // Seats are choices, and start afresh with another game.
    let seat = |i: usize| {
        c.execute(
            "return document.getElementById('seat-' + arguments[0]).value",
            vec![json!(i)],
        )
        .unwrap()
    };
    assert_eq!((seat(0), seat(1)), (json!("human"), json!("mcts:1s")));
    assert!(count(&c, "#seat-1 option") >= 10);
    c.find("#seat-1 option[value=\"human\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));

    // Draughts: the squares' numbers, as its moves are written; no
    // letters. The labels box hides them.
    choose_game(&c, "checkers");
    wait_text(&c, "#status", |t| t.contains("Black (B) to move"));
    // The seat boxes are drawn from the new game's view, which may land
    // after the status: wait for them (a CI run read chess's once).
    let t0 = Instant::now();
    while (seat(0), seat(1)) != (json!("human"), json!("mcts:1s"))
        && t0.elapsed() < Duration::from_secs(30)
    {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!((seat(0), seat(1)), (json!("human"), json!("mcts:1s")));
    c.find("#seat-1 option[value=\"human\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_count(&c, "#board text.label", 32);
    assert_eq!(count(&c, "#board text.coord"), 0);
    for n in [1, 14, 32] {
        let text = c
            .find(&format!("g.site[data-label=\"{n}\"] text.label"))
            .unwrap()
            .text()
            .unwrap();
        assert_eq!(text, n.to_string());
    }
    assert_eq!(count(&c, "#board g.piece[data-picture=man]"), 24);
    shot(&c, &out, "checkers-numbers");
    c.find("#labels").unwrap().click().unwrap();
    let shown = c
        .execute(
            "return getComputedStyle(document.querySelector('#board text.label')).display",
            vec![],
        )
        .unwrap();
    assert_eq!(shown, json!("none"));
    c.find("#labels").unwrap().click().unwrap();
    // A man dragged from 11 to 15 plays 11-15.
    let from = c.find("g.site[data-label=\"11\"] g.stack").unwrap();
    let to = c.find("g.site[data-label=\"15\"] rect.cell").unwrap();
    c.drag(&from, &to).unwrap();
    wait_count(&c, "#moves .ply", 1);
    assert_eq!(moves(&c), ["11-15"]);
    assert_eq!(
        count(&c, "g.site[data-label=\"15\"] g.piece.p0[data-picture=man]"),
        1
    );
    shot(&c, &out, "checkers-dragged");
    // A hint for White, thought on the server's pool: one of its legal
    // turns, drawn as an arrow.
    c.find("#hint-player option[value=\"ab:2\"]")
        .unwrap()
        .click()
        .unwrap();
    c.find("#hint").unwrap().click().unwrap();
    let said = wait_text(&c, "#hint-text", |t| t.starts_with("ab:2: "));
    let turn = said["ab:2: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let legal = c.execute("return view.legal", vec![]).unwrap();
    assert!(
        legal.as_array().unwrap().contains(&json!(turn)),
        "{said} not in {legal}"
    );
    assert!(said.contains("value for White"), "{said}");
    // Its line, two turns deep (ab:2's depth), beside the evaluation,
    // starting with the hint's turn; on the board one arrow a step (a
    // step of draughts notation joins two squares: `11-15` is one,
    // `27x18x11` two), each turn numbered.
    let line = wait_text(&c, "#hint-line", |t| t.starts_with("best line: "));
    let turns: Vec<&str> = line["best line: ".len()..].split(' ').collect();
    assert_eq!(turns.len(), 2, "{line}");
    assert_eq!(turns[0], turn, "{line}");
    let steps: usize = turns.iter().map(|t| t.split(['-', 'x']).count() - 1).sum();
    assert_eq!(count(&c, "#board .hint-arrow"), steps, "{line}");
    assert_eq!(count(&c, "#board .hint-dot"), 0);
    let numbers = c
        .execute(
            "return [...document.querySelectorAll('#board .hint-number')].map((e) => e.textContent).sort()",
            vec![],
        )
        .unwrap();
    assert_eq!(numbers, json!(["1", "2"]));
    // Each turn in its mover's colour: White's first, then Black's.
    let colours = c
        .execute(
            "return [1, 2].map((k) => document.querySelector(`#board .hint-turn[data-turn=\"${k}\"] .hint-arrow`).getAttribute('stroke'))",
            vec![],
        )
        .unwrap();
    let seats = c
        .execute("return view.seats.map((s) => s.colour)", vec![])
        .unwrap();
    assert_eq!(colours, json!([seats[1], seats[0]]), "{seats}");
    shot(&c, &out, "checkers-hint");
    // The position editor: Black's man taken off 9 and put on 13, White
    // to move; Done checks it and the game starts from it (after 11-15:
    // Black on 1-8, 10, 12, 13 and 15).
    c.find("#edit-start").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Editing the position"));
    c.find("#piece-take").unwrap().click().unwrap();
    click_site(&c, "9");
    wait_count(&c, "g.site[data-label=\"9\"] g.piece", 0);
    c.find("#palette button[title=\"Black Checker\"]")
        .unwrap()
        .click()
        .unwrap();
    click_site(&c, "13");
    wait_count(&c, "g.site[data-label=\"13\"] g.piece.p0", 1);
    c.find("#edit-mover option[value=\"1\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));
    shot(&c, &out, "checkers-editor");
    c.find("#edit-done").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t == "White (W) to move");
    let fen = wait_text(&c, "#fen", |t| !t.is_empty());
    assert_eq!(
        fen,
        "FEN W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,13,15"
    );
    assert!(moves(&c).is_empty());

    // Hex: every cell labelled as its moves are (11 × 11), and each
    // player's two sides outlined (hex.game's `(win)` asks for a group
    // joining "Near" and "Far"): 2 × 11 cells a player.
    choose_game(&c, "hex");
    wait_text(&c, "#status", |t| t.contains("Red (R) to move"));
    wait_count(&c, "#board text.label", 121);
    assert_eq!(count(&c, "g.site[data-label=a11] text.label"), 1);
    assert_eq!(count(&c, "#board .goal.p0"), 22);
    assert_eq!(count(&c, "#board .goal.p1"), 22);
    shot(&c, &out, "hex-edges");

    // Go (go.game: `drawn:Points`): the 9 lines each way of a 9 × 9
    // board and its five star points (c3, g3, e5, c7, g7 on a Go
    // board), a click on a crossing places a stone there.
    choose_game(&c, "go");
    wait_text(&c, "#status", |t| t.contains("Black (B) to move"));
    assert_eq!(count(&c, "#board line.grid"), 18);
    assert_eq!(count(&c, "#board circle.star"), 5);
    humans(&c);
    click_turns(&c, &["e5"]);
    wait_count(&c, "g.site[data-label=e5] g.piece[data-picture=stone]", 1);
    shot(&c, &out, "go-lines");

    // Backgammon: the opening throw drawn as two dice beside the board
    // (four for a double), none played yet.
    choose_game(&c, "backgammon");
    // The first mover's throw: at once for the computer, by Roll for a
    // human. The dice's words show once the page holds backgammon (the
    // status line alone still reads Go's "to move" for a moment).
    wait_text(&c, "#dice-words", |t| t.to_lowercase().contains("roll"));
    roll_if_asked(&c);
    wait_text(&c, "#dice-words", |t| t.starts_with("Rolled"));
    let dice = count(&c, "#dice svg.die");
    assert!(dice == 2 || dice == 4, "{dice} dice");
    assert_eq!(count(&c, "#dice svg.die.used"), 0);
    shot(&c, &out, "backgammon-dice");

    // Tic-tac-toe to the end, both seats human: one status line, naming
    // the rule that ended it (tictactoe.game: `(if (line 3 To) (win))`).
    choose_game(&c, "tictactoe");
    wait_text(&c, "#status", |t| t.contains("Cross (X) to move"));
    c.find("#seat-1 option[value=\"human\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_text(&c, "#seats", |_| seat(1) == json!("human"));
    click_turns(&c, &["a1", "a2", "b1", "b2", "c1"]);
    let status = wait_text(&c, "#status", |t| t.starts_with("Game over"));
    assert_eq!(status, "Game over: Cross wins: a line of 3");
    assert_eq!(count(&c, "#board g.piece[data-picture=mark]"), 5);
    shot(&c, &out, "tictactoe-over");
    // The move list: a click on a move goes there, the arrow keys step.
    c.find("#moves .ply[data-ply=\"2\"]")
        .unwrap()
        .click()
        .unwrap();
    wait_ply(&c, "2 / 5");
    wait_text(&c, "#status", |t| t.starts_with("Cross (X) to move"));
    let key = |k: &str| {
        c.execute(
            "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0]}))",
            vec![json!(k)],
        )
        .unwrap();
    };
    key("ArrowRight");
    wait_ply(&c, "3 / 5");
    key("ArrowLeft");
    key("ArrowLeft");
    wait_ply(&c, "1 / 5");
    key("End");
    wait_ply(&c, "5 / 5");
    wait_text(&c, "#status", |t| t.starts_with("Game over"));
    // The page's address reproduces the game: opened again, the same
    // turns, seats and ply.
    key("ArrowLeft");
    wait_ply(&c, "4 / 5");
    let here = c.execute("return location.href", vec![]).unwrap();
    let here = here.as_str().unwrap().to_string();
    assert!(here.contains("move=a1&move=a2"), "{here}");
    c.goto(&here).unwrap();
    wait_ply(&c, "4 / 5");
    assert_eq!(moves(&c), ["a1", "a2", "b1", "b2", "c1"]);
    assert_eq!(seat(1), json!("human"));
    key("End");
    wait_text(&c, "#status", |t| t == "Game over: Cross wins: a line of 3");

    // Every shipped game: a screenshot, and each piece drawn as a
    // picture its rule file names.
    let (_, games) = get_json(&url, "/api/games");
    for g in games["games"].as_array().unwrap() {
        let id = g["id"].as_str().unwrap();
        c.goto(&format!("{url}?game={id}")).unwrap();
        wait_text(&c, "#title", |t| t.contains(&format!("({id})")));
        wait_text(&c, "#status", |t| !t.is_empty());
        let declared = declared_pictures(&root().join(format!("games/{id}.game")));
        assert!(!declared.is_empty(), "{id} names no picture");
        for p in pictures_shown(&c) {
            assert!(
                declared.contains(&p),
                "{id}: a {p} is drawn; it names {declared:?}"
            );
        }
        // The legend draws every kind, even in a game that starts with an
        // empty board (Go, Hex): each as a picture its rule file names.
        let legend = legend_pictures(&c);
        assert!(!legend.is_empty(), "{id}: no piece in the legend");
        for p in legend {
            assert!(
                declared.contains(&p),
                "{id}: the legend draws a {p}; it names {declared:?}"
            );
        }
        if id == "polypods" {
            // polypods.game: `(role "Body" … mark:"*")`.
            let legend = c.find("#legend").unwrap().text().unwrap();
            assert!(
                legend.contains("an orange ring and * on a stack: Body (a role)"),
                "{legend}"
            );
        }
        shot(&c, &out, &format!("game-{id}"));
    }
    c.close().unwrap();
}

//! Games of one player (docs/players.md, "One player"): the end rules
//! speak for the one player, and its game ends in a win (return +1), a
//! loss ([`Outcome::Loss`], return −1) or a draw (0), on both tiers. A
//! loss is never handed to "the other player", nor taken for a draw.

use super::{game, play};
use crate::engine::{EndReason, Engine, FirstPlace, Outcome, State};

/// A 3×3 board that the one player `A` fills with marks, one a turn;
/// `then` is the placement's effect (empty: none), `end` the end clause.
fn solitaire(then: &str, end: &str) -> String {
    let then = match then {
        "" => String::new(),
        t => format!(" then:{t}"),
    };
    format!(
        r#"(game "X" (players (player "A" letter:"A")) (board (square 3 3)) (piece "M")
             (play (place "M" to:Empty{then})) {end})"#
    )
}

/// The game `text` on `engine` after the turns `moves`.
fn after(text: &str, engine: Engine, moves: &str) -> State {
    let mut st = State::with_engine(game(text), engine);
    for m in moves.split_whitespace() {
        play(&mut st, m);
    }
    st
}

/// Every site filled, row by row (for games without a line rule): the
/// player to move has no legal move left.
const FULL: &str = "a1 b1 c1 a2 b2 c2 a3 b3 c3";

const ENGINES: [Engine; 2] = [Engine::Reference, Engine::Compiled];

/// The outcome of `st`, its returns, and who is first.
fn end(st: &State) -> (Option<Outcome>, Vec<f64>, Option<FirstPlace>) {
    let o = st.outcome();
    (o, st.returns(), o.map(|o| o.first_place(1)))
}

#[test]
fn a_lose_effect_ends_the_game_in_the_one_player_s_loss() {
    let text = solitaire("(if (line 3 To) (lose))", "");
    for engine in ENGINES {
        let st = after(&text, engine, "a1 a2");
        assert_eq!(st.outcome(), None, "{engine:?}");
        let st = after(&text, engine, "a1 a2 a3");
        let loss = Outcome::Loss(0, EndReason::Result);
        assert_eq!(
            end(&st),
            (Some(loss), vec![-1.0], Some(FirstPlace::Nobody)),
            "{engine:?}"
        );
        assert_eq!(loss.winner(), None);
        // The game is over: no move is left to play.
        assert!(st.legal_moves().is_empty(), "{engine:?}");
    }
}

#[test]
fn a_lose_when_rule_is_the_one_player_s_loss_not_a_draw() {
    // Every player for whom the rule holds loses, all at once a draw:
    // but the one player losing alone is its loss.
    let text = solitaire("", "(end (lose-when (line 3 Last)) (no-moves Win))");
    for engine in ENGINES {
        let st = after(&text, engine, "a1 a2 a3");
        let loss = Outcome::Loss(0, EndReason::LoseCondition);
        assert_eq!(
            end(&st),
            (Some(loss), vec![-1.0], Some(FirstPlace::Nobody)),
            "{engine:?}"
        );
    }
}

#[test]
fn no_moves_loss_is_a_loss_and_no_moves_draw_a_draw() {
    for engine in ENGINES {
        let st = after(&solitaire("", "(end (no-moves Loss))"), engine, FULL);
        let loss = Outcome::Loss(0, EndReason::NoMoves);
        assert_eq!(
            end(&st),
            (Some(loss), vec![-1.0], Some(FirstPlace::Nobody)),
            "{engine:?}"
        );
        let draw = Outcome::Draw(EndReason::NoMoves);
        for rules in ["(end (no-moves Draw))", ""] {
            let st = after(&solitaire("", rules), engine, FULL);
            assert_eq!(
                end(&st),
                (Some(draw), vec![0.0], Some(FirstPlace::Everyone)),
                "{engine:?} {rules}"
            );
        }
    }
}

#[test]
fn a_win_is_worth_one() {
    for engine in ENGINES {
        let text = solitaire("(if (line 3 To) (win))", "(end (no-moves Loss))");
        let st = after(&text, engine, "a1 a2 a3");
        let win = Outcome::Win(0, EndReason::Result);
        assert_eq!(
            end(&st),
            (Some(win), vec![1.0], Some(FirstPlace::Alone(0))),
            "{engine:?}"
        );
        let st = after(&solitaire("", "(end (no-moves Win))"), engine, FULL);
        let win = Outcome::Win(0, EndReason::NoMoves);
        assert_eq!(end(&st).1, vec![1.0], "{engine:?} {win:?}");
        assert_eq!(st.outcome(), Some(win), "{engine:?}");
    }
}

#[test]
fn a_loss_is_said_and_written_as_a_loss_and_read_back() {
    let text = solitaire("(if (line 3 To) (lose))", "");
    let st = after(&text, Engine::Reference, "a1 a2 a3");
    let o = st.outcome().expect("over");
    // What `show` and `play` print at the end.
    let said = crate::render::describe_outcome(&st, &o);
    assert_eq!(said, "A loses (a rule's result)");
    // The position text keeps the loss: read back, the same outcome.
    let pos = st.to_position().unwrap();
    assert!(pos.contains("outcome=loss-A,result"), "{pos}");
    let back = State::from_position(st.game().clone(), &pos).unwrap();
    assert_eq!(back.outcome(), Some(o));
    assert_eq!(back.returns(), [-1.0]);
}

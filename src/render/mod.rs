//! Rendering of positions: text for the terminal, SVG pictures ([`svg`]).

pub mod intervals;
pub mod notes;
pub mod plot;
pub mod svg;

use crate::engine::State;

/// The text of one stack: `.` when empty; otherwise the top owner's letter,
/// lower case for a single piece, upper case for a stack of two, and upper
/// case followed by the height for taller stacks (`B3`) — a single piece
/// of a kind with a `letter:` shows that letter instead, a capital for the
/// first player (`Q`, `q`); then the marks of
/// the roles that hold there (`d*` for a body stone).
pub fn stack_text(st: &State, site: u16) -> String {
    let game = st.game();
    let h = st.height(site);
    let Some(owner) = st.top_owner(site) else {
        // An empty site of a region with a mark (water: `~`).
        let g = &**game;
        let mark = g
            .region_marks
            .iter()
            .enumerate()
            .find_map(|(r, m)| m.as_ref().filter(|_| g.regions[r][0][site as usize]));
        return mark.cloned().unwrap_or_else(|| ".".into());
    };
    let letter = game.players[owner as usize].letter;
    let symbol = st
        .top(site)
        .and_then(|p| game.kind_symbols.get(game.kind(p) as usize)?.as_deref());
    // A kind with a FEN letter: the letter, a capital for the first
    // player (`K`, `k`).
    let kind_letter = st
        .top(site)
        .and_then(|p| *game.kind_letters.get(game.kind(p) as usize)?);
    let mut text = match (symbol, h) {
        (None, 1) if kind_letter.is_some() => kind_letter
            .map(|l| {
                if owner == 0 {
                    l.to_ascii_uppercase()
                } else {
                    l.to_ascii_lowercase()
                }
            })
            .into_iter()
            .collect(),
        (Some(sym), 1) => sym.to_string(),
        (Some(sym), _) => format!("{sym}{h}"),
        (None, h) => match h {
            1 => letter.to_ascii_lowercase().to_string(),
            2 => letter.to_ascii_uppercase().to_string(),
            _ => format!("{}{h}", letter.to_ascii_uppercase()),
        },
    };
    // Marks of the roles that hold here (`(role "Body" … mark:"*")`).
    for name in st.roles_at(site) {
        if let Some(mark) = game
            .roles
            .iter()
            .find(|r| r.name == name)
            .and_then(|r| r.mark.as_deref())
        {
            text.push_str(mark);
        }
    }
    text
}

/// The board with every stack, then the player to move.
pub fn render(st: &State) -> String {
    let mut out = render_board(st);
    out.push_str(&to_move_line(st));
    out
}

/// The board with every stack and nothing under it (no player to move):
/// the last board of a finished game, its result printed after it.
pub fn render_board(st: &State) -> String {
    st.game().board.render(|s| stack_text(st, s))
}

/// The board with every stack, then the result of the finished game
/// (`game over: Cross wins (…)`) where [`render`] names the player to
/// move: no one is to move in a finished game.
pub fn render_finished(st: &State, outcome: &crate::engine::Outcome) -> String {
    let mut out = render_board(st);
    out.push_str(&format!("\ngame over: {}\n", describe_outcome(st, outcome)));
    out
}

/// The line under the board: `\nBlack (B) to move`, the phase, the
/// mover's counters and a turn in progress, ending in a newline.
fn to_move_line(st: &State) -> String {
    let game = st.game();
    let mut out = String::new();
    let p = &game.players[st.current_player() as usize];
    if let Some(r) = st.chance_roll() {
        // Nature moves (docs/chance.md): the board is as it was before
        // the step that rolls.
        out.push_str(&format!(
            "\nnature rolls {}d{} (for {} step)",
            r.dice,
            r.sides,
            crate::diag::possessive(&p.name)
        ));
    } else if p.name.ends_with(p.letter) {
        out.push_str(&format!("\n{} to move", p.name));
    } else {
        out.push_str(&format!("\n{} ({}) to move", p.name, p.letter));
    }
    // Phases and counters (movement points): what the mover has left.
    if game.phases.len() > 1 {
        out.push_str(&format!(", phase {}", game.phases[st.phase()].name));
    }
    for (i, c) in game.counters.iter().enumerate() {
        out.push_str(&format!(
            ", {} {}",
            c.name,
            st.counter(i as u8, st.current_player())
        ));
    }
    if let Some(c) = st.continuation() {
        out.push_str(&format!(
            ", continuing from {}",
            game.board.site(c.site).label
        ));
    } else if let Some(b) = st.again() {
        out.push_str(&format!(
            ", moving again ({})",
            game.block_names[b as usize]
        ));
        let marked: Vec<&str> = st
            .marked_sites()
            .iter()
            .map(|&s| game.board.site(s).label.as_str())
            .collect();
        if !marked.is_empty() {
            out.push_str(&format!(" from {}", marked.join(" ")));
        }
    }
    out.push('\n');
    out
}

/// A sentence for an outcome: "Black wins (NoMoves)", "draw (Repetition)";
/// a ranking of several players gives each seat's place: "Red 1st, Blue
/// 2nd, Yellow 3rd (a rule's result)"; a game of one player may end in its
/// loss: "Solver loses (lose condition)".
pub fn describe_outcome(st: &State, o: &crate::engine::Outcome) -> String {
    let reason = o.reason().to_string();
    let result = match (o, o.winner()) {
        (crate::engine::Outcome::Ranked(..), _) => format!("{} ({reason})", places_text(st, o)),
        (crate::engine::Outcome::Loss(l, _), _) => format!(
            "{} ({reason})",
            crate::diag::loses(&st.game().players[*l as usize].name)
        ),
        (_, Some(w)) => format!(
            "{} ({reason})",
            crate::diag::wins(&st.game().players[w as usize].name)
        ),
        (_, None) => format!("draw ({reason})"),
    };
    match scores_text(st) {
        Some(scores) => format!("{result}; scores {scores}"),
        None => result,
    }
}

/// Each seat's place in a ranked outcome, in seat order: "Red 1st, Blue
/// 1st, Yellow 3rd" (two seats equal on score share first place, and the
/// next is third: the places of `Outcome::places`).
pub fn places_text(st: &State, o: &crate::engine::Outcome) -> String {
    let game = st.game();
    let places = o.places(game.num_players());
    let each: Vec<String> = game
        .players
        .iter()
        .zip(places)
        .map(|(p, q)| format!("{} {}", p.name, ordinal(q)))
        .collect();
    each.join(", ")
}

/// A place written as an ordinal: 1st, 2nd, 3rd, 4th, …
fn ordinal(q: u8) -> String {
    let suffix = match (q % 10, q % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{q}{suffix}")
}

/// Each player's score, tie-breaks in brackets (`Dark 10 (3), Light 10
/// (5)`), in tenths with one digit after the point when the score has a
/// decimal number (`Black 40.0, White 48.5`); `None` when the game
/// declares no `(score …)`.
pub fn scores_text(st: &State) -> Option<String> {
    st.game().end.score.as_ref()?;
    let text = |n: &i64| match st.game().end.score_tenths {
        true => crate::syntax::tenths_text(*n),
        false => n.to_string(),
    };
    let parts: Vec<String> = st
        .game()
        .players
        .iter()
        .enumerate()
        .map(|(p, info)| {
            let v = st.scores(p as u8);
            let ties: Vec<String> = v[1..].iter().map(text).collect();
            if ties.is_empty() {
                format!("{} {}", info.name, text(&v[0]))
            } else {
                format!("{} {} ({})", info.name, text(&v[0]), ties.join(", "))
            }
        })
        .collect();
    Some(parts.join(", "))
}

/// The board with each site's label, for learning the notation.
pub fn render_labels(st: &State) -> String {
    let b = &st.game().board;
    b.render(|s| b.site(s).label.clone())
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&render(self))
    }
}

//! Text rendering of positions for the terminal.

use crate::engine::State;

/// The text of one stack: `.` when empty; otherwise the top owner's letter,
/// lower case for a single piece, upper case for a stack of two, and upper
/// case followed by the height for taller stacks (`B3`). In games whose
/// stacks may hold more than two pieces, every stack shows the upper-case
/// letter and its height (`W1`, `B2`, `W13`).
pub fn stack_text(st: &State, site: u16) -> String {
    let game = st.game();
    let h = st.height(site);
    let Some(owner) = st.top_owner(site) else {
        return ".".into();
    };
    let letter = game.players[owner as usize].letter;
    if game.stack_cap > 2 {
        return format!("{}{h}", letter.to_ascii_uppercase());
    }
    match h {
        1 => letter.to_ascii_lowercase().to_string(),
        2 => letter.to_ascii_uppercase().to_string(),
        _ => format!("{}{h}", letter.to_ascii_uppercase()),
    }
}

/// The board with every stack, then the player to move.
pub fn render(st: &State) -> String {
    let game = st.game();
    let mut out = game.board.render(|s| stack_text(st, s));
    let p = &game.players[st.current_player() as usize];
    out.push_str(&format!("\n{} ({}) to move", p.name, p.letter));
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

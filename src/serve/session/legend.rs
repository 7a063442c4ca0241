//! The legend beside the board: each piece kind's picture, the marks of
//! roles and regions, what outlines and numbers on stacks mean.

use serde_json::{Value, json};

use super::Session;
use ludic::compile::Game;
use ludic::engine::State;
use ludic::render::svg::{piece_svg, piece_svg_as};

/// The legend's picture of a marked site, as the board draws it.
const MARK_SVG: &str = r##"<svg width="28" height="28" viewBox="0 0 28 28"><circle cx="14" cy="14" r="11" fill="none" stroke="#8e44ad" stroke-width="3" stroke-dasharray="6 4"/></svg>"##;

impl Session {
    /// `[{"svg"?, "text"}]`: one entry per piece kind (its picture, in
    /// the first player's colour), a draughts king (two men stacked,
    /// crowned) where men may stack, one per role or region with a mark,
    /// for marked sites in a game whose rules mark them, for goal
    /// outlines and for stack heights when the board may show them
    /// ([`shows_heights`]).
    pub(super) fn legend_json(&self, st: &State, game: &Game) -> Value {
        let mut out: Vec<Value> = (0..game.kinds.len())
            .filter_map(|k| u8::try_from(k).ok())
            .map(|k| {
                json!({"svg": piece_svg(st, game.piece(k, 0)),
                            "text": game.kinds[usize::from(k)]})
            })
            .collect();
        for r in game.roles.iter() {
            if let Some(m) = &r.mark {
                out.push(json!({"text": format!(
                    "an orange ring and {m} on a stack: {} (a role)", r.name)}));
            }
        }
        for (name, m) in game.region_names.iter().zip(&game.region_marks) {
            if let Some(m) = m {
                out.push(json!({"text": format!("{m} on an empty site: {name} (a region)")}));
            }
        }
        if let Some(notes) = &self.notes
            && !self.goal_sites(game).is_empty()
        {
            out.push(json!({"text": format!(
                "a site outlined in a player's colour: that player's goal ({})",
                notes.goals.join(", "))}));
        }
        let (turn, step) = super::edit::mark_spans(game);
        if turn || step {
            out.push(json!({"svg": MARK_SVG,
                "text": "a dashed ring: a site the rules marked this turn"}));
        }
        // A stack of two men of one owner is drawn crowned: a draughts
        // king.
        for k in 0..game.kinds.len() {
            let man = game.kind_pictures.get(k).and_then(|p| p.as_deref()) == Some("man");
            if man && game.stack_cap >= 2 {
                let kind = &game.kinds[k];
                let piece = game.piece(k as u8, 0);
                out.push(json!({"svg": piece_svg_as(st, piece, true),
                    "text": format!("a king: two {kind}s stacked, crowned")}));
            }
        }
        if shows_heights(st, game) {
            out.push(json!({"text": "a number on a stack: its height (the owners bottom first are its tooltip)"}));
        }
        json!(out)
    }
}

/// True when the board may show a stack's height: the rules declare
/// stacks of more than one piece (`(stack-limit N)`), unless every kind
/// is a draughts man and stacks hold two (drawn crowned, never
/// numbered); or a stack of two or more stands on the board now (a rule
/// file that stacks without declaring a limit). Chess, whose pieces
/// never stack, has no such line.
fn shows_heights(st: &State, game: &Game) -> bool {
    let all_men = (0..game.kinds.len())
        .all(|k| game.kind_pictures.get(k).and_then(|p| p.as_deref()) == Some("man"));
    let declared = game.stack_limit_declared && game.stack_cap > 1;
    let crowned_only = all_men && game.stack_cap == 2;
    let standing = (0..game.board.len()).any(|s| st.height(s as ludic::board::Site) > 1);
    (declared || standing) && !crowned_only
}

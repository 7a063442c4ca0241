//! The legend beside the board: each piece kind's picture, the marks of
//! roles and regions, what outlines and numbers on stacks mean.

use serde_json::{Value, json};

use super::Session;
use crate::compile::Game;
use crate::engine::State;
use crate::render::svg::piece_svg;

/// The legend's picture of a marked site, as the board draws it.
const MARK_SVG: &str = r##"<svg width="28" height="28" viewBox="0 0 28 28"><circle cx="14" cy="14" r="11" fill="none" stroke="#8e44ad" stroke-width="3" stroke-dasharray="6 4"/></svg>"##;

impl Session {
    /// `[{"svg"?, "text"}]`: one entry per piece kind (its picture, in
    /// the first player's colour), per role or region with a mark, for
    /// marked sites in a game whose rules mark them, for goal outlines and
    /// for stack heights when the game has them.
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
        if game.stack_cap > 1 {
            out.push(json!({"text": "a number on a stack: its height (the owners bottom first are its tooltip)"}));
        }
        json!(out)
    }
}

//! The position editor: a draft board the page changes site by site
//! (a piece put on top of a stack, the top piece taken off), a side to
//! move and the state's phase, turn and no-progress counts and counters
//! (each checked as a position text reads it when set), drawn as it
//! stands and written as position text and FEN as it changes. Nothing is checked until the draft is done: then it is
//! read back as a position text ([`ludic::engine::State::from_position`])
//! and, in a game with FEN, as FEN too, with the checks FEN positions get
//! (the royal pieces: as many as the setup gives, the side not to move
//! not in check; no man on its crowning row) and, if it passes, the game
//! starts from it; else the draft stays, with the reason.

use serde_json::{Value, json};

use super::Session;
use ludic::board::Site;
use ludic::compile::Piece;
use ludic::engine::State;
use ludic::record::position_fields::{KEYWORDS, decode, encode, read_fields, without_history};
use ludic::record::{Position, write_position};
use ludic::render::svg::piece_svg;

/// A position being edited.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The player to move.
    pub mover: u8,
    /// Each site's stack, bottom first, indexed by site.
    pub stacks: Vec<Vec<Piece>>,
    /// The state's fields the editor sets, as a position text writes
    /// them (`phase`, `turns`, `no-progress`, `unmoved` in a game that
    /// tracks unmoved stacks, `marks` and `step-marks` in a game whose
    /// rules mark sites, `dice` in a game that rolls, `dice-left` in a
    /// game whose moves use the dice thrown, each counter by
    /// name with a value per player: `Hand=7,8`), each checked when set.
    pub fields: Vec<(String, String)>,
}

/// One change to the draft (`POST …/edit`).
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Start editing from the position shown.
    Start,
    /// Put a piece on top of the stack at a site.
    Put(Site, Piece),
    /// Take the top piece off the stack at a site.
    Take(Site),
    /// Set the player to move.
    Mover(u8),
    /// Set one of the draft's fields (its name, its value as a position
    /// text writes it).
    Field(String, String),
    /// Check the draft and start the game from it.
    Done,
    /// Leave the editor, the game as it was.
    Cancel,
}

impl Draft {
    /// The draft as a state (its board unchecked; its fields were checked
    /// as they were set), for drawing and writing.
    pub fn state(&self, game: &std::sync::Arc<ludic::compile::Game>) -> State {
        let mut st = State::from_setup(game.clone(), &self.position());
        // Each field alone, so that one the board no longer allows (an
        // unmoved site emptied since) leaves the others.
        for (name, value) in &self.fields {
            let value = match name.as_str() {
                "unmoved" => self.occupied(game, value),
                _ => value.clone(),
            };
            if value.is_empty() {
                continue;
            }
            let mut with = st.clone();
            if read_fields(&mut with, &[(name.clone(), value)]).is_ok() {
                st = with;
            }
        }
        st
    }

    /// The sites of a list of labels (`a1,e1,h1`) whose stacks are not
    /// empty in the draft.
    fn occupied(&self, game: &ludic::compile::Game, labels: &str) -> String {
        let board = &game.board;
        let full = |l: &&str| {
            let l = decode(l).unwrap_or_default();
            (0..board.len() as Site).any(|s| {
                board.site(s).label == l
                    && self
                        .stacks
                        .get(usize::from(s))
                        .is_some_and(|v| !v.is_empty())
            })
        };
        labels.split(',').filter(full).collect::<Vec<_>>().join(",")
    }

    /// The fields the editor sets, with `st`'s values: the phase (when
    /// the game has several), the turn and no-progress counts, and each
    /// counter.
    fn fields_of(st: &State) -> Vec<(String, String)> {
        let game = st.game();
        let mut out = Vec::new();
        if game.phases.len() > 1 {
            let name = game.phases.get(st.phase()).map_or("", |p| p.name.as_str());
            out.push(("phase".to_string(), encode(name)));
        }
        out.push(("turns".to_string(), st.turns().to_string()));
        out.push(("no-progress".to_string(), st.no_progress().to_string()));
        if game.tracks_unmoved {
            // The stacks that have not moved (castling rights), as the
            // position text lists them.
            let text = st.to_position().unwrap_or_default();
            let sites = text.split(' ').find_map(|w| w.strip_prefix("unmoved="));
            out.push(("unmoved".to_string(), sites.unwrap_or_default().to_string()));
        }
        // The marks of a turn in progress (`mark`, `mark-all`: the sites
        // a Genocide turn has stepped on) in a game whose rules make them,
        // and the dice's generator in a game that rolls.
        let (turn, step) = mark_spans(game);
        let text = st.to_position().unwrap_or_default();
        for (name, used) in [("marks", turn), ("step-marks", step)] {
            if used {
                let key = format!("{name}=");
                let sites = text.split(' ').find_map(|w| w.strip_prefix(key.as_str()));
                out.push((name.to_string(), sites.unwrap_or_default().to_string()));
            }
        }
        if game.has_chance() {
            out.push(("dice".to_string(), format!("{:x}", st.dice_state())));
        }
        // The dice left to play in a game whose moves use them
        // (backgammon's `dice-left=3,5`; empty: none).
        if game
            .gens
            .iter()
            .any(|g| matches!(g.kind, ludic::compile::ir::GenKind::Advance(_)))
        {
            let dice = text.split(' ').find_map(|w| w.strip_prefix("dice-left="));
            out.push((
                "dice-left".to_string(),
                dice.unwrap_or_default().to_string(),
            ));
        }
        for (c, counter) in game.counters.iter().enumerate() {
            let key = encode(&counter.name);
            if KEYWORDS.contains(&key.as_str()) {
                continue;
            }
            let values: Vec<String> = (0..game.num_players() as u8)
                .map(|p| st.counter(c as u8, p).to_string())
                .collect();
            out.push((key, values.join(",")));
        }
        out
    }

    fn position(&self) -> Position {
        Position {
            to_move: Some(self.mover),
            stacks: self.list(),
        }
    }

    fn list(&self) -> Vec<(Site, Vec<Piece>)> {
        (0..)
            .zip(&self.stacks)
            .filter(|(_, v)| !v.is_empty())
            .map(|(s, v)| (s, v.clone()))
            .collect()
    }
}

impl Session {
    /// Applies `edit` to the draft; an error says why and changes nothing.
    pub fn edit(&mut self, edit: Edit) -> Result<(), String> {
        let game = self.game.clone().ok_or("the rules do not compile")?;
        if edit == Edit::Start {
            let st = self.current.as_ref().ok_or("the rules do not compile")?;
            let stacks = (0..game.board.len() as Site)
                .map(|s| st.stack(s).to_vec())
                .collect();
            self.draft = Some(Draft {
                mover: st.current_player(),
                stacks,
                fields: Draft::fields_of(st),
            });
            self.message = Some("editing: choose a piece, then click sites".into());
            self.version += 1;
            return Ok(());
        }
        let draft = self.draft.as_mut().ok_or("not editing a position")?;
        match edit {
            Edit::Put(site, piece) => {
                let stack = draft
                    .stacks
                    .get_mut(usize::from(site))
                    .ok_or_else(|| format!("no site {site}"))?;
                if usize::from(piece) >= game.num_pieces() {
                    return Err(format!("no piece {piece}"));
                }
                if stack.len() >= game.stack_cap {
                    return Err(format!(
                        "the stack at {} is full ({} pieces at most)",
                        game.board.site(site).label,
                        game.stack_cap
                    ));
                }
                stack.push(piece);
            }
            Edit::Take(site) => {
                let stack = draft
                    .stacks
                    .get_mut(usize::from(site))
                    .ok_or_else(|| format!("no site {site}"))?;
                stack.pop().ok_or("that site is empty")?;
            }
            Edit::Mover(p) if usize::from(p) < game.players.len() => draft.mover = p,
            Edit::Mover(p) => return Err(format!("no player {p}")),
            Edit::Field(name, value) => {
                let at = draft
                    .fields
                    .iter()
                    .position(|(n, _)| *n == name)
                    .ok_or_else(|| {
                        let names: Vec<&str> =
                            draft.fields.iter().map(|(n, _)| n.as_str()).collect();
                        format!("no field `{name}`: the editor sets {}", names.join(", "))
                    })?;
                // Checked as the position text reads it: the reason is
                // the text's own (`Hand=x`: not a number).
                let mut st = State::from_setup(game.clone(), &draft.position());
                let word = [(name.clone(), value.trim().to_string())];
                // An empty list (`unmoved=`): none.
                if !word[0].1.is_empty() {
                    read_fields(&mut st, &word).map_err(|e| e.to_string())?;
                }
                draft.fields[at].1 = word[0].1.clone();
            }
            Edit::Done => return self.finish_edit(),
            Edit::Cancel => {
                self.draft = None;
                self.message = None;
            }
            Edit::Start => {}
        }
        self.version += 1;
        Ok(())
    }

    /// Reads the draft back with the game's checks and starts from it.
    fn finish_edit(&mut self) -> Result<(), String> {
        let (game, draft) = match (&self.game, &self.draft) {
            (Some(g), Some(d)) => (g.clone(), d.clone()),
            _ => return Err("not editing a position".into()),
        };
        write_position(&game, draft.mover, &draft.list())
            .ok_or("a stack on the board cannot be written with the game's setup codes")?;
        let text = draft
            .state(&game)
            .to_position()
            .ok_or("the draft cannot be written as a position text")?;
        // A game with FEN also gets the checks FEN positions get: the
        // royal pieces (one king each, the side not to move not in
        // check), no stack where an arriving move would have changed it.
        let st = State::from_position(game.clone(), &text).map_err(|e| format!("position: {e}"))?;
        if let Some(fen) = st.to_fen() {
            State::from_fen(game, &fen).map_err(|e| format!("position: {e}"))?;
        }
        self.load_position(&text)?;
        self.draft = None;
        self.message = Some(format!("position set: {text}"));
        Ok(())
    }

    /// The editor's part of the view: `null` when not editing, else the
    /// draft's `position` text (`null` when a stack cannot be written),
    /// `fen`, `to_move`, the `fields` it sets (each `{"name", "value",
    /// "choices"}`: the phase's names, else none) and the `palette` of
    /// pieces (each `{"piece", "owner", "kind", "svg"}`).
    pub(super) fn edit_json(&self) -> Value {
        let (Some(game), Some(d)) = (&self.game, &self.draft) else {
            return Value::Null;
        };
        let st = d.state(game);
        let palette: Vec<Value> = (0..game.num_pieces())
            .filter_map(|p| Piece::try_from(p).ok())
            .map(|p| {
                let owner = usize::from(game.owner(p));
                json!({"piece": p, "owner": owner,
                       "kind": game.kinds[usize::from(game.kind(p))],
                       "player": game.players[owner].name,
                       "svg": piece_svg(&st, p)})
            })
            .collect();
        let fields: Vec<Value> = d
            .fields
            .iter()
            .map(|(name, value)| {
                let choices: Vec<String> = match name.as_str() {
                    // A position stands in a phase with moves.
                    "phase" => game
                        .phases
                        .iter()
                        .filter(|p| !p.play.is_empty())
                        .map(|p| encode(&p.name))
                        .collect(),
                    _ => Vec::new(),
                };
                json!({"name": name, "value": value, "choices": choices})
            })
            .collect();
        let position = write_position(game, d.mover, &d.list()).and(st.to_position());
        json!({
            "position_shown": position.as_deref().map(without_history),
            "position": position,
            "fields": fields,
            "fen": st.to_fen(),
            "to_move": d.mover,
            "palette": palette,
        })
    }
}

/// Whether `game`'s rules mark sites until the end of the turn (`mark`,
/// `mark-all`) and until the next step (`mark-all … for:Step`): the
/// position's `marks` and `step-marks` the editor offers.
pub(super) fn mark_spans(game: &ludic::compile::Game) -> (bool, bool) {
    use ludic::compile::ir::{Effect, MarkSpan};
    fn walk(effects: &[Effect], found: &mut (bool, bool)) {
        for e in effects {
            match e {
                Effect::Mark(_) | Effect::MarkAll(_, MarkSpan::Turn) => found.0 = true,
                Effect::MarkAll(_, MarkSpan::Step) => found.1 = true,
                Effect::If(_, yes, no) => {
                    walk(yes, found);
                    walk(no, found);
                }
                Effect::ForEachPlayer(v) => walk(v, found),
                _ => {}
            }
        }
    }
    let mut found = (false, false);
    for g in &game.gens {
        walk(&g.then, &mut found);
        walk(&g.finally, &mut found);
    }
    for phase in &game.phases {
        walk(&phase.auto, &mut found);
    }
    found
}

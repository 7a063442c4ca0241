//! The page's view of a session (docs/serve.md): the board as SVG with
//! its highlights, the seats, the moves, the choices and the outcome.

use serde_json::{Value, json};

use super::{Session, click_site, clickable_from, sites_of};
use crate::serve::notes::ended;
use ludic::board::Site;
use ludic::compile::Game;
use ludic::engine::{Move, State};
use ludic::players::heuristic;
use ludic::record::export::{RecordFormat, move_numbering};
use ludic::record::position_fields::without_history;
use ludic::render::render;
use ludic::render::svg::{SvgOptions, board_svg, seat_colours};

impl Session {
    /// The page's view of the game, as session `id` (docs/serve.md).
    /// While the rule file does not compile, `error` holds its
    /// diagnostics, and the board is the last good game's, if any.
    pub fn view(&self, id: &str) -> Value {
        let mut v = json!({
            "session": id,
            "game": self.source.id(),
            "sets": self.sets,
            "version": self.version,
            "seed": self.game_seed,
            "message": self.message,
            "error": self.error,
            "title": Value::Null,
        });
        let (Some(st), Some(game)) = (&self.current, &self.game) else {
            return v;
        };
        let moves = st.legal_moves();
        let human = self.to_move().is_some_and(|p| self.seats[p].is_human());
        v["title"] = json!(game.name);
        v["svg"] = json!(self.svg(st, &moves, human));
        v["edit"] = self.edit_json();
        v["legend"] = self.legend_json(st, game);
        if let Some(d) = &self.draft {
            let draft = d.state(game);
            v["svg"] = json!(board_svg(&draft, &self.page_options(&draft)));
        }
        let editing = self.draft.as_ref().map(|d| {
            let p = &game.players[usize::from(d.mover)];
            format!("Editing the position: {} ({}) to move", p.name, p.letter)
        });
        v["seats"] = self.seats_json(st, game);
        v["to_move"] = json!(self.to_move());
        v["status"] = json!(editing.unwrap_or_else(|| self.status(st)));
        v["moves"] = json!(self.turns.iter().map(|t| &t.text).collect::<Vec<_>>());
        v["move_list"] = self.move_list_json(game);
        v["ply"] = json!(self.at);
        v["start"] = json!(
            self.start_text
                .as_ref()
                .map(|(kind, text)| json!({"kind": kind, "text": text}))
        );
        let position = st.to_position();
        v["position_shown"] = json!(position.as_deref().map(without_history));
        v["position"] = json!(position);
        v["fen"] = json!(st.to_fen());
        v["partial"] = json!(
            (!self.partial.is_empty()).then(|| self.turn_start().turn_to_string(&self.partial))
        );
        v["selected"] = json!(self.selected);
        v["choices"] = json!(
            self.choices
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let mut o = json!({"index": i, "text": c.text});
                    if let Some((svg, kind)) = becomes(st, &c.step) {
                        o["svg"] = json!(svg);
                        o["kind"] = json!(kind);
                    }
                    o
                })
                .collect::<Vec<_>>()
        );
        let legal: Vec<String> = match human {
            true => moves.iter().map(|m| st.move_to_string(m)).collect(),
            false => Vec::new(),
        };
        v["legal"] = json!(legal);
        v["outcome"] = self.outcome_json(st, game);
        v["ai_to_move"] = json!(self.ai_to_move());
        v["flip"] = json!(self.flip);
        v["dice"] = self.dice_json();
        v["roll"] = json!(self.awaiting_roll());
        v["seed_matters"] = json!(seed_matters(game));
        v["check"] = json!(check_sites(st));
        v["seat_values"] = seat_values(st);
        v["record_format"] = json!(RecordFormat::of(game).map(RecordFormat::extension));
        v
    }

    /// The board with the selection, the clickable sites and the last
    /// turn highlighted.
    fn svg(&self, st: &State, moves: &[Move], human: bool) -> String {
        let sel = self.selected;
        let targets: Vec<Site> = match sel {
            Some(o) => moves
                .iter()
                .filter(|m| m.from == o && clickable_from(st, m))
                .map(|m| m.to)
                .collect(),
            None => moves.iter().filter_map(|m| click_site(st, m)).collect(),
        };
        let origins: Vec<Site> = if sel.is_none() && human {
            moves
                .iter()
                .filter(|m| clickable_from(st, m))
                .map(|m| m.from)
                .collect()
        } else {
            Vec::new()
        };
        let last: Vec<Site> = if self.partial.is_empty() {
            self.at
                .checked_sub(1)
                .map(|i| sites_of(&self.turns[i].steps))
                .unwrap_or_default()
        } else {
            sites_of(&self.partial)
        };
        let opts = SvgOptions {
            targets: if human { targets } else { Vec::new() },
            origins,
            selected: sel,
            last,
            ..self.page_options(st)
        };
        board_svg(st, &opts)
    }

    /// The page's drawing options without highlights: the game's own
    /// notation, its goals, the pictures, the flip, and the sites the
    /// rules marked in the turn (a turn in progress, or a draft's
    /// `marks`: drawn alike).
    fn page_options(&self, st: &State) -> SvgOptions {
        SvgOptions {
            notation: true,
            goals: self.goal_sites(st.game()),
            pictures: true,
            flip: self.flip,
            marked: st.marked_sites(),
            ..SvgOptions::default()
        }
    }

    /// The sites of each player's goals
    /// ([`crate::serve::notes::RuleNotes::goal_sites`]).
    pub(super) fn goal_sites(&self, game: &Game) -> Vec<(Site, usize)> {
        self.notes
            .as_ref()
            .map_or_else(Vec::new, |n| n.goal_sites(game))
    }

    /// The move list as the page shows it: `shown`, each turn as its
    /// field writes it (SAN for a game recorded as PGN, else the game's
    /// notation), and `numbering`, how the turns pair under move numbers
    /// in a game whose record does (`{"first": 1, "second": false}`:
    /// [`move_numbering`]), or `null` (each turn numbered alone).
    fn move_list_json(&self, game: &Game) -> Value {
        let shown: Vec<&str> = self.turns.iter().map(|t| t.shown.as_str()).collect();
        let numbering = match (RecordFormat::of(game), &self.start) {
            (Some(f), Some(start)) => {
                let (first, second) = move_numbering(f, start);
                json!({"first": first, "second": second})
            }
            _ => Value::Null,
        };
        json!({"shown": shown, "numbering": numbering})
    }

    fn seats_json(&self, st: &State, game: &Game) -> Value {
        let colours = seat_colours(st);
        let seats: Vec<Value> = game
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                json!({"name": p.name, "letter": p.letter.to_string(),
                       "colour": colours[i], "player": self.seats[i].to_string()})
            })
            .collect();
        json!(seats)
    }
}

impl Session {
    /// The one status line: who is to move (with the phase, counters, a
    /// turn in progress and the dice left to play), or how the game ended
    /// and by which rule.
    fn status(&self, st: &State) -> String {
        match st.outcome() {
            Some(o) => ended(st, &o, self.notes.as_deref()),
            None => {
                if let Some(seat) = self.awaiting_roll() {
                    let p = &st.game().players[seat];
                    return format!("{} ({}) to roll: press Roll", p.name, p.letter);
                }
                let mut line = render(st).lines().last().unwrap_or_default().to_string();
                line.push_str(&dice_words(st));
                if !check_sites(st).is_empty() {
                    line.push_str(", in check");
                }
                line
            }
        }
    }

    /// The outcome: winner, reason and the status line's words.
    fn outcome_json(&self, st: &State, game: &Game) -> Value {
        let Some(o) = st.outcome() else {
            return Value::Null;
        };
        let n = game.players.len();
        // Every seat's place (1 first) and return (+1 first alone to -1
        // last alone: docs/players.md, "Several players"; times the
        // game's stake, `State::returns`).
        let seats: Vec<Value> = game
            .players
            .iter()
            .zip(o.places(n))
            .zip(st.returns())
            .map(|((p, place), ret)| json!({"seat": p.name, "place": place, "return": ret}))
            .collect();
        json!({
            "winner": o.winner().map(|w| game.players[usize::from(w)].name.clone()),
            "reason": o.reason().name(),
            "text": ended(st, &o, self.notes.as_deref()),
            "rule": crate::serve::notes::end_words(st, self.notes.as_deref()),
            "places": seats,
        })
    }
}

/// The dice the mover has left to play, for the status line
/// (`, dice to play 3 5`); nothing when there are none.
fn dice_words(st: &State) -> String {
    let d = st.dice_left();
    if d.is_empty() {
        return String::new();
    }
    let faces: Vec<String> = d.faces().iter().map(u8::to_string).collect();
    format!(", dice to play {}", faces.join(" "))
}

/// The sites of the mover's royal pieces (`(royal …)`: a chess king)
/// that another player's piece attacks: the mover is in check. Empty
/// in a game without a royal kind, at a chance node and once the game
/// is over.
pub(super) fn check_sites(st: &State) -> Vec<Site> {
    let game = st.game();
    let Some(royal) = game.royal else {
        return Vec::new();
    };
    if st.is_chance_node() || st.outcome().is_some() {
        return Vec::new();
    }
    let mover = st.current_player();
    let piece = game.piece(royal, mover);
    (0..game.board.len() as Site)
        .filter(|&s| st.top(s) == Some(piece) && st.attacked(s, mover))
        .collect()
}

/// Each seat's standing in a game of more than two players (`null`
/// with two: the hint's values say it): `[{"value", "out", "place"}]`,
/// `value` the game's heuristic evaluation for that seat (its
/// `(heuristics …)` sum less the mean of the others', as the computer
/// players judge it: [`heuristic::evaluate`]; ±2⁴⁰ for a
/// finished game), `out` whether the seat has left play, `place` the
/// place it took (1 first) or `null` while it plays.
pub fn seat_values(st: &State) -> Value {
    let game = st.game().clone();
    let n = game.num_players();
    if n <= 2 {
        return Value::Null;
    }
    let (mut buf, mut moves) = (Vec::new(), Vec::new());
    let mut copy = st.clone();
    let places = st.outcome().map(|o| o.places(n));
    if places.is_none() {
        heuristic::values(&mut copy, &mut buf, &mut moves);
    }
    let out: Vec<Value> = (0..n)
        .map(|p| {
            let seat = p as ludic::compile::ir::Player;
            let value = match places {
                Some(_) => heuristic::evaluate(&mut copy, seat, &mut buf, &mut moves),
                None => heuristic::relative(&buf, seat),
            };
            let place = match &places {
                Some(pl) => Some(pl[p]),
                None => st.seat_out(seat),
            };
            json!({"value": value, "out": st.seat_out(seat).is_some(), "place": place})
        })
        .collect();
    json!(out)
}

/// True when the game's seed changes the game: it draws the first
/// player (`(first … Random)`) or nature rolls. The trial keeps it then.
pub(super) fn seed_matters(game: &Game) -> bool {
    matches!(game.first, ludic::compile::First::Random) || game.has_chance()
}

/// What a step's piece becomes when it lands as another kind (a pawn
/// promoted): the picture of the piece on its destination after the
/// step, and its kind's name; `None` for a step whose piece stays what
/// it was, or that lands nowhere.
fn becomes(st: &State, m: &Move) -> Option<(String, String)> {
    let game = st.game();
    let on_board = |s: Site| (s as usize) < game.board.len();
    if m.is_chance() || !on_board(m.from) || !on_board(m.to) {
        return None;
    }
    let before = st.top(m.from)?;
    let mut after = st.clone();
    after.play(m).ok()?;
    let now = after.top(m.to)?;
    if game.kind(now) == game.kind(before) || game.owner(now) != game.owner(before) {
        return None;
    }
    let name = game.kinds[usize::from(game.kind(now))].clone();
    Some((ludic::render::svg::piece_svg(&after, now), name))
}

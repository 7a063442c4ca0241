//! The fields of a position text after its board: everything else a
//! state holds, so that the text is lossless (docs/language.md,
//! "Position texts").
//!
//! ```text
//! W W:a7,d7 B:g7 phase=Play Hand=7,8 turns=3 history=9c0e…,*
//! ```
//!
//! Each field is one word `NAME=VALUE`. The names are the keywords below
//! (`phase`, `turns`, `no-progress`, …) and the game's counters by name
//! (one value per player, in turn order). A field left out takes the value
//! a text without it gives: the initial position's phase, counters,
//! toggles and dice; zero for the counts; no marks, no unmoved stacks, no
//! turn in progress; a history that starts at this position. Names,
//! phase, toggle and block names and site labels are written with `%XX`
//! (UTF-8 bytes in hex) for a space, a control character and `= , : % * @`;
//! a counter whose name is a keyword is written with its first letter so
//! escaped (`%70hase`), and `-` and `*` alone are escaped too.
//! [`write_fields`] writes the fields in which a state differs from that
//! default; [`read_fields`] applies them.

use super::position::PositionError;
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{Game, Player};
use crate::engine::State;
use crate::engine::chance::Pending;
use crate::engine::state::{Continuation, EndReason, FLANK_MARK, MARK, Outcome, TAKEN};

/// The field names that are not counters, in the order they are written.
pub const KEYWORDS: [&str; 23] = [
    "phase",
    "turns",
    "no-progress",
    "passes",
    "flipped",
    "unmoved",
    "marks",
    "step-marks",
    "taken",
    "last",
    "chain",
    "again",
    "turn-steps",
    "turn-captured",
    "turn-progress",
    "turn-score",
    "dice-left",
    "dice",
    "outcome",
    "seats-out",
    "history",
    "pending",
    "rolled",
];

/// `text` with `%XX` for the bytes of a space, a control character and
/// `= , : % * @`; `-` and `*` alone, and the empty text (`%`), escaped.
pub fn encode(text: &str) -> String {
    if text.is_empty() {
        return "%".to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        if c.is_whitespace() || c.is_control() || "=,:%*@".contains(c) || text == "-" {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out += &format!("%{b:02X}");
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The text [`encode`] wrote; `None` for a `%` not followed by two hex
/// digits or bytes that are not UTF-8.
pub fn decode(text: &str) -> Option<String> {
    if text == "%" {
        return Some(String::new());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// A counter's name as written: [`encode`]d, its first character escaped
/// too when that makes a keyword.
fn counter_key(name: &str) -> String {
    let e = encode(name);
    if !KEYWORDS.contains(&e.as_str()) {
        return e;
    }
    let mut chars = e.chars();
    let first = chars.next().map(|c| format!("%{:02X}", c as u32));
    first.unwrap_or_default() + chars.as_str()
}

/// The fields in which `st` differs from `base`, the state a text of its
/// board alone gives (see the module's documentation), in the order of
/// [`KEYWORDS`] with the counters after `passes`.
pub fn write_fields(st: &State, base: &State) -> Vec<String> {
    let game = &**st.game();
    let (s, b) = (&st.scalars, &base.scalars);
    let mut out = Vec::new();
    let mut put = |name: &str, value: String| out.push(format!("{name}={value}"));
    if s.phase != b.phase {
        let name = game.phases.get(s.phase as usize).map_or("?", |p| &p.name);
        put("phase", encode(name));
    }
    for (name, v, w) in [
        ("turns", s.turns, b.turns),
        ("no-progress", s.no_progress, b.no_progress),
        ("passes", s.passes, b.passes),
    ] {
        if v != w {
            put(name, v.to_string());
        }
    }
    for (c, counter) in game.counters.iter().enumerate() {
        let values: Vec<i32> = (0..game.num_players() as u8)
            .map(|p| st.counter(c as u8, p))
            .collect();
        let initial = (0..game.num_players() as u8).map(|p| base.counter(c as u8, p));
        if !values.iter().copied().eq(initial) {
            let list: Vec<String> = values.iter().map(i32::to_string).collect();
            put(&counter_key(&counter.name), list.join(","));
        }
    }
    let flipped = st.extras.flags ^ base.extras.flags;
    if flipped != 0 {
        let names: Vec<String> = (0..64)
            .filter(|i| flipped & (1 << i) != 0)
            .filter_map(|i| game.toggles.get(i).map(|t| encode(&t.name)))
            .collect();
        put("flipped", names.join(","));
    }
    if st.unmoved != base.unmoved {
        put("unmoved", site_list(game, |i| st.unmoved[i]));
    }
    for (name, bit) in [
        ("marks", MARK),
        ("step-marks", FLANK_MARK),
        ("taken", TAKEN),
    ] {
        let has = |x: &State| x.marks.iter().any(|m| m & bit != 0);
        if has(st) || has(base) {
            put(name, site_list(game, |i| st.marks[i] & bit != 0));
        }
    }
    if (s.last_from, s.last) != (b.last_from, b.last) {
        put(
            "last",
            format!("{},{}", label(game, s.last_from), label(game, s.last)),
        );
    }
    if let Some(c) = s.cont {
        put("chain", format!("{},{}", c.gen_id, label(game, c.site)));
    }
    if let Some(a) = s.again {
        let name = game.block_names.get(a as usize).map_or("?", String::as_str);
        put("again", encode(name));
    }
    write_turn_fields(&mut put, s, b);
    if st.extras.dice_left != base.extras.dice_left {
        put("dice-left", dice_left_text(st.extras.dice_left));
    }
    if st.extras.rng != base.extras.rng {
        put("dice", format!("{:x}", st.extras.rng));
    }
    if let Some(o) = s.outcome {
        put("outcome", outcome_text(game, o));
    }
    if s.seats.out != 0 {
        put("seats-out", seats_out_text(game, &s.seats));
    }
    let now = match game.end.repetition {
        Some(_) => st.repetition_key(),
        None => s.hash,
    };
    // The history of turn starts: for the repetition rule, and for a rule
    // that reads the boards of the game so far (`(repeated)`).
    let reads_history = game.end.repetition.is_some() || game.tracks_boards;
    if reads_history && st.history != [now] {
        let list: Vec<String> = st
            .history
            .iter()
            .map(|&h| match h == now {
                true => "*".to_string(),
                false => format!("{h:x}"),
            })
            .collect();
        put("history", list.join(","));
    }
    if let Some((pending, rolled)) = st.chance_pending() {
        put("pending", pending_text(game, pending));
        if !rolled.is_empty() {
            let list: Vec<String> = rolled.iter().map(u16::to_string).collect();
            put("rolled", list.join(","));
        }
    }
    out
}

/// What a chance node resumes once nature has rolled: `start` (the
/// turn's automatic phases) or the step the player chose,
/// `GEN,FROM,TO,OVER,COUNT` (its generator's index in the rules, its
/// sites by label, `-` for none, and its count).
fn pending_text(game: &Game, pending: Pending) -> String {
    match pending {
        Pending::Start => "start".to_string(),
        Pending::Step(m) => format!(
            "{},{},{},{},{}",
            m.gen_id,
            label(game, m.from),
            label(game, m.to),
            label(game, m.over),
            m.count
        ),
    }
}

/// Reads [`pending_text`] back.
fn pending(game: &Game, value: &str) -> Result<Pending, String> {
    if value == "start" {
        return Ok(Pending::Start);
    }
    let bad = || {
        "expected `start` (the turn's automatic phases roll) or the step that rolls, GEN,FROM,TO,OVER,COUNT (`ludic show` writes it)".to_string()
    };
    let [g, from, to, over, count] = value.split(',').collect::<Vec<_>>()[..] else {
        return Err(bad());
    };
    let gen_id: u16 = g.parse().map_err(|_| bad())?;
    if gen_id as usize >= game.gens.len() {
        return Err(format!(
            "`{g}`: no move generator {g} (this game's are 0 to {})",
            game.gens.len().saturating_sub(1)
        ));
    }
    Ok(Pending::Step(crate::engine::Move {
        gen_id,
        from: site(game, from, true)?,
        to: site(game, to, true)?,
        over: site(game, over, true)?,
        count: count.parse().map_err(|_| bad())?,
    }))
}

/// `rolled=`: the values rolled so far for the pending step, oldest first.
fn rolled(value: &str) -> Result<Vec<u16>, String> {
    value
        .split(',')
        .map(|v| {
            v.parse::<u16>().map_err(|_| {
                format!(
                    "`{}`: expected the values rolled (whole numbers, oldest first)",
                    crate::diag::clip(v)
                )
            })
        })
        .collect()
}

/// The fields of the turn in progress: its steps, capture, progress and
/// `maximize:` count.
fn write_turn_fields(
    put: &mut impl FnMut(&str, String),
    s: &crate::engine::state::Scalars,
    b: &crate::engine::state::Scalars,
) {
    if s.turn_steps != b.turn_steps {
        put("turn-steps", s.turn_steps.to_string());
    }
    if s.turn_captured != b.turn_captured {
        put("turn-captured", yes_no(s.turn_captured).to_string());
    }
    if s.turn_progress != b.turn_progress {
        put("turn-progress", yes_no(s.turn_progress).to_string());
    }
    if s.turn_score != b.turn_score {
        put("turn-score", s.turn_score.to_string());
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The labels of the sites `on` holds for, comma-separated.
fn site_list(game: &Game, on: impl Fn(usize) -> bool) -> String {
    let labels: Vec<String> = (0..game.board.len())
        .filter(|&i| on(i))
        .map(|i| label(game, i as Site))
        .collect();
    labels.join(",")
}

/// A site's label, encoded; `-` for no site.
fn label(game: &Game, site: Site) -> String {
    match game.board.sites().get(site as usize) {
        Some(s) if site != NO_SITE => encode(&s.label),
        _ => "-".to_string(),
    }
}

/// The seats out of play (games of more than two players): each seat's
/// letter, `+` for a win or `-` for a loss, and its place (`R+1,Y-3`).
fn seats_out_text(game: &Game, seats: &crate::engine::seats::Seats) -> String {
    let each: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .filter(|&(i, _)| seats.is_out(i as Player))
        .map(|(i, p)| {
            let place = seats.places.of(i as Player);
            let how = if place <= seats.won { '+' } else { '-' };
            format!("{}{how}{place}", p.letter)
        })
        .collect();
    each.join(",")
}

/// Reads [`seats_out_text`] back.
fn seats_out(game: &Game, value: &str) -> Result<crate::engine::seats::Seats, String> {
    let n = game.num_players();
    let mut seats = crate::engine::seats::Seats::default();
    if !crate::engine::seats::ranks(n) {
        return Err(format!(
            "only a game of 3 to 8 players has seats out ({n} players)"
        ));
    }
    for item in value.split(',') {
        let bad = || format!("`{item}`: expected a player's letter, + or -, and a place (`R+1`)");
        let at = item.find(['+', '-']).ok_or_else(bad)?;
        let p = super::position::player_by_letter(game, &item[..at]).map_err(|e| e.to_string())?;
        let place: u8 = item[at + 1..].parse().map_err(|_| bad())?;
        if !(1..=n as u8).contains(&place) || seats.is_out(p) {
            return Err(bad());
        }
        seats.out |= 1 << p;
        seats.places.0[p as usize] = place;
        match &item[at..=at] {
            "+" => seats.won += 1,
            _ => seats.lost += 1,
        }
    }
    Ok(seats)
}

/// `W,result` (the winner's letter and why), `draw,repetition`,
/// `loss-W,result` (the loss of a game of one player), or a ranking's
/// places in turn order, `2/1/3,result`.
fn outcome_text(game: &Game, o: Outcome) -> String {
    let letter = |p: u8| game.players.get(p as usize).map_or('?', |p| p.letter);
    if let Outcome::Loss(p, r) = o {
        return format!("loss-{},{}", letter(p), r.name());
    }
    if let Outcome::Ranked(..) = o {
        let places: Vec<String> = o
            .places(game.num_players())
            .iter()
            .map(u8::to_string)
            .collect();
        return format!("{},{}", places.join("/"), o.reason().name());
    }
    let who = match o.winner() {
        Some(p) => letter(p).to_string(),
        None => "draw".to_string(),
    };
    format!("{who},{}", o.reason().name())
}

/// Applies the fields of a position text to `st`, a state set up from the
/// text's board (its hash, history and journal are then made anew, the
/// history from `history=` if given). Errors name the field and what was
/// expected; `st` is then to be dropped.
pub fn read_fields(st: &mut State, fields: &[(String, String)]) -> Result<(), PositionError> {
    let game = st.game().clone();
    let mut seen: Vec<String> = Vec::new();
    let mut history: Option<&str> = None;
    let mut chance: (Option<(&str, Pending)>, Vec<u16>) = (None, Vec::new());
    for (name, value) in fields {
        let fail = |problem: String| PositionError::Field {
            word: format!("{name}={value}"),
            problem,
        };
        let key = match KEYWORDS.contains(&name.as_str()) {
            true => name.clone(),
            false => decode(name).ok_or_else(|| fail(bad_escape()))?,
        };
        if seen.contains(&key) {
            return Err(fail("this field is given twice".to_string()));
        }
        seen.push(key.clone());
        match name.as_str() {
            "history" => history = Some(value),
            "pending" => chance.0 = Some((value, pending(&game, value).map_err(fail)?)),
            "rolled" => chance.1 = rolled(value).map_err(fail)?,
            _ => {
                read_field(st, &game, name, &key, value).map_err(fail)?;
                continue;
            }
        }
    }
    st.scalars.marked = st.marks.iter().filter(|&&m| m != 0).count() as u16;
    st.set_history(&[]);
    let now = st.repetition_key();
    let list = match history {
        None => vec![now],
        Some(v) => parse_history(v, now).map_err(|problem| PositionError::Field {
            word: format!("history={v}"),
            problem,
        })?,
    };
    st.set_history(&list);
    resume(st, chance)
}

/// Brings the state to the chance node that `pending=` names, with the
/// values of `rolled=` (which needs `pending=`).
fn resume(
    st: &mut State,
    chance: (Option<(&str, Pending)>, Vec<u16>),
) -> Result<(), PositionError> {
    let (Some((text, pending)), rolled) = chance else {
        return match chance.1.is_empty() {
            true => Ok(()),
            false => Err(PositionError::Field {
                word: "rolled=…".to_string(),
                problem: "values rolled need the step that rolls them: `pending=`".to_string(),
            }),
        };
    };
    st.resume_chance(pending, &rolled)
        .map_err(|problem| PositionError::Field {
            word: format!("pending={text}"),
            problem,
        })
}

fn bad_escape() -> String {
    "a `%` must be followed by two hex digits of UTF-8 text".to_string()
}

/// `text` (a position text) without its `history=` field: the position
/// as a player reads and copies it. The history of earlier positions
/// (for repetition and superko) means nothing to a player; read back, the
/// text gives the same position with a history that starts there. A
/// counter called `history` is written `%68istory`, so only the field is
/// taken out.
pub fn without_history(text: &str) -> String {
    text.split(' ')
        .filter(|w| !w.starts_with("history="))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `history=`: hashes in hex, `*` for the position's own.
fn parse_history(value: &str, now: u64) -> Result<Vec<u64>, String> {
    value
        .split(',')
        .map(|h| match h {
            "*" => Ok(now),
            // Hex digits only: `from_str_radix` would take a sign too.
            _ if h.is_empty() || h.len() > 16 || !h.bytes().all(|b| b.is_ascii_hexdigit()) => Err(
                format!("`{h}`: expected a hash in hex (at most 16 digits) or `*` (this position)"),
            ),
            _ => u64::from_str_radix(h, 16)
                .map_err(|_| format!("`{h}`: expected a hash in hex or `*` (this position)")),
        })
        .collect()
}

/// The dice left to play, lowest first (`3,5`; `-` for none).
fn dice_left_text(d: crate::engine::DiceLeft) -> String {
    if d.is_empty() {
        return "-".to_string();
    }
    let faces: Vec<String> = d.faces().iter().map(u8::to_string).collect();
    faces.join(",")
}

/// Reads [`dice_left_text`]: faces from 1 to 255, at most
/// [`crate::engine::MAX_DICE`] of them, in any order.
fn dice_left(value: &str) -> Result<crate::engine::DiceLeft, String> {
    let why = || {
        format!(
            "expected the dice left to play: faces from 1 to 255 separated by commas (`3,5`), at most {}, or `-`",
            crate::engine::MAX_DICE
        )
    };
    if value == "-" {
        return Ok(Default::default());
    }
    let faces: Vec<u8> = value
        .split(',')
        .map(|f| f.parse::<u8>().ok().filter(|&f| f > 0))
        .collect::<Option<_>>()
        .ok_or_else(why)?;
    if faces.len() > crate::engine::MAX_DICE {
        return Err(why());
    }
    Ok(crate::engine::DiceLeft::new(&faces, 1))
}

/// Applies one field (`name` as written, `key` decoded).
fn read_field(
    st: &mut State,
    game: &Game,
    name: &str,
    key: &str,
    value: &str,
) -> Result<(), String> {
    let keyword = KEYWORDS.contains(&name);
    let s = &mut st.scalars;
    match (keyword, name) {
        (true, "phase") => s.phase = phase(game, value)?,
        (true, "turns") => s.turns = game_count(value)?,
        (true, "no-progress") => s.no_progress = game_count(value)?,
        (true, "passes") => s.passes = game_count(value)?,
        (true, "turn-steps") => s.turn_steps = number(value)?,
        (true, "turn-score") => s.turn_score = number(value)?,
        (true, "turn-captured") => s.turn_captured = yes(value)?,
        (true, "turn-progress") => s.turn_progress = yes(value)?,
        (true, "last") => (s.last_from, s.last) = last(game, value)?,
        (true, "chain") => s.cont = Some(chain(game, value)?),
        (true, "again") => s.again = Some(block(game, value)?),
        (true, "outcome") => s.outcome = Some(outcome(game, value)?),
        (true, "seats-out") => s.seats = seats_out(game, value)?,
        (true, "dice") => {
            st.extras.rng = u64::from_str_radix(value, 16)
                .map_err(|_| "expected the dice generator's state in hex".to_string())?
        }
        (true, "flipped") => st.extras.flags ^= flipped(game, value)?,
        (true, "dice-left") => st.extras.dice_left = dice_left(value)?,
        (true, "unmoved") => {
            let sites = sites(game, value)?;
            st.unmoved.iter_mut().for_each(|u| *u = false);
            for site in sites {
                st.unmoved[site as usize] = true;
            }
        }
        (true, "marks") => set_marks(st, game, value, MARK)?,
        (true, "step-marks") => set_marks(st, game, value, FLANK_MARK)?,
        (true, "taken") => set_marks(st, game, value, TAKEN)?,
        _ => {
            let c = game
                .counters
                .iter()
                .position(|c| c.name == key)
                .ok_or_else(|| unknown_name(game, key))?;
            let values = counter_values(game, value)?;
            for (p, v) in values.into_iter().enumerate() {
                if let Some(x) = st.extras.counters.get_mut(c * game.num_players() + p) {
                    *x = v;
                }
            }
        }
    }
    Ok(())
}

/// Why a field name is refused: the keywords and the game's counters.
fn unknown_name(game: &Game, key: &str) -> String {
    let counters: Vec<String> = game.counters.iter().map(|c| counter_key(&c.name)).collect();
    let counters = match counters.is_empty() {
        true => "this game has no counters".to_string(),
        false => format!("this game's counters: {}", counters.join(", ")),
    };
    let names = KEYWORDS
        .iter()
        .copied()
        .chain(game.counters.iter().map(|c| c.name.as_str()));
    let near = crate::diag::did_you_mean(key, names)
        .map(|n| format!("did you mean `{n}`? "))
        .unwrap_or_default();
    format!(
        "no field `{}`: {near}the fields are {} and a counter by name ({counters})",
        crate::diag::clip(key),
        KEYWORDS.join(", ")
    )
}

/// The largest count a field of the turn in progress takes
/// (`turn-steps`, `turn-score`): far past any turn, with room to count on
/// without overflow.
const MAX_COUNT: u32 = i32::MAX as u32;

/// A whole number from 0 to [`MAX_COUNT`].
fn number(value: &str) -> Result<u32, String> {
    number_to(value, MAX_COUNT)
}

/// A whole number from 0 to `max`.
fn number_to(value: &str, max: u32) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!("expected a whole number from 0 to {max}")),
    }
}

/// A count kept over the whole game (`turns`, `no-progress`, `passes`):
/// any the state can hold, up to `u32::MAX`, where play ends the game
/// (docs/language.md, `turn-limit`); a position written after play
/// reads back.
fn game_count(value: &str) -> Result<u32, String> {
    number_to(value, u32::MAX)
}

fn yes(value: &str) -> Result<bool, String> {
    match value {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err("expected `yes` or `no`".to_string()),
    }
}

/// A phase with moves, by name.
fn phase(game: &Game, value: &str) -> Result<u8, String> {
    let name = decode(value).ok_or_else(bad_escape)?;
    let with_moves: Vec<&str> = game
        .phases
        .iter()
        .filter(|p| !p.play.is_empty())
        .map(|p| p.name.as_str())
        .collect();
    let found = game.phases.iter().position(|p| p.name == name);
    match found {
        Some(i) if !game.phases[i].play.is_empty() => Ok(i as u8),
        Some(_) => Err(format!(
            "phase `{name}` is automatic: a position stands in a phase with moves ({})",
            with_moves.join(", ")
        )),
        None => Err(format!(
            "no phase `{name}`: this game's phases with moves are {}",
            with_moves.join(", ")
        )),
    }
}

/// One value per player.
fn counter_values(game: &Game, value: &str) -> Result<Vec<i32>, String> {
    let n = game.num_players();
    // Within ±2147483647: -2147483648 has no opposite in a counter.
    let values: Vec<i32> = value
        .split(',')
        .map(|v| v.parse::<i32>().ok().filter(|&x| x != i32::MIN).ok_or(()))
        .collect::<Result<_, _>>()
        .map_err(|_| format!("expected {n} whole numbers (one per player, in turn order), each within ±2147483647"))?;
    if values.len() != n {
        return Err(format!(
            "expected {n} values (one per player, in turn order), found {}",
            values.len()
        ));
    }
    Ok(values)
}

/// A site by its (encoded) label, or `-` for none when `none` is allowed.
fn site(game: &Game, text: &str, none: bool) -> Result<Site, String> {
    if none && text == "-" {
        return Ok(NO_SITE);
    }
    let label = decode(text).ok_or_else(bad_escape)?;
    game.board
        .site_by_label(&label)
        .ok_or_else(|| format!("no site `{}` on this board", crate::diag::clip(&label)))
}

/// A list of sites (empty for none).
fn sites(game: &Game, value: &str) -> Result<Vec<Site>, String> {
    if value.is_empty() {
        return Ok(Vec::new());
    }
    value.split(',').map(|t| site(game, t, false)).collect()
}

/// Sets mark `bit` on exactly the sites listed.
fn set_marks(st: &mut State, game: &Game, value: &str, bit: u8) -> Result<(), String> {
    let list = sites(game, value)?;
    st.marks.iter_mut().for_each(|m| *m &= !bit);
    for s in list {
        st.marks[s as usize] |= bit;
    }
    Ok(())
}

/// `FROM,TO` of the last step, `-` for none.
fn last(game: &Game, value: &str) -> Result<(Site, Site), String> {
    match value.split(',').collect::<Vec<_>>().as_slice() {
        [from, to] => Ok((site(game, from, true)?, site(game, to, true)?)),
        _ => Err("expected FROM,TO: the last step's origin and destination (`-` for none)".into()),
    }
}

/// `GEN,SITE`: the generator (its index in the rules) that must go on,
/// and its site.
fn chain(game: &Game, value: &str) -> Result<Continuation, String> {
    let bad = || {
        format!(
            "expected GEN,SITE: the index of the move generator that goes on (0 to {}) and its site",
            game.gens.len().saturating_sub(1)
        )
    };
    let (g, s) = value.split_once(',').ok_or_else(bad)?;
    let gen_id: u16 = g.parse().map_err(|_| bad())?;
    if gen_id as usize >= game.gens.len() {
        return Err(bad());
    }
    Ok(Continuation {
        gen_id,
        site: site(game, s, false)?,
    })
}

/// A move block by name (`(moves "Take" …)`).
fn block(game: &Game, value: &str) -> Result<u16, String> {
    let name = decode(value).ok_or_else(bad_escape)?;
    game.block_names
        .iter()
        .position(|b| *b == name)
        .map(|i| i as u16)
        .ok_or_else(|| {
            format!(
                "no move block `{name}`: this game's blocks are {}",
                match game.block_names.is_empty() {
                    true => "none".to_string(),
                    false => game.block_names.join(", "),
                }
            )
        })
}

/// The toggles named, as bits.
fn flipped(game: &Game, value: &str) -> Result<u64, String> {
    let mut bits = 0u64;
    for t in value.split(',').filter(|t| !t.is_empty()) {
        let name = decode(t).ok_or_else(bad_escape)?;
        let i = game
            .toggles
            .iter()
            .position(|x| x.name == name)
            .filter(|&i| {
                i < 64 && matches!(game.toggles[i].value, crate::compile::ir::Value::Bool(_))
            })
            .ok_or_else(|| {
                format!("no yes/no toggle `{name}` among this game's first 64 toggles")
            })?;
        bits |= 1 << i;
    }
    Ok(bits)
}

/// `LETTER,REASON`, `draw,REASON`, `loss-LETTER,REASON` or
/// `PLACE/PLACE/…,REASON`.
fn outcome(game: &Game, value: &str) -> Result<Outcome, String> {
    let reasons: Vec<&str> = EndReason::ALL.iter().map(|r| r.name()).collect();
    let bad = || {
        format!(
            "expected WINNER,REASON: a player's letter, `draw` or `loss-` and a player's letter, and one of {}",
            reasons.join(", ")
        )
    };
    let (who, why) = value.split_once(',').ok_or_else(bad)?;
    let reason = *EndReason::ALL
        .iter()
        .find(|r| r.name() == why)
        .ok_or_else(bad)?;
    if who == "draw" {
        return Ok(Outcome::Draw(reason));
    }
    if who.contains('/') {
        let n = game.num_players();
        let mut places = crate::engine::Places::default();
        let words: Vec<&str> = who.split('/').collect();
        if words.len() != n || n > crate::engine::MAX_SEATS {
            return Err(format!("`{who}`: expected one place per player ({n})"));
        }
        for (i, w) in words.iter().enumerate() {
            places.0[i] = match w.parse::<u8>() {
                Ok(q) if (1..=n as u8).contains(&q) => q,
                _ => return Err(format!("`{w}` is not a place (1 to {n})")),
            };
        }
        return Ok(Outcome::Ranked(places, reason));
    }
    if let Some(loser) = who.strip_prefix("loss-") {
        let p = super::position::player_by_letter(game, loser).map_err(|e| e.to_string())?;
        // Only a game of one player ends in a loss alone; with more, a
        // loss is another's win or a place.
        if game.num_players() != 1 {
            return Err(format!("`{who}`: only a game of one player ends in a loss"));
        }
        return Ok(Outcome::Loss(p, reason));
    }
    let p = super::position::player_by_letter(game, who).map_err(|e| e.to_string())?;
    Ok(Outcome::Win(p, reason))
}

#[cfg(test)]
mod tests {
    use super::without_history;

    #[test]
    fn a_players_position_text_has_no_history() {
        // The text of the module's documentation, and a counter called
        // `history` (written `%68istory`), which stays.
        let text = "W W:a7,d7 B:g7 phase=Play Hand=7,8 turns=3 history=9c0e,* %68istory=1,2";
        assert_eq!(
            without_history(text),
            "W W:a7,d7 B:g7 phase=Play Hand=7,8 turns=3 %68istory=1,2"
        );
        assert_eq!(without_history("B B:d4"), "B B:d4");
    }
}

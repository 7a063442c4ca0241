//! Move notation: a turn is written as the origin's label followed, for
//! every step, by a separator (`-` for a plain step, `x` for a capture) and
//! the destination's label: `11-15`, `15x24`, `9x18x27` (PDN, docs/games/checkers.md).
//! A step that takes N pieces from the top of a stack adds `/N`
//! (`d1-d2/2`); a placement is its site's label, a pass `pass`, the end of a
//! phase `end`.
//! Site labels come from the board (numbers or coordinates).
//!
//! A step of a turn that does not start where the previous one ended is
//! written in full after a comma (`a1-a5,c3-c4`). A promotion adds `=` and
//! the new kind's letter (`e7-e8=Q`). A turn may also be typed without
//! its separators, or with `-` (or `:`) for `x` (`e2e4`, `e7e8q`,
//! `15-24` for `15x24`), when only one legal turn reads so; a capture
//! mark is never read as a step's `-` (`11x15` is not `11-15`).

use crate::board::Site;
use crate::compile::ir::{Game, GenKind};
use crate::engine::{IllegalMove, Move, Refusal, State};

impl State {
    /// The separator written before a step's destination.
    fn separator(&self, m: &Move) -> char {
        let kind = &self.game.gens[m.gen_id as usize].kind;
        let hop = matches!(kind, GenKind::Hop(_));
        if kind.captures() && (hop || self.height(m.to) > 0) {
            'x'
        } else {
            '-'
        }
    }

    /// A turn (or the rest of one) in the game's notation: a placement is
    /// written as its site's label (`c3`), a pass as `pass`. Steps of a
    /// turn that are not moves of a stack (a placement, a pass, an end of
    /// phase after a move) are written after a comma: `d1-d5,f7`.
    pub fn turn_to_string(&self, turn: &[Move]) -> String {
        let b = &self.game.board;
        let mut s = String::new();
        let mut at = None;
        for m in turn {
            if let Some(token) = self.token(m) {
                if !s.is_empty() {
                    s.push(',');
                }
                s.push_str(&token);
                self.push_tag(&mut s, m);
                at = None;
                continue;
            }
            if at != Some(m.from) {
                if !s.is_empty() {
                    s.push(',');
                }
                s.push_str(&b.site(m.from).label);
            }
            s.push(self.separator(m));
            s.push_str(&b.site(m.to).label);
            if matches!(self.game.gens[m.gen_id as usize].kind, GenKind::Advance(_)) {
                // The die, when it carried the piece further than it went.
                if let Some(die) = self.advance_past(m) {
                    s.push('~');
                    s.push_str(&die.to_string());
                }
            } else if m.count > 0 {
                s.push('/');
                s.push_str(&m.count.to_string());
            }
            if let Some(k) = self.game.gens[m.gen_id as usize].kind.promote_to() {
                s.push('=');
                match self.game.kind_letters.get(k as usize).copied().flatten() {
                    Some(l) => s.push(l),
                    None => s.push_str(&self.game.kinds[k as usize]),
                }
            }
            self.push_tag(&mut s, m);
            at = Some(m.to);
        }
        s
    }

    /// A step that is not a move of a stack, written as one word (a
    /// placement's site, `pass`, `end`, `flip-NAME@SITE`); `None` for moves.
    fn token(&self, m: &Move) -> Option<String> {
        if m.is_chance() {
            // Nature's roll: its sum, or a throw's faces (docs/chance.md).
            return Some(match self.chance_roll() {
                Some(r) if r.apart => {
                    let faces: Vec<String> = r.faces(m.count).iter().map(u8::to_string).collect();
                    format!("roll:{}", faces.join("-"))
                }
                _ => format!("roll:{}", m.count),
            });
        }
        let b = &self.game.board;
        match &self.game.gens[m.gen_id as usize].kind {
            GenKind::Pass => Some("pass".into()),
            GenKind::Swap { .. } => Some("swap".into()),
            GenKind::EndPhase => Some("end".into()),
            GenKind::Flip(id) => {
                let name = &self.game.toggles[*id as usize].name;
                Some(format!("flip-{name}@{}", b.site(m.to).label))
            }
            GenKind::Place { .. } | GenKind::Select { .. } => Some(b.site(m.to).label.clone()),
            GenKind::Sow { .. } => Some(b.site(m.from).label.clone()),
            GenKind::Rotate { .. } => Some(self.rotation_name(m)),
            _ => None,
        }
    }

    /// Writes the tag of the step's generator, if it has one (`~W`; a
    /// roll of nature has no generator, and no tag).
    fn push_tag(&self, s: &mut String, m: &Move) {
        if let Some(tag) = self
            .game
            .gens
            .get(m.gen_id as usize)
            .and_then(|g| g.tag.as_ref())
        {
            s.push('~');
            s.push_str(tag);
        }
    }

    /// A single step in the game's notation.
    pub fn move_to_string(&self, m: &Move) -> String {
        self.turn_to_string(std::slice::from_ref(m))
    }

    /// Finds the legal turn written as `text`: the full form with every
    /// landing site (`9x18x27`), or the short form with origin and final
    /// destination (`9x27`) when only one turn matches it. A text that
    /// names no turn may also be a sequence of turns of the player to
    /// move, as the turns of a repeated phase that a computer player
    /// builds as one turn are written (Genocide's movement:
    /// `c1-d1/1-e1/1,f1-e1/1,end`: a step that goes on from where the last
    /// one landed is written without its origin, any other after a
    /// comma, and a player may put a comma before either); its steps are
    /// returned together, the longest legal turn whose text comes next
    /// taken each time.
    pub fn parse_turn(&self, text: &str) -> Result<Vec<Move>, IllegalMove> {
        self.parse_one_turn(text).or_else(|e| match e.reason {
            // Several turns have this very text: never one of them.
            Refusal::Several(_) => Err(e),
            _ => self.parse_sequence(text).ok_or(e),
        })
    }

    /// The steps of `text` read as consecutive turns of the player to
    /// move, written one after another as [`State::turn_to_string`] writes
    /// their steps together (a turn that goes on from where the last one
    /// landed continues its text: `c1-d1/1-d2/2`; another starts after a
    /// comma). At each turn the longest legal turn whose text comes next
    /// is taken. `None` unless the whole text is read, in at most
    /// [`MAX_SEQUENCE_PARTS`] turns, with the same player to move until
    /// the last.
    fn parse_sequence(&self, text: &str) -> Option<Vec<Move>> {
        let want = text.trim().to_ascii_lowercase();
        if want.len() > MAX_TURN_TEXT {
            return None;
        }
        let mut st = self.clone();
        let mover = st.current_player();
        let (mut steps, mut read, mut at) = (Vec::new(), 0, None);
        for _ in 0..MAX_SEQUENCE_PARTS {
            if read == want.len() {
                // An empty text names no turn.
                return (!steps.is_empty()).then_some(steps);
            }
            if st.current_player() != mover || st.outcome().is_some() || st.is_chance_node() {
                return None;
            }
            let rest = &want[read..];
            let turns = st.legal_turns();
            let found: Vec<(usize, &Vec<Move>)> = turns
                .iter()
                .flat_map(|t| self.written_after(t, at, read > 0).map(move |w| (w, t)))
                .filter_map(|(w, t)| {
                    let w = w.to_ascii_lowercase();
                    let next = rest.as_bytes().get(w.len());
                    (rest.starts_with(&w) && next.is_none_or(|b| b",-:x".contains(b)))
                        .then_some((w.len(), t))
                })
                .collect();
            let (len, turn) = *found.iter().max_by_key(|&&(len, _)| len)?;
            // Two different turns with the longest text: not read.
            if found.iter().any(|&(l, t)| l == len && t != turn) {
                return None;
            }
            st.play_turn(turn);
            at = turn
                .last()
                .filter(|m| self.token(m).is_none())
                .map(|m| m.to);
            steps.extend_from_slice(turn);
            read += len;
        }
        None
    }

    /// The texts `turn` may have after earlier steps (`after`) that
    /// landed at `at`: as [`State::turn_to_string`] writes it, without
    /// its origin when it goes on from there, and after a comma as a
    /// player may also write it; the name alone at the start.
    fn written_after(
        &self,
        turn: &[Move],
        at: Option<Site>,
        after: bool,
    ) -> impl Iterator<Item = String> {
        let name = self.turn_to_string(turn);
        let on = match turn.first() {
            Some(m) if after && at == Some(m.from) && self.token(m).is_none() => {
                Some(name[self.game.board.site(m.from).label.len()..].to_string())
            }
            _ => None,
        };
        let first = if after { format!(",{name}") } else { name };
        on.into_iter().chain(std::iter::once(first))
    }

    /// [`State::parse_turn`] without reading sequences.
    fn parse_one_turn(&self, text: &str) -> Result<Vec<Move>, IllegalMove> {
        let text = text.trim();
        let turns = self.legal_turn_list();
        let names: Vec<String> = turns.iter().map(|t| self.turn_to_string(t)).collect();
        let norm = |s: &str| s.to_ascii_lowercase();
        let exact: Vec<usize> = (0..turns.len())
            .filter(|&i| norm(&names[i]) == norm(text))
            .collect();
        match exact.as_slice() {
            [i] => return Ok(turns[*i].clone()),
            [] => {}
            _ => return Err(self.several(text, turns, &exact)),
        }
        let mut short: Vec<usize> = (0..turns.len())
            .filter(|&i| norm(&self.short_form(&turns[i])) == norm(text))
            .collect();
        if short.is_empty() {
            // Written without separators, or with `-` for `x` (`e2e4`,
            // `e4-d5`, `e7e8q`): the turn it names, if only one. A capture
            // mark is never read as a step's `-`.
            let want = norm(text);
            short = (0..turns.len())
                .filter(|&i| loosely_reads_as(&want, &norm(&names[i])))
                .collect();
        }
        match short.as_slice() {
            [i] => Ok(turns[*i].clone()),
            [i, rest @ ..] if rest.iter().all(|&j| names[j] == names[*i]) => {
                Err(self.several(text, turns, &short))
            }
            [] => Err(IllegalMove {
                input: text.to_string(),
                reason: self.why_not(text, &names),
                legal: names,
            }),
            _ => Err(IllegalMove {
                input: text.to_string(),
                reason: Refusal::Ambiguous,
                legal: short.iter().map(|&i| names[i].clone()).collect(),
            }),
        }
    }

    /// The refusal of `text`, which names the turns `which` of `turns`
    /// alike: each listed with what tells it apart
    /// ([`State::turn_difference`]).
    fn several(&self, text: &str, turns: &[Vec<Move>], which: &[usize]) -> IllegalMove {
        IllegalMove {
            input: text.to_string(),
            reason: Refusal::Several(which.len()),
            legal: which
                .iter()
                .map(|&i| self.turn_difference(&turns[i]))
                .collect(),
        }
    }

    /// A turn with what tells it from others written alike: its text, then
    /// for each step the rule that makes it (its number among the game's
    /// move clauses, from 1, and its head) and the site it jumps, if any:
    /// `d3-d4 (rule 2, step)`.
    pub fn turn_difference(&self, turn: &[Move]) -> String {
        let steps: Vec<String> = turn
            .iter()
            .map(|m| {
                let head = self.game.gens[m.gen_id as usize].kind.head();
                let mut s = format!("rule {}, {head}", m.gen_id as usize + 1);
                if m.over != crate::board::NO_SITE {
                    s.push_str(" over ");
                    s.push_str(&self.game.board.site(m.over).label);
                }
                s
            })
            .collect();
        format!("{} ({})", self.turn_to_string(turn), steps.join("; "))
    }

    /// Why `text` names none of the legal turns `names`: the game is
    /// over, the text is not in the notation, it writes a plain step with
    /// a capture's mark (`11x15` for `11-15`), its rule's filter refuses
    /// the step it names (a repetition, a suicide), every rule moving the
    /// piece refuses its destination, or the rules refuse it.
    fn why_not(&self, text: &str, names: &[String]) -> Refusal {
        if names.is_empty() {
            return Refusal::GameOver;
        }
        // `:` may stand for a capture's `x` (`loosely_reads_as`).
        if notation_sites(&self.game, &text.replace(':', "x")).is_none() {
            return Refusal::NotNotation;
        }
        let plain = text.to_ascii_lowercase().replace(['x', ':'], "-");
        let marked = plain != text.to_ascii_lowercase();
        if marked && names.iter().any(|n| n.to_ascii_lowercase() == plain) {
            return Refusal::CaptureMark;
        }
        if begins_some(&text.trim().to_ascii_lowercase(), names) {
            return Refusal::Unfinished;
        }
        self.refused_step(text)
            .or_else(|| match notation_sites(&self.game, text)?.as_slice() {
                &[from, to] if self.on_board(from) && self.on_board(to) => {
                    Some(self.site_refusal(from, to))
                }
                _ => None,
            })
            .unwrap_or(Refusal::NotLegal)
    }

    /// The refusal of the filters of the rule that makes the step `text`
    /// names, when a generator makes it here but its `check:` or
    /// `after:` refuses it ([`State::filter_refusal`]).
    fn refused_step(&self, text: &str) -> Option<Refusal> {
        let mut steps = Vec::new();
        self.candidates_into(&mut steps);
        let want = text.trim().to_ascii_lowercase();
        let m = steps
            .iter()
            .find(|m| !m.is_chance() && self.move_to_string(m).to_ascii_lowercase() == want)?;
        self.filter_refusal(m)
    }

    /// Origin, separator of the first step and final destination, for a
    /// turn whose steps chain; any other turn written in full.
    fn short_form(&self, turn: &[Move]) -> String {
        let b = &self.game.board;
        // Only a chain (each step from where the last landed) is named by
        // its ends: two pieces moved in one turn (backgammon's two dice)
        // are not one piece's path.
        let chained = turn.windows(2).all(|w| w[1].from == w[0].to);
        if !chained
            || turn
                .iter()
                .any(|m| m.from == crate::board::NO_SITE || self.token(m).is_some())
        {
            return self.turn_to_string(turn);
        }
        match (turn.first(), turn.last()) {
            (Some(f), Some(l)) => format!(
                "{}{}{}",
                b.site(f.from).label,
                self.separator(f),
                b.site(l.to).label
            ),
            _ => String::new(),
        }
    }

    /// Parses a whole turn, or its first steps when `text` is written as
    /// the beginning of legal turns that share those steps (for a human
    /// who plays a turn step by step: `a1-a5`, then `c3-c4`).
    pub fn parse_steps(&self, text: &str) -> Result<Vec<Move>, IllegalMove> {
        let err = match self.parse_turn(text) {
            Ok(t) => return Ok(t),
            Err(e) => e,
        };
        let norm = text.trim().to_ascii_lowercase();
        let mut found: Vec<Vec<Move>> = Vec::new();
        for t in self.legal_turn_list() {
            for k in 1..t.len() {
                let steps = &t[..k];
                if self.turn_to_string(steps).to_ascii_lowercase() == norm
                    && !found.iter().any(|f| f == steps)
                {
                    found.push(steps.to_vec());
                }
            }
        }
        match found.as_slice() {
            [steps] => Ok(steps.clone()),
            _ => Err(err),
        }
    }

    /// Parses and plays a whole turn or its first steps (see
    /// [`State::parse_steps`]).
    pub fn play_steps_str(&mut self, text: &str) -> Result<Vec<Move>, IllegalMove> {
        let steps = self.parse_steps(text)?;
        self.play_turn(&steps);
        Ok(steps)
    }

    /// Parses and plays a turn; refused with the legal moves listed, the
    /// state unchanged, when it is not legal.
    pub fn play_str(&mut self, text: &str) -> Result<Vec<Move>, IllegalMove> {
        let turn = self.parse_turn(text)?;
        self.play_turn(&turn);
        Ok(turn)
    }
}

/// Whether `text` writes the turn `name` (both lower case) with some of
/// its separators left out (`e2e4`, `e7e8q`), or with `-` or `:` (the
/// capture mark of some draughts notations) for a capture's `x`; never
/// with `x` or `:` for a step's `-`.
fn loosely_reads_as(text: &str, name: &str) -> bool {
    let (t, n) = (text.as_bytes(), name.as_bytes());
    let (mut i, mut j) = (0, 0);
    while j < n.len() {
        let (a, b) = (t.get(i).copied(), n[j]);
        if a == Some(b) || (b == b'x' && matches!(a, Some(b'-' | b':'))) {
            i += 1;
        } else if !matches!(b, b'-' | b'x' | b'=') {
            return false;
        }
        j += 1;
    }
    i == t.len()
}

/// True if `text` (lower case) writes the first steps of one of the
/// turns `names`: a name that goes on after it with a separator
/// (`13-10` of `13-10,13-8` or `13-10-5`; `11x18` of `11x18x25`).
fn begins_some(text: &str, names: &[String]) -> bool {
    !text.is_empty()
        && names.iter().any(|n| {
            let n = n.to_ascii_lowercase();
            n.strip_prefix(text)
                .is_some_and(|rest| rest.starts_with([',', '-', 'x']))
        })
}

/// Most turns of a text read as a sequence of turns
/// ([`State::parse_turn`]).
pub const MAX_SEQUENCE_PARTS: usize = 256;

/// The longest text read as a turn by [`notation_sites`], in bytes.
pub const MAX_TURN_TEXT: usize = 4096;

/// The sites of a text written in the game's notation, in order (empty
/// for `pass`, `end` and `swap`); `None` when the text is not in the
/// notation: `pass`, `end`, `swap`, `flip-NAME@SITE`, a site (a placement), or steps
/// `SITE-SITE`, `SITExSITE` (each destination may add `/N`), chained, and
/// several such after commas.
pub fn notation_sites(game: &Game, text: &str) -> Option<Vec<Site>> {
    let t = text.trim().to_ascii_lowercase();
    // Far longer than any turn: not read as one (and the parse below
    // recurses once a step).
    if t.len() > MAX_TURN_TEXT {
        return None;
    }
    if t == "pass" || t == "end" || t == "swap" {
        return Some(Vec::new());
    }
    let labels: Vec<(String, Site)> = game
        .board
        .sites()
        .iter()
        .enumerate()
        .map(|(i, s)| (s.label.to_ascii_lowercase(), i as Site))
        .collect();
    if let Some(rest) = t.strip_prefix("flip-") {
        let (name, at) = rest.split_once('@')?;
        game.toggles
            .iter()
            .find(|x| x.name.eq_ignore_ascii_case(name))?;
        return labels.iter().find(|(l, _)| *l == at).map(|(_, s)| vec![*s]);
    }
    let mut out = Vec::new();
    for part in t.split(',') {
        let part = &without_tags(part);
        if is_rotation(game, part) {
            continue;
        }
        out.extend(chain(
            &labels,
            without_promotion(game, part).as_bytes(),
            true,
        )?);
    }
    Some(out)
}

/// `part` without its tags (`~` and the letters and digits after it:
/// `d3-d4~w` → `d3-d4`).
fn without_tags(part: &str) -> String {
    let mut out = String::with_capacity(part.len());
    let mut in_tag = false;
    for c in part.chars() {
        if c == '~' {
            in_tag = true;
        } else if in_tag && c.is_ascii_alphanumeric() {
            continue;
        } else {
            in_tag = false;
            out.push(c);
        }
    }
    out
}

/// Whether `part` names one of the game's rotations (`se'`), lower case.
fn is_rotation(game: &Game, part: &str) -> bool {
    game.gens
        .iter()
        .flat_map(|g| match &g.kind {
            GenKind::Rotate { rotations } => rotations.as_slice(),
            _ => &[],
        })
        .any(|r| r.name.eq_ignore_ascii_case(part))
}

/// `part` without a promotion suffix `=K` naming one of the game's kinds
/// by letter or name (`a7-a8=q` → `a7-a8`), lower case.
fn without_promotion<'a>(game: &Game, part: &'a str) -> &'a str {
    let Some((head, kind)) = part.rsplit_once('=') else {
        return part;
    };
    let known = game.kinds.iter().enumerate().any(|(i, name)| {
        name.eq_ignore_ascii_case(kind)
            || game
                .kind_letters
                .get(i)
                .and_then(|l| *l)
                .is_some_and(|l| l.to_string().eq_ignore_ascii_case(kind))
    });
    if known { head } else { part }
}

/// A chain `SITE (SEP SITE [/N])*` (at least one step unless `alone` may be
/// a lone site); the sites in order. Tries every label that fits, so
/// numbers such as `1` and `11` are told apart by what follows.
fn chain(labels: &[(String, Site)], s: &[u8], alone: bool) -> Option<Vec<Site>> {
    for (l, site) in labels {
        let Some(rest) = s.strip_prefix(l.as_bytes()) else {
            continue;
        };
        if rest.is_empty() {
            if alone {
                return Some(vec![*site]);
            }
            continue;
        }
        if let Some(rest) = rest.strip_prefix(b"-").or_else(|| rest.strip_prefix(b"x"))
            && let Some(mut more) = steps(labels, rest)
        {
            more.insert(0, *site);
            return Some(more);
        }
    }
    None
}

/// The destinations after a separator: `SITE [/N] (SEP SITE [/N])*`.
fn steps(labels: &[(String, Site)], s: &[u8]) -> Option<Vec<Site>> {
    for (l, site) in labels {
        let Some(mut rest) = s.strip_prefix(l.as_bytes()) else {
            continue;
        };
        if let Some(r) = rest.strip_prefix(b"/") {
            let digits = r.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 {
                continue;
            }
            rest = &r[digits..];
        }
        if rest.is_empty() {
            return Some(vec![*site]);
        }
        if let Some(r) = rest.strip_prefix(b"-").or_else(|| rest.strip_prefix(b"x"))
            && let Some(mut more) = steps(labels, r)
        {
            more.insert(0, *site);
            return Some(more);
        }
    }
    None
}

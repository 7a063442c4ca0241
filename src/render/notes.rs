//! What the rule file says that the front ends show: the rules that can
//! end the game, named in words (the web page's status line, `ludic
//! play`'s last line, the Python package's `State.outcome()`), and the
//! regions a player must reach to win (goal edges of connection and race
//! games).
//!
//! Read from the rule file's syntax tree (variants applied), not from the
//! compiled game: the compiled game knows that a `(win)` effect decided
//! the game, not which one, nor what its condition was called.

use crate::board::Site;
use crate::compile::Game;
use crate::compile::assemble;
use crate::engine::{EndReason, EndRule, Outcome, State};
use crate::syntax::{Clause, Expr};

mod words;

/// Deepest define expansion followed when looking for regions.
const MAX_DEPTH: usize = 16;

/// A `(win)`, `(lose)` or `(draw)` effect of the rules.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultRule {
    /// `win`, `lose` or `draw`.
    pub decision: String,
    /// The rule in a player's words: its condition (`a line of 3`), or
    /// the define it is called by (`the rule “Joins”`), the condition
    /// as written when the phrase book does not know it.
    pub words: String,
    /// The byte where the effect's clause starts in the assembled rule
    /// text: the [`EndRule::Result`] of a game it decided.
    pub at: u32,
    /// The counters set beside it (`{(set-counter "Points" …) (win)}`):
    /// what the win is worth, shown when it decides the game.
    pub counters: Vec<String>,
}

/// The end rules of a game as its rule file writes them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RuleNotes {
    /// Every result effect, in file order.
    pub results: Vec<ResultRule>,
    /// `(no-moves R [if:COND])`: `R` and the condition in words.
    pub no_moves: Vec<(String, Option<String>)>,
    /// `(lose-when COND)`: the conditions in words.
    pub lose_when: Vec<String>,
    /// Regions named in the conditions of `(win)` effects (defines
    /// followed): the goals a player must reach.
    pub goals: Vec<String>,
}

impl RuleNotes {
    /// Reads the notes of rule file `file` (a shipped game's name or a
    /// path); `None` when it cannot be read or parsed (the compiled game
    /// then has no rules to describe either).
    pub fn read(file: &str) -> Option<RuleNotes> {
        let (path, text) = crate::compile::read_source(file).ok()?;
        RuleNotes::of_text(&path, &text)
    }

    /// The notes of rule text `text`, named `path` (a variant's `base:`
    /// is read against it); `None` when it does not parse.
    pub fn of_text(path: &str, text: &str) -> Option<RuleNotes> {
        let asm = assemble(path, text).ok()?;
        let game = asm.items.iter().find_map(|e| match e {
            Expr::Clause(c) if c.head == "game" => Some(c),
            _ => None,
        })?;
        Some(RuleNotes::of_game(game, &asm.source))
    }

    /// The sites of each player's goals: the regions the rule file's
    /// `(win)` conditions name, as each player
    /// sees them; a region the same for every player is no one's edge.
    pub fn goal_sites(&self, game: &Game) -> Vec<(Site, usize)> {
        let notes = self;
        let mut out = Vec::new();
        for name in &notes.goals {
            let Some(r) = game.region_names.iter().position(|n| n == name) else {
                continue;
            };
            let per = &game.regions[r];
            if per.iter().all(|m| *m == per[0]) {
                continue;
            }
            for (p, member) in per.iter().enumerate().take(game.players.len()) {
                out.extend(
                    member
                        .iter()
                        .enumerate()
                        .filter(|(_, m)| **m)
                        .filter_map(|(s, _)| Site::try_from(s).ok().map(|s| (s, p))),
                );
            }
        }
        out
    }

    /// The notes of a `(game …)` clause whose spans index `source`.
    pub fn of_game(game: &Clause, source: &str) -> RuleNotes {
        let defines: Vec<(&str, &Expr)> = children(game)
            .filter_map(|e| match e {
                Expr::Clause(c) if c.head == "define" => match (c.args.first(), c.args.get(1)) {
                    (Some(Expr::Str(n, _)), Some(body)) => Some((n.as_str(), body)),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let mut notes = RuleNotes::default();
        let cx = Walk {
            source,
            defines: &defines,
        };
        for e in children(game) {
            cx.results(e, None, None, &mut notes);
        }
        for end in children(game).filter_map(|e| clause(e, "end")) {
            for e in children(end) {
                if let Some(c) = clause(e, "no-moves") {
                    let what = c.args.first().map(|a| cx.text(a)).unwrap_or_default();
                    let cond = c
                        .named
                        .iter()
                        .find(|n| n.name == "if")
                        .map(|n| cx.say(&n.value));
                    notes.no_moves.push((what, cond));
                } else if let Some(c) = clause(e, "lose-when") {
                    notes.lose_when.extend(c.args.first().map(|a| cx.say(a)));
                }
            }
        }
        notes.goals.dedup();
        notes
    }
}

/// The clause `e` when its head is `head`.
fn clause<'a>(e: &'a Expr, head: &str) -> Option<&'a Clause> {
    match e {
        Expr::Clause(c) if c.head == head && !c.head_is_str => Some(c),
        _ => None,
    }
}

/// A clause's arguments, positional then named.
fn children(c: &Clause) -> impl Iterator<Item = &Expr> {
    c.args.iter().chain(c.named.iter().map(|n| &n.value))
}

/// The source and the defines, for walking a game clause.
struct Walk<'a> {
    source: &'a str,
    defines: &'a [(&'a str, &'a Expr)],
}

impl Walk<'_> {
    /// `e` as written.
    fn text(&self, e: &Expr) -> String {
        let s = e.span();
        let t = self
            .source
            .get(s.start as usize..s.end as usize)
            .unwrap_or_default();
        t.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// A condition in a player's words ([`words::say`]).
    fn say(&self, e: &Expr) -> String {
        let defined = |n: &str| self.defines.iter().any(|(d, _)| *d == n);
        words::say(e, &|x| self.text(x), &defined)
    }

    /// Collects the result effects under `e`: `cond` is the condition of
    /// the nearest enclosing `(if …)`, `define` the enclosing define's name.
    fn results<'e>(
        &self,
        e: &'e Expr,
        cond: Option<&'e Expr>,
        define: Option<&'e str>,
        notes: &mut RuleNotes,
    ) {
        let c = match e {
            Expr::Clause(c) => c,
            Expr::Array(items, _) => {
                let first = notes.results.len();
                for i in items {
                    self.results(i, cond, define, notes);
                }
                // Counters set beside a result effect: what it is worth.
                let set: Vec<String> = items
                    .iter()
                    .filter_map(|i| clause(i, "set-counter"))
                    .filter_map(|c| match c.args.first() {
                        Some(Expr::Str(n, _)) => Some(n.clone()),
                        _ => None,
                    })
                    .collect();
                for r in &mut notes.results[first..] {
                    if r.counters.is_empty() {
                        r.counters.clone_from(&set);
                    }
                }
                return;
            }
            _ => return,
        };
        if !c.head_is_str && ["win", "lose", "draw"].contains(&c.head.as_str()) {
            // The condition in words; the enclosing define's name when
            // the phrase book does not know the condition.
            let words = match (cond.map(|k| (k, self.say(k))), define) {
                (Some((k, said)), Some(d)) if said == self.text(k) && !is_call(k) => {
                    format!("the rule “{d}”")
                }
                (Some((_, said)), _) => said,
                (None, Some(d)) => format!("the rule “{d}”"),
                (None, None) => "a rule of play".to_string(),
            };
            if c.head == "win"
                && let Some(k) = cond
            {
                self.regions(k, 0, &mut notes.goals);
            }
            notes.results.push(ResultRule {
                decision: c.head.clone(),
                words,
                at: c.span.start,
                counters: Vec::new(),
            });
            return;
        }
        let define = match (c.head.as_str(), c.args.first()) {
            ("define", Some(Expr::Str(n, _))) => Some(n.as_str()),
            _ => define,
        };
        if c.head == "if" && !c.head_is_str {
            let k = c.args.first();
            for e in c.args.iter().skip(1) {
                self.results(e, k, define, notes);
            }
            return;
        }
        for e in children(c) {
            self.results(e, cond, define, notes);
        }
    }

    /// The regions named by `(in … "R")` under `e`, define calls followed.
    fn regions(&self, e: &Expr, depth: usize, out: &mut Vec<String>) {
        if depth > MAX_DEPTH {
            return;
        }
        let c = match e {
            Expr::Clause(c) => c,
            Expr::Str(name, _) => return self.call(name, depth, out),
            Expr::Array(items, _) => {
                return items.iter().for_each(|i| self.regions(i, depth, out));
            }
            _ => return,
        };
        if c.head_is_str {
            return self.call(&c.head, depth, out);
        }
        if c.head == "in"
            && let Some(Expr::Str(r, _)) = c.args.last()
            && !out.contains(r)
        {
            out.push(r.clone());
        }
        for e in children(c) {
            self.regions(e, depth + 1, out);
        }
    }

    fn call(&self, name: &str, depth: usize, out: &mut Vec<String>) {
        if let Some((_, body)) = self.defines.iter().find(|(n, _)| *n == name) {
            self.regions(body, depth + 1, out);
        }
    }
}

/// A define call (`"Joins"`, `("Five" Enemy)`).
fn is_call(e: &Expr) -> bool {
    matches!(e, Expr::Clause(c) if c.head_is_str)
}

/// The status line of a finished game: `Game over: ` and its
/// [`outcome_words`].
pub fn ended(st: &State, o: &Outcome, notes: Option<&RuleNotes>) -> String {
    format!("Game over: {}", outcome_words(st, o, notes))
}

/// How a finished game ended: who won or that it is a draw, then the
/// rule that ended it in words (`Red wins: Joins`), then the scores when
/// the game keeps them.
pub fn outcome_words(st: &State, o: &Outcome, notes: Option<&RuleNotes>) -> String {
    let game = st.game();
    let on_score = match o.reason() {
        EndReason::Passes | EndReason::TurnLimit => game.end.score.is_some(),
        EndReason::Repetition => game.end.repetition_by_score && game.end.score.is_some(),
        EndReason::NoMoves => game.end.no_moves == Some(crate::compile::ir::NoMoves::Score),
        _ => false,
    };
    let head = match (o.winner(), on_score) {
        // The loss of a game of one player: not a draw.
        _ if let Outcome::Loss(l, _) = *o => crate::diag::loses(&game.players[usize::from(l)].name),
        // Places, not a draw: seats that share first place on score, and
        // the seats behind them (3, 3, 2: 1st, 1st, 3rd).
        (None, _) if matches!(o, Outcome::Ranked(..)) => {
            let places = crate::render::places_text(st, o);
            match on_score {
                true => format!("{places} on score"),
                false => places,
            }
        }
        (Some(w), false) => crate::diag::wins(&game.players[usize::from(w)].name),
        (Some(w), true) => format!(
            "{} on score",
            crate::diag::wins(&game.players[usize::from(w)].name)
        ),
        (None, false) => "Draw".to_string(),
        (None, true) => "Draw on equal scores".to_string(),
    };
    let why = reason(st, game, o, notes);
    let mut line = format!("{head}: {why}");
    if let Some(s) = crate::render::scores_text(st) {
        line.push_str(&format!("; scores {s}"));
    }
    if let Some(s) = worth(st, o, notes) {
        line.push_str(&format!("; {s}"));
    }
    line
}

/// The rule that ended the game alone, in words (`a line of 4`), or
/// `None` when the game goes on; as [`ended`] says it after the winner.
pub fn end_words(st: &State, notes: Option<&RuleNotes>) -> Option<String> {
    let o = st.outcome()?;
    Some(reason(st, st.game(), &o, notes))
}

/// What the win is worth: the counters the deciding result rule set
/// beside it, each with the winner's value (`Points 2`).
fn worth(st: &State, o: &Outcome, notes: Option<&RuleNotes>) -> Option<String> {
    let rule = fired(st, notes?)?;
    let w = o.winner()?;
    let game = st.game();
    let parts: Vec<String> = rule
        .counters
        .iter()
        .filter_map(|name| {
            let c = game.counters.iter().position(|k| k.name == *name)?;
            let v = st.counter(u8::try_from(c).ok()?, w);
            Some(format!("{name} {v}"))
        })
        .collect();
    (!parts.is_empty())
        .then(|| format!("{} {}", game.players[usize::from(w)].name, parts.join(", ")))
}

/// The result rule that decided the game, when one did and the notes
/// know it ([`State::end_rule`]).
fn fired<'n>(st: &State, notes: &'n RuleNotes) -> Option<&'n ResultRule> {
    match st.end_rule()? {
        EndRule::Result(at) => notes.results.iter().find(|r| r.at == at),
        EndRule::LoseWhen(_) => None,
    }
}

/// Why the game ended, in words.
fn reason(st: &State, game: &Game, o: &Outcome, notes: Option<&RuleNotes>) -> String {
    let end = &game.end;
    let mover = &game.players[usize::from(st.current_player())].name;
    match o.reason() {
        EndReason::NoMoves => {
            let cond = notes.and_then(|n| {
                let wanted = match o.winner() {
                    None if matches!(o, Outcome::Loss(..)) => "Loss",
                    None => "Draw",
                    Some(w) if w == st.current_player() => "Win",
                    Some(_) => "Loss",
                };
                n.no_moves
                    .iter()
                    .find(|(what, _)| what == wanted)
                    .and_then(|(_, c)| c.clone())
            });
            if pieces_on_board(st, st.current_player()) == 0 {
                let has = crate::diag::verb(mover, "has", "have");
                return format!("{mover} {has} no pieces left");
            }
            // A royal piece in check and no move (`(no-moves Loss
            // if:(in-check "King"))`): the chess player's words; no move
            // and no check where such a rule exists: stalemate.
            let check_rule = notes.is_some_and(|n| {
                n.no_moves
                    .iter()
                    .any(|(_, c)| c.as_deref().is_some_and(|c| c.ends_with(" in check")))
            });
            let (has, is) = (
                crate::diag::verb(mover, "has", "have"),
                crate::diag::verb(mover, "is", "are"),
            );
            match cond {
                Some(c) if c.ends_with(" in check") => {
                    format!("checkmate: {mover} {has} no legal move, {c}")
                }
                Some(c) => format!("{mover} {has} no legal move, with {c}"),
                None if check_rule => {
                    format!("stalemate: {mover} {has} no legal move and {is} not in check")
                }
                None => format!("{mover} {has} no legal move"),
            }
        }
        EndReason::Repetition => match end.repetition {
            Some(n) => format!("the same position occurred {n} times"),
            None => "the same position occurred again".into(),
        },
        EndReason::NoProgress => match &end.no_progress {
            Some((n, _)) => format!("{n} turns without progress"),
            None => "turns without progress".into(),
        },
        EndReason::TurnLimit => match end.turn_limit {
            Some(n) => format!("the limit of {n} turns was reached"),
            None => "the turn limit was reached".into(),
        },
        EndReason::Passes => match end.passes {
            Some(n) => format!("{n} passes in a row"),
            None => "passes in a row".into(),
        },
        EndReason::LoseCondition => lost_words(st, o, notes),
        EndReason::Result => match notes.and_then(|n| fired(st, n)) {
            Some(r) if r.decision == "lose" => format!("{} (which loses)", r.words),
            Some(r) => r.words.clone(),
            None => result_words(o, notes),
        },
    }
}

/// Why a `(lose-when …)` rule ended the game: the loser (the other
/// player of two) with no pieces left, else the loser and the rule.
fn lost_words(st: &State, o: &Outcome, notes: Option<&RuleNotes>) -> String {
    let game = st.game();
    let loser = match (o.winner(), *o) {
        (Some(w), _) if game.num_players() == 2 => Some(1 - w),
        (_, Outcome::Loss(l, _)) => Some(l),
        _ => None,
    };
    if let Some(l) = loser
        && pieces_on_board(st, l) == 0
    {
        let name = &game.players[usize::from(l)].name;
        return format!(
            "{name} {} no pieces left",
            crate::diag::verb(name, "has", "have")
        );
    }
    let who = loser.map_or("a player", |l| game.players[usize::from(l)].name.as_str());
    let one = match st.end_rule() {
        Some(EndRule::LoseWhen(i)) => notes.and_then(|n| n.lose_when.get(usize::from(i))),
        _ => None,
    };
    if let Some(one) = one {
        return format!("{who} lost: {one}");
    }
    match notes.map(|n| n.lose_when.as_slice()) {
        Some([one]) => format!("{who} lost: {one}"),
        Some(many) if !many.is_empty() => {
            format!("{who} lost by one of: {}", many.join("; "))
        }
        _ => format!("{who} lost by a lose-when rule"),
    }
}

/// How many pieces on the board are `player`'s (every level of every
/// stack).
fn pieces_on_board(st: &State, player: u8) -> usize {
    let game = st.game();
    (0..game.board.len())
        .filter_map(|s| crate::board::Site::try_from(s).ok())
        .flat_map(|s| st.stack(s).iter())
        .filter(|&&p| game.owner(p) == player)
        .count()
}

/// Which result effect decided the game, in words: the effects of the
/// outcome's kind (a win or a loss for a decided game, a draw else).
fn result_words(o: &Outcome, notes: Option<&RuleNotes>) -> String {
    let fits = |d: &str| match o.winner() {
        Some(_) => d == "win" || d == "lose",
        None if matches!(o, Outcome::Loss(..)) => d == "lose",
        None => d == "draw",
    };
    // A rule that makes its player lose says so (Yavalath: a line of 4
    // wins, a line of 3 loses).
    let mut names: Vec<String> = notes
        .map(|n| {
            n.results
                .iter()
                .filter(|r| fits(&r.decision))
                .map(|r| match r.decision.as_str() {
                    "lose" => format!("{} (which loses)", r.words),
                    _ => r.words.clone(),
                })
                .collect()
        })
        .unwrap_or_default();
    names.dedup();
    match names.as_slice() {
        [] => "a rule of play decided it".into(),
        [one] => one.clone(),
        many => format!("one of: {}", many.join("; ")),
    }
}

#[cfg(test)]
mod tests;

//! References by name inside rules: site words (`From`, `To`…), pieces,
//! regions, counters, roles, toggles and players, each resolved to its
//! index with a diagnostic (and a close match) when the name is unknown;
//! and the check of a clause against the vocabulary table, shared by every
//! part of speech.

use super::args::{Diags, choice, string};
use super::ir::{Along, CounterId, Dirs, SiteRef, Who};
use super::lower::Lowerer;
use super::vocab;
use crate::diag::{Diagnostic, did_you_mean};
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// Whether `c` is a ludeme of `context` in the vocabulary table; if it
    /// is, its arguments are checked against the table's shape (every
    /// problem reported), else an unknown-ludeme error with suggestions.
    pub fn known(&mut self, c: &Clause, context: &str, d: &mut Diags) -> bool {
        match super::shape::of(context, &c.head) {
            Some(s) => {
                super::args::check_shape(c, s.min, s.max, &s.named, d);
                true
            }
            None => {
                self.unknown_head(c, context, d);
                false
            }
        }
    }

    /// Reports a ludeme of the table that its part of speech does not
    /// lower: the compiler's own fault, shown rather than hidden (a test
    /// lowers every row's example).
    pub fn unlowered(&mut self, c: &Clause, context: &str, d: &mut Diags) {
        d.error(
            c.head_span,
            format!(
                "internal: the {context} `{}` is in the vocabulary but not lowered",
                c.head
            ),
            "not lowered",
        );
    }

    /// Splits the optional leading site word from the other argument.
    pub(super) fn split_site<'a>(
        &mut self,
        c: &'a Clause,
        d: &mut Diags,
    ) -> (SiteRef, Option<&'a Expr>) {
        match c.args.as_slice() {
            [site, rest] => (self.site_ref(Some(site), d), Some(rest)),
            [rest] => (SiteRef::Subject, Some(rest)),
            _ => (SiteRef::Subject, None),
        }
    }

    /// A site word (`From`, `To`, `Over`, `Last`, `Subject`), or the
    /// subject when absent.
    pub(super) fn site_ref(&mut self, e: Option<&Expr>, d: &mut Diags) -> SiteRef {
        let Some(e) = e else { return SiteRef::Subject };
        let r = choice(e, vocab::SITE_WORDS, d)
            .and_then(vocab::site_word)
            .unwrap_or(SiteRef::Subject);
        self.reads_last |= matches!(r, SiteRef::Last | SiteRef::LastPassed);
        r
    }

    /// Reports an unknown clause head with the ludemes of the context.
    pub fn unknown_head(&mut self, c: &Clause, context: &str, d: &mut Diags) {
        if c.head_is_str {
            return; // a define call that failed to expand: reported already
        }
        if d.full() {
            d.drop_error(); // counted, not built
            return;
        }
        let names: Vec<&str> = vocab::names_in(context).collect();
        let mut diag = Diagnostic::error(
            c.head_span,
            format!("unknown {context} ludeme `{}`", c.head),
            format!("expected one of: {}", names.join(", ")),
        );
        let elsewhere: Vec<&str> = vocab::LUDEMES
            .iter()
            .filter(|l| l.name == c.head)
            .map(|l| l.context)
            .collect();
        let all = vocab::LUDEMES.iter().map(|l| l.name);
        if !elsewhere.is_empty() {
            diag = diag.with_help(format!(
                "`{}` is a {} ludeme: it cannot stand in a {context}",
                c.head,
                elsewhere.join(" or ")
            ));
        } else if let Some(s) =
            did_you_mean(&c.head, names.iter().copied()).or_else(|| did_you_mean(&c.head, all))
        {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        }
        d.push(diag);
    }

    /// Reports an unknown word with the valid ones.
    pub fn unknown_word(&mut self, e: &Expr, w: &str, valid: &[&str], what: &str, d: &mut Diags) {
        let mut diag = Diagnostic::error(
            e.span(),
            format!("`{w}` is not {what}"),
            format!("expected one of: {}", valid.join(", ")),
        );
        if self.toggles.iter().any(|t| t.name == w) {
            diag = diag.with_help(format!("`{w}` is a toggle: its value is read as `${w}`"));
        } else if let Some(s) = did_you_mean(w, valid.iter().copied()) {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        }
        d.push(diag);
    }

    /// A piece kind given by name.
    pub fn kind_ref(&mut self, e: &Expr, d: &mut Diags) -> Option<u8> {
        lookup(&self.kinds, e, "piece", d).map(|i| i as u8)
    }

    /// A region given by name.
    pub fn region_ref(&mut self, e: &Expr, d: &mut Diags) -> Option<u16> {
        lookup(&self.region_names, e, "region", d).map(|i| i as u16)
    }
    /// A counter given by name.
    pub fn counter_ref(&mut self, e: &Expr, d: &mut Diags) -> Option<CounterId> {
        let names: Vec<String> = self.counters.iter().map(|c| c.name.clone()).collect();
        lookup(&names, e, "counter", d).map(|i| i as CounterId)
    }

    /// A boolean toggle given by name (a word), for rules that read or
    /// flip it during play.
    pub fn bool_toggle(&mut self, e: &Expr, d: &mut Diags) -> Option<super::ir::ToggleId> {
        let w = super::args::word(e, d)?;
        let is_bool = |t: &&super::ir::Toggle| t.ty == super::ir::ToggleType::Bool;
        let bools: Vec<String> = self
            .toggles
            .iter()
            .filter(is_bool)
            .map(|t| t.name.clone())
            .collect();
        let i = self.toggles.iter().position(|t| t.name == w && is_bool(&t));
        if i.is_none() {
            let mut diag = crate::diag::Diagnostic::error(
                e.span(),
                format!("`{w}` is not a boolean toggle"),
                format!("expected one of: {}", bools.join(", ")),
            );
            if let Some(s) = crate::diag::did_you_mean(w, bools.iter().map(String::as_str)) {
                diag = diag.with_help(format!("did you mean `{s}`?"));
            }
            d.push(diag);
        }
        if i.is_some_and(|i| i >= 64) {
            d.error(
                e.span(),
                format!("`{w}` cannot flip: only the first 64 toggles declared can"),
                "declared after 64 others",
            );
        }
        i.filter(|&i| i < 64).map(|i| i as super::ir::ToggleId)
    }

    /// `Mover`, `Next`, `P1`, `P2`…
    pub(super) fn who(&mut self, e: &Expr, d: &mut Diags) -> Option<Who> {
        let names: Vec<String> = ["Mover".to_string(), "Next".to_string()]
            .into_iter()
            .chain((1..=self.players.len()).map(|i| format!("P{i}")))
            .collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        match choice(e, &refs, d)? {
            "Mover" => Some(Who::Mover),
            "Next" => Some(Who::Next),
            p => p[1..].parse::<u8>().ok().map(|i| Who::Player(i - 1)),
        }
    }

    /// A `dirs:` argument, or every direction of the board.
    pub(super) fn dirs_or_all(&mut self, e: Option<&Expr>, d: &mut Diags) -> u16 {
        match e {
            Some(e) => self.dirset(e, d),
            None => self.dirset_all(),
        }
    }
    /// A `dirs:` value that may also be a direction value: `Move` (the
    /// current step, from its origin toward its destination), `Reverse`
    /// (the opposite way) or `LastMove` (the previous step's); otherwise a
    /// direction set (default `All`).
    pub(super) fn dirs_value(&mut self, e: Option<&Expr>, d: &mut Diags) -> Dirs {
        match e.and_then(|e| self.direction_value(e)) {
            Some(way) => Dirs::Along(way),
            None => Dirs::Set(self.dirs_or_all(e, d)),
        }
    }

    /// The direction value a word names (`Move`, `Reverse`, `LastMove`),
    /// noting that the rule reads the previous step when it is
    /// `LastMove`; `None` for anything else.
    pub(super) fn direction_value(&mut self, e: &Expr) -> Option<Along> {
        let Expr::Word(w, _) = e else { return None };
        let way = Along::from_word(w)?;
        self.reads_last |= way == Along::LastMove;
        Some(way)
    }

    /// A leading site word (`From`, `To`, `Over`) and the argument after it.
    pub(super) fn site_then<'a>(
        &mut self,
        c: &'a Clause,
        d: &mut Diags,
    ) -> (SiteRef, Option<&'a Expr>) {
        match c.args.as_slice() {
            [Expr::Word(w, _), rest @ ..] if vocab::SITE_WORDS.contains(&w.as_str()) => {
                (self.site_ref(c.args.first(), d), rest.first())
            }
            [first, ..] => (SiteRef::Subject, Some(first)),
            [] => (SiteRef::Subject, None),
        }
    }
}

/// True when `e` is given and is a site word ([`is_site`]).
pub(super) fn is_site_arg(e: Option<&Expr>) -> bool {
    e.is_some_and(is_site)
}

/// True for a site word (`From`, `To`, `Over`, `Subject`).
pub(super) fn is_site(e: &Expr) -> bool {
    matches!(e, Expr::Word(w, _) if vocab::SITE_WORDS.contains(&w.as_str()))
}

/// The index of the name given by string `e` in `names`, or an error with
/// the known names and a close match.
pub fn lookup(names: &[String], e: &Expr, what: &str, d: &mut Diags) -> Option<usize> {
    let name = string(e, d)?;
    if let Some(i) = names.iter().position(|k| k == name) {
        return Some(i);
    }
    let known: Vec<&str> = names.iter().map(String::as_str).collect();
    let label = if known.is_empty() {
        format!("no {what} is declared")
    } else {
        format!("expected one of: {}", known.join(", "))
    };
    let mut diag = Diagnostic::error(e.span(), format!("unknown {what} `{name}`"), label);
    if let Some(s) = did_you_mean(name, known.iter().copied()) {
        diag = diag.with_help(format!("did you mean `{s}`?"));
    }
    d.push(diag);
    None
}

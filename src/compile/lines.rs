//! Lowering of lines, rays and results: `(line …)` and `(ahead …)`
//! (conditions), `(run …)` (a set), `(win)`, `(lose)`, `(draw)` and
//! `(convert-all …)` (effects). Their evaluation is in `engine/lines.rs`
//! and `engine/apply.rs`.

use super::args::{Diags, boolean, check_shape, choice, int_in, named};
use super::ir::{Cond, Decision, Effect, Line, Run, SiteRef, SiteSet, Who};
use super::lower::Lowerer;
use super::vocab;
use crate::syntax::{Clause, Expr};

/// True for a site word (`From`, `To`, `Over`, `Subject`).
fn is_site(e: &Expr) -> bool {
    matches!(e, Expr::Word(w, _) if vocab::SITE_WORDS.contains(&w.as_str()))
}

impl Lowerer {
    /// `(line N [SITE] [dirs:DIRS] [exact:BOOL] [of:COND])` and
    /// `(ahead [SITE] DIRS [COND])`; `None` for any other head.
    pub fn cond_lines(&mut self, c: &Clause, d: &mut Diags) -> Option<Cond> {
        match c.head.as_str() {
            "line" => Some(self.line(c, d)),
            "ahead" => Some(self.ahead(c, d)),
            _ => None,
        }
    }

    fn line(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        check_shape(c, 1, 2, &["dirs", "exact", "of"], d);
        let len = c.args.first().and_then(|e| int_in(e, 1, 255, d));
        let at = self.site_ref(c.args.get(1), d);
        let dirs = self.dirs_or_all(named(c, "dirs"), d);
        let exact = named(c, "exact")
            .and_then(|e| boolean(e, d))
            .unwrap_or(false);
        let of = named(c, "of").map_or(Cond::Mine(SiteRef::Subject), |e| self.cond(e, d));
        let Some(len) = len else { return Cond::False };
        Cond::Line(Box::new(Line {
            at,
            dirs,
            len: len as u16,
            exact,
            of,
        }))
    }

    fn ahead(&mut self, c: &Clause, d: &mut Diags) -> Cond {
        check_shape(c, 1, 3, &[], d);
        let (at, rest) = match c.args.split_first() {
            Some((first, rest)) if is_site(first) => (self.site_ref(Some(first), d), rest),
            _ => (SiteRef::Subject, c.args.as_slice()),
        };
        let Some(dirs_expr) = rest.first() else {
            d.error(
                c.span,
                "`ahead` needs a direction",
                "expected `(ahead [SITE] DIRS [COND])`",
            );
            return Cond::False;
        };
        let dirs = self.dirset(dirs_expr, d);
        let cond = rest.get(1).map_or(Cond::True, |e| self.cond(e, d));
        if rest.len() > 2 {
            d.error(
                rest[2].span(),
                "too many arguments to `ahead`",
                "expected `(ahead [SITE] DIRS [COND])`",
            );
        }
        Cond::Ahead(at, dirs, Box::new(cond))
    }

    /// `(run [SITE] [dirs:DIRS] [through:COND] [close:COND] [end:BOOL])`;
    /// `None` for any other head.
    pub fn set_lines(&mut self, c: &Clause, d: &mut Diags) -> Option<SiteSet> {
        if c.head != "run" {
            return None;
        }
        check_shape(c, 0, 1, &["dirs", "through", "close", "end"], d);
        let at = self.site_ref(c.args.first(), d);
        let dirs = self.dirs_or_all(named(c, "dirs"), d);
        let through =
            named(c, "through").map_or(Cond::Empty(SiteRef::Subject), |e| self.cond(e, d));
        let close = named(c, "close").map(|e| self.cond(e, d));
        let with_end = named(c, "end").and_then(|e| boolean(e, d)).unwrap_or(false);
        Some(SiteSet::Run(Box::new(Run {
            at,
            dirs,
            through,
            close,
            with_end,
        })))
    }

    /// `(win [WHO])`, `(lose [WHO])`, `(draw)`, `(convert-all SET)`;
    /// `None` for any other head.
    pub fn effect_lines(&mut self, c: &Clause, d: &mut Diags) -> Option<Option<Effect>> {
        let decision = match c.head.as_str() {
            "win" => Decision::Win,
            "lose" => Decision::Loss,
            "draw" => Decision::Draw,
            "convert-all" => {
                check_shape(c, 1, 1, &[], d);
                return Some(c.args.first().map(|e| Effect::ConvertAll(self.set(e, d))));
            }
            _ => return None,
        };
        let max = usize::from(decision != Decision::Draw);
        check_shape(c, 0, max, &[], d);
        let who = match c.args.first() {
            None => Some(Who::Mover),
            Some(e) => self.who(e, d),
        };
        Some(who.map(|w| Effect::Result(decision, w)))
    }

    /// `Mover`, `Next`, `P1`, `P2`…
    fn who(&mut self, e: &Expr, d: &mut Diags) -> Option<Who> {
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
    fn dirs_or_all(&mut self, e: Option<&Expr>, d: &mut Diags) -> u16 {
        match e {
            Some(e) => self.dirset(e, d),
            None => self.dirset_all(),
        }
    }
}

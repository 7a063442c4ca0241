//! Sets of sites: neighbours, groups, the sites where a condition holds,
//! differences, reach, rays (`run`), trails along a track, and the flanks
//! of flanking rules. Which heads exist and their arguments come from the
//! vocabulary table (context `set`); evaluation is in `engine/sets.rs`.

use super::args::{Diags, boolean, choice, clause, int_in, items, named};
use super::ir::{Cond, Dirs, Flank, Rel, Run, SiteRef, SiteSet};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// A set of sites: `Removed`, `Converted` or a set clause.
    pub fn set(&mut self, e: &Expr, d: &mut Diags) -> SiteSet {
        match e {
            Expr::Word(w, _) if w == "Removed" => return SiteSet::Removed,
            Expr::Word(w, _) if w == "Converted" => return SiteSet::Converted,
            _ => {}
        }
        let Some(c) = clause(e, "a set of sites", d) else {
            return SiteSet::Removed;
        };
        if !self.known(c, "set", d) {
            return SiteSet::Removed;
        }
        match vocab::lowering("set", &c.head) {
            Some(Lower::Set(lower)) => lower(self, c, d),
            _ => {
                self.unlowered(c, "set", d);
                SiteSet::Removed
            }
        }
    }

    /// `(trail [SITE] "Track" [backward:BOOL] [through:COND])`.
    fn trail(&mut self, c: &Clause, d: &mut Diags) -> SiteSet {
        let (at, rest) = self.site_then(c, d);
        let track = match rest {
            Some(e) => self.track_ref(e, d).unwrap_or(0),
            None => {
                d.error(
                    c.head_span,
                    "`trail` needs its track",
                    "expected `(trail [SITE] \"Track\" …)`",
                );
                0
            }
        };
        let backward = named(c, "backward")
            .and_then(|e| boolean(e, d))
            .unwrap_or(false);
        let through = named(c, "through").map_or(Cond::True, |e| self.cond(e, d));
        SiteSet::Trail {
            at,
            track,
            backward,
            through: Box::new(through),
        }
    }

    /// `(run [SITE] [dirs:DIRS] [along:Move|Reverse|LastMove] [through:COND] [close:COND] [end:BOOL] [length:N])`.
    fn run(&mut self, c: &Clause, d: &mut Diags) -> SiteSet {
        let at = self.site_ref(c.args.first(), d);
        // `dirs:Move` is `along:Move`: the direction value of the step.
        let (dirs, along_dirs) = match self.dirs_value(named(c, "dirs"), d) {
            Dirs::Set(id) => (id, None),
            Dirs::Along(way) => (self.dirset_all(), Some(way)),
        };
        let through =
            named(c, "through").map_or(Cond::Empty(SiteRef::Subject), |e| self.cond(e, d));
        let close = named(c, "close").map(|e| self.cond(e, d));
        let with_end = named(c, "end").and_then(|e| boolean(e, d)).unwrap_or(false);
        let along = match named(c, "along") {
            Some(e) => choice(e, crate::compile::ir::DIRECTION_VALUES, d)
                .and_then(|_| self.direction_value(e))
                .or(along_dirs),
            None => along_dirs,
        };
        let length = named(c, "length")
            .and_then(|e| super::args::int_in(e, 1, 255, d))
            .map(|n| n as u16);
        SiteSet::Run(Box::new(Run {
            at,
            dirs,
            through,
            close,
            with_end,
            length,
            along,
        }))
    }

    /// The flank of `(flanked …)`: its arguments, checked against the
    /// table by the caller.
    pub fn flank(&mut self, c: &Clause, d: &mut Diags) -> Flank {
        let at = self.site_ref(c.args.first(), d);
        let dirs = match named(c, "dirs") {
            Some(e) => self.dirset(e, d),
            None => self.dirset_all(),
        };
        let rel = |name: &str, default: Rel, d: &mut Diags| {
            let words = ["Mine", "Enemy", "Occupied"];
            match named(c, name).map(|e| choice(e, &words, d)) {
                Some(Some("Mine")) => Rel::Mine,
                Some(Some("Enemy")) => Rel::Enemy,
                Some(Some("Occupied")) => Rel::Occupied,
                _ => default,
            }
        };
        let middle = rel("middle", Rel::Enemy, d);
        let end = rel("end", Rel::Mine, d);
        let reach = match named(c, "distance") {
            Some(Expr::Word(w, _)) if w == "Any" => u16::MAX,
            Some(e @ Expr::Int(..)) => int_in(e, 1, 1000, d).map_or(1, |n| n as u16),
            Some(e) => {
                d.expected(e, "an integer from 1 to 1000, or `Any`");
                1
            }
            None => 1,
        };
        let (mut same_height, mut same_kind) = (false, false);
        for e in named(c, "same").map(items).unwrap_or_default() {
            match choice(e, &["Height", "Kind"], d) {
                Some("Height") => same_height = true,
                Some("Kind") => same_kind = true,
                _ => {}
            }
        }
        Flank {
            at,
            dirs,
            middle,
            end,
            reach,
            same_height,
            same_kind,
        }
    }
}

// The lowering of each set clause, named by its row of the vocabulary
// table (`vocab.rs`).

/// The clause's optional leading site and condition (`true` when
/// missing), as `neighbours` and `group` take them.
fn site_cond(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> (SiteRef, Box<Cond>) {
    let (r, rest) = l.site_then(c, d);
    (r, Box::new(rest.map_or(Cond::True, |e| l.cond(e, d))))
}

/// `(neighbours [SITE] [COND])`.
pub(super) fn neighbours(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    let (r, cond) = site_cond(l, c, d);
    SiteSet::Neighbours(r, cond)
}

/// `(group [SITE] [COND])`.
pub(super) fn group(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    let (r, cond) = site_cond(l, c, d);
    SiteSet::Group(r, cond)
}

/// `(where COND)`.
pub(super) fn where_cond(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    SiteSet::Where(Box::new(
        c.args.first().map_or(Cond::False, |e| l.cond(e, d)),
    ))
}

/// `(minus A B)`.
pub(super) fn minus(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    let a = l.first_set(c, d);
    let b = c.args.get(1).map_or(SiteSet::Removed, |e| l.set(e, d));
    SiteSet::Minus(Box::new(a), Box::new(b))
}

/// The clause's set and condition (`true` when missing), as `reach` and
/// `adjacent-to` take them.
fn set_cond(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> (Box<SiteSet>, Box<Cond>) {
    let a = Box::new(l.first_set(c, d));
    (
        a,
        Box::new(c.args.get(1).map_or(Cond::True, |e| l.cond(e, d))),
    )
}

/// `(reach SET [COND])`.
pub(super) fn reach(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    let (a, cond) = set_cond(l, c, d);
    SiteSet::Reach(a, cond)
}

/// `(adjacent-to SET [COND])`.
pub(super) fn adjacent_to(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    let (a, cond) = set_cond(l, c, d);
    SiteSet::AdjacentTo(a, cond)
}

/// `(trail …)`.
pub(super) fn trail(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    l.trail(c, d)
}

/// `(run …)`.
pub(super) fn run(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    l.run(c, d)
}

/// `(flanked …)`.
pub(super) fn flanked(l: &mut Lowerer, c: &Clause, d: &mut Diags) -> SiteSet {
    SiteSet::Flanked(Box::new(l.flank(c, d)))
}

//! `(first …)`: who moves first; `(heuristics …)`: how computer players
//! judge a position that is not over (weighted terms, each computed per
//! player). A game without `(heuristics …)` gets [`default_terms`]:
//! material alone.

use super::args::{Diags, check, choice, int_in, named};
use super::ir::{Cond, Kind, Num};
use super::lower::Lowerer;
use super::vocab::{self, Lower};
use crate::board::Site;
use crate::syntax::{Clause, Expr};
use serde::Serialize;

/// Who moves first, from `(first P1|P2…|Random)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum First {
    /// This player (0-based); `P1` when the clause is absent.
    Player(u8),
    /// Drawn from the state's seeded chance generator.
    Random,
}

impl Default for First {
    fn default() -> First {
        First::Player(0)
    }
}

/// One weighted term of a heuristic.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Term {
    /// The weight (a term counts `weight × value`).
    pub weight: i64,
    /// What is counted.
    pub kind: TermKind,
    /// `when:COND`: the term counts for a player only where the condition
    /// holds for them (read during play, so a toggle that `flip`s changes
    /// it). `None`: always. A condition that is constant once toggles are
    /// read is folded away when the game is built (false: the term is
    /// dropped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<Cond>,
    /// The index of the first earlier term that counts the same thing
    /// (the same [`TermKind`], under another weight or `when:`), whose
    /// counts an evaluation reuses for this one; `None` for the first of
    /// its kind. Set by [`index_repeats`] once the list is complete.
    #[serde(skip)]
    pub same_as: Option<u16>,
}

/// Sets every term's [`Term::same_as`]: the first earlier term of an equal
/// kind (a term's value for a player depends on its kind and the position
/// alone, so one count serves every repeat; Genocide's pursuits repeat one
/// kind under several toggles).
pub fn index_repeats(terms: &mut [Term]) {
    for i in 0..terms.len() {
        let first = (0..i).find(|&j| terms[j].same_as.is_none() && terms[j].kind == terms[i].kind);
        terms[i].same_as = first.and_then(|j| u16::try_from(j).ok());
    }
}

/// What a heuristic term counts for a player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum TermKind {
    /// The player's pieces on the board (of one kind if given); with
    /// `stacks`, the stacks whose top piece is theirs instead.
    Material {
        /// Only pieces of this kind.
        kind: Option<Kind>,
        /// Count stacks (by top piece) rather than pieces.
        stacks: bool,
    },
    /// The legal first steps each player would have if it were to move now.
    Mobility,
    /// Sites of a region (as the player sees it) whose top piece is the
    /// player's; with `pieces`, the player's pieces there.
    Region {
        /// The region.
        region: u16,
        /// Count pieces rather than sites.
        pieces: bool,
    },
    /// The game's `(score …)` number (0 when it has none).
    Score,
    /// Sum over the player's stacks of closeness to the centre:
    /// `closeness[site]`, the board's largest graph distance to the
    /// central sites minus this site's.
    Centre {
        /// Closeness of every site.
        closeness: Vec<i64>,
    },
    /// Closeness to a region, as each player sees it: over the player's
    /// stacks (by top piece), `closeness[player][site]`, the board's
    /// largest graph distance to the region minus this site's; with
    /// `pieces`, each of the player's pieces in the stack counts it.
    Approach {
        /// Closeness of every site, per player.
        closeness: Vec<Vec<i64>>,
        /// Count pieces rather than stacks.
        pieces: bool,
    },
    /// Closeness to the enemy: over the player's stacks (by top piece),
    /// `diameter` minus the graph distance to the nearest stack whose top
    /// piece is another player's (none reachable: 0); with `pieces`, each
    /// of the player's pieces in the stack counts it.
    Pursuit {
        /// Every site's neighbours on the board graph.
        neighbours: Vec<Vec<Site>>,
        /// Every site's neighbours as a set (bit `t` for site `t`), on
        /// boards of at most 128 sites (empty on larger ones): the search
        /// then goes a whole distance at a time.
        #[serde(skip)]
        reach: Vec<u128>,
        /// The board's largest graph distance between two sites.
        diameter: i64,
        /// Count pieces rather than stacks.
        pieces: bool,
    },
    /// Line potential: over every site and board direction, each window
    /// of `length` sites holding no enemy piece on top counts the square
    /// of the number of the player's pieces on top in it.
    Lines {
        /// The window length (the length of a winning line).
        length: u32,
    },
    /// Any number of the language, computed for the player.
    Num(Num),
}

/// Every site's neighbours as a set (see [`TermKind::Pursuit`]'s
/// `reach`): empty for boards of more than 128 sites.
fn reach_sets(neighbours: &[Vec<Site>]) -> Vec<u128> {
    if neighbours.len() > 128 {
        return Vec::new();
    }
    neighbours
        .iter()
        .map(|ns| ns.iter().fold(0u128, |m, &t| m | 1u128 << t))
        .collect()
}

/// The heuristic of a game that declares none: material (pieces on the
/// board), weight 1.
pub fn default_terms() -> Vec<Term> {
    vec![Term {
        weight: 1,
        kind: TermKind::Material {
            kind: None,
            stacks: false,
        },
        when: None,
        same_as: None,
    }]
}

impl Lowerer {
    /// `(first P1|P2…|Random)`.
    pub fn first(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        let Some(e) = c.args.first() else { return };
        let mut names: Vec<String> = (1..=self.players.len()).map(|i| format!("P{i}")).collect();
        names.push("Random".into());
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        match choice(e, &refs, d) {
            Some("Random") => self.first = First::Random,
            Some(w) => {
                if let Ok(i) = w[1..].parse::<u8>() {
                    self.first = First::Player(i - 1);
                }
            }
            None => {}
        }
    }

    /// `(heuristics TERM…)`.
    pub fn heuristics(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        let mut terms = Vec::new();
        for e in &c.args {
            let Expr::Clause(t) = e else {
                d.expected(e, "a heuristic term such as `(material 1)`");
                continue;
            };
            // A term that can never count (weight 0, or a condition false
            // once toggles are read) is dropped.
            if let Some(term) = self.term(t, d)
                && term.weight != 0
                && term.when != Some(Cond::False)
            {
                terms.push(term);
            }
        }
        index_repeats(&mut terms);
        self.heuristics = Some(terms);
    }

    fn term(&mut self, t: &Clause, d: &mut Diags) -> Option<Term> {
        if !self.known(t, "heuristics", d) {
            return None;
        }
        let weight = t
            .args
            .first()
            .and_then(|e| int_in(e, -1_000_000, 1_000_000, d));
        let kind = match vocab::lowering("heuristics", &t.head) {
            Some(Lower::HeuristicTerm(lower)) => lower(self, t, d)?,
            _ => {
                self.unlowered(t, "heuristics", d);
                return None;
            }
        };
        let when = match named(t, "when").map(|e| self.cond(e, d)) {
            None => None,
            Some(c) => match constant(&c) {
                Some(true) => None,
                Some(false) => Some(Cond::False),
                None => Some(c),
            },
        };
        Some(Term {
            weight: weight?,
            kind,
            when,
            same_as: None,
        })
    }

    /// Closeness to `region` of every site, per player: the largest graph
    /// distance to the region's sites (as that player sees it) minus the
    /// site's own (unreachable sites, or an empty region: 0).
    fn approach(&self, region: u16) -> Vec<Vec<i64>> {
        let Some(b) = &self.board else {
            return Vec::new();
        };
        let Some(per_player) = self.regions.get(region as usize) else {
            return Vec::new();
        };
        per_player
            .iter()
            .map(|member| {
                let sites: Vec<Site> = (0..member.len())
                    .filter(|&s| member[s])
                    .map(|s| s as Site)
                    .collect();
                closeness_to(&b.distances_from(&sites))
            })
            .collect()
    }

    /// The board graph for [`TermKind::Pursuit`]: every site's neighbours
    /// and the largest graph distance between two sites (exact up to
    /// [`EXACT_DIAMETER`] sites, from two sweeps beyond).
    fn graph(&self) -> (Vec<Vec<Site>>, i64) {
        let Some(b) = &self.board else {
            return (Vec::new(), 0);
        };
        let neighbours = (0..b.len())
            .map(|s| b.neighbours(s as Site).collect())
            .collect();
        let far = |from: Site| {
            let d = b.distances_from(&[from]);
            (0..d.len())
                .filter(|&s| d[s] != u32::MAX)
                .max_by_key(|&s| d[s])
                .map_or((from, 0), |s| (s as Site, d[s]))
        };
        let diameter = if b.len() <= EXACT_DIAMETER {
            (0..b.len()).map(|s| far(s as Site).1).max().unwrap_or(0)
        } else {
            let (a, _) = far(0);
            far(a).1
        };
        (neighbours, i64::from(diameter))
    }

    /// Closeness to the centre of every site: the central sites are those
    /// nearest the mean position; closeness is the largest graph distance
    /// to them minus the site's own (unreachable sites: 0).
    fn closeness(&self) -> Vec<i64> {
        let Some(b) = &self.board else {
            return Vec::new();
        };
        let n = b.len();
        if n == 0 {
            return Vec::new();
        }
        let (sx, sy) = b
            .sites()
            .iter()
            .fold((0.0, 0.0), |(x, y), s| (x + s.pos.0, y + s.pos.1));
        let (cx, cy) = (sx / n as f64, sy / n as f64);
        let dist = |s: usize| {
            let p = b.sites()[s].pos;
            (p.0 - cx).hypot(p.1 - cy)
        };
        let best = (0..n).map(dist).fold(f64::INFINITY, f64::min);
        let centre: Vec<Site> = (0..n)
            .filter(|&s| dist(s) <= best + 1e-6)
            .map(|s| s as Site)
            .collect();
        closeness_to(&b.distances_from(&centre))
    }
}

/// The value of a condition that reads nothing of the position (`true`,
/// `false`, and `not`/`and`/`or` of such, as toggles fixed when the file
/// was read leave them); `None` when it depends on the position.
fn constant(c: &Cond) -> Option<bool> {
    match c {
        Cond::True => Some(true),
        Cond::False => Some(false),
        Cond::Not(x) => constant(x).map(|b| !b),
        Cond::And(v) => all_of(v, false),
        Cond::Or(v) => all_of(v, true),
        _ => None,
    }
}

/// `and` (`short` false) or `or` (`short` true) of constant conditions:
/// one operand equal to `short` decides; otherwise all must be constant.
fn all_of(v: &[Cond], short: bool) -> Option<bool> {
    let mut known = true;
    for x in v {
        match constant(x) {
            Some(b) if b == short => return Some(short),
            Some(_) => {}
            None => known = false,
        }
    }
    known.then_some(!short)
}

/// Boards up to this many sites get their exact diameter for
/// [`TermKind::Pursuit`] (a search from every site); larger ones the
/// double-sweep estimate, exact on grids.
const EXACT_DIAMETER: usize = 1024;

/// The largest finite distance minus each site's (unreachable: 0).
fn closeness_to(d: &[u32]) -> Vec<i64> {
    let max = d
        .iter()
        .filter(|&&x| x != u32::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    d.iter()
        .map(|&x| if x == u32::MAX { 0 } else { i64::from(max - x) })
        .collect()
}

// The heuristic terms' kinds, each named by its row of the vocabulary
// table; the weight and `when:` are read by `Lowerer::term`.

/// `(material WEIGHT [kind:"Kind"] [stacks:true])`.
pub(super) fn material(l: &mut Lowerer, t: &Clause, d: &mut Diags) -> Option<TermKind> {
    let kind = named(t, "kind").and_then(|e| l.kind_ref(e, d));
    let stacks = named(t, "stacks")
        .and_then(|e| super::args::boolean(e, d))
        .unwrap_or(false);
    Some(TermKind::Material { kind, stacks })
}

/// `(mobility WEIGHT)`.
pub(super) fn mobility(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> Option<TermKind> {
    Some(TermKind::Mobility)
}

/// `(region WEIGHT "Region" [pieces:true])`.
pub(super) fn region(l: &mut Lowerer, t: &Clause, d: &mut Diags) -> Option<TermKind> {
    let region = t.args.get(1).and_then(|e| l.region_ref(e, d))?;
    let pieces = named(t, "pieces")
        .and_then(|e| super::args::boolean(e, d))
        .unwrap_or(false);
    Some(TermKind::Region { region, pieces })
}

/// `(approach WEIGHT "Region" [pieces:true])`.
pub(super) fn approach(l: &mut Lowerer, t: &Clause, d: &mut Diags) -> Option<TermKind> {
    let region = t.args.get(1).and_then(|e| l.region_ref(e, d))?;
    let pieces = named(t, "pieces")
        .and_then(|e| super::args::boolean(e, d))
        .unwrap_or(false);
    Some(TermKind::Approach {
        closeness: l.approach(region),
        pieces,
    })
}

/// `(pursuit WEIGHT [pieces:true])`.
pub(super) fn pursuit(l: &mut Lowerer, t: &Clause, d: &mut Diags) -> Option<TermKind> {
    let pieces = named(t, "pieces")
        .and_then(|e| super::args::boolean(e, d))
        .unwrap_or(false);
    let (neighbours, diameter) = l.graph();
    Some(TermKind::Pursuit {
        reach: reach_sets(&neighbours),
        neighbours,
        diameter,
        pieces,
    })
}

/// `(score WEIGHT)`.
pub(super) fn score(_: &mut Lowerer, _: &Clause, _: &mut Diags) -> Option<TermKind> {
    Some(TermKind::Score)
}

/// `(centre WEIGHT)`.
pub(super) fn centre(l: &mut Lowerer, _: &Clause, _: &mut Diags) -> Option<TermKind> {
    Some(TermKind::Centre {
        closeness: l.closeness(),
    })
}

/// `(lines WEIGHT N)`.
pub(super) fn lines(_: &mut Lowerer, t: &Clause, d: &mut Diags) -> Option<TermKind> {
    let length = t.args.get(1).and_then(|e| int_in(e, 2, 64, d))?;
    Some(TermKind::Lines {
        length: length as u32,
    })
}

/// `(term WEIGHT NUM)`.
pub(super) fn term(l: &mut Lowerer, t: &Clause, d: &mut Diags) -> Option<TermKind> {
    Some(TermKind::Num(l.num(t.args.get(1)?, d)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_conditions_fold() {
        let not = |c| Cond::Not(Box::new(c));
        assert_eq!(constant(&Cond::True), Some(true));
        assert_eq!(constant(&not(Cond::True)), Some(false));
        assert_eq!(
            constant(&Cond::And(vec![Cond::True, not(Cond::False)])),
            Some(true)
        );
        // One false operand decides an `and`, one true an `or`, even
        // beside a test of the position.
        let pos = Cond::Empty(super::super::ir::SiteRef::Subject);
        assert_eq!(
            constant(&Cond::And(vec![pos.clone(), Cond::False])),
            Some(false)
        );
        assert_eq!(
            constant(&Cond::Or(vec![pos.clone(), Cond::True])),
            Some(true)
        );
        assert_eq!(constant(&Cond::And(vec![pos.clone(), Cond::True])), None);
        assert_eq!(constant(&pos), None);
    }
}

//! Lowering of the game-level clauses: players, board, pieces, regions,
//! setup and FEN codes. Clauses are lowered in dependency order whatever
//! their order in the file.

use super::args::{Diags, check_shape, items, word};
use super::ir::{Code, EndRules, Gen, GenId, Piece, PlayerInfo};
use super::vocab;
use crate::board::{Board, Dir, Shape, Site};
use crate::syntax::{Clause, Expr};
use std::collections::HashMap;

/// Everything lowered so far; becomes a [`super::ir::Game`].
#[derive(Debug, Default)]
pub struct Lowerer {
    /// The players, in order (seat 0 first).
    pub players: Vec<PlayerInfo>,
    /// The board, once `(board …)` is lowered.
    pub board: Option<Board>,
    /// Piece kinds' names, indexed by kind id.
    pub kinds: Vec<String>,
    /// `symbol:` of each kind, in the order of `kinds`.
    pub kind_symbols: Vec<Option<String>>,
    /// `(board … drawn:Points)`: pictures draw the sites as the points
    /// of a grid of lines, not as cells.
    pub drawn_points: bool,
    /// `picture:` of each kind, in the order of `kinds`.
    pub kind_pictures: Vec<Option<String>>,
    /// The kinds whose picture is an SVG file, with the span of its
    /// spelling (read once the file's folder is known).
    pub picture_files: Vec<(usize, crate::syntax::Span)>,
    /// Most pieces a stack can hold.
    pub stack_cap: usize,
    /// True once `(stack-limit N)` is read.
    pub stack_limit_declared: bool,
    /// Regions' names, indexed by region id.
    pub region_names: Vec<String>,
    /// The mark a region is drawn with (`mark:`), by region id.
    pub region_marks: Vec<Option<String>>,
    /// Per region, per player, per site: is the site in the region (as that player sees it).
    pub regions: Vec<Vec<Vec<bool>>>,
    /// Direction sets: per set, per player, the directions (in that player's frame).
    pub dirsets: Vec<Vec<Vec<Dir>>>,
    /// The direction sets by their text, so that equal sets share an id.
    pub dirset_keys: HashMap<String, u16>,
    /// The direction sets written as an intersection that hold no
    /// direction for any player, found so when first read without other
    /// errors: each later spelling of one is reported too.
    pub empty_dirsets: std::collections::HashSet<u16>,
    /// The initial stacks, bottom first.
    pub setup: Vec<(Site, Vec<Piece>)>,
    /// Setup codes (`(code "K" "Checker" 2)`) for FEN and position texts.
    pub codes: Vec<Code>,
    /// Move generators, indexed by generator id.
    pub gens: Vec<Gen>,
    /// Roles' names.
    pub role_names: Vec<String>,
    /// Where each role is declared, for diagnostics.
    pub role_spans: Vec<crate::syntax::Span>,
    /// Counters.
    pub counters: Vec<super::ir::Counter>,
    /// Toggles, with their values.
    pub toggles: Vec<super::ir::Toggle>,
    /// The phases of a turn.
    pub phases: Vec<super::ir::Phase>,
    /// Roles.
    pub roles: Vec<super::ir::Role>,
    /// The play clause: generator ids in priority groups.
    pub play: Vec<Vec<GenId>>,
    /// The `maximize:` rule, if any.
    pub maximize: Option<super::ir::Maximize>,
    /// Named move blocks: priority groups of generator ids.
    pub blocks: Vec<Vec<Vec<GenId>>>,
    /// The blocks' names.
    pub block_names: Vec<String>,
    /// Per block: `skip-end:true` (the turn ends where nothing but
    /// `(end-phase)` is legal in the block).
    pub block_skip_end: Vec<bool>,
    /// The end rules.
    pub end: EndRules,
    /// `(first …)`.
    pub first: super::heuristics::First,
    /// `(heuristics …)`, if declared.
    pub heuristics: Option<Vec<super::heuristics::Term>>,
    /// `(track …)` clauses.
    pub tracks: Vec<super::tracks::Track>,
    /// `letter:` of each kind, in the order of `kinds`.
    pub kind_letters: Vec<Option<char>>,
    /// `(royal "Kind")`.
    pub royal: Option<u8>,
    /// `(fen …)`.
    pub fen: Option<super::ir::FenRules>,
    /// Some rule reads `unmoved` (or FEN castling rights set it).
    pub tracks_unmoved: bool,
    /// A rule reads `(repeated)`: the state keeps the board of every turn start.
    pub tracks_boards: bool,
    /// The numbers being lowered are in tenths (a score with a decimal
    /// number in it): integers and counts are scaled by ten.
    pub in_tenths: bool,
    /// The clause being lowered reads the previous step (`Last`,
    /// `LastPassed`); set by `site_ref`, read per generator.
    pub reads_last: bool,
    /// The generators whose arguments read the previous step.
    pub last_readers: Vec<super::ir::GenId>,
    /// Some rule rolls dice (`(roll …)`, `(battle dice:true)`): the game
    /// has chance nodes (docs/chance.md).
    pub chance: bool,
    /// One more than the largest sum a roll of the rules can make.
    pub chance_ids: u16,
    /// The most sides of a die a `(throw …)` keeps.
    pub max_die: u8,
    /// The move arguments `attacked` may evaluate, checked once the roles
    /// are known (`attacks.rs`).
    pub attack_reads: Vec<super::attacks::AttackRead>,
}

/// Unit vector of a compass word (x right, y up).
pub fn compass(w: &str) -> Option<(f64, f64)> {
    let h = std::f64::consts::FRAC_1_SQRT_2;
    Some(match w {
        "N" => (0.0, 1.0),
        "S" => (0.0, -1.0),
        "E" => (1.0, 0.0),
        "W" => (-1.0, 0.0),
        "NE" => (h, h),
        "NW" => (-h, h),
        "SE" => (h, -h),
        "SW" => (-h, -h),
        _ => return None,
    })
}

pub(super) const COMPASS: &[&str] = &["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// Reports a `dirs:` written as an empty list: a move or a line along it
/// could never go anywhere. (A direction word that names none of this
/// board's directions, `Diagonal` on a hexagonal grid, is no error: a
/// rule may serve several boards.)
fn no_direction(at: crate::syntax::Span, why: &str, d: &mut Diags) {
    d.push(
        crate::diag::Diagnostic::error(at, "a direction set without a direction", why).with_help(
            "name at least one direction: `N`, `{N E}`, `Orthogonal`, `(and Forward Diagonal)`",
        ),
    );
}

/// Reports a direction value (`Move`, `Reverse`, `LastMove`: a step's
/// direction) where a fixed direction set is needed: a move's own `dirs:`
/// (the step it would read is the one being generated), a line, a flank.
fn direction_value_here(at: crate::syntax::Span, w: &str, d: &mut Diags) {
    d.push(
        crate::diag::Diagnostic::error(
            at,
            format!("`{w}` is the direction of a step, which this clause cannot read"),
            "expected a direction of this board, `{N E}`, `Orthogonal` or `(and …)`",
        )
        .with_help("`run`, `ahead`, `pieces-on-line` and `same` take `Move`, `Reverse` and `LastMove` (see docs/language.md, Direction values)"),
    );
}

impl Lowerer {
    /// The vector of a compass word or of `Forward`/`Backward` for player `p`.
    pub(super) fn dir_vector(
        &mut self,
        e: Option<&Expr>,
        p: usize,
        d: &mut Diags,
    ) -> Option<(f64, f64)> {
        let e = e?;
        let w = word(e, d)?;
        let fwd = self.players.get(p).map_or((0.0, 1.0), |pl| pl.forward);
        match w {
            "Forward" => Some(fwd),
            "Backward" => Some((-fwd.0, -fwd.1)),
            _ => compass(w).or_else(|| {
                let valid: Vec<&str> = ["Forward", "Backward"]
                    .iter()
                    .chain(COMPASS)
                    .copied()
                    .collect();
                self.unknown_word(e, w, &valid, "a direction", d);
                None
            }),
        }
    }

    /// A direction set (`dirs:`), interned per distinct spelling: a
    /// direction word, an array of them (their union) or `(and A B…)`
    /// (the directions in every one: `(and Forward Diagonal)`).
    /// An intersection that holds no direction for any player (`(and
    /// Forward Backward)`) is an error: a move along it could never be
    /// made.
    pub fn dirset(&mut self, e: &Expr, d: &mut Diags) -> u16 {
        let before = (d.items.len(), d.dropped);
        let known = self.dirsets.len();
        let id = self.dirset_of(e, d);
        // Reported where the set is spelt, each time, but only when its
        // words were read without errors of their own the first time.
        let quiet = (d.items.len(), d.dropped) == before && self.dirsets.len() > known;
        let empty = self
            .dirsets
            .get(usize::from(id))
            .is_some_and(|sets| sets.iter().all(Vec::is_empty));
        // Only an intersection: a plain word that names nothing on this
        // board (`Diagonal` on a hexagon) may serve another board of a
        // `match`.
        let and = matches!(e, Expr::Clause(_));
        let again = self.dirsets.len() == known && self.empty_dirsets.contains(&id);
        if and && empty && (quiet || again) && !super::args::already_reported(e) {
            self.empty_dirsets.insert(id);
            no_direction(
                e.span(),
                "these directions have none in common for any player",
                d,
            );
        }
        id
    }

    /// [`Lowerer::dirset`] without the check that it names a direction.
    fn dirset_of(&mut self, e: &Expr, d: &mut Diags) -> u16 {
        if let Expr::Clause(c) = e {
            if super::args::already_reported(e) {
                return self.dirset_all();
            }
            return self.dirset_and(c, d);
        }
        if items(e).is_empty() {
            no_direction(e.span(), "an empty list names no direction", d);
            return self.dirset_all();
        }
        let words: Vec<&str> = items(e).iter().filter_map(|w| word(w, d)).collect();
        let key = words.join(" ");
        if let Some(&id) = self.dirset_keys.get(&key) {
            return id;
        }
        let Some(board) = self.board.clone() else {
            return 0;
        };
        let mut sets = Vec::new();
        for p in 0..self.players.len() {
            let mut dirs: Vec<Dir> = Vec::new();
            for (w, x) in words.iter().zip(items(e)) {
                dirs.extend(self.dir_word(&board, w, x, p, d));
            }
            dirs.sort_unstable();
            dirs.dedup();
            sets.push(dirs);
        }
        self.dirsets.push(sets);
        let id = (self.dirsets.len() - 1) as u16;
        self.dirset_keys.insert(key, id);
        id
    }

    /// `(and DIRS DIRS…)`: the intersection of direction sets, per player.
    fn dirset_and(&mut self, c: &Clause, d: &mut Diags) -> u16 {
        if c.head != "and" {
            d.error(
                c.span,
                format!("`{}` is not a direction set", c.head),
                "expected a direction, `{A B}` or `(and A B)`",
            );
            return self.dirset_all();
        }
        check_shape(c, 1, usize::MAX, &[], d);
        let ids: Vec<u16> = c.args.iter().map(|a| self.dirset(a, d)).collect();
        if ids.iter().any(|&i| usize::from(i) >= self.dirsets.len()) {
            return 0; // No board: reported elsewhere.
        }
        let key = format!(
            "and({})",
            ids.iter().map(u16::to_string).collect::<Vec<_>>().join(" ")
        );
        if let Some(&id) = self.dirset_keys.get(&key) {
            return id;
        }
        let sets = (0..self.players.len())
            .map(|p| {
                let first = ids
                    .first()
                    .map_or(Vec::new(), |&i| self.dirsets[i as usize][p].clone());
                first
                    .into_iter()
                    .filter(|x| ids.iter().all(|&i| self.dirsets[i as usize][p].contains(x)))
                    .collect()
            })
            .collect();
        self.dirsets.push(sets);
        let id = (self.dirsets.len() - 1) as u16;
        self.dirset_keys.insert(key, id);
        id
    }

    /// All the board's directions.
    pub fn dirset_all(&mut self) -> u16 {
        let e = Expr::Word("All".into(), Default::default());
        self.dirset(&e, &mut Diags::default())
    }

    fn dir_word(&mut self, board: &Board, w: &str, e: &Expr, p: usize, d: &mut Diags) -> Vec<Dir> {
        let n = board.directions().len() as Dir;
        let name_is = |pred: fn(&str) -> bool| {
            (0..n)
                .filter(|&i| pred(&board.directions()[i as usize].name))
                .collect()
        };
        let fwd = self.players.get(p).map_or((0.0, 1.0), |pl| pl.forward);
        match w {
            "All" => (0..n).collect(),
            // On hexagonal grids every neighbour shares an edge: all six
            // directions are orthogonal and none is diagonal.
            "Orthogonal" if !matches!(board.shape(), Shape::Square { .. } | Shape::Graph(_)) => {
                (0..n).collect()
            }
            "Diagonal" if !matches!(board.shape(), Shape::Square { .. } | Shape::Graph(_)) => {
                Vec::new()
            }
            "Orthogonal" | "Diagonal" => {
                let dirs: Vec<Dir> = name_is(if w == "Orthogonal" {
                    |s: &str| s.len() == 1
                } else {
                    |s: &str| s.len() == 2
                });
                if dirs.is_empty() && p == 0 {
                    no_such_dirs(board, w, e, d);
                }
                dirs
            }
            "Forward" => board.dirs_toward(fwd),
            "Backward" => board.dirs_toward((-fwd.0, -fwd.1)),
            _ => match board.direction_by_name(w) {
                Some(i) => vec![i],
                None if super::ir::DIRECTION_VALUES.contains(&w) => {
                    if p == 0 {
                        direction_value_here(e.span(), w, d);
                    }
                    Vec::new()
                }
                None => {
                    if p == 0 {
                        let names: Vec<&str> =
                            board.directions().iter().map(|x| x.name.as_str()).collect();
                        let valid: Vec<&str> = vocab::DIRECTION_WORDS[..5]
                            .iter()
                            .copied()
                            .chain(names)
                            .collect();
                        self.unknown_word(e, w, &valid, "a direction of this board", d);
                    }
                    Vec::new()
                }
            },
        }
    }
}

/// Warns that `Orthogonal` or `Diagonal` names no direction of a square
/// board whose adjacency leaves them out (a game with diagonal moves on the
/// default orthogonal board moves nowhere diagonally).
fn no_such_dirs(board: &Board, w: &str, e: &Expr, d: &mut Diags) {
    let have = board
        .directions()
        .iter()
        .map(|x| x.name.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    d.push(
        crate::diag::Diagnostic::warning(
            e.span(),
            format!("`{w}` names no direction of this board"),
            format!("this square board's directions are {have}"),
        )
        .with_help("a `(square …)` board is orthogonal unless it says `adjacency:Diagonal` or `adjacency:All`"),
    );
}

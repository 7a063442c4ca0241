//! Lowering of the game-level clauses: players, board, pieces, regions,
//! setup and FEN codes. Clauses are lowered in dependency order whatever
//! their order in the file.

use super::args::{Diags, check, check_shape, choice, clause, int_in, items, named, string, word};
use super::ir::{Code, EndRules, Gen, GenId, MAX_SEATS, Piece, PlayerInfo};
use super::refs::lookup;
use super::vocab;
use crate::board::geometry::MAX_SIZE;
use crate::board::{Adjacency, Board, Cells, Dir, Labels, Shape, Site};
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

const COMPASS: &[&str] = &["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

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

/// Reports a player `name` (at `at`) that one of `names` has already, or
/// that is empty.
fn same_name_twice(
    names: &[(&str, crate::syntax::Span)],
    name: &str,
    at: crate::syntax::Span,
    d: &mut Diags,
) {
    if name.trim().is_empty() {
        d.error(at, "a player with an empty name", "empty name");
    }
    if let Some((_, first)) = names.iter().find(|(n, _)| *n == name) {
        d.push(
            crate::diag::Diagnostic::error(
                at,
                format!("two players are named `{name}`"),
                "second player of this name",
            )
            .with_related(*first, "first given here")
            .with_help("give each player a name of its own"),
        );
    }
}

impl Lowerer {
    /// `(players N)` or `(players (player "Name" letter:"B" forward:S)…)`.
    pub fn players(&mut self, c: &Clause, d: &mut Diags) {
        // The table's shape, and a limit of its own: at most 8 players.
        check_shape(c, 1, 8, &[], d);
        if let [Expr::Int(..)] = c.args.as_slice() {
            let n = int_in(&c.args[0], 1, MAX_SEATS as i64, d).unwrap_or(2);
            self.players = (1..=n)
                .map(|i| PlayerInfo {
                    name: format!("P{i}"),
                    letter: char::from_digit(i as u32, 10).unwrap_or('?'),
                    forward: if i == 1 { (0.0, 1.0) } else { (0.0, -1.0) },
                })
                .collect();
            return;
        }
        let mut names: Vec<(&str, crate::syntax::Span)> = Vec::new();
        for (i, e) in c.args.iter().enumerate() {
            let Some(p) = clause(e, "a `(player …)` clause", d) else {
                continue;
            };
            check(p, "players", d);
            let name = p.args.first().and_then(|e| string(e, d)).unwrap_or("?");
            if let Some(first @ Expr::Str(..)) = p.args.first() {
                let at = first.span();
                same_name_twice(&names, name, at, d);
                names.push((name, at));
            }
            let name = name.to_string();
            let letter = self
                .player_letter(p, d)
                .unwrap_or_else(|| char::from_digit(i as u32 + 1, 10).unwrap_or('?'));
            let forward = named(p, "forward")
                .and_then(|e| choice(e, COMPASS, d))
                .and_then(compass)
                .unwrap_or(if i == 0 { (0.0, 1.0) } else { (0.0, -1.0) });
            self.players.push(PlayerInfo {
                name,
                letter,
                forward,
            });
        }
        if self.players.len() > MAX_SEATS {
            d.error(c.span, "at most 8 players", "too many players");
            self.players.truncate(MAX_SEATS);
        }
    }

    /// `(board SHAPE labels:… drawn:…)`.
    pub fn board(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        self.drawn_points = named(c, "drawn")
            .and_then(|e| choice(e, &["Cells", "Points"], d))
            .is_some_and(|w| w == "Points");
        let labels = match named(c, "labels").map(|e| choice(e, &["Numbers", "Coordinates"], d)) {
            Some(Some("Numbers")) => Labels::Numbers,
            _ => Labels::Coordinates,
        };
        let Some(s) = c.args.first().and_then(|e| clause(e, "a board shape", d)) else {
            return;
        };
        let Some(shape) = self.shape(s, d) else {
            return;
        };
        match Board::new(shape, labels) {
            Ok(b) => self.board = Some(b),
            Err(e) => d.error(s.span, e.to_string(), "cannot build this board"),
        }
    }

    fn shape(&mut self, c: &Clause, d: &mut Diags) -> Option<Shape> {
        match c.head.as_str() {
            "square" => {
                check(c, "board", d);
                let rows = c
                    .args
                    .first()
                    .and_then(|e| int_in(e, 1, MAX_SIZE.into(), d));
                let cols = c.args.get(1).and_then(|e| int_in(e, 1, MAX_SIZE.into(), d));
                let cells = match named(c, "cells").map(|e| choice(e, &["All", "Dark"], d)) {
                    Some(Some("Dark")) => Cells::Dark,
                    _ => Cells::All,
                };
                let adj = ["Orthogonal", "Diagonal", "All"];
                let adjacency = match named(c, "adjacency").map(|e| choice(e, &adj, d)) {
                    Some(Some("Diagonal")) => Adjacency::Diagonal,
                    Some(Some("All")) => Adjacency::All,
                    _ => Adjacency::Orthogonal,
                };
                let (rows, cols) = (rows? as u16, cols? as u16);
                Some(Shape::Square {
                    rows,
                    cols,
                    cells,
                    adjacency,
                })
            }
            "hex" => {
                check(c, "board", d);
                let side = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
                Some(Shape::HexCells { side })
            }
            "rhombus" => {
                check(c, "board", d);
                let cols = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
                let rows = int_in(c.args.get(1)?, 1, MAX_SIZE.into(), d)? as u16;
                Some(Shape::Rhombus { cols, rows })
            }
            "tri" => {
                check(c, "board", d);
                let side = int_in(c.args.first()?, 1, MAX_SIZE.into(), d)? as u16;
                let side2 = match c.args.get(1) {
                    Some(e) => int_in(e, 1, MAX_SIZE.into(), d)? as u16,
                    None => side,
                };
                Some(Shape::TriPoints { side, side2 })
            }
            "star" => {
                check(c, "board", d);
                let side = int_in(c.args.first()?, 1, 64, d)? as u16;
                Some(Shape::Star { side })
            }
            "graph" => super::graph::graph_spec(c, d).map(Shape::Graph),
            _ => {
                self.unknown_head(c, "board", d);
                None
            }
        }
    }

    /// The `letter:` of a `(player …)`: one letter, unlike the letters of
    /// the players before it (case aside: positions read either case).
    fn player_letter(&self, p: &Clause, d: &mut Diags) -> Option<char> {
        let e = named(p, "letter")?;
        let text = string(e, d)?;
        let mut chars = text.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c,
            _ => {
                d.push(
                    crate::diag::Diagnostic::error(
                        e.span(),
                        format!("`{text}` is not a player letter"),
                        "expected one letter, A to Z",
                    )
                    .with_help("positions and records name players by this letter: `letter:\"W\"`"),
                );
                return None;
            }
        };
        if self
            .players
            .iter()
            .any(|q| q.letter.eq_ignore_ascii_case(&letter))
        {
            d.push(
                crate::diag::Diagnostic::error(
                    e.span(),
                    format!("another player has the letter `{letter}`"),
                    "letters tell players apart",
                )
                .with_help("give each player its own letter (upper and lower case count as one)"),
            );
            return None;
        }
        Some(letter)
    }

    /// `(piece "Kind")`.
    pub fn piece(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        let letter = self.kind_letter(c, d);
        let symbol = named(c, "symbol").and_then(|e| string(e, d)).and_then(|s| {
            let visible = |c: char| c.is_ascii_graphic() || c.is_alphanumeric();
            if s.chars().count() == 1 && s.chars().all(visible) && s != "." {
                Some(s.to_string())
            } else {
                d.expected(named(c, "symbol")?, "one visible character other than `.`");
                None
            }
        });
        let picture = kind_picture(c, d);
        if let Some(name) = c.args.first().and_then(|e| string(e, d)) {
            let seen = self.kinds.iter().any(|k| k == name);
            if !d.declare_once(seen, c.span, "piece", name) {
                return;
            }
            if (self.kinds.len() + 1) * self.players.len().max(1) > 255 {
                // A piece id is a byte: kind × players + owner.
                let players = self.players.len().max(1);
                d.push(
                    crate::diag::Diagnostic::error(
                        c.span,
                        format!("too many pieces: no room for `{name}`"),
                        format!(
                            "at most {} pieces with {players} player(s) (255 piece ids)",
                            255 / players
                        ),
                    )
                    .with_help("use fewer kinds: a stack's height can tell pieces apart"),
                );
            } else {
                self.kinds.push(name.to_string());
                self.kind_symbols.push(symbol);
                if let Some((_, Some(span))) = &picture {
                    self.picture_files.push((self.kinds.len() - 1, *span));
                }
                self.kind_pictures.push(picture.map(|(p, _)| p));
                self.kind_letters.push(letter);
            }
        }
    }

    /// `(stack-limit N)`.
    pub fn stack_limit(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        if let Some(n) = c.args.first().and_then(|e| int_in(e, 1, 255, d)) {
            self.stack_cap = n as usize;
            self.stack_limit_declared = true;
        }
    }

    /// `(region "Name" REGION)`: evaluated once per player.
    pub fn region(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        let (Some(name), Some(body)) = (c.args.first().and_then(|e| string(e, d)), c.args.get(1))
        else {
            return;
        };
        if !d.declare_once(
            self.region_names.iter().any(|r| r == name),
            c.span,
            "region",
            name,
        ) {
            return;
        }
        let mark = named(c, "mark")
            .and_then(|e| string(e, d))
            .map(str::to_string);
        self.region_marks.push(mark);
        let n = self.board.as_ref().map_or(0, Board::len);
        let mut per_player = Vec::new();
        for p in 0..self.players.len() {
            let mut bits = vec![false; n];
            // Errors are the same for every player: report them once.
            let mut quiet = Diags::default();
            let d: &mut Diags = if p == 0 { &mut *d } else { &mut quiet };
            for s in self.region_sites(body, p, d) {
                bits[s as usize] = true;
            }
            per_player.push(bits);
        }
        self.region_names.push(name.to_string());
        self.regions.push(per_player);
    }

    /// The sites of a region expression as seen by player `p`.
    pub fn region_sites(&mut self, e: &Expr, p: usize, d: &mut Diags) -> Vec<Site> {
        let Some(board) = self.board.clone() else {
            return Vec::new();
        };
        if let Expr::Str(..) = e {
            let Some(i) = lookup(&self.region_names, e, "region", d) else {
                return Vec::new();
            };
            return (0..board.len() as Site)
                .filter(|&s| self.regions[i][p][s as usize])
                .collect();
        }
        let Some(c) = clause(e, "a region", d) else {
            return Vec::new();
        };
        let arg = |i: usize, d: &mut Diags| c.args.get(i).and_then(|e| int_in(e, -1000, 1000, d));
        match c.head.as_str() {
            "row" | "column" | "rows" => {
                let (a, b) = (
                    arg(0, d),
                    if c.head == "rows" {
                        arg(1, d)
                    } else {
                        arg(0, d)
                    },
                );
                let (Some(a), Some(b)) = (a, b) else {
                    return Vec::new();
                };
                let (lines, what) = if c.head == "column" {
                    (
                        board.sites().iter().map(|s| s.col).max().unwrap_or(0),
                        "columns",
                    )
                } else {
                    (
                        board.sites().iter().map(|s| s.row).max().unwrap_or(0),
                        "rows",
                    )
                };
                // Negative numbers count from the far end: -1 is the last.
                let from_end = |v: i64| if v < 0 { i64::from(lines) + 1 + v } else { v };
                let written = [a, b];
                let (a, b) = (from_end(a), from_end(b));
                for (i, v) in [a, b].into_iter().enumerate() {
                    if !(0..=lines as i64).contains(&v) {
                        let v = written[i];
                        let span = c.args.get(i).map_or(c.span, Expr::span);
                        d.push(
                            crate::diag::Diagnostic::error(
                                span,
                                format!("{} {v} is off the board", &what[..what.len() - 1]),
                                format!("the board's {what} are 0 to {lines} (or -1 for the last)"),
                            )
                            .with_help("rows and columns count from 0; -1 is the last"),
                        );
                        return Vec::new();
                    }
                }
                match c.head.as_str() {
                    "row" => board.row(a as i32),
                    "column" => board.column(a as i32),
                    _ => board.rows(a as i32, b as i32),
                }
            }
            "side" => self
                .dir_vector(c.args.first(), p, d)
                .map(|v| board.side(v))
                .unwrap_or_default(),
            "point" => {
                let v = self.dir_vector(c.args.first(), p, d);
                match v.map(|v| board.star_point(v)) {
                    Some(Some(sites)) => sites,
                    Some(None) => {
                        d.error(
                            c.span,
                            "`point` names a point of a star board",
                            "not a star board",
                        );
                        Vec::new()
                    }
                    None => Vec::new(),
                }
            }
            "centre" => board.centre(),
            "rectangle" => super::rotate::rectangle(c, &board, d),
            "dark" => board.parity(true),
            "light" => board.parity(false),
            "all" => board.all(),
            "sites" => c
                .args
                .iter()
                .filter_map(|e| {
                    let l = string(e, d)?;
                    let s = board.site_by_label(l);
                    if s.is_none() {
                        d.push(
                            crate::diag::Diagnostic::error(
                                e.span(),
                                format!("no site is labelled `{l}`"),
                                "unknown site",
                            )
                            .with_help("`ludic show GAME --labels` draws every site's label"),
                        );
                    }
                    s
                })
                .collect(),
            "except" => {
                let mut out = board.all();
                let minus: Vec<Site> = c
                    .args
                    .iter()
                    .flat_map(|e| self.region_sites(e, p, d))
                    .collect();
                out.retain(|s| !minus.contains(s));
                out
            }
            "per-player" => match c.args.get(p) {
                Some(e) => self.region_sites(e, p, d),
                None => {
                    d.error(
                        c.span,
                        "`per-player` needs one region per player",
                        format!("expected {} regions", self.players.len()),
                    );
                    Vec::new()
                }
            },
            "union" => {
                let mut all: Vec<Site> = c
                    .args
                    .iter()
                    .flat_map(|e| self.region_sites(e, p, d))
                    .collect();
                all.sort_unstable();
                all.dedup();
                all
            }
            _ => {
                self.unknown_head(c, "region", d);
                Vec::new()
            }
        }
    }

    /// The vector of a compass word or of `Forward`/`Backward` for player `p`.
    fn dir_vector(&mut self, e: Option<&Expr>, p: usize, d: &mut Diags) -> Option<(f64, f64)> {
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

    /// `(setup (fill "Kind" P1 REGION count:N)…)`.
    pub fn setup(&mut self, c: &Clause, d: &mut Diags) {
        for e in &c.args {
            let Some(f) = clause(e, "a `(fill …)` clause", d) else {
                continue;
            };
            if f.head != "fill" {
                self.unknown_head(f, "setup", d);
                continue;
            }
            check(f, "setup", d);
            let kind = f.args.first().and_then(|e| self.kind_ref(e, d));
            let player = f.args.get(1).and_then(|e| self.player_ref(e, d));
            let count = named(f, "count")
                .and_then(|e| self.stack_count(e, d))
                .unwrap_or(1);
            let (Some(kind), Some(player), Some(region)) = (kind, player, f.args.get(2)) else {
                continue;
            };
            let piece = kind * self.players.len() as u8 + player;
            for s in self.region_sites(region, player as usize, d) {
                self.setup.push((s, vec![piece; count as usize]));
            }
        }
    }

    /// `P1`, `P2`… as a player index.
    pub(super) fn player_ref(&mut self, e: &Expr, d: &mut Diags) -> Option<u8> {
        let names: Vec<String> = (1..=self.players.len()).map(|i| format!("P{i}")).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        choice(e, &refs, d)
            .and_then(|w| w[1..].parse::<u8>().ok())
            .map(|i| i - 1)
    }

    /// A number of pieces put on one stack at once: 1 up to the stack
    /// limit (more could never all stay on the board: an error, since the
    /// limit is known here).
    pub(crate) fn stack_count(&self, e: &Expr, d: &mut Diags) -> Option<i64> {
        let n = int_in(e, 1, 255, d)?;
        if n as usize > self.stack_cap {
            d.push(
                crate::diag::Diagnostic::error(
                    e.span(),
                    format!("{n} pieces do not fit on one stack"),
                    format!("expected at most {} (the stack limit)", self.stack_cap),
                )
                .with_help("raise `(stack-limit …)`, or put fewer pieces"),
            );
            return None;
        }
        Some(n)
    }

    /// `(code "K" "Checker" 2)`.
    pub fn code(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        let prefix = c
            .args
            .first()
            .and_then(|e| string(e, d))
            .map(str::to_string);
        let kind = c.args.get(1).and_then(|e| self.kind_ref(e, d));
        let count = c.args.get(2).and_then(|e| self.stack_count(e, d));
        if let (Some(prefix), Some(kind), Some(count)) = (prefix, kind, count) {
            if !prefix.chars().all(|ch| ch.is_ascii_uppercase()) {
                d.push(
                    crate::diag::Diagnostic::error(
                        c.args[0].span(),
                        format!("`{prefix}` cannot be a setup code"),
                        "expected capital letters, or \"\"",
                    )
                    .with_help("a code stands before a site in a position: `K` in `K22`"),
                );
                return;
            }
            if !d.declare_once(
                self.codes.iter().any(|x| x.prefix == prefix),
                c.span,
                "code",
                &prefix,
            ) {
                return;
            }
            self.codes.push(Code {
                prefix,
                kind,
                count: count as u16,
            });
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

/// A kind's `picture:`: one of the built-in pictures, or an SVG file
/// beside the rule file (`star.svg`, read later: the span of its
/// spelling comes with it); another name is refused with the list.
fn kind_picture(c: &Clause, d: &mut Diags) -> Option<(String, Option<crate::syntax::Span>)> {
    let e = named(c, "picture")?;
    let s = string(e, d)?;
    let pictures = crate::render::svg::PICTURES;
    if pictures.contains(&s) {
        return Some((s.to_string(), None));
    }
    if super::picture_file::is_file(s) {
        return Some((s.to_string(), Some(e.span())));
    }
    d.push(
        crate::diag::Diagnostic::error(
            e.span(),
            format!("unknown picture `{s}`"),
            format!(
                "expected a built-in picture: {}; or an SVG file beside the rule file (`name.svg`)",
                pictures.join(", ")
            ),
        )
        .with_help("see `piece` in docs/language.md and the pictures in docs/serve.md"),
    );
    None
}

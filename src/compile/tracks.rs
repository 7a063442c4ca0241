//! Tracks: a path through the board's sites, walked from a start site
//! along a list of directions, each as far as the board goes (`(track
//! "Round" "a1" {E N W S})`: the houses of a mancala board in sowing
//! order), or listed site by site, one list for every player with
//! `per-player` (backgammon's two ways round the board). Sowing (`sow`)
//! drops pieces along a track, `(trail …)` follows one, forward or
//! backward, while a condition holds, and `advance` moves a piece along
//! one by a die's value.

use super::args::{Diags, boolean, check, items, named, string, word};
use super::ir::{Advance, GenKind};
use super::lower::Lowerer;
use super::refs::lookup;
use crate::board::{Board, NO_SITE, Site};
use crate::syntax::{Clause, Expr};
use serde::Serialize;

/// Index of a track in [`crate::compile::ir::Game::tracks`].
pub type TrackId = u16;

/// A track declared by `(track "Name" "START" {DIRS…})`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Track {
    /// Its name.
    pub name: String,
    /// The sites in track order, the start first.
    pub sites: Vec<Site>,
    /// The walk came back to its start: the site after the last is the
    /// first (a loop).
    pub is_loop: bool,
    /// `next[site]`: the site after `site` on the track ([`NO_SITE`] past
    /// the end, or off the track).
    #[serde(skip)]
    pub next: Vec<Site>,
    /// `prev[site]`: the site before `site` on the track.
    #[serde(skip)]
    pub prev: Vec<Site>,
    /// `positions[site]`: where `site` stands in [`Track::sites`]
    /// (`u32::MAX` off the track; read through [`Track::index`]).
    #[serde(skip)]
    pub positions: Vec<u32>,
    /// A per-player track: the track each player follows, in turn order
    /// (this one is the first player's); empty when every player
    /// follows this one. See `Game::track_for`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub per_player: Vec<TrackId>,
}

impl Track {
    /// A track through `sites` in this order (a loop when `is_loop`), on
    /// a board of `n` sites.
    pub fn new(name: &str, sites: Vec<Site>, is_loop: bool, n: usize) -> Track {
        let (mut next, mut prev) = (vec![NO_SITE; n], vec![NO_SITE; n]);
        for w in sites.windows(2) {
            next[w[0] as usize] = w[1];
            prev[w[1] as usize] = w[0];
        }
        if let (true, Some(&first), Some(&last)) = (is_loop, sites.first(), sites.last())
            && sites.len() > 1
        {
            next[last as usize] = first;
            prev[first as usize] = last;
        }
        let mut positions = vec![u32::MAX; n];
        for (i, &s) in sites.iter().enumerate() {
            positions[s as usize] = i as u32;
        }
        Track {
            name: name.to_string(),
            sites,
            is_loop,
            next,
            prev,
            positions,
            per_player: Vec::new(),
        }
    }

    /// Where the last of `count` pieces sown from `from` lands: the
    /// `count`-th site after `from` along the track, passing over `from`
    /// itself on every lap of a loop with `skip_origin` (Oware's house
    /// of twelve seeds or more, docs/games/oware.md); `from` for a count
    /// of 0; [`NO_SITE`] when the track ends first or `from` is off it.
    /// One division instead of a walk of `count` steps.
    pub fn sown_end(&self, from: Site, count: usize, skip_origin: bool) -> Site {
        if count == 0 {
            return from;
        }
        let len = self.sites.len();
        let Some(i) = self.index(from) else {
            return NO_SITE;
        };
        if !self.is_loop || len < 2 {
            // An open track never comes back to `from`.
            return self.sites.get(i + count).copied().unwrap_or(NO_SITE);
        }
        // On a loop, the sites `k` steps on for k = 1, 2, …, without the
        // multiples of `len` (`from` itself) when it is skipped. Less
        // than a lap (the common sowing) needs no division.
        let k = match skip_origin {
            _ if count < len => count,
            true => count + (count - 1) / (len - 1),
            false => count,
        };
        let at = i + k;
        self.sites[if at < len {
            at
        } else if at < 2 * len {
            at - len
        } else {
            at % len
        }]
    }

    /// The position of `s` on the track (0 for its first site), if it is
    /// on it.
    pub fn index(&self, s: Site) -> Option<usize> {
        self.positions
            .get(s as usize)
            .filter(|&&i| i != u32::MAX)
            .map(|&i| i as usize)
    }

    /// The site after `s` (before it with `backward`), [`NO_SITE`] at an
    /// end or off the track.
    #[inline]
    pub fn step(&self, s: Site, backward: bool) -> Site {
        let table = if backward { &self.prev } else { &self.next };
        table.get(s as usize).copied().unwrap_or(NO_SITE)
    }
}

/// Why a track cannot be walked ([`walk`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WalkError {
    /// Following a direction comes back to a site already walked (not the
    /// start, which closes a loop).
    #[error("the walk {dir} comes back to {label}")]
    CrossesItself {
        /// The direction's name.
        dir: String,
        /// The label of the site reached again.
        label: String,
    },
    /// A direction adds no site.
    #[error("{dir} leads nowhere from {label}")]
    LeadsNowhere {
        /// The direction's name.
        dir: String,
        /// The label of the site the walk is at.
        label: String,
    },
}

/// The walk of a track: from `start`, each direction of `dirs` followed as
/// far as the board goes, until the walk comes back to its start (a loop)
/// or the directions run out. An error names a direction that adds no
/// site or a walk that crosses itself.
pub fn walk(
    board: &Board,
    start: Site,
    dirs: &[(&str, u8)],
) -> Result<(Vec<Site>, bool), WalkError> {
    let mut sites = vec![start];
    let mut seen = vec![false; board.len()];
    seen[start as usize] = true;
    let mut at = start;
    for &(name, d) in dirs {
        let before = sites.len();
        loop {
            let next = board.step(at, d);
            if next == NO_SITE {
                break;
            }
            if next == start {
                return Ok((sites, true));
            }
            if seen[next as usize] {
                return Err(WalkError::CrossesItself {
                    dir: name.to_string(),
                    label: board.site(next).label.clone(),
                });
            }
            sites.push(next);
            seen[next as usize] = true;
            at = next;
        }
        if sites.len() == before {
            return Err(WalkError::LeadsNowhere {
                dir: name.to_string(),
                label: board.site(at).label.clone(),
            });
        }
    }
    Ok((sites, false))
}

impl Lowerer {
    /// `(track "Name" "START" {DIRS…})`, `(track "Name" {"SITE"…})` or
    /// `(track "Name" (per-player {"SITE"…}…))`.
    pub fn track(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        if let (Some(name_e), Some(list), None) = (c.args.first(), c.args.get(1), c.args.get(2)) {
            self.listed_track(c, name_e, list, d);
            return;
        }
        let (Some(name_e), Some(start_e), Some(dirs_e)) =
            (c.args.first(), c.args.get(1), c.args.get(2))
        else {
            return;
        };
        let Some(name) = self.new_track_name(c, name_e, d) else {
            return;
        };
        let Some(board) = self.board.as_ref() else {
            return;
        };
        let Some(label) = string(start_e, d) else {
            return;
        };
        let Some(start) = board.site_by_label(label) else {
            d.error(
                start_e.span(),
                format!("no site is labelled `{label}`"),
                "expected the label of the track's first site",
            );
            return;
        };
        let mut dirs = Vec::new();
        for x in items(dirs_e) {
            let Some(w) = word(x, d) else { return };
            match board.direction_by_name(w) {
                Some(dir) => dirs.push((w, dir)),
                None => {
                    let names: Vec<&str> =
                        board.directions().iter().map(|d| d.name.as_str()).collect();
                    d.error(
                        x.span(),
                        format!("`{w}` is not a direction of this board"),
                        format!("expected one of: {}", names.join(", ")),
                    );
                    return;
                }
            }
        }
        if dirs.is_empty() {
            d.expected(dirs_e, "the directions of the walk, as in `{E N W S}`");
            return;
        }
        match walk(board, start, &dirs) {
            Ok((sites, is_loop)) => {
                let t = Track::new(name, sites, is_loop, board.len());
                self.tracks.push(t);
            }
            Err(why) => d.error(
                dirs_e.span(),
                format!("this track cannot be walked: {why}"),
                "expected directions that each add a site, never crossing the walk",
            ),
        }
    }

    /// The name of track clause `c` (its first argument `name_e`), when it
    /// is a string no other track has (each failure reported in `d`).
    fn new_track_name<'e>(&self, c: &Clause, name_e: &'e Expr, d: &mut Diags) -> Option<&'e str> {
        let name = string(name_e, d)?;
        let taken = self.tracks.iter().any(|t| t.name == name);
        d.declare_once(taken, c.span, "track", name).then_some(name)
    }

    /// A track listed site by site: one list, or one per player with
    /// `per-player` (the first player's declared under the name, the
    /// others after it, reached through [`Track::per_player`]).
    fn listed_track(&mut self, c: &Clause, name_e: &Expr, list: &Expr, d: &mut Diags) {
        let Some(name) = self.new_track_name(c, name_e, d) else {
            return;
        };
        let per_player = matches!(list, Expr::Clause(p) if p.head == "per-player");
        let lists: Vec<&Expr> = match list {
            Expr::Clause(p) if per_player => p.args.iter().collect(),
            other => vec![other],
        };
        if per_player && lists.len() != self.players.len() {
            d.error(
                list.span(),
                format!(
                    "`per-player` gives {} tracks for {} players",
                    lists.len(),
                    self.players.len()
                ),
                "expected one list of sites per player, in turn order",
            );
            return;
        }
        let mut walks = Vec::new();
        for e in lists {
            match self.site_list(e, d) {
                Some(sites) => walks.push(sites),
                None => return,
            }
        }
        let Some(n) = self.board.as_ref().map(|b| b.len()) else {
            return;
        };
        let first = self.tracks.len() as TrackId;
        let ids: Vec<TrackId> = (0..walks.len() as TrackId).map(|i| first + i).collect();
        for (i, sites) in walks.into_iter().enumerate() {
            let label = if i == 0 {
                name.to_string()
            } else {
                format!("{name} (P{})", i + 1)
            };
            let mut t = Track::new(&label, sites, false, n);
            if per_player {
                t.per_player = ids.clone();
            }
            self.tracks.push(t);
        }
    }

    /// The sites of a listed track: `{"a" "b"…}`, two or more labels of
    /// the board, none twice.
    fn site_list(&mut self, e: &Expr, d: &mut Diags) -> Option<Vec<Site>> {
        let board = self.board.as_ref()?;
        let mut sites: Vec<Site> = Vec::new();
        for x in items(e) {
            let label = string(x, d)?;
            let Some(s) = board.site_by_label(label) else {
                d.error(
                    x.span(),
                    format!("no site is labelled `{label}`"),
                    "expected the labels of the track's sites, in order",
                );
                return None;
            };
            if sites.contains(&s) {
                d.error(
                    x.span(),
                    format!("`{label}` comes twice in the track"),
                    "expected every site of a listed track once",
                );
                return None;
            }
            sites.push(s);
        }
        if sites.len() < 2 {
            d.expected(e, "two or more site labels, as in `{\"a1\" \"b1\"}`");
            return None;
        }
        Some(sites)
    }

    /// The kind of an `(advance track:"Name" [past:COND] [hit:BOOL] …)`
    /// generator.
    pub fn advance_kind(&mut self, c: &Clause, d: &mut Diags) -> GenKind {
        let track = match named(c, "track") {
            None => {
                d.error(
                    c.head_span,
                    "`advance` needs its track",
                    "expected `track:\"Name\"`, a track declared by `(track …)`",
                );
                0
            }
            Some(e) => self.track_ref(e, d).unwrap_or(0),
        };
        GenKind::Advance(Advance {
            track,
            past: named(c, "past").map(|e| self.cond(e, d)),
            hit: named(c, "hit").and_then(|e| boolean(e, d)).unwrap_or(false),
        })
    }

    /// The kind of a `(sow track:"Name" [skip-origin:BOOL] …)` generator:
    /// its track must close into a loop.
    pub fn sow_kind(&mut self, c: &Clause, d: &mut Diags) -> GenKind {
        let skip = named(c, "skip-origin")
            .and_then(|e| boolean(e, d))
            .unwrap_or(false);
        let track = match named(c, "track") {
            None => {
                d.error(
                    c.head_span,
                    "`sow` needs its track",
                    "expected `track:\"Name\"`, a track declared by `(track …)`",
                );
                0
            }
            Some(e) => match self.track_ref(e, d) {
                Some(t) if !self.tracks[t as usize].is_loop => {
                    d.error(
                        e.span(),
                        format!("track `{}` is not a loop", self.tracks[t as usize].name),
                        "sowing goes round a track that comes back to its start",
                    );
                    t
                }
                Some(t) => t,
                None => 0,
            },
        };
        GenKind::Sow { track, skip }
    }

    /// A track given by name.
    pub fn track_ref(&mut self, e: &Expr, d: &mut Diags) -> Option<TrackId> {
        let names: Vec<String> = self.tracks.iter().map(|t| t.name.clone()).collect();
        lookup(&names, e, "track", d).map(|i| i as TrackId)
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};

    fn game(extra: &str) -> Result<Game, String> {
        let text = format!(
            "(game \"t\" (players 2) (board (square 2 6) labels:Coordinates) (piece \"P\")
               {extra} (play (pass)))"
        );
        Game::from_source("t.game", &text, &Options::default()).map_err(|e| e.to_string())
    }

    fn labels(g: &Game, i: usize) -> Vec<String> {
        g.tracks[i]
            .sites
            .iter()
            .map(|&s| g.board.site(s).label.clone())
            .collect()
    }

    /// Where the last of `count` pieces lands, walked seed by seed on
    /// the track's `next` table (the rule as docs/games/oware.md says it).
    fn walked_end(t: &crate::compile::tracks::Track, from: u16, count: usize, skip: bool) -> u16 {
        let mut at = from;
        for _ in 0..count {
            at = t.step(at, false);
            if skip && at == from {
                at = t.step(at, false);
            }
            if at == crate::board::NO_SITE {
                return at;
            }
        }
        at
    }

    #[test]
    fn the_last_site_sown_is_the_walks_end_on_loops_and_open_tracks() {
        // A loop of twelve, an open track of six, and loops of two and
        // one made by hand.
        let g = game("(track \"Round\" \"a1\" {E N W S}) (track \"Row\" \"a1\" {E})").unwrap();
        let n = g.board.len();
        let tracks = [
            g.tracks[0].clone(),
            g.tracks[1].clone(),
            crate::compile::tracks::Track::new("two", vec![3, 7], true, n),
            crate::compile::tracks::Track::new("one", vec![5], true, n),
        ];
        assert_eq!((tracks[0].sites.len(), tracks[1].sites.len()), (12, 6));
        for t in &tracks {
            for from in 0..n as u16 {
                for count in 0..60 {
                    for skip in [false, true] {
                        assert_eq!(
                            t.sown_end(from, count, skip),
                            walked_end(t, from, count, skip),
                            "track {} from {from}, {count} pieces, skip {skip}",
                            t.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_walk_round_two_rows_closes_into_a_loop() {
        let g = game("(track \"Round\" \"a1\" {E N W S})").unwrap();
        assert_eq!(
            labels(&g, 0),
            [
                "a1", "b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2"
            ]
        );
        let t = &g.tracks[0];
        assert!(t.is_loop);
        let at = |l: &str| g.board.site_by_label(l).unwrap();
        assert_eq!(t.step(at("a2"), false), at("a1"));
        assert_eq!(t.step(at("a1"), true), at("a2"));
        assert_eq!(t.step(at("f1"), false), at("f2"));
    }

    #[test]
    fn an_open_walk_ends_where_its_directions_do() {
        let g = game("(track \"Row\" \"c1\" {E})").unwrap();
        assert_eq!(labels(&g, 0), ["c1", "d1", "e1", "f1"]);
        let t = &g.tracks[0];
        assert!(!t.is_loop);
        let f1 = g.board.site_by_label("f1").unwrap();
        assert_eq!(t.step(f1, false), crate::board::NO_SITE);
    }

    #[test]
    fn bad_tracks_are_check_errors() {
        let e = game("(track \"T\" \"a1\" {W})").unwrap_err();
        assert!(e.contains("W leads nowhere from a1"), "{e}");
        let e = game("(track \"T\" \"z9\" {E})").unwrap_err();
        assert!(e.contains("no site is labelled `z9`"), "{e}");
        let e = game("(track \"T\" \"a1\" {E NE})").unwrap_err();
        assert!(e.contains("not a direction of this board"), "{e}");
        let e = game("(track \"T\" \"a1\" {E W})").unwrap_err();
        assert!(e.contains("comes back to e1"), "{e}");
        let e = game("(track \"T\" \"a1\" {E}) (track \"T\" \"a2\" {E})").unwrap_err();
        assert!(e.contains("declared twice"), "{e}");
    }

    #[test]
    fn a_walk_that_cannot_go_on_says_which_direction_and_where() {
        use super::{WalkError, walk};
        use crate::board::{Adjacency, Board, Cells, Labels, Shape};
        let shape = Shape::Square {
            rows: 2,
            cols: 6,
            cells: Cells::All,
            adjacency: Adjacency::Orthogonal,
        };
        let b = Board::new(shape, Labels::Coordinates).unwrap();
        let dir = |n: &'static str| (n, b.direction_by_name(n).unwrap());
        let a1 = b.site_by_label("a1").unwrap();
        let nowhere = WalkError::LeadsNowhere {
            dir: "W".into(),
            label: "a1".into(),
        };
        assert_eq!(walk(&b, a1, &[dir("W")]), Err(nowhere));
        // East to f1, then west: e1 is walked already.
        let crossed = WalkError::CrossesItself {
            dir: "W".into(),
            label: "e1".into(),
        };
        assert_eq!(walk(&b, a1, &[dir("E"), dir("W")]), Err(crossed));
    }

    #[test]
    fn a_listed_track_goes_through_its_sites_in_order_and_per_player_tracks_differ() {
        let g = game("(track \"L\" {\"a1\" \"c1\" \"b2\"})").unwrap();
        assert_eq!(labels(&g, 0), ["a1", "c1", "b2"]);
        assert!(!g.tracks[0].is_loop && g.tracks[0].per_player.is_empty());
        let g = game("(track \"P\" (per-player {\"a1\" \"b1\"} {\"b1\" \"a1\"}))").unwrap();
        let (first, second) = (g.track_for(0, 0).unwrap(), g.track_for(0, 1).unwrap());
        let at = |l: &str| g.board.site_by_label(l).unwrap();
        assert_eq!(first.sites, [at("a1"), at("b1")]);
        assert_eq!(second.sites, [at("b1"), at("a1")]);
        let e = game("(track \"P\" (per-player {\"a1\" \"b1\"}))").unwrap_err();
        assert!(e.contains("gives 1 tracks for 2 players"), "{e}");
        let e = game("(track \"P\" {\"a1\" \"b1\" \"a1\"})").unwrap_err();
        assert!(e.contains("comes twice"), "{e}");
        let e = game("(track \"P\" {\"a1\"})").unwrap_err();
        assert!(e.contains("two or more site labels"), "{e}");
    }

    #[test]
    fn a_throw_too_large_to_keep_is_a_check_error() {
        let play = |t: &str| {
            let text = format!(
                "(game \"t\" (players 2) (board (square 2 6)) (piece \"P\")
                   (phases (phase \"P\" (pass) auto:{t})))"
            );
            Game::from_source("t.game", &text, &Options::default()).map_err(|e| e.to_string())
        };
        assert!(play("(throw 2 6 doubles:2)").is_ok());
        let e = play("(throw 3 6 doubles:3)").unwrap_err();
        assert!(e.contains("too large"), "{e}");
        let e = play("(throw 7 6)").unwrap_err();
        assert!(e.contains("too large"), "{e}");
    }

    #[test]
    fn at_most_64_tracks() {
        let tracks = |n: usize| -> String {
            (0..n)
                .map(|i| format!("(track \"T{i}\" \"a1\" {{E}})"))
                .collect()
        };
        assert_eq!(game(&tracks(64)).unwrap().tracks.len(), 64);
        let e = game(&tracks(65)).unwrap_err();
        assert!(e.contains("too many `(track …)` clauses"), "{e}");
    }
}

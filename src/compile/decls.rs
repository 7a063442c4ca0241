//! Lowering of the game's declarations: players, piece kinds, the stack
//! limit, named regions, the setup and FEN codes. Moved out of
//! `lower.rs`, which keeps the driver's state and the directions.

use super::args::{Diags, check, check_shape, choice, clause, int_in, named, string};
use super::ir::{Code, MAX_SEATS, PlayerInfo};
use super::lower::{COMPASS, Lowerer, compass};
use super::vocab::{self, Lower};
use crate::board::Board;
use crate::syntax::{Clause, Expr};

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

    /// `(setup (fill "Kind" P1 REGION count:N)…)`.
    pub fn setup(&mut self, c: &Clause, d: &mut Diags) {
        for e in &c.args {
            let Some(f) = clause(e, "a `(fill …)` clause", d) else {
                continue;
            };
            match vocab::lowering("setup", &f.head) {
                Some(Lower::SetupPart(lower)) => lower(self, f, d),
                _ => self.unknown_head(f, "setup", d),
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

/// `(fill "Kind" PLAYER REGION [count:N])`, by its row of the vocabulary
/// table: a stack of N pieces on every site of the region.
pub(super) fn fill(l: &mut Lowerer, f: &Clause, d: &mut Diags) {
    check(f, "setup", d);
    let kind = f.args.first().and_then(|e| l.kind_ref(e, d));
    let player = f.args.get(1).and_then(|e| l.player_ref(e, d));
    let count = named(f, "count")
        .and_then(|e| l.stack_count(e, d))
        .unwrap_or(1);
    let (Some(kind), Some(player), Some(region)) = (kind, player, f.args.get(2)) else {
        return;
    };
    let piece = kind * l.players.len() as u8 + player;
    for s in l.region_sites(region, player as usize, d) {
        l.setup.push((s, vec![piece; count as usize]));
    }
}

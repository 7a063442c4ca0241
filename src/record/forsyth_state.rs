//! FEN positions (Forsyth–Edwards notation) for games that declare
//! `(fen …)`: the board by the kinds' letters, the side to move, which
//! royal pieces and partners have not moved (castling rights), the site
//! the last double step passed (en passant) and the no-progress count.
//! The text itself is read by [`crate::record::forsyth`].

use super::forsyth::{Forsyth, ForsythError, parse_forsyth, write_forsyth};
use crate::board::{NO_SITE, Site};
use crate::compile::ir::{FenRules, Game, Kind, Piece, Player};
use crate::engine::State;
use std::sync::Arc;

/// The board's squares by rank from the top and file from the left:
/// `grid[r][c]`; `None` when the board is not a full rectangle.
fn grid(game: &Game) -> Option<Vec<Vec<Site>>> {
    let sites = game.board.sites();
    let rows = sites.iter().map(|s| s.row).max()? + 1;
    let cols = sites.iter().map(|s| s.col).max()? + 1;
    if rows as usize * cols as usize != sites.len() || sites.iter().any(|s| s.row < 0 || s.col < 0)
    {
        return None;
    }
    let mut g = vec![vec![NO_SITE; cols as usize]; rows as usize];
    for (i, s) in sites.iter().enumerate() {
        g[(rows - 1 - s.row) as usize][s.col as usize] = i as Site;
    }
    Some(g)
}

impl State {
    /// The position of a FEN text, for a game that declares `(fen …)`.
    /// Errors name the field and what was expected.
    pub(crate) fn from_forsyth(game: Arc<Game>, text: &str) -> Result<State, ForsythError> {
        let rules = game.fen.clone().unwrap_or(FenRules {
            castling: None,
            en_passant: None,
        });
        let g = grid(&game).ok_or(ForsythError::NotRectangular)?;
        let f = parse_forsyth(text, g[0].len(), g.len())?;
        let mover = match f.to_move {
            None => 0,
            Some(c) => super::position::player_by_letter(&game, &c.to_string())
                .map_err(ForsythError::Mover)?,
        };
        let mut st = State::new(game.clone());
        st.clear(mover);
        for (r, rank) in f.ranks.iter().enumerate() {
            for (c, sq) in rank.iter().enumerate() {
                let Some(ch) = sq else { continue };
                let kind = kind_of(&game, *ch)?;
                let owner = if ch.is_ascii_uppercase() { 0 } else { 1 };
                st.push_piece(g[r][c], game.piece(kind, owner));
            }
        }
        st.castling_rights(&f.castling, rules.castling, &g)?;
        if let Some(ep) = &f.en_passant {
            st.en_passant(ep, rules.en_passant)?;
        }
        st.scalars.no_progress = f.halfmove.unwrap_or(0);
        let full = f.fullmove.unwrap_or(1).max(1);
        st.scalars.turns = (full - 1).saturating_mul(2) + u32::from(mover);
        st.reset_history();
        st.royal_position()?;
        Ok(st)
    }

    /// Refuses a position the royal rule makes impossible (see
    /// [`ForsythError::Royal`]); nothing to check in a game without one.
    fn royal_position(&self) -> Result<(), ForsythError> {
        let game = self.game.clone();
        let Some(k) = game.royal else {
            return Ok(());
        };
        let start = State::new(game.clone());
        let count = |st: &State, p: u8| {
            let piece = game.piece(k, p);
            (0..game.board.len() as Site)
                .flat_map(|s| st.stack(s).to_vec())
                .filter(|&x| x == piece)
                .count()
        };
        let kind = &game.kinds[k as usize];
        for p in 0..game.num_players() as u8 {
            let (want, got) = (count(&start, p), count(self, p));
            if want != got {
                return Err(ForsythError::Royal(format!(
                    "{} has {got} {kind}(s); the rules (`royal \"{kind}\"`, and the setup) give each player {want}",
                    game.players[p as usize].name
                )));
            }
        }
        let mover = self.current_player();
        for p in (0..game.num_players() as u8).filter(|&p| p != mover) {
            if self.in_check(k, p) {
                return Err(ForsythError::Royal(format!(
                    "{} is not to move but is in check: its {kind} could be taken",
                    game.players[p as usize].name
                )));
            }
        }
        Ok(())
    }

    /// Marks unmoved the royal pieces and partners the castling field
    /// names.
    fn castling_rights(
        &mut self,
        field: &str,
        kinds: Option<(Kind, Kind)>,
        g: &[Vec<Site>],
    ) -> Result<(), ForsythError> {
        if field == "-" {
            return Ok(());
        }
        let Some((royal, partner)) = kinds else {
            return Err(ForsythError::NoCastling {
                field: field.to_string(),
            });
        };
        let game = self.game.clone();
        let cols = g[0].len();
        for ch in field.chars() {
            let owner: Player = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let name = &game.players[owner as usize].name;
            let mine = |s: Site, k: Kind| self.top(s) == Some(game.piece(k, owner));
            let kings: Vec<(usize, usize)> = (0..g.len())
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .filter(|&(r, c)| mine(g[r][c], royal))
                .collect();
            let &[(r, kc)] = kings.as_slice() else {
                return Err(ForsythError::CastlingRoyal {
                    field: field.to_string(),
                    letter: ch,
                    royal: game.kinds[royal as usize].clone(),
                    player: name.clone(),
                    found: kings.len(),
                });
            };
            let side: Vec<usize> = match ch.to_ascii_uppercase() {
                'K' => (kc + 1..cols).rev().collect(),
                'Q' => (0..kc).collect(),
                f if (f as usize) >= 'A' as usize && (f as usize - 'A' as usize) < cols => {
                    vec![f as usize - 'A' as usize]
                }
                _ => {
                    return Err(ForsythError::CastlingLetter {
                        field: field.to_string(),
                        letter: ch,
                    });
                }
            };
            let Some(&pc) = side.iter().find(|&&c| mine(g[r][c], partner)) else {
                return Err(ForsythError::CastlingPartner {
                    field: field.to_string(),
                    letter: ch,
                    partner: game.kinds[partner as usize].clone(),
                    player: name.clone(),
                    royal: game.kinds[royal as usize].clone(),
                });
            };
            self.unmoved[g[r][kc] as usize] = true;
            self.unmoved[g[r][pc] as usize] = true;
        }
        Ok(())
    }

    /// Sets the last step to the double step that passed `label`.
    fn en_passant(&mut self, label: &str, kind: Option<Kind>) -> Result<(), ForsythError> {
        let game = self.game.clone();
        let Some(kind) = kind else {
            return Err(ForsythError::NoEnPassant {
                field: label.to_string(),
            });
        };
        let site =
            game.board
                .site_by_label(label)
                .ok_or_else(|| ForsythError::EnPassantSquare {
                    field: label.to_string(),
                })?;
        let n = game.num_players() as Player;
        let last_mover = (self.scalars.mover + n - 1) % n;
        let fwd = game.players[last_mover as usize].forward;
        let board = &game.board;
        let dir = (0..board.directions().len() as crate::board::Dir).find(|&d| {
            let v = board.directions()[d as usize].vector;
            (v.0 * fwd.0 + v.1 * fwd.1) > 0.99
        });
        let found = dir.and_then(|d| {
            let to = board.step(site, d);
            let from = board.step(site, board.opposite(d)?);
            let ok = to != NO_SITE
                && from != NO_SITE
                && self.height(site) == 0
                && self.height(from) == 0
                && self.top(to) == Some(game.piece(kind, last_mover));
            ok.then_some((from, to))
        });
        let Some((from, to)) = found else {
            return Err(ForsythError::EnPassantPassed {
                field: label.to_string(),
                kind: game.kinds[kind as usize].clone(),
                player: game.players[last_mover as usize].name.clone(),
            });
        };
        self.scalars.last_from = from;
        self.scalars.last = to;
        Ok(())
    }

    /// The position as a FEN text, for a game that declares `(fen …)`;
    /// `None` when a stack holds more than one piece.
    pub(crate) fn to_forsyth(&self) -> Option<String> {
        let game = &*self.game;
        let rules = game.fen.as_ref()?;
        let g = grid(game)?;
        let mut ranks = Vec::new();
        for row in &g {
            let mut rank = Vec::new();
            for &s in row {
                match self.stack(s) {
                    [] => rank.push(None),
                    [p] => {
                        let l = (*game.kind_letters.get(game.kind(*p) as usize)?)?;
                        rank.push(Some(if game.owner(*p) == 0 {
                            l.to_ascii_uppercase()
                        } else {
                            l.to_ascii_lowercase()
                        }));
                    }
                    _ => return None,
                }
            }
            ranks.push(rank);
        }
        let mut castling = String::new();
        if let Some((royal, partner)) = rules.castling {
            for owner in 0..2u8 {
                for (right, letter) in [(true, 'K'), (false, 'Q')] {
                    if self.may_castle(&g, owner, royal, partner, right) {
                        castling.push(if owner == 0 {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                }
            }
        }
        let en_passant = rules.en_passant.and_then(|k| {
            let passed = self.passed(self.scalars.last_from, self.scalars.last);
            let n = game.num_players() as Player;
            let last_mover = (self.scalars.mover + n - 1) % n;
            (passed != NO_SITE && self.top(self.scalars.last) == Some(game.piece(k, last_mover)))
                .then(|| game.board.site(passed).label.clone())
        });
        let letter = game.players[self.scalars.mover as usize].letter;
        Some(write_forsyth(&Forsyth {
            ranks,
            to_move: Some(letter.to_ascii_lowercase()),
            castling,
            en_passant,
            halfmove: Some(self.scalars.no_progress),
            fullmove: Some(self.scalars.turns / 2 + 1),
        }))
    }

    /// The castling rights of the position, as the castling field writes
    /// them: bit `2 · owner` for the right toward the right edge (the
    /// royal piece unmoved, an unmoved partner further right on its row),
    /// bit `2 · owner + 1` toward the left. 0 for a game without
    /// castling. Allocates nothing: it is read at the start of every turn
    /// (the repetition key).
    pub(crate) fn castling_rights_now(&self) -> u8 {
        let game = &*self.game;
        let Some((royal, partner)) = game.fen.as_ref().and_then(|f| f.castling) else {
            return 0;
        };
        let sites = game.board.sites();
        let mut bits = 0;
        for owner in 0..game.num_players().min(2) as Player {
            self.each_unmoved_topped(game.piece(royal, owner), |r| {
                self.each_unmoved_topped(game.piece(partner, owner), |q| {
                    let (a, b) = (&sites[r as usize], &sites[q as usize]);
                    if a.row == b.row && a.col != b.col {
                        bits |= 1 << (2 * owner as usize + usize::from(b.col < a.col));
                    }
                });
            });
        }
        bits
    }

    /// `f` of each unmoved site topped by piece `p`, in board order: read
    /// from the site set of `p`'s stacks when the state's sets are up to
    /// date (a few sites, where a position is asked at every turn start
    /// of a game with a repetition rule), else site by site.
    fn each_unmoved_topped(&self, p: Piece, mut f: impl FnMut(Site)) {
        let words = self
            .occ
            .topped_words(p)
            .filter(|_| self.pending_sets.is_none());
        let Some(words) = words else {
            (0..self.game.board.len() as Site)
                .filter(|&s| self.top(s) == Some(p) && self.is_unmoved(s))
                .for_each(f);
            return;
        };
        for (i, &w) in words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let s = (i * 64 + w.trailing_zeros() as usize) as Site;
                w &= w - 1;
                if self.is_unmoved(s) {
                    f(s);
                }
            }
        }
    }

    /// True if `owner`'s unmoved royal piece has an unmoved partner on its
    /// rank toward the right (or left) edge.
    fn may_castle(
        &self,
        g: &[Vec<Site>],
        owner: Player,
        royal: Kind,
        partner: Kind,
        right: bool,
    ) -> bool {
        let game = &*self.game;
        let at = |s: Site, k: Kind| self.top(s) == Some(game.piece(k, owner)) && self.is_unmoved(s);
        g.iter().any(|row| {
            row.iter().position(|&s| at(s, royal)).is_some_and(|kc| {
                let mut side = if right { kc + 1..row.len() } else { 0..kc };
                side.any(|c| at(row[c], partner))
            })
        })
    }
}

/// The kind whose letter is `ch` (either case).
fn kind_of(game: &Game, ch: char) -> Result<Kind, ForsythError> {
    game.kind_letters
        .iter()
        .position(|l| l.is_some_and(|l| l.eq_ignore_ascii_case(&ch)))
        .map(|k| k as Kind)
        .ok_or_else(|| ForsythError::PieceLetter {
            found: ch,
            letters: game.kind_letters.iter().flatten().collect(),
            first: game.players[0].name.clone(),
            second: game
                .players
                .get(1)
                .map_or(String::new(), |p| p.name.clone()),
        })
}

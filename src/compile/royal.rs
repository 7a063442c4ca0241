//! Lowering of the game clauses of royal pieces and positions, `royal` and
//! `(fen …)`, and of a move's `promote:` choice (chess and its kin:
//! docs/games/chess.md). The conditions they go with (`unmoved`,
//! `attacked`, `in-check`, `same`) are in `conds.rs`.

use super::args::{Diags, check, items, named, string};
use super::ir::{Cond, Effect, FenRules, Gen, GenId, GenKind};
use super::lower::Lowerer;
use crate::syntax::{Clause, Expr};

impl Lowerer {
    /// `(royal "Kind")`.
    pub fn royal(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        if let Some(k) = c.args.first().and_then(|e| self.kind_ref(e, d)) {
            self.royal = Some(k);
        }
    }

    /// `(fen [castling:{"Royal" "Partner"}] [en-passant:"Kind"])`.
    pub fn fen(&mut self, c: &Clause, d: &mut Diags) {
        check(c, "game", d);
        let castling = named(c, "castling").and_then(|e| match items(e) {
            [a, b] if matches!(e, Expr::Array(..)) => {
                Some((self.kind_ref(a, d)?, self.kind_ref(b, d)?))
            }
            _ => {
                d.expected(e, "`{\"Royal\" \"Partner\"}`: two piece kinds");
                None
            }
        });
        if castling.is_some() {
            self.tracks_unmoved = true;
        }
        let en_passant = named(c, "en-passant").and_then(|e| self.kind_ref(e, d));
        if self.players.len() != 2 {
            d.error(
                c.span,
                "FEN positions are for two players",
                format!("this game has {} players", self.players.len()),
            );
        }
        if let Some(i) = self.kind_letters.iter().position(Option::is_none) {
            let kind = self.kinds.get(i).cloned().unwrap_or_default();
            d.push(
                crate::diag::Diagnostic::error(
                    c.span,
                    format!("piece `{kind}` has no letter for FEN"),
                    "every kind needs a `letter:`",
                )
                .with_help(format!("write `(piece \"{kind}\" letter:\"X\")`")),
            );
        }
        self.fen = Some(FenRules {
            castling,
            en_passant,
        });
    }

    /// A piece's `letter:`: one ASCII letter, unlike the other kinds'
    /// (either case).
    pub fn kind_letter(&mut self, c: &Clause, d: &mut Diags) -> Option<char> {
        let e = named(c, "letter")?;
        let text = string(e, d)?;
        let mut chars = text.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(ch), None) if ch.is_ascii_alphabetic() => ch.to_ascii_uppercase(),
            _ => {
                d.expected(e, "one letter, A to Z");
                return None;
            }
        };
        if self.kind_letters.contains(&Some(letter)) {
            d.expected(e, "a letter no other piece has");
            return None;
        }
        Some(letter)
    }

    /// The generator just lowered, split by its `promote:` choice: kept for
    /// the destinations outside `zone:`, and one copy per kind for those
    /// inside it, whose moved stack becomes that kind. Returns every id.
    pub fn promotions(&mut self, c: &Clause, id: GenId, d: &mut Diags) -> Vec<GenId> {
        let Some(e) = named(c, "promote") else {
            if let Some(z) = named(c, "zone") {
                d.expected(z, "`zone:` together with `promote:`");
            }
            return vec![id];
        };
        let kinds: Vec<u8> = items(e)
            .iter()
            .filter_map(|k| self.kind_ref(k, d))
            .collect();
        if kinds.is_empty() {
            d.expected(e, "`{\"Kind\"…}`: the kinds a piece may become");
            return vec![id];
        }
        let zone = named(c, "zone").and_then(|z| self.region_ref(z, d));
        let inside = match zone {
            Some(r) => Cond::In(super::ir::SiteRef::Subject, r),
            None => Cond::True,
        };
        let base: Gen = self.gens[id as usize].clone();
        let mut ids = Vec::new();
        if zone.is_some() {
            let g = &mut self.gens[id as usize];
            g.to = Cond::And(vec![Cond::Not(Box::new(inside.clone())), g.to.clone()]);
            ids.push(id);
        }
        for (i, &k) in kinds.iter().enumerate() {
            let mut g = base.clone();
            g.to = Cond::And(vec![inside.clone(), g.to.clone()]);
            g.then.insert(0, Effect::SetKind(super::ir::SiteRef::To, k));
            if let Some(s) = g.kind.shift_mut() {
                s.promote_to = Some(k);
            }
            if zone.is_none() && i == 0 {
                self.gens[id as usize] = g;
                ids.push(id);
            } else {
                self.gens.push(g);
                ids.push((self.gens.len() - 1) as GenId);
            }
        }
        ids
    }
}

/// Makes every generator refuse the steps after which a piece of the
/// royal kind of the mover is attacked (`(royal "Kind")`).
pub fn guard_royal(gens: &mut [Gen], royal: Option<u8>) {
    let Some(k) = royal else { return };
    let safe = Cond::Not(Box::new(Cond::InCheck(k)));
    for g in gens {
        if matches!(g.kind, GenKind::EndPhase) {
            continue;
        }
        g.after = Some(match g.after.take() {
            Some(a) => Cond::And(vec![a, safe.clone()]),
            None => safe.clone(),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};
    use crate::engine::State;
    use std::sync::Arc;

    fn game(play: &str, extra: &str) -> Result<Arc<Game>, String> {
        let text = format!(
            "(game \"t\" (players 2) (board (square 4 4 adjacency:All))
              (piece \"King\" letter:\"K\") (piece \"Rook\" letter:\"R\") (piece \"Man\" letter:\"M\")
              (code \"K\" \"King\" 1) (code \"R\" \"Rook\" 1) (code \"\" \"Man\" 1)
              (region \"Far\" (side Forward)) {extra}
              (play {play}))"
        );
        Game::from_source("t", &text, &Options::default())
            .map(Arc::new)
            .map_err(|e| e.to_string())
    }

    fn moves(st: &State) -> Vec<String> {
        let mut v: Vec<String> = st
            .legal_turns()
            .iter()
            .map(|t| st.turn_to_string(t))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_promotion_is_one_move_per_kind_in_the_zone_only() {
        let g = game(
            "(step from:(kind \"Man\") dirs:(and Forward Orthogonal) to:Empty promote:{\"Rook\" \"King\"} zone:\"Far\")",
            "",
        )
        .unwrap();
        let st = State::from_position(g.clone(), "1 1:a3,c2").unwrap();
        assert_eq!(moves(&st), ["a3-a4=K", "a3-a4=R", "c2-c3"]);
        let mut st = st;
        st.play_str("a3-a4=R").unwrap();
        let a4 = g.board.site_by_label("a4").unwrap();
        assert_eq!(g.kinds[g.kind(st.top(a4).unwrap()) as usize], "Rook");
    }

    #[test]
    fn a_royal_piece_may_not_be_left_attacked() {
        let g = game(
            "{(step from:(kind \"King\") to:(not Mine) capture:true)
              (slide from:(kind \"Rook\") dirs:Orthogonal to:(not Mine) capture:true)}",
            "(royal \"King\")",
        )
        .unwrap();
        // P1's king on a1, P2's rook on b4: a king step onto column b is
        // refused, and so is b2 (attacked along the column).
        let st = State::from_position(g, "1 1:Ka1 2:Rb4").unwrap();
        assert_eq!(moves(&st), ["a1-a2"]);
    }

    #[test]
    fn castling_moves_the_partner_beyond_to_the_passed_site() {
        let g = game(
            "(leap from:(and (kind \"King\") (unmoved)) by:{{2 0} {-2 0}}
               to:(and Empty (empty Passed) (kind Beyond \"Rook\") (unmoved Beyond))
               then:(move-stack Beyond Passed))",
            "",
        )
        .unwrap();
        // Pieces put on the board have moved (only the setup's have not).
        let st = State::from_position(g, "1 1:Ka1,Rd1").unwrap();
        assert!(moves(&st).is_empty());
        let mut st = State::new(
            game(
                "(leap from:(and (kind \"King\") (unmoved)) by:{{2 0} {-2 0}}
               to:(and Empty (empty Passed) (kind Beyond \"Rook\") (unmoved Beyond))
               then:(move-stack Beyond Passed))",
                "(setup (fill \"King\" P1 (sites \"a1\")) (fill \"Rook\" P1 (sites \"d1\")))",
            )
            .unwrap(),
        );
        assert_eq!(moves(&st), ["a1-c1"]);
        st.play_str("a1-c1").unwrap();
        let at = |l: &str| st.game().board.site_by_label(l).unwrap();
        assert_eq!(st.height(at("b1")), 1, "the rook crossed to b1");
        assert_eq!(st.height(at("d1")), 0);
        assert!(!st.is_unmoved(at("b1")) && !st.is_unmoved(at("c1")));
    }

    #[test]
    fn fen_needs_letters_and_promote_needs_kinds() {
        let text =
            "(game \"t\" (players 2) (board (square 4 4)) (piece \"P\") (fen) (play (pass)))";
        let e = Game::from_source("t", text, &Options::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("has no letter"), "{e}");
        let e = game("(step promote:{})", "").unwrap_err();
        assert!(e.contains("the kinds a piece may become"), "{e}");
    }
}

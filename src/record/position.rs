//! Position texts: a set-up position for any game, by player letter and
//! site label (`--position` on the command line, `put:` in scenarios).
//!
//! ```text
//! L D:a1,b2,Kc3 L:d4*3,a1
//! ```
//!
//! An optional first word without a colon names the side to move (a
//! player's letter); then groups `LETTER:ITEM,ITEM…` separated by spaces,
//! one per player and as many as wanted. An item is a site label, with an
//! optional setup-code prefix (`K` in `Kc3`: the stack of the game's
//! `(code "K" …)`) and an optional count (`d4*3`: three pieces; with a
//! prefix, that many of its stacks). Without a prefix, an item is the
//! game's `(code "" …)`, else one piece of the first kind. A site named
//! more than once gets every piece named, in the order written, bottom
//! first (`a1` above holds a D piece under an L piece). Spaces after `:`
//! and around `,` are ignored. Letters, prefixes and site labels are
//! matched without regard to case.
//!
//! Unlike PDN FEN ([`super::fen`]), this works for any players' letters and
//! any site labels; it needs the game to read them. A piece kind without a
//! setup code (other than the first kind) cannot be written.

use crate::board::Site;
use crate::compile::ir::{Game, Kind, Piece, Player};

/// A position read from a position text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The player to move, when the text names one.
    pub to_move: Option<Player>,
    /// The stacks, bottom first, in the order their sites were first named.
    pub stacks: Vec<(Site, Vec<Piece>)>,
}

/// Parses a position text for `game`. Errors name the offending word or
/// item and what was expected: the players' letters, the site labels, the
/// setup-code prefixes, a count from 1 to the stack limit.
pub fn parse_position(game: &Game, text: &str) -> Result<Position, String> {
    let text = tidy(text);
    let mut words = text.split(' ').filter(|w| !w.is_empty()).peekable();
    let to_move = match words.next_if(|w| !w.contains(':')) {
        Some(w) => Some(side_to_move(game, w)?),
        None => None,
    };
    let mut stacks: Vec<(Site, Vec<Piece>)> = Vec::new();
    for word in words {
        group(game, word, &mut stacks)?;
    }
    Ok(Position { to_move, stacks })
}

/// The text with the spaces after `:` and around `,` removed and other
/// runs of whitespace made one space.
fn tidy(text: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && c != ',' && !out.is_empty() && !out.ends_with([',', ':']) {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out
}

/// The player whose letter is `letter` (either case). The error lists the
/// letters, and suggests one when `letter` is (nearly) a player's name.
pub fn player_by_letter(game: &Game, letter: &str) -> Result<Player, String> {
    let found = game
        .players
        .iter()
        .position(|p| p.letter.to_string().eq_ignore_ascii_case(letter));
    if let Some(i) = found {
        return Ok(i as Player);
    }
    let names = game.players.iter().map(|p| p.name.as_str());
    let hint = crate::diag::did_you_mean(letter, names)
        .and_then(|n| game.players.iter().find(|p| p.name == n))
        .map(|p| format!("did you mean `{}` ({})? ", p.letter, p.name))
        .unwrap_or_default();
    Err(format!(
        "no player has the letter `{letter}`; {hint}the players' letters are {}",
        letters(game)
    ))
}

/// "D (Dark), L (Light)".
fn letters(game: &Game) -> String {
    let each: Vec<String> = game
        .players
        .iter()
        .map(|p| format!("{} ({})", p.letter, p.name))
        .collect();
    each.join(", ")
}

/// The first word, naming the side to move.
fn side_to_move(game: &Game, word: &str) -> Result<Player, String> {
    player_by_letter(game, word)
        .map_err(|e| format!("`{word}` (the side to move, as it has no colon): {e}"))
}

/// Reads one `LETTER:ITEM,ITEM…` group into `stacks`.
fn group(game: &Game, word: &str, stacks: &mut Vec<(Site, Vec<Piece>)>) -> Result<(), String> {
    let Some((letter, list)) = word.split_once(':') else {
        return Err(format!(
            "`{word}`: expected a group LETTER:SITES (`{}`); the side to move, if given, comes first",
            example(game)
        ));
    };
    if list.contains(':') {
        return Err(format!(
            "`{word}`: groups are separated by spaces, and the side to move is written without a colon (`{}`)",
            example(game)
        ));
    }
    let owner = player_by_letter(game, letter).map_err(|e| format!("`{word}`: {e}"))?;
    for text in list.split(',').filter(|t| !t.is_empty()) {
        let context = format!("`{letter}:{text}`");
        let (site, kind, height) = item(game, text).map_err(|e| format!("{context}: {e}"))?;
        add(game, stacks, site, game.piece(kind, owner), height)
            .map_err(|e| format!("{context}: {e}"))?;
    }
    Ok(())
}

/// Puts `height` pieces `piece` on top of the stack at `site`, within the
/// game's stack limit.
fn add(
    game: &Game,
    stacks: &mut Vec<(Site, Vec<Piece>)>,
    site: Site,
    piece: Piece,
    height: usize,
) -> Result<(), String> {
    let index = match stacks.iter().position(|(s, _)| *s == site) {
        Some(i) => i,
        None => {
            stacks.push((site, Vec::new()));
            stacks.len() - 1
        }
    };
    let stack = &mut stacks[index].1;
    let total = stack.len() + height;
    if total > game.stack_cap {
        return Err(format!(
            "the stack there would hold {total} pieces; this game's stacks hold at most {}",
            game.stack_cap
        ));
    }
    stack.extend(std::iter::repeat_n(piece, height));
    Ok(())
}

/// One item `[PREFIX]SITE[*COUNT]`: its site, piece kind and height.
fn item(game: &Game, text: &str) -> Result<(Site, Kind, usize), String> {
    let (body, times) = match text.split_once('*') {
        Some((body, n)) => (body, count(game, n)?),
        None => (text, 1),
    };
    let (kind, per, site) = match game.board.site_by_label(body) {
        Some(s) => {
            let (kind, per) = plain(game);
            (kind, per, s)
        }
        None => prefixed(game, body).ok_or_else(|| bad_item(game, body))?,
    };
    Ok((site, kind, usize::from(per) * times))
}

/// A declared prefix (either case) followed by a site: the code's kind and
/// height, and the site.
fn prefixed(game: &Game, body: &str) -> Option<(Kind, u16, Site)> {
    game.codes
        .iter()
        .filter(|c| !c.prefix.is_empty())
        .find_map(|c| {
            let head = body.get(..c.prefix.len())?;
            let site = game.board.site_by_label(&body[c.prefix.len()..])?;
            head.eq_ignore_ascii_case(&c.prefix)
                .then_some((c.kind, c.count, site))
        })
}

/// A count after `*`: from 1 to the stack limit.
fn count(game: &Game, n: &str) -> Result<usize, String> {
    match n.parse::<usize>() {
        Ok(c) if (1..=game.stack_cap).contains(&c) => Ok(c),
        _ => Err(format!(
            "bad count `{n}`: a count is a whole number from 1 to {} (the most pieces a stack holds)",
            game.stack_cap
        )),
    }
}

/// The (kind, height) of a site written without a prefix: the game's
/// `(code "" …)`, else one piece of the first kind.
fn plain(game: &Game) -> (Kind, u16) {
    game.codes
        .iter()
        .find(|c| c.prefix.is_empty())
        .map_or((0, 1), |c| (c.kind, c.count))
}

/// Why `body` is not an item: an unknown prefix (its leading upper-case
/// letters), or no such site.
fn bad_item(game: &Game, body: &str) -> String {
    let at = body
        .find(|c: char| !c.is_ascii_uppercase())
        .unwrap_or(body.len());
    let (prefix, label) = body.split_at(at);
    let known = game
        .codes
        .iter()
        .any(|c| c.prefix.eq_ignore_ascii_case(prefix));
    if !prefix.is_empty() && !known {
        return unknown_prefix(game, prefix);
    }
    if label.is_empty() {
        return format!("expected a site after the prefix `{prefix}`");
    }
    let labels: Vec<&str> = game
        .board
        .sites()
        .iter()
        .map(|s| s.label.as_str())
        .collect();
    let shown = match labels.as_slice() {
        [] => "none".to_string(),
        [a, b, c, _, .., z] => format!("{a}, {b}, {c} … {z}"),
        all => all.join(", "),
    };
    format!("no site `{label}` on this board (sites: {shown}; `show --labels` draws them)")
}

/// "unknown prefix", with the game's prefixes and the nearest one.
fn unknown_prefix(game: &Game, prefix: &str) -> String {
    let prefixes: Vec<&str> = game
        .codes
        .iter()
        .map(|c| c.prefix.as_str())
        .filter(|p| !p.is_empty())
        .collect();
    if prefixes.is_empty() {
        return format!(
            "unknown prefix `{prefix}`: this game declares no setup-code prefixes (a rule file declares them with (code \"PREFIX\" \"Kind\" N)); write the site alone"
        );
    }
    let near = (prefix.len() > 1)
        .then(|| crate::diag::did_you_mean(prefix, prefixes.iter().copied()))
        .flatten()
        .map(|p| format!("did you mean `{p}`? "))
        .unwrap_or_default();
    let known: Vec<String> = game
        .codes
        .iter()
        .filter(|c| !c.prefix.is_empty())
        .map(|c| {
            format!(
                "`{}` ({} × {})",
                c.prefix,
                c.count,
                game.kinds.get(c.kind as usize).map_or("?", String::as_str)
            )
        })
        .collect();
    format!(
        "unknown prefix `{prefix}`; {near}this game's prefixes: {}",
        known.join(", ")
    )
}

/// An example position text for `game`: the first player to move, and
/// one piece for each player on the first sites (`D D:a1 L:a2`).
pub fn example(game: &Game) -> String {
    let sites = game.board.sites().iter().map(|s| s.label.as_str());
    let groups = game
        .players
        .iter()
        .zip(sites)
        .map(|(p, label)| format!("{}:{label}", p.letter));
    let side = game.players.first().map(|p| p.letter.to_string());
    side.into_iter().chain(groups).collect::<Vec<_>>().join(" ")
}

/// Writes a position as a position text that [`parse_position`] reads
/// back: `mover` to move, then the stacks layer by layer (the bottom run
/// of every stack first). `None` when a run of pieces has no setup code to
/// write it with.
pub fn write_position(game: &Game, mover: Player, stacks: &[(Site, Vec<Piece>)]) -> Option<String> {
    let runs: Vec<Vec<(Player, String)>> = stacks
        .iter()
        .map(|(site, stack)| site_runs(game, *site, stack))
        .collect::<Option<_>>()?;
    let mut words = vec![game.players.get(mover as usize)?.letter.to_string()];
    for (owner, items) in groups(game, &runs) {
        let letter = game.players[owner as usize].letter;
        words.push(format!("{letter}:{}", items.join(",")));
    }
    Some(words.join(" "))
}

/// The items of every stack's runs as groups: for each layer, each
/// player's items; consecutive groups of one player merged.
fn groups<'a>(game: &Game, runs: &'a [Vec<(Player, String)>]) -> Vec<(Player, Vec<&'a str>)> {
    let layers = runs.iter().map(Vec::len).max().unwrap_or(0);
    let mut out: Vec<(Player, Vec<&str>)> = Vec::new();
    for layer in 0..layers {
        for p in 0..game.players.len() as Player {
            let items = runs
                .iter()
                .filter_map(|r| r.get(layer))
                .filter(|(owner, _)| *owner == p)
                .map(|(_, item)| item.as_str());
            match out.last_mut() {
                Some((last, list)) if *last == p => list.extend(items),
                _ => out.push((p, items.collect())),
            }
            out.retain(|(_, list)| !list.is_empty());
        }
    }
    out
}

/// The runs of equal pieces of one stack, bottom first: each run's owner
/// and item (`Kc3`, `d4*3`).
fn site_runs(game: &Game, site: Site, stack: &[Piece]) -> Option<Vec<(Player, String)>> {
    let label = &game.board.sites().get(site as usize)?.label;
    stack
        .chunk_by(|a, b| a == b)
        .map(|run| {
            let kind = game.kind(run[0]);
            let item = run_item(game, kind, run.len(), label)?;
            Some((game.owner(run[0]), item))
        })
        .collect()
}

/// The item for `n` pieces of `kind` at `label`: a code of that height,
/// else the code of one piece with a count.
fn run_item(game: &Game, kind: Kind, n: usize, label: &str) -> Option<String> {
    let exact = game
        .codes
        .iter()
        .find(|c| c.kind == kind && usize::from(c.count) == n);
    if let Some(c) = exact {
        return Some(format!("{}{label}", c.prefix));
    }
    let single = game
        .codes
        .iter()
        .find(|c| c.kind == kind && c.count == 1)
        .map(|c| c.prefix.as_str())
        .or_else(|| (plain(game) == (kind, 1)).then_some(""))?;
    Some(match n {
        1 => format!("{single}{label}"),
        _ => format!("{single}{label}*{n}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Options;
    use crate::engine::State;
    use std::sync::Arc;

    fn game(name: &str, sets: &[&str]) -> Arc<Game> {
        let opts = Options::from_sets(sets).expect("sets");
        Arc::new(Game::load(name, &opts).expect("the game loads"))
    }

    fn err(game: &Game, text: &str) -> String {
        parse_position(game, text).expect_err(text)
    }

    fn sorted_moves(st: &State) -> Vec<String> {
        let mut moves = st.legal_turn_strings();
        moves.sort();
        moves
    }

    /// Polypods on the hexagon of side 3 (rows a–e from the bottom: 3, 4,
    /// 5, 4, 3 points). Dark's line c1–c4 has feet c1, c4 and body c2, c3;
    /// Light's line e1–e3 has body e2. Dark may place a lone stone on a1,
    /// a2, a3; on b1, b2, b3 or d1 a foot whose two friends touch each
    /// other (the group then has 3 feet and 2 body stones, and no enemy
    /// body is touched: e1 is a Light foot). Not on c5 (a line of five: 2
    /// feet, 3 body), b4 or d4 (c4 turns body: 2 feet, 3 body), d2 or d3
    /// (feet touching Light's body e2), nor on the occupied points.
    #[test]
    fn a_polypods_position_gives_the_hand_worked_moves() {
        let g = game("polypods", &["board=hex3"]);
        let text = "D D:c1,c2,c3,c4 L:e1,e2,e3";
        let pos = parse_position(&g, text).unwrap();
        assert_eq!(pos.to_move, Some(0));
        assert_eq!(pos.stacks.len(), 7);
        let st = State::from_position(g.clone(), text).unwrap();
        assert_eq!(
            sorted_moves(&st),
            ["a1", "a2", "a3", "b1", "b2", "b3", "d1", "pass"]
        );
        assert_eq!(st.to_position().as_deref(), Some(text));
        let light = State::from_position(g, "L D:c1,c2,c3,c4 L:e1,e2,e3").unwrap();
        assert_eq!(light.current_player(), 1);
        assert!(!light.legal_turn_strings().iter().any(|m| m == "c1"));
    }

    #[test]
    fn a_checkers_king_by_prefix_is_the_fen_king() {
        let g = game("checkers", &[]);
        let by_text = State::from_position(g.clone(), "W B:K22,11 W:18").unwrap();
        let by_fen = State::from_fen(g.clone(), "W:W18:BK22,11").unwrap();
        for s in 0..g.board.len() as Site {
            assert_eq!(by_text.stack(s), by_fen.stack(s), "site {s}");
        }
        assert_eq!(by_text.current_player(), by_fen.current_player());
        assert_eq!(by_text.to_fen().as_deref(), Some("W:W18:B11,K22"));
        assert_eq!(sorted_moves(&by_text), sorted_moves(&by_fen));
        // `K22` and `k22` alike; no side named: the initial side to move.
        let lower = State::from_position(g, "b:k22,11 w:18").unwrap();
        assert_eq!(lower.to_fen().as_deref(), Some("B:W18:B11,K22"));
    }

    #[test]
    fn a_site_named_twice_gets_a_mixed_stack_in_order() {
        let g = game("genocide", &[]);
        let pos = parse_position(&g, "R:d4*2 B:d4,h8 R:d4").unwrap();
        let (r, b) = (g.piece(0, 0), g.piece(0, 1));
        let d4 = g.board.site_by_label("d4").unwrap();
        assert_eq!(pos.to_move, None);
        assert_eq!(pos.stacks[0], (d4, vec![r, r, b, r]));
        let st = State::from_position(g, "B R:d4*2 B:d4,h8 R:d4").unwrap();
        // Written layer by layer: the bottom runs first.
        assert_eq!(st.to_position().as_deref(), Some("B R:d4*2 B:h8,d4 R:d4"));
    }

    #[test]
    fn spaces_after_colons_and_around_commas_are_ignored() {
        let g = game("polypods", &[]);
        let a = parse_position(&g, "  l  D: a1 , a2,a3   L:b2 ").unwrap();
        let b = parse_position(&g, "L D:a1,a2,a3 L:b2").unwrap();
        assert_eq!(a, b);
        assert_eq!(parse_position(&g, "").unwrap().stacks, []);
        assert_eq!(parse_position(&g, "D:").unwrap().stacks, []);
        // An upper-case site is the site, as the game has no code `A`.
        assert_eq!(parse_position(&g, "D:A1").unwrap().stacks.len(), 1);
    }

    #[test]
    fn errors_name_the_item_and_the_valid_choices() {
        let poly = game("polypods", &[]);
        let draughts = game("checkers", &[]);
        let cases = [
            (&poly, "D:a1 X:b2", "`X:b2`: no player has the letter `X`"),
            (
                &poly,
                "D:a1 X:b2",
                "the players' letters are D (Dark), L (Light)",
            ),
            (&poly, "Dark D:a1", "did you mean `D` (Dark)?"),
            (&poly, "X D:a1", "`X` (the side to move"),
            (&poly, "D:a1,z9", "`D:z9`: no site `z9` on this board"),
            (
                &poly,
                "D:Ka1",
                "`D:Ka1`: unknown prefix `K`: this game declares no",
            ),
            (
                &draughts,
                "B:Q22",
                "`B:Q22`: unknown prefix `Q`; this game's prefixes: `K` (2 × Checker)",
            ),
            (&draughts, "B:KK22", "did you mean `K`?"),
            (&draughts, "B:K", "expected a site after the prefix `K`"),
            (&draughts, "B:K33", "no site `33`"),
            (
                &poly,
                "D:a1*x",
                "`D:a1*x`: bad count `x`: a count is a whole number from 1 to 1",
            ),
            (&poly, "D:a1*0", "bad count `0`"),
            (&draughts, "B:22*99999999999999999999", "bad count"),
            (
                &draughts,
                "B:K22*2",
                "would hold 4 pieces; this game's stacks hold at most 2",
            ),
            (
                &poly,
                "D:a1 L:a1",
                "`L:a1`: the stack there would hold 2 pieces",
            ),
            (
                &poly,
                "D:a1 a2",
                "`a2`: expected a group LETTER:SITES (`D D:h1 L:h2`)",
            ),
            (
                &poly,
                "L: D:a1",
                "the side to move is written without a colon",
            ),
        ];
        for (g, text, message) in cases {
            let e = err(g, text);
            assert!(e.contains(message), "{text:?}: {e}");
        }
    }

    #[test]
    fn every_shipped_games_example_reads_and_positions_round_trip() {
        for name in crate::compile::shipped_games() {
            let g = game(name, &[]);
            let example = example(&g);
            let st = State::from_position(g.clone(), &example).expect(&example);
            assert_eq!(st.to_position().as_deref(), Some(example.as_str()));
            // Positions along a game: written, read back, the same; not
            // written only when a piece's kind has no setup code (an
            // oceanocide bridge).
            let uncoded = |st: &State| {
                (0..g.board.len() as Site)
                    .flat_map(|s| st.stack(s).iter())
                    .any(|&p| g.kind(p) != 0 && !g.codes.iter().any(|c| c.kind == g.kind(p)))
            };
            let mut st = State::new(g.clone());
            for i in 0..40 {
                let moves = st.legal_turn_strings();
                if moves.is_empty() {
                    break;
                }
                st.play_str(&moves[i * 7 % moves.len()]).unwrap();
                let Some(text) = st.to_position() else {
                    assert!(uncoded(&st), "{name}: not written:\n{st}");
                    continue;
                };
                let back = State::from_position(g.clone(), &text).expect(&text);
                assert_eq!(back.current_player(), st.current_player(), "{text}");
                for s in 0..g.board.len() as Site {
                    assert_eq!(back.stack(s), st.stack(s), "{name}: {text}");
                }
            }
        }
    }

    #[test]
    fn mangled_input_never_panics() {
        let cases = [
            ("genocide", "B R:d4*2,a1 B:d4, h8*3 R:a1"),
            ("checkers", "W B:K22,11 W:18,K3"),
            ("polypods", "L D:a3, b2 L:h5,c4"),
        ];
        let alphabet: Vec<char> = ":,* 0Kk9RBDLxé".chars().collect();
        for (name, base) in cases {
            let g = game(name, &[]);
            let base: Vec<char> = base.chars().collect();
            let mut read = 0;
            for end in 0..=base.len() {
                let _ = parse_position(&g, &base[..end].iter().collect::<String>());
                for &c in &alphabet {
                    let mut chars = base.clone();
                    chars.insert(end, c);
                    let Ok(pos) = parse_position(&g, &chars.iter().collect::<String>()) else {
                        continue;
                    };
                    let written = write_position(&g, pos.to_move.unwrap_or(0), &pos.stacks);
                    let mut back = parse_position(&g, &written.unwrap()).unwrap().stacks;
                    let mut stacks = pos.stacks;
                    back.sort();
                    stacks.sort();
                    assert_eq!(back, stacks);
                    read += 1;
                }
            }
            assert!(read > 10, "{name}: {read}");
        }
    }
}

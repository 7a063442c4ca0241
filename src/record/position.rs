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
//! game's `(code "" …)`, else one piece of the first kind. In a game
//! whose stacks grow past its setup codes (it declares a stack limit
//! higher than its tallest code), a site named more than once gets every
//! piece named, in the order written, bottom first (`a1` above holds a D
//! piece under an L piece); in the other games (no stack limit declared,
//! or stacks no higher than a code, such as a king `K` of two pieces) a
//! site is named once, and a second mention is refused. Between two
//! commas there must be an item (`W:` alone is an empty group). Spaces
//! after `:` and around `,` are ignored (but after a comma or a colon, a
//! space before a word with a colon starts a new group after the side to
//! move: `W W: B:a1` is White to move with no pieces, Black on a1). Letters, prefixes and
//! site labels are matched without regard to case.
//!
//! Unlike PDN FEN ([`super::fen`]), this works for any players' letters and
//! any site labels; it needs the game to read them. A piece of a kind that
//! no setup code writes (other than the first kind, written bare) is
//! written with the kind's letter as its prefix (`Qd1`, chess's
//! `letter:"Q"`), unless a code's prefix is that letter, else with its
//! name and `@` (`Bridge@d4`).
//!
//! After the groups come the fields of the state, `NAME=VALUE` words
//! (`phase=Movement Hand=7,8`): [`super::position_fields`] reads and
//! writes them, so that a text holds the whole state.

use crate::board::Site;
use crate::compile::ir::{Game, Kind, Piece, Player};

/// Why a position text was refused: the offending word or item and what
/// was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// No `LETTER:SITES` group at all (an empty board is `LETTER:`).
    #[error(
        "no group LETTER:SITES in `{}`: expected a position such as `{example}` (`{letter}:` alone for an empty board)",
        crate::diag::clip(text)
    )]
    Empty {
        /// The text, tidied.
        text: String,
        /// An example position text for the game.
        example: String,
        /// The first player's letter.
        letter: char,
    },
    /// The first word (no colon: the side to move) is no player's letter.
    #[error("{}", crate::diag::echo_once(word, " (the side to move, as it has no colon)", &letter.to_string()))]
    SideToMove {
        /// The word.
        word: String,
        /// Why its letter was refused.
        letter: UnknownLetter,
    },
    /// A later word without a colon.
    #[error(
        "`{}`: expected a group LETTER:SITES (`{example}`); the side to move, if given, comes first",
        crate::diag::clip(word)
    )]
    NotAGroup {
        /// The word.
        word: String,
        /// An example position text for the game.
        example: String,
    },
    /// A word with two colons (two groups run together).
    #[error(
        "`{}` runs two groups together: each player's group stands apart from the next by a space (`W W: B:a1`: W to move with no pieces), and the side to move is written without a colon (`{example}`)",
        crate::diag::clip(word)
    )]
    TwoColons {
        /// The word.
        word: String,
        /// An example position text for the game.
        example: String,
    },
    /// A group whose letter is no player's.
    #[error("{}", crate::diag::echo_once(word, "", &letter.to_string()))]
    GroupLetter {
        /// The group.
        word: String,
        /// Why its letter was refused.
        letter: UnknownLetter,
    },
    /// A group with an empty entry: `W:18,,24`, `W:,,`, `W:18,`.
    #[error(
        "`{}`: empty site entry (a comma with no site on one side): expected LETTER:SITE,SITE… with one site between commas (`{}:` alone for no pieces)",
        crate::diag::clip(word),
        crate::diag::clip(letter)
    )]
    EmptyEntry {
        /// The group.
        word: String,
        /// The group's letter, as written.
        letter: String,
    },
    /// A site named a second time in a game whose stacks are written with
    /// one item each: `W:18 B:18` where a king is the code `K`.
    #[error(
        "site `{label}` is named twice (`{first}`, then `{second}`): in this game a site is named once{}",
        stack_hint(known)
    )]
    SiteTwice {
        /// The site's label.
        label: String,
        /// The first item naming it, with its group's letter: `W:18`.
        first: String,
        /// The second item naming it: `B:18`.
        second: String,
        /// The game's prefixes with what they stand for, as in
        /// [`ItemError::UnknownPrefix`].
        known: Vec<String>,
    },
    /// A field of the state (`NAME=VALUE`) that this game cannot take:
    /// an unknown name, a value of the wrong shape or out of range.
    #[error("{}", crate::diag::echo_once(word, "", problem))]
    Field {
        /// The field, as written.
        word: String,
        /// What is wrong with it, and what was expected.
        problem: String,
    },
    /// An item of a group that names no stack of this game.
    #[error("{}", crate::diag::echo_once(&format!("{letter}:{item}"), "", &problem.to_string()))]
    Item {
        /// The group's letter, as written.
        letter: String,
        /// The item, as written.
        item: String,
        /// What is wrong with it.
        problem: ItemError,
    },
}

/// A letter that is no player's: the players' letters, and a suggestion
/// when the text was (nearly) a player's name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no player has the letter `{}`; {}the players' letters are {letters}", crate::diag::clip(letter), suggestion.as_ref().map_or(String::new(), |(l, n)| format!("did you mean `{l}` ({n})? ")))]
pub struct UnknownLetter {
    /// The text given.
    pub letter: String,
    /// A player's letter and name, when the text was near that name.
    pub suggestion: Option<(char, String)>,
    /// The players' letters with their names: `D (Dark), L (Light)`.
    pub letters: String,
}

/// What is wrong with one item (`[PREFIX]SITE[*COUNT]`) of a position text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ItemError {
    /// The stack would be higher than the game allows.
    #[error("the stack there would hold {total} pieces; this game's stacks hold at most {cap}")]
    TooHigh {
        /// The pieces it would hold.
        total: usize,
        /// The game's stack limit.
        cap: usize,
    },
    /// A count after `*` that is not a whole number from 1 to the limit.
    #[error(
        "bad count `{}`: a count is a whole number from 1 to {cap} (the most pieces a stack holds)",
        crate::diag::clip(count)
    )]
    BadCount {
        /// The count as written.
        count: String,
        /// The game's stack limit.
        cap: usize,
    },
    /// A prefix that is none of the game's setup codes.
    #[error("{}", unknown_prefix_text(prefix, near.as_deref(), known))]
    UnknownPrefix {
        /// The prefix written.
        prefix: String,
        /// The nearest of the game's prefixes, if one is near.
        near: Option<String>,
        /// The game's prefixes with what they stand for: `` `K` (2 × Checker) ``.
        known: Vec<String>,
    },
    /// A prefix and no site after it.
    #[error("expected a site after the prefix `{prefix}`")]
    NoSite {
        /// The prefix.
        prefix: String,
    },
    /// A label that is none of the board's.
    #[error(
        "no site `{}` on this board (sites: {shown}; `show --labels` draws them)",
        crate::diag::clip(label)
    )]
    UnknownSite {
        /// The label written.
        label: String,
        /// The board's labels, abridged: `a1, a2, a3 … h8`.
        shown: String,
    },
}

/// The message of [`ItemError::UnknownPrefix`].
fn unknown_prefix_text(prefix: &str, near: Option<&str>, known: &[String]) -> String {
    if known.is_empty() {
        return format!(
            "unknown prefix `{prefix}`: this game declares no setup-code prefixes (a rule file declares them with (code \"PREFIX\" \"Kind\" N)); write the site alone"
        );
    }
    let near = near
        .map(|p| format!("did you mean `{p}`? "))
        .unwrap_or_default();
    format!(
        "unknown prefix `{prefix}`; {near}this game's prefixes: {}",
        known.join(", ")
    )
}

/// The end of [`PositionError::SiteTwice`]'s message: how a taller stack
/// is written, when the game has prefixes.
fn stack_hint(known: &[String]) -> String {
    if known.is_empty() {
        String::new()
    } else {
        format!(
            ", its stack written with one item (a prefix for a taller stack: {})",
            known.join(", ")
        )
    }
}

/// A position read from a position text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The player to move, when the text names one.
    pub to_move: Option<Player>,
    /// The stacks, bottom first, in the order their sites were first named.
    pub stacks: Vec<(Site, Vec<Piece>)>,
}

/// A position text split into its board ([`Position`]) and its fields of
/// the state (`NAME=VALUE` words: the phase, counters, the no-progress
/// count…), the latter as written: [`crate::record::position_fields`]
/// reads them against a state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionText {
    /// The side to move and the stacks.
    pub position: Position,
    /// Every `NAME=VALUE` word, in the order written: the name and the
    /// value, neither decoded.
    pub fields: Vec<(String, String)>,
}

/// Parses a position text for `game`, its board only: a text with fields
/// of the state (`phase=…`) is refused here ([`parse_position_text`] reads
/// them). Errors as for [`parse_position_text`].
pub fn parse_position(game: &Game, text: &str) -> Result<Position, PositionError> {
    let full = parse_position_text(game, text)?;
    match full.fields.first() {
        None => Ok(full.position),
        Some((name, value)) => Err(PositionError::NotAGroup {
            word: format!("{name}={value}"),
            example: example(game),
        }),
    }
}

/// Parses a position text for `game`: the side to move, the groups, and
/// the `NAME=VALUE` fields (kept as written). Errors name the offending
/// word or item and what was expected: the players' letters, the site
/// labels, the setup-code prefixes, a count from 1 to the stack limit.
pub fn parse_position_text(game: &Game, text: &str) -> Result<PositionText, PositionError> {
    let text = tidy(text);
    let mut words = text.split(' ').filter(|w| !w.is_empty()).peekable();
    let to_move = match words.next_if(|w| !w.contains(':') && !w.contains('=')) {
        Some(w) => Some(side_to_move(game, w)?),
        None => None,
    };
    let mut stacks: Vec<(Site, Vec<Piece>)> = Vec::new();
    // The first item naming each site, when a site is named once only.
    let mut named: Option<Vec<(Site, String)>> = once_only(game).then(Vec::new);
    let mut any = false;
    let mut fields = Vec::new();
    for word in words {
        if let Some((name, value)) = field_word(word) {
            fields.push((name.to_string(), value.to_string()));
            continue;
        }
        group(game, word, &mut stacks, named.as_mut())?;
        any = true;
    }
    if !any {
        // An empty text is no position: an empty board is written with an
        // empty group, `LETTER:`.
        return Err(PositionError::Empty {
            example: example(game),
            letter: game.players.first().map_or('?', |p| p.letter),
            text,
        });
    }
    Ok(PositionText {
        position: Position { to_move, stacks },
        fields,
    })
}

/// A `NAME=VALUE` word (a field of the state): no colon, an `=` after a
/// non-empty name.
fn field_word(word: &str) -> Option<(&str, &str)> {
    if word.contains(':') {
        return None;
    }
    word.split_once('=').filter(|(name, _)| !name.is_empty())
}

/// True when a site may be named only once: the game declares no stack
/// limit (its stacks are not part of its rules), or every stack it holds
/// is one item (its stack limit is no higher than its tallest setup code,
/// one piece when it declares none).
fn once_only(game: &Game) -> bool {
    if !game.stack_limit_declared {
        return true;
    }
    let tallest = game
        .codes
        .iter()
        .map(|c| usize::from(c.count))
        .max()
        .unwrap_or(1)
        .max(1);
    game.stack_cap <= tallest
}

/// The text with the spaces after `:` and around `,` removed and other
/// runs of whitespace made one space. A space after a comma and before a
/// word with a colon (`W:18, B:12`) is kept: that word starts a group; so
/// is a space before a field (`NAME=VALUE`, no colon) after `:` or `,`.
fn tidy(text: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        // The word ahead is read once per run of whitespace, not at every
        // character: a long word stays linear.
        if space && c != ',' && !out.is_empty() && space_kept(&out, &text[i..]) {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out
}

/// True when the space before `rest` stays in [`tidy`]'s text `out`: after
/// anything but `,` and `:`, after `,` before a group or a field, after
/// `:` before a field, or before a group once a word came before (`W W:
/// B:a1`: the side to move, an empty group, then another; a first word
/// `L:` before a group is a side to move written with a colon).
fn space_kept(out: &str, rest: &str) -> bool {
    let next = rest
        .split(|c: char| c.is_whitespace() || c == ',')
        .next()
        .unwrap_or_default();
    let field_next = !next.contains(':') && next.contains('=');
    let group_next = next.contains(':') || field_next;
    !out.ends_with([',', ':'])
        || (out.ends_with(',') && group_next)
        || (out.ends_with(':') && (field_next || (group_next && out.contains(' '))))
}

/// The player whose letter is `letter` (either case). The error lists the
/// letters, and suggests one when `letter` is (nearly) a player's name.
pub fn player_by_letter(game: &Game, letter: &str) -> Result<Player, UnknownLetter> {
    let found = game
        .players
        .iter()
        .position(|p| p.letter.to_string().eq_ignore_ascii_case(letter));
    if let Some(i) = found {
        return Ok(i as Player);
    }
    let names = game.players.iter().map(|p| p.name.as_str());
    let suggestion = crate::diag::did_you_mean(letter, names)
        .and_then(|n| game.players.iter().find(|p| p.name == n))
        .map(|p| (p.letter, p.name.clone()));
    Err(UnknownLetter {
        letter: letter.to_string(),
        suggestion,
        letters: letters(game),
    })
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
fn side_to_move(game: &Game, word: &str) -> Result<Player, PositionError> {
    player_by_letter(game, word).map_err(|letter| PositionError::SideToMove {
        word: word.to_string(),
        letter,
    })
}

/// Reads one `LETTER:ITEM,ITEM…` group into `stacks`. `named`, when a
/// site may be named once only, holds the first item naming each site.
fn group(
    game: &Game,
    word: &str,
    stacks: &mut Vec<(Site, Vec<Piece>)>,
    mut named: Option<&mut Vec<(Site, String)>>,
) -> Result<(), PositionError> {
    let Some((letter, list)) = word.split_once(':') else {
        return Err(PositionError::NotAGroup {
            word: word.to_string(),
            example: example(game),
        });
    };
    if list.contains(':') {
        return Err(PositionError::TwoColons {
            word: word.to_string(),
            example: example(game),
        });
    }
    let owner = player_by_letter(game, letter).map_err(|e| PositionError::GroupLetter {
        word: word.to_string(),
        letter: e,
    })?;
    if list.is_empty() {
        return Ok(());
    }
    if list.split(',').any(str::is_empty) {
        return Err(PositionError::EmptyEntry {
            word: word.to_string(),
            letter: letter.to_string(),
        });
    }
    for text in list.split(',') {
        let context = |problem| PositionError::Item {
            letter: letter.to_string(),
            item: text.to_string(),
            problem,
        };
        let (site, kind, height) = item(game, text).map_err(context)?;
        if let Some(named) = named.as_deref_mut() {
            let this = format!("{letter}:{text}");
            if let Some((_, first)) = named.iter().find(|(s, _)| *s == site) {
                return Err(PositionError::SiteTwice {
                    label: game.board.site(site).label.clone(),
                    first: first.clone(),
                    second: this,
                    known: prefixes_known(game),
                });
            }
            named.push((site, this));
        }
        add(game, stacks, site, game.piece(kind, owner), height).map_err(context)?;
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
) -> Result<(), ItemError> {
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
        return Err(ItemError::TooHigh {
            total,
            cap: game.stack_cap,
        });
    }
    stack.extend(std::iter::repeat_n(piece, height));
    Ok(())
}

/// One item `[PREFIX]SITE[*COUNT]`: its site, piece kind and height.
fn item(game: &Game, text: &str) -> Result<(Site, Kind, usize), ItemError> {
    let (body, times) = match text.split_once('*') {
        Some((body, n)) => (body, count(game, n)?),
        None => (text, 1),
    };
    let (kind, per, site) = match game.board.site_by_label(body) {
        Some(s) => {
            let (kind, per) = plain(game);
            (kind, per, s)
        }
        None => prefixed(game, body)
            .or_else(|| by_kind(game, body))
            .ok_or_else(|| bad_item(game, body))?,
    };
    Ok((site, kind, usize::from(per) * times))
}

/// A piece of a kind that no setup code writes, followed by a site: by
/// the kind's letter (`Qd1`, a kind declared with `letter:"Q"`, when no
/// code's prefix is that letter) or by its name and `@` (`Bridge@d4`, the
/// name written as field values are, [`super::position_fields::encode`]).
fn by_kind(game: &Game, body: &str) -> Option<(Kind, u16, Site)> {
    if let Some((name, label)) = body.split_once('@') {
        let name = super::position_fields::decode(name)?;
        let kind = game.kinds.iter().position(|k| *k == name)?;
        return Some((kind as Kind, 1, game.board.site_by_label(label)?));
    }
    let first = body.chars().next()?;
    let kind = (0..game.kinds.len())
        .find(|&k| letter_prefix(game, k as Kind) == Some(first.to_ascii_uppercase()))?;
    let site = game.board.site_by_label(&body[first.len_utf8()..])?;
    Some((kind as Kind, 1, site))
}

/// The letter that writes one piece of `kind` (its `letter:`, in
/// capitals), unless a setup code's prefix is that letter.
fn letter_prefix(game: &Game, kind: Kind) -> Option<char> {
    let l = game
        .kind_letters
        .get(kind as usize)
        .copied()
        .flatten()?
        .to_ascii_uppercase();
    let taken = game
        .codes
        .iter()
        .any(|c| c.prefix.eq_ignore_ascii_case(&l.to_string()));
    (!taken).then_some(l)
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
fn count(game: &Game, n: &str) -> Result<usize, ItemError> {
    match n.parse::<usize>() {
        Ok(c) if (1..=game.stack_cap).contains(&c) => Ok(c),
        _ => Err(ItemError::BadCount {
            count: n.to_string(),
            cap: game.stack_cap,
        }),
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
fn bad_item(game: &Game, body: &str) -> ItemError {
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
        return ItemError::NoSite {
            prefix: prefix.to_string(),
        };
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
    ItemError::UnknownSite {
        label: label.to_string(),
        shown,
    }
}

/// "unknown prefix", with the game's prefixes and the nearest one.
fn unknown_prefix(game: &Game, prefix: &str) -> ItemError {
    let prefixes: Vec<&str> = game
        .codes
        .iter()
        .map(|c| c.prefix.as_str())
        .filter(|p| !p.is_empty())
        .collect();
    let near = (prefix.len() > 1)
        .then(|| crate::diag::did_you_mean(prefix, prefixes.iter().copied()))
        .flatten();
    ItemError::UnknownPrefix {
        prefix: prefix.to_string(),
        near,
        known: prefixes_known(game),
    }
}

/// The game's prefixes with what they stand for: `` `K` (2 × Checker) ``.
fn prefixes_known(game: &Game) -> Vec<String> {
    game.codes
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
        .collect()
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
    if words.len() == 1 {
        // An empty board: one empty group.
        words.push(format!("{}:", words[0]));
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
        .map(|c| c.prefix.clone())
        .or_else(|| (plain(game) == (kind, 1)).then(String::new))
        .or_else(|| letter_prefix(game, kind).map(String::from))
        .or_else(|| {
            let name = game.kinds.get(kind as usize)?;
            Some(format!("{}@", super::position_fields::encode(name)))
        })?;
    Some(match n {
        1 => format!("{single}{label}"),
        _ => format!("{single}{label}*{n}"),
    })
}

#[cfg(test)]
mod tidy_tests {
    use super::tidy;

    #[test]
    fn a_space_after_an_empty_group_keeps_the_groups_apart() {
        // The words of docs/language.md's position text: `W:` alone is
        // an empty group, a word with a colon starts a group.
        assert_eq!(tidy("W W: B:a1"), "W W: B:a1");
        // A first word with a colon before a group: the side to move
        // written with a colon, refused as two groups run together.
        assert_eq!(tidy("L: D:a1"), "L:D:a1");
        assert_eq!(tidy("W W:  a1 , b2 B:c3"), "W W:a1,b2 B:c3");
        assert_eq!(tidy("W W: phase=Movement"), "W W: phase=Movement");
    }
}

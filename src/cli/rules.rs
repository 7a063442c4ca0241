//! `ludic rules GAME`: a game's rules for a player: the comment at the top
//! of its rule file (and of its base, for a variant), its players and
//! board, its toggles, and how to type a move.

use super::util::{Fail, GameArgs};
use ludic::board::{Adjacency, Cells, Labels, Shape};
use ludic::compile::Game;
use ludic::compile::ir::{GenKind, Pieces};

/// `ludic rules`.
pub fn run(g: &GameArgs) -> Result<i32, Fail> {
    let game = g.load()?;
    let (name, text) = ludic::compile::read_source(&g.file)?;
    println!("{}\n{}\n", game.name, "=".repeat(game.name.chars().count()));
    let about = header_comment(&text);
    if !about.is_empty() {
        println!("{about}\n");
    }
    if let Some(base) = variant_base(&text) {
        let path = std::path::Path::new(&name)
            .parent()
            .map(|d| d.join(&base).to_string_lossy().into_owned())
            .unwrap_or(base.clone());
        let source = ludic::compile::read_source(&path)
            .or_else(|_| ludic::compile::read_source(base.trim_end_matches(".game")));
        if let Ok((_, base_text)) = source {
            let about = header_comment(&base_text);
            if !about.is_empty() {
                println!("This game is a variant of {base}, whose rules say:\n\n{about}\n");
            }
        }
    }
    println!("Players: {}.", players(&game));
    println!("Board: {}.", board(&game));
    if game.toggles.is_empty() {
        println!("\nToggles: none.");
    } else {
        println!("\nToggles (change one with --set NAME=VALUE):");
        for t in &game.toggles {
            println!(
                "  {} ({}, default {}): {}",
                t.name, t.ty, t.default, t.description
            );
        }
    }
    println!("\nHow to type a move:\n{}", notation(&game));
    Ok(0)
}

/// The comment lines before the first clause of a rule file, without
/// their `//`, blank comment lines kept as paragraph breaks.
pub fn header_comment(text: &str) -> String {
    let mut lines = Vec::new();
    for l in text.trim_start_matches('\u{feff}').lines() {
        let l = l.trim();
        if l.is_empty() {
            continue;
        }
        let Some(c) = l.strip_prefix("//") else { break };
        lines.push(c.strip_prefix(' ').unwrap_or(c).trim_end().to_string());
    }
    lines.join("\n").trim().to_string()
}

/// The `base:"FILE"` of a variant, if the text is one.
fn variant_base(text: &str) -> Option<String> {
    let at = text.find("(variant")?;
    let rest = &text[at..];
    let b = rest.find("base:\"")? + "base:\"".len();
    let end = rest[b..].find('"')?;
    Some(rest[b..b + end].to_string())
}

/// "Black (B) moves first, then White (W)".
pub fn players(game: &Game) -> String {
    let p: Vec<String> = game
        .players
        .iter()
        .map(|p| format!("{} ({})", p.name, p.letter))
        .collect();
    match p.split_first() {
        Some((first, [])) => format!("{first} alone"),
        Some((first, rest)) => format!(
            "{first} {} first, then {}",
            ludic::diag::verb(&game.players[0].name, "moves", "move"),
            rest.join(", then ")
        ),
        None => "none".into(),
    }
}

/// "a square 8×8 board, dark cells only, diagonal adjacency; 32 sites
/// numbered 1–32".
pub fn board(game: &Game) -> String {
    let b = &game.board;
    let shape = match b.shape() {
        Shape::Square {
            rows,
            cols,
            cells,
            adjacency,
        } => {
            let cells = match cells {
                Cells::All => "",
                Cells::Dark => ", dark cells only",
            };
            let adj = match adjacency {
                Adjacency::Orthogonal => "orthogonal",
                Adjacency::Diagonal => "diagonal",
                Adjacency::All => "orthogonal and diagonal",
            };
            format!("square, {cols} columns × {rows} rows{cells}, {adj} neighbours")
        }
        Shape::HexCells { side } => format!("a hexagon of hexagonal cells, {side} a side"),
        Shape::Rhombus { cols, rows } => {
            format!("a rhombus of hexagonal cells, {cols} columns × {rows} rows")
        }
        Shape::TriPoints { side, side2 } if side == side2 => {
            format!("a hexagon of points of the triangular grid, {side} a side")
        }
        Shape::TriPoints { side, side2 } => format!(
            "a limping hexagon of points of the triangular grid, sides of {side} and {side2}"
        ),
        Shape::Star { side } => format!(
            "a six-pointed star of points of the triangular grid, {side} rows a point, {} points",
            b.len()
        ),
        // A graph without lines (backgammon's points, moved along a track).
        Shape::Graph(g) if g.edges.is_empty() => "a graph of points, no lines between them".into(),
        Shape::Graph(g) => match g.edges.len() {
            1 => "a graph of points and lines, 1 line".into(),
            n => format!("a graph of points and lines, {n} lines"),
        },
    };
    let labels = match (b.labels(), b.shape()) {
        (_, Shape::Graph(_)) => "labelled as the rule file names them",
        (Labels::Numbers, _) => "numbered",
        (_, Shape::Square { .. } | Shape::Rhombus { .. }) => {
            "written as a column letter and a row number"
        }
        _ => "written as a row letter and a number",
    };
    format!(
        "{shape}; {} sites, {labels} (`ludic show GAME --labels` draws them)",
        b.len()
    )
}

/// The label of the last site of `track` as the first player follows it
/// (a per-player track: the first player's own), which a move carried
/// past the end lands on (backgammon's `woff`).
fn track_end(game: &Game, track: ludic::compile::ir::TrackId) -> String {
    let t = &game.tracks[usize::from(track)];
    let own = t
        .per_player
        .first()
        .map_or(t, |&i| &game.tracks[usize::from(i)]);
    own.sites
        .last()
        .map_or_else(|| "END".to_string(), |&s| game.board.site(s).label.clone())
}

/// How moves are written in this game, from the kinds of its moves.
pub fn notation(game: &Game) -> String {
    let gens = &game.gens;
    let has = |f: &dyn Fn(&GenKind) -> bool| gens.iter().any(|g| f(&g.kind));
    let mut out = Vec::new();
    let hops = || {
        gens.iter().filter_map(|g| match &g.kind {
            GenKind::Hop(h) => Some(h),
            _ => None,
        })
    };
    let moves = has(&|k| {
        matches!(
            k,
            GenKind::Step(_) | GenKind::Slide(_) | GenKind::Relocate(_) | GenKind::Leap(_)
        )
    }) || hops().any(|h| !h.shift.capture);
    if moves {
        out.push("- a move is its origin, `-` and its destination: `FROM-TO`".to_string());
    }
    if hops().any(|h| h.shift.capture) {
        out.push(
            "- a capture is written with `x`: `FROMxTO`; a capture of several jumps \
             names every landing site (`AxBxC`), or only its start and end when no \
             other capture has them"
                .to_string(),
        );
    }
    if hops().any(|h| h.repeat) {
        out.push(
            "- a jump that goes on in the same direction over several pieces is written              with its origin and last landing site: `FROMxTO`"
                .to_string(),
        );
    }
    if gens
        .iter()
        .any(|g| g.kind.shift().is_some_and(|s| s.pieces != Pieces::Whole))
    {
        out.push(
            "- a move that takes N pieces from the top of a stack adds `/N`: `FROM-TO/2`"
                .to_string(),
        );
    }
    if has(&|k| matches!(k, GenKind::Place { .. })) {
        out.push("- a placement is written as its site alone".to_string());
    }
    if has(&|k| matches!(k, GenKind::Sow { .. })) {
        out.push("- a sowing is written as the site it empties".to_string());
    }
    if let Some(end) = gens.iter().find_map(|g| match &g.kind {
        GenKind::Advance(a) => Some(track_end(game, a.track)),
        _ => None,
    }) {
        out.push(format!(
            "- a move by a die is written as its origin and destination (`13-7`); a piece \
             carried onto the track's end by a die larger than the distance adds `~` and \
             the die (`4-{end}~6`); nature's throw is written `roll:` and its faces (`roll:3-5`)"
        ));
    }
    if has(&|k| matches!(k, GenKind::Select { .. })) {
        out.push(
            "- choosing a site (to remove its piece) is written as the site alone".to_string(),
        );
    }
    if !game.blocks.is_empty() {
        out.push(
            "- when a turn goes on with another move, that move follows after a comma, \
             written from its own origin (`A-B,C-D`); at the prompt the parts may be typed \
             one at a time"
                .to_string(),
        );
    }
    if has(&|k| matches!(k, GenKind::Rotate { .. })) {
        out.push(
            "- turning a region a quarter turn is written as the region's name, clockwise, \
             or with `'` after it, anticlockwise (`NE`, `NE'`)"
                .to_string(),
        );
    }
    if has(&|k| matches!(k, GenKind::Pass)) {
        out.push("- `pass` passes".to_string());
    }
    if has(&|k| matches!(k, GenKind::Swap { .. })) {
        out.push(
            "- `swap` takes the first player's position as one's own (the pie rule), \
             on the second turn only"
                .to_string(),
        );
    }
    if has(&|k| matches!(k, GenKind::EndPhase)) {
        out.push("- `end` ends the current phase of the turn".to_string());
    }
    if has(&|k| matches!(k, GenKind::Flip(_))) {
        out.push("- `flip-NAME@SITE` flips the toggle NAME, claimed by holding SITE".to_string());
    }
    out.push(format!(
        "Sites are {}; `ludic moves GAME` lists the legal moves of a position.",
        match (game.board.labels(), game.board.shape()) {
            (Labels::Numbers, _) => "numbers",
            (_, Shape::Graph(_)) => "the labels the board gives its points (`ludic show GAME --labels`)",
            (_, Shape::Square { .. } | Shape::Rhombus { .. }) => {
                "a letter (the column, from the left) and a number (the row, from the bottom): a1 is the bottom left"
            }
            _ => "a letter (the row, from the bottom) and a number (the place in the row)",
        }
    ));
    out.join("\n")
}

//! SVG pictures of a position, drawn from the board's own geometry.
//!
//! Every site is placed at its geometric position ([`SiteInfo::pos`], one
//! unit per step along a row, y up). How a site is drawn depends on what
//! the shape's sites are:
//!
//! - cells of a square grid: unit squares, every cell of the grid drawn
//!   (the light ones that are not sites too), dark and light;
//! - hexagonal cells (a hexagon or a rhombus of cells): pointy-top
//!   hexagons whose centres are one unit apart;
//! - points (the triangular grid, and any other graph): a dot per site and
//!   a line per pair of neighbours, from the board's adjacency;
//! - a square grid whose rule file says `drawn:Points` (Go): the lines of
//!   the grid on a wooden ground, the sites where they cross, and the
//!   usual star points ([`star_points`]); any other board so marked is
//!   drawn as points.
//!
//! A site the player may click next (`targets`) carries a small dot (a
//! ring round a stack it would take), as good game sites mark moves.
//!
//! A stack is drawn as a pile of discs, bottom first, each disc in its
//! owner's colour (a draughts king is two discs, a Ex nihilo stack of mixed
//! colour shows every level); a stack of two or more carries its height.
//! A site where a role with a mark holds (Polypods' body stones) gets a
//! ring and the mark. Each site is a `<g class="site" data-site="N"
//! data-label="…">` so that a page can find and highlight it.
//!
//! [`SiteInfo::pos`]: crate::board::SiteInfo::pos

mod overlay;
mod pictures;

pub use pictures::PICTURES;

use std::fmt::Write;

use crate::board::{Board, Cells, Shape, Site};
use crate::engine::State;

/// Pixels per unit of board geometry.
const SCALE: f64 = 56.0;
/// Margin around the sites, in units.
const MARGIN: f64 = 0.75;
/// Vertical offset between the discs of a stack, in units.
const LEVEL: f64 = 0.07;
/// Most discs drawn for one stack (taller stacks show their height).
const MAX_DISCS: usize = 8;

/// What to draw besides the pieces.
#[derive(Debug, Clone, Default)]
pub struct SvgOptions {
    /// Write each site's notation label in it.
    pub labels: bool,
    /// Sites to highlight as possible destinations (class `target`).
    pub targets: Vec<Site>,
    /// Sites to highlight as possible origins (class `origin`).
    pub origins: Vec<Site>,
    /// The selected site (class `selected`).
    pub selected: Option<Site>,
    /// Sites of the last move (class `last`).
    pub last: Vec<Site>,
    /// Draw the game's own notation (the page): file letters and rank
    /// numbers round a grid whose sites they name, else each site's label
    /// in it (draughts numbers, hex and graph labels); off: letters and
    /// numbers round every square grid, labels only with `labels`.
    pub notation: bool,
    /// Goal sites and the seat whose goal each is, outlined in the seat's
    /// colour (class `goal pN`).
    pub goals: Vec<(Site, usize)>,
    /// Draw each piece as its kind's picture (`picture:`); off: discs.
    pub pictures: bool,
    /// Turn the board half round (the last row at the bottom, the last
    /// column at the left): the second player's view.
    pub flip: bool,
    /// Sites the rules have marked in the turn being played (`mark`,
    /// `mark-all`: [`State::marked_sites`]), each drawn with a dashed
    /// ring (class `marked`).
    pub marked: Vec<Site>,
}

/// How the sites of a shape are drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Style {
    /// Unit squares of a `rows × cols` grid; `dark_only`: only dark cells
    /// are sites.
    Squares {
        rows: u16,
        cols: u16,
        dark_only: bool,
    },
    /// Pointy-top hexagons.
    Hexagons,
    /// Dots joined by the adjacency's lines.
    Points,
    /// The crossings of a `rows × cols` grid of lines (Go's board).
    Lines { rows: u16, cols: u16 },
}

fn style(game: &crate::compile::Game) -> Style {
    let shape = game.board.shape();
    if game.drawn_points {
        return match *shape {
            Shape::Square {
                rows,
                cols,
                cells: Cells::All,
                ..
            } => Style::Lines { rows, cols },
            _ => Style::Points,
        };
    }
    match *shape {
        Shape::Square {
            rows, cols, cells, ..
        } => Style::Squares {
            rows,
            cols,
            dark_only: cells == Cells::Dark,
        },
        Shape::HexCells { .. } | Shape::Rhombus { .. } => Style::Hexagons,
        // Points of the triangular grid, and any other graph of sites.
        _ => Style::Points,
    }
}

/// Colours of the seats: a player named after a colour (`Black`, `White`,
/// `Red`, `Dark`, `Light`…) gets that colour, the others a palette by seat.
fn player_colour(name: &str, seat: usize) -> (&'static str, &'static str) {
    // (fill, text drawn on it)
    let named = match name.to_ascii_lowercase().as_str() {
        "black" | "dark" => Some(("#222222", "#ffffff")),
        "white" | "light" => Some(("#f4f1e8", "#222222")),
        "red" => Some(("#c0392b", "#ffffff")),
        "blue" => Some(("#2e6fbf", "#ffffff")),
        "green" => Some(("#2e8b57", "#ffffff")),
        "yellow" => Some(("#f1c40f", "#222222")),
        _ => None,
    };
    const PALETTE: [(&str, &str); 6] = [
        ("#222222", "#ffffff"),
        ("#f4f1e8", "#222222"),
        ("#c0392b", "#ffffff"),
        ("#2e6fbf", "#ffffff"),
        ("#2e8b57", "#ffffff"),
        ("#f1c40f", "#222222"),
    ];
    named.unwrap_or(PALETTE[seat % PALETTE.len()])
}

/// The fill colour of seat `p`.
fn seat_colour(st: &State, p: usize) -> &'static str {
    player_colour(&st.game().players[p].name, p).0
}

/// The fill colour of each seat, in seat order (for a legend).
pub fn seat_colours(st: &State) -> Vec<&'static str> {
    st.game()
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| player_colour(&p.name, i).0)
        .collect()
}

/// Escapes text for SVG/XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Rounds a pixel coordinate to two decimals for compact, stable output.
fn px(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 { "0".into() } else { format!("{r}") }
}

/// Maps board geometry (y up) to picture pixels (y down), turned half
/// round when `flip`.
struct Frame {
    xmin: f64,
    xmax: f64,
    ymin: f64,
    ymax: f64,
    width: f64,
    height: f64,
    flip: bool,
}

impl Frame {
    fn new(board: &Board, style: Style, flip: bool) -> Frame {
        let mut xs: Vec<f64> = board.sites().iter().map(|s| s.pos.0).collect();
        let mut ys: Vec<f64> = board.sites().iter().map(|s| s.pos.1).collect();
        if let Style::Squares { rows, cols, .. } = style {
            // The light cells that are not sites are drawn too.
            xs.extend([0.0, f64::from(cols) - 1.0]);
            ys.extend([0.0, f64::from(rows) - 1.0]);
        }
        let lo = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = |v: &[f64]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (xmin, xmax) = (lo(&xs) - MARGIN, hi(&xs) + MARGIN);
        let (ymin, ymax) = (lo(&ys) - MARGIN, hi(&ys) + MARGIN);
        Frame {
            xmin,
            xmax,
            ymin,
            ymax,
            width: (xmax - xmin) * SCALE,
            height: (ymax - ymin) * SCALE,
            flip,
        }
    }

    fn x(&self, x: f64) -> f64 {
        match self.flip {
            false => (x - self.xmin) * SCALE,
            true => (self.xmax - x) * SCALE,
        }
    }

    fn y(&self, y: f64) -> f64 {
        match self.flip {
            false => (self.ymax - y) * SCALE,
            true => (y - self.ymin) * SCALE,
        }
    }

    /// +1 when pixels grow with the board's x (and shrink with its y),
    /// -1 when the board is turned.
    fn sign(&self) -> f64 {
        if self.flip { -1.0 } else { 1.0 }
    }

    fn point(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (self.x(x), self.y(y))
    }
}

/// The SVG picture of the position: the board, the stacks, and what
/// `opts` asks for. The result is a complete `<svg>` element.
pub fn board_svg(st: &State, opts: &SvgOptions) -> String {
    let game = st.game();
    let board = &game.board;
    let style = style(game);
    let f = Frame::new(board, style, opts.flip);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="sans-serif">"#,
        w = px(f.width),
        h = px(f.height),
    );
    out.push('\n');
    let ground = match style {
        Style::Lines { .. } => "#dcb35c",
        _ => "#e9dcc0",
    };
    let _ = writeln!(
        out,
        r##"<rect class="background" width="{}" height="{}" fill="{ground}"/>"##,
        px(f.width),
        px(f.height)
    );
    // Cells that are not sites (the light squares of a draughts board).
    if let Style::Squares {
        rows,
        cols,
        dark_only: true,
    } = style
    {
        for r in 0..i32::from(rows) {
            for c in 0..i32::from(cols) {
                if (r + c) % 2 == 1 {
                    let h = 0.5 * f.sign();
                    let (x, y) = f.point((f64::from(c) - h, f64::from(r) + h));
                    let _ = writeln!(
                        out,
                        r##"<rect class="light" x="{}" y="{}" width="{s}" height="{s}" fill="#f0e2c4"/>"##,
                        px(x),
                        px(y),
                        s = px(SCALE)
                    );
                }
            }
        }
    }
    if style == Style::Points {
        lines(&mut out, board, &f);
    }
    if let Style::Lines { rows, cols } = style {
        grid_lines(&mut out, &f, rows, cols);
    }
    let marks = region_marks(st);
    let goals = overlay::goal_sides(board, style, &opts.goals);
    let grid_coords = matches!(style, Style::Squares { .. } | Style::Lines { .. })
        && overlay::grid_coordinates(board);
    let classes = |s: Site| {
        let mut c = String::from("site");
        if opts.origins.contains(&s) {
            c.push_str(" origin");
        }
        if opts.targets.contains(&s) {
            c.push_str(" target");
        }
        if opts.selected == Some(s) {
            c.push_str(" selected");
        }
        if opts.last.contains(&s) {
            c.push_str(" last");
        }
        if opts.marked.contains(&s) {
            c.push_str(" marked");
        }
        c
    };
    for s in board.all() {
        let info = board.site(s);
        let (cx, cy) = f.point(info.pos);
        let _ = write!(
            out,
            r#"<g class="{}" data-site="{s}" data-label="{}">"#,
            classes(s),
            escape(&info.label)
        );
        let fill = match (style, &marks[usize::from(s)]) {
            (_, Some(_)) => "#a9cfe8",
            (
                Style::Squares {
                    dark_only: true, ..
                },
                _,
            ) => "#7a5a3a",
            (Style::Squares { .. }, _) if (info.row + info.col) % 2 == 0 => "#d9c49c",
            (Style::Squares { .. }, _) => "#eadbb9",
            (Style::Hexagons, _) => "#e3cf9f",
            (Style::Points | Style::Lines { .. }, _) => "#5a4630",
        };
        match style {
            Style::Squares { .. } => {
                let _ = write!(
                    out,
                    r#"<rect class="cell" x="{}" y="{}" width="{s}" height="{s}" fill="{fill}"/>"#,
                    px(cx - SCALE / 2.0),
                    px(cy - SCALE / 2.0),
                    s = px(SCALE)
                );
            }
            Style::Hexagons => {
                let _ = write!(
                    out,
                    r##"<polygon class="cell" points="{}" fill="{fill}" stroke="#8a6d45" stroke-width="1.5"/>"##,
                    hexagon(cx, cy)
                );
            }
            Style::Points => {
                // A transparent disc to click on, and the point itself.
                let _ = write!(
                    out,
                    r#"<circle class="cell" cx="{}" cy="{}" r="{}" fill="transparent"/><circle class="dot" cx="{}" cy="{}" r="{}" fill="{fill}"/>"#,
                    px(cx),
                    px(cy),
                    px(0.45 * SCALE),
                    px(cx),
                    px(cy),
                    px(0.08 * SCALE)
                );
            }
            Style::Lines { .. } => {
                // The crossing itself is drawn by the lines: a
                // transparent disc to click on.
                let _ = write!(
                    out,
                    r#"<circle class="cell" cx="{}" cy="{}" r="{}" fill="transparent"/>"#,
                    px(cx),
                    px(cy),
                    px(0.48 * SCALE)
                );
            }
        }
        if let Some(mark) = &marks[usize::from(s)]
            && st.height(s) == 0
        {
            let _ = write!(
                out,
                r##"<text class="mark" x="{}" y="{}" text-anchor="middle" font-size="{}" fill="#3b6f94">{}</text>"##,
                px(cx),
                px(cy + 0.12 * SCALE),
                px(0.35 * SCALE),
                escape(mark)
            );
        }
        overlay::goal_marks(
            &mut out,
            style,
            s,
            &goals,
            |p| seat_colour(st, p),
            |pos| f.point(pos),
            (cx, cy),
        );
        stack(&mut out, st, s, (cx, cy), opts.pictures);
        if opts.targets.contains(&s) {
            overlay::target_mark(&mut out, st.height(s) > 0, (cx, cy));
        }
        // Above the stack, so that a marked site that holds one shows it.
        if opts.marked.contains(&s) {
            let _ = write!(
                out,
                r##"<circle class="turn-mark" cx="{}" cy="{}" r="{}" fill="none" stroke="#8e44ad" stroke-width="4" stroke-dasharray="7 4" pointer-events="none"/>"##,
                px(cx),
                px(cy),
                px(0.46 * SCALE)
            );
        }
        if opts.notation && !grid_coords {
            overlay::site_label(&mut out, style, &info.label, (cx, cy));
        } else if opts.labels {
            let _ = write!(
                out,
                r##"<text class="label" x="{}" y="{}" font-size="{}" fill="#5b3f1e">{}</text>"##,
                px(cx - 0.46 * SCALE),
                px(cy - 0.3 * SCALE),
                px(0.2 * SCALE),
                escape(&info.label)
            );
        }
        out.push_str("</g>\n");
    }
    if let Style::Squares { rows, cols, .. } | Style::Lines { rows, cols } = style
        && (grid_coords || !opts.notation)
    {
        coordinates(&mut out, &f, rows, cols);
    }
    out.push_str("</svg>\n");
    out
}

/// Piece `p` of the game of `st` alone, as a small SVG (the position
/// editor's palette): its kind's picture in its owner's colour.
pub fn piece_svg(st: &State, p: crate::compile::Piece) -> String {
    piece_svg_as(st, p, false)
}

/// [`piece_svg`], crowned when `crowned` (the top of a draughts king:
/// a stack of two men, as the board draws it; the page's legend).
pub fn piece_svg_as(st: &State, p: crate::compile::Piece, crowned: bool) -> String {
    let game = st.game();
    let owner = usize::from(game.owner(p));
    let (fill, ink) = player_colour(&game.players[owner].name, owner);
    let picture = game
        .kind_pictures
        .get(usize::from(game.kind(p)))
        .and_then(|n| n.as_deref())
        .unwrap_or("disc");
    let piece = pictures::Piece {
        picture,
        owner,
        fill,
        ink,
        crowned,
        file: game
            .kind_svgs
            .get(usize::from(game.kind(p)))
            .and_then(|s| s.as_deref()),
    };
    let mut out = String::from(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-24 -24 48 48" width="36" height="36">"#,
    );
    pictures::draw(&mut out, &piece, (0.0, 0.0), 22.0);
    out.push_str("</svg>");
    out
}

/// The corners of a pointy-top hexagon of apothem ½ unit centred on
/// `(cx, cy)` pixels.
fn hexagon(cx: f64, cy: f64) -> String {
    let r = SCALE / 3f64.sqrt();
    (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 180.0 * (30.0 + 60.0 * f64::from(k));
            format!("{},{}", px(cx + r * a.cos()), px(cy - r * a.sin()))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One line per pair of neighbours (each pair once).
fn lines(out: &mut String, board: &Board, f: &Frame) {
    for s in board.all() {
        for t in board.neighbours(s) {
            if t <= s && board.neighbours(t).any(|u| u == s) {
                continue;
            }
            let (x1, y1) = f.point(board.site(s).pos);
            let (x2, y2) = f.point(board.site(t).pos);
            let _ = writeln!(
                out,
                r##"<line class="edge" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#8a6d45" stroke-width="2"/>"##,
                px(x1),
                px(y1),
                px(x2),
                px(y2)
            );
        }
    }
}

/// The lines of a `rows × cols` grid through its sites (one unit apart,
/// the first at 0), and its star points.
fn grid_lines(out: &mut String, f: &Frame, rows: u16, cols: u16) {
    let (w, h) = (f64::from(cols) - 1.0, f64::from(rows) - 1.0);
    let mut line = |a: (f64, f64), b: (f64, f64)| {
        let ((x1, y1), (x2, y2)) = (f.point(a), f.point(b));
        let _ = writeln!(
            out,
            r##"<line class="grid" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#3b2a14" stroke-width="1.5"/>"##,
            px(x1),
            px(y1),
            px(x2),
            px(y2)
        );
    };
    for r in 0..rows {
        line((0.0, f64::from(r)), (w, f64::from(r)));
    }
    for c in 0..cols {
        line((f64::from(c), 0.0), (f64::from(c), h));
    }
    for (r, c) in star_points(rows, cols) {
        let (x, y) = f.point((f64::from(c), f64::from(r)));
        let _ = writeln!(
            out,
            r##"<circle class="star" cx="{}" cy="{}" r="{}" fill="#3b2a14"/>"##,
            px(x),
            px(y),
            px(0.08 * SCALE)
        );
    }
}

/// The star points (hoshi) of a `rows × cols` grid of lines, as (row,
/// column) from 0, by the usual rule of Go boards: none on an axis under
/// 7 lines; on each axis the third line from each edge (the fourth from
/// 12 lines up), and the middle line too on an odd axis of 17 lines or
/// more; every crossing of those lines, and the centre of a grid whose
/// two axes are odd. 9 × 9 and 13 × 13: the four corner points and the
/// centre; 19 × 19: nine points.
pub fn star_points(rows: u16, cols: u16) -> Vec<(u16, u16)> {
    let axis = |n: u16| -> Vec<u16> {
        if n < 7 {
            return Vec::new();
        }
        let d = if n >= 12 { 3 } else { 2 };
        let mut v = vec![d, n - 1 - d];
        if n % 2 == 1 && n >= 17 {
            v.insert(1, n / 2);
        }
        v
    };
    let (rs, cs) = (axis(rows), axis(cols));
    let mut out: Vec<(u16, u16)> = rs
        .iter()
        .flat_map(|&r| cs.iter().map(move |&c| (r, c)))
        .collect();
    let centre = (rows / 2, cols / 2);
    let both_odd = rows % 2 == 1 && cols % 2 == 1;
    if both_odd && !out.is_empty() && !out.contains(&centre) {
        out.push(centre);
    }
    out.sort_unstable();
    out
}

/// File letters under and rank numbers left of a square grid.
fn coordinates(out: &mut String, f: &Frame, rows: u16, cols: u16) {
    let size = px(0.22 * SCALE);
    // The baseline of the file letters: below the grid, or above it when
    // the board is turned.
    let under = match f.flip {
        false => f.y(-0.5) + 0.2 * SCALE,
        true => f.y(-0.5) - 0.04 * SCALE,
    };
    for c in 0..cols {
        let _ = writeln!(
            out,
            r##"<text class="coord" x="{}" y="{}" text-anchor="middle" font-size="{size}" fill="#6b5433">{}</text>"##,
            px(f.x(f64::from(c))),
            px(under),
            crate::board::geometry::letters(u32::from(c))
        );
    }
    for r in 0..rows {
        let _ = writeln!(
            out,
            r##"<text class="coord" x="{}" y="{}" text-anchor="middle" font-size="{size}" fill="#6b5433">{}</text>"##,
            px(f.x(-0.5) - f.sign() * 0.12 * SCALE),
            px(f.y(f64::from(r)) + 0.08 * SCALE),
            r + 1
        );
    }
}

/// The mark of a marked region at each site (`~` for water), as
/// `ludic show` prints it on empty sites.
fn region_marks(st: &State) -> Vec<Option<String>> {
    let g = &**st.game();
    (0..g.board.len())
        .map(|site| {
            g.region_marks
                .iter()
                .enumerate()
                .find_map(|(r, m)| m.as_ref().filter(|_| g.regions[r][0][site]))
                .cloned()
        })
        .collect()
}

/// The pieces of the stack at `s`, bottom first (discs, or each kind's
/// picture with `pictures`), with its height and the marks of the roles
/// that hold there.
fn stack(out: &mut String, st: &State, s: Site, (cx, cy): (f64, f64), pictures: bool) {
    let game = st.game();
    let pieces = st.stack(s);
    if pieces.is_empty() {
        return;
    }
    let h = pieces.len();
    let shown = h.min(MAX_DISCS);
    let r = 0.36 * SCALE;
    // Pictures are spread further apart so that every level's owner
    // shows, within half a cell for the tallest pile.
    let level = match (pictures, shown) {
        (true, 2..) => (0.5 / (shown as f64 - 1.0)).min(0.14),
        _ => LEVEL,
    };
    // The pile is centred on the site.
    let lift =
        |k: usize| cy + (shown as f64 - 1.0) * level * SCALE / 2.0 - k as f64 * level * SCALE;
    let owners: Vec<String> = pieces
        .iter()
        .map(|&p| game.players[usize::from(game.owner(p))].name.clone())
        .collect();
    let _ = write!(
        out,
        r#"<g class="stack" data-height="{h}"><title>{}</title>"#,
        escape(&owners.join(", "))
    );
    let top = usize::from(game.owner(pieces[h - 1]));
    let one_owner = pieces.iter().all(|&p| usize::from(game.owner(p)) == top);
    let picture_of = |p| {
        game.kind_pictures
            .get(usize::from(game.kind(p)))
            .and_then(|n| n.as_deref())
            .unwrap_or("disc")
    };
    // A draughts king: a stack of two men of one owner, crowned.
    let crowned = pictures && h == 2 && one_owner && picture_of(pieces[1]) == "man";
    for (k, &p) in pieces[h - shown..].iter().enumerate() {
        let owner = usize::from(game.owner(p));
        let (fill, ink) = player_colour(&game.players[owner].name, owner);
        if pictures {
            let piece = pictures::Piece {
                picture: picture_of(p),
                owner,
                fill,
                ink,
                crowned: crowned && k == shown - 1,
                file: game
                    .kind_svgs
                    .get(usize::from(game.kind(p)))
                    .and_then(|s| s.as_deref()),
            };
            pictures::draw(out, &piece, (cx, lift(k)), r * 1.15);
            continue;
        }
        let _ = write!(
            out,
            r##"<circle class="piece p{owner}" cx="{}" cy="{}" r="{}" fill="{fill}" stroke="#555555" stroke-width="1.5"/>"##,
            px(cx),
            px(lift(k)),
            px(r)
        );
    }
    let (_, ink) = player_colour(&game.players[top].name, top);
    let marks: Vec<&str> = st
        .roles_at(s)
        .into_iter()
        .filter_map(|name| {
            game.roles
                .iter()
                .find(|r| r.name == name)
                .and_then(|r| r.mark.as_deref())
        })
        .collect();
    if !marks.is_empty() {
        let _ = write!(
            out,
            r##"<circle class="role" cx="{}" cy="{}" r="{}" fill="none" stroke="#e67e22" stroke-width="3"/>"##,
            px(cx),
            px(lift(shown - 1)),
            px(r * 0.62)
        );
    }
    let text = match (h, marks.concat()) {
        (1, m) => m,
        (2, m) if crowned => m,
        (h, m) => format!("{h}{m}"),
    };
    if !text.is_empty() {
        let _ = write!(
            out,
            r#"<text class="height" x="{}" y="{}" text-anchor="middle" font-size="{}" font-weight="bold" fill="{ink}">{}</text>"#,
            px(cx),
            px(lift(shown - 1) + 0.11 * SCALE),
            px(0.32 * SCALE),
            escape(&text)
        );
    }
    out.push_str("</g>");
}

#[cfg(test)]
mod tests;

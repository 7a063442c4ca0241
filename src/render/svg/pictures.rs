//! The built-in pictures of pieces, drawn for this project: a chess set,
//! a draughts man (crowned on a stack of two: a draughts king), Go and
//! Othello stones, flat discs, an amazon and its arrow, a tafl king,
//! noughts and crosses, and a few more the shipped games use.
//!
//! A rule file names a kind's picture (`(piece "King" picture:"king")`);
//! each picture is drawn in a square of side 2 centred on the origin
//! (y down), scaled to the piece's radius, in its owner's colour with a
//! dark outline and details in the colour that reads on it.

use std::fmt::Write;

use super::px;

/// The names of the built-in pictures.
pub const PICTURES: &[&str] = &[
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "king",
    "man",
    "disc",
    "stone",
    "amazon",
    "arrow",
    "tafl-king",
    "mark",
    "bomb",
    "fox",
    "goose",
    "seed",
    "bridge",
    "bar",
    "box",
];

/// The base every chess piece stands on.
const BASE: &str = "M-0.6,0.88 H0.6 V0.66 H-0.6 Z";

/// How one piece is drawn.
pub struct Piece<'a> {
    /// The picture's name (one of [`PICTURES`]; another draws a disc).
    pub picture: &'a str,
    /// The owner's seat.
    pub owner: usize,
    /// The owner's colour and the colour of details drawn on it.
    pub fill: &'a str,
    /// The colour of details drawn on `fill`.
    pub ink: &'a str,
    /// Draw a crown on it (a draughts man topping a stack of two).
    pub crowned: bool,
    /// The SVG text of a picture from a file beside the rule file
    /// (`picture` is then the file's name): drawn as an image, never as
    /// markup.
    pub file: Option<&'a str>,
}

/// Writes `p` centred on `(cx, cy)` pixels with radius `r` pixels, as a
/// `<g class="piece pN" data-picture="…">`.
pub fn draw(out: &mut String, p: &Piece, (cx, cy): (f64, f64), r: f64) {
    let (fill, ink) = (p.fill, p.ink);
    let _ = write!(
        out,
        r##"<g class="piece p{}" data-picture="{}" transform="translate({},{}) scale({})" fill="{fill}" stroke="#333333" stroke-width="{}" stroke-linejoin="round">"##,
        p.owner,
        super::escape(p.picture),
        px(cx),
        px(cy),
        px(r),
        px(1.6 / r),
    );
    let path = |d: &str| format!(r#"<path d="{d}"/>"#);
    let circle = |x: f64, y: f64, rr: f64| format!(r#"<circle cx="{x}" cy="{y}" r="{rr}"/>"#);
    let detail = |d: &str| format!(r#"<path d="{d}" fill="none" stroke="{ink}"/>"#);
    if let Some(svg) = p.file {
        out.push_str(&file_picture(svg, fill));
        out.push_str("</g>");
        return;
    }
    let body = match p.picture {
        "pawn" => [
            path(BASE),
            path("M-0.45,0.66 Q-0.4,0.35 -0.18,0.2 L-0.22,-0.02 H0.22 L0.18,0.2 Q0.4,0.35 0.45,0.66 Z"),
            circle(0.0, -0.32, 0.3),
        ]
        .concat(),
        "rook" => [
            path(BASE),
            path("M-0.45,0.66 L-0.36,-0.28 H-0.5 V-0.78 H-0.3 V-0.6 H-0.1 V-0.78 H0.1 V-0.6 H0.3 V-0.78 H0.5 V-0.28 H0.36 L0.45,0.66 Z"),
            detail("M-0.36,-0.28 H0.36"),
        ]
        .concat(),
        "bishop" => [
            path(BASE),
            path("M-0.3,0.66 Q-0.62,0.05 0,-0.68 Q0.62,0.05 0.3,0.66 Z"),
            circle(0.0, -0.8, 0.13),
            detail("M0.02,-0.32 L0.22,-0.02"),
        ]
        .concat(),
        "knight" => [
            path(BASE),
            path("M-0.42,0.66 Q0.0,0.25 -0.05,-0.05 Q-0.3,0.1 -0.55,0.15 L-0.72,-0.02 Q-0.55,-0.5 -0.2,-0.68 L-0.15,-0.88 L0.05,-0.7 Q0.6,-0.55 0.55,0.66 Z"),
            circle(-0.18, -0.42, 0.06),
        ]
        .concat(),
        "queen" => [
            path(BASE),
            path("M-0.5,0.66 L-0.75,-0.45 L-0.4,0.05 L-0.38,-0.62 L-0.12,0.0 L0,-0.72 L0.12,0.0 L0.38,-0.62 L0.4,0.05 L0.75,-0.45 L0.5,0.66 Z"),
            circle(-0.75, -0.5, 0.09),
            circle(-0.38, -0.68, 0.09),
            circle(0.0, -0.78, 0.09),
            circle(0.38, -0.68, 0.09),
            circle(0.75, -0.5, 0.09),
        ]
        .concat(),
        "king" => [
            path(BASE),
            path("M-0.5,0.66 Q-0.85,-0.1 -0.3,-0.3 L0,-0.38 L0.3,-0.3 Q0.85,-0.1 0.5,0.66 Z"),
            path("M-0.07,-0.38 V-0.62 H-0.2 V-0.74 H-0.07 V-0.92 H0.07 V-0.74 H0.2 V-0.62 H0.07 V-0.38 Z"),
            detail("M-0.45,0.3 Q0,0.15 0.45,0.3"),
        ]
        .concat(),
        "amazon" => [
            path(BASE),
            path("M-0.5,0.66 L-0.7,-0.55 L-0.28,-0.05 L0,-0.7 L0.28,-0.05 L0.7,-0.55 L0.5,0.66 Z"),
            circle(0.0, -0.8, 0.12),
            detail("M-0.45,0.3 Q0,0.15 0.45,0.3"),
        ]
        .concat(),
        "man" => [
            circle(0.0, 0.0, 0.9),
            format!(
                r#"<circle r="0.62" fill="none" stroke="{ink}"/><circle r="0.34" fill="none" stroke="{ink}"/>"#
            ),
        ]
        .concat(),
        "stone" => [
            circle(0.0, 0.0, 0.88),
            r##"<circle cx="-0.3" cy="-0.32" r="0.22" fill="#ffffff" fill-opacity="0.35" stroke="none"/>"##.to_string(),
        ]
        .concat(),
        "arrow" => [
            path("M-0.72,-0.72 H0.72 V0.72 H-0.72 Z"),
            detail("M-0.5,-0.5 L0.5,0.5 M0.5,-0.5 L-0.5,0.5"),
        ]
        .concat(),
        "tafl-king" => [
            circle(0.0, 0.0, 0.88),
            detail("M0,-0.6 V0.6 M-0.6,0 H0.6"),
        ]
        .concat(),
        "mark" => mark(p.owner, fill),
        "bomb" => [
            circle(0.0, 0.15, 0.7),
            path("M0.35,-0.4 L0.5,-0.62 L0.62,-0.5 L0.45,-0.3 Z"),
            r##"<path d="M0.56,-0.56 Q0.7,-0.85 0.9,-0.8" fill="none"/><circle cx="0.9" cy="-0.8" r="0.1" fill="#f39c12"/>"##.to_string(),
        ]
        .concat(),
        "fox" => [
            path("M-0.78,-0.8 L-0.3,-0.35 H0.3 L0.78,-0.8 L0.62,0.1 L0,0.85 L-0.62,0.1 Z"),
            format!(
                r#"<circle cx="-0.25" cy="-0.05" r="0.08" fill="{ink}"/><circle cx="0.25" cy="-0.05" r="0.08" fill="{ink}"/><circle cy="0.6" r="0.1" fill="{ink}"/>"#
            ),
        ]
        .concat(),
        "goose" => [
            path("M-0.65,0.3 Q-0.6,0.82 0.1,0.82 Q0.85,0.8 0.78,0.25 Q0.55,-0.05 0.0,0.12 L-0.15,-0.55 Q-0.25,-0.88 -0.48,-0.72 L-0.85,-0.58 L-0.45,-0.5 L-0.38,0.1 Q-0.65,0.15 -0.65,0.3 Z"),
            format!(r#"<circle cx="-0.3" cy="-0.62" r="0.06" fill="{ink}"/>"#),
        ]
        .concat(),
        "seed" => r#"<ellipse rx="0.55" ry="0.36" transform="rotate(-30)"/>"#.to_string(),
        "bridge" => [
            path("M-0.85,0.5 V-0.2 Q0,-0.75 0.85,-0.2 V0.5 H0.45 Q0.4,0 0,0 Q-0.4,0 -0.45,0.5 Z"),
        ]
        .concat(),
        "bar" => path("M-0.55,-0.55 H0.55 V0.55 H-0.55 Z"),
        "box" => path("M-0.85,-0.85 H0.85 V0.85 H-0.85 Z"),
        // "disc" and anything else: a flat disc with a rim.
        _ => [
            circle(0.0, 0.0, 0.88),
            format!(r#"<circle r="0.66" fill="none" stroke="{ink}" stroke-opacity="0.5"/>"#),
        ]
        .concat(),
    };
    out.push_str(&body);
    if p.crowned {
        out.push_str(r##"<path d="M-0.42,0.22 L-0.5,-0.32 L-0.22,-0.05 L0,-0.42 L0.22,-0.05 L0.5,-0.32 L0.42,0.22 Z" fill="#d4a017"/>"##);
    }
    out.push_str("</g>");
}

/// A cross for the first seat, a nought for the second, a triangle for
/// the others: a thick stroke in the owner's colour on a dark one.
fn mark(owner: usize, fill: &str) -> String {
    let d = match owner {
        0 => "M-0.6,-0.6 L0.6,0.6 M0.6,-0.6 L-0.6,0.6",
        1 => "M0,-0.62 A0.62,0.62 0 1 1 0,0.62 A0.62,0.62 0 1 1 0,-0.62 Z",
        _ => "M0,-0.65 L0.62,0.5 H-0.62 Z",
    };
    format!(
        r##"<path d="{d}" fill="none" stroke="#333333" stroke-width="0.42" stroke-linecap="round"/><path d="{d}" fill="none" stroke="{fill}" stroke-width="0.26" stroke-linecap="round"/>"##
    )
}

/// A picture from a file: a ring in the owner's colour (so that the
/// owner shows whatever the file draws) under the file's SVG as an image
/// from a `data:` address, its `currentColor` the owner's colour.
fn file_picture(svg: &str, fill: &str) -> String {
    format!(
        r#"<circle r="0.92" fill="none" stroke="{fill}" stroke-width="0.14"/><image href="{}" x="-0.8" y="-0.8" width="1.6" height="1.6"/>"#,
        crate::compile::picture_file::data_url(svg, fill)
    )
}

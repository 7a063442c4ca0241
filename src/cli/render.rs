//! `ludic render`: a position as an SVG picture, drawn as `ludic serve`'s
//! page draws it (pictures, the game's own coordinates, goal edges), or
//! plain (`--plain`).

use super::util::{Fail, PositionArgs};
use crate::serve::notes::RuleNotes;
use clap::Args;
use ludic::render::svg::{SvgOptions, board_svg};

/// `ludic render`'s arguments.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Write the picture to this SVG file (`-` for stdout).
    #[arg(long, value_name = "FILE")]
    svg: String,
    /// Write each site's notation label in it.
    #[arg(long)]
    labels: bool,
    /// Draw as before the page's drawing: plain discs for pieces, and
    /// letters and numbers round every square grid (the default draws
    /// as `ludic serve`'s page: each kind's picture, the game's own
    /// coordinates, goal edges).
    #[arg(long)]
    plain: bool,
    /// Turn the board half round (the second player's view).
    #[arg(long)]
    flip: bool,
    /// Overwrite the --svg file if it exists.
    #[arg(long)]
    force: bool,
}

/// Runs `ludic render`.
pub fn run(a: &RenderArgs) -> Result<i32, Fail> {
    let path = std::path::Path::new(&a.svg);
    if a.svg != "-" {
        super::output::refuse_existing(path, a.force, "--svg")?;
    }
    let st = a.pos.state()?;
    // The page's drawing (src/serve/session/view.rs): the game's own
    // notation, its pictures, each player's goal edges from the rule
    // file's `(win)` conditions.
    let page = !a.plain;
    let goals = match page {
        true => {
            RuleNotes::read(&a.pos.game.file).map_or_else(Vec::new, |n| n.goal_sites(st.game()))
        }
        false => Vec::new(),
    };
    let opts = SvgOptions {
        labels: a.labels,
        notation: page,
        pictures: page,
        goals,
        flip: a.flip,
        ..SvgOptions::default()
    };
    let svg = board_svg(&st, &opts);
    if a.svg == "-" {
        print!("{svg}");
    } else {
        super::output::write_new(path, a.force, "--svg", &svg)?;
    }
    Ok(0)
}

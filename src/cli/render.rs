//! `ludic render`: a position as an SVG picture.

use super::util::{Fail, PositionArgs};
use crate::render::svg::{SvgOptions, board_svg};
use clap::Args;

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
    let opts = SvgOptions {
        labels: a.labels,
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

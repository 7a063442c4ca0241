//! The command line: `check`, `options`, `show`, `moves`,
//! `perft`, `playout`, `play`, `replay`, `analyze`, `explore`. Every command takes a rule file's
//! path or a shipped game's name, and `--set NAME=VALUE` toggles.

mod analyze;
mod explore;
mod fmt;
mod list;
mod output;
mod play;
mod playout;
mod render;
mod replay;
mod rules;
mod util;

use clap::{Parser, Subcommand};
use util::{Fail, GameArgs, PositionArgs};

/// A declarative rules interpreter for board games.
#[derive(Debug, Parser)]
#[command(name = "ludic", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the shipped games: players and board.
    List,
    /// List the computer players (`--players` of play, playout, analyze).
    Players,
    /// A game's rules in prose: its description, players, board, toggles
    /// and how to type a move.
    Rules(GameArgs),
    /// Parse and check a rule file; print its diagnostics (exit 1 on error).
    Check(GameArgs),
    /// List the game's toggles with their types, defaults and descriptions.
    Options(GameArgs),
    /// Show a position: the initial one, or after --moves / from --fen or
    /// --position.
    Show {
        #[command(flatten)]
        pos: PositionArgs,
        /// Show each site's notation label instead of the pieces.
        #[arg(long)]
        labels: bool,
    },
    /// Draw a position as an SVG picture: the initial one, or after --moves
    /// / from --fen or --position.
    Render(render::RenderArgs),
    /// List the legal moves (whole turns, in the game's notation).
    Moves(PositionArgs),
    /// Count the leaves of the move tree, depth by depth up to DEPTH.
    ///
    /// A turn counts once per path; a finished game has nothing below it:
    /// every end rule is honoured except the two that depend on the game's
    /// history (draw-repetition and draw-no-progress), which published perft
    /// counts leave out. A position with more than 100,000 legal turns stops
    /// the count with an error.
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        /// Depth in turns (1 to 64).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        #[command(flatten)]
        opts: util::PerftOpts,
    },
    /// Random playouts: results, mean length, playouts per second.
    Playout(playout::PlayoutArgs),
    /// Play a game in the terminal: humans and/or computer players.
    Play(play::PlayArgs),
    /// Replay recorded games (PDN or trials) through the rules, move by move.
    Replay(replay::ReplayArgs),
    /// Print a rule file's snapshot: the rules as read (defines expanded,
    /// toggles applied), toggles, initial position, legal moves and a
    /// seeded random game.
    Snapshot {
        #[command(flatten)]
        game: GameArgs,
        /// Seed of the random game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Run rule scenarios (`FILE.scenarios`); exit 1 if one fails.
    Test {
        /// Scenario files (`games/NAME.scenarios`), or the names of games
        /// whose scenarios are in `games/` (`checkers`).
        #[arg(required = true)]
        files: Vec<String>,
        /// Run the scenarios against this game (a path or a shipped name)
        /// instead of the one on their `game:` line: to see that a
        /// variant's scenario fails on its base.
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
    },
    /// Print rule files in canonical layout; --check for CI, --write in place.
    Fmt(fmt::FmtArgs),
    /// Play many games between computer players and report win rates,
    /// game length, branching and end conditions; compare two settings.
    Analyze(analyze::AnalyzeArgs),
    /// Merge the partial results of `analyze --shard K/N --json` (one file
    /// per shard, every shard once) into the whole run's result; or the
    /// files of `explore --shard K/N --json FILE` into the whole
    /// exploration (one whole run's file alone: its report again).
    Merge {
        /// The shards' JSON files.
        #[arg(required = true)]
        files: Vec<String>,
        /// Print one JSON object (docs/json.md), as `analyze --json`.
        #[arg(long)]
        json: bool,
        /// explore: goals of the ranking (as `explore --want`).
        #[arg(long, value_name = "MEASURE=WEIGHT[:SHAPE]")]
        want: Vec<String>,
        /// explore: write the report into this folder.
        #[arg(long, value_name = "DIR")]
        report: Option<std::path::PathBuf>,
        /// explore: replace an existing report.
        #[arg(long)]
        force: bool,
    },
    /// Explore a game's toggles: a designed experiment (every combination,
    /// or a fraction of resolution V) whose cells each play many games,
    /// then quality measures, the toggles' effects and a ranking
    /// (docs/explore.md).
    Explore(explore::ExploreArgs),
    /// Serve a local web page (127.0.0.1) to play and watch any game: the
    /// shipped games and the rule files given, reloaded when they change.
    Serve(crate::serve::ServeArgs),
}

/// Runs the command line; returns the process exit code.
pub fn main() -> i32 {
    quiet_broken_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => clap_exit(e),
    };
    match run(cli) {
        Ok(code) => code,
        Err(Fail(msg)) => {
            // Input echoed in a message reaches the terminal escaped.
            eprintln!("{}", ludic::diag::visible(&msg));
            1
        }
    }
}

/// Ends the program on a command-line error as clap does, except that a
/// refused value clap quotes whole (`invalid value '…'`) is clipped
/// ([`ludic::diag::clip`]): a 10,000-character `--players` is not
/// printed back in full, twice.
fn clap_exit(e: clap::Error) -> ! {
    use clap::error::{ContextKind, ContextValue};
    let long = match e.get(ContextKind::InvalidValue) {
        Some(ContextValue::String(v)) if ludic::diag::clip(v).len() < v.len() => v.clone(),
        _ => e.exit(),
    };
    let text = e.render().to_string();
    eprint!("{}", clip_every(&text, &long));
    std::process::exit(e.exit_code());
}

/// `text` with every whole `word` in it, and every long piece of it
/// quoted between backquotes (a player spec of a list), clipped.
fn clip_every(text: &str, word: &str) -> String {
    let text = text.replace(word, &ludic::diag::clip(word));
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        match i % 2 == 1 && !part.contains("… (") {
            true => out.push_str(&ludic::diag::clip(part)),
            false => out.push_str(part),
        }
    }
    out
}

/// Output piped into a command that stops reading (`ludic perft … | head`)
/// ends the program quietly instead of with a panic message.
fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .unwrap_or("");
        if text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn run(cli: Cli) -> Result<i32, Fail> {
    match cli.command {
        Command::List => list::run(),
        Command::Players => {
            print!("{}", ludic::players::PLAYERS_HELP);
            Ok(0)
        }
        Command::Rules(g) => rules::run(&g),
        Command::Check(g) => util::check(&g),
        Command::Options(g) => util::options(&g),
        Command::Show { pos, labels } => util::show(&pos, labels),
        Command::Render(a) => render::run(&a),
        Command::Moves(pos) => util::moves(&pos),
        Command::Perft { pos, depth, opts } => util::perft(&pos, depth, &opts),
        Command::Playout(a) => playout::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Replay(a) => replay::run(&a),
        Command::Snapshot { game, seed } => util::snapshot(&game, seed),
        Command::Test { files, game } => util::scenarios(&files, game.as_deref()),
        Command::Fmt(a) => fmt::run(&a),
        Command::Analyze(a) => analyze::run(&a),
        Command::Merge {
            files,
            json,
            want,
            report,
            force,
        } => {
            if files.first().is_some_and(|f| explore::is_explore_file(f)) {
                explore::merge_files(&files, json, &want, report.as_deref(), force)
            } else if !want.is_empty() || report.is_some() {
                Err(Fail(
                    "merge: --want and --report are for `explore` files".into(),
                ))
            } else {
                analyze::merge(&files, json)
            }
        }
        Command::Explore(a) => explore::run(&a),
        Command::Serve(a) => crate::serve::run(&a).map_err(Fail),
    }
}

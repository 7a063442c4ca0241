//! `ludic play`: a game in the terminal between humans and computer
//! players, optionally recorded as a trial (and as PDN when the game's
//! sites have number labels and it has two players).

use super::util::{Fail, PositionArgs, describe_outcome};
use crate::board::Labels;
use crate::engine::{Outcome, State};
use crate::players::{Player, PlayerSpec, Turns, seeded_rng};
use crate::record::pdn::write_pdn;
use crate::record::trial::{Trial, TrialMove, TrialResult, write_trial};
use clap::Args;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Arguments of `ludic play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Who plays first: human, random, mc[:PLAYOUTS], mcts[:ITERATIONS]
    /// or mcts:SECONDSs.
    #[arg(long, default_value = "human", value_name = "PLAYER")]
    p1: PlayerSpec,
    /// Who plays second (same choices as --p1).
    #[arg(long, default_value = "random", value_name = "PLAYER")]
    p2: PlayerSpec,
    /// Who plays the sides after the second, in games with more players
    /// (repeatable; defaults to --p2).
    #[arg(long = "pn", value_name = "PLAYER")]
    more: Vec<PlayerSpec>,
    /// Seed of the computer players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game to this file as a trial; games whose sites have
    /// number labels are also written as PDN, beside it with the
    /// extension `.pdn`.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Stop after this many turns (the record says `unfinished`).
    #[arg(long, default_value_t = 10_000)]
    max_turns: u32,
    /// Print the moves and the result only, not the board.
    #[arg(long)]
    quiet: bool,
}

impl PlayArgs {
    fn spec(&self, side: usize) -> PlayerSpec {
        match side {
            0 => self.p1,
            1 => self.p2,
            n => self.more.get(n - 2).copied().unwrap_or(self.p2),
        }
    }
}

/// Runs the command.
pub fn run(a: &PlayArgs) -> Result<i32, Fail> {
    let mut start = a.pos.state()?;
    let prefix: Vec<String> = a
        .pos
        .moves
        .iter()
        .flat_map(|s| s.split_whitespace())
        .map(String::from)
        .collect();
    let n = start.game().num_players();
    let specs: Vec<PlayerSpec> = (0..n).map(|s| a.spec(s)).collect();
    let mut players: Vec<Option<Box<dyn Player>>> = specs
        .iter()
        .enumerate()
        .map(|(s, spec)| spec.build(seeded_rng(a.seed, 0, s)))
        .collect();
    // The record starts from the FEN, the position text or the initial
    // position: the moves of --moves come first, in their full form.
    let mut moves = Vec::new();
    let mut first = a.pos.start(start.game().clone())?;
    for m in &prefix {
        let t = first.play_str(m).map_err(|e| Fail(e.to_string()))?;
        moves.push(first.turn_to_string(&t));
    }
    if specs.iter().any(PlayerSpec::is_human) {
        println!(
            "Sites are written like this:\n{}",
            crate::render::render_labels(&start)
        );
        println!("Type a move in the game's notation, `moves` to list them, `quit` to stop.");
    }
    let outcome = game_loop(a, &mut start, &mut players, &mut moves)?;
    match outcome {
        Some(o) => println!("Game over: {}", describe_outcome(&start, &o)),
        None => println!("Stopped after {} turns.", start.turns()),
    }
    if let Some(path) = &a.record {
        record(a, &start, &specs, &moves, outcome, path)?;
    }
    Ok(0)
}

/// Plays until the game ends, a human quits or the turn limit; returns
/// the outcome (`None`: stopped).
fn game_loop(
    a: &PlayArgs,
    st: &mut State,
    players: &mut [Option<Box<dyn Player>>],
    moves: &mut Vec<String>,
) -> Result<Option<Outcome>, Fail> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut turns = Turns::new();
    let mut played = 0;
    loop {
        if !a.quiet {
            print!("\n{st}");
        }
        turns.fill(st);
        if turns.is_empty() {
            return Ok(st.outcome());
        }
        if played >= a.max_turns {
            return Ok(None);
        }
        let who = st.current_player() as usize;
        let name = st.game().players[who].name.clone();
        let turn = match &mut players[who] {
            Some(p) => turns.get(p.choose(st, &turns)).to_vec(),
            None => match human_turn(st, &name, &mut lines)? {
                Some(t) => t,
                None => return Ok(None),
            },
        };
        let text = st.turn_to_string(&turn);
        println!("{name} plays {text}");
        st.play_turn(&turn);
        moves.push(text);
        played += 1;
    }
}

/// Reads moves until a legal one is typed; `None` on `quit` or end of input.
fn human_turn(
    st: &State,
    name: &str,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Result<Option<Vec<crate::engine::Move>>, Fail> {
    loop {
        print!("{name}> ");
        std::io::stdout().flush().map_err(|e| Fail(e.to_string()))?;
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        let line = line.map_err(|e| Fail(e.to_string()))?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" => return Ok(None),
            "moves" | "?" | "help" => println!("legal: {}", st.legal_turn_strings().join(" ")),
            m => match st.parse_steps(m) {
                Ok(t) => return Ok(Some(t)),
                Err(e) => println!("{e}"),
            },
        }
    }
}

/// Writes the trial, and the PDN when the sites have number labels.
fn record(
    a: &PlayArgs,
    end: &State,
    specs: &[PlayerSpec],
    moves: &[String],
    outcome: Option<Outcome>,
    path: &Path,
) -> Result<(), Fail> {
    let game = end.game();
    let pdn_path = path.with_extension("pdn");
    let trial_path = if pdn_path == path {
        path.with_extension("trial")
    } else {
        path.to_path_buf()
    };
    let trial = Trial {
        game: a.pos.game.file.clone(),
        title: Some(game.name.clone()),
        sets: game
            .toggles
            .iter()
            .map(|t| (t.name.clone(), t.value.to_string()))
            .collect(),
        seed: Some(a.seed),
        players: specs.iter().map(ToString::to_string).collect(),
        start: a.pos.fen.clone(),
        position: a.pos.position.clone(),
        moves: moves
            .iter()
            .map(|m| TrialMove {
                text: m.clone(),
                line: 0,
            })
            .collect(),
        result: TrialResult::from_outcome(outcome),
    };
    write_file(&trial_path, &write_trial(&trial))?;
    println!("Recorded the game in {}", trial_path.display());
    if game.board.labels() == Labels::Numbers && game.num_players() == 2 {
        record_pdn(a, end, specs, moves, outcome, &pdn_path)?;
    }
    Ok(())
}

/// Writes the game as PDN, with the starting position as FEN when it is
/// not the initial one (skipped when FEN cannot describe it).
fn record_pdn(
    a: &PlayArgs,
    end: &State,
    specs: &[PlayerSpec],
    moves: &[String],
    outcome: Option<Outcome>,
    path: &Path,
) -> Result<(), Fail> {
    let game = end.game();
    let start = match (&a.pos.fen, &a.pos.position) {
        (Some(fen), _) => Some(fen.clone()),
        (None, Some(_)) => match a.pos.start(game.clone())?.to_fen() {
            Some(fen) => Some(fen),
            None => {
                println!("(not written as PDN: FEN cannot describe the starting position)");
                return Ok(());
            }
        },
        (None, None) => None,
    };
    let mut tags = vec![("Event".to_string(), format!("ludic play: {}", game.name))];
    for (p, spec) in game.players.iter().zip(specs) {
        if p.name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            tags.push((p.name.clone(), spec.to_string()));
        }
    }
    let result = match outcome {
        Some(Outcome::Win(0, _)) => "1-0",
        Some(Outcome::Win(_, _)) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        None => "*",
    };
    tags.push(("Result".into(), result.into()));
    if let Some(fen) = start {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), fen));
    }
    write_file(path, &write_pdn(&tags, moves, result))?;
    println!("and as PDN in {}", path.display());
    Ok(())
}

fn write_file(path: &Path, text: &str) -> Result<(), Fail> {
    std::fs::write(path, text).map_err(|e| Fail(format!("{}: {e}", path.display())))
}

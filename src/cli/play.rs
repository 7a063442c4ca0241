//! `ludic play`: a game in the terminal between humans and random players.

use super::util::{Fail, PositionArgs, describe_outcome};
use crate::engine::State;
use clap::{Args, ValueEnum};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Write};

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayerKind {
    /// Moves typed in the game's notation.
    Human,
    /// A uniformly random legal turn.
    Random,
}

/// Arguments of `ludic play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Who plays first.
    #[arg(long, value_enum, default_value = "human")]
    p1: PlayerKind,
    /// Who plays second.
    #[arg(long, value_enum, default_value = "random")]
    p2: PlayerKind,
    /// Seed of the random players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs the command.
pub fn run(a: &PlayArgs) -> Result<i32, Fail> {
    let mut st = a.pos.state()?;
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!(
        "Sites are written like this:\n{}",
        crate::render::render_labels(&st)
    );
    println!("Type a move in the game's notation, `moves` to list them, `quit` to stop.");
    loop {
        print!("\n{st}");
        if let Some(o) = st.outcome() {
            println!("Game over: {}", describe_outcome(&st, &o));
            return Ok(0);
        }
        let kind = if st.current_player() == 0 { a.p1 } else { a.p2 };
        let done = match kind {
            PlayerKind::Random => random_turn(&mut st, &mut rng),
            PlayerKind::Human => human_turn(&mut st, &mut lines)?,
        };
        if !done {
            println!("Stopped.");
            return Ok(0);
        }
    }
}

fn random_turn(st: &mut State, rng: &mut ChaCha8Rng) -> bool {
    let turns = st.legal_turns();
    if turns.is_empty() {
        return false;
    }
    let t = &turns[rng.random_range(0..turns.len())];
    println!(
        "{} plays {}",
        st.game().players[st.current_player() as usize].name,
        st.turn_to_string(t)
    );
    st.play_turn(t);
    true
}

/// Reads moves until a legal one is played; false on `quit` or end of input.
fn human_turn(
    st: &mut State,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Result<bool, Fail> {
    loop {
        print!("{}> ", st.game().players[st.current_player() as usize].name);
        std::io::stdout().flush().map_err(|e| Fail(e.to_string()))?;
        let Some(line) = lines.next() else {
            return Ok(false);
        };
        let line = line.map_err(|e| Fail(e.to_string()))?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" => return Ok(false),
            "moves" | "?" | "help" => println!("legal: {}", st.legal_turn_strings().join(" ")),
            m => match st.play_str(m) {
                Ok(_) => return Ok(true),
                Err(e) => println!("{e}"),
            },
        }
    }
}

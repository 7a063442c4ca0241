//! `ludic play`: a game in the terminal between humans and computer
//! players, optionally recorded (a trial, or PDN for a `.pdn` file) as the
//! game goes.
//!
//! At the prompt a human types a move in the game's notation or a command
//! (`help`, `moves`, `hint`, `undo`, `board`, `save FILE`, `quit`). When
//! standard input and output are terminals the prompt has line editing and
//! history (rustyline); otherwise (piped input) lines are read as bytes. A
//! line that is not UTF-8 or is too long is refused and the game goes on.

mod input;
mod record;

use super::util::{Fail, PositionArgs, describe_outcome};
use clap::Args;
use input::{Line, read_line};
use ludic::board::Labels;
use ludic::compile::Game;
use ludic::engine::notation_sites;
use ludic::engine::{IllegalMove, Move, Outcome, State};
use ludic::players::{Agent, Budget, PlayerSpec, Turns, seeded_rng};
use ludic::record::trial::{Trial, TrialResult};
use record::{Format, Header, LiveRecord};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `ludic play`.
#[derive(Debug, Args)]
#[command(
    after_help = "At the prompt: a move in the game's notation, or help, moves, \
hint (the --hint player's suggestion), undo (back to your previous turn), board, \
save FILE, quit. By default you play first against MCTS with one second a move; \
the first lines say who plays each side."
)]
pub struct PlayArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Who plays first: human, random, greedy, ab[:DEPTH|:TIME],
    /// mc[:PLAYOUTS|:TIME], mcts[:ITERATIONS|:TIME][,cut=TURNS][,eps=CHANCE]
    /// (TIME such as 2s or 500ms; `ludic players` describes each).
    #[arg(long, default_value = "human", value_name = "PLAYER")]
    p1: PlayerSpec,
    /// Who plays second (same choices as --p1). The default is Monte Carlo
    /// tree search with one second a move.
    #[arg(long, default_value = "mcts:1s", value_name = "PLAYER")]
    p2: PlayerSpec,
    /// Who plays the sides after the second, in games with more players
    /// (repeatable; defaults to --p2).
    #[arg(long = "pn", value_name = "PLAYER")]
    more: Vec<PlayerSpec>,
    /// The player that answers `hint` at the prompt.
    #[arg(long, default_value = "mcts:1s", value_name = "PLAYER")]
    hint: PlayerSpec,
    /// Seed of the computer players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game to FILE as it goes, each turn when it is played: PDN
    /// when FILE ends in `.pdn` (games with numbered sites and two
    /// players), a trial otherwise. Repeatable; only the files named are
    /// written, and an existing file is refused unless --force.
    #[arg(long, value_name = "FILE")]
    record: Vec<PathBuf>,
    /// Overwrite the --record files if they exist.
    #[arg(long)]
    force: bool,
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
    let st = a.pos.state_seeded(Some(a.seed))?;
    let game = st.game().clone();
    let n = game.num_players();
    let specs: Vec<PlayerSpec> = (0..n).map(|s| a.spec(s)).collect();
    let players: Vec<Option<Box<dyn Agent>>> = specs
        .iter()
        .enumerate()
        .map(|(s, spec)| spec.build(seeded_rng(a.seed, 0, s)))
        .collect();
    // The record starts from the FEN, the position text or the initial
    // position: the moves of --moves come first, in their full form.
    let mut moves = Vec::new();
    let mut befores = Vec::new();
    let mut first = a.pos.start_seeded(game.clone(), Some(a.seed))?;
    for m in a.pos.moves.iter().flat_map(|s| s.split_whitespace()) {
        befores.push(first.clone());
        let t = ludic::record::roll::parse_turn(&first, m).map_err(|e| Fail(e.to_string()))?;
        first.play_turn(&t);
        moves.push(first.turn_to_string(&t));
    }
    let header = header(a, &game, &specs)?;
    let records = open_records(a, &header, &moves)?;
    let human = specs.iter().any(PlayerSpec::is_human);
    if !a.quiet {
        for (p, spec) in game.players.iter().zip(&specs) {
            println!("{} ({}): {}", p.name, p.letter, describe_spec(spec));
        }
    }
    // The notation's help, for a human (`--quiet`: moves and result
    // only; `help` at the prompt still shows the commands).
    if human && !a.quiet {
        println!(
            "\nSites are written like this:\n{}",
            ludic::render::render_labels(&st)
        );
        println!("{}", notation_help(&st));
        println!("Type a move, or `help` for the commands (moves, hint, undo, save FILE, quit).");
    }
    let stdin = std::io::stdin();
    let first_turn = st.turns();
    let mut session = TerminalGame {
        a,
        specs,
        players,
        hint: None,
        st,
        moves,
        befores,
        partial: Vec::new(),
        partial_start: None,
        records,
        header,
        legend: if human { legend(&game) } else { String::new() },
        input: Input::new(stdin.lock()),
        first_turn,
    };
    let outcome = session.game_loop()?;
    let st = &session.st;
    match outcome {
        // The rule that ended it in words, as the web page says it
        // (src/render/notes.rs); a ranking lists every seat's place.
        Some(o @ Outcome::Ranked(..)) => println!("Game over: {}", describe_outcome(st, &o)),
        Some(o) => {
            let notes = crate::serve::notes::RuleNotes::read(&session.a.pos.game.file);
            println!("{}", crate::serve::notes::ended(st, &o, notes.as_ref()));
        }
        None => match session.turns_played() {
            1 => println!("Stopped after 1 turn."),
            n => println!("Stopped after {n} turns."),
        },
    }
    let mut first = true;
    for r in &mut session.records {
        r.finish(&session.header, &session.moves, outcome)?;
        let lead = if first {
            "Recorded the game in"
        } else {
            "and in"
        };
        println!("{lead} {}", r.path().display());
        first = false;
    }
    Ok(0)
}

/// The record's header: the trial's lines and the PDN tags (or why PDN
/// cannot hold this game).
fn header(a: &PlayArgs, game: &Game, specs: &[PlayerSpec]) -> Result<Header, Fail> {
    let trial = Trial {
        game: a.pos.game.file.clone(),
        title: Some(game.name.clone()),
        sets: Trial::sets_of(game),
        seed: Some(a.seed),
        players: specs.iter().map(ToString::to_string).collect(),
        start: a.pos.fen.clone(),
        position: a.pos.position.clone(),
        moves: Vec::new(),
        result: TrialResult::Unfinished,
        lines: Default::default(),
    };
    let pdn_tags = if game.board.labels() != Labels::Numbers {
        Err("this game's sites are not numbered".to_string())
    } else if game.num_players() != 2 {
        Err(format!("this game has {} players", game.num_players()))
    } else {
        let start = match (&a.pos.fen, &a.pos.position) {
            (Some(fen), _) => Ok(Some(fen.clone())),
            (None, Some(_)) => a
                .pos
                .start(std::sync::Arc::new(game.clone()))?
                .to_fen()
                .map(Some)
                .ok_or_else(|| "FEN cannot describe the starting position".to_string()),
            (None, None) => Ok(None),
        };
        start.map(|start| {
            let mut tags = vec![("Event".to_string(), format!("ludic play: {}", game.name))];
            for (p, spec) in game.players.iter().zip(specs) {
                if p.name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    tags.push((p.name.clone(), spec.to_string()));
                }
            }
            if let Some(fen) = start {
                tags.push(("SetUp".into(), "1".into()));
                tags.push(("FEN".into(), fen));
            }
            tags
        })
    };
    Ok(Header { trial, pdn_tags })
}

/// Creates the --record files, each checked before the first move: none is
/// created unless all can be.
fn open_records(a: &PlayArgs, header: &Header, moves: &[String]) -> Result<Vec<LiveRecord>, Fail> {
    let keys: Vec<_> = a
        .record
        .iter()
        .map(|p| super::output::file_key(p))
        .collect();
    for (i, p) in a.record.iter().enumerate() {
        if keys[..i].contains(&keys[i]) {
            return Err(Fail(format!("--record {}: named twice", p.display())));
        }
        if let (Format::Pdn, Err(why)) = (Format::of(p), &header.pdn_tags) {
            return Err(Fail(format!(
                "--record {}: a `.pdn` record is PDN, and {why}; name a `.trial` file instead",
                p.display()
            )));
        }
        if !a.force && p.exists() {
            return Err(Fail(format!(
                "--record {}: the file exists; give --force to overwrite it, or another name",
                p.display()
            )));
        }
    }
    let mut made = Vec::new();
    for p in &a.record {
        match LiveRecord::create(p, a.force, header, moves) {
            Ok(r) => made.push(r),
            Err(e) => {
                // None is left behind when one cannot be made (a missing
                // folder): the files made here were new or forced empty.
                for r in &made {
                    let _ = std::fs::remove_file(r.path());
                }
                return Err(e);
            }
        }
    }
    Ok(made)
}

/// "mcts:1s — Monte Carlo tree search, 1 s a move".
fn describe_spec(spec: &PlayerSpec) -> String {
    let what = match spec {
        PlayerSpec::Human => "you type the moves".to_string(),
        PlayerSpec::Random => "a uniformly random legal move (the weakest player)".to_string(),
        PlayerSpec::Mc(Budget::Iterations(n)) => {
            format!("flat Monte Carlo, {n} random games per legal move")
        }
        PlayerSpec::Mc(Budget::Time(d)) => {
            format!(
                "flat Monte Carlo, random games for {} s a move",
                d.as_secs_f64()
            )
        }
        PlayerSpec::Mcts(b, g) => {
            let budget = match b {
                Budget::Iterations(n) => format!("{n} iterations a move"),
                Budget::Time(d) => format!("{} s a move", d.as_secs_f64()),
            };
            let mut guide = String::new();
            if let Some(c) = g.cut {
                guide += &format!(", playouts cut after {c} turns and scored by the heuristic");
            }
            if g.eps_permille < 1000 {
                guide += &format!(
                    ", playout steps by the heuristic (random with chance {})",
                    g.eps()
                );
            }
            format!("Monte Carlo tree search, {budget}{guide}")
        }
        PlayerSpec::Greedy => "the best turn one ply ahead by the game's heuristic".to_string(),
        PlayerSpec::Ab(ludic::players::Depth::Plies(n)) => {
            format!("alpha-beta search, {n} turns deep")
        }
        PlayerSpec::Ab(ludic::players::Depth::Time(d)) => {
            format!("alpha-beta search, {} s a move", d.as_secs_f64())
        }
    };
    format!("{spec} — {what}")
}

/// How to type a move in this game, from the kinds of its moves, with an
/// example from the legal moves of `st`.
pub fn notation_help(st: &State) -> String {
    let mut out = super::rules::notation(st.game());
    // At nature's move the program rolls (a roll is never typed): the
    // example is a player's move after the first throw listed.
    let mut after = st.clone();
    let mut rolls = Vec::new();
    while after.is_chance_node() && rolls.len() < MAX_EXAMPLE_ROLLS {
        let Some((m, _)) = after.chance_outcomes().first().copied() else {
            break;
        };
        rolls.push(after.move_to_string(&m));
        after.play_turn(&[m]);
    }
    if let Some(m) = after.legal_turn_strings().first() {
        match rolls.is_empty() {
            true => out.push_str(&format!("\nA legal move here, for example: {m}")),
            false => out.push_str(&format!(
                "\nNature's throws are rolled for you (never typed); after {}, a legal move is, for example: {m}",
                rolls.join(" ")
            )),
        }
    }
    out
}

/// Most throws in a row played to find [`notation_help`]'s example.
const MAX_EXAMPLE_ROLLS: usize = 4;

/// What the letters and marks of the board mean in this game: built from
/// its players, stack limit, setup codes, roles and regions.
pub fn legend(game: &Game) -> String {
    let kind = if game.kinds.len() == 1 {
        game.kinds[0].as_str()
    } else {
        "piece"
    };
    let one: Vec<String> = game
        .players
        .iter()
        .map(|p| format!("{} = one {} {kind}", p.letter.to_ascii_lowercase(), p.name))
        .collect();
    let upper: Vec<String> = game
        .players
        .iter()
        .map(|p| p.letter.to_ascii_uppercase().to_string())
        .collect();
    let mut parts = vec![one.join(", ")];
    if game.stack_cap >= 2 {
        parts.push(format!(
            "{} = a stack of two, shown by the owner of its top piece",
            upper.join(", ")
        ));
    }
    if game.stack_cap >= 3 {
        parts.push(format!(
            "{}3 = a stack of 3 (the number is the height)",
            upper[0]
        ));
    }
    for (k, sym) in game.kinds.iter().zip(&game.kind_symbols) {
        if let Some(sym) = sym {
            parts.push(format!("{sym} = a piece of kind {k}, whoever owns it"));
        }
    }
    for (k, letter) in game.kinds.iter().zip(&game.kind_letters) {
        if let Some(l) = letter {
            parts.push(format!(
                "{}/{} = a {k} of {}/{}",
                l.to_ascii_uppercase(),
                l.to_ascii_lowercase(),
                game.players[0].name,
                game.players
                    .get(1)
                    .map_or("the others", |p| p.name.as_str())
            ));
        }
    }
    parts.push(". = an empty site".into());
    let mut out = format!("Legend: {}", parts.join("; "));
    if game.kinds.len() > 1 {
        out.push_str(&format!(
            "\n  pieces: {} (a letter shows the owner, not the kind; a kind with a symbol shows its symbol)",
            game.kinds.join(", ")
        ));
    }
    let codes: Vec<String> = game
        .codes
        .iter()
        .filter(|c| !c.prefix.is_empty())
        .map(|c| {
            format!(
                "{} = {} {} pieces stacked",
                c.prefix, c.count, game.kinds[c.kind as usize]
            )
        })
        .collect();
    if !codes.is_empty() {
        out.push_str(&format!(
            "\n  in position texts (--position, FEN): {}",
            codes.join(", ")
        ));
    }
    for r in &game.roles {
        if let Some(mark) = &r.mark {
            out.push_str(&format!(
                "\n  {mark} after a letter: the piece there is a {} (a role the rules compute from the position)",
                r.name
            ));
        }
    }
    for (i, m) in game.region_marks.iter().enumerate() {
        if let Some(mark) = m
            && game.regions[i][0].iter().any(|&b| b)
        {
            out.push_str(&format!(
                "\n  {mark} = an empty site of {}",
                game.region_names[i]
            ));
        }
    }
    out
}

/// What a human asked for at the prompt.
enum Act {
    /// Play these steps (a whole turn or its first steps).
    Steps(Vec<Move>),
    /// The position changed (undo): show it and ask again.
    Again,
    /// Stop the game.
    Quit,
}

/// Where the human's lines come from.
enum Input {
    /// Piped or redirected input, read as bytes.
    Plain(std::io::StdinLock<'static>),
    /// A terminal: line editing and history. Counts the errors in a row,
    /// so that a terminal that keeps failing ends the game.
    Editor(Box<rustyline::DefaultEditor>, u32),
}

impl Input {
    /// Line editing when standard input and output are terminals.
    fn new(stdin: std::io::StdinLock<'static>) -> Input {
        if std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal()
            && let Ok(ed) = rustyline::DefaultEditor::new()
        {
            return Input::Editor(Box::new(ed), 0);
        }
        Input::Plain(stdin)
    }

    /// Shows `prompt` and reads a line.
    fn read(&mut self, prompt: &str) -> Result<Line, Fail> {
        use rustyline::error::ReadlineError;
        match self {
            Input::Plain(r) => {
                print!("{prompt}");
                std::io::stdout().flush().map_err(|e| Fail(e.to_string()))?;
                read_line(r)
            }
            Input::Editor(ed, errors) => match ed.readline(prompt) {
                Ok(l) if l.len() > input::MAX_LINE => {
                    *errors = 0;
                    Ok(Line::Refused(format!(
                        "line refused: longer than {} KiB",
                        input::MAX_LINE / 1024
                    )))
                }
                Ok(l) => {
                    *errors = 0;
                    if !l.trim().is_empty() {
                        let _ = ed.add_history_entry(l.as_str());
                    }
                    Ok(Line::Text(l))
                }
                Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(Line::End),
                Err(e) => {
                    *errors += 1;
                    if *errors >= 3 {
                        return Err(Fail(format!("reading the terminal: {e}")));
                    }
                    Ok(Line::Refused(format!("line refused: {e}")))
                }
            },
        }
    }
}

/// A game in progress at the terminal (`ludic play`; the web page's is
/// `serve::session::Session`).
struct TerminalGame<'a> {
    a: &'a PlayArgs,
    specs: Vec<PlayerSpec>,
    players: Vec<Option<Box<dyn Agent>>>,
    /// The player that answers `hint`, built when first asked.
    hint: Option<Box<dyn Agent>>,
    st: State,
    /// The whole turns played, in the game's notation.
    moves: Vec<String>,
    /// The position before each of `moves`.
    befores: Vec<State>,
    /// The steps of a turn a human is playing step by step.
    partial: Vec<Move>,
    /// The position before `partial`.
    partial_start: Option<State>,
    records: Vec<LiveRecord>,
    header: Header,
    legend: String,
    input: Input,
    /// The game's turn count when the session began.
    first_turn: u32,
}

impl TerminalGame<'_> {
    /// Plays until the game ends, a human quits or the turn limit; returns
    /// the outcome (`None`: stopped).
    fn game_loop(&mut self) -> Result<Option<Outcome>, Fail> {
        let mut turns = Turns::new();
        // Nature's dice (docs/chance.md), from the session's seed.
        let mut nature = ludic::players::nature_rng(self.a.seed, 0);
        // The chance node where the current run of rolls began, and the
        // passes already named since.
        let mut roll_origin: Option<(State, usize)> = None;
        loop {
            if let Some(m) = self.st.sample_chance(&mut nature) {
                let who = self.st.current_player() as usize;
                println!("nature rolls {}", self.st.move_to_string(&m));
                let origin = roll_origin.get_or_insert_with(|| (self.st.clone(), 0));
                let origin_state = origin.0.clone();
                self.play(who, &[m])?;
                let named = self.show_passes(&origin_state, origin.1)?;
                origin.1 = named;
                if !self.st.is_chance_node() {
                    roll_origin = None;
                }
                continue;
            }
            if !self.a.quiet {
                self.show();
            }
            if let Some(steps) = self.own_turn()? {
                let who = self.st.current_player() as usize;
                self.play(who, &steps)?;
                continue;
            }
            turns.fill(&mut self.st);
            if turns.is_empty() {
                return Ok(self.st.outcome());
            }
            // Whole turns, as `playout --max-turns` counts them: a
            // turn of several steps (a multi-jump, a Genocide movement
            // phase) is one.
            if self.turns_played() >= self.a.max_turns && self.partial.is_empty() {
                return Ok(None);
            }
            let who = self.st.current_player() as usize;
            let name = self.st.game().players[who].name.clone();
            let (steps, timing) = match &mut self.players[who] {
                Some(p) => {
                    let spec = self.specs[who];
                    let st = &self.st;
                    let (i, took) = think(&name, &spec, || p.choose(st, &turns));
                    let timing = match spec {
                        PlayerSpec::Random => String::new(),
                        _ => format!(" ({:.1} s)", took.as_secs_f64()),
                    };
                    (turns.get(i).to_vec(), timing)
                }
                None => match self.human(who, &turns)? {
                    Act::Steps(t) => (t, String::new()),
                    Act::Again => continue,
                    Act::Quit => return Ok(None),
                },
            };
            let plays = ludic::diag::verb(&name, "plays", "play");
            println!("{name} {plays} {}{timing}", self.st.turn_to_string(&steps));
            self.play(who, &steps)?;
        }
    }

    /// A computer player that builds its own turns (the heuristic
    /// players: a Genocide turn tree is cut, not listed) plays here, so
    /// that the loop lists no turns; `None` when the mover is a human or a
    /// player that chooses among listed turns, or the game is over or at
    /// its turn limit.
    fn own_turn(&mut self) -> Result<Option<Vec<Move>>, Fail> {
        if !self.partial.is_empty() || self.turns_played() >= self.a.max_turns {
            return Ok(None);
        }
        let who = self.st.current_player() as usize;
        let name = self.st.game().players[who].name.clone();
        let Some(p) = &mut self.players[who] else {
            return Ok(None);
        };
        let spec = self.specs[who];
        let st = &self.st;
        let (turn, took) = think(&name, &spec, || p.choose_turn(st));
        let Some((steps, _)) = turn else {
            return Ok(None);
        };
        println!(
            "{name} {} {} ({:.1} s)",
            ludic::diag::verb(&name, "plays", "play"),
            self.st.turn_to_string(&steps),
            took.as_secs_f64()
        );
        Ok(Some(steps))
    }

    /// Whole turns played since the session began (a Genocide turn of
    /// several movement steps is one).
    fn turns_played(&self) -> u32 {
        self.st.turns().saturating_sub(self.first_turn)
    }

    /// Prints the board (with the player to move while the game goes
    /// on; a finished game's result is printed after the last board), and
    /// the legend when a human plays.
    fn show(&self) {
        if self.st.outcome().is_some() {
            println!("\n{}", ludic::render::render_board(&self.st));
        } else {
            print!("\n{}", self.st);
        }
        if !self.legend.is_empty() {
            println!("{}", self.legend);
        }
    }

    /// Plays steps of side `who`; a completed turn goes into the records.
    fn play(&mut self, who: usize, steps: &[Move]) -> Result<(), Fail> {
        if self.partial.is_empty() {
            self.partial_start = Some(self.st.clone());
        }
        self.st.play_turn(steps);
        self.partial.extend_from_slice(steps);
        // The mover goes on with the same turn, unless it owes a step and
        // has none (the turn, and the game, end there).
        if self.st.mid_turn()
            && self.st.current_player() as usize == who
            && !Turns::of(&self.st).is_empty()
        {
            return Ok(());
        }
        let before = self.partial_start.take().expect("a turn has a start");
        self.moves.push(before.turn_to_string(&self.partial));
        self.befores.push(before);
        self.partial.clear();
        self.sync()
    }

    /// Names the players who passed as nature's rolls from `origin` were
    /// played (no legal move with the dice: docs/chance.md, "Passes"),
    /// and notes them in the records after the roll, as a comment.
    /// `named` of them were named already; returns how many are now.
    fn show_passes(&mut self, origin: &State, named: usize) -> Result<usize, Fail> {
        let passes = self.st.passes_decided(origin);
        if passes.len() <= named {
            return Ok(named);
        }
        let names = &self.st.game().players;
        for p in &passes[named..] {
            let name = &names[*p as usize].name;
            let passes = ludic::diag::verb(name, "passes", "pass");
            let line = format!("{name} {passes} (no legal move)");
            println!("{line}");
            if let Some(last) = self.moves.last_mut() {
                *last = record::with_note(last, &line);
            }
        }
        self.sync()?;
        Ok(passes.len())
    }

    /// Writes the turns played to every record.
    fn sync(&mut self) -> Result<(), Fail> {
        for r in &mut self.records {
            r.sync(&self.moves)?;
        }
        Ok(())
    }

    /// Reads lines until a move; runs the commands typed meanwhile.
    fn human(&mut self, who: usize, turns: &Turns) -> Result<Act, Fail> {
        let name = self.st.game().players[who].name.clone();
        loop {
            let line = match self.input.read(&format!("{name}> "))? {
                Line::End => return Ok(Act::Quit),
                Line::Refused(why) => {
                    println!("{why}; the game goes on");
                    continue;
                }
                Line::Text(t) => t,
            };
            let text = line.trim();
            let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
            match word {
                "" => {}
                "quit" | "exit" => return Ok(Act::Quit),
                "help" | "?" => println!("{}", self.help()),
                "moves" => {
                    let list = self.st.legal_turn_strings();
                    let n = super::util::count_moves(list.len());
                    println!("{n}: {}", list.join(" "));
                }
                "board" => self.show(),
                "hint" => self.hint(turns),
                "undo" => {
                    if self.undo() {
                        return Ok(Act::Again);
                    }
                }
                "save" => self.save(rest.trim()),
                _ => match self.st.parse_steps(text) {
                    Ok(t) => return Ok(Act::Steps(t)),
                    Err(e) => println!("{}", refusal(&self.st, text, &e)),
                },
            }
        }
    }

    fn help(&self) -> String {
        format!(
            "Type a move in the game's notation, or a command:\n\
             \x20 moves       list the legal moves\n\
             \x20 hint        ask {} for a move\n\
             \x20 undo        take back your last turn (and the turns played after it)\n\
             \x20 board       show the board and its legend again\n\
             \x20 save FILE   write the game so far to FILE (PDN if it ends in .pdn, else a trial)\n\
             \x20 quit        stop the game\n{}",
            self.a.hint,
            notation_help(&self.st)
        )
    }

    /// Prints the hint player's choice among `turns`.
    fn hint(&mut self, turns: &Turns) {
        let spec = self.a.hint;
        let seed = self.a.seed;
        let p = self.hint.get_or_insert_with(|| {
            let rng = || seeded_rng(seed, 1, 0);
            spec.build(rng())
                .or_else(|| PlayerSpec::Random.build(rng()))
                .expect("random is a computer player")
        });
        let st = &self.st;
        let (i, took) = think("hint", &spec, || p.choose(st, turns));
        println!(
            "hint: {} ({spec} suggests it, {:.1} s)",
            st.turn_to_string(turns.get(i)),
            took.as_secs_f64()
        );
    }

    /// Takes back to the start of the last turn a human began, the dice
    /// it was played with kept (a roll is never taken back alone); false
    /// when there is none.
    fn undo(&mut self) -> bool {
        if let Some(start) = self.partial_start.take() {
            self.st = start;
            self.partial.clear();
            println!("Took back the steps of this turn.");
            return true;
        }
        // A roll is nature's: taking back a turn goes back through it to
        // the human's turn before it, never to the chance node (which
        // would draw the dice again: docs/chance.md).
        let human =
            |s: &State| !s.is_chance_node() && self.specs[s.current_player() as usize].is_human();
        let Some(i) = (0..self.moves.len())
            .rev()
            .find(|&i| human(&self.befores[i]))
        else {
            println!("Nothing to take back.");
            return false;
        };
        // The players' turns taken back (nature's rolls among them are
        // not turns).
        let taken = self.befores[i..]
            .iter()
            .filter(|b| !b.is_chance_node())
            .count();
        self.st = self.befores[i].clone();
        self.moves.truncate(i);
        self.befores.truncate(i);
        if let Err(Fail(e)) = self.sync() {
            println!("{e}");
        }
        println!("Took back {taken} turn(s).");
        true
    }

    /// `save FILE`: the game so far, unfinished; an existing file is kept.
    fn save(&self, file: &str) {
        if file.is_empty() {
            println!("save needs a file name: `save game.trial`");
            return;
        }
        let path = std::path::Path::new(file);
        let format = Format::of(path);
        if let (Format::Pdn, Err(why)) = (format, &self.header.pdn_tags) {
            println!("not saved: a `.pdn` file is PDN, and {why}; use a `.trial` name");
            return;
        }
        let text = self.header.text(format, &self.moves, None);
        let done = record::open_new(path, false, "save").and_then(|mut f| {
            f.write_all(text.as_bytes())
                .map_err(|e| Fail(format!("save {file}: {e}")))
        });
        match done {
            Ok(()) => println!("Saved the game so far in {file}."),
            Err(Fail(e)) => println!("not saved: {e}"),
        }
    }
}

/// Runs a computer player's choice; while it thinks, says so on stderr
/// when stderr is a terminal. Returns the choice and the time it took.
fn think<T>(name: &str, spec: &PlayerSpec, choose: impl FnOnce() -> T) -> (T, Duration) {
    let t0 = Instant::now();
    let show = !matches!(spec, PlayerSpec::Random) && std::io::stderr().is_terminal();
    if !show {
        let i = choose();
        return (i, t0.elapsed());
    }
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let i = std::thread::scope(|s| {
        s.spawn(move || {
            let frames = ['|', '/', '-', '\\'];
            let mut k = 0;
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                rx.recv_timeout(Duration::from_millis(100))
            {
                eprint!(
                    "\r{name} ({spec}) is thinking {} {:.1} s",
                    frames[k % 4],
                    t0.elapsed().as_secs_f64()
                );
                k += 1;
            }
            eprint!("\r\x1b[K");
        });
        let i = choose();
        drop(tx);
        i
    });
    (i, t0.elapsed())
}

/// Why a typed move is refused: a text that is not in the game's notation
/// gets a different message from a move that is written well but is not
/// legal here, which says why when it can.
fn refusal(st: &State, text: &str, e: &IllegalMove) -> String {
    use ludic::engine::Refusal;
    let game = st.game();
    let legal = &e.legal;
    let Some(sites) = notation_sites(game, text) else {
        let like = legal
            .first()
            .map(|m| format!("; moves are written like `{m}`"))
            .unwrap_or_default();
        return format!(
            "`{text}` is not a move in this game's notation{like} (`moves` lists the legal ones, `help` the commands)"
        );
    };
    let list = |v: &[String]| {
        const SHOWN: usize = 12;
        let mut s = v.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(" ");
        if v.len() > SHOWN {
            s.push_str(&format!(" … ({} in all)", v.len()));
        }
        s
    };
    let why = if legal.is_empty() {
        "the game is over".to_string()
    } else if let ludic::engine::Refusal::Several(n) = e.reason {
        return format!(
            "`{text}` matches {n} turns, which differ only in what they do: {}",
            legal.join("; ")
        );
    } else if e.reason == ludic::engine::Refusal::Ambiguous {
        let or = match legal.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => legal.join(""),
        };
        return format!("`{text}` matches several moves; write one in full: {or}");
    } else if e.reason == ludic::engine::Refusal::CaptureMark {
        let plain = text.to_ascii_lowercase().replace(['x', ':'], "-");
        format!("`{text}` marks a capture, but {plain} captures nothing")
    } else if legal.iter().all(|m| m.contains(['x', 'X'])) && !text.contains(['x', 'X']) {
        let or = match legal.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        return format!("illegal move `{text}`: a capture is compulsory: {or}");
    } else if matches!(
        e.reason,
        Refusal::Repeats | Refusal::Suicide | Refusal::Check | Refusal::After
    ) {
        e.reason.to_string()
    } else if let Some(&from) = sites.first() {
        let label = &game.board.site(from).label;
        let from_here: Vec<String> = legal
            .iter()
            .filter(|m| starts_at(game, m, label))
            .cloned()
            .collect();
        if sites.len() == 1
            && legal
                .iter()
                .all(|m| notation_sites(game, m).is_some_and(|s| s.len() <= 1))
        {
            if st.height(from) > 0 {
                format!("{label} is not empty")
            } else {
                format!("{label} is not a legal placement here")
            }
        } else if !from_here.is_empty() {
            format!("from {label} the legal moves are {}", list(&from_here))
        } else {
            let what = match st.top_owner(from) {
                None => " (it is empty)".to_string(),
                Some(p) if p == st.current_player() => String::new(),
                Some(p) => format!(
                    " (it holds {} pieces)",
                    ludic::diag::possessive(&game.players[p as usize].name)
                ),
            };
            format!("no legal move starts at {label}{what}")
        }
    } else {
        "not a legal move in this position".to_string()
    };
    format!(
        "illegal move `{text}`: {why}; legal moves: {}",
        legal.join(" ")
    )
}

/// True if the move `m` (in the notation) starts at the site labelled
/// `label`.
fn starts_at(game: &Game, m: &str, label: &str) -> bool {
    notation_sites(game, m)
        .and_then(|s| s.first().copied())
        .is_some_and(|s| game.board.site(s).label.eq_ignore_ascii_case(label))
}

//! Shared pieces of the commands: loading a game, setting up a position,
//! and the small commands (check, options, show, moves, perft).

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ludic::compile::{self, Game, LoadError, Options};
use ludic::engine::State;
use ludic::render;
use serde_json::{Value, json};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// A command's failure: the message printed on stderr, exit code 1.
#[derive(Debug)]
pub struct Fail(pub String);

impl From<LoadError> for Fail {
    fn from(e: LoadError) -> Fail {
        Fail(e.to_string())
    }
}

/// The game to load.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// A rule file, or the name of a shipped game (`checkers`).
    pub file: String,
    /// Override a toggle: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub sets: Vec<String>,
}

impl GameArgs {
    /// Loads the game with its overrides.
    pub fn load(&self) -> Result<Arc<Game>, Fail> {
        let opts = Options::from_sets(&self.sets)?;
        Ok(Arc::new(Game::load(&self.file, &opts)?))
    }
}

/// A game and a position in it.
#[derive(Debug, Args)]
pub struct PositionArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this FEN position: PDN FEN (`B:W18,24,K10:B12,K22`) for
    /// games whose players are W and B and whose sites are numbered; chess
    /// FEN (`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1`)
    /// for games that declare `(fen …)`.
    #[arg(long)]
    pub fen: Option<String>,
    /// Start from this position, for any game: the side to move (optional), then
    /// LETTER:SITES per player (`L D:a1,b2 L:c3`, `B W:18,24 B:12,K22`;
    /// `Kc3`: a setup code's stack, `d4*3`: three pieces), then the state's
    /// fields NAME=VALUE (`phase=Movement Hand=0,0 turns=40`; `ludic show`
    /// prints the whole text; a field left out takes its initial value).
    #[arg(long, value_name = "TEXT", conflicts_with = "fen")]
    pub position: Option<String>,
    /// Then play these moves, space-separated, in the game's notation.
    #[arg(long)]
    pub moves: Option<String>,
    /// List, play and count with the reference interpreter alone, never
    /// the compiled tier (site-set plans, compiled filters, the perft
    /// kernel): the same results, more slowly; a cross-check.
    #[arg(long)]
    pub interpreted: bool,
}

impl PositionArgs {
    /// The position: initial, FEN or position text, then the moves.
    pub fn state(&self) -> Result<State, Fail> {
        self.state_seeded(None)
    }

    /// [`PositionArgs::state`] for a front end seeded with `seed`: the
    /// initial position draws a random first player from it
    /// ([`State::new_for_seed`]).
    pub fn state_seeded(&self, seed: Option<u64>) -> Result<State, Fail> {
        let mut st = self.start_seeded(self.game.load()?, seed)?;
        if self.interpreted {
            st = st.on_engine(ludic::engine::Engine::Reference);
        }
        for (i, m) in self
            .moves
            .iter()
            .flat_map(|s| s.split_whitespace())
            .enumerate()
        {
            // The refusal quotes the move (clipped when long): a long one
            // is not echoed a second time before it.
            let t = ludic::record::roll::parse_turn(&st, m).map_err(|e| {
                let which = match ludic::diag::clip(m) {
                    std::borrow::Cow::Borrowed(m) => format!(" ({m})"),
                    std::borrow::Cow::Owned(_) => String::new(),
                };
                Fail(format!("--moves: move {}{which}: {e}", i + 1))
            })?;
            st.play_turn(&t);
        }
        Ok(st)
    }

    /// The position before `--moves`: initial, FEN or position text.
    pub fn start(&self, game: Arc<Game>) -> Result<State, Fail> {
        self.start_seeded(game, None)
    }

    /// [`PositionArgs::start`] for a front end seeded with `seed`
    /// ([`State::new_for_seed`]; a FEN or a position text names its
    /// player to move).
    pub fn start_seeded(&self, game: Arc<Game>, seed: Option<u64>) -> Result<State, Fail> {
        if let Some(f) = &self.fen {
            let hint = fen_hint(&game);
            return State::from_fen(game, f).map_err(|e| Fail(format!("--fen: {e}{hint}")));
        }
        match &self.position {
            Some(p) => State::from_position(game, p).map_err(|e| Fail(format!("--position: {e}"))),
            None => Ok(match seed {
                Some(seed) => State::new_for_seed(game, seed),
                None => State::new(game),
            }),
        }
    }
}

/// For a game that FEN cannot describe (players other than W and B, a
/// board not numbered with `labels:Numbers`): why, and a pointer to
/// `--position`, with an example.
fn fen_hint(game: &Game) -> String {
    if game.fen.is_some() {
        return String::new();
    }
    let numbered = game.board.sites().iter().all(|s| s.number.is_some());
    let w_b = game.players.iter().all(|p| matches!(p.letter, 'W' | 'B'));
    if numbered && w_b {
        return String::new();
    }
    let letters: Vec<String> = game.players.iter().map(|p| p.letter.to_string()).collect();
    let letters = letters.join(", ");
    // The board's own labels, which --position reads (a graph board's
    // may look like numbers, as backgammon's points 1…24 do).
    let mut labels: Vec<String> = game
        .board
        .sites()
        .iter()
        .take(3)
        .map(|s| format!("`{}`", s.label))
        .collect();
    if game.board.sites().len() > 3 {
        labels.push("…".into());
    }
    let kind = if matches!(game.board.shape(), ludic::board::Shape::Graph(_)) {
        "a graph, whose sites keep their own labels"
    } else {
        "not declared `labels:Numbers`"
    };
    let board_is = format!("board is {kind} ({})", labels.join(", "));
    let why = match (numbered, w_b) {
        (false, false) => format!("this game's players are {letters} and its {board_is}"),
        (false, true) => format!("this game's {board_is}"),
        _ => format!("this game's players are {letters}"),
    };
    format!(
        "\nhelp: FEN needs players W and B and a board numbered for FEN; {why}. \
         Use --position, which names sites by their labels, e.g. --position \"{}\"",
        ludic::record::position::example(game)
    )
}

/// `ludic check`: the file compiled with the settings given, then again
/// with each other value of its read yes/no and choice toggles, one at a
/// time ([`compile::other_settings`]); each failure is its `--set` and the
/// errors found. Settings past [`compile::MAX_OTHER_SETTINGS`] are named
/// on stderr, untried.
pub fn check(g: &GameArgs) -> Result<i32, Fail> {
    let opts = Options::from_sets(&g.sets)?;
    let (name, text) = compile::read_source(&g.file)?;
    let assembled = compile::assemble(&name, &text).map_err(compile::LoadError::Rules)?;
    let (game, warnings) = compile::compile_assembled(&assembled, &opts)?;
    if !warnings.items.is_empty() {
        eprint!("{warnings}");
    }
    let others = compile::other_settings(&assembled, &game, &g.sets)?;
    if !others.failed.is_empty() {
        let failed: Vec<String> = others
            .failed
            .iter()
            .map(|(set, e)| format!("with --set {set}:\n{e}"))
            .collect();
        return Err(Fail(failed.join("\n")));
    }
    if let Some(first) = others.untried.first() {
        eprintln!(
            "note: {} other setting(s) not tried: check compiles at most {} (match keys first); try the rest with --set, e.g. --set {first}",
            others.untried.len(),
            compile::MAX_OTHER_SETTINGS
        );
    }
    println!(
        "{name}: ok — \"{}\", {} sites, {} players, {} move generator(s), {} toggle(s)",
        game.name,
        game.board.len(),
        game.players.len(),
        game.gens.len(),
        game.toggles.len()
    );
    Ok(0)
}

/// `ludic options`.
pub fn options(g: &GameArgs) -> Result<i32, Fail> {
    let game = g.load()?;
    if game.toggles.is_empty() {
        println!("{} has no toggles", game.name);
    }
    for t in &game.toggles {
        println!(
            "{}  ({}, default {}, now {})",
            t.name, t.ty, t.default, t.value
        );
        println!("    {}", t.description);
    }
    Ok(0)
}

/// `ludic show`.
pub fn show(p: &PositionArgs, labels: bool) -> Result<i32, Fail> {
    let st = p.state()?;
    if labels {
        println!("{}", render::render_labels(&st));
    } else {
        // A finished game shows its result where the player to move
        // would be: no one is to move.
        match st.outcome() {
            Some(o) => print!(
                "{}\ngame over: {}\n",
                render::render_board(&st),
                finished(&st, &o, &p.game.file)
            ),
            None => print!("{st}"),
        }
        // FEN where the game has one; the position text always: it is the
        // whole state (counters, phase, history), which FEN is not.
        if let Some(fen) = st.to_fen() {
            println!("FEN {fen}");
        }
        if let Some(text) = st.to_position() {
            println!("position {text}");
        }
    }
    Ok(0)
}

/// How many legal moves a list of turns holds, in words: `7 legal
/// move(s)`, or `100000 legal moves or more (the list stops at 100000)`
/// when the list reached the cap of [`ludic::engine::turns::MAX_TURNS`].
pub fn count_moves(n: usize) -> String {
    if ludic::engine::turns_cut(n) {
        format!("{n} legal moves or more (the list stops at {n})")
    } else {
        format!("{n} legal move(s)")
    }
}

/// `ludic moves`.
pub fn moves(p: &PositionArgs) -> Result<i32, Fail> {
    let st = p.state()?;
    if let Some(roll) = st.chance_roll() {
        // Nature moves: each outcome with its odds (docs/chance.md).
        let odds = st.chance_outcomes();
        let list: Vec<String> = odds
            .iter()
            .map(|(m, p)| {
                format!(
                    "{} ({}{})",
                    st.move_to_string(m),
                    chance_odds(roll, m.count, *p),
                    passes_note(&st, m)
                )
            })
            .collect();
        println!(
            "chance node, nature rolls {}d{}: {} outcome(s): {}",
            roll.dice,
            roll.sides,
            list.len(),
            list.join(" ")
        );
        return Ok(0);
    }
    let list = st.legal_turn_strings();
    println!("{}: {}", count_moves(list.len()), list.join(" "));
    if ludic::engine::turns_cut(list.len()) {
        eprintln!("(the list stops there: this position may have more turns)");
    }
    if ludic::engine::take_search_cut() {
        eprintln!(
            "(the maximize: search stopped after {} positions: these turns reach the largest count it found, which may not be the largest)",
            ludic::engine::MAX_SEARCH_POSITIONS
        );
    }
    if let Some(o) = st.outcome() {
        println!("game over: {}", finished(&st, &o, &p.game.file));
    }
    Ok(0)
}

/// `, NAME passes` for each player who would pass were nature's move `m`
/// played at `st` (no legal move with those dice: docs/chance.md,
/// "Passes"); empty when nobody would.
fn passes_note(st: &State, m: &ludic::engine::Move) -> String {
    let mut after = st.clone();
    after.play_turn(std::slice::from_ref(m));
    let names = &st.game().players;
    after
        .passes_decided(st)
        .iter()
        .map(|&p| {
            let name = &names[p as usize].name;
            format!(", {name} {}", ludic::diag::verb(name, "passes", "pass"))
        })
        .collect()
}

/// The odds of rolling `value` on `roll`: the exact fraction `ways/total`
/// (`6/36`, not reduced) when the counts fit, else the probability `p`.
fn chance_odds(roll: ludic::engine::Roll, value: u16, p: f64) -> String {
    match roll.odds(value) {
        Some((w, total)) => format!("{w}/{total}"),
        None => format!("{p:.6}"),
    }
}

/// A sentence for an outcome: "Black wins (NoMoves)".
pub fn describe_outcome(st: &State, o: &ludic::engine::Outcome) -> String {
    render::describe_outcome(st, o)
}

/// How a finished game read from rule file `file` ended, as `ludic play`
/// and the web page say it (`Cross wins: a line of 3`, the rule in the
/// words of the rule file's notes where it has them), rather than the
/// kind of rule alone (`Cross wins (a rule's result)`); a ranking as
/// [`describe_outcome`] gives it.
pub fn finished(st: &State, o: &ludic::engine::Outcome, file: &str) -> String {
    if matches!(o, ludic::engine::Outcome::Ranked(..)) {
        return describe_outcome(st, o);
    }
    let notes = ludic::render::notes::RuleNotes::read(file);
    let words = ludic::render::notes::outcome_words(st, o, notes.as_ref());
    // After `game over:`, a draw is not a sentence's first word.
    match words.strip_prefix("Draw") {
        Some(tail) => format!("draw{tail}"),
        None => words,
    }
}

/// `ludic perft`'s options beyond the position and depth.
#[derive(Debug, Args)]
pub struct PerftOpts {
    /// Per first move counts at DEPTH.
    #[arg(long)]
    pub divide: bool,
    /// Print one JSON object (docs/json.md).
    #[arg(long)]
    pub json: bool,
    /// No progress on stderr (shown on a terminal, per first move).
    #[arg(long)]
    pub quiet: bool,
    /// Count steps instead of turns: each step of a turn is a ply of its
    /// own (Amazons' move and arrow are two), as some published tables
    /// count. Not with --divide.
    #[arg(long, conflicts_with = "divide")]
    pub steps: bool,
    /// Count player turns only in a game with chance: the outcomes of a
    /// roll are expanded without being plies (docs/chance.md). Not with
    /// --divide or --steps.
    #[arg(long, conflicts_with_all = ["divide", "steps"])]
    pub no_chance: bool,
}

/// The perft of each legal turn from `st` at `depth`, in the order of the
/// legal turns (as `engine::perft_divide` counts them), with progress per
/// first move.
fn divide(st: &State, depth: u32, progress: &Progress) -> Result<Vec<(String, u64)>, Fail> {
    ludic::engine::perft_divide_each(st, depth, |_, _| progress.inc())
        .map_err(|e| Fail(e.to_string()))
}

/// `ludic perft`.
pub fn perft(p: &PositionArgs, depth: u32, o: &PerftOpts) -> Result<i32, Fail> {
    let st = p.state()?;
    let mut head = json_head("perft", &p.game, st.game());
    head.insert("engine".into(), st.engine().name().into());
    head.insert("depth".into(), depth.into());
    if st.game().has_chance() {
        // How nature's moves were counted (docs/chance.md).
        let how = if o.no_chance { "turns_only" } else { "plies" };
        head.insert("chance".into(), how.into());
    }
    // Progress per first move, on a terminal only: counted as `--divide`
    // counts (each legal turn, then the perft below it), which is the same
    // total.
    let shown = !o.quiet && !o.steps && !o.no_chance && std::io::stderr().is_terminal();
    let first_moves = if shown {
        st.legal_turns().len() as u64
    } else {
        0
    };
    let progress = |d: u32| {
        let off = o.quiet || (d < 4 && !o.divide);
        Progress::new(
            &format!("depth {d}"),
            "first moves",
            first_moves,
            false,
            off,
        )
    };
    if o.divide {
        let t = Instant::now();
        let bar = progress(depth);
        let rows = divide(&st, depth, &bar)?;
        bar.finish();
        let total: u64 = rows.iter().map(|r| r.1).sum();
        let secs = t.elapsed().as_secs_f64();
        if o.json {
            let list: Vec<Value> = rows
                .iter()
                .map(|(m, n)| json!({"move": m, "nodes": n}))
                .collect();
            head.insert("nodes".into(), total.into());
            head.insert("seconds".into(), round(secs, 3).into());
            head.insert("divide".into(), list.into());
            println!("{}", Value::Object(head));
        } else {
            rows.iter().for_each(|(m, n)| println!("{m} {n}"));
            println!("total {total} ({secs:.3} s)");
        }
        return Ok(0);
    }
    let mut results = Vec::new();
    for d in 1..=depth {
        let t = Instant::now();
        let bar = progress(d);
        let n = if o.steps {
            ludic::engine::perft_steps(&st, d)
        } else if o.no_chance {
            ludic::engine::perft_players(&st, d).map_err(|e| Fail(e.to_string()))?
        } else if bar.is_shown() {
            divide(&st, d, &bar)?.iter().map(|r| r.1).sum()
        } else {
            ludic::engine::perft(&st, d).map_err(|e| Fail(e.to_string()))?
        };
        bar.finish();
        let secs = t.elapsed().as_secs_f64();
        let rate = n as f64 / secs.max(1e-9);
        if !o.json {
            println!("perft {d:>2} {n:>14}  {secs:>9.3} s  {rate:>12.0} leaves/s");
        }
        results.push(json!({
            "depth": d, "nodes": n, "seconds": round(secs, 3),
            "leaves_per_second": rate.round() as u64,
        }));
    }
    if o.json {
        let counts: Vec<u64> = results.iter().filter_map(|r| r["nodes"].as_u64()).collect();
        head.insert("counts".into(), counts.into());
        head.insert("depths".into(), results.into());
        println!("{}", Value::Object(head));
    }
    Ok(0)
}

/// `ludic snapshot`.
pub fn snapshot(g: &GameArgs, seed: u64) -> Result<i32, Fail> {
    let opts = Options::from_sets(&g.sets)?;
    print!("{}", ludic::snapshot::snapshot(&g.file, &opts, seed)?);
    Ok(0)
}

/// `ludic test`: runs scenario files, names the first difference of each
/// failing scenario.
pub fn scenarios(files: &[String], game: Option<&str>) -> Result<i32, Fail> {
    let mut failed = 0;
    let mut passed = 0;
    if let Some(g) = game {
        println!("against {g} (instead of each file's `game:` line)");
    }
    for f in files {
        let f = &scenarios_path(f)?;
        let verdicts = ludic::scenario::run_file(f, game).map_err(|e| Fail(e.to_string()))?;
        if verdicts.is_empty() {
            println!("FAILED  {f}: no scenario in the file (a `scenario:` line starts one)");
            failed += 1;
        }
        for v in verdicts {
            match v.failure {
                None => {
                    passed += 1;
                    println!("ok      {f}: {}", v.name);
                }
                Some(why) => {
                    failed += 1;
                    println!("FAILED  {f}: {}\n        {why}", v.name);
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { 0 } else { 1 })
}

/// A scenarios file as given, or `games/NAME.scenarios` for a game's name
/// (`checkers`, `games/checkers.game`) when that file exists.
fn scenarios_path(arg: &str) -> Result<String, Fail> {
    let given = std::path::Path::new(arg);
    if given.exists() && given.extension().is_none_or(|e| e != "game") {
        return Ok(arg.to_string());
    }
    let stem = arg
        .strip_prefix("games/")
        .unwrap_or(arg)
        .trim_end_matches(".game")
        .trim_end_matches(".scenarios");
    let beside = format!("games/{stem}.scenarios");
    if std::path::Path::new(&beside).is_file() {
        Ok(beside)
    } else {
        Err(Fail(format!(
            "{arg}: no such scenarios file (looked for `{arg}` and `{beside}`)"
        )))
    }
}

// ---------------------------------------------------------------------------
// JSON figures (docs/json.md)

pub use ludic::batch::round;

/// The keys every command's JSON object starts with: `command`, `game`
/// (the game as given on the command line), `title` (the game's own title)
/// and `sets` (the `--set` overrides, as given).
pub fn json_head(command: &str, g: &GameArgs, game: &Game) -> serde_json::Map<String, Value> {
    ludic::batch::head(command, &g.file, &game.name, &g.sets)
}

// ---------------------------------------------------------------------------
// Progress on stderr

/// Progress of a long command, on stderr only: an indicatif bar on a
/// terminal, plain lines (about ten a run) when stderr is not a terminal
/// and `--progress` asked for it, nothing otherwise.
pub struct Progress {
    bar: Option<ProgressBar>,
    lines: Option<Lines>,
}

/// The plain-line form of [`Progress`].
struct Lines {
    what: String,
    unit: String,
    total: u64,
    step: u64,
    done: AtomicU64,
    /// The count of the last line printed: the lines are printed under this
    /// lock and only when their count is higher, so that the counts go up
    /// and the last line is the total whichever thread gets there first.
    printed: Mutex<u64>,
    started: Instant,
}

impl Progress {
    /// Progress of `total` items called `unit` (`games`); `what` names the
    /// work in the plain lines. `forced`: `--progress`; `off`: `--quiet`.
    pub fn new(what: &str, unit: &str, total: u64, forced: bool, off: bool) -> Progress {
        let none = Progress {
            bar: None,
            lines: None,
        };
        if off || total == 0 {
            return none;
        }
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(total);
            let template = format!(
                "{{spinner}} {what} {{bar:30}} {{pos}}/{{len}} {unit}, {{elapsed}} elapsed, {{eta}} left"
            );
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            return Progress {
                bar: Some(bar),
                lines: None,
            };
        }
        if !forced {
            return none;
        }
        Progress {
            bar: None,
            lines: Some(Lines {
                what: what.into(),
                unit: unit.into(),
                total,
                step: (total / 10).clamp(1, 1000),
                done: AtomicU64::new(0),
                printed: Mutex::new(0),
                started: Instant::now(),
            }),
        }
    }

    /// One more item done.
    pub fn inc(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
        if let Some(l) = &self.lines {
            let done = l.done.fetch_add(1, Ordering::Relaxed) + 1;
            if done % l.step == 0 || done == l.total {
                let mut printed = l.printed.lock().unwrap_or_else(PoisonError::into_inner);
                if done <= *printed {
                    return;
                }
                *printed = done;
                let secs = l.started.elapsed().as_secs_f64();
                let left = secs * (l.total - done) as f64 / done as f64;
                eprintln!(
                    "{}: {done}/{} {} ({:.0}%), {secs:.1} s, about {} left",
                    l.what,
                    l.total,
                    l.unit,
                    100.0 * done as f64 / l.total as f64,
                    duration(left)
                );
            }
        }
    }

    /// A line on stderr above the bar (or on its own without one). With
    /// plain lines it is printed in their order, and not at all once the
    /// line of the last item is out (a line about the run's progress,
    /// such as an estimate, would come after its end).
    pub fn println(&self, line: &str) {
        match (&self.bar, &self.lines) {
            (Some(b), _) => b.println(line),
            (None, Some(l)) => {
                let printed = l.printed.lock().unwrap_or_else(PoisonError::into_inner);
                if *printed < l.total {
                    eprintln!("{line}");
                }
            }
            (None, None) => eprintln!("{line}"),
        }
    }

    /// Whether anything is shown.
    pub fn is_shown(&self) -> bool {
        self.bar.is_some() || self.lines.is_some()
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

/// A duration for people: `42 s`, `3 min 5 s`, `2 h 10 min`.
pub fn duration(secs: f64) -> String {
    if secs < 9.95 {
        return format!("{:.1} s", secs.max(0.0));
    }
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

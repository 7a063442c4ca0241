//! Compile: from the AST to a [`Game`]. Toggles are bound (`--set`
//! overrides applied, `$name` substituted), defines expanded, names resolved
//! to indices, the board built. All the diagnostics of the stage are
//! collected and reported together.

mod action_space;
pub use action_space::{ActionSpace, StepParts};
pub use piece_bound::PieceBound;
pub(crate) mod args;
pub(crate) mod attacks;
pub(crate) mod boards;
pub(crate) mod conds;
pub(crate) mod decls;
pub(crate) mod effects;
pub(crate) mod ends;
pub(crate) mod expand;
pub(crate) mod graph;
pub(crate) mod heuristics;
pub mod ir;
pub(crate) mod ir_moves;
pub(crate) mod ir_stacks;
pub(crate) mod leaps;
pub(crate) mod lower;
mod matching;
pub(crate) mod moves;
pub(crate) mod nums;
pub(crate) mod phases;
pub mod picture_file;
mod piece_bound;
pub(crate) mod refs;
pub(crate) mod regions;
pub(crate) mod roles;
pub(crate) mod rotate;
pub(crate) mod royal;
pub(crate) mod rules;
pub(crate) mod sets;
pub(crate) mod settings;
pub(crate) mod shape;
mod shipped;
pub(crate) mod stacks;
pub(crate) mod stakes;
pub(crate) mod toggles;
pub(crate) mod tracks;
pub(crate) mod variant;
pub mod vocab;
pub(crate) mod walk;

pub use ir::{
    Code, Counter, Game, GenId, Kind, Piece, Player, PlayerInfo, Toggle, ToggleType, Value,
};

use crate::diag::{Diagnostics, Severity};
use crate::syntax::{Clause, Expr, Span};
use args::{Diags, check, string};
use expand::Defines;
use lower::Lowerer;
use std::path::Path;

pub use heuristics::First;
pub use rotate::Rotation;
pub use settings::{MAX_OTHER_SETTINGS, OtherSettings, other_settings};
pub use shipped::{read_shipped, shipped_file, shipped_games, shipped_source};
pub use variant::{Assembled, assemble};

/// Options for loading a game: toggle overrides (`--set name=value`).
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `(name, value)` pairs, applied in order.
    pub sets: Vec<(String, String)>,
}

impl Options {
    /// Parses `name=value` strings as given on the command line.
    pub fn from_sets<S: AsRef<str>>(sets: &[S]) -> Result<Options, LoadError> {
        let mut out = Options::default();
        for s in sets {
            let s = s.as_ref();
            let (n, v) = s
                .split_once('=')
                .ok_or_else(|| LoadError::Options(vec![format!("`{s}`: expected NAME=VALUE")]))?;
            let (n, v) = (n.trim(), v.trim());
            if let Some((_, first)) = out.sets.iter().find(|(m, _)| m == n) {
                // The last would win silently: refused instead.
                return Err(LoadError::Options(vec![format!(
                    "`{n}` is set twice ({n}={first} and {n}={v}); set it once"
                )]));
            }
            out.sets.push((n.to_string(), v.to_string()));
        }
        Ok(out)
    }
}

/// Why a game could not be loaded.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read (or is not a shipped game's name).
    #[error("{0}")]
    Io(String),
    /// The rule file has errors (all of the failing stage).
    #[error("{0}")]
    Rules(Diagnostics),
    /// `--set` overrides that name no toggle or give a bad value.
    #[error("{}", .0.join("\n"))]
    Options(Vec<String>),
}

/// Every `NAME=VALUE` setting of `game`'s yes/no and choice toggles
/// other than the value in force, in the toggles' order: what `ludic
/// check` compiles the file with again, one at a time (an integer
/// toggle's range is not walked). A toggle no rule reads with `$name`
/// cannot change what the file compiles to, and is left out: a file of
/// thousands of unread toggles is compiled once, not once a toggle.
pub fn other_values(game: &Game) -> Vec<String> {
    let mut sets = Vec::new();
    for t in game.toggles.iter().filter(|t| t.read) {
        let values: Vec<String> = match &t.ty {
            ToggleType::Bool => vec!["false".into(), "true".into()],
            ToggleType::Choice(cs) => cs.clone(),
            ToggleType::Int { .. } | ToggleType::Decimal { .. } => Vec::new(),
        };
        let now = t.value.to_string();
        sets.extend(
            values
                .into_iter()
                .filter(|v| *v != now)
                .map(|v| format!("{}={v}", t.name)),
        );
    }
    sets
}

/// Whether `file` is written as a shipped game's name rather than a
/// path: no folder separator and no extension (`checkers`, `ataxx`). Such
/// a name always means the shipped game, whatever the current folder
/// holds; a file of that name is read when written as a path
/// (`./ataxx`, `ataxx.game`).
pub fn is_game_name(file: &str) -> bool {
    !file.is_empty() && !file.contains(['/', '\\', '.'])
}

/// The source text of a game: a path, or the name of a shipped game
/// (`checkers` for `games/checkers.game`; see [`is_game_name`]). A path
/// that does not exist falls back to the shipped game of its stem
/// (`games/checkers.game` from another folder). Returns `(display name,
/// text)`.
pub fn read_source(file: &str) -> Result<(String, String), LoadError> {
    let path = Path::new(file);
    if is_game_name(file) {
        match read_shipped(file) {
            Some(Ok(found)) => return Ok(found),
            Some(Err(e)) => return Err(LoadError::Io(format!("games/{file}.game: {e}"))),
            None if path.exists() => {
                return Err(LoadError::Io(format!(
                    "{file}: not a shipped game (a name without `/` or an extension names one); \
                     to read the file of that name, write it as a path: ./{file}"
                )));
            }
            None => {}
        }
    }
    if path.exists() && !is_game_name(file) {
        let text = read_text(path).map_err(|e| LoadError::Io(format!("{file}: {e}")))?;
        return Ok((file.to_string(), text));
    }
    let stem = file
        .strip_prefix("games/")
        .unwrap_or(file)
        .trim_end_matches(".game");
    match read_shipped(stem) {
        Some(Ok(found)) => return Ok(found),
        Some(Err(e)) => return Err(LoadError::Io(format!("games/{stem}.game: {e}"))),
        None => {}
    }
    let names = shipped_games();
    let hint = crate::diag::did_you_mean(stem, names.iter().copied())
        .map(|s| format!("; did you mean `{s}`?"))
        .unwrap_or_default();
    Err(LoadError::Io(format!(
        "{file}: no such file, and not a shipped game (shipped: {}){hint}",
        names.join(", ")
    )))
}

/// Largest input file read (rule files, records, scenarios): 16 MiB.
pub const MAX_INPUT: u64 = 16 << 20;

/// Why [`read_text`] or [`text_of`] refused a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The file could not be read (`No such file or directory (os error
    /// 2)`).
    #[error("{message}")]
    Io {
        /// What went wrong (`NotFound`, `PermissionDenied`…).
        kind: std::io::ErrorKind,
        /// The system's message.
        message: String,
    },
    /// Not a regular file: a directory, a device, a pipe.
    #[error("not a regular file")]
    NotAFile,
    /// Larger than [`MAX_INPUT`].
    #[error("{bytes} bytes: larger than the {} MiB ludic reads", MAX_INPUT >> 20)]
    TooLarge {
        /// The file's size in bytes.
        bytes: u64,
    },
    /// Not UTF-8 text.
    #[error("not UTF-8 text: invalid byte 0x{byte:02X} at line {line}, byte offset {offset}")]
    NotUtf8 {
        /// The first byte that is not UTF-8.
        byte: u8,
        /// Its line, 1-based.
        line: usize,
        /// Its offset in the file, 0-based (a byte-order mark counts).
        offset: usize,
    },
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> ReadError {
        ReadError::Io {
            kind: e.kind(),
            message: e.to_string(),
        }
    }
}

/// Reads a text file (see [`text_of`]), refusing what is not a regular file (a device, a
/// pipe that never ends) and files over [`MAX_INPUT`].
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    if meta.len() > MAX_INPUT {
        return Err(ReadError::TooLarge { bytes: meta.len() });
    }
    text_of(std::fs::read(path)?)
}

/// The text of a file's bytes: a UTF-8 byte-order mark is dropped (every
/// kind of file accepts one), and invalid UTF-8 is refused with its line
/// and byte offset.
pub fn text_of(mut bytes: Vec<u8>) -> Result<String, ReadError> {
    let bom = if bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    bytes.drain(..bom);
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        ReadError::NotUtf8 {
            byte: e.as_bytes()[at],
            line,
            offset: at + bom,
        }
    })
}

impl Game {
    /// Loads a game from a path or a shipped game's name, with toggle
    /// overrides. Warnings are dropped; use [`compile`] to see them.
    pub fn load(file: &str, options: &Options) -> Result<Game, LoadError> {
        let (name, text) = read_source(file)?;
        compile(&name, &text, options).map(|(g, _)| g)
    }

    /// Compiles rule text (named `file` in diagnostics).
    pub fn from_source(file: &str, text: &str, options: &Options) -> Result<Game, LoadError> {
        compile(file, text, options).map(|(g, _)| g)
    }

    /// The toggles with their types, defaults and descriptions.
    pub fn options(&self) -> &[Toggle] {
        &self.toggles
    }
}

/// Parses and compiles rule text. Returns the game and the warnings, or
/// every error of the failing stage.
pub fn compile(
    file: &str,
    text: &str,
    options: &Options,
) -> Result<(Game, Diagnostics), LoadError> {
    let assembled = variant::assemble(file, text).map_err(LoadError::Rules)?;
    compile_assembled(&assembled, options)
}

/// [`compile`] of a file already parsed (its variant chain assembled):
/// what `ludic check` compiles again with each other setting, without
/// parsing the text again each time.
pub fn compile_assembled(
    assembled: &Assembled,
    options: &Options,
) -> Result<(Game, Diagnostics), LoadError> {
    let mut d = Diags::default();
    let mut game = lower_file(&assembled.items, &assembled.source, options, &mut d)?;
    let mut items = d.finish();
    // Pictures from files beside the rule file (its folder known here).
    if let Some(g) = game.as_mut()
        && !g.picture_files.is_empty()
    {
        let (svgs, errors) = picture_file::read_all(assembled, &g.kind_pictures, &g.picture_files);
        g.kind_svgs = svgs;
        items.extend(errors);
    }
    items.sort_by_key(|x| (x.span.start, x.span.end));
    // A define used in several places repeats its errors: once is enough.
    let mut seen = std::collections::HashSet::new();
    items.retain(|x| seen.insert((x.span.start, x.span.end, x.message.clone())));
    let diags = assembled.diagnostics(items);
    if diags.items.iter().any(|x| x.severity == Severity::Error) {
        return Err(LoadError::Rules(diags));
    }
    match game {
        Some(g) => Ok((g, diags)),
        None => Err(LoadError::Rules(diags)),
    }
}

/// The rules of a file as the interpreter reads them, in canonical layout:
/// the variant chain assembled, defines expanded, toggles replaced by the
/// values in force and `match` clauses resolved; `define` and `toggle`
/// clauses are left out. Every rule change changes this text (snapshots
/// show it). Errors as for [`compile`].
pub fn resolved_rules(file: &str, text: &str, options: &Options) -> Result<String, LoadError> {
    let assembled = variant::assemble(file, text).map_err(LoadError::Rules)?;
    let mut d = Diags::default();
    let resolved = resolve(&assembled.items, &assembled.source, options, &mut d)?;
    let errors = d.items.iter().any(|x| x.severity == Severity::Error);
    let (Some(r), false) = (resolved, errors) else {
        return Err(LoadError::Rules(assembled.diagnostics(d.finish())));
    };
    let mut clause = Clause {
        head: "game".into(),
        head_span: Default::default(),
        head_is_str: false,
        args: vec![Expr::Str(r.name, Default::default())],
        named: Vec::new(),
        span: Default::default(),
    };
    clause.args.extend(
        r.body
            .into_iter()
            .filter(|e| !matches!(e, Expr::Clause(c) if c.head == "define" || c.head == "toggle")),
    );
    let mut game = Expr::Clause(clause);
    game.clear_spans();
    let file = crate::syntax::File {
        items: vec![game],
        comments: Vec::new(),
    };
    Ok(crate::syntax::print::print_file(&file, ""))
}

fn lower_file(
    items: &[Expr],
    source: &str,
    options: &Options,
    d: &mut Diags,
) -> Result<Option<Game>, LoadError> {
    Ok(resolve(items, source, options, d)?.and_then(|r| lower_game(r.name, &r.body, r.toggles, d)))
}

/// A game clause with its defines expanded, toggles bound and `match`
/// clauses resolved: what the lowering reads.
struct Resolved {
    /// The game's name.
    name: String,
    /// The toggles with the values in force.
    toggles: Vec<Toggle>,
    /// The game's clauses after its name (defines kept as written).
    body: Vec<Expr>,
}

/// The error of a file that holds no clause (`source` its text): an
/// empty or blank file, or one of comments only, pointed at the first.
fn no_clause(source: &str) -> crate::diag::Diagnostic {
    let help = "a rule file holds `(game \"Name\" …)` or `(variant \"Name\" base:\"file.game\" …)`";
    let start = source.len() - source.trim_start().len();
    if start == source.len() {
        return crate::diag::Diagnostic::error(
            Default::default(),
            "the file is empty",
            "expected `(game \"Name\" …)`",
        )
        .with_help(help);
    }
    // Parsed without a clause, what is not blank is comments.
    let end = source[start..]
        .find(['\n', '\r'])
        .map_or(source.len(), |i| start + i);
    crate::diag::Diagnostic::error(
        Span::new(start, end),
        "the file holds no clause, only comments",
        "a comment; expected `(game \"Name\" …)`",
    )
    .with_help(help)
}

/// The game clause of `items` (the top-level expressions of `source`)
/// with its defines expanded, toggles bound and `match` clauses resolved;
/// `None` after errors.
fn resolve(
    items: &[Expr],
    source: &str,
    options: &Options,
    d: &mut Diags,
) -> Result<Option<Resolved>, LoadError> {
    let game = match items {
        [Expr::Clause(c)] if c.head == "game" => c,
        [] => {
            d.push(no_clause(source));
            return Ok(None);
        }
        [first, ..] => {
            d.error(
                first.span(),
                "a rule file holds one `(game \"Name\" …)` clause",
                "expected `(game …)`",
            );
            return Ok(None);
        }
    };
    check(game, "file", d);
    if too_many_declarations(game, d) {
        return Ok(None);
    }
    let name = game
        .args
        .first()
        .and_then(|e| string(e, d))
        .unwrap_or("?")
        .to_string();
    let mut toggles = Vec::new();
    // Declared with errors: `$name` stays unbound without more errors.
    let mut broken = Vec::new();
    let mut defines = Defines::default();
    let mut toggle_names = std::collections::HashSet::new();
    for c in clauses(game) {
        match c.head.as_str() {
            "toggle" => {
                let declared = toggles::declare(c, d);
                if let (None, Some(Expr::Word(w, _))) = (&declared, c.args.first()) {
                    broken.push(w.clone());
                }
                if let Some(t) = declared {
                    let seen = !toggle_names.insert(t.name.clone());
                    if d.declare_once(seen, c.span, "toggle", &t.name) {
                        toggles.push(t);
                    }
                }
            }
            "define" => defines.declare(c, d),
            _ => {}
        }
    }
    for c in clauses(game) {
        let named =
            ["piece", "region", "role", "counter", "phase", "track"].contains(&c.head.as_str());
        if let (true, Some(Expr::Str(n, span))) = (named, c.args.first())
            && defines.contains(n)
        {
            d.error(
                *span,
                format!("`{n}` names both a {} and a define", c.head),
                "a define's name replaces every string spelt the same",
            );
        }
    }
    let mut read = std::collections::HashSet::new();
    game.args
        .iter()
        .for_each(|e| toggles::read_names(e, &mut read));
    for t in &mut toggles {
        t.read = read.contains(t.name.as_str());
    }
    let errors = toggles::apply_overrides(&mut toggles, &options.sets);
    if !errors.is_empty() {
        return Err(LoadError::Options(errors));
    }
    let mut body: Vec<Expr> = game.args.iter().skip(1).cloned().collect();
    let is_define = |e: &Expr| matches!(e, Expr::Clause(c) if c.head == "define");
    // Defines first: their bodies may read toggles, and name the toggles
    // a `flip` changes during play.
    for e in body.iter_mut().filter(|e| !is_define(e)) {
        defines.expand(e, d);
    }
    let live = toggles::flipped(&body, &toggles);
    let bound = toggles::Bound::new(&toggles, &live, &broken);
    // A clause of the file chosen away by an empty `(case V)` is dropped.
    body.retain_mut(|e| {
        if is_define(e) {
            return true;
        }
        toggles::check_match_cases(e, &bound, d);
        toggles::substitute(e, &bound, d);
        matching::select_kept(e, d)
    });
    if let Some(limit) = defines.limit_error() {
        // Every other error follows from the runaway expansion.
        d.items = vec![limit.clone()];
        d.dropped = 0;
        d.dropped_warnings = 0;
        return Ok(None);
    }
    defines.warn_unused(d);
    warn_unused_toggles(game, &toggles, d);
    Ok(Some(Resolved {
        name,
        toggles,
        body,
    }))
}

/// Most clauses of one declaring kind in a game (`piece`: a piece id is a
/// byte, so more can never fit). Past them the file is refused at once,
/// so that checking stays linear in the number of declarations.
const MAX_DECLARED: [(&str, usize); 9] = [
    ("piece", 255),
    ("region", 4096),
    ("toggle", 4096),
    ("define", 4096),
    ("counter", 4096),
    ("phase", 4096),
    ("role", 4096),
    ("track", 64),
    ("player", 255),
];

/// Reports the first declaration past its kind's limit in
/// [`MAX_DECLARED`]; returns whether there is one.
fn too_many_declarations(game: &Clause, d: &mut Diags) -> bool {
    let mut counts = [0; MAX_DECLARED.len()];
    for c in clauses(game) {
        let Some(k) = MAX_DECLARED.iter().position(|(h, _)| *h == c.head) else {
            continue;
        };
        counts[k] += 1;
        let (head, max) = MAX_DECLARED[k];
        if counts[k] > max {
            d.push(
                crate::diag::Diagnostic::error(
                    c.span,
                    format!("too many `({head} …)` clauses"),
                    format!("this is number {}: at most {max} are allowed", max + 1),
                )
                .with_help(format!("a game declares at most {max} of them")),
            );
            return true;
        }
    }
    false
}

/// A toggle that no rule reads (`$name`, or a `flip` that names it) does
/// nothing.
fn warn_unused_toggles(game: &Clause, toggles: &[Toggle], d: &mut Diags) {
    /// Adds to `out` every word and `$name` of `e` outside toggle clauses.
    fn reads<'e>(e: &'e Expr, out: &mut std::collections::HashSet<&'e str>) {
        match e {
            Expr::Toggle(n, _) | Expr::Word(n, _) => {
                out.insert(n.as_str());
            }
            Expr::Clause(c) if c.head == "toggle" => {}
            Expr::Clause(c) => c
                .args
                .iter()
                .chain(c.named.iter().map(|n| &n.value))
                .for_each(|a| reads(a, out)),
            Expr::Array(v, _) => v.iter().for_each(|a| reads(a, out)),
            _ => {}
        }
    }
    let mut read = std::collections::HashSet::new();
    game.args.iter().for_each(|e| reads(e, &mut read));
    let mut declared = std::collections::HashMap::new();
    for c in clauses(game).filter(|c| c.head == "toggle") {
        if let Some(Expr::Word(w, _)) = c.args.first() {
            declared.entry(w.as_str()).or_insert(c.span);
        }
    }
    for t in toggles {
        if !read.contains(t.name.as_str()) {
            let span = declared.get(t.name.as_str()).copied().unwrap_or_default();
            d.push(
                crate::diag::Diagnostic::warning(
                    span,
                    format!("toggle `{}` is never read", t.name),
                    "unused toggle",
                )
                .with_help(format!("read it with `${0}`, or remove it", t.name)),
            );
        }
    }
}

fn clauses(game: &Clause) -> impl Iterator<Item = &Clause> {
    game.args.iter().skip(1).filter_map(|e| match e {
        Expr::Clause(c) => Some(c),
        _ => None,
    })
}

/// The order in which game-level clauses are lowered.
const ORDER: &[&str] = &[
    "players",
    "board",
    "track",
    "piece",
    "stack-limit",
    "counter",
    "region",
    "role",
    "setup",
    "code",
    "royal",
    "fen",
    "moves",
    "play",
    "phases",
    "end",
    "first",
    "heuristics",
];

fn lower_game(name: String, body: &[Expr], toggles: Vec<Toggle>, d: &mut Diags) -> Option<Game> {
    let mut l = Lowerer {
        stack_cap: 32,
        toggles: toggles.clone(),
        ..Default::default()
    };
    for e in body {
        match e {
            Expr::Clause(c)
                if ORDER.contains(&c.head.as_str()) || c.head == "toggle" || c.head == "define" => {
            }
            Expr::Clause(c) => l.unknown_head(c, "game", d),
            other => d.expected(other, "a clause"),
        }
    }
    once_each(body, d);
    l.declare_blocks(body, d);
    l.declare_roles(body, d);
    for head in ORDER {
        for e in body {
            if let Expr::Clause(c) = e
                && c.head == *head
            {
                lower_clause(&mut l, c, d);
            }
        }
    }
    finish_roles(&l, d);
    finish(name, l, toggles, body, d)
}

/// Clauses a game has at most once.
const ONCE: &[&str] = &[
    "players",
    "board",
    "stack-limit",
    "setup",
    "play",
    "phases",
    "end",
    "first",
    "heuristics",
    "royal",
    "fen",
];

/// Reports a second `(board …)`, `(players …)`… (a variant's `add` of a
/// clause the base has, too: it should `replace` it).
fn once_each(body: &[Expr], d: &mut Diags) {
    let mut seen: Vec<&Clause> = Vec::new();
    for e in body {
        if let Expr::Clause(c) = e
            && ONCE.contains(&c.head.as_str())
        {
            if let Some(first) = seen.iter().find(|f| f.head == c.head) {
                d.push(
                    crate::diag::Diagnostic::error(
                        c.head_span,
                        format!("a second `({} …)`", c.head),
                        "a game has one",
                    )
                    .with_related(first.head_span, "first given here")
                    .with_help("merge the two, or (in a variant) `replace` the base's"),
                );
            } else {
                seen.push(c);
            }
        }
    }
}

/// Lowers one game clause by the function of its row in the vocabulary
/// table (every head of [`ORDER`] has one: `vocab.rs` checks it).
fn lower_clause(l: &mut Lowerer, c: &Clause, d: &mut Diags) {
    if let Some(vocab::Lower::GameClause(lower)) = vocab::lowering("game", &c.head) {
        lower(l, c, d);
    }
}

fn finish_roles(l: &Lowerer, d: &mut Diags) {
    l.check_role_cycles(d);
    l.check_attack_reads(d);
}

fn finish(
    name: String,
    mut l: Lowerer,
    toggles: Vec<Toggle>,
    body: &[Expr],
    d: &mut Diags,
) -> Option<Game> {
    let span = body.first().map(Expr::span).unwrap_or_default();
    let written = |head: &str| {
        body.iter()
            .any(|e| matches!(e, Expr::Clause(c) if c.head == head))
    };
    for (head, missing) in [
        ("players", l.players.is_empty()),
        ("board", l.board.is_none()),
        ("piece", l.kinds.is_empty()),
        ("play", l.play.is_empty() && l.phases.is_empty()),
    ] {
        // A clause that is written but failed has its own errors already.
        if missing && !written(head) {
            let what = format!("({head} …)");
            d.push(
                crate::diag::Diagnostic::error(
                    span,
                    format!("the game has no {what} clause"),
                    format!("add a {what} clause"),
                )
                .with_help(
                    "every game needs (players …), (board …), (piece …) and (play …) or (phases …)",
                ),
            );
        }
    }
    let clause_of = |head: &str| {
        body.iter().find_map(|e| match e {
            Expr::Clause(c) if c.head == head => Some(c),
            _ => None,
        })
    };
    if let (Some(play), Some(_)) = (clause_of("play"), clause_of("phases")) {
        d.push(
            crate::diag::Diagnostic::error(
                play.head_span,
                "`(play …)` and `(phases …)` in one game",
                "this would be ignored: the phases give the moves",
            )
            .with_help(
                "move these moves into a player phase of the `(phases …)` clause, or remove it",
            ),
        );
    }
    let board = l.board?;
    if l.players.is_empty() || l.kinds.is_empty() || l.kinds.len() * l.players.len() > 255 {
        return None;
    }
    royal::guard_royal(&mut l.gens, l.royal);
    let phases = if l.phases.is_empty() {
        vec![ir::Phase {
            name: "Play".into(),
            auto: Vec::new(),
            play: l.play.clone(),
            repeat: false,
        }]
    } else {
        l.phases
    };
    if l.counters.len() * l.players.len() > ir::MAX_COUNTERS {
        let limit = ir::MAX_COUNTERS;
        d.error(
            span,
            "too many counters",
            format!("at most {limit} counter values (counters × players)"),
        );
        return None;
    }
    let mut owners = [0; 256];
    for (p, o) in owners.iter_mut().enumerate() {
        *o = (p % l.players.len()) as u8;
    }
    let mut piece_kinds = [0; 256];
    for (p, k) in piece_kinds.iter_mut().enumerate() {
        *k = (p / l.players.len()) as u8;
    }
    let distances = stacks::region_distances(&board, &l.regions);
    Some(Game {
        piece_kinds,
        kind_letters: l.kind_letters,
        fen: l.fen,
        royal: l.royal,
        tracks_unmoved: l.tracks_unmoved,
        tracks_boards: l.tracks_boards,
        last_readers: l.last_readers,
        chance: l.chance,
        chance_ids: l.chance_ids,
        max_die: l.max_die,
        action_space: std::sync::OnceLock::new(),
        owners,
        roles: l.roles,
        phases,
        counters: l.counters,
        name,
        board,
        players: l.players,
        kinds: l.kinds,
        kind_symbols: l.kind_symbols,
        drawn_points: l.drawn_points,
        kind_svgs: vec![None; l.kind_pictures.len()],
        kind_pictures: l.kind_pictures,
        picture_files: l.picture_files,
        stack_cap: l.stack_cap,
        stack_limit_declared: l.stack_limit_declared,
        toggles,
        region_names: l.region_names,
        region_marks: l.region_marks,
        regions: l.regions,
        dirsets: l.dirsets,
        setup: l.setup,
        gens: l.gens,
        maximize: l.maximize,
        blocks: l.blocks,
        block_names: l.block_names,
        block_skip_end: l.block_skip_end,
        distances,
        end: l.end,
        codes: l.codes,
        first: l.first,
        tracks: l.tracks,
        heuristics: l.heuristics.unwrap_or_else(heuristics::default_terms),
    })
}

#[cfg(test)]
mod refusal_tests;
#[cfg(test)]
mod tests;

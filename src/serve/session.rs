//! One game on the page: the rules, the turns played, the steps of the
//! turn being entered, the seats, and what a click does.
//!
//! A turn is entered step by step ([`State::legal_moves`] at each step):
//! a click on an origin selects it and highlights its destinations, a click
//! on a destination plays the step; a multi-jump goes on from where it
//! landed. When several steps share origin and destination (how many
//! pieces to take from a stack) or a step has no site to click (`pass`,
//! `end`), they are offered as choices. The turns played so far are kept
//! with their notation, and `at` says how many of them the position shows
//! (stepping through a record, or after undo).

mod dice;
mod edit;
mod legend;
mod roll;
mod view;

pub use edit::{Draft, Edit};
pub use view::seat_values;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

use ludic::board::{NO_SITE, Site};
use ludic::compile::ir::GenKind;
use ludic::compile::{Game, LoadError, Options};
use ludic::engine::{Move, State};
use ludic::players::PlayerSpec;
use ludic::record::export::{GameRecord, RecordFormat, write_record};
use ludic::record::pdn::parse_pdn;
use ludic::record::san::turn_to_san;
use ludic::record::trial::{Trial, TrialMove, TrialResult, is_trial, parse_trial, write_trial};

/// The seed of a game started with [`Session::new_seeded`] in tests and
/// examples: `ludic play`'s default `--seed`, so that such a game and the
/// terminal's start alike. A game the page starts takes a fresh seed
/// ([`fresh_seed`]).
#[cfg(test)] // the tests' start; the page draws a fresh seed
pub const START_SEED: u64 = 1;

/// Seeds drawn for new games stay below 2⁵³, so that the page's script
/// (whose numbers are doubles) reads and writes them exactly.
const SEED_BITS: u32 = 53;

/// The largest seed the server takes (2⁵³ − 1): the page's script keeps a
/// game's seed as a double, which holds every whole number up to it
/// exactly. Larger seeds are refused, not rounded.
pub const MAX_SEED: u64 = (1 << SEED_BITS) - 1;

/// `seed` when the page can hold it exactly (at most [`MAX_SEED`]); else
/// why it is refused. `what` names it (`seed`, `the trial's seed`).
pub fn page_seed(seed: u64, what: &str) -> Result<u64, String> {
    if seed > MAX_SEED {
        return Err(format!(
            "{what} {seed} is too large: the page holds seeds from 0 to {MAX_SEED} (2^53 - 1) exactly"
        ));
    }
    Ok(seed)
}

/// A fresh seed for a new game: random bits from the operating system's
/// generator, below 2⁵³.
pub fn fresh_seed() -> u64 {
    use rand::RngExt;
    rand::rng().random::<u64>() >> (64 - SEED_BITS)
}
/// Where a game's rules come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A shipped game, by name.
    Shipped(String),
    /// A rule file named on the command line.
    File(String),
}

impl Source {
    /// The id the page uses: the shipped name or the path as given.
    pub fn id(&self) -> &str {
        match self {
            Source::Shipped(n) | Source::File(n) => n,
        }
    }

    /// Reads and compiles the rules with `sets` (`NAME=VALUE`). Only the
    /// shipped games and the files given to the server are read.
    pub fn load(&self, sets: &[String]) -> Result<Arc<Game>, String> {
        self.load_game(sets).map_err(|e| e.to_string())
    }

    /// As [`Source::load`], with the kind of error.
    pub fn load_game(&self, sets: &[String]) -> Result<Arc<Game>, LoadError> {
        let opts = Options::from_sets(sets)?;
        let game = match self {
            Source::Shipped(name) => {
                let (path, text) = ludic::compile::read_shipped(name)
                    .ok_or_else(|| LoadError::Io(format!("unknown game `{name}`")))?
                    .map_err(|e| LoadError::Io(format!("games/{name}.game: {e}")))?;
                Game::from_source(&path, &text, &opts)
            }
            Source::File(path) => Game::load(path, &opts),
        };
        game.map(Arc::new)
    }

    /// The modification time of the rule file (`None` for shipped games
    /// embedded in the binary, or when it cannot be read): a shipped game
    /// read from the crate's `games/` folder is reloaded when it changes,
    /// as a file given on the command line is.
    pub fn mtime(&self) -> Option<SystemTime> {
        let file = match self {
            Source::Shipped(n) => ludic::compile::shipped_file(n)?,
            Source::File(p) => p.into(),
        };
        std::fs::metadata(file).and_then(|m| m.modified()).ok()
    }
}

/// A turn played: its steps, its notation, and how the move list shows
/// it.
#[derive(Debug, Clone)]
struct Turn {
    steps: Vec<Move>,
    /// In the game's notation (what records and the address carry).
    text: String,
    /// As the move list shows it: SAN in a game recorded as PGN
    /// ([`ludic::record::san`]), else `text`.
    shown: String,
    /// What the record notes after the turn, each a comment line of a
    /// trial (`Black passes (no legal move)`: [`roll::note_passes`]).
    notes: Vec<String>,
}

impl Turn {
    /// The turn `steps` played from `st` (the position before it).
    fn new(st: &State, steps: Vec<Move>) -> Turn {
        let text = st.turn_to_string(&steps);
        Turn::with_text(st, steps, text)
    }

    /// [`Turn::new`] with its notation already written.
    fn with_text(st: &State, steps: Vec<Move>, text: String) -> Turn {
        let san = match RecordFormat::of(st.game()) {
            Some(RecordFormat::Pgn) => turn_to_san(st, &steps),
            _ => None,
        };
        let shown = san.unwrap_or_else(|| text.clone());
        Turn {
            steps,
            text,
            shown,
            notes: Vec::new(),
        }
    }
}

/// A choice offered as a button: a step that has no site to click, or one
/// of several steps between the same two sites.
#[derive(Debug, Clone)]
struct Choice {
    step: Move,
    text: String,
}

/// One game on the page.
#[derive(Debug)]
pub struct Session {
    source: Source,
    sets: Vec<String>,
    seats: Vec<PlayerSpec>,
    game: Option<Arc<Game>>,
    /// What the rule file says about its ends and goals (read with the
    /// game; `None` when it cannot be read).
    notes: Option<Arc<super::notes::RuleNotes>>,
    error: Option<String>,
    mtime: Option<SystemTime>,
    /// The position before the first turn.
    start: Option<State>,
    /// `position` or `start` line of a loaded trial (kept when saving).
    start_text: Option<(String, String)>,
    turns: Vec<Turn>,
    at: usize,
    partial: Vec<Move>,
    /// The position shown: `start`, then `turns[..at]`, then `partial`.
    current: Option<State>,
    selected: Option<Site>,
    choices: Vec<Choice>,
    message: Option<String>,
    /// Bumped on every change, so that an AI's answer computed for an
    /// older position is dropped.
    pub version: u64,
    /// The game's seed: it draws the first player where the game draws
    /// it, and nature's roll at ply N is drawn from it and N alone, so
    /// that a roll taken back by undo comes again the same
    /// (docs/serve.md).
    game_seed: u64,
    /// Seed of the computer players' next turn.
    seed: u64,
    /// The board is drawn turned half round.
    flip: bool,
    /// The position being edited, if any ([`edit`]).
    draft: Option<Draft>,
    /// The stop flags of the searches running for this game: the hint,
    /// the computer's turn.
    stops: [Option<Arc<AtomicBool>>; 2],
}

/// A search a session runs on the computer players' pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// Analysis: a hint for the position shown.
    Hint,
    /// The computer's turn.
    Turn,
}

impl Session {
    /// The position shown (the start, the turns up to the slider, then the
    /// steps entered so far); `None` while the rule file does not check.
    #[cfg(test)] // read by the tests beside the page
    pub fn state(&self) -> Option<&State> {
        self.current.as_ref()
    }

    /// Draws the board turned half round (`true`) or not.
    pub fn set_flip(&mut self, flip: bool) {
        self.flip = flip;
    }

    /// Forgets when the rule file was last read, so that the next
    /// [`Session::reload_if_changed`] reads it again.
    #[cfg(test)] // read by the tests beside the page
    pub fn forget_file_time(&mut self) {
        self.mtime = Some(SystemTime::UNIX_EPOCH);
    }

    /// A new game of `source` with toggles `sets` and players `seats`
    /// (missing seats are human), from seed [`START_SEED`]. A file that
    /// does not compile gives a session that shows its diagnostics.
    #[cfg(test)] // the page's games take a fresh seed (`new_seeded`)
    pub fn new(source: Source, sets: Vec<String>, seats: Vec<PlayerSpec>) -> Session {
        Session::new_seeded(source, sets, seats, START_SEED)
    }

    /// [`Session::new`] with the game's seed: the first player where the
    /// game draws it, nature's rolls and the computer players' seeds.
    pub fn new_seeded(
        source: Source,
        sets: Vec<String>,
        seats: Vec<PlayerSpec>,
        seed: u64,
    ) -> Session {
        let mut s = Session {
            mtime: source.mtime(),
            source,
            sets,
            seats,
            game: None,
            notes: None,
            error: None,
            start: None,
            start_text: None,
            turns: Vec::new(),
            at: 0,
            partial: Vec::new(),
            current: None,
            selected: None,
            choices: Vec::new(),
            message: None,
            version: 0,
            game_seed: seed,
            seed,
            flip: false,
            draft: None,
            stops: [None, None],
        };
        s.compile();
        s
    }

    /// Compiles the rules; on success starts from the initial position.
    fn compile(&mut self) {
        match self.source.load(&self.sets) {
            Ok(g) => self.start_from(g),
            Err(e) => {
                self.game = None;
                self.start = None;
                self.error = Some(e);
            }
        }
        self.start_text = None;
        self.turns.clear();
        self.at = 0;
        self.partial.clear();
        // A game whose first turn rolls starts with nature's move.
        self.roll_nature();
        self.rebuild();
    }

    /// Takes `g` as the rules, from its initial position.
    fn start_from(&mut self, g: Arc<Game>) {
        self.seats.resize(g.players.len(), PlayerSpec::Human);
        self.seats.truncate(g.players.len());
        self.start = Some(State::new_for_seed(g.clone(), self.game_seed));
        self.game = Some(g);
        self.notes = super::notes::RuleNotes::read(self.source.id()).map(Arc::new);
        self.error = None;
    }

    /// Checks whether the rule file changed on disk and reloads it.
    /// Returns true when it read it again.
    ///
    /// When it compiles, the turns played are replayed on the new rules
    /// as far as they still apply, and the message says which ones no
    /// longer do. When it does not, the game goes on with the last good
    /// rules and `error` holds the diagnostics, until the file is fixed.
    pub fn reload_if_changed(&mut self) -> bool {
        let now = self.source.mtime();
        if now.is_none() || now == self.mtime {
            return false;
        }
        self.mtime = now;
        match self.source.load(&self.sets) {
            Ok(g) => self.replay_on(g),
            Err(e) => {
                if self.game.is_some() {
                    self.message = Some(format!(
                        "{} no longer compiles: the last good rules stay until it is fixed",
                        self.source.id()
                    ));
                }
                self.error = Some(e);
            }
        }
        self.version += 1;
        true
    }

    /// Takes `g` as the rules and replays the turns played (all of them;
    /// the slider stays where it was) from the same start.
    fn replay_on(&mut self, g: Arc<Game>) {
        let texts: Vec<String> = self.turns.iter().map(|t| t.text.clone()).collect();
        let at = self.at;
        let start_text = self.start_text.take();
        self.start_from(g.clone());
        let mut note = String::new();
        if let Some((kind, text)) = &start_text {
            match start_of(g, kind, text) {
                Ok(st) => {
                    self.start = Some(st);
                    self.start_text = start_text.clone();
                }
                Err(e) => note = format!("; its start position no longer applies ({e})"),
            }
        }
        self.turns.clear();
        self.at = 0;
        self.partial.clear();
        self.rebuild();
        let mut dropped = None;
        for (i, t) in texts.iter().enumerate() {
            if let Err(e) = self.play_text(t) {
                dropped = Some((i, e));
                break;
            }
        }
        if let Some(start) = self.start.clone() {
            roll::note_record_passes(&start, &mut self.turns);
        }
        self.at = at.min(self.turns.len());
        // Replayed to its end at a roll: nature rolls (a computer's).
        self.roll_nature();
        self.rebuild();
        let id = self.source.id();
        let (kept, n) = (self.turns.len(), texts.len());
        let mut m =
            format!("{id} changed on disk and was reloaded ({kept} of {n} turns replayed){note}");
        if let Some((i, e)) = dropped {
            let gone = match n - i {
                1 => "it was dropped".to_string(),
                k => format!("it and the {} turns after it were dropped", k - 1),
            };
            m += &format!(
                "; turn {} ({}) no longer applies ({e}): {gone}",
                i + 1,
                texts[i]
            );
        }
        self.message = Some(m);
    }

    /// Recomputes the position shown from the start and the turns.
    fn rebuild(&mut self) {
        self.selected = None;
        self.choices.clear();
        self.current = self.start.clone().map(|mut st| {
            for t in &self.turns[..self.at] {
                st.play_turn(&t.steps);
            }
            st.play_turn(&self.partial);
            st
        });
        self.version += 1;
        self.auto_select();
    }

    /// In a turn that must go on from one site (a multi-jump), that site
    /// is selected.
    fn auto_select(&mut self) {
        let Some(st) = &self.current else { return };
        let moves = st.legal_moves();
        self.choices = self.button_steps(st, &moves);
        if self.partial.is_empty() {
            return;
        }
        let froms: Vec<Site> = moves
            .iter()
            .filter(|m| clickable_from(st, m))
            .map(|m| m.from)
            .collect();
        if let Some(&f) = froms.first()
            && froms.iter().all(|&x| x == f)
        {
            self.selected = Some(f);
        }
    }

    /// The steps that have no site to click: `pass`, `end`, flips.
    fn button_steps(&self, st: &State, moves: &[Move]) -> Vec<Choice> {
        moves
            .iter()
            .filter(|m| !m.is_chance() && !clickable_from(st, m) && !is_place(st, m))
            .map(|m| Choice {
                step: *m,
                text: st.move_to_string(m),
            })
            .collect()
    }

    /// The seat to move, if the game goes on. None at a chance node:
    /// nature moves there, and its move is drawn by the server
    /// ([`Session::roll_nature`]), never chosen by a seat.
    fn to_move(&self) -> Option<usize> {
        let st = self.current.as_ref()?;
        if st.outcome().is_some() || st.is_chance_node() || st.legal_moves().is_empty() {
            return None;
        }
        Some(usize::from(st.current_player()))
    }

    /// True when a computer player is to move (the page then asks for its
    /// turn at the speed it wants).
    pub fn ai_to_move(&self) -> bool {
        self.draft.is_none()
            && self
                .to_move()
                .is_some_and(|p| !self.seats[p].is_human() && self.at == self.turns.len())
    }

    /// A click on `site`. An illegal click changes nothing and says why.
    pub fn click(&mut self, site: Site) -> Result<(), String> {
        if self.draft.is_some() {
            return Err("a position is being edited: Done or Cancel first".into());
        }
        let st = self.current.clone().ok_or("the rules do not compile")?;
        let game = st.game().clone();
        if usize::from(site) >= game.board.len() {
            return Err(format!(
                "site {site} is not on the board (it has {} sites)",
                game.board.len()
            ));
        }
        let Some(p) = self.to_move() else {
            return Err("the game is over".into());
        };
        if !self.seats[p].is_human() {
            return Err(format!(
                "it is {} turn, played by the computer ({})",
                ludic::diag::possessive(&game.players[p].name),
                self.seats[p]
            ));
        }
        let label = game.board.site(site).label.clone();
        let moves = st.legal_moves();
        if let Some(o) = self.selected {
            let to_here: Vec<Move> = moves
                .iter()
                .filter(|m| m.from == o && m.to == site && clickable_from(&st, m))
                .copied()
                .collect();
            match to_here.as_slice() {
                [m] => return self.step(*m),
                [] => {}
                several => {
                    self.message = Some("choose one of these moves".into());
                    self.choices = several
                        .iter()
                        .map(|m| Choice {
                            step: *m,
                            text: st.move_to_string(m),
                        })
                        .collect();
                    self.version += 1;
                    return Ok(());
                }
            }
            if site == o {
                // A click on the selected origin takes the selection back,
                // unless it is the only origin (the page selected it
                // itself: a checker on the bar) or the turn goes on from
                // it: then it stays selected, as the player meant.
                let only = moves
                    .iter()
                    .filter(|m| clickable_from(&st, m))
                    .all(|m| m.from == o);
                if self.partial.is_empty() && !only {
                    self.selected = None;
                }
                self.message = None;
                self.version += 1;
                return Ok(());
            }
        }
        let from_here = moves
            .iter()
            .any(|m| m.from == site && clickable_from(&st, m));
        let places: Vec<Move> = moves
            .iter()
            .filter(|m| click_site(&st, m) == Some(site))
            .copied()
            .collect();
        let continuing = !self.partial.is_empty() && self.selected.is_some();
        if from_here && !continuing {
            self.selected = Some(site);
            self.message = None;
            self.choices = self.button_steps(&st, &moves);
            self.choices.extend(places.iter().map(|m| Choice {
                step: *m,
                text: st.move_to_string(m),
            }));
            self.version += 1;
            return Ok(());
        }
        match places.as_slice() {
            [m] => return self.step(*m),
            [] => {}
            several => {
                self.choices = several
                    .iter()
                    .map(|m| Choice {
                        step: *m,
                        text: st.move_to_string(m),
                    })
                    .collect();
                self.version += 1;
                return Ok(());
            }
        }
        Err(self.why_not(&st, &moves, site, &label))
    }

    /// Why a click on `site` plays nothing.
    fn why_not(&self, st: &State, moves: &[Move], site: Site, label: &str) -> String {
        let game = st.game();
        let b = &game.board;
        let list = |ms: &mut dyn Iterator<Item = &Move>| {
            let mut v: Vec<String> = ms.map(|m| st.move_to_string(m)).collect();
            v.dedup();
            if v.len() > 12 {
                let n = v.len();
                v.truncate(12);
                v.push(format!("… ({n} in all)"));
            }
            v.join(" ")
        };
        if let Some(o) = self.selected {
            let from_o = list(&mut moves.iter().filter(|m| m.from == o));
            return format!(
                "{} cannot go to {label}; from {} the legal moves are {from_o}",
                b.site(o).label,
                b.site(o).label
            );
        }
        // A step the rules make here but its rule's filter refuses (a
        // repetition, a suicide): that filter's reason.
        let mut made = Vec::new();
        st.candidates_into(&mut made);
        if let Some(why) = made
            .iter()
            .filter(|m| !m.is_chance() && click_site(st, m) == Some(site))
            .find_map(|m| st.filter_refusal(m))
        {
            return format!("{label}: {why}");
        }
        let captures = moves
            .iter()
            .filter(|m| st.move_to_string(m).contains('x'))
            .count();
        if captures == moves.len() && captures > 0 && st.height(site) > 0 {
            return format!(
                "no legal move starts at {label}: a capture is compulsory: {}",
                list(&mut moves.iter())
            );
        }
        let in_check = !view::check_sites(st).is_empty();
        let what = match st.top_owner(site) {
            None => " (it is empty)".to_string(),
            Some(p) if p == st.current_player() && in_check => " (in check)".to_string(),
            Some(p) if p == st.current_player() => String::new(),
            Some(p) => format!(
                " (it holds {} pieces)",
                ludic::diag::possessive(&game.players[usize::from(p)].name)
            ),
        };
        format!(
            "no legal move starts at {label}{what}; the legal moves are {}",
            list(&mut moves.iter())
        )
    }

    /// Plays the choice shown at `index`.
    pub fn choose(&mut self, index: usize) -> Result<(), String> {
        let Some(c) = self.choices.get(index).cloned() else {
            return Err(format!(
                "no choice {index}: there are {} choices",
                self.choices.len()
            ));
        };
        match self.to_move() {
            Some(p) if self.seats[p].is_human() => self.step(c.step),
            Some(_) => Err("it is the computer's turn".into()),
            None => Err("the game is over".into()),
        }
    }

    /// Plays one step of the mover's turn; completes the turn when it ends.
    fn step(&mut self, m: Move) -> Result<(), String> {
        let mut st = self.current.clone().ok_or("the rules do not compile")?;
        if m.is_chance() || st.is_chance_node() {
            return Err("nature's roll is drawn by the server, not chosen".into());
        }
        let mover = st.current_player();
        st.play(&m).map_err(|e| e.to_string())?;
        // Playing from an earlier position drops the turns after it.
        self.turns.truncate(self.at);
        self.partial.push(m);
        let ends = !(st.mid_turn() && st.current_player() == mover) || st.legal_moves().is_empty();
        if ends {
            let steps = std::mem::take(&mut self.partial);
            self.turns.push(Turn::new(&self.turn_start(), steps));
            self.at += 1;
            self.roll_nature();
        }
        self.message = None;
        self.rebuild();
        Ok(())
    }

    /// The position at the start of the turn being entered.
    fn turn_start(&self) -> State {
        self.state_at(self.at)
    }

    /// The position after the first `ply` turns.
    fn state_at(&self, ply: usize) -> State {
        let mut st = self.start.clone().expect("a compiled game");
        for t in &self.turns[..ply] {
            st.play_turn(&t.steps);
        }
        st
    }

    /// Plays a whole turn written in the game's notation, a roll as
    /// recorded (nature does not roll meanwhile: the record's rolls are
    /// its turns); an error says why it is refused (not a legal move,
    /// the game is over).
    fn play_text(&mut self, text: &str) -> Result<(), String> {
        let st = self.current.as_ref().ok_or("the rules do not compile")?;
        let steps = ludic::record::roll::parse_turn(st, text).map_err(|e| refusal(&e))?;
        self.turns.push(Turn::new(st, steps));
        self.at += 1;
        self.rebuild();
        Ok(())
    }

    /// Plays a whole turn (the computer's) at the end of the game.
    pub fn play_turn(&mut self, steps: Vec<Move>) {
        self.turns.truncate(self.at);
        self.partial.clear();
        self.turns.push(Turn::new(&self.turn_start(), steps));
        self.at += 1;
        self.roll_nature();
        self.message = None;
        self.rebuild();
    }

    /// What a computer player needs to choose the next turn: the
    /// position, the seat's player and the version it answers.
    pub fn ai_request(&mut self) -> Option<(State, PlayerSpec, u64, u64)> {
        if !self.ai_to_move() {
            return None;
        }
        let st = self.current.clone()?;
        let spec = self.seats[usize::from(st.current_player())];
        self.seed += 1;
        Some((st, spec, self.version, self.seed))
    }

    /// A stop flag for a new search of kind `what`; the previous one of
    /// that kind, if still running, stops.
    pub fn new_search(&mut self, what: Search) -> Arc<AtomicBool> {
        self.stop_search(what);
        let flag = Arc::new(AtomicBool::new(false));
        self.stops[what as usize] = Some(flag.clone());
        flag
    }

    /// Stops the search of kind `what`, if one runs: it answers at once
    /// with the best turn it has found.
    pub fn stop_search(&mut self, what: Search) {
        if let Some(f) = self.stops[what as usize].take() {
            f.store(true, Ordering::Relaxed);
        }
    }

    /// The position a hint is asked for (the one shown, a turn being
    /// entered taken back) and the session's version; `None` when the
    /// rules do not compile or the game is over.
    pub fn hint_request(&self) -> Option<(State, u64)> {
        self.start.as_ref()?;
        let st = self.turn_start();
        st.outcome().is_none().then_some((st, self.version))
    }

    /// The sites a turn's steps go from and to, in order, each once.
    pub fn turn_sites(steps: &[Move]) -> Vec<Site> {
        sites_of(steps)
    }

    /// Takes back the steps of the turn being entered, or the last turn,
    /// and the computer's turns and nature's rolls before it so that a
    /// human is to move.
    pub fn undo(&mut self) -> Result<(), String> {
        if !self.partial.is_empty() {
            self.partial.clear();
            self.rebuild();
            return Ok(());
        }
        let Some(back) = self.undo_target() else {
            return Err("nothing to undo".into());
        };
        self.at = back;
        self.turns.truncate(self.at);
        self.message = None;
        self.rebuild();
        Ok(())
    }

    /// Where undo goes back to: the last position before the one shown
    /// where a seat moves (never a chance node: nature's rolls are taken
    /// back with the step they follow and never alone, so a roll is never
    /// thrown again, docs/chance.md), a human's when a human plays;
    /// `None` when there is none (the opening throw is kept).
    fn undo_target(&self) -> Option<usize> {
        let start = self.start.clone()?;
        let humans = self.seats.iter().any(|s| s.is_human());
        let mut st = start;
        let mut best = None;
        for k in 0..self.at {
            let seat = usize::from(st.current_player());
            if !st.is_chance_node() && (!humans || self.seats[seat].is_human()) {
                best = Some(k);
            }
            st.play_turn(&self.turns[k].steps);
        }
        best
    }

    /// Shows the position after `ply` turns (a record's slider).
    pub fn seek(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.turns.len() {
            return Err(format!(
                "ply {ply} is past the end: the game has {} turns",
                self.turns.len()
            ));
        }
        self.partial.clear();
        self.at = ply;
        self.message = None;
        // The end of a record that stops at a chance node: the server rolls.
        self.roll_nature();
        self.rebuild();
        Ok(())
    }

    /// Sets the players of the seats.
    pub fn set_seats(&mut self, seats: Vec<PlayerSpec>) -> Result<(), String> {
        let n = self.seats.len();
        if self.game.is_some() && seats.len() != n {
            return Err(format!(
                "the game has {n} seats, {} were given",
                seats.len()
            ));
        }
        self.seats = seats;
        self.version += 1;
        // A roll that waited for a seat now a computer's is made.
        if self.current.as_ref().is_some_and(State::is_chance_node)
            && self.awaiting_roll().is_none()
        {
            self.roll_nature();
            self.rebuild();
        }
        Ok(())
    }

    /// Loads a record (a trial or a PDN file's first game) and shows its
    /// start; the slider then steps through it. A record that does not
    /// replay changes nothing.
    pub fn load_record(&mut self, text: &str) -> Result<(), String> {
        let game = self.game.clone().ok_or("the rules do not compile")?;
        let mut new_sets = None;
        let (start, start_text, moves) = if is_trial(text) {
            let t = parse_trial(text).map_err(|e| format!("trial: {e}"))?;
            self.same_game(&t.game, t.title.as_deref(), &game)?;
            if let Some(seed) = t.seed {
                page_seed(seed, "the trial's seed")?;
            }
            // The trial's `set` lines are the toggles it was played with
            // (none: the defaults), whatever the page had.
            let sets: Vec<String> = t.sets.iter().map(|(n, v)| format!("{n}={v}")).collect();
            let game = if sets == self.sets {
                game
            } else {
                self.source
                    .load(&sets)
                    .map_err(|e| format!("the trial's `set` lines: {e}"))?
            };
            new_sets = Some(sets);
            let (start, start_text) = match (&t.start, &t.position) {
                (Some(f), _) => (
                    State::from_fen(game, f).map_err(|e| format!("trial start: {e}"))?,
                    Some(("start".to_string(), f.clone())),
                ),
                (_, Some(p)) => (
                    State::from_position(game, p).map_err(|e| format!("trial position: {e}"))?,
                    Some(("position".to_string(), p.clone())),
                ),
                _ => match t.seed {
                    Some(seed) => (State::new_for_seed(game, seed), None),
                    None => (State::new(game), None),
                },
            };
            let moves: Vec<String> = t.moves.iter().map(|m| m.text.clone()).collect();
            // The trial's seed is the game's from now on: the rolls after
            // its last turn are drawn from it.
            if let Some(seed) = t.seed {
                self.game_seed = seed;
            }
            (start, start_text, moves)
        } else {
            let games = parse_pdn(text).map_err(|e| format!("PDN: {e}"))?;
            let g = games.first().ok_or("the PDN file has no game")?;
            let start = match g.tag("FEN") {
                Some(f) => State::from_fen(game, f).map_err(|e| format!("PDN FEN tag: {e}"))?,
                None => State::new(game),
            };
            let start_text = g.tag("FEN").map(|f| ("start".to_string(), f.to_string()));
            (
                start,
                start_text,
                g.moves.iter().map(|m| m.text.clone()).collect(),
            )
        };
        let mut st = start.clone();
        let mut turns = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let steps = record_turn(&st, m).map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
            let turn = Turn::new(&st, steps);
            st.play_turn(&turn.steps);
            turns.push(turn);
        }
        roll::note_record_passes(&start, &mut turns);
        if let Some(sets) = new_sets {
            self.sets = sets;
        }
        self.game = Some(start.game().clone());
        self.start = Some(start);
        self.start_text = start_text;
        self.turns = turns;
        self.at = 0;
        self.partial.clear();
        self.message = Some(format!("record loaded: {} turns", self.turns.len()));
        // A record of no turn from a roll: the server rolls.
        self.roll_nature();
        self.rebuild();
        Ok(())
    }

    /// Refuses a trial of another game than the page's: its `title` line
    /// is not this game's name, or (no title) its `game` line names
    /// another file than the page's (compared by file name, without the
    /// folder and `.game`).
    fn same_game(&self, id: &str, title: Option<&str>, game: &Game) -> Result<(), String> {
        let stem = |s: &str| {
            let base = s.rsplit(['/', '\\']).next().unwrap_or(s);
            base.strip_suffix(".game").unwrap_or(base).to_string()
        };
        let ours = self.source.id();
        let same_file = stem(id) == stem(ours);
        match title {
            Some(t) if t != game.name => Err(format!(
                "this trial is of \"{t}\" (`game {id}`); the page plays \"{}\" ({ours}): choose that game first",
                game.name
            )),
            None if !same_file => Err(format!(
                "this trial is of `{id}`; the page plays `{ours}` (\"{}\"): choose that game first",
                game.name
            )),
            _ => Ok(()),
        }
    }

    /// Starts from the position a position text (or, for a game with FEN,
    /// a FEN text) describes, with no turns played: the text's whole state
    /// (counters, phase, history; docs/language.md). A text that does not
    /// read changes nothing.
    pub fn load_position(&mut self, text: &str) -> Result<(), String> {
        let game = self.game.clone().ok_or("the rules do not compile")?;
        let text = text.trim();
        let (kind, start) = match State::from_position(game.clone(), text) {
            Ok(st) => ("position", st),
            Err(e) => match State::from_fen(game, text) {
                Ok(st) => ("start", st),
                Err(_) => return Err(format!("position: {e}")),
            },
        };
        self.start = Some(start);
        self.start_text = Some((kind.to_string(), text.to_string()));
        self.turns.clear();
        self.at = 0;
        self.partial.clear();
        self.message = Some("position loaded".to_string());
        // A position at a roll (`pending=start`): the server rolls.
        self.roll_nature();
        self.rebuild();
        Ok(())
    }

    /// The game in its field's record format ([`RecordFormat::of`]: PGN
    /// for a game with FEN, PDN for numbered draughts boards), the turns
    /// shown up to the slider; an error says why there is none.
    pub fn record(&self) -> Result<(RecordFormat, String), String> {
        let game = self.game.as_ref().ok_or("the rules do not compile")?;
        let start = self.start.as_ref().ok_or("the rules do not compile")?;
        let format = RecordFormat::of(game)
            .ok_or("this game's notation has no PGN or PDN: save the trial")?;
        let turns: Vec<Vec<Move>> = self.turns[..self.at]
            .iter()
            .map(|t| t.steps.clone())
            .collect();
        let seats: Vec<String> = self.seats.iter().map(|s| s.to_string()).collect();
        let rec = GameRecord {
            start,
            set_up: self.start_text.is_some(),
            turns: &turns,
            seats: &seats,
        };
        let text = write_record(format, &rec).ok_or(match format {
            RecordFormat::Pgn => "a turn has no SAN, or the start no FEN: save the trial",
            RecordFormat::Pdn => "the start has no FEN: save the trial",
        })?;
        Ok((format, text))
    }

    /// The game as a trial (the turns shown, up to the slider).
    pub fn trial(&self) -> Result<String, String> {
        let game = self.game.as_ref().ok_or("the rules do not compile")?;
        let st = self.current.as_ref().ok_or("the rules do not compile")?;
        let sets = self
            .sets
            .iter()
            .filter_map(|s| s.split_once('='))
            .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
            .collect();
        let (start, position) = match &self.start_text {
            Some((k, v)) if k == "start" => (Some(v.clone()), None),
            Some((_, v)) => (None, Some(v.clone())),
            None => (None, None),
        };
        let t = Trial {
            game: self.source.id().to_string(),
            title: Some(game.name.clone()),
            sets,
            // The game's seed: the first player in a game that draws it,
            // nature's rolls in a game of chance.
            seed: view::seed_matters(game).then_some(self.game_seed),
            players: self.seats.iter().map(|s| s.to_string()).collect(),
            start,
            position,
            moves: self.turns[..self.at]
                .iter()
                .enumerate()
                .map(|(i, t)| TrialMove {
                    text: t.notes.iter().fold(t.text.clone(), |s, n| s + "\n# " + n),
                    line: i + 1,
                })
                .collect(),
            result: TrialResult::from_outcome(st.outcome()),
            lines: Default::default(),
        };
        Ok(write_trial(&t))
    }
}

/// A turn of a record: in the game's notation, or (a PGN's) in SAN.
fn record_turn(st: &State, text: &str) -> Result<Vec<Move>, String> {
    ludic::record::roll::parse_turn(st, text)
        .or_else(|e| ludic::record::san::san_to_turn(st, text).ok_or_else(|| refusal(&e)))
}

/// A start position written in a record: a `start` (FEN) or a
/// `position` line.
fn start_of(g: Arc<Game>, kind: &str, text: &str) -> Result<State, String> {
    if kind == "start" {
        State::from_fen(g, text).map_err(|e| e.to_string())
    } else {
        State::from_position(g, text).map_err(|e| e.to_string())
    }
}

/// True for a step that moves a stack from a site (clicked as origin,
/// then destination).
fn clickable_from(st: &State, m: &Move) -> bool {
    m.from != NO_SITE
        && !matches!(
            st.game().gens[usize::from(m.gen_id)].kind,
            GenKind::Place { .. }
                | GenKind::Pass
                | GenKind::EndPhase
                | GenKind::Flip(_)
                | GenKind::Sow { .. }
        )
}

/// True for a step played by one click on a site (see [`click_site`]).
fn is_place(st: &State, m: &Move) -> bool {
    click_site(st, m).is_some()
}

/// The site clicked to play a one-click step: a placement's site, or the
/// site a sowing empties.
fn click_site(st: &State, m: &Move) -> Option<Site> {
    // (A chance move has no generator: a button, `roll:7`.)
    match st.game().gens.get(usize::from(m.gen_id))?.kind {
        GenKind::Place { .. } => Some(m.to),
        GenKind::Sow { .. } => Some(m.from),
        _ => None,
    }
}

/// The sites a list of steps touched.
fn sites_of(steps: &[Move]) -> Vec<Site> {
    let mut v = Vec::new();
    for m in steps {
        for s in [m.from, m.to] {
            if s != NO_SITE && !v.contains(&s) {
                v.push(s);
            }
        }
    }
    v
}

/// Why a turn typed in notation is refused, in one line: the reason, and
/// for a text several turns share, those turns with what tells them apart.
fn refusal(e: &ludic::engine::IllegalMove) -> String {
    match e.reason {
        ludic::engine::Refusal::Several(_) => format!("{}: {}", e.reason, e.legal.join("; ")),
        _ => e.reason.to_string(),
    }
}

//! Nature's rolls on the page (docs/chance.md, docs/serve.md "Dice"):
//! who a roll is for, the Roll button a human seat is shown, and the
//! passes a roll brings about, named in the move list and noted in the
//! trial (`# Black passes (no legal move)`).
//!
//! A roll is drawn by the server alone, from the game's seed and the
//! ply ([`ludic::players::nature_rng`]), never chosen by a request: a
//! human's Roll only says when. A computer seat's roll is made at once.

use super::{Session, Turn};
use ludic::engine::State;

impl Session {
    /// The seat a roll at chance node `st` is for: the next mover when
    /// the roll only serves the next turn (the mover's step is done
    /// whatever it shows: every outcome after which a player is to move
    /// leaves the same board, with the same other player to move, such
    /// as backgammon's throw made as the mover's last step ends, or
    /// Genocide's movement points rolled as Red ends its turn); else the
    /// mover whose step or turn rolls (`State::current_player`: a
    /// Genocide battle's dice, whose outcome the board shows).
    pub(super) fn roller(st: &State) -> usize {
        let mover = st.current_player();
        let settled: Vec<State> = st
            .chance_outcomes()
            .into_iter()
            .map(|(m, _)| {
                let mut after = st.clone();
                after.play_turn(std::slice::from_ref(&m));
                after
            })
            .filter(|a| !a.is_chance_node() && a.outcome().is_none())
            .collect();
        let Some(first) = settled.first() else {
            return usize::from(mover);
        };
        let next = first.current_player();
        let sites = first.game().board.len() as ludic::board::Site;
        let same = |a: &State| {
            a.current_player() == next && (0..sites).all(|s| a.stack(s) == first.stack(s))
        };
        usize::from(if next != mover && settled.iter().all(same) {
            next
        } else {
            mover
        })
    }

    /// The human seat whose Roll the game waits for: the game shown is
    /// at its end, at a chance node whose roll is that seat's.
    pub fn awaiting_roll(&self) -> Option<usize> {
        if self.at != self.turns.len() || self.draft.is_some() || !self.partial.is_empty() {
            return None;
        }
        let st = self.current.as_ref()?;
        if !st.is_chance_node() || st.outcome().is_some() {
            return None;
        }
        let seat = Session::roller(st);
        self.seats[seat].is_human().then_some(seat)
    }

    /// The Roll button: nature's roll for the human seat the game waits
    /// for, and the rolls after it that are that seat's or a computer's.
    /// An error says why there is nothing to roll.
    pub fn roll(&mut self) -> Result<(), String> {
        let st = self.current.as_ref().ok_or("the rules do not compile")?;
        if st.outcome().is_some() {
            return Err("the game is over".into());
        }
        if !st.is_chance_node() {
            return Err("nothing to roll: a player is to move".into());
        }
        if self.at != self.turns.len() {
            return Err(format!(
                "this roll was made: it is turn {} of the list (go to the last turn to play on)",
                self.at + 1
            ));
        }
        self.roll_nature_as(true);
        self.message = None;
        self.rebuild();
        Ok(())
    }

    /// At a chance node at the end of the game shown, nature's moves
    /// (docs/chance.md): each roll drawn from the session's seed and the
    /// ply, with its odds, and kept as a turn of its own (`roll:7`),
    /// until a player is to move or the roll is a human seat's (it waits
    /// for that seat's Roll: [`Session::roll`]). A chance node in the
    /// middle of the game (after a seek) is only shown: its roll is the
    /// turn recorded after it.
    pub(super) fn roll_nature(&mut self) {
        self.roll_nature_as(false);
    }

    /// [`Session::roll_nature`]; `asked`: the first roll is made
    /// whosever it is (a human's Roll), and so are the next ones of the
    /// same seat.
    fn roll_nature_as(&mut self, asked: bool) {
        if self.at != self.turns.len() || self.start.is_none() {
            return;
        }
        let mut st = self.turn_start();
        // The run of rolls this one goes on (a human's Roll after the
        // computer's, or after a pass): its passes are named from where
        // the run began, each once, as `ludic play` names them.
        let begun = self.turns[..self.at]
            .iter()
            .rev()
            .take_while(|t| matches!(t.steps.as_slice(), [m] if m.is_chance()))
            .count();
        let (origin, mut named) = match begun {
            0 => (st.clone(), 0),
            k => {
                let run = &self.turns[self.at - k..self.at];
                let named = run.iter().map(|t| t.notes.len()).sum();
                (self.state_at(self.at - k), named)
            }
        };
        let mut asker = None;
        while st.is_chance_node() {
            let seat = Session::roller(&st);
            let human = self.seats[seat].is_human();
            let allowed = match asker {
                None => asked || !human,
                Some(a) => a == seat || !human,
            };
            if !allowed {
                return;
            }
            if asked && asker.is_none() {
                asker = Some(seat);
            }
            // From the game's seed and the ply alone: the same roll comes
            // again after an undo (a roll is part of the history).
            let mut rng = ludic::players::nature_rng(self.game_seed, self.turns.len() as u64);
            let Some(m) = st.sample_chance(&mut rng) else {
                return;
            };
            let text = st.move_to_string(&m);
            let mut turn = Turn::with_text(&st, vec![m], text);
            st.play_unchecked(&m);
            note_passes(&mut turn, &st, &origin, &mut named);
            self.turns.push(turn);
            self.at += 1;
        }
    }
}

/// Names the players who pass after a roll (no legal move with the
/// dice: docs/chance.md, "Passes"), once each: `after` is the position
/// after the roll `turn`, `origin` the chance node where the run of
/// rolls began, `named` how many of its passes were named already. The
/// move list shows `roll:3-4 (Black passes)`; the trial notes `# Black
/// passes (no legal move)` after the roll.
pub(super) fn note_passes(turn: &mut Turn, after: &State, origin: &State, named: &mut usize) {
    let passes = after.passes_decided(origin);
    if passes.len() <= *named {
        return;
    }
    let names = &after.game().players;
    let said: Vec<String> = passes[*named..]
        .iter()
        .map(|&p| {
            let name = &names[p as usize].name;
            format!("{name} {}", ludic::diag::verb(name, "passes", "pass"))
        })
        .collect();
    turn.shown = format!("{} ({})", turn.shown, said.join(", "));
    turn.notes
        .extend(said.iter().map(|s| format!("{s} (no legal move)")));
    *named = passes.len();
}

/// The passes of a record's turns, named as play names them: each run
/// of rolls from the chance node where it began ([`note_passes`]).
/// `start` is the position before the first turn.
pub(super) fn note_record_passes(start: &State, turns: &mut [Turn]) {
    let mut st = start.clone();
    let mut run: Option<(State, usize)> = None;
    for turn in turns.iter_mut() {
        if !st.is_chance_node() {
            run = None;
        } else if run.is_none() {
            run = Some((st.clone(), 0));
        }
        st.play_turn(&turn.steps);
        if let Some((origin, named)) = &mut run {
            note_passes(turn, &st, origin, named);
        }
    }
}

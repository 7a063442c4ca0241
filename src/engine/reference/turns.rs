//! Turn-level moves: every sequence of steps that completes the mover's
//! turn, found by expanding continuations depth-first.

use crate::engine::{Move, State};

/// Most turns listed for one position. Rules whose chains branch at every
/// step (`again` or `chain:` over many sites) can make astronomically many
/// turns; lists stop here rather than exhaust memory, and front ends say
/// that the list is cut (a list this long). Real games stay far below:
/// English draughts has at most a few dozen turns a position.
pub const MAX_TURNS: usize = 100_000;

/// True when a list of legal turns of this length was cut at
/// [`MAX_TURNS`].
pub fn turns_cut(n: usize) -> bool {
    n >= MAX_TURNS
}

impl State {
    /// Every way to complete the current turn, each as its steps in order
    /// (a multi-jump is one turn of several hops; two routes to the same
    /// squares are two turns, docs/games/checkers.md). Stable order; at most
    /// [`MAX_TURNS`].
    pub fn legal_turns(&self) -> Vec<Vec<Move>> {
        self.legal_turn_list().to_vec()
    }

    /// The legal turns, expanded afresh ([`State::legal_turn_list`]
    /// remembers them).
    pub(crate) fn expand_legal_turns(&self) -> Vec<Vec<Move>> {
        let mut scratch = self.clone();
        scratch.set_journaling(true);
        let mut out = Vec::new();
        let mut path = Vec::new();
        scratch.expand_turns(&mut path, &mut out);
        out
    }

    fn expand_turns(&mut self, path: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
        let mover = self.current_player();
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        for m in moves {
            if out.len() >= MAX_TURNS {
                return;
            }
            self.play_unchecked(&m);
            path.push(m);
            if self.mid_turn() && self.current_player() == mover {
                let before = out.len();
                self.expand_turns(path, out);
                if out.len() == before {
                    // The mover owes a step and has none: the turn ends
                    // here, and the game with it (the no-moves rule).
                    out.push(path.clone());
                }
            } else {
                out.push(path.clone());
            }
            path.pop();
            self.take_back();
        }
    }

    /// Plays a whole turn (steps from [`State::legal_turns`]).
    pub fn play_turn(&mut self, turn: &[Move]) {
        for m in turn {
            self.play_unchecked(m);
        }
    }

    /// The legal turns in the game's notation.
    pub fn legal_turn_strings(&self) -> Vec<String> {
        self.legal_turn_list()
            .iter()
            .map(|t| self.turn_to_string(t))
            .collect()
    }
}

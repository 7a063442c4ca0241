//! Chance nodes: positions where nature moves (docs/chance.md).
//!
//! A rule that rolls dice (`(roll N SIDES)`, `(battle dice:true)`) does not
//! draw from a hidden generator: the step that needs the roll is taken
//! back and the state stops at a chance node, whose legal "moves" are the
//! roll's outcomes (the sum of the dice) with their exact probabilities.
//! Playing an outcome (a chance move) records the value and plays the
//! step again from the start, its rolls read in order from the values
//! recorded; a step that needs one more roll stops at the next chance
//! node, and so on until it completes (then the values are forgotten).
//! Each chance move is one undo frame, so undo takes nature's moves back
//! one by one like any step.
//!
//! What is replayed is the step the player chose ([`Pending::Step`]) or,
//! for the first turn's automatic phases, the start of the game
//! ([`Pending::Start`]).

use crate::board::NO_SITE;
use crate::compile::ir::{Game, GenId, MAX_DICE, NoMoves};
use crate::engine::journal::Entry;
use crate::engine::{EndReason, Outcome};
use crate::engine::{Move, Played, State};

/// The generator id of a chance move ([`Move::gen_id`]): no generator of
/// the game has it (a game has fewer than `GenId::MAX` generators). The
/// move's `count` is the value rolled; its sites are `NO_SITE`.
pub const CHANCE_GEN: GenId = GenId::MAX;

/// A roll nature makes at a chance node: the sum of `dice` dice of
/// `sides` sides each, every face equally likely; or, for a throw
/// (`apart`), the dice's faces kept apart, unordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Roll {
    /// How many dice are thrown (1 to 100).
    pub dice: u8,
    /// Sides of each die (1 to 255): faces 1 to `sides`.
    pub sides: u8,
    /// The faces are kept apart (`(throw …)`): an outcome is the
    /// multiset of faces, its value their digits in base `sides`, lowest
    /// face first ([`Roll::throw_value`]), not their sum. Left out of
    /// JSON when false (a sum, as before throws existed).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub apart: bool,
}

impl Roll {
    /// A roll whose outcome is the sum of the dice.
    pub fn sum(dice: u8, sides: u8) -> Roll {
        Roll {
            dice,
            sides,
            apart: false,
        }
    }

    /// A throw: the faces kept apart.
    pub fn throw(dice: u8, sides: u8) -> Roll {
        Roll {
            dice,
            sides,
            apart: true,
        }
    }

    /// The value of the throw showing `faces` (each in `1..=sides`, in
    /// any order): sorted, the lowest face is the lowest digit, each
    /// digit the face minus one in base `sides` (two six-sided dice
    /// showing 3 and 5: 2 + 4 × 6 = 26).
    pub fn throw_value(self, faces: &[u8]) -> u16 {
        let n = faces.len().min(MAX_DICE);
        let mut sorted = [0u8; MAX_DICE];
        sorted[..n].copy_from_slice(&faces[..n]);
        sorted[..n].sort_unstable();
        let s = u32::from(self.sides.max(1));
        let v = sorted[..n]
            .iter()
            .rev()
            .fold(0u32, |acc, &f| acc * s + u32::from(f.max(1) - 1));
        v.min(u32::from(u16::MAX)) as u16
    }

    /// The faces of a throw's value, lowest first ([`Roll::throw_value`]).
    pub fn faces(self, value: u16) -> Vec<u8> {
        let s = u32::from(self.sides.max(1));
        let mut v = u32::from(value);
        (0..self.dice.max(1))
            .map(|_| {
                let f = (v % s) as u8 + 1;
                v /= s;
                f
            })
            .collect()
    }

    /// True if `value` is an outcome of the roll.
    pub fn is_outcome(self, value: u16) -> bool {
        if !self.apart {
            return (self.low()..=self.high()).contains(&value);
        }
        let faces = self.faces(value);
        faces.windows(2).all(|w| w[0] <= w[1]) && self.throw_value(&faces) == value
    }

    /// The outcomes' values, lowest first: the sums, or the throws.
    pub fn values(self) -> Vec<u16> {
        if !self.apart {
            return (self.low()..=self.high()).collect();
        }
        let n = u32::from(self.sides.max(1)).saturating_pow(u32::from(self.dice.max(1)));
        (0..n.min(65_536))
            .map(|v| v as u16)
            .filter(|&v| self.is_outcome(v))
            .collect()
    }

    /// The exact odds of `value`: the throws that make it and
    /// `sides^dice`; `None` when the counts do not fit in 128 bits. A
    /// throw of faces with multiplicities `k1, k2…` is made by `dice! /
    /// (k1! k2! …)` ordered throws.
    pub fn odds(self, value: u16) -> Option<(u128, u128)> {
        if !self.apart {
            let (ways, total) = self.ways()?;
            let i = usize::from(value.checked_sub(self.low())?);
            return Some((ways.get(i).copied().unwrap_or(0), total));
        }
        let total = u128::from(self.sides.max(1)).checked_pow(u32::from(self.dice.max(1)))?;
        if !self.is_outcome(value) {
            return Some((0, total));
        }
        let fact = |k: usize| (1..=k as u128).product::<u128>();
        let faces = self.faces(value);
        let mut ways = fact(faces.len());
        for run in faces.chunk_by(|a, b| a == b) {
            ways /= fact(run.len());
        }
        Some((ways, total))
    }

    /// The outcomes with their probabilities, lowest value first.
    pub fn outcomes(self) -> Vec<(u16, f64)> {
        if !self.apart {
            return (self.low()..=self.high())
                .zip(self.probabilities())
                .collect();
        }
        self.values()
            .into_iter()
            .map(|v| {
                let (w, t) = self.odds(v).unwrap_or((0, 1));
                (v, w as f64 / t as f64)
            })
            .collect()
    }

    /// The lowest sum (every die showing 1).
    pub fn low(self) -> u16 {
        u16::from(self.dice.max(1))
    }

    /// The highest sum (every die showing `sides`).
    pub fn high(self) -> u16 {
        u16::from(self.dice.max(1)) * u16::from(self.sides.max(1))
    }

    /// The number of ways (out of `sides^dice` equally likely throws) to
    /// roll each sum from [`Roll::low`] to [`Roll::high`], and
    /// `sides^dice`; `None` when `sides^dice` does not fit in 128 bits.
    pub fn ways(self) -> Option<(Vec<u128>, u128)> {
        let (k, s) = (self.dice.max(1) as usize, self.sides.max(1) as usize);
        let total = (s as u128).checked_pow(k as u32)?;
        // ways[j]: throws of the dice so far summing to j + (dice so far).
        let mut ways = vec![1u128; s];
        for _ in 1..k {
            let mut next = vec![0u128; ways.len() + s - 1];
            for (j, &w) in ways.iter().enumerate() {
                for x in &mut next[j..j + s] {
                    *x += w;
                }
            }
            ways = next;
        }
        Some((ways, total))
    }

    /// The probability of each sum from [`Roll::low`] to [`Roll::high`]:
    /// exactly `ways / sides^dice` ([`Roll::ways`]) rounded to the nearest
    /// `f64`; a roll too large for exact counts is worked out in `f64`
    /// die by die.
    pub fn probabilities(self) -> Vec<f64> {
        if let Some((ways, total)) = self.ways() {
            return ways.iter().map(|&w| w as f64 / total as f64).collect();
        }
        let s = self.sides.max(1) as usize;
        let mut p = vec![1.0 / s as f64; s];
        for _ in 1..self.dice.max(1) {
            let mut next = vec![0.0; p.len() + s - 1];
            for (j, &w) in p.iter().enumerate() {
                for x in &mut next[j..j + s] {
                    *x += w / s as f64;
                }
            }
            p = next;
        }
        p
    }
}

/// What a chance move resumes once its value is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Pending {
    /// The step the player chose, played again from its start.
    Step(Move),
    /// The first turn's automatic phases (a roll at the start).
    Start,
}

/// A chance node: the roll nature makes, and what it resumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Chance {
    pub roll: Roll,
    pub pending: Pending,
}

/// The chance move that rolls `value`.
pub fn chance_move(value: u16) -> Move {
    Move {
        gen_id: CHANCE_GEN,
        from: NO_SITE,
        to: NO_SITE,
        over: NO_SITE,
        count: value,
    }
}

impl Move {
    /// True for a chance move (nature's roll, [`CHANCE_GEN`]).
    #[inline]
    pub fn is_chance(&self) -> bool {
        self.gen_id == CHANCE_GEN
    }
}

impl State {
    /// True when nature moves: a rule needs a roll, and the legal moves
    /// are the roll's outcomes ([`State::chance_outcomes`]). A finished
    /// game is never a chance node.
    #[inline]
    pub fn is_chance_node(&self) -> bool {
        self.extras.chance.is_some() && self.scalars.outcome.is_none()
    }

    /// The roll nature makes here, at a chance node.
    pub fn chance_roll(&self) -> Option<Roll> {
        self.extras
            .chance
            .filter(|_| self.scalars.outcome.is_none())
            .map(|c| c.roll)
    }

    /// The outcomes of the chance node with their probabilities (summing
    /// to 1), lowest value first: `(chance move, probability)`, the
    /// probability exactly `ways / sides^dice` rounded to `f64`
    /// ([`Roll::ways`]). Empty when this is not a chance node.
    pub fn chance_outcomes(&self) -> Vec<(Move, f64)> {
        let Some(roll) = self.chance_roll() else {
            return Vec::new();
        };
        roll.outcomes()
            .into_iter()
            .map(|(v, p)| (chance_move(v), p))
            .collect()
    }

    /// The chance moves of the node into `buf` (cleared first).
    pub(crate) fn chance_moves_into(&self, buf: &mut Vec<Move>) {
        buf.clear();
        if let Some(roll) = self.chance_roll() {
            buf.extend(roll.values().into_iter().map(chance_move));
        }
    }

    /// Draws a chance move of the node from `rng` with the roll's odds:
    /// each die thrown in turn (`random_range(1..=sides)`), so that the
    /// same generator gives the same rolls on every machine. `None` when
    /// this is not a chance node.
    pub fn sample_chance<R: rand::Rng>(&self, rng: &mut R) -> Option<Move> {
        use rand::RngExt;
        let roll = self.chance_roll()?;
        let sides = roll.sides.max(1) as u16;
        if roll.apart {
            // At most MAX_DICE dice (the throw's check).
            let n = usize::from(roll.dice.max(1)).min(MAX_DICE);
            let mut faces = [0u8; MAX_DICE];
            for f in faces.iter_mut().take(n) {
                *f = rng.random_range(1..=sides) as u8;
            }
            return Some(chance_move(roll.throw_value(&faces[..n])));
        }
        let sum = (0..roll.dice.max(1))
            .map(|_| rng.random_range(1..=sides))
            .sum();
        Some(chance_move(sum))
    }

    /// The sum of `dice` dice of `sides` sides for a rule being applied:
    /// the next value recorded by the chance moves; with none left, the
    /// roll is asked for ([`State::attempt`] takes the step back and stops
    /// at a chance node) and the lowest sum stands in meanwhile. Outside
    /// a step (a position set up by hand), drawn from the state's seeded
    /// generator.
    pub(crate) fn roll_dice(&mut self, dice: u8, sides: u8) -> i64 {
        if !self.rolling {
            return (0..dice).fold(0i64, |acc, _| acc.saturating_add(self.roll(sides)));
        }
        if let Some(&v) = self.dice.get(self.dice_read) {
            self.dice_read += 1;
            return i64::from(v);
        }
        let roll = Roll::sum(dice, sides);
        self.demand.get_or_insert(roll);
        i64::from(roll.low())
    }

    /// The value of a throw of `dice` dice of `sides` sides, kept apart
    /// ([`Roll::throw_value`]), for a rule being applied: read as
    /// [`State::roll_dice`] reads a sum (every die showing 1 stands in
    /// while the throw is asked for); outside a step, drawn from the
    /// state's seeded generator die by die.
    pub(crate) fn throw_dice(&mut self, dice: u8, sides: u8) -> u16 {
        let roll = Roll::throw(dice, sides);
        if !self.rolling {
            let mut faces = [0u8; MAX_DICE];
            let n = usize::from(dice).min(MAX_DICE);
            for f in faces.iter_mut().take(n) {
                *f = self.roll(sides) as u8;
            }
            return roll.throw_value(&faces[..n]);
        }
        if let Some(&v) = self.dice.get(self.dice_read) {
            self.dice_read += 1;
            return v;
        }
        self.demand.get_or_insert(roll);
        0
    }

    /// Plays step `m` of a game with chance (with `filter`, as
    /// [`State::try_play`] does), or the chance move `m`: the step that
    /// needs a roll not yet made leaves the state at a chance node (one
    /// undo frame), the position as it was before the step.
    pub(crate) fn step_by_chance(&mut self, game: &Game, m: &Move, filter: bool) -> Played {
        let journaling = self.journaling;
        self.journaling = true;
        let played = if m.is_chance() {
            self.chance_step(game, m.count)
        } else if self.rolling {
            // A step probed while another is being played (a filter's
            // test): its rolls are its own, none of the values recorded.
            let outer = (
                std::mem::take(&mut self.dice),
                self.dice_read,
                self.demand.take(),
            );
            let played = self.player_step(game, m, filter);
            (self.dice, self.dice_read, self.demand) = outer;
            played
        } else {
            self.player_step(game, m, filter)
        };
        if !journaling {
            self.set_journaling(false);
        }
        played
    }

    /// Plays step `m` (not a chance move) in a game with chance; a roll it
    /// needs leaves the state at a chance node.
    fn player_step(&mut self, game: &Game, m: &Move, filter: bool) -> Played {
        match self.attempt(game, Pending::Step(*m), filter) {
            Ok(played) => played,
            Err(roll) => {
                self.push_frame();
                self.set_chance(Some(Chance {
                    roll,
                    pending: Pending::Step(*m),
                }));
                Played::Played
            }
        }
    }

    /// The first turn's automatic phases of a new state of a game with
    /// chance: a roll they need leaves the state at a chance node.
    pub(crate) fn begin_first_turn(&mut self, game: &Game) {
        if !game.chance {
            self.begin_turn(game);
            self.pass_if_stuck(game);
            return;
        }
        match self.attempt(game, Pending::Start, false) {
            Ok(_) => {
                self.merge_frame();
                self.pass_stuck_by_chance(game);
            }
            Err(roll) => self.set_chance(Some(Chance {
                roll,
                pending: Pending::Start,
            })),
        }
    }

    /// `(no-moves Pass)` once a turn's automatic phases are played in full
    /// (their rolls made) in a game with chance: a player with no move
    /// passes, and the next player's turn begins; a roll it needs is a
    /// chance node of its own at the start of that turn (`pending=start`,
    /// the next player to move), so that a player shut out after its
    /// throw is not shown keeping the turn. Every player in turn stuck,
    /// no roll owed, is a draw (as [`State::pass_while_stuck`]).
    fn pass_stuck_by_chance(&mut self, game: &Game) {
        if game.end.no_moves != Some(NoMoves::Pass) {
            return;
        }
        for _ in 0..=game.num_players() {
            self.flush_sets();
            if self.scalars.outcome.is_some()
                || self.extras.chance.is_some()
                || self.has_candidate()
            {
                return;
            }
            self.next_player();
            match self.attempt(game, Pending::Start, false) {
                Ok(_) => self.merge_frame(),
                Err(roll) => {
                    self.set_chance(Some(Chance {
                        roll,
                        pending: Pending::Start,
                    }));
                    return;
                }
            }
        }
        self.scalars.outcome = Some(Outcome::Draw(EndReason::NoMoves));
    }

    /// What the chance node resumes and the values already rolled for
    /// it, oldest first (a position text's `pending=` and `rolled=`);
    /// `None` away from a chance node.
    pub(crate) fn chance_pending(&self) -> Option<(Pending, &[u16])> {
        let ch = self
            .extras
            .chance
            .filter(|_| self.scalars.outcome.is_none())?;
        Some((ch.pending, &self.dice))
    }

    /// Brings a state set up from a position text (the position before
    /// `pending`) to the chance node it names: `pending` is played again
    /// (a step: one of the position's legal steps; `Start`: the turn's
    /// automatic phases), then the chance moves of `rolled`, each of
    /// which must be an outcome of its roll and leave a roll still owed.
    /// The undo journal is then emptied. Errors say why the text names
    /// no chance node; the state is then to be dropped.
    pub(crate) fn resume_chance(&mut self, pending: Pending, rolled: &[u16]) -> Result<(), String> {
        let game = self.game.clone();
        if !game.chance {
            return Err("this game rolls no dice: no position of it waits for a roll".into());
        }
        if let Pending::Step(m) = pending
            && !self.legal_steps().contains(&m)
        {
            return Err("the step is not a legal step of this position".into());
        }
        let journaling = std::mem::replace(&mut self.journaling, true);
        let owed = match pending {
            Pending::Step(m) => {
                let _ = self.player_step(&game, &m, false);
                self.extras.chance.is_some()
            }
            Pending::Start => {
                self.begin_first_turn(&game);
                self.extras.chance.is_some()
            }
        };
        let mut why = (!owed).then(|| "it needs no roll from this position".to_string());
        for &v in rolled {
            if why.is_some() {
                break;
            }
            let roll = self.extras.chance.map(|c| c.roll);
            if self.chance_step(&game, v) != Played::Played {
                why = roll.map(|r| format!("rolled {v}: not an outcome of {}", roll_name(r)));
            } else if self.extras.chance.is_none() {
                why = Some(format!("rolled {v}: no roll is owed after it"));
            }
        }
        if !journaling {
            self.set_journaling(false);
        }
        self.journal.clear();
        self.cache.forget();
        why.map_or(Ok(()), Err)
    }

    /// Plays the chance move that rolls `value` (refused, the state
    /// unchanged, away from a chance node or for a value the roll cannot
    /// make): the value is recorded and the pending step played again.
    fn chance_step(&mut self, game: &Game, value: u16) -> Played {
        let Some(ch) = self
            .extras
            .chance
            .filter(|_| self.scalars.outcome.is_none())
        else {
            return Played::Filtered;
        };
        if !ch.roll.is_outcome(value) {
            return Played::Filtered;
        }
        self.push_frame();
        self.dice.push(value);
        self.log(Entry::Die(value));
        self.set_chance(None);
        match self.attempt(game, ch.pending, false) {
            Ok(_) => {
                self.merge_frame();
                self.forget_dice();
                if ch.pending == Pending::Start {
                    self.pass_stuck_by_chance(game);
                }
            }
            Err(roll) => self.set_chance(Some(Chance {
                roll,
                pending: ch.pending,
            })),
        }
        Played::Played
    }

    /// Plays `pending` in an undo frame of its own, its rolls read from
    /// the values recorded. A roll it needs beyond them: the frame is
    /// taken back and the roll returned. A step refused by its filters
    /// is taken back and `Filtered`. Otherwise its frame is left on the
    /// journal.
    fn attempt(&mut self, game: &Game, pending: Pending, filter: bool) -> Result<Played, Roll> {
        let rolling = std::mem::replace(&mut self.rolling, true);
        self.dice_read = 0;
        self.demand = None;
        let played = match pending {
            Pending::Step(m) => self.step_plain(game, &m, filter),
            Pending::Start => {
                self.push_frame();
                self.begin_turn(game);
                Played::Played
            }
        };
        self.rolling = rolling;
        match self.demand.take() {
            Some(roll) if played == Played::Played => {
                self.take_back();
                Err(roll)
            }
            _ => Ok(played),
        }
    }

    /// Sets the chance node (journaled with the extras).
    fn set_chance(&mut self, chance: Option<Chance>) {
        self.save_extras();
        self.extras.chance = chance;
    }

    /// Forgets the values rolled for a step now complete (journaled, so
    /// that undo brings them back).
    fn forget_dice(&mut self) {
        while let Some(v) = self.dice.pop() {
            self.log(Entry::Undie(v));
        }
        self.dice_read = 0;
    }
}

/// A roll as its rule writes it: `2d6`, or `a throw of 2d6`.
fn roll_name(r: Roll) -> String {
    match r.apart {
        true => format!("a throw of {}d{}", r.dice, r.sides),
        false => format!("{}d{}", r.dice, r.sides),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts of 2d6 sums worked out by listing the 36 throws.
    #[test]
    fn two_dice_have_the_counts_of_the_36_throws() {
        let mut counts = [0u128; 11];
        for a in 1..=6 {
            for b in 1..=6 {
                counts[a + b - 2] += 1;
            }
        }
        let (ways, total) = Roll::sum(2, 6).ways().unwrap();
        assert_eq!((ways.as_slice(), total), (&counts[..], 36));
        let p = Roll::sum(2, 6).probabilities();
        assert_eq!(p[5], 6.0 / 36.0);
    }

    /// Nature's draws follow the odds: 36,000 draws of 2d6 from a seeded
    /// generator, each sum within five standard deviations of 36,000 ×
    /// ways/36 (the 36 throws listed by hand above).
    #[test]
    fn sampled_rolls_follow_the_odds() {
        use rand::SeedableRng;
        let game = crate::compile::Game::load(
            "genocide",
            &crate::compile::Options::from_sets(&["boxcars=false"]).unwrap(),
        )
        .unwrap();
        let st = State::new(std::sync::Arc::new(game));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(39);
        let mut counts = [0u32; 13];
        let n = 36_000;
        for _ in 0..n {
            counts[st.sample_chance(&mut rng).unwrap().count as usize] += 1;
        }
        for (v, &count) in counts.iter().enumerate().skip(2) {
            let ways = 6.0 - (v as f64 - 7.0).abs();
            let p = ways / 36.0;
            let (mean, sd) = (n as f64 * p, (n as f64 * p * (1.0 - p)).sqrt());
            let got = f64::from(count);
            assert!((got - mean).abs() < 5.0 * sd, "{v}: {got} against {mean}");
        }
    }

    /// A throw of two dice kept apart: its 21 outcomes and their odds,
    /// against the 36 ordered throws listed here one by one; each value
    /// reads back as its faces.
    #[test]
    fn a_throw_of_two_dice_has_21_outcomes_with_the_odds_of_the_36_throws() {
        let roll = Roll::throw(2, 6);
        let mut counts = std::collections::BTreeMap::new();
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                *counts.entry(vec![a.min(b), a.max(b)]).or_insert(0u128) += 1;
            }
        }
        let values = roll.values();
        assert_eq!(values.len(), 21);
        for &v in &values {
            let faces = roll.faces(v);
            assert_eq!(roll.odds(v), Some((counts[&faces], 36)), "{faces:?}");
            assert_eq!(roll.throw_value(&[faces[1], faces[0]]), v);
        }
        let p: f64 = roll.outcomes().iter().map(|o| o.1).sum();
        assert!((p - 1.0).abs() < 1e-12);
        // 3 and 5: 2 + 4 × 6.
        assert_eq!(roll.throw_value(&[5, 3]), 26);
        assert!(roll.is_outcome(26) && !roll.is_outcome(2 * 6 + 4));
        // Three dice: 56 multisets of 216 throws.
        assert_eq!(Roll::throw(3, 6).values().len(), 56);
    }

    #[test]
    fn three_dice_and_a_huge_roll_sum_to_one() {
        let (ways, total) = Roll::sum(3, 6).ways().unwrap();
        // 10 and 11 are the commonest sums of three dice: 27 ways each.
        assert_eq!((ways[10 - 3], ways[11 - 3], total), (27, 27, 216));
        let big = Roll::sum(100, 255);
        assert!(big.ways().is_none());
        let s: f64 = big.probabilities().iter().sum();
        assert!((s - 1.0).abs() < 1e-9, "{s}");
        assert_eq!(
            big.probabilities().len(),
            (big.high() - big.low() + 1) as usize
        );
    }
}

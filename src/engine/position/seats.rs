//! Seats beyond two (docs/players.md, "Several players"): the places of a
//! game's players, the seats that have left play, and the returns an
//! outcome gives each seat.
//!
//! A two-player game never uses [`Places`]: its outcomes stay
//! [`Outcome::Win`] and [`Outcome::Draw`]. With more players a seat leaves
//! play when it wins (it takes the best free place) or loses (the worst
//! free place); the others play on, the mover skipping the seats that are
//! out, until the game ends: [`Outcome::Ranked`] gives every seat its place.

use crate::compile::ir::Player;
use crate::engine::{EndReason, Outcome};

/// Most seats a game may have (`(players …)`): the rules' limit,
/// [`crate::compile::ir::MAX_SEATS`].
pub use crate::compile::ir::MAX_SEATS;

/// Each seat's place at the end of a game: 1 is first; seats that share a
/// place have the same number and the next place is skipped (standard
/// competition ranking: 1, 2, 2, 4). Seats past the game's players hold 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub struct Places(pub [u8; MAX_SEATS]);

impl Places {
    /// The place of `seat` (1 is first; 0 for a seat the game has not).
    pub fn of(&self, seat: Player) -> u8 {
        self.0.get(seat as usize).copied().unwrap_or(0)
    }

    /// The places of the first `n` seats.
    pub fn list(&self, n: usize) -> Vec<u8> {
        self.0.iter().take(n.min(MAX_SEATS)).copied().collect()
    }

    /// The only seat in first place, if exactly one is.
    pub fn first(&self) -> Option<Player> {
        let mut firsts = (0..MAX_SEATS).filter(|&s| self.0[s] == 1);
        match (firsts.next(), firsts.next()) {
            (Some(s), None) => Some(s as Player),
            _ => None,
        }
    }
}

/// The seats' standing during play: which seats are out, and the places
/// they took. Kept in the state's scalars; all zero in a game that has not
/// yet lost a seat (and always in a two-player game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Seats {
    /// Bit `s` for each seat `s` that has left play.
    pub out: u8,
    /// Seats out by a win (they took places 1, 2, …).
    pub won: u8,
    /// Seats out by a loss (they took the last places).
    pub lost: u8,
    /// The places taken so far (0: still playing).
    pub places: Places,
}

impl Seats {
    /// True if `seat` has left play.
    pub fn is_out(&self, seat: Player) -> bool {
        (seat as usize) < MAX_SEATS && self.out & (1 << seat) != 0
    }

    /// The seats still playing among `n`, as a bitmask.
    pub fn playing(&self, n: usize) -> u8 {
        (((1u16 << n.min(MAX_SEATS)) - 1) as u8) & !self.out
    }

    /// The seats in `mask` (all still playing) leave play together, by a
    /// win (the best free places) or a loss (the worst): they share the
    /// best place of the span they fill.
    pub fn finish(&mut self, mask: u8, won: bool, n: usize) {
        let k = mask.count_ones() as u8;
        let place = match won {
            true => self.won + 1,
            false => n as u8 - self.lost - k + 1,
        };
        for s in (0..MAX_SEATS).filter(|&s| mask & (1 << s) != 0) {
            self.places.0[s] = place;
        }
        self.out |= mask;
        match won {
            true => self.won += k,
            false => self.lost += k,
        }
    }

    /// The places when the game ends now: the seats still playing share
    /// the best free place.
    pub fn final_places(&self, n: usize) -> Places {
        let mut p = self.places;
        let rest = self.playing(n);
        for s in (0..n.min(MAX_SEATS)).filter(|&s| rest & (1 << s) != 0) {
            p.0[s] = self.won + 1;
        }
        p
    }
    /// The places when the game ends now and the seats still playing are
    /// ranked by `keys` (seat `s`'s score and tie-breaks, compared in
    /// order, greater first): they fill the free places from the best, and
    /// seats with equal keys share a place (competition ranking). The
    /// places already taken stand. Empty keys rank every seat still
    /// playing equal, as [`Seats::final_places`] does.
    pub fn places_by(&self, n: usize, keys: &[Vec<i64>]) -> Places {
        let mut p = self.places;
        let rest = self.playing(n);
        let playing: Vec<usize> = (0..n.min(MAX_SEATS))
            .filter(|&s| rest & (1 << s) != 0)
            .collect();
        let key = |s: usize| keys.get(s).map(Vec::as_slice).unwrap_or(&[]);
        for &s in &playing {
            let better = playing.iter().filter(|&&o| key(o) > key(s)).count() as u8;
            p.0[s] = self.won + 1 + better;
        }
        p
    }
}

/// Who holds first place at the end of a game (docs/players.md, "Several
/// players"): the line a report draws between a win, a shared win and a
/// draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstPlace {
    /// One seat alone: its win.
    Alone(Player),
    /// Several seats, but not every seat (bit `s` for seat `s`): a win
    /// they share (Red 1st, Blue 1st, Yellow 3rd).
    Shared(u8),
    /// Every seat: a draw.
    Everyone,
    /// No seat: the loss of a game of one player ([`Outcome::Loss`]).
    Nobody,
}

impl Outcome {
    /// Who is first among the `n` seats: [`FirstPlace::Alone`] for a win
    /// (and a ranking with one seat first), [`FirstPlace::Everyone`] for a
    /// draw (and a ranking with every seat first), [`FirstPlace::Nobody`]
    /// for the loss of a game of one player ([`Outcome::Loss`]), else
    /// [`FirstPlace::Shared`] by the seats in first place.
    pub fn first_place(&self, n: usize) -> FirstPlace {
        // A draw of one player puts its one seat first, as a win does:
        // told apart here, not by the places.
        if let Outcome::Draw(_) = self {
            return FirstPlace::Everyone;
        }
        let places = self.places(n);
        let mask = places
            .iter()
            .enumerate()
            .filter(|&(_, &q)| q == 1)
            .fold(0u8, |m, (s, _)| m | 1 << s);
        match mask.count_ones() {
            0 => FirstPlace::Nobody,
            1 => FirstPlace::Alone(mask.trailing_zeros() as Player),
            k if k as usize >= n => FirstPlace::Everyone,
            _ => FirstPlace::Shared(mask),
        }
    }

    /// Each of the `n` seats' place (1 is first): a win puts the winner
    /// first and the others second together; a draw puts everyone first;
    /// a loss puts the loser last, behind the others together (a game of
    /// one player: second, behind the game it lost to).
    pub fn places(&self, n: usize) -> Vec<u8> {
        match *self {
            Outcome::Win(w, _) => (0..n as Player)
                .map(|s| if s == w { 1 } else { 2 })
                .collect(),
            Outcome::Draw(_) => vec![1; n],
            Outcome::Loss(l, _) => (0..n as Player)
                .map(|s| if s == l { n.max(2) as u8 } else { 1 })
                .collect(),
            Outcome::Ranked(p, _) => p.list(n),
        }
    }

    /// Each of the `n` seats' return, from +1 (first alone) down to −1
    /// (last alone), even steps between: the places 1..n score
    /// 1 − 2(i − 1)/(n − 1), and seats sharing places share their scores'
    /// mean. With two players: +1 for a win, −1 for a loss, 0 for a draw.
    /// The returns sum to zero, but for a game of one player (a puzzle,
    /// as OpenSpiel's one-player games score it): +1 for its win, −1 for
    /// its loss, 0 for a draw.
    pub fn returns(&self, n: usize) -> Vec<f64> {
        let places = self.places(n);
        if n < 2 {
            return match self {
                Outcome::Draw(_) => vec![0.0; n],
                _ => places
                    .iter()
                    .map(|&q| if q == 1 { 1.0 } else { -1.0 })
                    .collect(),
            };
        }
        places
            .iter()
            .map(|&q| {
                let tied = places.iter().filter(|&&o| o == q).count() as f64;
                // Mean of the places q .. q + tied - 1, from 0.
                let mid = f64::from(q) - 1.0 + (tied - 1.0) / 2.0;
                1.0 - 2.0 * mid / (n as f64 - 1.0)
            })
            .collect()
    }
}

/// The seats in `mask` leave play by a win (`won`) or a loss, in a game of
/// `n` seats, `n` from 3 to [`MAX_SEATS`]. Returns the outcome when the
/// game ends: every seat still playing leaves at once (they share the
/// best free place: a draw among them); a win without `play_on` (the
/// winner first, the others next; [`Outcome::Win`] when no seat was out
/// before); one seat left playing (it takes the place that is left).
pub(crate) fn leave(
    seats: &mut Seats,
    mask: u8,
    won: bool,
    n: usize,
    play_on: bool,
    reason: EndReason,
) -> Option<Outcome> {
    let playing = seats.playing(n);
    let mask = mask & playing;
    if mask == 0 {
        return None;
    }
    if mask == playing {
        return Some(settled(seats, n, reason));
    }
    if won && !play_on && seats.out == 0 && mask.count_ones() == 1 {
        return Some(Outcome::Win(mask.trailing_zeros() as Player, reason));
    }
    seats.finish(mask, won, n);
    let left = seats.playing(n).count_ones();
    (left == 1 || (won && !play_on)).then(|| Outcome::Ranked(seats.final_places(n), reason))
}

/// True for a game whose seats may leave play: more than two players, at
/// most [`MAX_SEATS`].
pub(crate) fn ranks(n: usize) -> bool {
    (3..=MAX_SEATS).contains(&n)
}

/// The outcome of a game of `n` seats ending now by `reason`, the seats
/// still playing ranked by `keys` ([`Seats::places_by`]; empty: all
/// equal): [`Outcome::Draw`] when every seat is still playing and all are
/// equal, [`Outcome::Win`] when no seat was out and one leads the rest
/// (who are equal), else [`Outcome::Ranked`].
pub(crate) fn scored(seats: &Seats, n: usize, keys: &[Vec<i64>], reason: EndReason) -> Outcome {
    let places = seats.places_by(n, keys);
    if seats.out == 0 {
        let firsts = places.list(n).iter().filter(|&&q| q == 1).count();
        if firsts == n {
            return Outcome::Draw(reason);
        }
        if let Some(w) = places.first()
            && places.list(n).iter().all(|&q| q <= 2)
        {
            return Outcome::Win(w, reason);
        }
    }
    Outcome::Ranked(places, reason)
}

/// The outcome of a game of `n` seats ending now by `reason` with this
/// standing: [`Outcome::Ranked`] once a seat is out, else a draw.
pub(crate) fn settled(seats: &Seats, n: usize, reason: EndReason) -> Outcome {
    match seats.out {
        0 => Outcome::Draw(reason),
        _ => Outcome::Ranked(seats.final_places(n), reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EndReason::{Result, TurnLimit};

    #[test]
    fn two_player_returns_are_those_of_a_win_a_loss_and_a_draw() {
        assert_eq!(Outcome::Win(1, Result).returns(2), vec![-1.0, 1.0]);
        assert_eq!(Outcome::Draw(Result).returns(2), vec![0.0, 0.0]);
    }

    #[test]
    fn places_fill_from_both_ends_and_the_rest_share() {
        let mut s = Seats::default();
        s.finish(1 << 2, true, 4); // seat 2 first
        s.finish(1 << 0, false, 4); // seat 0 last
        assert_eq!(s.playing(4), 0b1010);
        assert_eq!(s.final_places(4).list(4), vec![4, 2, 1, 2]);
        let o = Outcome::Ranked(s.final_places(4), Result);
        // Places 2 and 3 shared: their mean, 1 - 2 * 1.5 / 3 = 0.
        assert_eq!(o.returns(4), vec![-1.0, 0.0, 1.0, 0.0]);
        assert_eq!(o.winner(), Some(2));
    }

    #[test]
    fn two_seats_losing_together_share_the_last_places() {
        let mut s = Seats::default();
        s.finish(0b011, false, 3);
        assert_eq!(s.places.list(3), vec![2, 2, 0]);
        assert_eq!(s.final_places(3).list(3), vec![2, 2, 1]);
        let r = Outcome::Ranked(s.final_places(3), Result).returns(3);
        assert_eq!(r, vec![-0.5, -0.5, 1.0]);
    }

    #[test]
    fn leaving_ends_the_game_when_one_seat_is_left_or_at_a_win() {
        let mut s = Seats::default();
        assert_eq!(leave(&mut s, 1 << 1, true, 3, true, Result), None);
        assert_eq!(s.places.list(3), vec![0, 1, 0]);
        let end = leave(&mut s, 1 << 2, false, 3, true, Result);
        assert_eq!(end.map(|o| o.places(3)), Some(vec![2, 1, 3]));
        let mut s = Seats::default();
        assert_eq!(
            leave(&mut s, 1, true, 4, false, Result),
            Some(Outcome::Win(0, Result))
        );
        let mut s = Seats::default();
        assert_eq!(leave(&mut s, 1, false, 4, false, Result), None);
        let end = leave(&mut s, 1 << 3, true, 4, false, Result);
        assert_eq!(end.map(|o| o.places(4)), Some(vec![4, 2, 2, 1]));
        // Everyone still playing losing at once: a draw among them.
        let mut s = Seats::default();
        let end = leave(&mut s, 0b111, false, 3, false, Result);
        assert_eq!(end, Some(Outcome::Draw(Result)));
    }

    #[test]
    fn a_limit_ranks_the_seats_still_playing_behind_those_out() {
        // Four seats: seat 3 won first; the limit finds seats 0..3 playing.
        let mut s = Seats::default();
        s.finish(1 << 3, true, 4);
        // No score: the three share second place (places 2, 3, 4 shared).
        assert_eq!(scored(&s, 4, &[], TurnLimit).places(4), vec![2, 2, 2, 1]);
        // Scores 5, 9, 5: seat 1 second, seats 0 and 2 share third.
        let keys = [vec![5], vec![9], vec![5], vec![0]];
        assert_eq!(scored(&s, 4, &keys, TurnLimit).places(4), vec![3, 2, 3, 1]);
        // A tie-break settles seats 0 and 2.
        let keys = [vec![5, 1], vec![9, 0], vec![5, 2], vec![0, 0]];
        assert_eq!(scored(&s, 4, &keys, TurnLimit).places(4), vec![4, 2, 3, 1]);
        // Nobody out: all equal is a draw; one ahead of equals, a win.
        let none = Seats::default();
        assert_eq!(scored(&none, 3, &[], TurnLimit), Outcome::Draw(TurnLimit));
        let keys = [vec![1], vec![4], vec![1]];
        assert_eq!(
            scored(&none, 3, &keys, TurnLimit),
            Outcome::Win(1, TurnLimit)
        );
        let keys = [vec![1], vec![4], vec![2]];
        assert_eq!(scored(&none, 3, &keys, TurnLimit).places(3), vec![3, 1, 2]);
    }

    #[test]
    fn first_place_tells_a_win_a_shared_win_and_a_draw() {
        let ranked = |p: [u8; 3]| {
            let mut all = [0; MAX_SEATS];
            all[..3].copy_from_slice(&p);
            Outcome::Ranked(Places(all), Result)
        };
        assert_eq!(Outcome::Win(1, Result).first_place(2), FirstPlace::Alone(1));
        assert_eq!(Outcome::Draw(Result).first_place(2), FirstPlace::Everyone);
        assert_eq!(Outcome::Draw(Result).first_place(3), FirstPlace::Everyone);
        assert_eq!(ranked([2, 1, 3]).first_place(3), FirstPlace::Alone(1));
        // Red 1st, Blue 1st, Yellow 3rd: a win Red and Blue share.
        assert_eq!(ranked([1, 1, 3]).first_place(3), FirstPlace::Shared(0b011));
        assert_eq!(ranked([1, 1, 1]).first_place(3), FirstPlace::Everyone);
    }

    #[test]
    fn one_player_s_win_loss_and_draw_are_worth_one_minus_one_and_zero() {
        // As OpenSpiel scores its one-player games (and Ludii its puzzles).
        assert_eq!(Outcome::Win(0, Result).returns(1), vec![1.0]);
        assert_eq!(Outcome::Loss(0, Result).returns(1), vec![-1.0]);
        assert_eq!(Outcome::Draw(Result).returns(1), vec![0.0]);
        // The one seat is first at a win, nobody is at a loss (it is
        // second, behind the game), and a draw is a draw, not a win.
        assert_eq!(Outcome::Win(0, Result).first_place(1), FirstPlace::Alone(0));
        assert_eq!(Outcome::Loss(0, Result).places(1), vec![2]);
        assert_eq!(Outcome::Loss(0, Result).first_place(1), FirstPlace::Nobody);
        assert_eq!(Outcome::Draw(Result).first_place(1), FirstPlace::Everyone);
        assert_eq!(Outcome::Loss(0, Result).winner(), None);
    }

    #[test]
    fn a_win_among_three_leaves_the_others_second_together() {
        assert_eq!(Outcome::Win(0, Result).returns(3), vec![1.0, -0.5, -0.5]);
        assert_eq!(Outcome::Win(0, Result).places(3), vec![1, 2, 2]);
    }
}

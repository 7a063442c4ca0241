//! The dice the mover has left to play: the faces the last `(throw …)`
//! kept (a double counted as many times as the rule says) that no
//! `advance` move has used yet. Kept in the state's extras, so that the
//! journal saves and restores them with the counters.

pub use crate::compile::ir::MAX_DICE;

/// The faces left to play, lowest first; 0 marks an empty slot (faces
/// are 1 or more), and every empty slot comes after the faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DiceLeft([u8; MAX_DICE]);

impl DiceLeft {
    /// The dice of a throw showing `faces` (in any order), each counted
    /// `times` times; faces past [`MAX_DICE`] uses are dropped.
    pub fn new(faces: &[u8], times: u8) -> DiceLeft {
        let mut sorted: Vec<u8> = faces.iter().copied().filter(|&f| f > 0).collect();
        sorted.sort_unstable();
        let mut out = [0u8; MAX_DICE];
        let uses = sorted
            .iter()
            .flat_map(|&f| std::iter::repeat_n(f, usize::from(times.max(1))));
        for (slot, f) in out.iter_mut().zip(uses) {
            *slot = f;
        }
        DiceLeft(out)
    }

    /// The dice of throw `value` of `roll` (its faces, lowest first:
    /// [`crate::engine::Roll::throw_value`]), each die of a double (every
    /// face the same, two dice or more) counted `doubles` times; without
    /// allocating.
    pub fn of_throw(roll: crate::engine::Roll, value: u16, doubles: u8) -> DiceLeft {
        let (n, s) = (usize::from(roll.dice.max(1)), u32::from(roll.sides.max(1)));
        let mut faces = [0u8; MAX_DICE];
        let mut v = u32::from(value);
        for f in faces.iter_mut().take(n) {
            *f = (v % s) as u8 + 1;
            v /= s;
        }
        let faces = &faces[..n.min(MAX_DICE)];
        let double = faces.len() > 1 && faces.iter().all(|&f| f == faces[0]);
        let times = if double { doubles.max(1) } else { 1 };
        let mut out = [0u8; MAX_DICE];
        let uses = faces
            .iter()
            .flat_map(|&f| std::iter::repeat_n(f, usize::from(times)));
        for (slot, f) in out.iter_mut().zip(uses) {
            *slot = f;
        }
        DiceLeft(out)
    }

    /// How many dice are left.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().take_while(|&&f| f > 0).count()
    }

    /// True when no die is left.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0[0] == 0
    }

    /// The faces left, lowest first (a face once per die showing it).
    pub fn faces(&self) -> &[u8] {
        &self.0[..self.len()]
    }

    /// The distinct faces left, lowest first.
    pub fn distinct(&self) -> impl Iterator<Item = u8> + '_ {
        let f = self.faces();
        f.iter()
            .enumerate()
            .filter(move |&(i, &x)| i == 0 || f[i - 1] != x)
            .map(|(_, &x)| x)
    }

    /// True if a die shows `face`.
    pub fn has(&self, face: u8) -> bool {
        face > 0 && self.faces().contains(&face)
    }

    /// These dice without one die showing `face` (unchanged when none
    /// does).
    pub fn without(&self, face: u8) -> DiceLeft {
        let f = self.faces();
        let Some(i) = f.iter().position(|&x| x == face) else {
            return *self;
        };
        let mut out = [0u8; MAX_DICE];
        let kept = f[..i].iter().chain(&f[i + 1..]);
        for (slot, &x) in out.iter_mut().zip(kept) {
            *slot = x;
        }
        DiceLeft(out)
    }
}

impl crate::engine::State {
    /// The dice the mover has left to play (`(dice-left)`, `advance`).
    pub fn dice_left(&self) -> DiceLeft {
        self.extras.dice_left
    }

    /// Sets the dice left to play (journaled with the extras).
    pub(crate) fn set_dice_left(&mut self, dice: DiceLeft) {
        if self.extras.dice_left != dice {
            self.save_extras();
            self.extras.dice_left = dice;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_double_counts_as_often_as_the_rule_says_and_faces_come_sorted() {
        let d = DiceLeft::new(&[5, 3], 1);
        assert_eq!(d.faces(), [3, 5]);
        let d = DiceLeft::new(&[4, 4], 2);
        assert_eq!(d.faces(), [4, 4, 4, 4]);
        assert_eq!(d.distinct().collect::<Vec<_>>(), [4]);
        assert_eq!(d.len(), 4);
        assert!(DiceLeft::default().is_empty());
    }

    #[test]
    fn using_a_die_takes_one_of_its_face_away() {
        let d = DiceLeft::new(&[6, 2, 6], 1);
        assert_eq!(d.without(6).faces(), [2, 6]);
        assert_eq!(d.without(2).faces(), [6, 6]);
        assert_eq!(d.without(3), d);
        assert_eq!(d.without(6).without(6).without(2).len(), 0);
        assert!(d.has(2) && !d.has(3) && !d.has(0));
    }

    #[test]
    fn a_throw_value_reads_as_its_faces_and_a_double_counts_as_told() {
        let roll = crate::engine::Roll::throw(2, 6);
        let v = roll.throw_value(&[5, 3]);
        assert_eq!(DiceLeft::of_throw(roll, v, 2).faces(), [3, 5]);
        let v = roll.throw_value(&[6, 6]);
        assert_eq!(DiceLeft::of_throw(roll, v, 2).faces(), [6, 6, 6, 6]);
        assert_eq!(DiceLeft::of_throw(roll, v, 1).faces(), [6, 6]);
        let one = crate::engine::Roll::throw(1, 6);
        assert_eq!(DiceLeft::of_throw(one, 3, 2).faces(), [4]);
    }

    #[test]
    fn no_more_than_eight_dice_are_kept() {
        let d = DiceLeft::new(&[1, 2, 3], 4);
        assert_eq!(d.faces(), [1, 1, 1, 1, 2, 2, 2, 2]);
    }
}

//! The dice the page draws beside the board: the last roll made before
//! the position shown, each die marked used or left to play, or a
//! chance node's roll still to be made (docs/serve.md).

use serde_json::{Value, json};

use super::Session;
use ludic::engine::{Roll, State};

impl Session {
    /// The dice of the position shown, or `null` in a game without them:
    /// `{"chance": true, "words": …}` where nature is to roll (the server
    /// rolls a computer seat's roll at once, and a human seat's when it
    /// presses Roll: such a node shows while a human is to roll, or when
    /// the slider goes back to it), else the last roll, `{"chance": false, "words":
    /// …, "dice": [{"face": 3, "used": false}…], "sum": 7|null}`: each die
    /// the mover may play (four for a double in backgammon) and whether
    /// it is used, or the faces thrown when the game keeps no dice to
    /// play; `sum` alone for a roll whose outcome is a sum.
    pub(super) fn dice_json(&self) -> Value {
        let (Some(start), Some(now)) = (&self.start, &self.current) else {
            return Value::Null;
        };
        if let Some(roll) = now.chance_roll() {
            let words = match self.awaiting_roll() {
                Some(seat) => format!(
                    "{} to roll {}: press Roll",
                    now.game().players[seat].name,
                    roll_words(roll)
                ),
                None => format!(
                    "Nature to move: {} to roll (rolled as the game goes on)",
                    roll_words(roll)
                ),
            };
            return json!({"chance": true, "words": words, "dice": [], "sum": null});
        }
        let Some((roll, value, uses, before)) = self.last_roll(start) else {
            return Value::Null;
        };
        match before.as_slice() {
            [] => dice_of(roll, value, &uses, now),
            _ => throws_of(roll, &before, value),
        }
    }

    /// The last roll played before the position shown: the roll, its
    /// value and the dice left to play just after it; and, when it keeps
    /// no dice to play, the values of the throws of the same roll made
    /// just before it with no player's turn between (a Genocide battle's
    /// dice, one per side), oldest first.
    fn last_roll(&self, start: &State) -> Option<(Roll, u16, Vec<u8>, Vec<u16>)> {
        let mut st = start.clone();
        let mut last: Option<(Roll, u16, Vec<u8>)> = None;
        // The throws just before, with no player's turn between.
        let mut run: Vec<u16> = Vec::new();
        let mut follows_roll = false;
        for t in &self.turns[..self.at] {
            let rolled = match t.steps.as_slice() {
                [m] if m.is_chance() => st.chance_roll().map(|r| (r, m.count)),
                _ => None,
            };
            st.play_turn(&t.steps);
            let Some((roll, value)) = rolled else {
                follows_roll = false;
                continue;
            };
            match &last {
                Some((r, v, uses)) if follows_roll && *r == roll && uses.is_empty() => run.push(*v),
                _ => run.clear(),
            }
            follows_roll = true;
            last = Some((roll, value, st.dice_left().faces().to_vec()));
        }
        last.map(|(r, v, u)| {
            let before = if u.is_empty() { run } else { Vec::new() };
            (r, v, u, before)
        })
    }
}

/// Several throws of `roll` made one after the other with no dice to
/// play (`before`, then `value`): every face, in order (`Rolled 4, 1,
/// 5 and 6`).
fn throws_of(roll: Roll, before: &[u16], value: u16) -> Value {
    let faces: Vec<u8> = before
        .iter()
        .chain([&value])
        .flat_map(|&v| faces_of(roll, v))
        .collect();
    if faces.is_empty() {
        // Sums: each throw's sum, as the move list writes them.
        let sums: Vec<String> = before.iter().chain([&value]).map(u16::to_string).collect();
        let words = format!("Rolled {} ({} throws)", and_list(&sums), sums.len());
        return json!({"chance": false, "words": words, "dice": [], "sum": value});
    }
    let dice: Vec<Value> = faces
        .iter()
        .map(|f| json!({"face": f, "used": false}))
        .collect();
    let said: Vec<String> = faces.iter().map(u8::to_string).collect();
    let words = format!("Rolled {} ({} throws)", and_list(&said), before.len() + 1);
    json!({"chance": false, "words": words, "dice": dice, "sum": null})
}

/// The faces of outcome `value` of `roll`: a throw's ([`Roll::faces`]),
/// a single die's (its value is its face), none for a sum of several.
fn faces_of(roll: Roll, value: u16) -> Vec<u8> {
    match (roll.apart, roll.dice) {
        (true, _) => roll.faces(value),
        (false, 1) => u8::try_from(value).map(|f| vec![f]).unwrap_or_default(),
        (false, _) => Vec::new(),
    }
}

/// `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A roll in words: `2 dice of 6 sides`, `a die of 6 sides`.
fn roll_words(roll: Roll) -> String {
    match roll.dice {
        1 => format!("a die of {} sides", roll.sides),
        n => format!("{n} dice of {} sides", roll.sides),
    }
}

/// The view of roll `value` of `roll` in position `now`: the dice to
/// play after the roll (`uses`), each used unless `now` still has it
/// left; with none to play, the faces thrown, or the sum.
fn dice_of(roll: Roll, value: u16, uses: &[u8], now: &State) -> Value {
    let faces = faces_of(roll, value);
    let thrown = match faces.as_slice() {
        [] => format!("rolled {value} with {}", roll_words(roll)),
        [one] => format!("rolled {one}"),
        many => {
            let (last, rest) = many.split_last().expect("two or more");
            let rest: Vec<String> = rest.iter().map(u8::to_string).collect();
            format!("rolled {} and {last}", rest.join(", "))
        }
    };
    if uses.is_empty() {
        let dice: Vec<Value> = faces
            .iter()
            .map(|f| json!({"face": f, "used": false}))
            .collect();
        let sum = faces.is_empty().then_some(value);
        return json!({"chance": false, "words": capital(&thrown), "dice": dice, "sum": sum});
    }
    let mut left = now.dice_left().faces().to_vec();
    let dice: Vec<Value> = uses
        .iter()
        .map(|&f| {
            let at = left.iter().position(|&x| x == f);
            if let Some(i) = at {
                left.remove(i);
            }
            json!({"face": f, "used": at.is_none()})
        })
        .collect();
    let n_left = now.dice_left().len();
    let words = match n_left {
        0 => format!("{thrown}: all played"),
        1 => format!("{thrown}: 1 die left to play"),
        n => format!("{thrown}: {n} dice left to play"),
    };
    json!({"chance": false, "words": capital(&words), "dice": dice, "sum": null})
}

/// `text` with its first letter a capital.
fn capital(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

//! What ties a batch's result to what produced it, so that the results of
//! shards (`analyze --shard`, `explore --shard`, Ray tasks) are merged only
//! when they are parts of one run:
//!
//! - [`VERSION`]: ludic's version (`ludic_version` in the JSON);
//! - the rules' [`Fingerprint`]: a stable hash of the rules as the
//!   interpreter reads them and of the toggles in force (`fingerprint`);
//! - a run's rule texts ([`RuleText`]), which travel with its tasks so that
//!   a worker compiles the text the driver read, not whatever file its own
//!   disk holds at that path.
//!
//! ## The fingerprint
//!
//! For each game of a run (an analysis' one or two settings, or an
//! exploration's base game and each cell), in order, the bytes of
//! [`crate::compile::resolved_rules`] (the variant chain assembled,
//! defines expanded, toggles replaced by their values, `match` clauses
//! resolved, printed in canonical layout: comments and layout do not
//! count, every rule change does), a NUL byte, then `name=value\n` for
//! every toggle in its declaration order with the value in force, then a
//! NUL byte. The fingerprint is the 64-bit FNV-1a hash of those bytes
//! (offset basis 0xcbf29ce484222325, prime 0x100000001b3), written as 16
//! lower-case hex digits: the same on every platform and in every build.

use crate::compile::{Game, LoadError, Options, read_source, resolved_rules};
use std::fmt::Write;

/// ludic's version, as `Cargo.toml` gives it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A rule file's text as the driver of a run read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleText {
    /// The game as given to the run (a path or a shipped game's name).
    pub file: String,
    /// The name diagnostics and a variant's `base:` are read against
    /// (the path, or `games/NAME.game` for a shipped game).
    pub name: String,
    /// The text.
    pub text: String,
}

impl RuleText {
    /// Reads `file` (a path or a shipped game's name) as a run would.
    pub fn read(file: &str) -> Result<RuleText, LoadError> {
        let (name, text) = read_source(file)?;
        Ok(RuleText {
            file: file.to_string(),
            name,
            text,
        })
    }
}

/// A game of a run compiled with its toggles, and its part of the run's
/// fingerprint.
pub struct Loaded {
    /// The compiled game.
    pub game: Game,
    /// What [`Fingerprint::add`] hashes of it.
    pub rules: String,
}

/// Compiles `file` with the overrides `sets` from its text in `texts`
/// when one is given for that file, else as [`Game::load`] reads it.
pub fn load(file: &str, texts: &[RuleText], sets: &[String]) -> Result<Loaded, LoadError> {
    let options = Options::from_sets(sets)?;
    let own = match texts.iter().find(|t| t.file == file) {
        Some(t) => t.clone(),
        None => RuleText::read(file)?,
    };
    let game = Game::from_source(&own.name, &own.text, &options)?;
    let mut rules = resolved_rules(&own.name, &own.text, &options)?;
    rules.push('\0');
    for t in game.options() {
        let _ = writeln!(rules, "{}={}", t.name, t.value);
    }
    Ok(Loaded { game, rules })
}

/// The seed streams a result played: games `games[0]..games[1]`, game `i`
/// drawing from stream `i` of `seed` (`seed_range` in the JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeedRange {
    /// The run's seed.
    pub seed: u64,
    /// The first game number and the one past the last.
    pub games: [u64; 2],
}

/// The 64-bit FNV-1a hash of a run's games (see the module's doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprint {
    /// Adds one game's `rules` ([`Loaded::rules`]) and a NUL byte.
    pub fn add(&mut self, rules: &str) {
        self.add_bytes(rules.as_bytes());
        self.add_bytes(&[0]);
    }

    /// Hashes `bytes` in.
    fn add_bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The fingerprint of `rules`, one game's after another.
    pub fn of<'a>(rules: impl IntoIterator<Item = &'a str>) -> String {
        let mut f = Fingerprint::default();
        rules.into_iter().for_each(|r| f.add(r));
        f.to_string()
    }
}

impl std::fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// The first of `keys` whose value differs between two JSON objects (a
/// key absent from one counts as `null`), with both values as JSON text:
/// what a refused merge names.
pub fn first_difference(
    keys: &[&'static str],
    ours: &serde_json::Value,
    first: &serde_json::Value,
) -> Option<(&'static str, String, String)> {
    keys.iter().find_map(|&k| {
        let (a, b) = (&ours[k], &first[k]);
        (a != b).then(|| (k, a.to_string(), b.to_string()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a 64's published test vectors: the empty input, "a",
    /// "foobar".
    #[test]
    fn the_hash_is_fnv1a_64() {
        let hash = |bytes: &[u8]| {
            let mut f = Fingerprint::default();
            f.add_bytes(bytes);
            f.to_string()
        };
        assert_eq!(hash(b""), "cbf29ce484222325");
        assert_eq!(hash(b"a"), "af63dc4c8601ec8c");
        assert_eq!(hash(b"foobar"), "85944171f73967e8");
        // `add` is the text, then NUL.
        assert_eq!(Fingerprint::of(["a"]), hash(b"a\0"));
    }

    /// Layout and comments do not change it; a rule or a toggle does.
    #[test]
    fn rules_and_toggles_change_it_layout_does_not() {
        let text = RuleText::read("tictactoe").expect("shipped");
        let fp = |t: &str, sets: &[&str]| {
            let texts = [RuleText {
                text: t.to_string(),
                ..text.clone()
            }];
            let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
            Fingerprint::of([load("tictactoe", &texts, &sets)
                .expect("loads")
                .rules
                .as_str()])
        };
        let plain = fp(&text.text, &[]);
        let spaced = format!(
            "// a comment\n{}\n\n",
            text.text.replace("(end ", "(end   ")
        );
        assert_eq!(plain, fp(&spaced, &[]));
        let four = text.text.replace("(line 3 To)", "(line 4 To)");
        assert_ne!(four, text.text, "the rule the test changes");
        assert_ne!(plain, fp(&four, &[]));
        // A toggle's value, whether or not a rule reads it.
        let with_toggles = |sets: &[&str]| {
            let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
            Fingerprint::of([load("checkers", &[], &sets).expect("loads").rules.as_str()])
        };
        let base = with_toggles(&[]);
        assert_eq!(
            base,
            with_toggles(&["no_progress=80"]),
            "the default, given"
        );
        assert_ne!(base, with_toggles(&["no_progress=81"]));
        assert_ne!(base, with_toggles(&["repetition=false"]));
        // Two games one after the other are not either alone.
        assert_ne!(
            Fingerprint::of([base.as_str(), plain.as_str()]),
            Fingerprint::of([base.as_str()])
        );
    }
}

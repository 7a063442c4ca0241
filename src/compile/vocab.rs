//! The vocabulary of the rule language: one entry per ludeme, with the
//! place it may appear, its arguments, what it means and an example.
//! `docs/language.md` is checked against this table by a test, and
//! "did you mean" suggestions come from it.

/// One ludeme of the language.
#[derive(Debug, Clone, Copy)]
pub struct Ludeme {
    /// The head word.
    pub name: &'static str,
    /// Where it may appear: `game`, `board`, `region`, `condition`,
    /// `effect`, `move`, `end`, `directions`, `site`.
    pub context: &'static str,
    /// Arguments, in the language's own syntax.
    pub signature: &'static str,
    /// What it means.
    pub summary: &'static str,
}

macro_rules! ludemes {
    ($( $name:literal $ctx:literal $sig:literal $sum:literal ;)*) => {
        /// Every ludeme, in documentation order.
        pub const LUDEMES: &[Ludeme] = &[
            $( Ludeme { name: $name, context: $ctx, signature: $sig, summary: $sum }, )*
        ];
    };
}

ludemes! {
    "game" "file" "(game \"Name\" CLAUSE…)" "The whole game: its name and its clauses.";
    "toggle" "game" "(toggle NAME bool|int|choice default:V [range:{MIN MAX}] [choices:{A B…}] \"description\")" "A rule switch, read as `$NAME`, overridden by `--set NAME=VALUE`.";
    "define" "game" "(define \"Name\" BODY)" "A macro; `#1`, `#2`… are its parameters; call it as `(\"Name\" a b)` or `\"Name\"`.";
    "players" "game" "(players N) | (players (player …)…)" "The players, in turn order; the first moves first.";
    "player" "players" "(player \"Name\" [letter:\"B\"] [forward:DIR])" "One player: display name, FEN letter, forward compass direction (N, S, E, W, NE…).";
    "board" "game" "(board SHAPE [labels:Numbers|Coordinates])" "The board and how its sites are written in notation.";
    "square" "board" "(square ROWS COLS [cells:All|Dark] [adjacency:Orthogonal|Diagonal|All])" "A square grid; `Dark` keeps the dark cells (a1 dark).";
    "hex" "board" "(hex SIDE)" "A hexagon of hexagonal cells, SIDE cells a side (side 5: 61 cells).";
    "tri" "board" "(tri SIDE [SIDE2])" "Points of the triangular grid in a hexagon whose sides alternate SIDE and SIDE2 points (limping when SIDE2 = SIDE+1).";
    "piece" "game" "(piece \"Kind\")" "A kind of piece; every player has pieces of every kind.";
    "stack-limit" "game" "(stack-limit N)" "Most pieces one stack may hold (default 32).";
    "region" "game" "(region \"Name\" REGION)" "A named set of sites, per player when it uses player-relative parts.";
    "row" "region" "(row R)" "Row R, counted from the bottom from 0.";
    "rows" "region" "(rows A B)" "Rows A to B inclusive.";
    "column" "region" "(column C)" "Column C, counted from the left from 0.";
    "side" "region" "(side DIR)" "The board's edge furthest in direction DIR; `Forward` and `Backward` are the player's.";
    "centre" "region" "(centre)" "The site(s) nearest the board's centre.";
    "all" "region" "(all)" "Every site.";
    "sites" "region" "(sites \"a1\" \"c3\"…)" "Sites by their labels.";
    "union" "region" "(union REGION…)" "Sites in any of the regions.";
    "setup" "game" "(setup (fill …)…)" "The initial position.";
    "fill" "setup" "(fill \"Kind\" PLAYER REGION [count:N])" "Puts a stack of N pieces (default 1) of PLAYER (P1, P2…) on every site of the region.";
    "code" "game" "(code \"PREFIX\" \"Kind\" N)" "In FEN strings, PREFIX before a square number means a stack of N pieces of that kind.";
    "play" "game" "(play MOVES)" "The moves a player may make each step.";
    "priority" "move" "(priority MOVES MOVES…)" "The first group that has a legal move gives the moves (compulsory capture).";
    "step" "move" "(step [from:COND] [dirs:DIRS] [to:COND] [then:EFFECTS] [after:COND])" "Move the stack one step to an adjacent site; `after:` keeps only the steps after which the condition holds (for the mover).";
    "hop" "move" "(hop [from:COND] [dirs:DIRS] [over:COND] [to:COND] [capture:BOOL] [then:EFFECTS] [chain:BOOL] [after:COND])" "Jump over the adjacent site to the one beyond, removing the jumped stack unless `capture:false`; `chain:true` makes the same piece jump on while it can.";
    "empty" "condition" "(empty [SITE]) | Empty" "The site holds no piece.";
    "mine" "condition" "(mine [SITE]) | Mine" "The site's top piece is the mover's.";
    "enemy" "condition" "(enemy [SITE]) | Enemy" "The site's top piece is another player's.";
    "height" "condition" "(height [SITE] N) | (height [SITE] min:N max:M)" "The stack's height is N, or within MIN..=MAX.";
    "kind" "condition" "(kind [SITE] \"Kind\")" "The site's top piece is of this kind.";
    "in" "condition" "(in [SITE] \"Region\")" "The site is in the region (the mover's version of it).";
    "and" "condition" "(and COND…)" "All hold.";
    "or" "condition" "(or COND…)" "Any holds.";
    "not" "condition" "(not COND)" "Does not hold.";
    "if" "effect" "(if COND EFFECTS [EFFECTS])" "Runs the first effects when the condition holds, else the second.";
    "push" "effect" "(push SITE N [kind:\"Kind\"] [owner:Mover|Top])" "Adds N pieces on top of the stack at SITE (default: the top piece's kind and owner).";
    "remove" "effect" "(remove SITE)" "Removes the whole stack at SITE.";
    "end-turn" "effect" "(end-turn)" "Ends the turn now: no chained continuation (crowning ends the move).";
    "end" "game" "(end RULE…)" "When the game ends.";
    "no-moves" "end" "(no-moves Loss|Win|Draw)" "What happens to the player to move who has no legal move (default: a draw).";
    "draw-repetition" "end" "(draw-repetition N [when:BOOL])" "A draw when the same position (board and player to move) occurs for the N-th time.";
    "draw-no-progress" "end" "(draw-no-progress N [reset:{FACT…}] [when:BOOL])" "A draw after N consecutive turns without a reset fact; N = 0 turns it off.";
    "moved" "end" "(moved COND)" "Reset fact: the moving stack satisfied COND at its origin.";
    "turn-limit" "end" "(turn-limit N)" "A draw after N turns (an engine guard).";
}

/// Words that stand for directions in `dirs:`.
pub const DIRECTION_WORDS: &[&str] = &[
    "All",
    "Orthogonal",
    "Diagonal",
    "Forward",
    "Backward",
    "N",
    "NE",
    "E",
    "SE",
    "S",
    "SW",
    "W",
    "NW",
];

/// Words that stand for sites in conditions and effects.
pub const SITE_WORDS: &[&str] = &["From", "To", "Over", "Subject"];

/// Condition words usable without parentheses.
pub const CONDITION_WORDS: &[&str] = &["Empty", "Mine", "Enemy", "true", "false"];

/// The ludemes allowed in a context.
pub fn names_in(context: &str) -> impl Iterator<Item = &'static str> + '_ {
    LUDEMES
        .iter()
        .filter(move |l| l.context == context)
        .map(|l| l.name)
}

/// Looks a ludeme up by name.
pub fn find(name: &str) -> Option<&'static Ludeme> {
    LUDEMES.iter().find(|l| l.name == name)
}

//! The vocabulary of the rule language: one entry per ludeme, with the
//! place it may appear, its arguments, what it means and an example.
//! `docs/language.md` is checked against this table by a test, and
//! "did you mean" suggestions come from it.
//!
//! The table also dispatches the lowering: every row names the function
//! that lowers its clause (`Lower`), of its context's kind: one file per
//! part of speech (`conds.rs`, `nums.rs`, `sets.rs`, `effects.rs`,
//! `moves.rs`, `ends.rs`), and game clauses, board shapes (`boards.rs`),
//! region parts (`regions.rs`), heuristic terms (`heuristics.rs`),
//! variant changes (`variant.rs`), phases, fills and reset facts. The
//! lowering of a clause looks its head up here (`lowering`). A row
//! without a function of its context's kind does not compile (the check
//! after [`LUDEMES`]); the few rows with no lowering of their own say
//! why by name (`MoveGroups`, `Resolved`, `ReadByParent`).

use super::args::Diags;
use super::heuristics::TermKind;
use super::ir::TurnFact;
use super::ir::{Cond, Effect, GenKind, Num, SiteSet};
use super::lower::Lowerer;
use super::{boards, decls, heuristics, phases, regions, variant};
use super::{conds, effects, ends, moves, nums, sets};
use crate::board::{Board, Shape, Site};
use crate::syntax::Clause;

/// One ludeme of the language.
#[derive(Debug, Clone, Copy)]
pub struct Ludeme {
    /// The head word.
    pub name: &'static str,
    /// Its part of speech, which says where it may appear: `file`,
    /// `variant`, `game`, `players`, `board`, `graph`, `region`, `setup`,
    /// `phases`, `move`, `condition`, `number`, `set`, `effect`, `end`,
    /// `fact`, `heuristics`. The compile stage checks a clause against the
    /// row of its head in the context it stands in (`shape.rs`).
    pub context: &'static str,
    /// Arguments, in the language's own syntax.
    pub signature: &'static str,
    /// What it means.
    pub summary: &'static str,
    /// A short example.
    pub example: &'static str,
    /// How the compile stage lowers it.
    pub(crate) lower: Lower,
}

/// A row's lowering: the function that lowers a clause of the row's
/// context, of that context's own kind (a rule clause's part of speech, a
/// game clause, a board shape, a region part, a heuristic term…), called
/// with the clause once the clause holding it has found its row. Only the
/// rows no function of their own lowers name why (`MoveGroups`,
/// `Resolved`, `ReadByParent`).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Lower {
    /// A condition clause (`conds.rs`).
    Condition(fn(&mut Lowerer, &Clause, &mut Diags) -> Cond),
    /// A number clause (`nums.rs`), scaled by ten inside a score in tenths.
    Number(fn(&mut Lowerer, &Clause, &mut Diags) -> Num),
    /// A number clause made of numbers (`sum`, `sub`, `if`, `per-player`):
    /// inside a score in tenths its parts are scaled, not the whole.
    NumberOfNumbers(fn(&mut Lowerer, &Clause, &mut Diags) -> Num),
    /// A set clause (`sets.rs`).
    Set(fn(&mut Lowerer, &Clause, &mut Diags) -> SiteSet),
    /// An effect clause (`effects.rs`); `None` after an error.
    Effect(fn(&mut Lowerer, &Clause, &mut Diags) -> Option<Effect>),
    /// A move clause's kind and the arguments only it takes (`moves.rs`).
    Move(fn(&mut Lowerer, &Clause, &mut Diags) -> GenKind),
    /// A move clause that holds other move clauses (`priority`), read by
    /// the clause that holds it (`rules.rs`), never as one move.
    MoveGroups,
    /// An end rule (`ends.rs`), which fills the game's end rules.
    /// Called with whether the rule is on (`when:`, default true).
    End(fn(&mut Lowerer, &Clause, bool, &mut Diags)),
    /// A clause of the game (`players`, `board`, `piece`…), which fills
    /// the lowerer's declarations; called in the order of `ORDER`
    /// (`mod.rs`).
    GameClause(fn(&mut Lowerer, &Clause, &mut Diags)),
    /// A clause of the game read before lowering, when the file is
    /// resolved (`mod.rs`, `toggles.rs`, `matching.rs`): toggles and
    /// defines are declared there, and `match`/`case` chosen and replaced
    /// by the chosen arm; none is left for the lowering to read. A
    /// function of the lowerer's could not serve them: the lowerer is
    /// made from what they declare.
    Resolved,
    /// A board shape (`boards.rs`): the shape, `None` after an error.
    BoardShape(fn(&mut Lowerer, &Clause, &mut Diags) -> Option<Shape>),
    /// A part of a region expression (`regions.rs`): its sites on the
    /// board as player `usize` (from 0) sees them, empty after an error.
    RegionPart(fn(&mut Lowerer, &Clause, &Board, usize, &mut Diags) -> Vec<Site>),
    /// A heuristic term's kind (`heuristics.rs`), `None` after an error;
    /// the weight and `when:` every term takes are read by `heuristics`.
    HeuristicTerm(fn(&mut Lowerer, &Clause, &mut Diags) -> Option<TermKind>),
    /// A change of a variant file (`variant.rs`), applied to the base's
    /// `(game …)` clause.
    VariantChange(fn(&Clause, &mut Clause, &mut Diags)),
    /// One phase of `phases` (`phases.rs`), added to the lowerer's.
    Phase(fn(&mut Lowerer, &Clause, &mut Diags)),
    /// One `fill` of `setup` (`decls.rs`), added to the initial position.
    SetupPart(fn(&mut Lowerer, &Clause, &mut Diags)),
    /// A reset fact of `draw-no-progress` (`ends.rs`).
    Fact(fn(&mut Lowerer, &Clause, &mut Diags) -> Option<TurnFact>),
    /// A clause that is syntax of the clause holding it, with no lowering
    /// of its own: the file's `game` and `variant` (read by `load` and
    /// `variant.rs` as the whole file, before any lowering) and a graph
    /// board's `site` and `edge` (read together by `graph_spec`, which
    /// needs every site before any edge, and the spans of both for its
    /// errors), and `players`' `player` (read by `Lowerer::players`: its
    /// default letter and forward direction follow from its place in the
    /// list, and its name is checked against those before it).
    ReadByParent,
}

/// Whether two strings are equal, at compile time.
const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether a row of `context` may be lowered by `lower`: by a function of
/// its context's own kind (or, for `move`, as a group of moves; for the
/// rows read before or by another clause, by the variant that says so).
const fn fits(context: &str, lower: &Lower) -> bool {
    match lower {
        Lower::Condition(_) => same_str(context, "condition"),
        Lower::Number(_) | Lower::NumberOfNumbers(_) => same_str(context, "number"),
        Lower::Set(_) => same_str(context, "set"),
        Lower::Effect(_) => same_str(context, "effect"),
        Lower::Move(_) | Lower::MoveGroups => same_str(context, "move"),
        Lower::End(_) => same_str(context, "end"),
        Lower::GameClause(_) | Lower::Resolved => same_str(context, "game"),
        Lower::BoardShape(_) => same_str(context, "board"),
        Lower::RegionPart(_) => same_str(context, "region"),
        Lower::HeuristicTerm(_) => same_str(context, "heuristics"),
        Lower::VariantChange(_) => same_str(context, "variant"),
        Lower::Phase(_) => same_str(context, "phases"),
        Lower::SetupPart(_) => same_str(context, "setup"),
        Lower::Fact(_) => same_str(context, "fact"),
        Lower::ReadByParent => {
            same_str(context, "file") || same_str(context, "graph") || same_str(context, "players")
        }
    }
}

/// The table: each row its name, context, signature, summary, example
/// and lowering (`=> Lower::…`, required). A row whose lowering is not of
/// its context's kind stops the build, naming the row.
macro_rules! ludemes {
    ($( $name:literal $ctx:literal $sig:literal $sum:literal $ex:literal => $lower:expr ;)*) => {
        /// Every ludeme, in documentation order.
        pub const LUDEMES: &[Ludeme] = &[
            $( Ludeme { name: $name, context: $ctx, signature: $sig, summary: $sum, example: $ex, lower: $lower }, )*
        ];
        $( const _: () = assert!(
            fits($ctx, &$lower),
            concat!("the ", $ctx, " `", $name, "` is not lowered by a function of its context's kind")
        ); )*
    };
}

ludemes! {
    "game" "file" "(game \"Name\" [CLAUSE…])" "The whole game: its name and its clauses."
        "(game \"My game\" (players …) (board …) …)"
        => Lower::ReadByParent;
    "variant" "file" "(variant \"Name\" base:\"file.game\" CHANGE…)" "A game made from another file (a path relative to this one, or a shipped game's name) by changes; the base is not copied."
        "(variant \"Giveaway\" base:\"base.game\" (replace (end (no-moves Win))))"
        => Lower::ReadByParent;
    "set" "variant" "(set NAME VALUE)" "Changes the default of the base's toggle NAME."
        "(set no_progress 100)"
        => Lower::VariantChange(variant::set_default);
    "replace" "variant" "(replace CLAUSE)" "Replaces the base's clause with the same head (and, for named clauses such as toggle, define, region, role and piece, the same name)."
        "(replace (region \"Far\" (row 0)))"
        => Lower::VariantChange(variant::replace);
    "add" "variant" "(add CLAUSE…)" "Adds clauses to the base game."
        "(add (toggle fast bool default:false \"A new switch\"))"
        => Lower::VariantChange(variant::add);
    "toggle" "game" "(toggle NAME bool|int|choice|decimal default:V [range:{MIN MAX}] [choices:{A B…}] \"description\")" "A rule switch, read as `$NAME`, overridden by `--set NAME=VALUE`. A `decimal` toggle holds a number with at most one digit after the point within its `range:` (required), written into the rules as a decimal number, so only inside a `(score …)`: Go's komi, `(toggle komi decimal default:7.5 range:{-50 50} \"White's komi\")` read as `(per-player 0 $komi)`, set with `--set komi=6.5`. Its value is fixed when the file is read, unless a `flip` names the (boolean) toggle: then `$NAME` is read during play, where a condition is expected."
        "(toggle no_progress int default:80 range:{0 10000} \"Turns without progress before a draw\")"
        => Lower::Resolved;
    "define" "game" "(define \"Name\" BODY)" "A macro; `#1`, `#2`… are its parameters; call it as `(\"Name\" a b)` or `\"Name\"`."
        "(define \"Toward\" (step dirs:#1 to:Empty))   // (\"Toward\" Forward)"
        => Lower::Resolved;
    "players" "game" "(players N) | (players (player …)…)" "The players, in turn order; the first moves first."
        "(players (player \"Black\" letter:\"B\" forward:S) (player \"White\" letter:\"W\" forward:N))"
        => Lower::GameClause(Lowerer::players);
    "player" "players" "(player \"Name\" [letter:\"B\"] [forward:DIR])" "One player: display name, FEN letter, forward compass direction (N, S, E, W, NE…)."
        "(player \"Black\" letter:\"B\" forward:S)"
        => Lower::ReadByParent;
    "board" "game" "(board SHAPE [labels:Numbers|Coordinates] [drawn:Cells|Points])" "The board, how its sites are written in notation, and how pictures (the web page, `ludic render`) draw them. `drawn:Points` draws the sites as the points where lines cross, not as cells: a square grid becomes the lines of a Go board with the usual star points (none on a side under 7 lines; the third line from each edge, the fourth from 12 lines up, the middle line too on an odd side of 17 or more, and the centre of an odd board: 5 points on 9 × 9 and 13 × 13, 9 on 19 × 19); any other shape is drawn as dots joined by its adjacency. Drawing only: play and notation are the same. Default `Cells`."
        "(board (square 8 8 cells:Dark adjacency:Diagonal) labels:Numbers)"
        => Lower::GameClause(Lowerer::board);
    "square" "board" "(square ROWS COLS [cells:All|Dark] [adjacency:Orthogonal|Diagonal|All])" "A square grid; `Dark` keeps the dark cells (a1 dark)."
        "(square 8 8 cells:Dark adjacency:Diagonal)"
        => Lower::BoardShape(boards::square);
    "hex" "board" "(hex SIDE)" "A hexagon of hexagonal cells, SIDE cells a side (side 5: 61 cells)."
        "(hex 5)"
        => Lower::BoardShape(boards::hex);
    "rhombus" "board" "(rhombus COLS ROWS)" "A parallelogram of hexagonal cells, COLS a row and ROWS rows, each row half a cell right of the one below (the Hex board); six directions; labels a column letter and a row number (`a1` bottom left)."
        "(rhombus 11 11)"
        => Lower::BoardShape(boards::rhombus);
    "graph" "board" "(graph (site \"LABEL\" X Y)… [(edge \"A\" \"B\"…)…])" "A board of points given one by one, with their labels and positions (x right, y up), and lines: each `edge` joins every pair of points next to each other in it. A point's neighbour along a line lies in the compass direction nearest the line's (N, NE, E…), so `dirs:` and `(line …)` work as on a square grid."
        "(graph (site \"a1\" 0 0) (site \"d1\" 3 0) (site \"a4\" 0 3) (edge \"a4\" \"a1\" \"d1\"))"
        => Lower::BoardShape(boards::graph);
    "site" "graph" "(site \"LABEL\" X Y)" "One point of a `graph` board: its label in notation and its position (x right, y up, in any unit)."
        "(site \"d7\" 3 6)"
        => Lower::ReadByParent;
    "edge" "graph" "(edge \"A\" \"B\"…)" "A line of a `graph` board through the points in order: each point is joined to the next (two or more points)."
        "(edge \"a7\" \"d7\" \"g7\")"
        => Lower::ReadByParent;
    "star" "board" "(star SIDE)" "The six-pointed star of Chinese checkers: a hexagon of SIDE+1 points a side with a triangle of SIDE rows on each edge (121 points for 4); six directions; labels a row letter from the bottom and a number from the left (`a1` the bottom tip). Its points are the regions `(point DIR)`."
        "(star 4)"
        => Lower::BoardShape(boards::star);
    "tri" "board" "(tri SIDE [SIDE2])" "Points of the triangular grid in a hexagon whose sides alternate SIDE and SIDE2 points (limping when SIDE2 = SIDE+1)."
        "(tri 4 5)"
        => Lower::BoardShape(boards::tri);
    "piece" "game" "(piece \"Kind\" [symbol:\"x\"] [letter:\"Q\"] [picture:\"name\"])" "A kind of piece; every player has pieces of every kind. `symbol:` shows the kind with its own character on the text board instead of its owner's letter (Amazons' arrows). `letter:` names the kind in FEN positions and promotions (`=Q`), and on the text board: the first player's pieces in capitals, the others' in small letters. `picture:` names the built-in picture the web page and `ludic render` draw it with (docs/serve.md lists them; default: a plain disc), or an SVG file beside the rule file (`picture:\"star.svg\"`: a relative path inside the rule file's folder, at most 64 KiB, drawn as an image with each `currentColor` in the owner's colour)."
        "(piece \"Queen\" letter:\"Q\")"
        => Lower::GameClause(Lowerer::piece);
    "stack-limit" "game" "(stack-limit N)" "Most pieces one stack may hold (1–255, default 32). It is a rule, not only a capacity: a piece added to a full stack leaves the game. Position texts (`--position`, `put:`) may name a site more than once, stacking the pieces named, only in a game that declares a limit higher than its tallest setup code; elsewhere each site is named once."
        "(stack-limit 2)"
        => Lower::GameClause(Lowerer::stack_limit);
    "counter" "game" "(counter \"Name\" [init:N])" "A number kept per player in the state (movement points, a bank); read with `(counter \"Name\")`."
        "(counter \"mp\")"
        => Lower::GameClause(Lowerer::counter);
    "phases" "game" "(phases (phase …)… [maximize:Captures|Steps|Dice])" "The phases of a turn, in order; replaces `play`. Automatic phases apply effects; player phases give moves. `maximize:` as in `play`."
        "(phases (phase \"Growth\" auto:(battle)) (phase \"Movement\" {(step) (end-phase)} repeat:true))"
        => Lower::GameClause(Lowerer::phases);
    "phase" "phases" "(phase \"Name\" [MOVES] [auto:EFFECTS] [repeat:BOOL])" "One phase: its effects run when it is reached; with moves, the player moves; `repeat:true` keeps the player moving until `(end-phase)` or a `(pass)`, until no other move is left, or until the turn has taken as many steps as the board has sites (as a chain or an `again` block stops there: a phase whose moves never run out still ends); a phase where only `end` is possible is skipped."
        "(phase \"Movement\" {(step pieces:Any cost:1 budget:\"mp\") (end-phase)} repeat:true)"
        => Lower::Phase(phases::phase);
    "region" "game" "(region \"Name\" REGION [mark:\"~\"])" "A named set of sites, per player when it uses player-relative parts; `ludic show` draws its empty sites with the mark."
        "(region \"Far\" (side Forward))"
        => Lower::GameClause(Lowerer::region);
    "track" "game" "(track \"Name\" \"START\" {DIR…}) | (track \"Name\" {\"SITE\"…}) | (track \"Name\" (per-player {\"SITE\"…}…))" "A path through the sites: from START, each direction followed in turn as far as the board goes; a walk that comes back to START is a loop. Or the sites listed in order (never one twice; an open path); with `per-player`, one list per player in turn order, each player following its own (`advance`, `trail`: backgammon's two ways round). Sowing follows tracks (`sow`, `trail`). A direction that adds no site, or a walk that crosses itself, is an error."
        "(track \"Round\" \"a1\" {E N W S})   // two rows of a mancala board, anticlockwise"
        => Lower::GameClause(Lowerer::track);
    "row" "region" "(row R)" "Row R, counted from the bottom from 0; a negative R counts from the top (-1: the top row)."
        "(row 0)"
        => Lower::RegionPart(regions::row);
    "rows" "region" "(rows A B)" "Rows A to B inclusive (negative numbers count from the top)."
        "(rows 5 7)"
        => Lower::RegionPart(regions::rows);
    "column" "region" "(column C)" "Column C, counted from the left from 0; a negative C counts from the right (-1: the last column)."
        "(column 3)"
        => Lower::RegionPart(regions::column);
    "side" "region" "(side DIR)" "The board's edge furthest in direction DIR; `Forward` and `Backward` are the player's."
        "(side Forward)"
        => Lower::RegionPart(regions::side);
    "dark" "region" "(dark)" "The cells whose row and column numbers have the same parity: on a square grid the dark cells of a chequered board (a1 dark)."
        "(fill \"Stone\" P1 (dark))"
        => Lower::RegionPart(regions::dark);
    "light" "region" "(light)" "The other cells: on a square grid the light cells (b1, a2…)."
        "(fill \"Stone\" P2 (light))"
        => Lower::RegionPart(regions::light);
    "point" "region" "(point DIR)" "On a star board, the point (a triangle of SIDE rows) whose tip lies nearest the direction: N, S, NE (the one at 30°), SE, SW, NW; `Forward` and `Backward` as the player sees them."
        "(point Backward)"
        => Lower::RegionPart(regions::point);
    "centre" "region" "(centre)" "The site(s) nearest the board's centre."
        "(centre)"
        => Lower::RegionPart(regions::centre);
    "all" "region" "(all)" "Every site."
        "(all)"
        => Lower::RegionPart(regions::all);
    "sites" "region" "(sites \"a1\" \"c3\"…)" "Sites by their labels."
        "(sites \"a1\" \"h8\")"
        => Lower::RegionPart(regions::sites);
    "rectangle" "region" "(rectangle \"A\" \"B\" [step:N])" "The sites whose column and row lie between those of the corner sites A and B (inclusive); with `step:N`, every N-th column and row counted from A's: a quadrant of the board, or the boxes of a grid drawn at double scale."
        "(region \"NE\" (rectangle \"d4\" \"f6\"))"
        => Lower::RegionPart(regions::rectangle);
    "union" "region" "(union REGION…)" "Sites in any of the regions."
        "(union (row 0) (row 7))"
        => Lower::RegionPart(regions::union);
    "per-player" "region" "(per-player REGION REGION…)" "One region per player, in turn order."
        "(per-player (sites \"d1\") (sites \"e8\"))"
        => Lower::RegionPart(regions::per_player);
    "except" "region" "(except REGION…)" "Every site not in the regions."
        "(except (sites \"a1\" \"h8\"))"
        => Lower::RegionPart(regions::except);
    "setup" "game" "(setup (fill …)…)" "The initial position."
        "(setup (fill \"Checker\" P1 (rows 5 7)) (fill \"Checker\" P2 (rows 0 2)))"
        => Lower::GameClause(Lowerer::setup);
    "fill" "setup" "(fill \"Kind\" PLAYER REGION [count:N])" "Puts a stack of N pieces (default 1) of PLAYER (P1, P2…) on every site of the region."
        "(fill \"Checker\" P1 (rows 5 7) count:1)"
        => Lower::SetupPart(decls::fill);
    "code" "game" "(code \"PREFIX\" \"Kind\" N)" "In FEN strings, PREFIX before a square number means a stack of N pieces of that kind."
        "(code \"K\" \"Checker\" 2)"
        => Lower::GameClause(Lowerer::code);
    "play" "game" "(play MOVES [maximize:Captures|Steps|Dice])" "The moves a player may make each step. With `maximize:`, a turn must make its count as large as any legal turn can (ties free): `Captures` counts the stacks the turn captures (removed or taken), `Steps` its steps, `Dice` the pips of the dice its `advance` moves use (as many dice as can be played, and of two dice of which only one can be, the larger). A step is then legal only if some way of finishing the turn from it reaches that largest count; `moves` lists only those turns and `perft` counts only them (every path once). The search remembers the largest count of each position it meets mid-turn, and stops at a completion as long as a turn can be (`Steps`: the board's sites); it explores at most 200,000 new positions a turn, past which the steps kept are those reaching the largest count found and `moves` says that the search stopped."
        "(play (priority {(hop … chain:true) (hop … chain:true)} {(step …) (slide …)}) maximize:Captures)"
        => Lower::GameClause(Lowerer::play);
    "moves" "game" "(moves \"Name\" MOVES [skip-end:BOOL])" "A named block of moves (priority levels, as in `play`), played when an effect `(again \"Name\")` makes the same player move again. With `skip-end:true`, a block in which nothing but `(end-phase)` is legal is not played: the turn ends there, with no `end` written (as a phase where only `end` is possible is skipped), so a chain that may stop is written `end` only where it could have gone on."
        "(moves \"Hostage\" (slide origin:Marked to:Empty))"
        => Lower::GameClause(Lowerer::moves_block);
    "priority" "move" "(priority MOVES…)" "The first group that has a legal move gives the moves (compulsory capture)."
        "(priority {(hop from:\"Man\" dirs:Forward)} {(step from:\"Man\" dirs:Forward)})"
        => Lower::MoveGroups;
    "step" "move" "(step [origin:Mine|Empty|Marked] [from:COND] [dirs:DIRS] [to:COND] [capture:BOOL] [pieces:Whole|One|Part|Any] [keep:NUM] [max:NUM] [cost:NUM budget:\"Counter\"] [then:EFFECTS] [finally:EFFECTS] [check:COND] [after:COND] [promote:{\"Kind\"…} zone:\"Region\"] [tag:\"Tag\"])" "Move the stack, or its top pieces, one step to an adjacent site (onto any stack `to:` allows: pieces go on top; with `capture:true` the stack there is removed first and the step is written with `x`). `pieces:Any` makes one move per number of pieces (written `/N`), leaving at least `keep:` and taking at most `max:`; `cost:` is paid from the player's counter `budget:`; `after:` keeps only the steps after which the condition holds (for the mover)."
        "(step from:(equal (height) 1) dirs:Forward to:Empty then:\"Crown\")"
        => Lower::Move(moves::step);
    "hop" "move" "(hop [origin:Mine|Empty|Marked] [from:COND] [pieces:Whole|One|Part|Any] [dirs:DIRS] [over:COND] [to:COND] [capture:BOOL|End] [flying:BOOL] [land:Any|Onward] [then:EFFECTS] [finally:EFFECTS] [chain:BOOL|Level] [repeat:BOOL] [after:COND] [tag:\"Tag\"])" "Jump over the adjacent site to the one beyond, removing the jumped stack unless `capture:false`; `chain:true` makes the same piece jump on while it can, after each jump that removed a piece. `flying:true`: the jumped stack may stand any distance away (the sites before it empty) and the piece lands on any site beyond it that `to:` accepts, up to the first that it does not (a flying king). `land:Onward` (with `flying:true` and `chain:`): where the chain can go on from some of those landings (another jump from there), the piece lands only on those; where it can from none, on any (the Russian draughts king; `land:Any`, the default, lands anywhere). `capture:End`: the jumped stacks stay on the board, taken, until the turn ends, and leave it then; a taken stack still blocks and cannot be jumped again. `chain:Level` goes on with every chained move of the same priority level, so a piece whose kind changed mid-chain (crowned by `then:`) jumps on as its new kind. `finally:` effects run after the turn's last step only (crowning only where a capture ends). `repeat:true` lets one move jump on in the same direction, over the next site to the one beyond, as far as `over:` and `to:` allow: each landing is a move (`FROMxTO`, naming the last landing), every jumped stack is captured (Konane's multiple jump)."
        "(hop from:\"King\" dirs:Diagonal over:Enemy to:Empty capture:End flying:true chain:true)"
        => Lower::Move(moves::hop);
    "slide" "move" "(slide [origin:Mine|Empty|Marked] [from:COND] [pieces:Whole|One|Part|Any] [dirs:DIRS] [through:COND] [to:COND] [capture:BOOL] [keep:NUM] [max:NUM] [cost:NUM budget:\"Counter\"] [then:EFFECTS] [finally:EFFECTS] [chain:BOOL|Level] [check:COND] [after:COND] [promote:{\"Kind\"…} zone:\"Region\"] [tag:\"Tag\"])" "Move any distance along a direction, through sites satisfying `through:` (default: empty), to every site satisfying `to:` (with `capture:true`, a stack there is removed first: a queen's or a rook's capture); `origin:` and `pieces:` (any move clause) say which stacks move and how many of their pieces (a part is written `/k`)."
        "(slide dirs:Orthogonal to:(not Mine) capture:true)   // a rook"
        => Lower::Move(moves::slide);
    "end-phase" "move" "(end-phase)" "End the current phase. Written `end`."
        "(end-phase)"
        => Lower::Move(moves::end_phase);
    "flip" "move" "(flip TOGGLE to:COND [check:COND] [after:COND] [then:EFFECTS])" "Flip a boolean toggle; one move per site where `to:` holds, written `flip-NAME@SITE`."
        "(flip dice to:(and (in To \"Far\") (holds-only To) (not (marked To))) then:(mark To))"
        => Lower::Move(moves::flip);
    "empty" "condition" "(empty [SITE]) | Empty" "The site holds no piece."
        "(empty Over)"
        => Lower::Condition(conds::empty);
    "mine" "condition" "(mine [SITE]) | Mine" "The site's top piece is the mover's."
        "(mine To)"
        => Lower::Condition(conds::mine);
    "enemy" "condition" "(enemy [SITE]) | Enemy" "The site's top piece is another player's."
        "(enemy Over)"
        => Lower::Condition(conds::enemy);
    "kind" "condition" "(kind [SITE] \"Kind\")" "The site's top piece is of this kind."
        "(kind \"King\")"
        => Lower::Condition(conds::kind);
    "in" "condition" "(in [SITE] \"Region\")" "The site is in the region (the mover's version of it)."
        "(in To \"Far\")"
        => Lower::Condition(conds::in_region);
    "and" "condition" "(and COND…)" "All hold."
        "(and (in To \"Far\") (equal (height To) 1))"
        => Lower::Condition(conds::and);
    "or" "condition" "(or COND…)" "Any holds."
        "(or (equal (height) 1) (kind \"Queen\"))"
        => Lower::Condition(conds::or);
    "not" "condition" "(not COND)" "Does not hold."
        "(not (in \"Far\"))"
        => Lower::Condition(conds::not);
    "if" "effect" "(if COND EFFECTS [EFFECTS])" "Runs the first effects when the condition holds, else the second."
        "(if (in To \"Far\") (push To 1))"
        => Lower::Effect(effects::if_then);
    "push" "effect" "(push SITE NUM [kind:\"Kind\"] [owner:Mover|Top])" "Adds NUM pieces on top of the stack at SITE (default: the top piece's kind and owner); NUM may be computed (`(roll 1 6)`, a distance gained), and adds nothing when it is not positive. A constant NUM above the stack limit is a check error."
        "(push To 2 kind:\"Checker\" owner:Mover)"
        => Lower::Effect(effects::push);
    "remove" "effect" "(remove SITE)" "Removes the whole stack at SITE."
        "(remove Over)"
        => Lower::Effect(effects::remove);
    "again" "effect" "(again \"Block\")" "The same player moves again, with the moves of the named block. A turn has at most as many steps as the board has sites (chains included): an `again` that names its own block stops there."
        "(again \"Hostage\")"
        => Lower::Effect(effects::again);
    "end-turn" "effect" "(end-turn)" "Ends the turn now: no chained continuation (crowning ends the move)."
        "{(push To 1) (end-turn)}"
        => Lower::Effect(effects::end_turn);
    "role" "game" "(role \"Name\" COND [mark:\"*\"])" "A named condition on a site, derived from the position and never stored; `ludic show` prints the mark after stones where it holds."
        "(role \"Body\" (and (not Empty) (not (role \"Foot\"))) mark:\"*\")"
        => Lower::GameClause(Lowerer::role);
    "match" "game" "(match VALUE (case V EXPR)…)" "Chooses a clause by value once toggles are read: `(match $board (case square8 (square 8 8)) …)`. Where the chosen arm is empty, `(case V)`, the `match` stands for nothing: among a clause's arguments (or the file's clauses) it is dropped; where one expression is needed, it is an error. Every arm is checked, chosen or not: its value must be one the toggle can take, once; `ludic check` also reads the file with each other value of every yes/no and choice toggle, one at a time, and reports an error an arm not chosen by default holds, with the `--set` that shows it (at most 64 such settings, toggles that a `match` reads first; it names the settings left untried)."
        "(match $board (case hex5 (tri 5)) (case square8 (square 8 8)))"
        => Lower::Resolved;
    "case" "game" "(case V [EXPR])" "One arm of a `match`: its value and what the `match` stands for then (nothing, if EXPR is left out)."
        "(case square8 (square 8 8))"
        => Lower::Resolved;
    "place" "move" "(place \"Kind\" [to:COND] [sites:SET] [check:COND] [then:EFFECTS] [after:COND] [tag:\"Tag\"])" "Put a new piece of the mover from an unlimited supply on a site; `sites:` limits the candidates to a set (by default every site); `check:` tests the position just after the placement, before `then:`; `after:` tests it after. Amazons' arrow: `(place \"Arrow\" sites:(run Last dirs:All))`."
        "(place \"Stone\" to:Empty check:(role To \"Alive\") then:(remove-all (adjacent-to (group To) Enemy)))"
        => Lower::Move(moves::place);
    "pass" "move" "(pass)" "Do nothing; the turn passes (in a repeated phase, the rest of the phase passes, as `(end-phase)` ends it). Written `pass`."
        "(pass)"
        => Lower::Move(moves::pass);
    "select" "move" "(select [to:COND] [sites:SET] [check:COND] [then:EFFECTS] [after:COND])" "Choose a site where `to:` holds (by default any site), among `sites:` (by default every site); nothing moves: the step's effects act on it as `To`. Written as the site's label. Konane's opening removal, the piece taken after a mill."
        "(select to:(and Enemy (not (line 3 To dirs:Orthogonal of:Enemy))) then:(remove To))"
        => Lower::Move(moves::select);
    "leap" "move" "(leap by:{{X Y}…} [origin:Mine|Empty|Marked] [from:COND] [pieces:Whole|One|Part|Any] [to:COND] [capture:BOOL] [then:EFFECTS] [check:COND] [after:COND] [promote:{\"Kind\"…} zone:\"Region\"] [tag:\"Tag\"])" "Move the stack straight to the site at one of the offsets, whatever lies between, if `to:` allows it (default: an empty site); `{X Y}` counts X cells to the mover's right and Y toward its forward direction, so one rule serves both sides (a knight: `{1 2} {2 1} {-1 2}…`); offsets count units of the board's positions (cells on square grids; a graph's own coordinates, edge or not). Written `FROM-TO` (`FROMxTO` for a capture)."
        "(leap by:{{1 2} {2 1} {-1 2} {-2 1}} to:(not Mine) capture:true)"
        => Lower::Move(moves::leap);
    "relocate" "move" "(relocate [origin:Mine|Empty|Marked] [from:COND] [pieces:Whole|One|Part|Any] [to:COND] [capture:BOOL] [then:EFFECTS] [check:COND] [after:COND] [tag:\"Tag\"])" "Move the stack to any other site where `to:` holds, however far and whatever lies between (a Morris piece that flies). Written `FROM-TO`."
        "(relocate from:Mine to:Empty)"
        => Lower::Move(moves::relocate);
    "sow" "move" "(sow track:\"Name\" [from:COND] [skip-origin:BOOL] [check:COND] [then:EFFECTS] [after:COND])" "Lift the whole stack of a site of the track (any player's, where `from:` holds) and drop its pieces one by one on the sites that follow along the track, which must be a loop; `skip-origin:true` passes over the origin on later laps. `To` is the site the last piece reached. Written as the origin's label. A mancala move."
        "(sow track:\"Round\" from:(in \"Home\") skip-origin:true then:\"Capture\")"
        => Lower::Move(moves::sow);
    "advance" "move" "(advance track:\"Name\" [from:COND] [to:COND] [past:COND] [hit:BOOL] [then:EFFECTS] [check:COND] [after:COND])" "Move the top piece of one of the mover's stacks along the mover's version of the track by the value of one of the dice left to play (`throw`), using that die up: one move per origin and distinct value. A die that would carry the piece past the track's last site lands it there when `past:` holds at the origin (bearing off with a higher die), and does not move it otherwise. `hit:true`: an enemy stack on the destination first goes to the first site of its owner's version of the track (the bar). Written `FROM-TO`, with `~N` after a landing past the end made with a die of N (backgammon's `4-woff~6`, `woff` the end of White's track)."
        "(advance track:\"Path\" to:(or (not Enemy) (equal (height) 1)) hit:true then:(again \"Dice\"))"
        => Lower::Move(moves::advance);
    "rotate" "move" "(rotate regions:{\"Name\"…} [ways:{Clockwise Anticlockwise}] [then:EFFECTS] [check:COND] [after:COND])" "Turn one of the regions a quarter turn, every stack in it moving with it, clockwise or anticlockwise (both by default): one move per region and way, legal even when nothing changes. Each region must fill a square block of rows and columns. Written as the region's name (clockwise) or the name and `'` (anticlockwise): `NE`, `NE'`; `To` is the region's first site."
        "(rotate regions:{\"NW\" \"NE\" \"SW\" \"SE\"} then:(if (any (where (line 5))) (win)))"
        => Lower::Move(moves::rotate);
    "friend" "condition" "(friend [SITE]) | Friend" "The site's top piece has the same owner as the anchor (the site whose neighbours or group are looked at)."
        "(count (neighbours Friend))"
        => Lower::Condition(conds::friend);
    "role" "condition" "(role [SITE] \"Name\")" "The named role holds at the site."
        "(role To \"Foot\")"
        => Lower::Condition(conds::role);
    "equal" "condition" "(equal NUM NUM)" "The numbers are equal."
        "(equal (count (neighbours Friend)) 2)"
        => Lower::Condition(conds::equal);
    "at-least" "condition" "(at-least NUM NUM)" "The first number is at least the second."
        "(at-least (count (group (role \"Foot\"))) (count (group (role \"Body\"))))"
        => Lower::Condition(conds::at_least);
    "at-most" "condition" "(at-most NUM NUM)" "The first number is at most the second."
        "(at-most (count (neighbours Friend)) 1)"
        => Lower::Condition(conds::at_most);
    "more-than" "condition" "(more-than NUM NUM)" "The first number is greater."
        "(more-than (count (neighbours Enemy)) 2)"
        => Lower::Condition(conds::more_than);
    "less-than" "condition" "(less-than NUM NUM)" "The first number is smaller."
        "(less-than (count (group)) 5)"
        => Lower::Condition(conds::less_than);
    "any" "condition" "(any SET)" "The set has a site."
        "(any (neighbours To (and Enemy (role \"Body\"))))"
        => Lower::Condition(conds::any);
    "connected" "condition" "(connected SET)" "The set's sites are connected by the board's adjacency."
        "(connected (neighbours Friend))"
        => Lower::Condition(conds::connected);
    "every" "condition" "(every SET COND)" "Every site of the set satisfies the condition."
        "(every Converted (role \"Alive\"))"
        => Lower::Condition(conds::every);
    "among" "condition" "(among [SITE] SET)" "The site is one of the set's sites: a set worked out from the position (a flood fill with `reach`, a `run`, the `neighbours` of a site) asked of one site, as `in` asks a fixed region. With `reach`, the sites a piece could get to through empty sites, or the sites cut off from the edge: a tafl fort's wall is the defenders next to the king's room, `(and Mine (any (neighbours (among (reach (where (kind \"King\")) (or Empty (kind \"King\")))))))`."
        "(ahead N (among (reach (where (kind \"King\")) (or Empty (kind \"King\")))))"
        => Lower::Condition(conds::among);
    "holds" "condition" "(holds [SITE])" "The stack holds a piece of the player."
        "(not (holds))"
        => Lower::Condition(conds::holds);
    "holds-only" "condition" "(holds-only [SITE])" "The stack is not empty and every piece is the player's."
        "(holds-only To)"
        => Lower::Condition(conds::holds_only);
    "mixed" "condition" "(mixed [SITE])" "The stack holds pieces of two or more players (contested)."
        "(not (mixed From))"
        => Lower::Condition(conds::mixed);
    "marked" "condition" "(marked [SITE])" "The site was marked this turn by `mark` or `mark-all`, or by `mark-all … for:Step` earlier in this step or in the step before (those marks last until the mover's next step is played)."
        "(marked From)"
        => Lower::Condition(conds::marked);
    "line" "condition" "(line N [SITE] [dirs:DIRS] [exact:BOOL] [of:COND])" "A line of N sites in a row through SITE, all satisfying `of:` (default `Mine`): along some direction of `dirs:` (default `All`) and its opposite, SITE and its neighbours that satisfy `of:` make at least N sites (exactly N with `exact:true`: a longer line does not count)."
        "(place \"Stone\" to:Empty then:(if (line 5 To exact:true) (win)))"
        => Lower::Condition(conds::line);
    "ahead" "condition" "(ahead [SITE] DIRS [COND] [steps:NUM])" "The site one step (or `steps:` steps: 0 is SITE itself, a negative number no site) from SITE in a direction of DIRS exists and satisfies COND (default: any site). DIRS may be a direction value: `Move`, the direction of the current step (from its origin to its destination along a line of the board), `Reverse`, the opposite one, or `LastMove`, the previous step's; none when the step follows no line. `(not (ahead S))` is the bottom edge; `(not (ahead S Empty))` a site resting on a piece or on the bottom edge (Connect Four's drop); `(ahead To Move Enemy)` asks whether the site beyond the destination, along the line moved, holds an enemy, and `(ahead From Reverse Enemy steps:2)` the site two steps behind the origin."
        "(ahead To Move (and Enemy (not (kind \"King\"))))"
        => Lower::Condition(conds::ahead);
    "count" "number" "(count SET)" "The number of sites in the set."
        "(count (where (and Mine (role \"Body\"))))"
        => Lower::Number(nums::count);
    "sum" "number" "(sum NUM…)" "A sum."
        "(sum (count (where Mine)) 1)"
        => Lower::NumberOfNumbers(nums::sum);
    "sub" "number" "(sub NUM NUM)" "A difference."
        "(sub (count (where Mine)) (count (where Enemy)))"
        => Lower::NumberOfNumbers(nums::sub);
    "if" "number" "(if COND NUM NUM)" "The first number when the condition holds, else the second."
        "(if (holds-only To) 0 1)"
        => Lower::NumberOfNumbers(nums::if_else);
    "counter" "number" "(counter \"Name\")" "The player's counter."
        "(counter \"mp\")"
        => Lower::Number(nums::counter);
    "pieces" "number" "(pieces)" "The number of the player's pieces on the board."
        "(equal (pieces) 0)"
        => Lower::Number(nums::pieces);
    "height" "number" "(height [SITE])" "The height of a stack (0 on an empty site). Compare it as any number: `(equal (height) 1)` (a lone piece), `(at-least (height To) 2)`."
        "(height From)"
        => Lower::Number(nums::height);
    "pieces-on-line" "number" "(pieces-on-line [SITE] [dirs:DIRS])" "The pieces, whoever owns them, on the whole lines through SITE: SITE itself and every site both ways along each direction of `dirs:` (default `All`) and its opposite, to the board's edges, each line counted once. With the direction value `dirs:Move`, the line of the current step: Lines of Action's piece moves exactly as many squares as there are pieces on the line of its move, `(equal (line-distance From To) (pieces-on-line From dirs:Move))`."
        "(pieces-on-line From dirs:Move)"
        => Lower::Number(nums::pieces_on_line);
    "line-distance" "number" "(line-distance SITE SITE)" "Steps from the first site to the second along a straight line of the board, as a slide goes (0 when they are the same site; the board's number of sites when no line of the board joins them, or a site is missing). With `From` and `To`, how far a slide's step goes."
        "(at-most (line-distance From To) 2)"
        => Lower::Number(nums::line_distance);
    "distance" "number" "(distance [SITE] \"Region\")" "Steps from SITE to the nearest site of the region as the player sees it (the board's number of sites when it cannot be reached). A step that moves away from the centre gains `(sub (distance To \"Centre\") (distance From \"Centre\"))`."
        "(slide to:(and Empty (more-than (distance To \"Centre\") (distance From \"Centre\"))))"
        => Lower::Number(nums::distance);
    "roll" "number" "(roll N SIDES)" "The sum of N dice with SIDES sides (in effects; a condition reads 0): the step stops at a chance node whose outcomes are the sums, with their odds (docs/chance.md)."
        "(roll 2 6)"
        => Lower::Number(nums::roll);
    "pieces-in" "number" "(pieces-in SET)" "The number of pieces on the set's sites, whoever owns them (the seeds in some houses)."
        "(add-counter \"Store\" (pieces-in (trail To \"Round\" backward:true through:(and (at-least (height) 2) (at-most (height) 3)))))"
        => Lower::Number(nums::pieces_in);
    "neighbours" "set" "(neighbours [SITE] [COND])" "The site's neighbours that satisfy the condition (anchor: the site)."
        "(neighbours To (and Enemy (role \"Body\")))"
        => Lower::Set(sets::neighbours);
    "group" "set" "(group [SITE] [COND])" "The connected group of the site's stack (same top owner, board adjacency), members filtered by the condition."
        "(group To (role \"Body\"))"
        => Lower::Set(sets::group);
    "where" "set" "(where COND)" "Every site that satisfies the condition."
        "(where (and Empty (any (neighbours Mine))))"
        => Lower::Set(sets::where_cond);
    "minus" "set" "(minus SET SET)" "The sites of the first set that are not in the second."
        "(minus (where (holds-only)) (reach (where (in \"Home\")) (holds-only)))"
        => Lower::Set(sets::minus);
    "reach" "set" "(reach SET COND)" "The sites reachable from the set's sites that satisfy the condition, through adjacent sites that satisfy it."
        "(reach (where (and (in \"Home\") (holds-only))) (holds-only))"
        => Lower::Set(sets::reach);
    "run" "set" "(run [SITE] [dirs:DIRS] [along:Move|Reverse|LastMove] [through:COND] [close:COND] [end:BOOL] [length:N])" "Rays from SITE (not included), one per direction of `dirs:` (default `All`): the sites in a row that satisfy `through:` (default `Empty`). With `close:`, a ray counts only if it has a site and the site just past it satisfies `close:` (Reversi's line of enemy discs closed by one's own; the partner of a custodial capture, which may be any condition: a corner, an empty throne); `end:true` adds the site that stopped each ray. With `length:N`, a ray counts only if it has exactly N sites: `(remove-all (run To through:Enemy close:Mine length:2))` captures every pair of enemy stones the new stone brackets, in all directions at once (Pente). With `along:Move` (or the direction value `dirs:Move`), one ray only, in the direction of the current step (from its origin to its destination, along a line of the board; none when the step follows no line), with `along:Reverse` (`dirs:Reverse`) the opposite one, and with `along:LastMove` the previous step's, in place of `dirs:`: `(run To along:Move through:Enemy)` is the line of enemies a step approaches, `(run From along:Reverse through:Enemy)` the one it withdraws from (Fanorona)."
        "(run To through:Enemy close:Mine)"
        => Lower::Set(sets::run);
    "flanked" "set" "(flanked [SITE] [dirs:DIRS] [middle:Mine|Enemy|Occupied] [end:Mine|Enemy|Occupied] [distance:N|Any] [same:{Height Kind}])" "The stacks that the stack at SITE (default the subject) flanks: a stack that satisfies `middle:` (default `Enemy`) lying exactly midway on a line along a direction of `dirs:` (default all) between SITE and a stack that satisfies `end:` (default `Mine`), the sites between empty, at most `distance:` steps from SITE to the middle (default 1; `Any`: any distance), with the same height or top kind as SITE's stack when `same:` says so. At most one stack a direction. `(any (flanked …))` asks whether it flanks one (sought, not listed); `(remove-all (flanked …))` captures them (read as `Removed`); `(mark-all (flanked …) for:Step)` takes them hostage for the next step (`origin:Marked`)."
        "(if (any (flanked To middle:Enemy end:Mine distance:Any same:Height)) (again \"Hostage\"))"
        => Lower::Set(sets::flanked);
    "adjacent-to" "set" "(adjacent-to SET COND)" "The sites next to a site of the set that satisfy the condition; `Removed` and `Converted` are the sites removed or converted by earlier effects of the step."
        "(adjacent-to (group To (role \"Body\")) (and Enemy (role \"Foot\")))"
        => Lower::Set(sets::adjacent_to);
    "trail" "set" "(trail [SITE] \"Track\" [backward:BOOL] [through:COND])" "The sites along the track from SITE, SITE included, forward (or against the track with `backward:true`), as long as they satisfy `through:` (default: all of them), at most once round a loop: the houses an Oware capture runs back over."
        "(remove-all (trail To \"Round\" backward:true through:(and (in \"Across\") (at-least (height) 2) (at-most (height) 3))))"
        => Lower::Set(sets::trail);
    "convert-all" "effect" "(convert-all SET)" "Gives the mover every stack of the set (every piece changes owner), computed before any changes; later effects read them as `Converted`."
        "(convert-all (run To through:Enemy close:Mine))"
        => Lower::Effect(effects::convert_all);
    "win" "effect" "(win [Mover|Next|P1…])" "The player (default: the mover) wins now, and the game is over."
        "(if (line 3 To) (win))"
        => Lower::Effect(effects::win);
    "lose" "effect" "(lose [Mover|Next|P1…])" "The player (default: the mover) loses now (with two players: the other wins; with one, the game ends in its loss; with more, the player leaves play in the last free place and the others play on, as with `lose-when`)."
        "(if (equal (pieces) 0) (lose Next))"
        => Lower::Effect(effects::lose);
    "draw" "effect" "(draw)" "The game is drawn now."
        "(if (equal (count (where Empty)) 0) (draw))"
        => Lower::Effect(effects::draw);
    "remove-all" "effect" "(remove-all SET)" "Removes every stack of the set, computed before any is removed."
        "(remove-all (adjacent-to (group To (role \"Body\")) (and Enemy (role \"Foot\"))))"
        => Lower::Effect(effects::remove_all);
    "groups" "effect" "(groups SET [when:COND] [remove:COND] [convert:COND])" "For each group of the set's sites that satisfies `when`, removes the members that satisfy `remove` and gives the mover those that satisfy `convert`; every group is judged on the same position."
        "(groups (adjacent-to Removed Enemy) when:(not (role \"Alive\")) remove:(role \"Body\") convert:(role \"Foot\"))"
        => Lower::Effect(effects::groups);
    "set-counter" "effect" "(set-counter \"Name\" NUM)" "Sets the player's counter."
        "(set-counter \"mp\" 12)"
        => Lower::Effect(effects::set_counter);
    "add-counter" "effect" "(add-counter \"Name\" NUM)" "Adds to the player's counter."
        "(add-counter \"steps\" 1)"
        => Lower::Effect(effects::add_counter);
    "mark" "effect" "(mark SITE)" "Marks a site until the end of the turn."
        "(mark To)"
        => Lower::Effect(effects::mark);
    "mark-all" "effect" "(mark-all SET [for:Turn|Step])" "Marks every site of the set: until the end of the turn (`Turn`, the default, as `mark`), or until the mover's next step is played (`Step`: that step's choice reads them with `origin:Marked` or `marked`, then they are gone)."
        "(mark-all (flanked To middle:Enemy end:Mine distance:Any same:Height) for:Step)"
        => Lower::Effect(effects::mark_all);
    "clear-marks" "effect" "(clear-marks)" "Clears every mark."
        "(clear-marks)"
        => Lower::Effect(effects::clear_marks);
    "push-each" "effect" "(push-each SET N \"Kind\" [max:NUM])" "Adds N pieces of the player on each site of the set, in board order, at most `max` in all (a number written for `max` is at least 1)."
        "(push-each (where (and (in \"Home\") (equal (height) 1) (holds-only))) 1 \"Checker\" max:(sub 60 (pieces)))"
        => Lower::Effect(effects::push_each);
    "battle" "effect" "(battle [dice:true])" "Resolves every contested stack: one for one (r against b leaves |r - b| of the larger side), or each side rolls a die and the higher roll kills the difference."
        "(if $dice (battle dice:true) (battle))"
        => Lower::Effect(effects::battle);
    "throw" "effect" "(throw N SIDES [doubles:K])" "Throws N dice of SIDES sides and keeps their values apart as the dice the mover has left to play (`advance` uses them, `(dice-left)` counts them), replacing any left: a chance node whose outcomes are the unordered throws, with their odds (two six-sided dice: 21 throws, 1/18 for two faces, 1/36 for a double; docs/chance.md). When every die shows the same face, each counts K times (default 1; backgammon's doubles: 2). At most 8 dice to play, and SIDES^N at most 65,535."
        "(throw 2 6 doubles:2)"
        => Lower::Effect(effects::throw);
    "for-each-player" "effect" "(for-each-player EFFECTS)" "Runs the effects once for each player, as that player."
        "(for-each-player (remove-all (where (holds-only))))"
        => Lower::Effect(effects::for_each_player);
    "set-kind" "effect" "(set-kind SITE \"Kind\")" "Changes the kind of every piece of the stack."
        "(set-kind To \"Bridge\")"
        => Lower::Effect(effects::set_kind);
    "flip" "effect" "(flip TOGGLE)" "Flips a boolean toggle."
        "(flip banking)"
        => Lower::Effect(effects::flip);
    "passes" "end" "(passes N [when:BOOL])" "The game ends after N passes in a row, decided by the score."
        "(passes 2)"
        => Lower::End(ends::passes);
    "score" "end" "(score NUM [tie-break:NUM|{NUM…}])" "Each player's score (conditions speak for that player), then tie-breaks; the highest wins, equal all through is a draw. A score may hold decimal numbers with one digit after the point (a komi of `7.5` with `(per-player 0 7.5)`): the whole rule is then worked out exactly in tenths (every count and integer in it ten times over; the language has no product, so comparisons inside keep their truth), and scores are shown with one digit after the point (`White 48.5`). A decimal number anywhere else is refused."
        "(score (sum (count (where Mine)) (per-player 0 7.5)) tie-break:(count (where Empty)))"
        => Lower::End(ends::score);
    "end" "game" "(end RULE…)" "When the game ends."
        "(end (no-moves Loss) (draw-repetition 3))"
        => Lower::GameClause(Lowerer::end);
    "no-moves" "end" "(no-moves Loss|Win|Draw|Score|Pass [if:COND])" "What happens to the player to move who has no legal move (default: a draw). `Pass`: the turn passes to the next player (at the start of a turn, or in the middle of one when an `again` block has no move: the turn ends there; every player in turn stuck: a draw). `Loss` makes the other player the winner in a two-player game, ends a one-player game in its loss; with more players the mover leaves play in the last free place and the others play on (`Win`: the first free place, as a win does). `Score` ends the game, decided by the `(score …)` rule (a draw without one). With `if:`, only when the condition holds for that player; the first such rule that holds decides, else the one without `if:` (checkmate and stalemate)."
        "(no-moves Loss if:(in-check \"King\"))"
        => Lower::End(ends::no_moves);
    "draw-repetition" "end" "(draw-repetition N [by-score:true] [when:BOOL])" "A draw when the same position occurs for the N-th time at the start of a turn; with `by-score:true` the game ends there decided by the score instead, as at a turn limit (a draw without one): Oware's seeds going round in circles, each player's own row added to their captures. A position is its stacks and the player to move; the `unmoved` marks count only as castling rights where `(fen castling:…)` declares them (a royal piece and a partner on its row, both unmoved: a knight that goes out and back makes the same position again), and every one of them elsewhere; and the legal moves of the generators that read the previous step (`Last`, `LastPassed`: en passant) are part of it, so a board with such a move legal differs from the same board without (FIDE 9.2.3)."
        "(draw-repetition 3 when:$repetition)"
        => Lower::End(ends::draw_repetition);
    "draw-no-progress" "end" "(draw-no-progress N [reset:{FACT…}] [when:BOOL])" "A draw after N consecutive turns without a reset fact; N = 0 turns it off."
        "(draw-no-progress 80 reset:{Capture (moved (equal (height) 1))})"
        => Lower::End(ends::draw_no_progress);
    "moved" "fact" "(moved COND)" "Reset fact: the moving stack satisfied COND at its origin."
        "(moved \"Man\")"
        => Lower::Fact(ends::moved);
    "lose-when" "end" "(lose-when COND [when:BOOL])" "After every turn, each player for whom the condition holds loses (with more than two players: leaves play in the last free places, and the others play on); all those still playing at once: a draw among them (the one player of a game of one: its loss)."
        "(lose-when (equal (pieces) 0))"
        => Lower::End(ends::lose_when);
    "play-on" "end" "(play-on [when:BOOL])" "With more than two players, a seat that wins leaves play and takes the best free place, and the others play on, until one seat is left (it takes the place that is left). Without it the first win ends the game: the winner first, the others second together (docs/players.md, several players)."
        "(play-on when:$ranking)"
        => Lower::End(ends::play_on);
    "stakes" "end" "(stakes NUM [max:N] [when:BOOL])" "How many points a won game is worth to its winner, in a game of two players: read once the game is over, from the final position, conditions speaking for the winner (`Mine` its pieces, `Enemy` the loser's, a per-player region as the winner sees it). The winner's return is the stake, the loser's minus the stake, a draw's 0; without the rule a win is worth 1. The stake is clamped to 1..max, and the returns lie within ±max: `max:` declares it, else it is the largest value the number can take, worked out from its constants (integers, the branches of an `if`, sums); a number read from the position needs `max:`. Refused with more than two players, whose returns are graded by place (docs/players.md)."
        "(stakes (if (equal (pieces-in (where (in \"TheirOff\"))) 0) 2 1))"
        => Lower::End(ends::stakes);
    "turn-limit" "end" "(turn-limit N [per-site:true] [when:BOOL])" "The game ends after N turns (N times the number of sites with per-site): by score when there is one, else a draw."
        "(turn-limit 4 per-site:true)"
        => Lower::End(ends::turn_limit);
    "first" "game" "(first P1|P2…|Random)" "Who moves first (default `P1`): a player, or one drawn from the game's seed (`--seed`; the same seed, the same first player). Usually bound to a toggle with `match`."
        "(first (match $first (case red P1) (case black P2) (case random Random)))"
        => Lower::GameClause(Lowerer::first);
    "heuristics" "game" "(heuristics TERM…)" "How computer players (`greedy`, `ab`, `mcts` with a cut) judge an unfinished position: the sum of weighted terms, each computed for every player; a player's evaluation is its own sum minus the others' mean. A game without it is judged by `(material 1)`."
        "(heuristics (material 10) (mobility 1) (region 3 \"Far\"))"
        => Lower::GameClause(Lowerer::heuristics);
    "material" "heuristics" "(material WEIGHT [kind:\"Kind\"] [stacks:true] [when:COND])" "The player's pieces on the board (only one kind with `kind:`); with `stacks:true`, the stacks whose top piece is theirs."
        "(material 3 kind:\"King\")"
        => Lower::HeuristicTerm(heuristics::material);
    "mobility" "heuristics" "(mobility WEIGHT [when:COND])" "The legal first steps the player would have if it were to move now (for the player to move, its legal first steps): every player counts its own, so positions with different players to move compare."
        "(mobility 1)"
        => Lower::HeuristicTerm(heuristics::mobility);
    "region" "heuristics" "(region WEIGHT \"Region\" [pieces:true] [when:COND])" "Sites of the region (as the player sees it) whose top piece is the player's; with `pieces:true`, the player's pieces there."
        "(region 5 \"Far\")"
        => Lower::HeuristicTerm(heuristics::region);
    "score" "heuristics" "(score WEIGHT [when:COND])" "The game's `(score …)` number for the player (0 without one)."
        "(score 1)"
        => Lower::HeuristicTerm(heuristics::score);
    "centre" "heuristics" "(centre WEIGHT [when:COND])" "Over the player's stacks, closeness to the centre: the board's largest graph distance to its central sites minus the stack's own."
        "(centre 1)"
        => Lower::HeuristicTerm(heuristics::centre);
    "approach" "heuristics" "(approach WEIGHT \"Region\" [pieces:true] [when:COND])" "Over the player's stacks, closeness to the region as the player sees it: the board's largest graph distance to the region minus the stack's own; with `pieces:true`, each of the player's pieces in the stack counts it."
        "(approach 1 \"Far\" pieces:true)"
        => Lower::HeuristicTerm(heuristics::approach);
    "pursuit" "heuristics" "(pursuit WEIGHT [pieces:true] [when:COND])" "Over the player's stacks, closeness to the nearest stack whose top piece is another player's: the board's largest graph distance minus the steps to it (no such stack: 0); with `pieces:true`, each of the player's pieces in the stack counts it. Computed for every player and taken as a difference like every term, it rewards the side with more pieces for closing in and the smaller side for keeping away (a game won by taking the enemy's last piece)."
        "(pursuit 2 pieces:true)"
        => Lower::HeuristicTerm(heuristics::pursuit);
    "lines" "heuristics" "(lines WEIGHT N [when:COND])" "Line potential: every window of N sites in a line (each board direction) with no enemy piece on top counts the square of the player's pieces on top in it."
        "(lines 1 4)"
        => Lower::HeuristicTerm(heuristics::lines);
    "term" "heuristics" "(term WEIGHT NUM [when:COND])" "Any number of the language, computed for the player."
        "(term 2 (count (where (and (in \"Home\") (holds-only)))))"
        => Lower::HeuristicTerm(heuristics::term);
    "royal" "game" "(royal \"Kind\")" "The player's pieces of this kind are royal: a step after which one of them is attacked (see `attacked`) is not legal, whatever it does (chess's king: no move may leave one's own king in check)."
        "(royal \"King\")"
        => Lower::GameClause(Lowerer::royal);
    "fen" "game" "(fen [castling:{\"Royal\" \"Partner\"}] [en-passant:\"Kind\"])" "Positions are read and written in Forsyth–Edwards notation (`--fen`, scenarios' `fen:`; square boards, two players, every kind with a `letter:`): ranks from the top, files from the left, each piece by its kind's letter (capitals for the first player), digits for runs of empty squares; then the side to move (a player's letter), the castling field, the en-passant field and the two clocks (optional). A castling letter `K`/`Q` (`k`/`q` for the second player) says that the royal piece and its outermost partner on its row toward the right/left edge (as the first player sees the board) have not moved; a file letter names the partner's column instead (Shredder-FEN). The en-passant field names the site the last step of a piece of that kind passed (`LastPassed`). The half-move clock is the no-progress count. Only the pieces the castling field names are `unmoved`."
        "(fen castling:{\"King\" \"Rook\"} en-passant:\"Pawn\")"
        => Lower::GameClause(Lowerer::fen);
    "unmoved" "condition" "(unmoved [SITE])" "The stack at the site has not moved since the game began (every stack of the setup; from a FEN position, the pieces its castling field names). A stack that moves or is captured, and whatever lands on a site, is no longer unmoved."
        "(leap by:{{2 0} {-2 0}} from:(and (kind \"King\") (unmoved)) to:Empty)"
        => Lower::Condition(conds::unmoved);
    "attacked" "condition" "(attacked [SITE])" "Another player could capture there: one of their generators with `capture:true` (a step, slide, leap or hop) could move one of their stacks to the site (a hop: jump it) from where their stacks stand, its `from:`, `through:` and (hops) `over:`/`to:` holding; the destination's `to:` is not asked, so an empty site is attacked where a capture would reach it. Those conditions of a capturing move may not ask `attacked` or `in-check` themselves (the question would ask itself again for ever): `check` refuses them; `after:` and `check:` may."
        "(not (attacked Passed))"
        => Lower::Condition(conds::attacked);
    "in-check" "condition" "(in-check \"Kind\")" "One of the player's pieces of this kind is attacked (see `attacked`)."
        "(no-moves Loss if:(in-check \"King\"))"
        => Lower::Condition(conds::in_check);
    "same" "condition" "(same SITE SITE) | (same DIR DIR)" "The two sites are one and the same (both exist). With `LastPassed`: en passant. Of two direction values (`Move`, `Reverse`, `LastMove`), they name one and the same direction (both name one): `(not (same Move LastMove))` refuses a step that goes on the way the previous one went (Fanorona's chain)."
        "(step dirs:(and Forward Diagonal) to:(and Empty (same To LastPassed) (kind Last \"Pawn\")) then:(remove Last))"
        => Lower::Condition(conds::same);
    "player-is" "condition" "(player-is PLAYER…)" "The player the rule speaks for is one of those named (`P1`, `P2`…): the mover during play, each player in turn in `(score …)`, `lose-when` and heuristics. With `(per-player …)` numbers, rules that differ by player are written once."
        "(lose-when (and (player-is P1) (equal (pieces) 0)))   // only the first player loses by having no piece left"
        => Lower::Condition(conds::player_is);
    "repeated" "condition" "(repeated [N])" "The board as it stands (its stacks, whoever is to move) stood at the start of a turn of the game so far, this turn's included; with N, at the start of N turns or more (default 1): at the end of a turn, `(repeated 2)` is the board's third occurrence, and `(lose-when (and (player-is P2) (repeated 2)))` makes a threefold repetition a loss for the second player (Copenhagen Hnefatafl's defenders). In `after:`, the board the step leaves once its effects are done: `after:(not (repeated))` refuses a move that recreates an earlier whole-board position (positional superko, Go). A position text's `history=` holds positions with their player to move; taken with the players in strict turn order."
        "(place \"Stone\" to:Empty after:(not (repeated)))"
        => Lower::Condition(conds::repeated);
    "turn" "number" "(turn)" "The number of the turn being played, counting from 1 (the first player's first turn; the second player's first is turn 2): the turns completed, the position text's `turns=`, plus one. It is read from the state, not the board: two positions of the same board and player to move may differ in it."
        "(place \"Stone\" to:(and Empty (or (in \"Centre\") (more-than (turn) 1))))"
        => Lower::Number(nums::turn);
    "dice-left" "number" "(dice-left)" "How many dice the mover has left to play: those the last `throw` kept that no `advance` has used."
        "(more-than (dice-left) 0)"
        => Lower::Number(nums::dice_left);
    "per-player" "number" "(per-player NUM…)" "One number per player, in turn order: the one of the player the rule speaks for (the mover during play, each player in turn in `(score …)` and heuristics). Exactly as many numbers as players."
        "(at-least (counter \"Captures\") (per-player 10 12))"
        => Lower::NumberOfNumbers(nums::per_player);
    "swap" "move" "(swap [transpose:BOOL] [then:EFFECTS])" "The pie rule: on the game's second turn only (`(turn)` is 2), the mover may, instead of moving, take the first player's position as their own: every piece on the board becomes theirs, and the other player moves next. With `transpose:true` each stack moves to the site whose column is its row and whose row its column (on a rhombus, the reflection in the long diagonal: the first player's sides become the second's, as Hex's swap requires). Written `swap`. Usually behind a toggle: `(match $pie (case true (swap)) (case false))`."
        "(swap transpose:true)"
        => Lower::Move(moves::swap);
    "move-stack" "effect" "(move-stack SITE SITE)" "Moves the whole stack at the first site onto the second, when there is one (castling's rook: `(move-stack Beyond Passed)`); it is no longer `unmoved`."
        "(move-stack Beyond Passed)"
        => Lower::Effect(effects::move_stack);
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
pub const SITE_WORDS: &[&str] = &[
    "From",
    "To",
    "Over",
    "Subject",
    "Last",
    "Passed",
    "Beyond",
    "LastPassed",
];

/// The site a site word names (see [`SITE_WORDS`]).
pub(crate) fn site_word(w: &str) -> Option<super::ir::SiteRef> {
    use super::ir::SiteRef;
    Some(match w {
        "From" => SiteRef::From,
        "To" => SiteRef::To,
        "Over" => SiteRef::Over,
        "Subject" => SiteRef::Subject,
        "Last" => SiteRef::Last,
        "Passed" => SiteRef::Passed,
        "Beyond" => SiteRef::Beyond,
        "LastPassed" => SiteRef::LastPassed,
        _ => return None,
    })
}

/// Words that stand for sets.
pub const SET_WORDS: &[&str] = &["Removed", "Converted"];

/// Condition words usable without parentheses.
pub const CONDITION_WORDS: &[&str] = &["Empty", "Mine", "Enemy", "Friend", "true", "false"];

/// Every bare word of the language (conditions, sites, sets, directions).
pub fn words() -> impl Iterator<Item = &'static str> {
    CONDITION_WORDS
        .iter()
        .chain(SITE_WORDS)
        .chain(SET_WORDS)
        .chain(DIRECTION_WORDS)
        .copied()
}

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

/// The row of `name` in `context`, from a map built once.
pub fn row(context: &str, name: &str) -> Option<&'static Ludeme> {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    type Rows = HashMap<(&'static str, &'static str), &'static Ludeme>;
    static ROWS: OnceLock<Rows> = OnceLock::new();
    let rows = ROWS.get_or_init(|| LUDEMES.iter().map(|l| ((l.context, l.name), l)).collect());
    rows.get(&(context, name)).copied()
}

/// How the clause `name` of `context` is lowered (`None` for a word the
/// table does not hold there).
pub(crate) fn lowering(context: &str, name: &str) -> Option<Lower> {
    row(context, name).map(|l| l.lower)
}

/// Titles of the contexts, in documentation order.
const CONTEXTS: &[(&str, &str)] = &[
    ("file", "The file"),
    ("variant", "Variant files"),
    ("game", "Game clauses"),
    ("players", "Players"),
    ("board", "Board shapes"),
    ("graph", "Points and lines of a `graph` board"),
    ("region", "Regions"),
    ("setup", "Setup"),
    ("phases", "Phases"),
    ("move", "Moves (inside `play`)"),
    ("condition", "Conditions"),
    ("number", "Numbers"),
    ("set", "Sets of sites"),
    ("effect", "Effects (`then:`)"),
    ("end", "End rules"),
    ("fact", "Reset facts (inside `draw-no-progress`)"),
    ("heuristics", "Heuristic terms (inside `heuristics`)"),
];

/// The ludeme reference of `docs/language.md`, generated from [`LUDEMES`]:
/// one section per context, one entry per ludeme with its signature,
/// meaning and example.
pub fn reference_markdown() -> String {
    let mut out = String::new();
    for (ctx, title) in CONTEXTS {
        out.push_str(&format!("\n## {title}\n"));
        for l in LUDEMES.iter().filter(|l| l.context == *ctx) {
            out.push_str(&format!(
                "\n### {}\n\n`{}`\n\n{}\n\n```\n{}\n```\n",
                l.name, l.signature, l.summary, l.example
            ));
        }
    }
    out
}

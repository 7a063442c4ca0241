//! The evaluation of a position by a game's `(heuristics …)` terms
//! (`compile::heuristics`): each term is computed for every
//! player; a player's evaluation is its weighted sum minus the mean of the
//! others'. A finished game is worth [`WIN`] (less the plies to reach it,
//! in a search) to its winner.

use crate::board::{NO_SITE, Site};
use crate::compile::Game;
use crate::compile::heuristics::TermKind;
use crate::compile::ir::{Cond, Kind, Num, Player, SiteRef, SiteSet};
use crate::engine::cond::Ctx;
use crate::engine::{Move, Outcome, State};

/// The value of a won game; every heuristic value stays far below.
pub const WIN: i64 = 1 << 40;

/// The largest value a position not yet decided is given: [`relative`]
/// clamps to ±`HEURISTIC_MAX`, so that no sum of terms (a rule file's
/// `(term W N)` may compute any 64-bit number) reads as a won game.
pub const HEURISTIC_MAX: i64 = WIN / 4;
// Under the WIN / 2 at which the candidate lists take a value as decided.
const _: () = assert!(HEURISTIC_MAX < WIN / 2);

/// The weighted sum of the heuristic terms for every player, in `out`
/// (resized to the number of players). `moves` is a scratch buffer for
/// mobility. Terms over the board's sites are counted for every player in
/// one pass over the sites.
pub fn values(st: &mut State, out: &mut Vec<i64>, moves: &mut Vec<Move>) {
    let game = st.game().clone();
    let n = game.num_players();
    out.clear();
    out.resize(n, 0);
    let mut each = [0i64; MAX_PLAYERS];
    // Every player's pieces, for the number terms' `(pieces)`.
    let mut pieces = [0i64; MAX_PLAYERS];
    let known = n <= MAX_PLAYERS
        && game
            .heuristics
            .iter()
            .any(|t| matches!(t.kind, TermKind::Num(_)))
        && all_players(st, &game, &ALL_PIECES, &mut pieces[..n]);
    let pieces = known.then_some(&pieces[..n]);
    // Each counted term's counts, by index, for the terms that repeat its
    // kind ([`crate::compile::heuristics::Term::same_as`]).
    let mut memo = [None::<[i64; MAX_PLAYERS]>; MEMO];
    let m = n.min(MAX_PLAYERS);
    for (i, t) in game.heuristics.iter().enumerate() {
        // `when:`: the players the term counts for.
        let mut on = [true; MAX_PLAYERS];
        if let Some(c) = &t.when {
            for (p, o) in on[..m].iter_mut().enumerate() {
                *o = st.eval(c, &Ctx::at(p as Player, NO_SITE));
            }
            if !on[..m].contains(&true) {
                continue;
            }
        }
        let first = t.same_as.map_or(i, usize::from);
        let each = &mut each[..m];
        match memo.get(first).copied().flatten() {
            Some(counts) => each.copy_from_slice(&counts[..m]),
            None => {
                count_term(st, &game, &t.kind, each, moves, pieces);
                if let Some(slot) = memo.get_mut(first) {
                    let mut counts = [0i64; MAX_PLAYERS];
                    counts[..m].copy_from_slice(each);
                    *slot = Some(counts);
                }
            }
        }
        for ((v, x), o) in out.iter_mut().zip(each.iter()).zip(on) {
            if o {
                *v = v.saturating_add(t.weight.saturating_mul(*x));
            }
        }
    }
}

/// Most terms whose counts [`values`] keeps for the terms that repeat
/// them (a term past it is counted again).
const MEMO: usize = 32;

/// Counts term `kind` for every player into `each`: over the board in
/// one pass where it is a sum over sites ([`all_players`]), else a player
/// at a time ([`term`]).
fn count_term(
    st: &mut State,
    game: &Game,
    kind: &TermKind,
    each: &mut [i64],
    moves: &mut Vec<Move>,
    pieces: Option<&[i64]>,
) {
    if *kind == ALL_PIECES
        && let Some(v) = pieces
        && v.len() == each.len()
    {
        each.copy_from_slice(v);
    } else if !all_players(st, game, kind, each) {
        for (p, x) in each.iter_mut().enumerate() {
            *x = term(st, game, kind, p as Player, moves, pieces);
        }
    }
}

/// The term that counts every piece on the board.
const ALL_PIECES: TermKind = TermKind::Material {
    kind: None,
    stacks: false,
};

/// Most players whose terms [`all_players`] counts in one pass (more
/// players: a pass each).
const MAX_PLAYERS: usize = 8;

/// Counts a term over the board for every player at once into `each`
/// (one entry a player); false for the terms that are not sums over
/// sites (they are computed a player at a time).
fn all_players(st: &State, game: &Game, kind: &TermKind, each: &mut [i64]) -> bool {
    let n = each.len();
    if n < game.num_players() {
        return false;
    }
    each.fill(0);
    let sites = game.board.len() as Site;
    match kind {
        TermKind::Material { kind, stacks } => material_each(st, game, *kind, *stacks, each),
        TermKind::Region { region, pieces } => {
            let member = &game.regions[*region as usize];
            region_each(st, game, member, *pieces, each);
        }
        TermKind::Centre { closeness } => {
            for s in 0..sites {
                if let Some(o) = st.top_owner(s) {
                    each[o as usize] += closeness.get(s as usize).copied().unwrap_or(0);
                }
            }
        }
        TermKind::Approach { closeness, pieces } => {
            for s in 0..sites {
                let Some(o) = st.top_owner(s) else { continue };
                let Some(c) = closeness.get(o as usize).and_then(|c| c.get(s as usize)) else {
                    continue;
                };
                each[o as usize] += if *pieces {
                    c * st.pieces_at(s, o) as i64
                } else {
                    *c
                };
            }
        }
        TermKind::Pursuit {
            neighbours,
            reach,
            diameter,
            pieces,
        } => {
            let tops =
                (reach.len() == neighbours.len() && n <= MAX_PLAYERS).then(|| top_sets(st, n));
            for (o, x) in each.iter_mut().enumerate() {
                let p = o as Player;
                *x = match &tops {
                    Some(tops) => pursuit_sets(st, reach, *diameter, *pieces, tops, p),
                    None => pursuit(st, neighbours, *diameter, *pieces, p),
                };
            }
        }
        _ => return false,
    }
    true
}

/// [`TermKind::Material`] for every player into `each`: the stacks (their
/// top pieces) or the pieces of kind `kind` (any kind: `None`); a stack
/// of one owner counts whole without reading its pieces.
fn material_each(st: &State, game: &Game, kind: Option<Kind>, stacks: bool, each: &mut [i64]) {
    if kind.is_none() && !stacks && st.sets_current() {
        // Every piece: each player's count, from the sites they top.
        for (p, x) in each.iter_mut().enumerate().take(game.num_players()) {
            *x = st.pieces_of(p as Player) as i64;
        }
        return;
    }
    for s in 0..game.board.len() as Site {
        let stack = st.stack(s);
        if stacks {
            if let Some(&top) = stack.last()
                && kind.is_none_or(|k| game.kind(top) == k)
            {
                each[game.owner(top) as usize] += 1;
            }
        } else if let (None, Some(o)) = (kind, st.sole_owner(s)) {
            each[o as usize] += stack.len() as i64;
        } else {
            for &x in stack {
                if kind.is_none_or(|k| game.kind(x) == k) {
                    each[game.owner(x) as usize] += 1;
                }
            }
        }
    }
}

/// [`TermKind::Region`] for every player into `each`: the sites of the
/// player's region that they top, or (`pieces`) their pieces there; a
/// stack of one owner counts whole without reading its pieces.
fn region_each(st: &State, game: &Game, member: &[Vec<bool>], pieces: bool, each: &mut [i64]) {
    for s in 0..game.board.len() as Site {
        let at = s as usize;
        if !pieces {
            if let Some(o) = st.top_owner(s)
                && member[o as usize][at]
            {
                each[o as usize] += 1;
            }
        } else if let Some(o) = st.sole_owner(s) {
            if member[o as usize][at] {
                each[o as usize] += st.height(s) as i64;
            }
        } else {
            for &x in st.stack(s) {
                let o = game.owner(x) as usize;
                if member[o][at] {
                    each[o] += 1;
                }
            }
        }
    }
}

/// [`TermKind::Pursuit`] for player `p`: one breadth-first search from
/// every stack whose top piece is another player's, then over `p`'s
/// stacks `diameter` minus the distance found (unreached: 0), times the
/// stack's pieces of `p` when `pieces`. The search stops once it has
/// reached every stack of `p`, or the distance at which a stack counts 0.
fn pursuit(st: &State, neighbours: &[Vec<Site>], diameter: i64, pieces: bool, p: Player) -> i64 {
    SEARCH.with_borrow_mut(|(dist, queue)| {
        let n = neighbours.len();
        dist.clear();
        dist.resize(n, u32::MAX);
        queue.clear();
        // `p`'s stacks not yet reached.
        let mut left = 0usize;
        for (s, d) in dist.iter_mut().enumerate() {
            match st.top_owner(s as Site) {
                Some(o) if o != p => {
                    *d = 0;
                    queue.push(s as Site);
                }
                Some(_) => left += 1,
                None => {}
            }
        }
        let worth = |s: Site, d: u32| {
            let close = (diameter - i64::from(d)).max(0);
            if pieces {
                close * st.pieces_at(s, p) as i64
            } else {
                close
            }
        };
        let (mut head, mut total) = (0, 0i64);
        while head < queue.len() && left > 0 {
            let s = queue[head];
            head += 1;
            let next = dist[s as usize] + 1;
            if i64::from(next) >= diameter {
                break;
            }
            for &t in &neighbours[s as usize] {
                if dist[t as usize] == u32::MAX {
                    dist[t as usize] = next;
                    queue.push(t);
                    if st.top_owner(t) == Some(p) {
                        left -= 1;
                        total += worth(t, next);
                    }
                }
            }
        }
        total
    })
}

/// Every player's sites (the stacks whose top piece is theirs) as sets,
/// on a board of at most 128 sites; players past the `n`th: empty.
fn top_sets(st: &State, n: usize) -> [u128; MAX_PLAYERS] {
    let mut tops = [0u128; MAX_PLAYERS];
    for s in 0..st.game().board.len().min(128) {
        if let Some(o) = st.top_owner(s as Site)
            && (o as usize) < n
        {
            tops[o as usize] |= 1u128 << s;
        }
    }
    tops
}

/// [`pursuit`] by sets: the sites at each distance from the other
/// players' stacks found at once from `reach` (every site's neighbours
/// as a set), `tops` every player's sites ([`top_sets`]). The same value.
fn pursuit_sets(
    st: &State,
    reach: &[u128],
    diameter: i64,
    pieces: bool,
    tops: &[u128; MAX_PLAYERS],
    p: Player,
) -> i64 {
    let mine = tops[p as usize];
    let mut frontier = tops.iter().fold(0u128, |a, &t| a | t) & !mine;
    let (mut seen, mut left) = (frontier, mine);
    let (mut d, mut total) = (0i64, 0i64);
    while left != 0 && frontier != 0 {
        d += 1;
        if d >= diameter {
            break;
        }
        let mut next = 0u128;
        let mut f = frontier;
        while f != 0 {
            next |= reach[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        next &= !seen;
        seen |= next;
        let mut hit = next & left;
        left &= !next;
        while hit != 0 {
            let s = hit.trailing_zeros() as Site;
            hit &= hit - 1;
            total += (diameter - d) * if pieces { st.pieces_at(s, p) as i64 } else { 1 };
        }
        frontier = next;
    }
    total
}

thread_local! {
    /// The distances and the queue of [`pursuit`]'s search, kept from one
    /// evaluation to the next (no allocation per position).
    static SEARCH: std::cell::RefCell<(Vec<u32>, Vec<Site>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// A term for player `p`; `pieces`, when known, is every player's pieces
/// on the board.
fn term(
    st: &mut State,
    game: &Game,
    kind: &TermKind,
    p: Player,
    moves: &mut Vec<Move>,
    pieces: Option<&[i64]>,
) -> i64 {
    match kind {
        TermKind::Mobility => {
            st.moves_as_into(p, moves);
            moves.len() as i64
        }
        TermKind::Score => match &game.end.score {
            Some(num) => st.num(num, &Ctx::at(p, NO_SITE)),
            None => 0,
        },
        TermKind::Lines { length } => lines(st, p, *length),
        TermKind::Num(num) => number(st, game, num, p, pieces),
        // Sums over sites, for more players than one pass counts.
        _ => {
            let mut each = vec![0i64; game.num_players()];
            if all_players(st, game, kind, &mut each) {
                each[p as usize]
            } else {
                0
            }
        }
    }
}

/// A number term for player `p`. Counts over the board,
/// `(count (where COND))` and `(pieces-in (where COND))`, are read from
/// the engine's compiled sets where it keeps one
/// ([`State::heuristic_count`]); else they answer the simple site tests
/// themselves ([`site_test`]) and visit only a region's
/// sites when the condition starts with `(in "Region")`; also inside sums,
/// differences and `if`s that compare numbers. Anything else is the
/// engine's.
fn number(st: &State, game: &Game, num: &Num, p: Player, pieces: Option<&[i64]>) -> i64 {
    let ctx = Ctx::at(p, NO_SITE);
    let number = |x: &Num| number(st, game, x, p, pieces);
    match num {
        Num::Pieces => match pieces {
            Some(v) => v[p as usize],
            None => st.num(num, &ctx),
        },
        Num::Count(set) => match (st.heuristic_count(set, p, false), &**set) {
            (Some(n), _) => n,
            (None, SiteSet::Where(c)) => sum_where(st, game, c, p, |_| 1),
            _ => st.num(num, &ctx),
        },
        Num::PiecesIn(set) => match (st.heuristic_count(set, p, true), &**set) {
            (Some(n), _) => n,
            (None, SiteSet::Where(c)) => sum_where(st, game, c, p, |s| st.height(s) as i64),
            _ => st.num(num, &ctx),
        },
        Num::Add(v) => v.iter().fold(0i64, |acc, x| acc.saturating_add(number(x))),
        Num::Sub(a, b) => number(a).saturating_sub(number(b)),
        Num::If(c, a, b) => match &**c {
            // A branch that is one of the numbers compared is not counted
            // again (`(if (less-than x y) x y)`, the smaller).
            Cond::Compare(x, cmp, y) => {
                let (vx, vy) = (number(x), number(y));
                let branch = if cmp.test64(vx, vy) { a } else { b };
                if **branch == *x {
                    vx
                } else if **branch == *y {
                    vy
                } else {
                    number(branch)
                }
            }
            c => number(if st.eval(c, &ctx) { a } else { b }),
        },
        _ => st.num(num, &ctx),
    }
}

/// The sum of `value(site)` over the sites where `c` holds for player `p`
/// (as the subject of `(where c)`): only a region's sites when `c` starts
/// with `(in "Region")`.
fn sum_where(st: &State, game: &Game, c: &Cond, p: Player, value: impl Fn(Site) -> i64) -> i64 {
    let sites = game.board.len() as Site;
    // The commonest whole conditions, a test of the top piece's owner,
    // without the general matching below.
    match c {
        Cond::Mine(SiteRef::Subject) => {
            return (0..sites)
                .filter(|&s| st.top_owner(s) == Some(p))
                .map(value)
                .sum();
        }
        Cond::Enemy(SiteRef::Subject) => {
            return (0..sites)
                .filter(|&s| st.top_owner(s).is_some_and(|o| o != p))
                .map(value)
                .sum();
        }
        _ => {}
    }
    let first = match c {
        Cond::And(cs) => cs.first(),
        c => Some(c),
    };
    let region = match first {
        Some(Cond::In(SiteRef::Subject, r)) => game
            .regions
            .get(*r as usize)
            .and_then(|m| m.get(p as usize)),
        _ => None,
    };
    let ctx = Ctx::at(p, NO_SITE);
    let holds = |s: Site| {
        site_test(st, game, c, p, s).unwrap_or_else(|| {
            st.eval(
                c,
                &Ctx {
                    subject: s,
                    anchor: s,
                    ..ctx
                },
            )
        })
    };
    (0..sites)
        .filter(|&s| region.is_none_or(|m| m[s as usize]) && holds(s))
        .map(value)
        .sum()
}

/// The condition `c` at site `s` (its subject) for player `p`, answered
/// here for the simple tests of a stack (empty, mine, enemy, holds, holds
/// only, height, region, and their `and`/`or`/`not`) as the engine
/// answers them; `None` for any other condition.
fn site_test(st: &State, game: &Game, c: &Cond, p: Player, s: Site) -> Option<bool> {
    use SiteRef::Subject;
    Some(match c {
        Cond::True => true,
        Cond::False => false,
        Cond::Empty(Subject) => st.height(s) == 0,
        Cond::Mine(Subject) => st.top_owner(s) == Some(p),
        Cond::Enemy(Subject) => st.top_owner(s).is_some_and(|o| o != p),
        Cond::Height(Subject, cmp, n) => cmp.test(st.height(s) as i32, *n),
        Cond::In(Subject, r) => game.regions.get(*r as usize)?.get(p as usize)?[s as usize],
        Cond::Holds(Subject) => st.stack(s).iter().any(|&x| game.owner(x) == p),
        Cond::HoldsOnly(Subject) => {
            let stack = st.stack(s);
            !stack.is_empty() && stack.iter().all(|&x| game.owner(x) == p)
        }
        Cond::And(cs) => {
            for c in cs {
                if !site_test(st, game, c, p, s)? {
                    return Some(false);
                }
            }
            true
        }
        Cond::Or(cs) => {
            for c in cs {
                if site_test(st, game, c, p, s)? {
                    return Some(true);
                }
            }
            false
        }
        Cond::Not(c) => !site_test(st, game, c, p, s)?,
        _ => return None,
    })
}

/// Line potential: windows of `length` sites along every direction with
/// no enemy top piece; each counts the square of the player's tops in it.
fn lines(st: &State, p: Player, length: u32) -> i64 {
    let b = &st.game().board;
    let dirs = b.directions().len();
    let mut total = 0i64;
    for s in 0..b.len() as u16 {
        for d in 0..dirs {
            let mut site = s;
            let mut mine = 0i64;
            let mut ok = true;
            for k in 0..length {
                if k > 0 {
                    site = b.step(site, d as u8);
                }
                if site == NO_SITE {
                    ok = false;
                    break;
                }
                match st.top_owner(site) {
                    Some(o) if o == p => mine += 1,
                    Some(_) => {
                        ok = false;
                        break;
                    }
                    None => {}
                }
            }
            if ok {
                total += mine * mine;
            }
        }
    }
    total
}

/// The evaluation of `st` for `player`: [`WIN`] or `-WIN` for a finished
/// game (0 for a draw), else its heuristic sum minus the others' mean.
pub fn evaluate(st: &mut State, player: Player, buf: &mut Vec<i64>, moves: &mut Vec<Move>) -> i64 {
    evaluate_with(st, player, buf, moves, true)
}

/// [`evaluate`]; with `no_moves` false, a game that is over only because
/// the player to move has no move is not noticed (that takes a move
/// generation: the cheaper form judges the steps of a sampled turn).
pub fn evaluate_with(
    st: &mut State,
    player: Player,
    buf: &mut Vec<i64>,
    moves: &mut Vec<Move>,
    no_moves: bool,
) -> i64 {
    let outcome = if no_moves {
        st.outcome()
    } else {
        st.scalars.outcome
    };
    if let Some(o) = outcome {
        return match o {
            Outcome::Win(w, _) if w == player => WIN,
            Outcome::Win(..) => -WIN,
            Outcome::Draw(_) => 0,
            // A place between first (WIN) and last (-WIN); a one-player
            // game's loss: -WIN.
            Outcome::Ranked(..) | Outcome::Loss(..) => {
                let r = o.returns(st.game().num_players());
                (r.get(player as usize).copied().unwrap_or(0.0) * WIN as f64) as i64
            }
        };
    }
    values(st, buf, moves);
    relative(buf, player)
}

/// A player's value minus the mean of the others' (rounded toward zero),
/// clamped to ±[`HEURISTIC_MAX`]; computed in 128 bits, so that values
/// near the 64-bit limits neither wrap nor overflow.
pub fn relative(values: &[i64], player: Player) -> i64 {
    let n = values.len() as i128;
    let v = if n <= 1 {
        values.first().map_or(0, |&v| i128::from(v))
    } else {
        let mine = i128::from(values[player as usize]);
        let others = values.iter().map(|&v| i128::from(v)).sum::<i128>() - mine;
        mine - others / (n - 1)
    };
    v.clamp(-i128::from(HEURISTIC_MAX), i128::from(HEURISTIC_MAX)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{Game, Options};
    use std::sync::Arc;

    fn state(src: &str, position: &str) -> State {
        let g = Arc::new(Game::from_source("t.game", src, &Options::default()).expect("game"));
        State::from_position(g, position).expect("position")
    }

    fn game_with(heuristics: &str) -> String {
        format!(
            r#"(game "T" (players (player "White" letter:"W") (player "Black" letter:"B"))
              (board (square 4 4) labels:Coordinates) (piece "Man") (piece "King")
              (code "" "Man" 1) (code "K" "King" 1) (region "Top" (row 3))
              (play (step to:Empty)) (end (no-moves Loss)) {heuristics})"#
        )
    }

    #[test]
    fn default_material_prefers_the_side_with_more_pieces() {
        // Three pieces against one: +2 for P1 (default `(material 1)`).
        let mut st = state(&game_with(""), "W W:a1,b1,c1 B:d4");
        let (mut b, mut m) = (Vec::new(), Vec::new());
        assert_eq!(evaluate(&mut st, 0, &mut b, &mut m), 2);
        assert_eq!(evaluate(&mut st, 1, &mut b, &mut m), -2);
    }

    #[test]
    fn relative_values_are_the_mean_difference_and_never_wrap() {
        // 10 against the mean of 4 and 2: 7; for the second player,
        // 4 - (10 + 2) / 2 = -2.
        assert_eq!(relative(&[10, 4, 2], 0), 7);
        assert_eq!(relative(&[10, 4, 2], 1), -2);
        // A rule file's `(term 1 N)` may compute any 64-bit N: the
        // difference of the extremes is clamped, in the right direction,
        // below a won game's value.
        assert_eq!(relative(&[i64::MAX, i64::MIN], 0), HEURISTIC_MAX);
        assert_eq!(relative(&[i64::MAX, i64::MIN], 1), -HEURISTIC_MAX);
    }

    #[test]
    fn pursuit_counts_closeness_to_the_nearest_enemy_stack() {
        // 4×4 orthogonal: the largest distance is 6 (a1 to d4). P1 on a1
        // (two men) and d1; P2 on b2 and d4. a1 is 2 steps from b2: 4;
        // d1 is 3 from b2 and d4: 3. P2: b2 is 2 from a1, 2 from d1: 4;
        // d4 is 3 from d1: 3.
        let h = "(heuristics (pursuit 1))";
        let mut st = state(&game_with(h), "W W:a1*2,d1 B:b2,d4");
        let (mut b, mut m) = (Vec::new(), Vec::new());
        values(&mut st, &mut b, &mut m);
        assert_eq!(b, vec![7, 7]);
        // With pieces: a1's two men count 4 each: 8 + 3.
        let h = "(heuristics (pursuit 1 pieces:true))";
        let mut st = state(&game_with(h), "W W:a1*2,d1 B:b2,d4");
        values(&mut st, &mut b, &mut m);
        assert_eq!(b, vec![11, 7]);
        // No enemy stack to approach: 0.
        let mut st = state(&game_with(h), "W W:a1*2,d1 B:");
        values(&mut st, &mut b, &mut m);
        assert_eq!(b, vec![0, 0]);
    }

    #[test]
    fn pursuit_by_sets_agrees_with_a_search_site_by_site() {
        // Along seeded random games of a stack game (Genocide's 8 × 8, its
        // king's steps): the search a whole distance at a time and the
        // search site by site give every player the same value.
        use rand::SeedableRng;
        let src = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/games/genocide.game"));
        let game = Arc::new(Game::from_source("genocide.game", src, &Options::default()).unwrap());
        let (mut positions, mut buf) = (0, Vec::new());
        for seed in 0..4u64 {
            let mut st = State::new(game.clone());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..120 {
                if !crate::engine::run::playout::random_step(&mut st, &mut rng, &mut buf) {
                    break;
                }
                let TermKind::Pursuit {
                    neighbours,
                    reach,
                    diameter,
                    ..
                } = &pursuit_kind(&game)
                else {
                    unreachable!()
                };
                let tops = top_sets(&st, 2);
                for p in 0..2 {
                    for pieces in [false, true] {
                        let by_sets = pursuit_sets(&st, reach, *diameter, pieces, &tops, p);
                        let by_sites = pursuit(&st, neighbours, *diameter, pieces, p);
                        assert_eq!(by_sets, by_sites, "seed {seed} player {p}");
                    }
                }
                positions += 1;
            }
        }
        assert!(positions > 100);
    }

    /// Genocide's first pursuit term.
    fn pursuit_kind(game: &Game) -> TermKind {
        let t = game
            .heuristics
            .iter()
            .find(|t| matches!(t.kind, TermKind::Pursuit { .. }));
        t.expect("a pursuit term").kind.clone()
    }

    #[test]
    fn a_repeated_term_points_at_the_first_of_its_kind() {
        let h =
            "(heuristics (pursuit 1) (material 2) (pursuit 3) (pursuit 4 pieces:true) (pursuit 5))";
        let game = Game::from_source("t.game", &game_with(h), &Options::default()).unwrap();
        let same: Vec<_> = game.heuristics.iter().map(|t| t.same_as).collect();
        assert_eq!(same, vec![None, None, Some(0), None, Some(0)]);
    }

    #[test]
    fn a_pursuit_repeated_under_other_weights_and_conditions_counts_each() {
        // The counts above (7 and 7; with pieces 11 and 7), weighted 2,
        // then 3 for a player holding more than two pieces (P1 alone),
        // then 1 with pieces, and 5 again without: (2 + 5) × 7 + 3 × 7 +
        // 11 = 81 for P1, (2 + 5) × 7 + 7 = 56 for P2. Terms of the same
        // kind are counted once and weighted each (`values`).
        let h = "(heuristics (pursuit 2) (pursuit 3 when:(more-than (pieces) 2))
                 (pursuit 1 pieces:true) (pursuit 5))";
        let mut st = state(&game_with(h), "W W:a1*2,d1 B:b2,d4");
        let (mut b, mut m) = (Vec::new(), Vec::new());
        values(&mut st, &mut b, &mut m);
        assert_eq!(b, vec![81, 56]);
        // The same position searched again reads the same.
        values(&mut st, &mut b, &mut m);
        assert_eq!(b, vec![81, 56]);
    }

    #[test]
    fn terms_count_kinds_regions_centre_and_numbers() {
        let h = r#"(heuristics (material 5 kind:"King") (region 3 "Top") (centre 1) (term 7 (count (where Mine))))"#;
        // P1: a king on a4 (row 3 is "Top" for both players as written),
        // a man on b2 (central); P2: a man on d1 (a corner).
        let mut st = state(&game_with(h), "W W:Ka4,b2 B:d1");
        let (mut b, mut m) = (Vec::new(), Vec::new());
        values(&mut st, &mut b, &mut m);
        // 4×4: central sites b2 b3 c2 c3 (closeness 2, corners 0, a4 0).
        // P1: king 5 + Top 3 + centre (0 + 2) + 7 × 2 sites = 24.
        // P2: 0 + 0 + 0 + 7 = 7.
        assert_eq!(b, vec![24, 7]);
    }

    #[test]
    fn a_term_counts_only_when_its_condition_holds() {
        // Material 10 for each player holding more than one piece: P1
        // (three) counts 30, P2 (one) nothing; evaluations are the
        // difference, as without `when:` they would be 20.
        let h = "(heuristics (material 10 when:(more-than (pieces) 1)))";
        let mut st = state(&game_with(h), "W W:a1,b1,c1 B:d4");
        let (mut b, mut m) = (Vec::new(), Vec::new());
        values(&mut st, &mut b, &mut m);
        assert_eq!(b, vec![30, 0]);
        // A constant condition is folded when the game is built: false
        // drops the term (the default material term is not put back).
        let g = game_with("(heuristics (material 1 when:false) (centre 1 when:(not false)))");
        let g = Game::from_source("t.game", &g, &Options::default()).expect("game");
        assert_eq!(g.heuristics.len(), 1);
        assert!(g.heuristics[0].when.is_none());
    }

    #[test]
    fn approach_counts_closeness_to_a_region() {
        // 4×4, orthogonal steps: row 0 is 3 steps from "Top" (row 3), the
        // largest distance, so closeness is the row number. P1: a4 (row
        // 3) and b2 (row 1): 3 + 1. P2: d1 (row 0): 0.
        let mut st = state(
            &game_with(r#"(heuristics (approach 1 "Top"))"#),
            "W W:a4,b2 B:d1",
        );
        let (mut b, mut m) = (Vec::new(), Vec::new());
        values(&mut st, &mut b, &mut m);
        assert_eq!(b, vec![4, 0]);
    }

    #[test]
    fn a_finished_game_is_worth_a_win() {
        let mut st = state(&game_with(""), "B W:a1");
        let (mut b, mut m) = (Vec::new(), Vec::new());
        // P2 to move has no piece, no move: P2 loses.
        assert_eq!(evaluate(&mut st, 0, &mut b, &mut m), WIN);
        assert_eq!(evaluate(&mut st, 1, &mut b, &mut m), -WIN);
    }

    #[test]
    fn number_terms_agree_with_the_engine() {
        // The heuristic answers counts over the board itself (simple site
        // tests, a region's sites only, every player's pieces counted
        // once): the same numbers as the engine's, on stacks of both
        // colours.
        let src = r#"(game "T"
          (players (player "White" letter:"W" forward:N) (player "Black" letter:"B" forward:S))
          (board (square 4 4) labels:Coordinates) (piece "Man") (stack-limit 9)
          (region "Back" (side Backward)) (region "Top" (row 3))
          (setup (fill "Man" P1 (row 0)) (fill "Man" P2 (row 3)))
          (play (step to:Empty)) (end (no-moves Loss))
          (heuristics
            (term 1 (count (where (and (in "Back") (holds-only) (equal (height) 1)))))
            (term 1 (pieces-in (where Enemy)))
            (term 1 (count (where (or Empty (and Mine (not (at-least (height) 2)))))))
            (term 1 (if (less-than (pieces) (sum (pieces-in (where Mine)) 1))
              (sub 9 (pieces)) (count (where (in "Top")))))
            (term 1 (count (where (holds))))))"#;
        let g = Arc::new(Game::from_source("t.game", src, &Options::default()).expect("game"));
        for pos in [
            "W W:a1,b1*2,c2*3 B:a4,d4*2,b3",
            "B W:a1,b1,c1,d1 B:a4*4,c3,c1*2",
            "W W:d4*5 B:a1",
        ] {
            let mut st = State::from_position(g.clone(), pos).expect("position");
            let (mut b, mut m) = (Vec::new(), Vec::new());
            values(&mut st, &mut b, &mut m);
            let by_engine: Vec<i64> = (0..2u8)
                .map(|p| {
                    g.heuristics
                        .iter()
                        .map(|t| match &t.kind {
                            TermKind::Num(n) => st.num(n, &Ctx::at(p, NO_SITE)),
                            _ => unreachable!(),
                        })
                        .sum()
                })
                .collect();
            assert_eq!(b, by_engine, "{pos}");
        }
    }

    #[test]
    fn line_potential_counts_open_windows() {
        let mut st = state(&game_with("(heuristics (lines 1 4))"), "W W:a1,b1 B:d4");
        let (mut b, mut m) = (Vec::new(), Vec::new());
        values(&mut st, &mut b, &mut m);
        // P1's row-1 window (a1..d1) holds 2: 4, counted once from a1
        // eastward and once from d1 westward; the columns a and b hold 1
        // each, both ways: 1+1+1+1; no diagonal on an orthogonal board.
        assert_eq!(b[0], 8 + 4);
    }

    #[test]
    fn first_random_draws_both_players_over_seeds() {
        let src = r#"(game "T" (players 2) (board (square 3 3)) (piece "Man")
            (first Random) (play (place "Man" to:Empty)) (end (no-moves Draw)))"#;
        let g = Arc::new(Game::from_source("t.game", src, &Options::default()).expect("game"));
        let firsts: std::collections::HashSet<_> = (0..32)
            .map(|s| State::new_seeded(g.clone(), s).current_player())
            .collect();
        assert_eq!(firsts.len(), 2);
        let same: Vec<_> = (0..2)
            .map(|_| State::new_seeded(g.clone(), 9).current_player())
            .collect();
        assert_eq!(same[0], same[1]);
    }
}

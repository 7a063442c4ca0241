//! Polypods (rules.md §2) played through `games/polypods.game`: the worked
//! shapes of §2.4, the turn procedure of §2.5 on hand-worked positions, the
//! random playouts and the terminal front end.
//!
//! Positions are written in the axial coordinates (q, r) of rules.md §2.2 on
//! `board=hex5` (61 points, centre (0, 0), every point within 4 steps of it:
//! max(|q|, |r|, |q + r|) ≤ 4). The neighbours of (q, r) are the six offsets
//! (±1, 0), (0, ±1), (+1, −1), (−1, +1). A point's site is found from its
//! position on the board (x = q + r/2, y = r·√3/2), so nothing here depends
//! on the engine's site numbering or labels.
//!
//! Every role, life, amputation, death and score below is computed by the
//! interpreter from the rule file; the tests only set up stones and compare
//! with the expected results worked out by hand in the comments.

use ludic::board::Site;
use ludic::compile::{Game, Options};
use ludic::engine::{EndReason, Outcome, State};
use ludic::record::Position;
use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

const DARK: u8 = 0;
const LIGHT: u8 = 1;

/// Axial coordinates (q, r).
type Hex = (i32, i32);

/// The six neighbour offsets of rules.md §2.2.
const OFFSETS: [Hex; 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

fn hex5() -> State {
    let opts = Options::from_sets(&["board=hex5"]).expect("board=hex5");
    let game = Game::load("games/polypods.game", &opts).expect("polypods loads");
    State::new(Arc::new(game))
}

fn xy((q, r): Hex) -> (f64, f64) {
    (
        f64::from(q) + f64::from(r) / 2.0,
        f64::from(r) * 3f64.sqrt() / 2.0,
    )
}

/// The point at axial (q, r); asserts that the board has exactly one.
fn site_at(st: &State, h: Hex) -> Site {
    let (x, y) = xy(h);
    let found: Vec<usize> = (st.game().board.sites().iter().enumerate())
        .filter(|(_, s)| (s.pos.0 - x).abs() < 1e-6 && (s.pos.1 - y).abs() < 1e-6)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(found.len(), 1, "one point at axial {h:?}, found {found:?}");
    Site::try_from(found[0]).unwrap()
}

/// The axial coordinates of a site (the inverse of `site_at`).
fn axial(st: &State, site: Site) -> Hex {
    let (x, y) = st.game().board.site(site).pos;
    let r = (y / (3f64.sqrt() / 2.0)).round() as i32;
    let q = (x - f64::from(r) / 2.0).round() as i32;
    assert_eq!(
        site_at(st, (q, r)),
        site,
        "axial coordinates of site {site}"
    );
    (q, r)
}

/// The notation label of the point at (q, r).
fn label(st: &State, h: Hex) -> String {
    st.game().board.site(site_at(st, h)).label.clone()
}

/// Sets up single stones for Dark and Light, `mover` to move.
fn set_up(st: &mut State, mover: u8, dark: &[Hex], light: &[Hex]) {
    let game = st.game().clone();
    let mut stacks = Vec::new();
    for (owner, stones) in [(DARK, dark), (LIGHT, light)] {
        for &h in stones {
            stacks.push((site_at(st, h), vec![game.piece(0, owner)]));
        }
    }
    *st = State::from_setup(
        game,
        &Position {
            to_move: Some(mover),
            stacks,
        },
    );
}

/// Dark's and Light's stones.
fn stones(st: &State) -> (BTreeSet<Hex>, BTreeSet<Hex>) {
    let (mut dark, mut light) = (BTreeSet::new(), BTreeSet::new());
    for i in 0..st.game().board.len() {
        let site = Site::try_from(i).unwrap();
        assert!(st.stack(site).len() <= 1, "one stone a point");
        match st.top_owner(site) {
            Some(DARK) => dark.insert(axial(st, site)),
            Some(LIGHT) => light.insert(axial(st, site)),
            _ => false,
        };
    }
    (dark, light)
}

fn set(v: &[Hex]) -> BTreeSet<Hex> {
    v.iter().copied().collect()
}

fn roles(st: &State, h: Hex) -> Vec<String> {
    let site = site_at(st, h);
    st.roles_at(site).into_iter().map(String::from).collect()
}

fn has_role(st: &State, h: Hex, role: &str) -> bool {
    roles(st, h).iter().any(|r| r == role)
}

/// Is a placement at (q, r) a legal turn for the player to move?
fn legal(st: &State, h: Hex) -> bool {
    st.legal_turn_strings().contains(&label(st, h))
}

/// Places a stone at (q, r) for the player to move; panics if illegal.
fn place(st: &mut State, h: Hex) {
    let l = label(st, h);
    if let Err(e) = st.play_str(&l) {
        panic!("placing at {h:?} ({l}): {e}");
    }
}

/// Every point of hex5.
fn all_points() -> Vec<Hex> {
    let mut v = Vec::new();
    for q in -4i32..=4 {
        for r in -4..=4 {
            if (q + r).abs() <= 4 {
                v.push((q, r));
            }
        }
    }
    v
}

// ---------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------

#[test]
fn hex5_axial_coordinates_and_neighbours() {
    let st = hex5();
    let board = &st.game().board;
    assert_eq!(board.len(), 61, "a hexagon of side 5 has 3·5·4 + 1 points");
    // Every point of the hexagon max(|q|,|r|,|q+r|) ≤ 4 is a site, and
    // there are no others.
    let all = all_points();
    assert_eq!(all.len(), 61);
    let sites: BTreeSet<Site> = all.iter().map(|&h| site_at(&st, h)).collect();
    assert_eq!(sites.len(), 61);
    assert_eq!(board.site(site_at(&st, (0, 0))).pos, (0.0, 0.0));
    // The six offsets are exactly the board neighbours: of the centre, of an
    // inner point, and (cut by the edge) of a corner and an edge point.
    for centre in [(0, 0), (2, -1), (-1, 3)] {
        let expected: BTreeSet<Site> = OFFSETS
            .iter()
            .map(|&(dq, dr)| site_at(&st, (centre.0 + dq, centre.1 + dr)))
            .collect();
        let got: BTreeSet<Site> = board.neighbours(site_at(&st, centre)).collect();
        assert_eq!(got, expected, "neighbours of {centre:?}");
    }
    // Corner (4, 0): (3, 0), (3, 1), (4, -1) only.
    let got: BTreeSet<Hex> = board
        .neighbours(site_at(&st, (4, 0)))
        .map(|s| axial(&st, s))
        .collect();
    assert_eq!(got, set(&[(3, 0), (3, 1), (4, -1)]));
    // Edge point (4, -2): (3, -2), (3, -1), (4, -1), (4, -3).
    let got: BTreeSet<Hex> = board
        .neighbours(site_at(&st, (4, -2)))
        .map(|s| axial(&st, s))
        .collect();
    assert_eq!(got, set(&[(3, -2), (3, -1), (4, -1), (4, -3)]));
}

// ---------------------------------------------------------------------------
// §2.4 worked shapes
// ---------------------------------------------------------------------------

struct Shape {
    name: &'static str,
    stones: &'static [Hex],
    feet: &'static [Hex],
    alive: bool,
}

/// rules.md §2.4, row by row. Body = the stones not listed as feet; the
/// value of a polypod is its number of body stones.
const SHAPES: &[Shape] = &[
    Shape {
        name: "monopod",
        stones: &[(0, 0)],
        feet: &[(0, 0)],
        alive: true,
    },
    Shape {
        name: "pair",
        stones: &[(0, 0), (1, 0)],
        feet: &[(0, 0), (1, 0)],
        alive: true,
    },
    Shape {
        name: "straight line of 3",
        stones: &[(0, 0), (1, 0), (2, 0)],
        feet: &[(0, 0), (2, 0)],
        alive: true,
    },
    Shape {
        name: "120° bent line of 3",
        stones: &[(0, 0), (1, 0), (1, 1)],
        feet: &[(0, 0), (1, 1)],
        alive: true,
    },
    Shape {
        name: "triangle of 3",
        stones: &[(0, 0), (1, 0), (0, 1)],
        feet: &[(0, 0), (1, 0), (0, 1)],
        alive: true,
    },
    Shape {
        name: "4-stone rhombus",
        stones: &[(0, 0), (1, 0), (0, 1), (1, -1)],
        feet: &[(0, 1), (1, -1)],
        alive: true,
    },
    Shape {
        name: "line of 4",
        stones: &[(0, 0), (1, 0), (2, 0), (3, 0)],
        feet: &[(0, 0), (3, 0)],
        alive: true,
    },
    Shape {
        name: "line of 5",
        stones: &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
        feet: &[(0, 0), (4, 0)],
        alive: false,
    },
    Shape {
        name: "tripod",
        stones: &[(0, 0), (1, 0), (-1, 1), (0, -1)],
        feet: &[(1, 0), (-1, 1), (0, -1)],
        alive: true,
    },
    Shape {
        name: "Y",
        stones: &[(0, 0), (1, 0), (2, 0), (-1, 1), (-2, 2), (0, -1)],
        feet: &[(2, 0), (-2, 2), (0, -1)],
        alive: true,
    },
    Shape {
        name: "trapezoid of 4",
        stones: &[(0, 0), (1, 0), (2, 0), (0, 1)],
        feet: &[(0, 0), (2, 0), (0, 1)],
        alive: true,
    },
    Shape {
        name: "triangle of side 3",
        stones: &[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)],
        feet: &[(0, 0), (2, 0), (0, 2)],
        alive: true,
    },
    Shape {
        name: "ring of 6",
        stones: &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)],
        feet: &[],
        alive: false,
    },
    Shape {
        name: "full 7-star",
        stones: &[(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)],
        feet: &[],
        alive: false,
    },
];

/// Rotation by 60° about the centre: (q, r) → (−r, q + r).
fn rotate((q, r): Hex) -> Hex {
    (-r, q + r)
}

/// Checks one shape, as laid out, for `owner` (the only stones on the
/// board), `turn` to move: each stone's role (Foot or Body, never both) and
/// life as the interpreter sees them. Returns the number of stones the
/// interpreter calls Body, and the owner's score (body stones).
fn check_shape(shape: &Shape, stones: &[Hex], feet: &[Hex], owner: u8, turn: u8) -> (usize, i64) {
    let mut st = hex5();
    if owner == DARK {
        set_up(&mut st, turn, stones, &[]);
    } else {
        set_up(&mut st, turn, &[], stones);
    }
    let what = format!("{} {:?} for player {owner}", shape.name, stones);
    let mut body = 0;
    for &h in stones {
        let roles = roles(&st, h);
        let is = |role: &str| roles.iter().any(|r| r == role);
        assert_eq!(is("Foot"), feet.contains(&h), "{what}: {h:?} {roles:?}");
        assert_eq!(is("Body"), !feet.contains(&h), "{what}: {h:?} {roles:?}");
        assert_eq!(is("Alive"), shape.alive, "{what}: life at {h:?} {roles:?}");
        body += usize::from(is("Body"));
    }
    // Nothing for the other player; empty points have no role.
    assert_eq!(st.scores(1 - owner)[0], 0, "{what}: other's score");
    for h in all_points().into_iter().filter(|h| !stones.contains(h)) {
        assert!(roles(&st, h).is_empty(), "{what}: empty point {h:?}");
    }
    (body, st.scores(owner)[0])
}

#[test]
fn worked_shapes_of_section_2_4() {
    // The table of §2.4: name, feet, body, value (None: dead).
    let table: &[(&str, usize, usize, Option<usize>)] = &[
        ("monopod", 1, 0, Some(0)),
        ("pair", 2, 0, Some(0)),
        ("straight line of 3", 2, 1, Some(1)),
        ("120° bent line of 3", 2, 1, Some(1)),
        ("triangle of 3", 3, 0, Some(0)),
        ("4-stone rhombus", 2, 2, Some(2)),
        ("line of 4", 2, 2, Some(2)),
        ("line of 5", 2, 3, None),
        ("tripod", 3, 1, Some(1)),
        ("Y", 3, 3, Some(3)),
        ("trapezoid of 4", 3, 1, Some(1)),
        ("triangle of side 3", 3, 3, Some(3)),
        ("ring of 6", 0, 6, None),
        ("full 7-star", 0, 7, None),
    ];
    assert_eq!(table.len(), SHAPES.len());
    for (shape, &(name, f, b, value)) in SHAPES.iter().zip(table) {
        assert_eq!(shape.name, name);
        assert_eq!(shape.feet.len(), f, "{name}");
        assert_eq!(value.is_some(), shape.alive, "{name}");
        // As laid out in the table for Dark (who moves first), with either
        // player to move; for Light likewise (roles belong to the stone's
        // owner); then for Dark in the five other orientations.
        let mut stones = shape.stones.to_vec();
        let mut feet = shape.feet.to_vec();
        let mut runs = vec![(DARK, DARK), (DARK, LIGHT), (LIGHT, DARK), (LIGHT, LIGHT)];
        for _ in 0..6 {
            for (owner, turn) in runs.drain(..) {
                let (body, score) = check_shape(shape, &stones, &feet, owner, turn);
                assert_eq!(body, b, "{name}: body stones");
                // The value of a living polypod is its body stones, which
                // is also what the score expression counts.
                if let Some(v) = value {
                    assert_eq!(body, v, "{name}: value");
                }
                assert_eq!(score, b as i64, "{name}: score");
            }
            runs.push((DARK, DARK));
            stones = stones.into_iter().map(rotate).collect();
            feet = feet.into_iter().map(rotate).collect();
        }
    }
}

#[test]
fn roles_see_only_friendly_neighbours() {
    // A Dark line of 3 (0,0)-(1,0)-(2,0) with Light stones at (1,1) and
    // (1,-1), next to its middle stone: (1,0) is still body (two friendly
    // neighbours that do not touch), the ends still feet, whatever the
    // enemy stones.
    let mut st = hex5();
    set_up(&mut st, DARK, &[(0, 0), (1, 0), (2, 0)], &[(1, 1), (1, -1)]);
    assert!(has_role(&st, (1, 0), "Body"));
    assert!(has_role(&st, (0, 0), "Foot"));
    assert!(has_role(&st, (2, 0), "Foot"));
    // Each Light stone is a monopod: a foot, alive.
    assert_eq!(roles(&st, (1, 1)), ["Foot", "Alive"]);
    assert_eq!(roles(&st, (1, -1)), ["Foot", "Alive"]);
}

// ---------------------------------------------------------------------------
// §2.5 turn procedure
// ---------------------------------------------------------------------------

#[test]
fn rule_1a_a_placed_foot_may_not_touch_an_enemy_body_stone() {
    // Light: the straight line (0,0)-(1,0)-(2,0), body (1,0). Dark has no
    // stone, so any Dark stone is a monopod (a foot). The empty neighbours of
    // the body stone (1,0) are (0,1), (1,1), (1,-1), (2,-1): a Dark foot
    // there would touch enemy body and amputate itself, so exactly those
    // four points are illegal; every other empty point is legal (a
    // monopod touching only enemy feet, or nothing).
    let mut st = hex5();
    let light = [(0, 0), (1, 0), (2, 0)];
    set_up(&mut st, DARK, &[], &light);
    let forbidden = set(&[(0, 1), (1, 1), (1, -1), (2, -1)]);
    for h in all_points() {
        if light.contains(&h) {
            assert!(!legal(&st, h), "{h:?} is occupied");
        } else {
            assert_eq!(legal(&st, h), !forbidden.contains(&h), "Dark at {h:?}");
        }
    }
    let err = st.play_str(&label(&st, (1, 1))).unwrap_err();
    assert!(err.legal.contains(&"pass".to_string()));
    assert_eq!(stones(&st), (set(&[]), set(&light)), "unchanged");

    // With Dark stones at (2,1) and (0,2) (feet touching only the Light foot
    // (2,0), or nothing): a Dark stone at (1,1) has the friendly neighbours
    // (2,1) and (0,2), which do not touch, so it is a BODY stone, and a body
    // stone may touch enemy body (the seed forbids only a self-amputating
    // foot; Ludii's stricter filter is not the default). A Dark stone at
    // (0,1) has one friendly neighbour, (0,2): a foot, touching the Light
    // body (1,0), illegal.
    let mut st = hex5();
    set_up(&mut st, DARK, &[(2, 1), (0, 2)], &light);
    assert!(!legal(&st, (0, 1)), "a foot with one friend touching (1,0)");
    assert!(legal(&st, (1, 1)), "a body stone touching enemy body");
    place(&mut st, (1, 1));
    // (1,1) is body and touches the Light foot (2,0): amputated (§2.5 step
    // 2); the Light pair (0,0)-(1,0) that remains is alive.
    assert!(has_role(&st, (1, 1), "Body"));
    assert_eq!(
        stones(&st),
        (set(&[(2, 1), (0, 2), (1, 1)]), set(&[(0, 0), (1, 0)]))
    );
    assert_eq!(st.current_player(), LIGHT);
}

#[test]
fn rule_1b_the_placed_group_must_be_alive() {
    // Dark: the line of 4 (-2,0)-(-1,0)-(0,0)-(1,0), F B B F, critical.
    // At the end (1,0) the empty neighbours are (2,0), (1,1), (2,-1),
    // (1,-1), (0,1). (2,0) makes a straight line of 5, (1,1) and (2,-1) a
    // line of 5 bent by 120° at (1,0): in all three (1,0) becomes body,
    // 2 feet / 3 body, dead, illegal. (1,-1) and (0,1) also touch (0,0): the
    // new stone and (1,0) each see two friendly neighbours that touch, so
    // both are feet, (0,0) is body: 3 feet / 2 body, alive, legal. The same
    // holds at the other end: (-3,0), (-3,1), (-2,-1) illegal. Every
    // empty neighbour of a middle stone touches two adjacent line stones (a
    // foot that leaves the ends feet), and a stone not touching the line is
    // a monopod: all other points are legal.
    let mut st = hex5();
    let line = [(-2, 0), (-1, 0), (0, 0), (1, 0)];
    set_up(&mut st, DARK, &line, &[]);
    let dead = set(&[(2, 0), (1, 1), (2, -1), (-3, 0), (-3, 1), (-2, -1)]);
    for h in all_points() {
        let expected = !line.contains(&h) && !dead.contains(&h);
        assert_eq!(legal(&st, h), expected, "Dark at {h:?}");
    }
    assert!(st.play_str(&label(&st, (2, 0))).is_err());
    // Light is not constrained by Dark's shape: a Light stone at (2,0) is a
    // monopod touching the Dark foot (1,0) (legal, and since it has no body,
    // it amputates nothing).
    st.play_str("pass").unwrap();
    place(&mut st, (2, 0));
    assert_eq!(stones(&st), (set(&line), set(&[(2, 0)])));

    // A merge: Dark pairs (-2,0)-(-1,0) and (1,0)-(2,0). A stone at (0,0)
    // joins them into a straight line of 5: dead, illegal. Next to it,
    // (0,1) touches only (1,0) of the Dark stones ((0,0) is empty): the
    // bent line of 3 (0,1)-(1,0)-(2,0), alive, legal; likewise (-1,1)
    // touches only (-1,0): the bent line (-2,0)-(-1,0)-(-1,1).
    let mut st = hex5();
    set_up(&mut st, DARK, &[(-2, 0), (-1, 0), (1, 0), (2, 0)], &[]);
    assert!(!legal(&st, (0, 0)), "merging into a line of 5");
    assert!(legal(&st, (0, 1)));
    assert!(legal(&st, (-1, 1)));
}

/// Builds, by legal play from the empty board, the position of the rule 1c
/// test: Light's "Y" (§2.4) with centre (0,0), arms (1,0)-(2,0),
/// (-1,1)-(-2,2) and the short arm (0,-1); Dark's line along q = 3 from
/// (3,-1) down to (3, -line_len), and the Dark feet (-1,-2) and (1,-2).
/// Neither side ever has a foot next to the other's body, so no placement
/// amputates anything; each group stays alive as it grows. Dark passes
/// instead of the stones it does not place. Dark is to move at the end.
fn rule_1c_position(line_len: i32) -> State {
    let mut st = hex5();
    let mut dark: Vec<Hex> = (1..=4).map(|k| (3, -k)).collect();
    dark.extend([(-1, -2), (1, -2)]);
    let light = [(0, 0), (1, 0), (2, 0), (-1, 1), (0, -1), (-2, 2)];
    for (d, l) in dark.iter().zip(light) {
        if d.0 == 3 && -d.1 > line_len {
            st.play_str("pass").unwrap();
        } else {
            place(&mut st, *d);
        }
        place(&mut st, l);
    }
    let mut expected: BTreeSet<Hex> = dark.iter().copied().collect();
    expected.retain(|d| !(d.0 == 3 && -d.1 > line_len));
    assert_eq!(stones(&st), (expected, set(&light)), "built by legal play");
    assert_eq!(st.current_player(), DARK);
    st
}

#[test]
fn rule_1c_a_conversion_may_not_leave_a_mover_group_dead() {
    // Position (built by legal play, see `rule_1c_position`):
    //   Light Y: body (0,0), (1,0), (-1,1); feet (2,0), (-2,2), (0,-1).
    //   Dark: the line of 4 (3,-1)..(3,-4) (F B B F), whose end (3,-1)
    //   touches the Light foot (2,0) (and no Light body); feet (-1,-2),
    //   (1,-2) ((1,-2) touches the Light foot (0,-1)).
    // Dark plays (0,-2): its friendly neighbours (-1,-2) and (1,-2) do not
    // touch, so it is body in a straight line of 3: 1a and 1b pass. Step 2:
    // the only Light foot next to (0,-2) is (0,-1), amputated. Step 3: the
    // Y without its short arm is a line of 5 bent at (0,0), 2 feet / 3 body:
    // dead; (0,0), (1,0), (-1,1) are removed and (2,0), (-2,2) become
    // Dark. (2,0) now extends the Dark line (3,-1)..(3,-4) into a line of 5
    // (bent by 120° at (3,-1)): dead. Rule 1c: the placement is illegal.
    let mut st = rule_1c_position(4);
    let before = stones(&st);
    assert!(has_role(&st, (0, -1), "Foot"));
    assert!(
        !legal(&st, (0, -2)),
        "the conversion would kill a Dark group"
    );
    assert!(st.play_str(&label(&st, (0, -2))).is_err());
    assert_eq!(stones(&st), before, "unchanged");

    // The same with a Dark line of 3 (3,-1)..(3,-3): the converted (2,0)
    // makes it a line of 4, 2 feet / 2 body, alive: the placement is legal
    // and plays out as worked above.
    let mut st = rule_1c_position(3);
    assert!(legal(&st, (0, -2)));
    place(&mut st, (0, -2));
    let dark = [
        (3, -1),
        (3, -2),
        (3, -3),
        (-1, -2),
        (0, -2),
        (1, -2),
        (2, 0),
        (-2, 2),
    ];
    assert_eq!(stones(&st), (set(&dark), set(&[])));
    assert_eq!(roles(&st, (2, 0)), ["Foot", "Alive"]);
    assert_eq!(roles(&st, (3, -1)), ["Body", "Alive"]);
    assert_eq!(roles(&st, (-2, 2)), ["Foot", "Alive"]);
    assert_eq!(st.current_player(), LIGHT);
}

/// The position of the amputation tests (Dark to move):
///   Dark (1,1) and (-1,2): two feet that a stone at (0,1) joins into a
///   bent line of 3 with body (0,1).
///   Dark G2 = (2,-3)-(3,-3)-(4,-3), body (3,-3), an older group.
///   Light s = (0,0), body of the line (1,0)-(0,0)-(0,-1) (bent by 120°).
///   Light f2 = (3,-4), a monopod touching the Dark body (3,-3) of G2 (a
///   stale contact, §2.5 step 2 note) and the Dark foot (2,-3).
///   Light f3 = (-1,3), a monopod touching only the Dark foot (-1,2).
fn amputation_position() -> State {
    let mut st = hex5();
    set_up(
        &mut st,
        DARK,
        &[(1, 1), (-1, 2), (2, -3), (3, -3), (4, -3)],
        &[(0, 0), (1, 0), (0, -1), (3, -4), (-1, 3)],
    );
    assert!(has_role(&st, (0, 0), "Body"));
    assert!(has_role(&st, (3, -3), "Body"));
    assert!(has_role(&st, (3, -4), "Foot"));
    st
}

#[test]
fn amputation_takes_exactly_the_enemy_feet_next_to_the_placed_groups_body() {
    // Dark plays (0,1): body (its friends (1,1) and (-1,2) do not touch),
    // touching the Light body (0,0) (allowed) and the Light foot (1,0).
    // The placed group's only body stone is (0,1); the Light feet next to it:
    // (1,0) only. (-1,3) touches only a Dark foot; (3,-4) touches the body
    // of another, older Dark group; (0,0) is body before the removal: all
    // stay. The Light group (0,0)-(0,-1) that is left is a pair: alive.
    let mut st = amputation_position();
    place(&mut st, (0, 1));
    assert_eq!(
        stones(&st),
        (
            set(&[(1, 1), (0, 1), (-1, 2), (2, -3), (3, -3), (4, -3)]),
            set(&[(0, 0), (0, -1), (3, -4), (-1, 3)]),
        )
    );
    assert!(has_role(&st, (0, 1), "Body"));
    // The stale contact is still there: a Light foot touching Dark body.
    assert!(has_role(&st, (3, -4), "Foot"));
    assert!(has_role(&st, (3, -3), "Body"));
    assert_eq!(st.current_player(), LIGHT);
}

#[test]
fn amputation_does_not_cascade() {
    // Same position. After Dark (0,1) removes (1,0), the Light stone (0,0)
    // has one friendly neighbour left, (0,-1): it is now a foot touching the
    // Dark body (0,1). It is not amputated this turn (no cascade).
    let mut st = amputation_position();
    place(&mut st, (0, 1));
    assert!(has_role(&st, (0, 0), "Foot"));
    assert!(has_role(&st, (0, 1), "Body"));
    assert!(stones(&st).1.contains(&(0, 0)));

    // Light passes; Dark plays (1,-3), making G2 the line of 4
    // (1,-3)..(4,-3) with body (2,-3), (3,-3): the Light foot (3,-4) touches
    // that body and goes. (0,0) touches no body of this placed group: stays.
    st.play_str("pass").unwrap();
    place(&mut st, (1, -3));
    assert_eq!(
        stones(&st).1,
        set(&[(0, 0), (0, -1), (-1, 3)]),
        "(3,-4) amputated"
    );

    // Light passes; Dark plays (0,2): three friendly neighbours (0,1), (1,1),
    // (-1,2), so body; (1,1) and (-1,2) now see two touching friends, feet;
    // (0,1) is body: 2 feet / 2 body, alive. The placed group's body is
    // (0,1), (0,2): the Light feet (0,0) (next to (0,1)) and (-1,3) (next to
    // (0,2)) go. The Light stone left, (0,-1), is a monopod: alive.
    st.play_str("pass").unwrap();
    place(&mut st, (0, 2));
    assert_eq!(stones(&st).1, set(&[(0, -1)]));
    assert_eq!(roles(&st, (0, -1)), ["Foot", "Alive"]);
    assert_eq!(roles(&st, (0, 2)), ["Body", "Alive"]);
    assert_eq!(st.outcome(), None, "no two passes in a row");
}

#[test]
fn a_dead_group_loses_its_body_and_its_feet_change_colour() {
    // Light: the triangle of side 3 (0,0), (1,0), (2,0), (0,1), (1,1),
    // (0,2) (corners feet, 3/3), and the line (-2,1)-(-2,2)-(-2,3).
    // Dark: the feet (-2,0) (touching the Light foot (-2,1)) and (0,-1)
    // (touching the Light foot (0,0)).
    // Dark plays (-1,0): friends (-2,0) and (0,-1), which do not touch, so
    // body, in a bent line of 3: alive. Its Light neighbours (0,0) and
    // (-2,1) are feet: both amputated at once. The triangle without its
    // corner (0,0): (1,0), (0,1), (1,1) have 3 or 4 friends, body; (2,0)
    // and (0,2) have two touching friends, feet: 2/3, dead. Its body stones
    // are removed and (2,0), (0,2) become Dark (single stones, alive). The
    // line without (-2,1) is the pair (-2,2)-(-2,3): alive, it stays Light.
    let mut st = hex5();
    set_up(
        &mut st,
        DARK,
        &[(-2, 0), (0, -1)],
        &[
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (1, 1),
            (0, 2),
            (-2, 1),
            (-2, 2),
            (-2, 3),
        ],
    );
    place(&mut st, (-1, 0));
    assert_eq!(
        stones(&st),
        (
            set(&[(-2, 0), (-1, 0), (0, -1), (2, 0), (0, 2)]),
            set(&[(-2, 2), (-2, 3)]),
        )
    );
    assert_eq!(roles(&st, (2, 0)), ["Foot", "Alive"]);
    assert_eq!(roles(&st, (0, 2)), ["Foot", "Alive"]);
    assert_eq!(st.current_player(), LIGHT);
    assert_eq!(st.outcome(), None);
}

#[test]
fn passing_is_always_legal_and_two_passes_in_a_row_end_the_game() {
    let mut st = hex5();
    let legal = st.legal_turn_strings();
    assert_eq!(legal.len(), 62, "61 points and pass");
    assert!(legal.contains(&"pass".to_string()));
    // Dark passes: the game goes on, Light to move.
    st.play_str("pass").unwrap();
    assert_eq!(st.outcome(), None);
    assert_eq!(st.current_player(), LIGHT);
    // Light places the centre; the count of passes restarts.
    place(&mut st, (0, 0));
    st.play_str("pass").unwrap();
    assert_eq!(st.outcome(), None, "pass, place, pass: not two in a row");
    assert_eq!(st.current_player(), LIGHT);
    assert!(st.legal_turn_strings().contains(&"pass".to_string()));
    // Light passes too: the game is over and scored. Both have 0 body
    // stones; Light's fringe is the 6 empty neighbours of (0,0), Dark's 0:
    // Light wins on the tie-break.
    st.play_str("pass").unwrap();
    assert_eq!(st.scores(DARK), [0, 0]);
    assert_eq!(st.scores(LIGHT), [0, 6]);
    assert_eq!(st.outcome(), Some(Outcome::Win(LIGHT, EndReason::Passes)));
    assert!(st.legal_turn_strings().is_empty(), "no move after the end");
    assert!(st.play_str("pass").is_err());
}

#[test]
fn the_score_is_the_number_of_body_stones() {
    // Dark: the line of 4 (4,0)..(4,-3) along the edge q = 4: body (4,-1),
    // (4,-2), score 2. Fringe: (3,1), (3,0), (3,-1), (3,-2), (3,-3), (4,-4)
    // = 6.
    // Light: the line (-1,0)-(0,0)-(1,0) (body (0,0)) and the triangle
    // (-3,3), (-2,3), (-3,4) (no body): 6 stones, score 1. Fringe: the 10
    // empty neighbours of the line ((-2,0), (2,0), (-2..1, 1), (-1..2, -1))
    // plus the 7 of the triangle ((-4,3), (-3,2), (-2,2), (-4,4), (-1,3),
    // (-2,4), (-1,2)) = 17.
    // Dark wins on score although Light has more stones and more fringe.
    let mut st = hex5();
    set_up(
        &mut st,
        DARK,
        &[(4, 0), (4, -1), (4, -2), (4, -3)],
        &[(-1, 0), (0, 0), (1, 0), (-3, 3), (-2, 3), (-3, 4)],
    );
    st.play_str("pass").unwrap();
    st.play_str("pass").unwrap();
    assert_eq!(st.scores(DARK), [2, 6]);
    assert_eq!(st.scores(LIGHT), [1, 17]);
    assert_eq!(st.outcome(), Some(Outcome::Win(DARK, EndReason::Passes)));
}

#[test]
fn the_fringe_breaks_a_tie_in_score() {
    // Dark: the line (4,0)-(4,-1)-(4,-2) on the edge, score 1. Its empty
    // neighbours: (3,1), (3,0), (3,-1), (3,-2), (4,-3).
    // Light: the line (0,0)-(1,0)-(2,0), score 1. Its empty neighbours:
    // (-1,0), (3,0), (-1..2, 1), (0..3, -1): 10.
    // (3,0) and (3,-1) touch both colours: nobody's fringe. Dark 5 - 2 = 3,
    // Light 10 - 2 = 8: Light (the second player) wins on the tie-break.
    let mut st = hex5();
    set_up(
        &mut st,
        DARK,
        &[(4, 0), (4, -1), (4, -2)],
        &[(0, 0), (1, 0), (2, 0)],
    );
    st.play_str("pass").unwrap();
    st.play_str("pass").unwrap();
    assert_eq!(st.scores(DARK), [1, 3]);
    assert_eq!(st.scores(LIGHT), [1, 8]);
    assert_eq!(st.outcome(), Some(Outcome::Win(LIGHT, EndReason::Passes)));
}

#[test]
fn equal_score_and_fringe_is_a_draw() {
    // Dark: the line (-1,0)-(0,0)-(1,0); Light: the line (-1,2)-(0,2)-(1,2).
    // Each scores 1 (one body stone). Each line has 10 empty neighbours; the
    // three points (-1,1), (0,1), (1,1) touch both lines and count for
    // nobody. Dark's fringe: (-2,0), (2,0), (-2,1), (-1..2, -1) = 7;
    // Light's: (-2,2), (2,2), (2,1), (-2..1, 3) = 7. A full tie: a draw
    // (the seed; Ludii would give it to the last mover).
    let mut st = hex5();
    set_up(
        &mut st,
        DARK,
        &[(-1, 0), (0, 0), (1, 0)],
        &[(-1, 2), (0, 2), (1, 2)],
    );
    st.play_str("pass").unwrap();
    st.play_str("pass").unwrap();
    assert_eq!(st.scores(DARK), [1, 7]);
    assert_eq!(st.scores(LIGHT), [1, 7]);
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::Passes)));

    // The empty board passed out: 0/0 each, a draw too.
    let mut st = hex5();
    st.play_str("pass").unwrap();
    st.play_str("pass").unwrap();
    assert_eq!(st.outcome(), Some(Outcome::Draw(EndReason::Passes)));
}

#[test]
fn random_games_keep_every_polypod_alive() {
    // The invariant of §2.5: after every turn every stone on the board
    // belongs to a living polypod (1b and 1c keep the mover's groups alive;
    // of the opponent's, the groups that lost a stone and died are gone, and
    // the others are unchanged or alive). A placed stone stays on the board
    // as the mover's; one stone a point. 40 seeded random games on hex5,
    // each to its end.
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let (mut ends, mut forced_passes) = (0, 0);
    for _ in 0..40 {
        let mut st = hex5();
        while st.outcome().is_none() {
            let turns = st.legal_turns();
            assert!(!turns.is_empty(), "pass is always legal");
            forced_passes += usize::from(turns.len() == 1);
            // Favour placements so that the board fills up: pass 1 time in 20.
            let strings = st.legal_turn_strings();
            let pass = strings.iter().position(|t| t == "pass").unwrap();
            let i = if turns.len() == 1 || rng.random_range(0..20) == 0 {
                pass
            } else {
                let i = rng.random_range(0..turns.len() - 1);
                if i >= pass { i + 1 } else { i }
            };
            let mover = st.current_player();
            let text = strings[i].clone();
            st.play_turn(&turns[i]);
            if text != "pass" {
                let site = st.game().board.site_by_label(&text).unwrap();
                assert_eq!(st.top_owner(site), Some(mover), "{text}");
            }
            for s in 0..st.game().board.len() {
                let site = Site::try_from(s).unwrap();
                assert!(st.stack(site).len() <= 1);
                if st.top_owner(site).is_some() {
                    let roles = st.roles_at(site);
                    assert!(roles.contains(&"Alive"), "after {text}: {roles:?}");
                    assert!(roles.contains(&"Foot") != roles.contains(&"Body"));
                }
            }
        }
        let o = st.outcome().unwrap();
        assert!(matches!(
            o.reason(),
            EndReason::Passes | EndReason::TurnLimit
        ));
        ends += 1;
    }
    assert_eq!(ends, 40);
    // Filled boards reach positions where pass is the only legal turn.
    assert!(forced_passes > 0);
}

// ---------------------------------------------------------------------------
// The command line
// ---------------------------------------------------------------------------

fn ludic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(args)
        .output()
        .expect("run ludic")
}

/// `ludic playout polypods --count 1000 --seed 1 --json [--set board=…]`,
/// checked to end every game by the rules, run twice for the same JSON
/// (minus the timings).
fn playouts_end_and_repeat(sets: &[&str]) {
    let run = || {
        let mut args = vec![
            "playout", "polypods", "--count", "1000", "--seed", "1", "--json",
        ];
        for s in sets {
            args.extend(["--set", s]);
        }
        let o = ludic(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        let obj = v.as_object_mut().unwrap();
        assert!(obj.remove("seconds").is_some());
        assert!(obj.remove("playouts_per_second").is_some());
        v
    };
    let v = run();
    assert_eq!(v["title"], "Polypods");
    assert_eq!(v["count"], 1000);
    assert_eq!(v["unfinished"]["count"], 0, "{v}");
    let wins = v["wins"].as_array().unwrap();
    let seats: Vec<&str> = wins.iter().map(|w| w["seat"].as_str().unwrap()).collect();
    assert_eq!(seats, ["Dark", "Light"]);
    let wins: u64 = wins.iter().map(|w| w["count"].as_u64().unwrap()).sum();
    assert_eq!(wins + v["draws"]["count"].as_u64().unwrap(), 1000, "{v}");
    // Every game ends by two passes, or by the engine's turn limit
    // (4 turns a point, §2.5 step 4): nothing else.
    let reasons = v["end_reasons"].as_object().unwrap();
    assert!(
        reasons.keys().all(|k| k == "passes" || k == "turn_limit"),
        "{v}"
    );
    assert_eq!(
        reasons
            .values()
            .map(|n| n["count"].as_u64().unwrap())
            .sum::<u64>(),
        1000
    );
    assert_eq!(run(), v, "same seed, same results");
}

#[test]
fn playouts_end_on_the_default_board() {
    playouts_end_and_repeat(&[]);
}

#[test]
fn playouts_end_on_a_square_board() {
    playouts_end_and_repeat(&["board=square8"]);
}

#[test]
fn playouts_end_on_a_hexagon_of_side_6() {
    playouts_end_and_repeat(&["board=hex6"]);
}

#[test]
fn a_human_plays_in_the_terminal() {
    // Default board (limping 4-5 hexagon); e5 is a point of its middle row.
    // Dark (human) places e5; Light (random) answers; e5 again is refused
    // as occupied, with the legal moves listed; pass is accepted and Light
    // answers again; quit stops.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludic"))
        .args(["play", "polypods", "--p1", "human", "--p2", "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"e5\ne5\npass\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("illegal move `e5`"), "{text}");
    let listed = text
        .lines()
        .find_map(|l| l.split("legal moves: ").nth(1))
        .unwrap_or_else(|| panic!("legal moves listed: {text}"));
    let listed: Vec<&str> = listed.split(' ').collect();
    assert!(listed.contains(&"pass"), "{text}");
    assert!(listed.contains(&"e4"), "{text}");
    assert!(!listed.contains(&"e5"), "{text}");
    // One Light answer to e5, one to the pass; then quit.
    assert_eq!(text.matches("Light plays").count(), 2, "{text}");
    assert!(!text.contains("Game over"), "{text}");
    assert!(text.contains("Stopped"), "{text}");
}

#[test]
fn show_marks_body_stones() {
    // e4 e5 e6 for Dark (Light passing): a straight line of 3 whose middle,
    // e5, is body: one `*`.
    let o = ludic(&["show", "polypods", "--moves", "e4 pass e5 pass e6"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.matches('*').count(), 1, "{text}");
    assert!(text.contains("d*"), "{text}");
}

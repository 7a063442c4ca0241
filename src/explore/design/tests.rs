//! The design's properties checked by brute force over its ±1 columns
//! (sums and dot products of the runs written out), not through the
//! defining relation the construction uses.

use super::*;
use std::collections::HashSet;

fn two_level(k: usize) -> Vec<Factor> {
    (0..k)
        .map(|j| Factor {
            name: format!("t{j}"),
            levels: vec!["false".into(), "true".into()],
        })
        .collect()
}

/// The ±1 column of factor `j`.
fn column(d: &Design, j: usize) -> Vec<i64> {
    d.cells
        .iter()
        .map(|c| if c[j] == 0 { -1 } else { 1 })
        .collect()
}

fn dot(a: &[i64], b: &[i64]) -> i64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn times(a: &[i64], b: &[i64]) -> Vec<i64> {
    a.iter().zip(b).map(|(x, y)| x * y).collect()
}

/// Balanced, orthogonal main effects, no two runs alike; at resolution
/// IV no main effect aliased with a two-factor interaction; at V no two
/// two-factor interactions aliased with each other either.
fn check(d: &Design, k: usize, r: u32) {
    let n = d.cells.len() as i64;
    let cols: Vec<Vec<i64>> = (0..k).map(|j| column(d, j)).collect();
    let distinct: HashSet<&Vec<usize>> = d.cells.iter().collect();
    assert_eq!(distinct.len(), d.cells.len(), "{k} factors: a run twice");
    for a in 0..k {
        assert_eq!(cols[a].iter().sum::<i64>(), 0, "column {a} unbalanced");
        for b in a + 1..k {
            assert_eq!(dot(&cols[a], &cols[b]), 0, "{a} and {b} not orthogonal");
        }
    }
    let pairs: Vec<(usize, usize)> = (0..k)
        .flat_map(|a| (a + 1..k).map(move |b| (a, b)))
        .collect();
    for &(a, b) in &pairs {
        let ab = times(&cols[a], &cols[b]);
        if r >= 4 {
            for (j, c) in cols.iter().enumerate() {
                assert_eq!(dot(c, &ab), 0, "{k} factors: {j} aliased with {a}x{b}");
            }
        }
        if r >= 5 {
            for &(c, e) in pairs.iter().filter(|&&p| p > (a, b)) {
                let ce = times(&cols[c], &cols[e]);
                assert_eq!(dot(&ab, &ce), 0, "{k}: {a}x{b} aliased with {c}x{e}");
            }
        }
    }
    // A main effect's column is never the constant column.
    assert!(cols.iter().all(|c| c.iter().sum::<i64>().abs() < n));
}

#[test]
fn full_factorial_has_every_combination_once() {
    let factors = vec![
        Factor {
            name: "a".into(),
            levels: vec!["false".into(), "true".into()],
        },
        Factor {
            name: "m".into(),
            levels: vec!["orthogonal".into(), "king".into(), "queen".into()],
        },
        Factor {
            name: "n".into(),
            levels: vec!["30".into(), "60".into()],
        },
    ];
    let d = Design::new(factors, 64, 5).unwrap();
    assert_eq!(d.kind, Kind::Full);
    assert_eq!(d.cells.len(), 12);
    let mut seen = HashSet::new();
    for a in 0..2 {
        for m in 0..3 {
            for n in 0..2 {
                seen.insert(vec![a, m, n]);
            }
        }
    }
    let got: HashSet<Vec<usize>> = d.cells.iter().cloned().collect();
    assert_eq!(got, seen);
    assert_eq!(
        d.cells[1],
        vec![1, 0, 0],
        "the first factor changes fastest"
    );
    assert_eq!(d.sets(1), ["a=true", "m=orthogonal", "n=30"]);
}

#[test]
fn fractions_have_their_resolution() {
    for r in [4, 5] {
        for k in 3..=13 {
            let d = Design::new(two_level(k), 1 << 12, r).unwrap();
            if 1usize << k <= 1 << 12 {
                // Small enough for the full factorial.
                assert_eq!(d.cells.len(), 1 << k);
            }
            check(&d, k, r);
            // A fraction has a word of `r` letters at least: `r` factors
            // or more.
            if k < r as usize {
                continue;
            }
            let d = Design::new(two_level(k), (1 << k) - 1, r).unwrap();
            assert!(matches!(d.kind, Kind::Fraction { resolution, .. } if resolution >= r));
            check(&d, k, r);
        }
    }
}

/// The smallest regular fractions of the published tables (Box, Hunter &
/// Hunter, *Statistics for Experimenters*, 2nd ed., table 6.14; NIST/
/// SEMATECH e-Handbook 5.3.3.4.7): resolution V: 5 factors in 16 runs, 6
/// in 32, 7 and 8 in 64, 9 to 11 in 128, 12 to 16 in 256; resolution IV:
/// 5 to 8 factors in 16 runs, 9 to 16 in 32.
#[test]
fn fractions_are_as_small_as_the_published_ones() {
    for (k, runs) in [
        (5, 16),
        (6, 32),
        (7, 64),
        (8, 64),
        (9, 128),
        (11, 128),
        (12, 256),
        (13, 256),
        (16, 256),
    ] {
        let d = Design::new(two_level(k), (1 << k) - 1, 5).unwrap();
        assert_eq!(d.cells.len(), runs, "resolution V, {k} factors");
    }
    for (k, runs) in [
        (5, 16),
        (6, 16),
        (7, 16),
        (8, 16),
        (9, 32),
        (12, 32),
        (16, 32),
    ] {
        let d = Design::new(two_level(k), (1 << k) - 1, 4).unwrap();
        assert_eq!(d.cells.len(), runs, "resolution IV, {k} factors");
        check(&d, k, 4);
    }
}

#[test]
fn bad_designs_are_refused() {
    let mut f = two_level(3);
    f[1].levels.pop();
    assert_eq!(
        Design::new(f, 64, 5),
        Err(DesignError::OneLevel("t1".into()))
    );
    let mut f = two_level(3);
    f[2].name = "t0".into();
    assert_eq!(Design::new(f, 64, 5), Err(DesignError::Twice("t0".into())));
    let mut f = two_level(6);
    f[0].levels.push("maybe".into());
    assert!(matches!(
        Design::new(f, 32, 5),
        Err(DesignError::NotTwoLevel { levels: 3, .. })
    ));
    // Five factors at resolution V need 16 runs.
    assert!(matches!(
        Design::new(two_level(5), 8, 5),
        Err(DesignError::TooMany { needed: 16, .. })
    ));
    assert_eq!(
        Design::new(two_level(2), 8, 6),
        Err(DesignError::Resolution(6))
    );
}

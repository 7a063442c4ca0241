//! Games of chance on the page: each new game its own seed, shown and
//! kept in the address, which opens the same game (the same throws).

use crate::driver::*;

/// The seed the page shows (`seed 123`).
fn seed_shown(c: &Client) -> u64 {
    let text = wait_text(c, "#seed", |t| t.starts_with("seed "));
    text.trim_start_matches("seed ").parse().unwrap()
}

#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn each_new_game_has_its_seed_and_its_address_replays_it() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-dice");
    let _ = std::fs::remove_dir_all(&profile);
    let (_server, url) = serve(&["backgammon"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    c.goto(&url).unwrap();
    wait_text(&c, "#status", |t| t.contains(" to "));
    humans(&c);
    // New games draw new seeds (2⁵³ of them: two alike would be a fault).
    let mut seeds = vec![seed_shown(&c)];
    for _ in 0..2 {
        let before = *seeds.last().unwrap();
        c.find("#new").unwrap().click().unwrap();
        wait_text(&c, "#seed", |t| t != format!("seed {before}"));
        seeds.push(seed_shown(&c));
    }
    seeds.dedup();
    assert_eq!(seeds.len(), 3, "{seeds:?}");
    // The address names the seed, and opened again it is the same game:
    // the same seed and the same opening throw.
    let seed = seeds[2];
    // Both seats human: the opening throw waits for its Roll.
    wait_text(&c, "#status", |t| t.contains(" to roll: press Roll"));
    roll_if_asked(&c);
    let throw = moves(&c)[0].clone();
    assert!(throw.starts_with("roll:"), "{throw}");
    let here = c.execute("return location.href", vec![]).unwrap();
    let here = here.as_str().unwrap().to_string();
    assert!(here.contains(&format!("seed={seed}")), "{here}");
    c.goto(&here).unwrap();
    wait_text(&c, "#seed", |t| t == format!("seed {seed}"));
    assert_eq!(moves(&c)[0], throw);
    shot(&c, &out, "dice-backgammon");
}

//! A game worth more than one point (`(stakes …)`, docs/language.md) on the
//! web page: the view of a finished backgammon gammon gives each seat its
//! return, the stake included (docs/games/backgammon.md, "Points").

use crate::serve::session::{Session, Source};

/// The web page's view of a finished gammon gives each seat its return,
/// the stake included: White +2, Black −2.
#[test]
fn the_page_shows_the_returns_of_a_gammon() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/backgammon-gammon.game"
    );
    let mut s = Session::new(
        Source::File(file.into()),
        Vec::new(),
        ["human", "human"]
            .iter()
            .map(|p| p.parse().unwrap())
            .collect(),
    );
    s.roll().expect("White's throw");
    let st = s.state().unwrap().clone();
    let turn = st.legal_turns()[0].clone();
    let board = st.game().board.clone();
    for m in &turn {
        let from = st.move_to_string(m);
        let (a, rest) = from.split_once('-').expect(&from);
        let b = rest.split('~').next().unwrap();
        s.click(board.site_by_label(a).unwrap()).unwrap();
        s.click(board.site_by_label(b).unwrap()).unwrap();
    }
    let v = s.view("t");
    let returns: Vec<f64> = v["outcome"]["places"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", v["outcome"]))
        .iter()
        .map(|p| p["return"].as_f64().unwrap())
        .collect();
    assert_eq!(returns, [2.0, -2.0]);
}

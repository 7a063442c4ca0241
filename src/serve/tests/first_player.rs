//! A first player drawn at random (`(first … Random)`: Genocide's
//! `first=random`) on the web page: a new page game starts from seed
//! `START_SEED` (1, `ludic play`'s default), so its first player is the one
//! the library draws for that seed.

use crate::serve::session::{START_SEED, Session, Source};
use ludic::compile::{Game, Options};
use ludic::engine::State;
use ludic::players::PlayerSpec;
use std::sync::Arc;

#[test]
fn the_page_draws_the_first_player_of_its_seed() {
    let sets = Options::from_sets(&["first=random"]).unwrap();
    let game = Arc::new(Game::load("games/genocide.game", &sets).unwrap());
    let seats = vec![PlayerSpec::Human, PlayerSpec::Human];
    let web = Session::new(
        Source::Shipped("genocide".into()),
        vec!["first=random".into()],
        seats,
    );
    assert_eq!(
        web.state().unwrap().current_player(),
        State::new_for_seed(game, START_SEED).current_player()
    );
}

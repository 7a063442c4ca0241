"""What a Python step loop relies on (issue 41): a Game's new states are
copies of one initial position built once, a state remembers its legal
actions until it changes, and action ids come from a table made once per
game. Each is checked against what does not go through it: a state of a
freshly loaded Game (its first state is built, not copied) replaying the
same action history, and the action space's own look-up of a step
(``string_to_action`` of the step's notation)."""

import random

import pytest

import ludic

GAMES = ludic.shipped_games()


def replayed(name, history):
    """A state of a freshly loaded ``name`` (its initial position built
    anew) after the action ids ``history``."""
    s = ludic.load(name).new_state()
    for a in history:
        s.apply_action(a)
    return s


def same(s, fresh):
    """The calls of a step loop agree on ``s`` and ``fresh``."""
    assert s.is_over() == fresh.is_over()
    assert s.legal_actions() == fresh.legal_actions()
    assert s.current_player() == fresh.current_player()
    assert s.returns() == fresh.returns()
    assert s.to_position() == fresh.to_position()


@pytest.mark.parametrize("name", GAMES)
def test_cached_listings_match_a_fresh_replay_after_apply_undo_and_clone(name):
    g = ludic.load(name)
    rng = random.Random(41)
    for game_no in range(2):  # the second game's state is a copy
        s = g.new_state()
        for _ in range(25 if game_no == 0 else 12):
            if s.is_over():
                break
            legal = s.legal_actions()  # listed and remembered
            a = rng.choice(legal)
            s.apply_action(a)
            same(s, replayed(name, s.history()))
            # A take-back lists the position before again.
            assert s.undo()
            assert s.legal_actions() == legal
            s.apply_action(a)
            c = s.clone()  # a copy of a position not listed yet
            same(c, replayed(name, s.history()))
            s.legal_actions()
            c = s.clone()  # a copy that carries the listing
            same(c, replayed(name, s.history()))
            if not s.is_over():
                b = rng.choice(s.legal_actions())
                child = s.child(b)
                same(child, replayed(name, s.history() + [b]))
                c = s.clone()
                c.apply_action(b)
                same(c, replayed(name, s.history() + [b]))
        same(s, replayed(name, s.history()))


@pytest.mark.parametrize("name", GAMES)
def test_table_ids_are_the_action_spaces_ids(name):
    g = ludic.load(name)
    rng = random.Random(7)
    s = g.new_state()
    checked = 0
    for _ in range(30):
        if s.is_over() or s.is_chance_node():
            break
        for a in s.legal_actions():
            text = s.action_to_string(a)
            try:
                back = s.string_to_action(text)
            except ludic.IllegalMoveError:
                continue  # a step whose notation is a whole turn's
            assert back == a, (text, a, back)
            checked += 1
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 0 or s.is_chance_node()


def test_new_states_are_independent_copies():
    g = ludic.load("connect4")
    a, b = g.new_state(), g.new_state()
    a.apply_action(a.legal_actions()[0])
    # Seven columns, all empty: seven placements; the first state moved on.
    assert len(b.legal_actions()) == 7 and b.history() == []
    assert a.history() != [] and a.to_position() != b.to_position()
    assert b.to_position() == ludic.load("connect4").new_state().to_position()

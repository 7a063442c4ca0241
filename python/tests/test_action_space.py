"""The dense action space: every legal step of seeded random positions of
every shipped game has an id below ``num_distinct_actions``, the ids of a
position are distinct, an id leads back to its step, the mask has
``num_distinct_actions`` entries; placement games number their sites as
OpenSpiel does."""

import random

import pytest

import ludic

GAMES = ludic.shipped_games()


def positions(g, rng, playouts, plies):
    """Seeded random positions of ``g`` where a player is to move."""
    for _ in range(playouts):
        s = g.new_initial_state()
        for _ in range(plies):
            if s.is_terminal():
                break
            if not s.is_chance_node():
                yield s
            s.apply_action(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_step_has_a_distinct_dense_id(name):
    g = ludic.load(name)
    n = g.num_distinct_actions()
    kinds = g.action_kinds()
    assert sum(kinds.values()) == n > 0
    rng = random.Random(17)
    seen = 0
    for s in positions(g, rng, 12, 60):
        acts = s.legal_actions()
        assert acts == sorted(set(acts)), name
        assert acts and 0 <= acts[0] and acts[-1] < n, name
        for a in acts:
            # id -> step -> id: the step played is recorded as its id.
            assert s.child(a).history()[-1] == a
            kind = g.action_to_string(a).split(" ")[0]
            assert kind in kinds, (name, a, kind)
        seen += 1
        if seen <= 3:
            mask = s.legal_actions_mask()
            assert len(mask) == n
            assert [i for i, x in enumerate(mask) if x] == acts
    assert seen > 0


@pytest.mark.parametrize("name", GAMES)
def test_ids_round_trip_through_notation(name):
    # `legal_actions` reads ids from a table made per game, runs of steps
    # of one row at a time; `string_to_action` parses the step and finds
    # its id in the action space: the two agree.
    # A step whose notation also reads as a longer turn (a hop of Chinese
    # Checkers: the hop, and the turn of the hop and its end) parses back
    # to the step.
    rng = random.Random(5)
    g = ludic.load(name)
    for s in positions(g, rng, 2, 40):
        for a in s.legal_actions():
            assert s.string_to_action(s.action_to_string(a)) == a, (name, a)


def test_placement_games_number_their_sites_as_openspiel_does():
    # OpenSpiel's num_distinct_actions: tic_tac_toe 9, hex (11 x 11) 121,
    # one per cell, the cell's index. ludic's placements are numbered by
    # site the same way.
    assert ludic.load("tictactoe").num_distinct_actions() == 9
    assert ludic.load("hex").num_distinct_actions() == 121
    g = ludic.load("tictactoe")
    s = g.new_initial_state()
    assert s.legal_actions() == list(range(9))
    assert [g.action_to_string(a).split(": ")[1] for a in range(9)] == [f"->{c}" for c in g.site_labels]


def test_an_id_beyond_the_space_is_refused():
    g = ludic.load("chess")
    with pytest.raises(ValueError):
        g.action_to_string(g.num_distinct_actions())
    assert g.action_to_string(g.num_distinct_actions() - 1)


def directed_neighbour_pairs(cols, rows):
    """Ordered pairs of orthogonally adjacent squares of a board, counted
    square by square."""
    return sum(
        (x + dx in range(cols)) and (y + dy in range(rows))
        for x in range(cols)
        for y in range(rows)
        for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1)]
    )


@pytest.mark.parametrize("supply", [60, 100])
def test_genocide_steps_carry_at_most_a_players_supply(supply):
    # docs/games/genocide.md: each player has `supply` checkers (60 by
    # default) and a step moves the top N of a square holding only the
    # mover's, so N is 1 to `supply`; the bridge step moves one checker
    # (or the whole stack: 2 counts), the ferry a whole bridge (1), and
    # two phases end with `end`.
    g = ludic.load("genocide", set={"supply": supply})
    pairs = directed_neighbour_pairs(8, 8)
    assert g.num_distinct_actions() == pairs * (supply + 2 + 1) + 2
    # A stack of the whole supply moves as a whole; its ids are in range.
    s = g.state_from_position(f"R R:a1*{supply} B:h8")
    names = {s.action_to_string(a): a for a in s.legal_actions()}
    assert f"a1-a2/{supply}" in names and max(names.values()) < g.num_distinct_actions()
    # One checker more than the rules can make: refused, with the reason.
    with pytest.raises(ValueError, match="more pieces than the rules"):
        g.state_from_position(f"R R:a1*{supply + 1} B:h8")
    with pytest.raises(ValueError, match="more pieces than the rules"):
        g.deserialize_state(f"ludic-state 1\nposition: R R:a1*{supply + 1} B:h8\nactions:\n")


def test_a_game_that_makes_pieces_without_a_limit_keeps_the_stack_limit():
    # Ex nihilo makes its discs from nothing (docs/games/exnihilo.md): a
    # split of a stack of 255, the stack limit, takes up to 254.
    g = ludic.load("exnihilo")
    s = g.state_from_position("W W:e5*255 B:a1")
    splits = [a for a in s.legal_actions() if s.action_to_string(a).endswith("/254")]
    assert splits and max(s.legal_actions()) < g.num_distinct_actions()

"""ludic's Go (games/go.game) against OpenSpiel's go (OpenSpiel from PyPI,
an engine written apart), along seeded random games on 9 x 9 and 7 x 7.

Where the two differ, by design (docs/games/go.md): OpenSpiel forbids only
the immediate retaking of a ko and ends the game when a move recreates an
earlier board; ludic refuses such a move (positional superko). So at every
position ludic's legal moves must be OpenSpiel's less exactly those that
recreate a board seen at the start of a turn (found here by playing them
in OpenSpiel), and the games stay alike. With `move_limit=true` ludic
ends the game at OpenSpiel's limit (twice the points in moves), so the
final returns (area scoring, komi 7.5) must be equal too."""

import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel has no wheel for this Python or machine (.ci/setup installs it where one exists)"
)

import ludic  # noqa: E402


def board_of(state) -> str:
    """OpenSpiel's board, its rows of points only."""
    return "\n".join(line for line in str(state).splitlines() if line[:3].strip().isdigit())


def label(action: int, size: int) -> str:
    """ludic's name of an OpenSpiel action: a1 bottom left, the letter i
    used (OpenSpiel's letters skip it), ``pass`` past the points."""
    if action == size * size:
        return "pass"
    return "abcdefghijklmnopqrs"[action % size] + str(action // size + 1)


def ludic_moves(state) -> dict:
    """ludic's legal moves: name to action."""
    return {state.action_to_string(a): a for a in state.legal_actions()}


def play_alike(size: int, seed: int) -> tuple:
    """A seeded random game played in both engines side by side; returns
    the moves that OpenSpiel allows and ludic refuses by superko, and the
    number of turns played."""
    ours = ludic.load_game("go", {"size": size, "move_limit": True}).new_initial_state()
    theirs = pyspiel.load_game("go", {"board_size": size, "komi": 7.5}).new_initial_state()
    seen = {board_of(theirs)}
    rng = random.Random(seed)
    superko = turns = 0
    while not theirs.is_terminal():
        assert not ours.is_terminal(), f"seed {seed} turn {turns}"
        assert ours.current_player() == theirs.current_player()
        mine = ludic_moves(ours)
        allowed = {label(a, size): a for a in theirs.legal_actions()}
        assert set(mine) <= set(allowed), f"seed {seed} turn {turns}"
        for name in set(allowed) - set(mine):
            after = theirs.clone()
            after.apply_action(allowed[name])
            assert board_of(after) in seen, f"{name} refused at seed {seed} turn {turns}"
            superko += 1
        # Stones mostly, a pass now and then.
        names = sorted(mine)
        pick = "pass" if rng.random() < 0.02 else rng.choice(names)
        ours.apply_action(mine[pick])
        theirs.apply_action(allowed[pick])
        seen.add(board_of(theirs))
        turns += 1
    assert ours.is_terminal(), f"seed {seed}"
    assert ours.returns() == theirs.returns(), f"seed {seed}"
    return superko, turns


@pytest.mark.parametrize("size", [9, 7])
def test_legal_moves_and_returns_are_openspiels_but_for_superko(size):
    lengths = []
    wins = set()
    for seed in range(12):
        _, n = play_alike(size, seed)
        lengths.append(n)
        wins.add(tuple(pyspiel_returns(size, seed)))
    # Games that end by two passes and (on 9 x 9, at these seeds) games
    # that reach the move limit, and both colours winning across the seeds.
    limit = 2 * size * size
    assert min(lengths) < limit
    assert size != 9 or max(lengths) == limit
    assert len(wins) == 2


def pyspiel_returns(size: int, seed: int) -> list:
    """The returns of the seed's game, as ludic gives them (already
    checked equal to OpenSpiel's)."""
    ours = ludic.load_game("go", {"size": size, "move_limit": True}).new_initial_state()
    rng = random.Random(seed)
    while not ours.is_terminal():
        mine = ludic_moves(ours)
        pick = "pass" if rng.random() < 0.02 else rng.choice(sorted(mine))
        ours.apply_action(mine[pick])
    return ours.returns()


def test_two_passes_end_with_the_komi_for_white():
    ours = ludic.load_game("go").new_initial_state()
    theirs = pyspiel.load_game("go", {"board_size": 9, "komi": 7.5}).new_initial_state()
    for _ in range(2):
        ours.apply_action(ludic_moves(ours)["pass"])
        theirs.apply_action(81)
    # An empty board: no area for either, 7.5 for White.
    assert ours.is_terminal() and theirs.is_terminal()
    assert ours.returns() == theirs.returns() == [-1.0, 1.0]


def test_a_board_repeated_after_four_turns_is_refused_where_openspiel_ends_the_game():
    # Two kos (the superko scenario of games/go.scenarios) built stone by
    # stone, then Black takes the first, White the second, Black passes
    # and White takes back the first: Black's retaking the second would
    # recreate the board of four turns before.
    ours = ludic.load_game("go").new_initial_state()
    theirs = pyspiel.load_game("go", {"board_size": 9, "komi": 7.5}).new_initial_state()
    black = ["d6", "c5", "d4", "e3", "d2", "f2", "e1"]
    white = ["e6", "d5", "f5", "e4", "d3", "c2", "d1"]
    stones = [m for pair in zip(black, white) for m in pair]
    action = {label(a, 9): a for a in range(82)}
    for name in stones + ["e5", "e2", "pass", "d5"]:
        ours.apply_action(ludic_moves(ours)[name])
        theirs.apply_action(action[name])
    assert "d2" not in ludic_moves(ours)
    assert action["d2"] in theirs.legal_actions()
    # OpenSpiel plays it and ends the game there (its superko rule).
    theirs.apply_action(action["d2"])
    assert theirs.is_terminal()

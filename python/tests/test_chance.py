"""Chance nodes (docs/chance.md) through the Python package: Genocide
without Boxcars rolls two dice for the movement points, with Dice one die
for each side of a battle. The odds are checked against the throws of the
dice listed one by one here, apart from the engine."""

import itertools
from fractions import Fraction

import pytest

import ludic


def throws(dice: int, sides: int) -> dict[int, Fraction]:
    """The probability of each sum of ``dice`` dice of ``sides`` sides, by
    listing every throw (2d6: 1/36 for 2 ... 6/36 for 7 ... 1/36 for 12)."""
    counts: dict[int, int] = {}
    faces = range(1, sides + 1)
    for throw in itertools.product(faces, repeat=dice):
        counts[sum(throw)] = counts.get(sum(throw), 0) + 1
    total = sides**dice
    return {v: Fraction(n, total) for v, n in sorted(counts.items())}


def test_two_dice_for_the_movement_points():
    g = ludic.load("genocide", set={"boxcars": False})
    s = g.new_state()
    assert s.is_chance_node()
    assert s.current_player() == -1  # pyspiel's kChancePlayerId
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
    want = throws(2, 6)
    assert [a for a, _ in outcomes] == list(want)
    for (action, p), (value, q) in zip(outcomes, want.items()):
        assert p == pytest.approx(float(q), abs=1e-15), value
    assert outcomes[5] == (7, pytest.approx(6 / 36))
    assert s.legal_actions() == [a for a, _ in outcomes]
    assert s.action_to_string(7) == "roll:7"
    s.apply_action(7)
    assert not s.is_chance_node()
    assert s.current_player() == 0
    assert "mp 7" in str(s)
    assert s.chance_outcomes() == []


def test_a_battle_rolls_one_die_a_side():
    g = ludic.load("genocide", set={"dice": True})
    s = g.new_state()
    # Red walks one checker from d1 onto Black's d8 (seven of its twelve
    # movement points) and ends the phase: the battle there rolls.
    for move in ["d1-d2/1", "d2-d3/1", "d3-d4/1", "d4-d5/1", "d5-d6/1", "d6-d7/1", "d7-d8/1",
                 "end"]:
        assert not s.is_chance_node(), move
        s.play(move)
    assert s.is_chance_node() and s.current_player() == -1
    die = throws(1, 6)
    for _ in range(2):
        outcomes = s.chance_outcomes()
        assert [a for a, _ in outcomes] == list(die)
        assert [p for _, p in outcomes] == pytest.approx([float(q) for q in die.values()])
        s.apply_action(outcomes[0][0])
    assert not s.is_chance_node()


def test_an_outcome_not_rolled_is_refused():
    s = ludic.load("genocide", set={"boxcars": False}).new_state()
    with pytest.raises(ludic.IllegalMoveError):
        s.apply_action(13)
    assert s.is_chance_node()

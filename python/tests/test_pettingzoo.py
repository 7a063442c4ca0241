"""ludic games as PettingZoo AEC environments: PettingZoo's own api_test
passes on every shipped game, and a Connect Four game ends as its rules
say (four in a column wins)."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (.ci/setup installs it)")

import ludic  # noqa: E402
import ludic.pettingzoo as lp  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402


@pytest.mark.parametrize("name", ludic.shipped_games())
def test_pettingzoos_api_test_passes(name):
    e = lp.env(name)
    # Ex nihilo numbers a million actions: its rules make discs from
    # nothing, so a split may take up to the stack limit's 254
    # (docs/python.md); fewer cycles keep the masks' cost down.
    cycles = 100 if e.unwrapped.game.num_distinct_actions() >= 1_000_000 else 400
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(e, num_cycles=cycles)


def test_connect_four_to_the_end():
    e = lp.env("connect4")
    e.reset(seed=1)
    assert e.agents == ["player_0", "player_1"]
    obs, reward, term, trunc, _ = e.last()
    # Seven columns, seven legal drops.
    assert obs["action_mask"].sum() == 7 and obs["action_mask"].dtype == np.int8
    assert obs["observation"].shape == (2, 32, 42)
    state = e.unwrapped.state
    # Red drops four in column a while Yellow plays column b.
    moves = ["a1", "b1", "a2", "b2", "a3", "b3", "a4"]
    for i, cell in enumerate(moves):
        agent = e.agent_selection
        assert agent == f"player_{i % 2}"
        e.step(state.string_to_action(cell))
        if i == 0:
            # Yellow sees Red's disc as the other player's (its own first).
            seen = e.observe("player_1")["observation"]
            assert seen[0].sum() == 0 and seen[1].sum() == 1
            assert e.observe("player_0")["action_mask"].sum() == 0
    assert all(e.terminations.values())
    assert e._cumulative_rewards == {"player_0": 1, "player_1": -1}
    for agent in e.agent_iter():
        e.step(None)
    assert e.agents == []


def test_an_illegal_action_ends_the_game_against_its_player():
    e = lp.env("tictactoe")
    e.reset()
    e.step(4)  # the centre (ids are the nine cells)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(4)  # the centre again: taken, not legal
    assert all(e.terminations.values())
    assert e.rewards["player_1"] == -1


def test_toggles_and_truncation():
    e = lp.env("checkers", max_turns=4, repetition=False)
    assert e.unwrapped.game.sets == ["repetition=false"]
    e.reset()
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.unwrapped.state.turns() == 4 and not e.unwrapped.state.is_terminal()

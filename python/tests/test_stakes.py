"""Games worth more than one point (``(stakes …)``, docs/language.md):
backgammon's gammon and backgammon (docs/games/backgammon.md, "Points":
2 and 3 to the winner, minus that to the loser) through Python's
``returns()``/``rewards()``/``player_return()``, the OpenSpiel bridge
(its returns and ``min_utility``/``max_utility``) and PettingZoo's
rewards. The positions are the rules' own cases: White bears off its
last checker with Black having none off (a gammon), and with a Black
checker on the bar too (a backgammon)."""

from pathlib import Path

import pytest

import ludic

ROOT = Path(__file__).resolve().parents[2]
GAMMON = ROOT / "tests" / "data" / "backgammon-gammon.game"
BACKGAMMON = ROOT / "tests" / "data" / "backgammon-backgammon.game"
# White to move with one checker on its 1-point, any throw bears it off.
POSITIONS = [
    ("W W:1,woff*14 B:24*14,boff dice-left=1,2", 1.0),
    ("W W:1,woff*14 B:24*15 dice-left=1,2", 2.0),
    ("W W:1,woff*14 B:24*14,bbar dice-left=1,2", 3.0),
]


def to_the_end(state):
    """Plays the first chance outcome or legal action until the game ends
    (every one bears White's last checker off)."""
    for _ in range(10):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("position,points", POSITIONS)
def test_returns_are_the_stake(position, points):
    bg = ludic.load("backgammon")
    s = to_the_end(bg.state_from_position(position))
    assert s.outcome()[0] == 0
    assert s.returns() == [points, -points]
    assert [s.player_return(p) for p in (0, 1)] == [points, -points]
    assert s.rewards() == [points, -points]
    # The toggle off: every game is worth 1.
    single = ludic.load("backgammon", set={"gammons": False})
    assert to_the_end(single.state_from_position(position)).returns() == [1.0, -1.0]


def test_utility_bounds_come_from_the_stake():
    bg = ludic.load("backgammon")
    assert (bg.min_utility(), bg.max_utility(), bg.utility_sum()) == (-3.0, 3.0, 0.0)
    assert bg.max_stake == 3
    single = ludic.load("backgammon", set={"gammons": False})
    assert (single.min_utility(), single.max_utility()) == (-1.0, 1.0)


def test_the_openspiel_bridge_returns_the_stake():
    pyspiel = pytest.importorskip("pyspiel")
    import ludic.openspiel as lo

    for path, points in [(GAMMON, 2.0), (BACKGAMMON, 3.0)]:
        game = lo.load_game(str(path))
        assert isinstance(game, pyspiel.Game)
        info = (game.min_utility(), game.max_utility(), game.utility_sum())
        assert info == (-3.0, 3.0, 0.0)
        s = to_the_end(game.new_initial_state())
        assert s.returns() == [points, -points]
        assert s.player_return(0) == points
    single = lo.load_game(str(GAMMON), gammons=False)
    assert (single.min_utility(), single.max_utility()) == (-1.0, 1.0)
    assert to_the_end(single.new_initial_state()).returns() == [1.0, -1.0]


def test_pettingzoo_rewards_are_the_stake():
    pytest.importorskip("pettingzoo")
    import numpy as np

    import ludic.pettingzoo as lp

    bg = ludic.load("backgammon")
    for position, points in POSITIONS:
        e = lp.env(bg)
        e.reset(seed=1)
        # The environment plays no chance node: start it at White's move
        # after the throw.
        e.unwrapped.state = bg.state_from_position(position)
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert all(e.terminations.values())
        assert e.rewards == {"player_0": points, "player_1": -points}

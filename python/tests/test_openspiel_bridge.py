"""ludic games registered as OpenSpiel games (ludic.openspiel): OpenSpiel's
own MCTS, evaluate_bots and API checks run on them, and ludic's Connect
Four plays as OpenSpiel's connect_four (OpenSpiel 2.0.2 from PyPI, an
engine written apart) along seeded games."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel has no wheel for this Python or machine (.ci/setup installs it where one exists)"
)

import ludic  # noqa: E402
import ludic.openspiel as lo  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402


def column(state, action: int) -> int:
    """The column of a ludic Connect Four action (its cell, ``d1``)."""
    return "abcdefg".index(state.action_to_string(action)[0])


def test_an_openspiel_script_runs_on_ludic_by_changing_one_line():
    # OpenSpiel's example of MCTS against a random bot, with
    # `pyspiel.load_game("connect_four")` changed to ludic's.
    game = lo.load_game("connect_four")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2, max_simulations=200, evaluator=evaluator, random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    wins = 0
    for _ in range(3):
        state = game.new_initial_state()
        returns = evaluate_bots(state, bots, rng)
        assert returns[0] + returns[1] == 0 and returns[0] in (-1.0, 0.0, 1.0)
        wins += returns[0] == 1.0
    # 200 simulations of MCTS against uniform random play at Connect Four.
    assert wins >= 2


def test_the_game_plays_as_openspiels_connect_four():
    ours = lo.load_game("connect_four")
    theirs = pyspiel.load_game("connect_four")
    assert ours.num_players() == theirs.num_players() == 2
    for seed in range(12):
        rng = random.Random(seed)
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not b.is_terminal():
            assert not a.is_terminal()
            assert a.current_player() == b.current_player()
            cols = sorted(column(a.ludic, x) for x in a.legal_actions())
            assert cols == b.legal_actions()
            pick = rng.choice(a.legal_actions())
            col = column(a.ludic, pick)
            a.apply_action(pick)
            b.apply_action(col)
        assert a.is_terminal() and a.returns() == b.returns()
        assert a.current_player() == b.current_player() == pyspiel.PlayerId.TERMINAL



def play_beside(ours, theirs, name_of, seeds):
    """Seeded random games of ludic's `ours` and OpenSpiel's `theirs` side
    by side: at every position the same player moves with the same legal
    moves (ludic's notation turned into OpenSpiel's by `name_of(state,
    action)`), and the games end together with the same returns."""
    for seed in range(seeds):
        rng = random.Random(seed)
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not b.is_terminal():
            assert not a.is_terminal()
            assert a.current_player() == b.current_player()
            mine = {name_of(a, x): x for x in a.legal_actions()}
            theirs_ = {b.action_to_string(x): x for x in b.legal_actions()}
            assert sorted(mine) == sorted(theirs_)
            pick = rng.choice(sorted(mine))
            a.apply_action(mine[pick])
            b.apply_action(theirs_[pick])
        assert a.is_terminal() and a.returns() == b.returns()


def test_morris_ending_on_turns_plays_as_openspiels_nine_mens_morris():
    # OpenSpiel numbers the 24 points in the order the rule file lists them
    # (a7, d7, g7, b6, …) and draws after 200 turns (`ending=turns`).
    ours = ludic.load_game("morris", ending="turns")
    start = ours.new_initial_state()
    points = [start.action_to_string(a) for a in start.legal_actions()]
    assert len(points) == 24

    def name_of(state, action):
        text = state.action_to_string(action)
        if "-" in text:
            x, y = text.split("-")
            return f"Move {points.index(x)} -> {points.index(y)}"
        return f"Point {points.index(text)}"

    play_beside(ours, pyspiel.load_game("nine_mens_morris"), name_of, 12)


def test_oware_with_the_cycle_rule_plays_as_openspiels_oware():
    # OpenSpiel names a house by its player's row, A to F for South's a1 to
    # f1 and a to f for North's f2 to a2 (each row from its owner's left),
    # and ends a game at its first repeated position (`cycle=true`).
    def name_of(state, action):
        text = state.action_to_string(action)
        col = "abcdef".index(text[0])
        return "ABCDEF"[col] if text[1] == "1" else "fedcba"[col]

    play_beside(ludic.load_game("oware", cycle=True), pyspiel.load_game("oware"), name_of, 200)

# Every shipped game, the Genocide family's too: its games are long (a
# random Genocide game is thousands of actions, each cloned by the check,
# and a clone of a ludic state copies its undo journal), so one
# simulation a game, as for the others; their 14,000 action ids (a step
# carries 1 to 60 checkers, docs/python.md) make the masks cheap.
@pytest.mark.parametrize("name", ludic.shipped_games())
def test_openspiels_random_simulation_check_passes(name):
    game = lo.load_game(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_toggles_are_typed_game_parameters():
    name = lo.register("checkers")
    assert name == "ludic_checkers"
    spec = pyspiel.load_game(name).get_type().parameter_specification
    assert spec["repetition"] is True and spec["no_progress"] == 80
    g = pyspiel.load_game(name, {"repetition": False, "no_progress": 20})
    assert sorted(g.ludic.sets) == ["no_progress=20", "repetition=false"]
    assert lo.load_game("checkers", no_progress=20).ludic.sets == ["no_progress=20"]
    with pytest.raises(Exception):
        pyspiel.load_game(name, {"no_such": 1})
    # English draughts' published perft, through the bridge's game.
    assert g.ludic.perft(3) == 302


def test_rule_text_registers_too():
    text = open(ludic.__file__.rsplit("/python/", 1)[0] + "/games/tictactoe.game").read()
    g = lo.load_game(source=text, name="my_ttt")
    assert g.get_type().short_name == "ludic_my_ttt"
    s = g.new_initial_state()
    assert len(s.legal_actions()) == 9
    # X takes the top row while O plays a2 b2.
    for cell in ["a1", "a2", "b1", "b2", "c1"]:
        s.apply_action(s.ludic.string_to_action(cell))
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    # OpenSpiel's serialization replays the actions.
    t = g.deserialize_state(s.serialize())
    assert t.history() == s.history() and t.returns() == [1.0, -1.0]


def test_a_game_that_reaches_max_game_length_is_a_draw():
    g = lo.load_game("checkers", max_game_length=6)
    assert g.max_game_length() == 6
    s = g.new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert len(s.history()) == 6 and s.returns() == [0.0, 0.0]
    assert s.current_player() == pyspiel.PlayerId.TERMINAL


def test_no_action_is_played_past_max_game_length():
    # Two actions of tic-tac-toe: over by the bound, not by the rules,
    # and refused as pyspiel refuses a step on a finished game.
    s = lo.load_game("tictactoe", max_game_length=2).new_initial_state()
    s.apply_action(0)
    s.apply_action(1)
    assert s.is_terminal() and s.legal_actions() == []
    with pytest.raises(ludic.IllegalMoveError, match="max_game_length"):
        s.apply_action(2)
    assert s.history() == [0, 1] and s.ludic.history() == [0, 1]


@pytest.mark.parametrize("bad", [0, -1])
def test_a_max_game_length_below_one_is_refused(bad):
    with pytest.raises(ValueError, match="max_game_length"):
        lo.load_game("tictactoe", max_game_length=bad)
    with pytest.raises(Exception, match="max_game_length"):
        pyspiel.load_game(lo.register("tictactoe"), {"max_game_length": bad})
    # Absent, it is the default (tic-tac-toe's rules set no turn limit).
    assert lo.load_game("tictactoe").max_game_length() == lo.DEFAULT_MAX_LENGTH


def test_openspiels_alpha_beta_solves_ludics_tic_tac_toe():
    from open_spiel.python.algorithms import minimax

    game = lo.load_game("tic_tac_toe")
    # Tic-tac-toe is a draw with perfect play, as OpenSpiel's own game says.
    value, _ = minimax.alpha_beta_search(game, maximizing_player_id=0)
    theirs, _ = minimax.alpha_beta_search(pyspiel.load_game("tic_tac_toe"), maximizing_player_id=0)
    assert value == theirs == 0.0
    # After a corner opening, O's reply on an adjacent edge loses.
    s = game.new_initial_state()
    for cell in ["a1", "a2"]:
        s.apply_action(s.ludic.string_to_action(cell))
    assert minimax.alpha_beta_search(game, s, maximizing_player_id=0)[0] == 1.0

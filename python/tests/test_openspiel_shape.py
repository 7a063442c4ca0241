"""OpenSpiel's calls on ludic's Game and State (pyspiel's names and
conventions), and copies of both (pickle, deepcopy, serialize) that go on
exactly as the original. Expected values come from the games' rules (the
rule files' own scenarios, tic-tac-toe's nine cells) and from
OpenSpiel's documented conventions (TERMINAL = -4, ascending legal
actions, rewards only at the end)."""

import copy
import pickle
import random

import pytest

import ludic

GAMES = ludic.shipped_games()


def random_game(state, rng, steps):
    """Plays up to ``steps`` random actions (OpenSpiel's loop)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_pyspiel_names_are_methods_and_old_names_still_work():
    g = ludic.load_game("tictactoe")
    assert g.num_players() == 2 == g.num_players
    assert g.num_distinct_actions() == g.num_distinct_actions > 0
    assert (g.min_utility(), g.max_utility(), g.utility_sum()) == (-1.0, 1.0, 0.0)
    t = g.get_type()
    assert t.utility == "ZERO_SUM" and t.dynamics == "SEQUENTIAL"
    assert t.information == "PERFECT_INFORMATION" and t.reward_model == "TERMINAL"
    assert (t.min_num_players, t.max_num_players) == (2, 2)
    assert t.short_name == "tictactoe" and t.long_name == g.name
    s = g.new_initial_state()
    # Nine empty cells: nine legal placements.
    assert len(s.legal_actions()) == 9 and s.legal_actions() == sorted(s.legal_actions())
    # Two owners of one kind, then two to-move planes, over the 3 x 3 grid.
    assert g.observation_tensor_shape() == [4, 3, 3]
    assert len(s.observation_tensor()) == g.observation_tensor_size() == 36


def test_dir_lists_no_imported_helpers():
    names = dir(ludic)
    for helper in ("np", "os", "json", "annotations", "Iterable", "Mapping"):
        assert helper not in names
    for public in ("load_game", "Game", "State", "analyze"):
        assert public in names


def test_load_game_takes_params_as_a_dict_or_keywords():
    a = ludic.load_game("checkers", {"repetition": False})
    b = ludic.load_game("checkers", repetition=False)
    assert a.sets == b.sets == ["repetition=false"]
    assert a.get_parameters() == {"repetition": False}
    with pytest.raises(ludic.RulesError):
        ludic.load_game("checkers", no_such_toggle=1)


def test_parameters_are_typed_as_their_toggles():
    # pyspiel's get_parameters() and parameter_specification hold typed
    # values: a bool, an int, a float (a decimal toggle), a str (a choice).
    g = ludic.load_game("checkers", no_progress=20, repetition="false")
    assert g.get_parameters() == {"no_progress": 20, "repetition": False}
    assert type(g.get_parameters()["no_progress"]) is int
    assert ludic.load_game("go", komi=6.5, size=13).get_parameters() == {"komi": 6.5, "size": 13}
    assert ludic.load_game("morris", ending="turns").get_parameters() == {"ending": "turns"}
    assert ludic.load_game("tictactoe").get_parameters() == {}
    spec = ludic.load_game("go").get_type().parameter_specification
    assert spec == {"size": 9, "komi": 7.5, "move_limit": False}


def test_a_won_game_is_terminal_with_pyspiel_markers():
    g = ludic.load_game("tictactoe")
    s = g.new_initial_state()
    # X takes the top row (a1 b1 c1) while O plays a2 b2.
    for i, m in enumerate(["a1", "a2", "b1", "b2", "c1"]):
        assert not s.is_terminal() and s.current_player() == i % 2
        assert s.rewards() == [0.0, 0.0]
        s.apply_action(s.string_to_action(m))
    assert s.is_terminal()
    assert s.current_player() == ludic.PlayerId.TERMINAL == -4
    assert s.mover() == 1  # O would have moved next
    assert s.returns() == s.rewards() == [1.0, -1.0]
    assert (s.player_return(0), s.player_return(1)) == (1.0, -1.0)
    assert s.legal_actions() == [] and sum(s.legal_actions_mask()) == 0
    assert s.move_number() == 5 == len(s.history())
    assert not s.is_chance_node() and not s.is_player_node() and s.chance_outcomes() == []
    with pytest.raises(ludic.IllegalMoveError, match="over"):
        s.apply_action(s.history()[0])


def test_legal_actions_mask_and_strings_agree_with_the_moves():
    rng = random.Random(3)
    for name in ["checkers", "chess", "connect4", "amazons", "morris", "genocide"]:
        g = ludic.load_game(name)
        s = random_game(g.new_initial_state(), rng, 12)
        if s.is_terminal():
            continue
        acts = s.legal_actions()
        assert acts == sorted(set(acts))
        # A turn of one step is its own action: its notation names it.
        for a in acts:
            assert s.string_to_action(s.action_to_string(a)) == a
            assert s.action_to_string(s.current_player(), a) == s.action_to_string(a)
        mask = s.legal_actions_mask()
        assert len(mask) == g.num_distinct_actions()
        assert [i for i, x in enumerate(mask) if x] == acts
        other = 1 - s.current_player()
        assert s.legal_actions(other) == []


def test_every_action_of_random_games_is_below_num_distinct_actions():
    rng = random.Random(11)
    for name in GAMES:
        g = ludic.load(name)
        n = g.num_distinct_actions()
        for _ in range(2):
            s = g.new_initial_state()
            for _ in range(80):
                if s.is_terminal():
                    break
                acts = s.legal_actions()
                assert acts and max(acts) < n, name
                s.apply_action(rng.choice(acts))


def test_a_multi_jump_is_several_actions_of_one_player():
    g = ludic.load_game("checkers")
    # The rule file's own scenario: Black's 1x10x19 takes both White men.
    s = g.state_from_position("B W:6,15 B:1")
    assert s.legal_moves() == ["1x10x19"]
    first = s.legal_actions()
    assert len(first) == 1
    s.apply_action(first[0])
    assert s.current_player() == 0 and not s.is_terminal()  # the jump goes on
    s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.move_number() == 2
    t = g.state_from_position("B W:6,15 B:1")
    t.play("1x10x19")
    assert t.history() == s.history()


def test_child_leaves_the_parent_and_undo_action_restores_it():
    g = ludic.load_game("chess")
    s = random_game(g.new_initial_state(), random.Random(5), 10)
    before = (s.serialize(), str(s), s.legal_actions())
    a = s.legal_actions()[0]
    c = s.child(a)
    assert (s.serialize(), str(s), s.legal_actions()) == before
    assert c.history() == s.history() + [a] and c.move_number() == s.move_number() + 1
    with pytest.raises(ValueError, match="last action"):
        c.undo_action(c.mover(), a + 1)
    # The right action named with the wrong player is refused too, the
    # state as it was.
    after = (c.serialize(), c.history(), c.legal_actions())
    with pytest.raises(ValueError, match=f"the last action was {a} by player {s.current_player()}, not by player"):
        c.undo_action(1 - s.current_player(), a)
    assert (c.serialize(), c.history(), c.legal_actions()) == after
    c.undo_action(s.current_player(), a)
    assert (c.serialize(), str(c), c.legal_actions()) == before


def test_undo_action_says_plainly_why_it_refuses():
    s = ludic.load_game("tictactoe").new_initial_state()
    with pytest.raises(ValueError, match=r"^undo_action\(0, 0\): nothing to undo$"):
        s.undo_action(0, 0)
    s.apply_action(4)
    refusals = {
        (0, 3): "undo_action(0, 3): the last action was 4 by player 0, not 3",
        (1, 4): "undo_action(1, 4): the last action was 4 by player 0, not by player 1",
        (1, 3): "undo_action(1, 3): the last action was 4 by player 0, not 3 by player 1",
        (-1, 4): "undo_action(-1, 4): the last action was 4 by player 0, not by chance",
        (-5, 4): "-5 is not a player of this game (0 to 1)",
        (2, 4): "2 is not a player of this game (0 to 1)",
    }
    for (player, action), message in refusals.items():
        with pytest.raises(ValueError) as e:
            s.undo_action(player, action)
        assert str(e.value) == message
        assert s.history() == [4] and s.current_player() == 1
    s.undo_action(0, 4)
    assert s.history() == [] and s.current_player() == 0


def test_a_finished_game_says_its_result_not_a_player_to_move():
    g = ludic.load_game("tictactoe")
    s = g.new_initial_state()
    assert repr(s) == '<ludic.State of "Tic-tac-toe", turn 0, Cross to move>'
    assert str(s).endswith("\nCross (X) to move\n")
    for m in ["a1", "a2", "b1", "b2", "c1"]:
        s.play(m)
    assert repr(s) == '<ludic.State of "Tic-tac-toe", turn 5, game over, Cross wins>'
    assert str(s).endswith("\nGame over: Cross wins: a line of 3\n") and "to move" not in str(s)
    assert s.observation_string(0) == str(s)
    # A full board without a line: a draw (the rules' no-moves draw).
    d = g.new_initial_state()
    for m in ["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"]:
        d.play(m)
    assert d.outcome() == (None, "Nought has no legal move")
    assert repr(d) == '<ludic.State of "Tic-tac-toe", turn 9, game over, draw>'
    assert str(d).endswith("\nGame over: Draw: Nought has no legal move\n")


def test_player_arguments_are_integers_of_the_player_to_move():
    s = ludic.load_game("tictactoe").new_initial_state()
    s.apply_action(4)
    with pytest.raises(TypeError):
        s.legal_actions(True)
    with pytest.raises(TypeError):
        s.legal_actions(1.0)
    assert s.legal_actions(0) == [] and s.legal_actions(1) == [0, 1, 2, 3, 5, 6, 7, 8]
    text = s.action_to_string(0)
    assert s.string_to_action(1, text) == 0
    with pytest.raises(ludic.IllegalMoveError, match="not to move"):
        s.string_to_action(0, text)
    with pytest.raises(TypeError):
        s.string_to_action(True, text)


def test_illegal_actions_are_refused_and_leave_the_state():
    g = ludic.load_game("connect4")
    s = g.new_initial_state()
    before = s.serialize()
    # Past the space, and a top cell of the board (an id of the space
    # that is not legal until its column fills).
    top = min(set(range(g.num_distinct_actions())) - set(s.legal_actions()))
    for bad in [-1, 10**12, g.num_distinct_actions(), top]:
        with pytest.raises(ludic.IllegalMoveError):
            s.apply_action(bad)
        assert s.serialize() == before
    with pytest.raises(TypeError):
        s.apply_action(True)
    with pytest.raises(TypeError):
        s.apply_action("a1")


def seeded_playouts(state, seed=9):
    """A seeded playouts report without its timing."""
    r = state.game.playouts(20, seed=seed, threads=1, max_turns=300, state=state)
    r.pop("seconds"), r.pop("playouts_per_second")
    return r


@pytest.mark.parametrize(
    "name,toggles",
    [("checkers", {}), ("chess", {}), ("morris", {}), ("genocide", {}), ("genocide", {"boxcars": False}),
     ("oware", {}), ("amazons", {})],
)
def test_a_pickled_state_goes_on_exactly_as_the_original(name, toggles):
    # Genocide keeps counters and toggles (and without boxcars rolls dice
    # from the state's generator), Morris phases, chess castling rights and
    # en passant: none is in a position text, all are in the steps that
    # made them.
    g = ludic.load_game(name, toggles)
    s = random_game(g.new_initial_state(), random.Random(17), 40)
    for copy_of in (lambda x: pickle.loads(pickle.dumps(x)), copy.deepcopy, lambda x: g.deserialize_state(x.serialize())):
        t = copy_of(s)
        assert t is not s
        assert t.history() == s.history() and str(t) == str(s)
        assert t.legal_actions() == s.legal_actions() and t.legal_moves() == s.legal_moves()
        assert seeded_playouts(t) == seeded_playouts(s)
        # The same seeded random continuation ends the same way.
        a = random_game(s.clone(), random.Random(2), 300)
        b = random_game(t, random.Random(2), 300)
        assert (a.history(), a.returns(), a.outcome()) == (b.history(), b.returns(), b.outcome())


def test_a_pickled_game_is_the_same_game():
    g = ludic.load("checkers", set={"repetition": False})
    h = pickle.loads(pickle.dumps(g))
    assert h.sets == g.sets and h.name == g.name and h.num_distinct_actions() == g.num_distinct_actions()
    # English draughts' published perft.
    assert h.perft(4) == 1469
    assert copy.deepcopy(g) is g  # a game never changes
    src = ludic.from_source(
        open(ludic.__file__.rsplit("/python/", 1)[0] + "/games/tictactoe.game").read(), name="ttt.game"
    )
    back = pickle.loads(pickle.dumps(src))
    assert back.perft(2) == 72  # 9 * 8


def test_a_state_from_a_position_pickles_with_it():
    g = ludic.load_game("checkers")
    s = g.state_from_position("B W:14 B:9,10")
    assert sorted(s.legal_moves()) == ["10x17", "9x18"]  # the rules' jump example
    s.play("9x18")
    t = pickle.loads(pickle.dumps(s))
    assert str(t) == str(s) and t.serialize() == s.serialize()
    assert "position: B W:14 B:9,10" in s.serialize()


def test_bad_serialized_text_names_its_line():
    g = ludic.load_game("connect4")
    with pytest.raises(ValueError, match="line 1"):
        g.deserialize_state("hello")
    with pytest.raises(ValueError, match="line 2.*not an action id"):
        g.deserialize_state("ludic-state 1\nactions: x 1\n")
    with pytest.raises(ValueError, match="line 2.*not a legal step"):
        g.deserialize_state("ludic-state 1\nactions: 5\n")
    with pytest.raises(TypeError):
        g.deserialize_state(None)

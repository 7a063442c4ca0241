"""Observation planes (State.observation_planes / observation_tensor):
checked against positions written here as text (chess's published starting
FEN, a checkers position, Nine Men's Morris's nine men in hand), not against
the code that fills them."""

import numpy as np
import pytest

import ludic

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
KINDS = {"p": "Pawn", "n": "Knight", "b": "Bishop", "r": "Rook", "q": "Queen", "k": "King"}


def fen_squares(fen):
    """{(row from the top, file): plane name} of a FEN board."""
    out = {}
    for row, rank in enumerate(fen.split("/")):
        file = 0
        for ch in rank:
            if ch.isdigit():
                file += int(ch)
                continue
            owner = "White" if ch.isupper() else "Black"
            out[(row, file)] = f"{owner} {KINDS[ch.lower()]}"
            file += 1
    return out


def plane(state, name):
    return state.observation_planes()[state.game.observation_plane_names().index(name)]


def test_chess_planes_are_the_starting_fen_and_kinds_differ():
    g = ludic.load_game("chess")
    s = g.new_initial_state()
    names = g.observation_plane_names()
    assert g.observation_tensor_shape() == [len(names), 8, 8]
    planes = s.observation_planes()
    expected = fen_squares(START_FEN)
    for name in {f"{o} {k}" for o in ("White", "Black") for k in KINDS.values()}:
        want = np.zeros((8, 8), np.float32)
        for (r, f), n in expected.items():
            if n == name:
                want[r, f] = 1.0
        assert (planes[names.index(name)] == want).all(), name
    # e1 holds the king and e2 a pawn: different planes.
    assert plane(s, "White King")[7, 4] == 1 and plane(s, "White Pawn")[7, 4] == 0
    assert plane(s, "White Pawn")[6, 4] == 1 and plane(s, "White King")[6, 4] == 0
    # Nothing has moved: the unmoved plane is every occupied square.
    assert (plane(s, "unmoved") == (planes[:12].sum(axis=0) > 0)).all()
    assert len(s.observation_tensor()) == g.observation_tensor_size() == len(names) * 64


def test_the_side_to_move_plane_flips_after_a_move():
    g = ludic.load_game("chess")
    s = g.new_initial_state()
    assert (plane(s, "to move: White") == 1).all() and (plane(s, "to move: Black") == 0).all()
    s.play("e2-e4")
    assert (plane(s, "to move: White") == 0).all() and (plane(s, "to move: Black") == 1).all()
    pawn = plane(s, "White Pawn")
    assert pawn[6, 4] == 0 and pawn[4, 4] == 1  # e2 empty, e4 a pawn
    assert plane(s, "unmoved")[4, 4] == 0  # the pawn has moved


def test_checkers_stacks_levels_and_counts():
    # White to move: a king (two checkers) on 14, a Black man on 9.
    g = ludic.load_game("checkers")
    s = g.state_from_position("W W:K14 B:9")
    assert g.observation_tensor_shape() == [8, 32]  # 32 dark squares: not a rectangle
    at = {lab: i for i, lab in enumerate(g.site_labels)}
    assert plane(s, "White Checker level 0")[at["14"]] == 1
    assert plane(s, "White Checker level 1")[at["14"]] == 1
    assert plane(s, "count White Checker")[at["14"]] == 2
    assert plane(s, "Black Checker level 0")[at["9"]] == 1
    assert plane(s, "Black Checker level 1")[at["9"]] == 0
    assert plane(s, "count Black Checker")[at["9"]] == 1
    assert plane(s, "count White Checker").sum() == 2 and plane(s, "count Black Checker").sum() == 1
    assert (plane(s, "to move: White") == 1).all()


def test_morris_counters_are_planes():
    # Nine Men's Morris: each player starts with nine men in hand.
    g = ludic.load_game("morris")
    s = g.new_initial_state()
    assert (plane(s, "counter Hand: White") == 9).all() and (plane(s, "counter Hand: Black") == 9).all()
    s.play("a7")
    assert (plane(s, "counter Hand: White") == 8).all() and (plane(s, "counter Hand: Black") == 9).all()
    assert plane(s, "White Man")[g.site_labels.index("a7")] == 1


def test_connect_four_is_rows_by_columns_from_the_top():
    g = ludic.load_game("connect4")
    s = g.new_initial_state()
    assert g.observation_tensor_shape() == [4, 6, 7]
    s.play("c1")
    red = plane(s, "Red Disc")
    assert red[5, 2] == 1 and red.sum() == 1  # the bottom row, third column


@pytest.mark.parametrize("name", ludic.shipped_games())
def test_every_game_has_named_planes_of_its_shape(name):
    g = ludic.load_game(name)
    s = g.new_initial_state()
    shape = g.observation_tensor_shape()
    assert shape[0] == len(g.observation_plane_names())
    assert s.observation_planes().shape == tuple(shape)
    # One to-move plane a player, exactly one of them full.
    movers = [plane(s, f"to move: {p}") for p in g.players]
    assert sum(int((m == 1).all()) for m in movers) == 1

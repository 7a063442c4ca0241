"""One lossless position text and FEN from Python (issue 41 "Copies and
text", issue 42 #12): a state's text read back gives the same legal
actions and the same text, shared with the command line; FEN in and out
for chess and draughts against published FENs."""

import pickle
import random
import subprocess
from pathlib import Path

import pytest

import ludic

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> str:
    exe = ROOT / "target" / "release" / "ludic"
    assert exe.exists(), "the release binary is not built (cargo build --release)"
    return subprocess.run([str(exe), *args], check=True, capture_output=True, text=True, cwd=ROOT).stdout


GAMES = ["morris", "chess", "checkers", "genocide", "oware", "amazons", "reversi", "international"]


@pytest.mark.parametrize("name", GAMES)
def test_position_text_round_trips_along_random_games(name):
    g = ludic.load(name)
    rng = random.Random(7)
    s = g.new_initial_state()
    checked = 0
    for _ in range(120):
        text = s.to_position()
        assert text is not None, name
        t = g.state_from_position(text)
        assert t.legal_actions() == s.legal_actions(), text
        assert t.current_player() == s.current_player(), text
        assert t.to_position() == text
        # A copy made from the text serializes and pickles to itself.
        assert g.deserialize_state(t.serialize()).to_position() == text
        assert pickle.loads(pickle.dumps(t)).to_position() == text
        checked += 1
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 10


def test_morris_text_keeps_the_men_in_hand():
    # After 18 placements both hands are empty: men step along the lines.
    g = ludic.load("morris")
    s = g.new_initial_state()
    rng = random.Random(3)
    for _ in range(18):
        s.play(rng.choice(s.legal_moves()))
    assert not s.is_over()
    text = s.to_position()
    assert "Hand=0,0" in text
    t = g.state_from_position(text)
    assert t.legal_moves() == s.legal_moves()
    assert all("-" in m for m in t.legal_moves()), t.legal_moves()
    # The command line reads the same text to the same moves.
    out = cli("moves", "morris", "--position", text)
    assert out.split(": ", 1)[1].split() == s.legal_moves()


# Published FENs: the start, and after 1. e4 (en passant square e3).
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"


def test_chess_fen_in_and_out():
    g = ludic.load("chess")
    s = g.new_initial_state()
    assert s.to_fen() == START
    s.play("e2-e4")
    assert s.to_fen() == AFTER_E4
    t = g.state_from_fen(AFTER_E4)
    assert t.to_fen() == AFTER_E4
    assert t.legal_moves() == s.legal_moves()
    # Kiwipete (the Chess Programming Wiki's perft position 2): 48 moves.
    kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    k = g.state_from_fen(kiwi)
    assert len(k.legal_actions()) == 48
    assert k.to_fen() == kiwi
    # The position text of a FEN state holds its castling rights too.
    assert len(g.state_from_position(k.to_position()).legal_actions()) == 48
    with pytest.raises(ValueError):
        g.state_from_fen("8/8/8/8/8/8/8/8 w - - 0 1")  # no kings
    with pytest.raises(TypeError):
        g.state_from_fen(None)


def test_draughts_fen_in_and_out():
    g = ludic.load("checkers")
    s = g.new_initial_state()
    assert s.to_fen() == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    t = g.state_from_fen("W:W18:BK22,11")
    assert t.to_fen() == "W:W18:B11,K22"
    assert g.new_initial_state().to_fen() is not None
    assert ludic.load("morris").new_initial_state().to_fen() is None

"""A first player drawn at random (Genocide's ``first=random``, the rules'
``(first Random)``) is drawn from the seed in Python as on the command
line: ``new_initial_state(seed)`` (and the OpenSpiel and PettingZoo
wrappers) start with the player ``ludic play --seed`` starts with, read
from the CLI's own output for the same seed."""

import subprocess
from pathlib import Path

import pytest

import ludic

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(1, 9)


def cli_first(seed: int) -> str:
    """The player that moves first in ``ludic play`` with ``--seed seed``:
    the name on its first ``NAME plays MOVE`` line."""
    exe = ROOT / "target" / "release" / "ludic"
    assert exe.exists(), "the release binary is not built (cargo build --release)"
    args = ["play", "genocide", "--set", "first=random", "--seed", str(seed)]
    args += ["--p1", "random", "--p2", "random", "--max-turns", "1", "--quiet"]
    out = subprocess.run([str(exe), *args], check=True, capture_output=True, text=True, cwd=ROOT).stdout
    line = next(l for l in out.splitlines() if " plays " in l)
    return line.split(" plays ")[0]


@pytest.fixture(scope="module")
def firsts() -> dict[int, str]:
    return {s: cli_first(s) for s in SEEDS}


def test_the_seed_draws_the_clis_first_player(firsts):
    g = ludic.load("genocide", set={"first": "random"})
    names = g.players
    got = {s: names[g.new_initial_state(seed=s).mover()] for s in SEEDS}
    assert got == firsts
    # The coin falls both ways over these seeds, so the test can fail.
    assert len(set(firsts.values())) == 2
    assert {s: names[g.new_state(s).mover()] for s in SEEDS} == firsts


def test_a_seeded_start_serializes_and_reads_back():
    g = ludic.load("genocide", set={"first": "random"})
    for s in SEEDS:
        st = g.new_initial_state(seed=s)
        back = g.deserialize_state(st.serialize())
        assert back.mover() == st.mover()
        assert back.to_position() == st.to_position()


def test_a_game_with_a_fixed_first_player_ignores_the_seed():
    g = ludic.load("genocide", set={"first": "black"})
    want = g.new_initial_state().mover()
    assert {g.new_initial_state(seed=s).mover() for s in SEEDS} == {want}


def test_the_wrappers_take_the_seed(firsts):
    names = ludic.load("genocide", set={"first": "random"}).players
    pytest.importorskip("pettingzoo")
    from ludic.pettingzoo import env

    e = env("genocide", first="random")
    for s in SEEDS:
        e.reset(seed=s)
        assert names[e.unwrapped.state.mover()] == firsts[s]
    pytest.importorskip("pyspiel")
    from ludic.openspiel import load_game

    og = load_game("genocide", first="random")
    for s in SEEDS:
        assert names[og.new_initial_state(s).ludic.mover()] == firsts[s]


@pytest.mark.parametrize("name", ["genocide", "tictactoe"])
def test_a_seed_is_checked_as_every_seed_of_the_package(name):
    # Seeds are 0 to 2^64 - 1, as those of bots, playouts and analyses:
    # outside, a ValueError naming the range (not an OverflowError); a
    # bool is refused as a TypeError; whether or not the game draws its
    # first player.
    g = ludic.load(name)
    for new in (g.new_initial_state, g.new_state):
        for bad in (-1, 2**64):
            with pytest.raises(ValueError, match="seed .*expected at"):
                new(seed=bad)
        with pytest.raises(TypeError, match="seed"):
            new(seed=True)
        assert new(seed=0).history() == new(seed=2**64 - 1).history() == []
    with pytest.raises(TypeError, match="seed"):
        ludic.bot("random", seed=True)


def test_the_wrappers_check_the_seed():
    pytest.importorskip("pettingzoo")
    from ludic.pettingzoo import env

    e = env("tictactoe")
    with pytest.raises(ValueError, match="seed -1: expected at least 0"):
        e.reset(seed=-1)
    pytest.importorskip("pyspiel")
    from ludic.openspiel import load_game

    with pytest.raises(ValueError, match="seed"):
        load_game("tictactoe").new_initial_state(2**64)

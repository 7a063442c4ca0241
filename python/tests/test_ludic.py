"""The Python package against figures from outside it: published perft
counts, the CLI's own output, the boards' documented sizes."""

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ludic

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> str:
    """Runs the ludic binary of this checkout (the release build)."""
    exe = ROOT / "target" / "release" / "ludic"
    assert exe.exists(), "the release binary is not built (cargo build --release)"
    return subprocess.run([str(exe), *args], check=True, capture_output=True, text=True, cwd=ROOT).stdout


def test_checkers_perft_matches_published_counts():
    # English draughts perft, published (and checked by the Rust tests too).
    g = ludic.load("checkers")
    assert [g.perft(d) for d in range(1, 6)] == [7, 49, 302, 1469, 7361]


def test_perft_from_a_state_and_bad_depth():
    g = ludic.load("checkers")
    s = g.new_state()
    s.play("11-15")
    # After 11-15 White has 7 replies (the initial position's mirror).
    assert g.perft(1, s) == 7
    with pytest.raises(ValueError):
        g.perft(0)
    with pytest.raises((ValueError, OverflowError)):
        g.perft(-1)


def test_moves_play_undo_clone():
    g = ludic.load("checkers", set={"repetition": False})
    s = g.new_state()
    assert s.current_player() == 0
    # Black's seven opening moves (standard English draughts notation).
    assert sorted(s.legal_moves()) == sorted(["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])
    c = s.clone()
    s.play("11-15")
    assert s.current_player() == 1 and c.current_player() == 0
    assert s.undo()
    assert s.to_position() == c.to_position()
    assert not s.is_over() and s.returns() == [0.0, 0.0]


def test_illegal_move_raises_and_leaves_the_state_unchanged():
    g = ludic.load("checkers")
    s = g.new_state()
    before = (str(s), s.to_position(), s.legal_moves(), s.current_player())
    for bad in ["11-20", "hello", "", "99-100", 10**12, -1]:
        with pytest.raises(ludic.IllegalMoveError):
            s.play(bad)
        assert (str(s), s.to_position(), s.legal_moves(), s.current_player()) == before
    with pytest.raises(TypeError):
        s.play(1.5)


def test_action_ids_are_stable_and_playable():
    g = ludic.load("checkers")
    s = g.new_state()
    ids = s.legal_actions()
    assert len(ids) == 7 and ids == sorted(ids)
    names = sorted(s.action_to_string(a) for a in ids)
    assert names == sorted(s.legal_moves())
    a = s.string_to_action("11-15")
    assert a in ids and a < g.num_distinct_actions
    # The same step has the same id in another position of the game.
    t = g.new_state()
    t.play("9-13")
    t.play("22-18")
    assert t.string_to_action("11-15") == a
    s.play(a)
    assert s.current_player() == 1
    assert "15" in g.action_to_string(a) and "11" in g.action_to_string(a)


def test_a_game_to_the_end_has_returns():
    g = ludic.load("tictactoe")
    s = g.new_state()
    # X takes the top row (a1 b1 c1 in the game's coordinates) while O plays elsewhere.
    for m in ["a1", "a2", "b1", "b2", "c1"]:
        s.play(m)
    assert s.is_over()
    assert s.returns() == [1.0, -1.0]
    assert s.outcome()[0] == 0


def test_returns_are_a_list_per_seat_with_three_players():
    # Three men race east along their own rows to column d; with (play-on)
    # the first to arrive leaves play and the others race on for second.
    src = """(game "Race" (players 3) (board (square 3 4)) (piece "Man")
      (region "Goal" (column -1))
      (setup (fill "Man" P1 (sites "a1")) (fill "Man" P2 (sites "a2")) (fill "Man" P3 (sites "a3")))
      (play (step dirs:E to:Empty then:(if (in To "Goal") (win))))
      (end (play-on)))"""
    s = ludic.from_source(src, name="race.game").new_state()
    for m in ["a1-b1", "a2-b2", "a3-b3", "b1-c1", "b2-c2", "b3-c3", "c1-d1"]:
        s.play(m)
    # P1 first and out: P2 moves, then P3, skipping P1.
    assert not s.is_over() and s.current_player() == 1
    s.play("c2-d2")
    # P2 second; P3, alone left, third: returns +1, 0, -1.
    assert s.is_over()
    assert s.returns() == [1.0, 0.0, -1.0]
    assert s.outcome()[0] == 0


def test_rule_errors_raise_rules_error_with_the_rendered_message():
    with pytest.raises(ludic.RulesError) as e:
        ludic.from_source('(game "Broken" (players (player "A" letter:"A")) (board (squar 3 3)))', name="broken.game")
    assert "broken.game" in str(e.value)
    with pytest.raises(ludic.RulesError):
        ludic.load("checkers", set={"no_such_toggle": 1})
    # A missing game is a ValueError naming the shipped games, as
    # docs/python.md says (not a RulesError: there are no rules to show).
    with pytest.raises(ValueError, match="no such file, and not a shipped game .*tictactoe") as e:
        ludic.load("no-such-game")
    assert not isinstance(e.value, ludic.RulesError)
    with pytest.raises(ludic.RulesError):
        ludic.from_source("(((")


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "checkers", "breakthrough"])
def test_a_finished_game_ends_in_the_clis_words(game):
    # `ludic play` between seeded random players, its moves replayed here:
    # str(state) ends with the CLI's last line (`Game over: Cross wins: a
    # line of 3`) and outcome()'s reason is its words after the result.
    for seed in (1, 2, 3):
        out = cli("play", game, "--p1", "random", "--p2", "random", "--seed", str(seed), "--quiet")
        lines = out.splitlines()
        s = ludic.load(game).new_state()
        for line in lines:
            if " plays " in line:
                s.play(line.split(" plays ", 1)[1])
        last = lines[-1]
        assert last.startswith("Game over: ") and s.is_terminal()
        assert str(s).splitlines()[-1] == last and "to move" not in str(s)
        winner, reason = s.outcome()
        assert last.split(": ", 2)[2] == reason and reason not in ("result", "no_moves")
        head = "Draw" if winner is None else f"{s.game.players[winner]} wins"
        assert last.split(": ", 2)[1] == head


def test_seeded_playouts_equal_the_cli():
    g = ludic.load("checkers")
    py = g.playouts(300, seed=7, threads=2)
    out = json.loads(cli("playout", "checkers", "--count", "300", "--seed", "7", "--json"))
    for d in (py, out):
        d.pop("seconds")
        d.pop("playouts_per_second")
    assert py == out
    # The threads do not change the numbers.
    one = g.playouts(300, seed=7, threads=1)
    one.pop("seconds"), one.pop("playouts_per_second")
    assert one == py


@pytest.mark.parametrize(
    "game,sets,sites",
    [
        # Square: English draughts plays on the 32 dark squares of 8x8.
        ("checkers", {}, 32),
        # Hexagon of cells: Ex nihilo's side 5 has 61 cells (its rule file).
        ("exnihilo", {"size": 5}, 61),
        # Triangular grid: Polypods on a hexagon of side 3 of the
        # triangular grid's points: 3*3*2 + 1 = 19 points.
        ("polypods", {"board": "hex3"}, 19),
        # A graph of points and lines: Nine Men's Morris has 24 points,
        # three nested squares of 8 (docs/games/morris.md).
        ("morris", {}, 24),
    ],
)
def test_observation_shape_per_board_kind(game, sets, sites):
    g = ludic.load(game, set=sets)
    s = g.new_state()
    o = s.observation()
    assert o.dtype == np.float32
    assert o.shape == (2, g.max_height, sites) == g.observation_shape()
    assert g.num_sites == sites == len(g.site_labels)


def test_checkers_observation_counts_the_men():
    g = ludic.load("checkers")
    o = g.new_state().observation()
    # Twelve men a side, all at level 0; no kings (level 1) yet.
    assert o[0, 0].sum() == 12 and o[1, 0].sum() == 12
    assert o[:, 1:].sum() == 0


def test_analyze_shards_merge_to_the_unsharded_run():
    kw = dict(count=40, players="random", seed=5, threads=1, max_turns=300, compare={"no_progress": 20})
    whole = ludic.analyze("checkers", **kw)
    parts = [ludic.analyze("checkers", shard=(k, 3), **kw) for k in (3, 1, 2)]
    merged = ludic.merge(parts)
    assert strip(merged) == strip(whole)
    assert merged["settings"][0]["count"] == 40
    with pytest.raises(ValueError):
        ludic.merge(parts[:2])


def strip(report: dict) -> dict:
    """A report without how long it took and how many threads it used."""
    out = dict(report)
    out.pop("threads", None)
    out["settings"] = [{k: v for k, v in s.items() if k != "seconds"} for s in report["settings"]]
    return out


def test_bad_input_raises_and_never_crashes():
    g = ludic.load("checkers")
    # A state of another game is refused, not counted as if it were this
    # game's (tic-tac-toe's perft 2 is 9 * 8 = 72).
    other = ludic.load("tictactoe").new_state()
    with pytest.raises(ValueError, match="another Game"):
        g.perft(2, other)
    with pytest.raises(ValueError, match="another Game"):
        g.playouts(3, state=other)
    with pytest.raises(TypeError):
        g.perft(2, state=5)
    with pytest.raises(TypeError):
        ludic.load(None)
    with pytest.raises(TypeError):
        ludic.load("checkers", set=["repetition=false"])
    with pytest.raises(ValueError, match="expected 1 to 64"):
        g.perft(10**9)
    with pytest.raises(ValueError, match="at most ten million"):
        g.playouts(10**12)
    with pytest.raises(ValueError, match="no site `99`"):
        g.state_from_position("B B:99")
    with pytest.raises(ValueError, match="at most a day|too long"):
        # A time no clock holds was a Rust panic; it is a refusal.
        ludic.analyze("tictactoe", count=1, players="mcts:1e300s")
    with pytest.raises(ValueError, match="unknown player `minimax`"):
        ludic.analyze("checkers", count=1, players="minimax")
    with pytest.raises(ValueError, match="shard"):
        ludic.analyze("checkers", count=2, shard=(3, 2))

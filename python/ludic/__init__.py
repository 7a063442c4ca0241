"""ludic: a declarative rules interpreter for board games, from Python.

    import ludic
    g = ludic.load("checkers", set={"repetition": False})
    s = g.new_state()
    s.legal_moves()          # ['9-14', '9-13', '10-15', ...] whole turns, in the game's notation
    s.legal_actions()        # stable integer ids of the legal steps (see below)
    s.play("11-15")          # a turn in notation, or an action id (one step)
    g.perft(5)               # 7361
    g.playouts(1000, seed=1, threads=2)   # the dict of `ludic playout --json`
    ludic.analyze("checkers", count=100, players="random")  # `ludic analyze --json`

Action ids: a step (one hop, one stack move, one placement; a multi-jump
is several steps, the same player moving again) has a stable id in its
game: with S sites, G move generators, origin f and destination t (S for
none) and c pieces taken off a stack (0: the whole stack),
``id = ((c*G + gen)*(S+1) + f)*(S+1) + t``. Ids of whole-stack steps are
below ``Game.num_distinct_actions``.

Observation: ``State.observation()`` is a float32 numpy array of shape
``(num_players, max_height, num_sites)``: 1.0 where the piece at that level
(0 at the bottom) of that site's stack belongs to that player; sites in the
order of ``Game.site_labels``.

Errors: a rule file with errors raises ``RulesError`` (its message is the
rendered diagnostics); an illegal move ``IllegalMoveError`` (a ValueError),
leaving the state unchanged; other bad input ``ValueError``.
"""

from __future__ import annotations

import json
import os
from typing import Iterable, Mapping

import numpy as np

from . import _ludic
from ._ludic import IllegalMoveError, RulesError

__all__ = [
    "Game",
    "State",
    "load",
    "from_source",
    "shipped_games",
    "analyze",
    "merge",
    "RulesError",
    "IllegalMoveError",
]


def _sets(set: Mapping[str, object] | None) -> list[tuple[str, str]]:
    if set is not None and not isinstance(set, Mapping):
        raise TypeError(f"set is a mapping of toggle names to values, not {type(set).__name__}")
    out = []
    for name, value in (set or {}).items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        out.append((str(name), str(value)))
    return out


def _players(players: str | Iterable[str]) -> list[str]:
    if isinstance(players, str):
        out: list[str] = []
        for p in players.split(","):
            # An mcts option (`cut=20`) belongs to the player before it.
            if "=" in p and out:
                out[-1] += "," + p.strip()
            else:
                out.append(p.strip())
        return out
    return [str(p) for p in players]


class State:
    """A position of a game, with its history (for ``undo``)."""

    __slots__ = ("_s", "game")

    def __init__(self, native, game: "Game"):
        self._s = native
        self.game = game

    def legal_moves(self) -> list[str]:
        """The legal turns in the game's notation (a multi-jump is one turn)."""
        return self._s.legal_moves()

    def legal_actions(self) -> list[int]:
        """The action ids of the legal steps, sorted."""
        return self._s.legal_actions()

    def action_to_string(self, action: int) -> str:
        """The legal step ``action`` in the game's notation."""
        return self._s.action_to_string(int(action))

    def string_to_action(self, text: str) -> int:
        """The action id of the legal step written ``text``."""
        return self._s.string_to_action(text)

    def play(self, move: str | int) -> "State":
        """Plays a whole turn in notation (``"11-15"``) or one step by its
        action id. Raises IllegalMoveError, the state unchanged, if it is not
        legal. Returns the state."""
        if isinstance(move, str):
            self._s.play_str(move)
        elif isinstance(move, (int, np.integer)) and not isinstance(move, bool):
            if move < 0:
                raise IllegalMoveError(f"action {move}: ids are not negative")
            self._s.play_action(int(move))
        else:
            raise TypeError(f"a move is a notation string or an action id, not {type(move).__name__}")
        return self

    def undo(self) -> bool:
        """Takes back the last step; False if there is none."""
        return self._s.undo()

    def clone(self) -> "State":
        """An independent copy."""
        return State(self._s.clone(), self.game)

    def __copy__(self) -> "State":
        return self.clone()

    def is_over(self) -> bool:
        return self._s.is_over()

    def returns(self) -> list[float]:
        """1 for the winner, -1 for the others; 0 for all on a draw or while the game goes on."""
        return self._s.returns()

    def outcome(self) -> tuple[int | None, str] | None:
        """``(winner or None for a draw, reason)``, or None while the game goes on."""
        return self._s.outcome()

    def current_player(self) -> int:
        """The player to move, 0-based in turn order."""
        return self._s.current_player()

    def turns(self) -> int:
        return self._s.turns()

    def to_position(self) -> str | None:
        """The position text (``ludic show`` prints it; ``Game.state_from_position`` reads it)."""
        return self._s.to_position()

    def observation(self) -> np.ndarray:
        """Float32 array of shape (num_players, max_height, num_sites)."""
        p, levels, sites, data = self._s.observation_bytes()
        return np.frombuffer(bytes(data), dtype="<f4").reshape(p, levels, sites).copy()

    def __str__(self) -> str:
        return str(self._s)

    def __repr__(self) -> str:
        return repr(self._s)


class Game:
    """A compiled game: ``ludic.load`` or ``ludic.from_source`` makes one."""

    __slots__ = ("_g",)

    def __init__(self, native):
        self._g = native

    name = property(lambda self: self._g.name, doc="The game's title.")
    players = property(lambda self: self._g.players, doc="The players' names, in turn order.")
    num_players = property(lambda self: self._g.num_players)
    num_sites = property(lambda self: self._g.num_sites)
    site_labels = property(lambda self: self._g.site_labels, doc="Sites' labels, in site order.")
    max_height = property(lambda self: self._g.max_height, doc="Highest stack (observation levels).")
    num_distinct_actions = property(lambda self: self._g.num_distinct_actions)
    file = property(lambda self: self._g.file, doc="The game as given (shipped name or path).")
    sets = property(lambda self: self._g.sets, doc="Toggle overrides as given, NAME=VALUE.")

    def toggles(self) -> list[dict]:
        """The toggles: name, type, default, value, description."""
        keys = ("name", "type", "default", "value", "description")
        return [dict(zip(keys, t)) for t in self._g.toggles()]

    def new_state(self) -> State:
        """The initial position."""
        return State(self._g.new_state(), self)

    def state_from_position(self, text: str) -> State:
        """A position from a position text (``State.to_position``)."""
        return State(self._g.state_from_position(text), self)

    def observation_shape(self) -> tuple[int, int, int]:
        return (self.num_players, max(self.max_height, 1), self.num_sites)

    def action_to_string(self, action: int) -> str:
        """What action id ``action`` means without a position: its generator
        and sites (``State.action_to_string`` gives the notation)."""
        if action < 0:
            raise ValueError(f"action {action}: ids are not negative")
        return self._g.action_to_string(int(action))

    def perft(self, depth: int, state: State | None = None) -> int:
        """Leaves of the turn tree ``depth`` turns deep (GIL released)."""
        return self._g.perft(depth, _native_state(state))

    def playouts(
        self,
        count: int,
        seed: int = 1,
        threads: int = 1,
        max_turns: int = 100_000,
        state: State | None = None,
    ) -> dict:
        """Seeded random playouts: the dict of ``ludic playout --json``
        (the same numbers for the same seed, whatever the threads)."""
        text = self._g.playouts_json(count, seed, threads, max_turns, _native_state(state))
        return json.loads(text)

    def __repr__(self) -> str:
        return repr(self._g)


def _native_state(state: State | None):
    if state is None:
        return None
    if not isinstance(state, State):
        raise TypeError(f"state is a ludic.State, not {type(state).__name__}")
    return state._s


def load(file: str | os.PathLike, set: Mapping[str, object] | None = None) -> Game:
    """Loads a shipped game by name (``"checkers"``) or a rule file by path,
    with toggle overrides (``set={"repetition": False}``)."""
    if not isinstance(file, (str, os.PathLike)):
        raise TypeError(f"file is a game's name or a path, not {type(file).__name__}")
    return Game(_ludic.load(os.fspath(file), _sets(set)))


def from_source(text: str, set: Mapping[str, object] | None = None, name: str = "<source>") -> Game:
    """Compiles rule text; ``name`` is the file name shown in diagnostics."""
    return Game(_ludic.from_source(text, name, _sets(set)))


def shipped_games() -> list[str]:
    """The names of the shipped games."""
    return _ludic.shipped_games()


def _sets_list(set: Mapping[str, object] | Iterable[str] | None) -> list[str]:
    if set is None:
        return []
    if isinstance(set, Mapping):
        return [f"{n}={v}" for n, v in _sets(set)]
    return [str(s) for s in set]


def analyze(
    game: str,
    count: int = 1000,
    players: str | Iterable[str] = "random",
    seed: int = 1,
    threads: int = 0,
    max_turns: int = 10_000,
    set: Mapping[str, object] | Iterable[str] | None = None,
    compare: Mapping[str, object] | Iterable[str] | None = None,
    against: str | None = None,
    shard: str | tuple[int, int] | None = None,
) -> dict:
    """Variant analysis, as ``ludic analyze --json`` (docs/json.md): games
    between computer players (``"mcts:200,random"``), win rates with 95%
    intervals, length, branching, end conditions; ``compare`` toggles or an
    ``against`` game add a second setting and the comparison. ``shard=(K,
    N)`` (or ``"K/N"``) plays shard K of N only: ``merge`` adds them up."""
    if isinstance(shard, tuple):
        shard = f"{shard[0]}/{shard[1]}"
    text = _ludic.analyze_json(
        str(game),
        _sets_list(set),
        _players(players),
        count,
        seed,
        threads,
        max_turns,
        _sets_list(compare),
        against,
        shard,
    )
    return json.loads(text)


def merge(parts: Iterable[dict | str]) -> dict:
    """Merges the results of every shard of one analysis (dicts or JSON
    texts, any order) into the whole run's, as ``ludic merge --json``."""
    texts = [p if isinstance(p, str) else json.dumps(p) for p in parts]
    return json.loads(_ludic.merge_json(texts))

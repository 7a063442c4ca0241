"""ludic: a declarative rules interpreter for board games, from Python.

    import ludic
    g = ludic.load("checkers", set={"repetition": False})
    s = g.new_state()
    s.legal_moves()          # ['9-14', '9-13', '10-15', ...] whole turns, in the game's notation
    s.legal_actions()        # stable integer ids of the legal steps, ascending (see below)
    s.play("11-15")          # a turn in notation, or an action id (one step)
    g.perft(5)               # 7361
    g.playouts(1000, seed=1, threads=2)   # the dict of `ludic playout --json`
    ludic.analyze("checkers", count=100, players="random")  # `ludic analyze --json`
    bot = ludic.bot("mcts:200", seed=1)   # the command line's players as bots
    s.apply_action(bot.step(s))           # (evaluator=f for mcts and ab)

OpenSpiel's names work too (docs/python.md has the table):

    g = ludic.load_game("connect4")
    s = g.new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    s.returns(), s.history(), s.current_player()   # current_player() is -4 once over

Action ids: a step (one hop, one stack move, one placement; a multi-jump
is several steps, the same player moving again) has a stable id in its
game, dense from 0 to ``Game.num_distinct_actions() - 1``: its rank among
the steps the game's generators can make (origin × direction × distance
for movement, the site for a placement, …; docs/python.md has the table
per game and ``Game.action_kinds()`` the ids per kind of generator).
``State.legal_actions_mask()`` has ``num_distinct_actions()`` entries.

Observation: ``State.observation_tensor()`` (OpenSpiel's, flattened) and
``State.observation_planes()`` (numpy, ``Game.observation_tensor_shape()``)
give planes per piece kind and owner (and stack level), the player to move,
the phase and the counters (``Game.observation_plane_names()``).
``State.observation()`` is the older ownership view, a float32 array of
shape ``(num_players, max_height, num_sites)``: 1.0 where the piece at that
level (0 at the bottom) of that site's stack belongs to that player; sites
in the order of ``Game.site_labels``.

Errors: a game that is neither a file nor a shipped game's name (or a
file that cannot be read) raises ``ValueError``; a rule file with errors
raises ``RulesError`` (its message is the rendered diagnostics); an illegal move ``IllegalMoveError`` (a ValueError),
leaving the state unchanged; other bad input ``ValueError`` or
``TypeError``. Ctrl-C stops ``perft``, ``playouts`` and ``analyze``
(``KeyboardInterrupt``).
"""

import json as _json
import os as _os
from dataclasses import dataclass as _dataclass, field as _field
from typing import Iterable as _Iterable, Mapping as _Mapping

from . import _ludic
from ._ludic import IllegalMoveError, RulesError

__all__ = [
    "Game",
    "State",
    "GameType",
    "PlayerId",
    "load",
    "load_game",
    "from_source",
    "shipped_games",
    "analyze",
    "merge",
    "explore",
    "RuleText",
    "rule_text",
    "bot",
    "Bot",
    "RulesError",
    "IllegalMoveError",
]

#: Most entries ``State.legal_actions_mask()`` returns (64 Mi): a game of
#: more action ids (a large board with many generators) refuses the mask.
MAX_MASK = 1 << 26

#: Most turns a game lasts when its rules declare no turn limit: the cap of
#: ludic's own playouts (``Game.max_game_length``).
DEFAULT_MAX_TURNS = 100_000


class PlayerId:
    """OpenSpiel's special player ids (``pyspiel.PlayerId``), as
    ``State.current_player()`` returns them."""

    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4


class _IntMethod(int):
    """An int that can also be called (``g.num_players`` and OpenSpiel's
    ``g.num_players()`` give the same number)."""

    __slots__ = ()

    def __call__(self) -> int:
        return int(self)


#: The largest unsigned 64-bit number: seeds, counts and action ids are
#: below it (the native module takes them as 64-bit numbers).
_U64_MAX = 2**64 - 1
#: The largest unsigned 32-bit number (turn counts).
_U32_MAX = 2**32 - 1


def _int(name: str, value, low: int | None = 0, high: int | None = _U64_MAX) -> int:
    """``value`` as an int (numpy integers too; never a bool), from ``low``
    to ``high``: a ValueError names the range (never an OverflowError)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} is an integer, not {type(value).__name__}")
    value = value.__index__()
    if low is not None and value < low:
        raise ValueError(f"{name} {value}: expected at least {low}")
    if high is not None and value > high:
        raise ValueError(f"{name} {value}: expected at most {high}")
    return value


def _seed(seed) -> int | None:
    """A new state's ``seed``: None, or an int from 0 to 2^64 - 1 as every
    seed of the package (``_int``: ValueError naming the range, TypeError
    for a bool)."""
    return None if seed is None else _int("seed", seed)


def _toggle_value(toggle: dict, text: str):
    """A toggle's value written ``text`` as the Python type of its
    ``type`` (pyspiel's typed parameters): a bool, an int, a float for a
    ``decimal`` (OpenSpiel's double: Go's ``komi=7.5``), a str for a
    ``choice``."""
    kind = toggle["type"]
    if kind == "bool":
        return text == "true"
    if kind.startswith("int"):
        return int(text)
    if kind.startswith("decimal"):
        return float(text)
    return text


def _sets(set: _Mapping[str, object] | None) -> list[tuple[str, str]]:
    if set is not None and not isinstance(set, _Mapping):
        raise TypeError(f"set is a mapping of toggle names to values, not {type(set).__name__}")
    out = []
    for name, value in (set or {}).items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        out.append((str(name), str(value)))
    return out


def _players(players: str | _Iterable[str]) -> list[str]:
    if not isinstance(players, str) and (
        isinstance(players, (bytes, bytearray, _Mapping)) or not isinstance(players, _Iterable)
    ):
        raise TypeError(
            f"players is a spec string such as 'mcts:200,random' or a list of specs, not {type(players).__name__}"
        )
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


def _action(action) -> int:
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        raise TypeError(f"an action is an integer id, not {type(action).__name__}")
    action = action.__index__()
    if action < 0:
        raise IllegalMoveError(f"action {action}: ids are not negative")
    if action > _U64_MAX:
        raise IllegalMoveError(f"action {action}: no such action id (ids are below num_distinct_actions())")
    return action


#: OpenSpiel's special ids ``State.current_player()`` returns, which
#: pyspiel's ``legal_actions(player)`` and ``action_to_string(player, a)``
#: take besides the seats.
_MARKERS = (PlayerId.CHANCE, PlayerId.TERMINAL)


def _seat(state: "State", player, markers: tuple[int, ...] = ()) -> int:
    """``player`` as an int (never a bool: TypeError) that is a seat of
    ``state``'s game, 0 to the last, or one of ``markers``; a ValueError
    naming the seats otherwise (the native ``legal_actions`` and
    ``undo_action`` say the same)."""
    if isinstance(player, bool) or not hasattr(player, "__index__"):
        raise TypeError(f"player is an integer, not {type(player).__name__}")
    p = player.__index__()
    n = int(state.game.num_players)
    if not (0 <= p < n or p in markers):
        raise ValueError(f"{p} is not a player of this game (0 to {n - 1})")
    return p


def _restore_state(game: "Game", text: str) -> "State":
    return game.deserialize_state(text)


_N = _ludic.State


class State(_ludic.State):
    """A position of a game, with the steps played since its start (for
    ``undo``, ``history`` and pickling). OpenSpiel's ``pyspiel.State``
    calls and ludic's own (turns in notation, ``play``, ``undo``).

    A step loop's calls are the native class's own methods, with no
    Python frame in between (issue 41): ``is_terminal``, ``legal_actions``
    (with OpenSpiel's optional ``player``), ``apply_action``,
    ``undo_action``, ``current_player``, ``is_chance_node``, ``chance_outcomes``,
    ``returns``, ``history``, ``move_number``, ``clone``, ``child``, and
    ludic's ``play``, ``undo``, ``is_over``, ``mover``, ``legal_moves``,
    ``outcome``, ``places``, ``turns``, ``to_position``, ``to_fen``,
    ``serialize``. ``apply_action`` and ``child`` take an int (or a numpy
    integer; never a bool: TypeError) and raise IllegalMoveError, the state
    unchanged, for an id that is not legal (negative ones too). A state
    comes from its game (``Game.new_initial_state``, …) or from another
    state, not from ``State()``. ``game`` is the ``Game`` it is of.
    ``current_player()`` is ``PlayerId.TERMINAL`` (-4) once the game is
    over and ``PlayerId.CHANCE`` (-1) at a chance node (``mover()`` is the
    seat the turn order stands at: the player a roll is for; once over,
    the seat the game ended on, the next player after the turn that ended
    it, not the one who played last); ``returns()`` gives each seat's return in
    turn order: with two players 1 for the winner, -1 for the loser, 0 for
    both on a draw; with more, from 1 (first alone) down to -1 (last alone)
    by even steps, seats sharing places sharing their mean (places
    ``[1, 1, 3]`` give ``[0.5, 0.5, -1.0]``); all 0 while the game goes on."""

    __slots__ = ()

    @property
    def _s(self) -> "State":
        """The state itself (the native object the package's wrapper used
        to hold; kept for scripts that reached for it)."""
        return self

    # --- OpenSpiel's calls -------------------------------------------------

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """1 at each legal action id, 0 elsewhere (``num_distinct_actions()`` entries;
        a ValueError past ``MAX_MASK`` of them: use ``legal_actions()``).
        ``player``: a seat, or ``PlayerId.CHANCE``/``TERMINAL`` (all 0 for
        one not to move); a ValueError for any other number."""
        nda = int(self.game.num_distinct_actions)
        if nda > MAX_MASK:
            raise ValueError(
                f"this game has {nda} action ids, a mask of more than {MAX_MASK} entries: use legal_actions()"
            )
        if player is not None and _seat(self, player, _MARKERS) != self.current_player():
            return [0] * nda
        return _N.legal_actions_mask(self)

    def is_simultaneous_node(self) -> bool:
        return False

    def is_player_node(self) -> bool:
        return not self.is_terminal() and not self.is_chance_node()

    def rewards(self) -> list[float]:
        """The returns once the game is over, zeros before (rewards come only at the end)."""
        if self.is_terminal():
            return self.returns()
        return [0.0] * self.game.num_players

    def player_return(self, player: int) -> float:
        return _N.player_return(self, _int("player", player))

    def player_reward(self, player: int) -> float:
        rewards = self.rewards()
        p = _int("player", player)
        if p >= len(rewards):
            raise ValueError(f"player {p}: no such player (0 to {len(rewards) - 1})")
        return rewards[p]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.history())

    def num_players(self) -> int:
        return self.game.num_players

    def get_game(self) -> "Game":
        return self.game

    def action_to_string(self, *args: int) -> str:
        """The legal step ``action`` in the game's notation:
        ``action_to_string(action)`` or OpenSpiel's ``(player, action)``,
        ``player`` a seat or ``PlayerId.CHANCE``/``TERMINAL`` (a ValueError
        for another number)."""
        if len(args) not in (1, 2):
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        if len(args) == 2:
            _seat(self, args[0], _MARKERS)
        return _N.action_to_string(self, _action(args[-1]))

    def string_to_action(self, *args: str) -> int:
        """The action id of the legal step written ``text``:
        ``string_to_action(text)`` or ``(player, text)``, ``player`` the
        player to move (``IllegalMoveError`` for another: it has no legal
        step)."""
        if len(args) not in (1, 2):
            raise TypeError("string_to_action(text) or string_to_action(player, text)")
        if len(args) == 2:
            player = _seat(self, args[0], _MARKERS)
            if player != self.current_player():
                raise IllegalMoveError(f"player {player} is not to move (player {self.current_player()} is)")
        return _N.string_to_action(self, args[-1])

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The observation planes flattened (C order), the same for every
        player (perfect information): ``observation_planes()`` has the shape
        ``Game.observation_tensor_shape()``. ``player``, when given, is a
        seat (a ValueError for another number, as pyspiel's)."""
        if player is not None:
            _seat(self, player)
        return self.observation_planes().ravel().tolist()

    def observation_planes(self):
        """Float32 numpy array of shape ``Game.observation_tensor_shape()``:
        planes per piece kind and owner (and stack level where the rules stack
        pieces), then the player to move, the phase and the counters
        (``Game.observation_plane_names()``; docs/python.md)."""
        import numpy as np

        shape = self.game.observation_tensor_shape()
        return np.frombuffer(self.observation_tensor_bytes(), dtype="<f4").reshape(shape).copy()

    def observation_string(self, player: int | None = None) -> str:
        """The board as text (``str(state)``), the same for every seat;
        ``player``, when given, is a seat (a ValueError for another number)."""
        if player is not None:
            _seat(self, player)
        return str(self)

    def information_state_string(self, player: int | None = None) -> str:
        """Perfect information: the starting position and every action
        played (``serialize()``); ``player``, when given, is a seat."""
        if player is not None:
            _seat(self, player)
        return self.serialize()

    # --- ludic's own -------------------------------------------------------

    def observation(self):
        """Float32 numpy array of shape (num_players, max_height, num_sites)."""
        import numpy as np

        p, levels, sites, data = self.observation_bytes()
        return np.frombuffer(bytes(data), dtype="<f4").reshape(p, levels, sites).copy()

    def __copy__(self) -> "State":
        return self.clone()

    def __deepcopy__(self, memo) -> "State":
        return self.clone()

    def __reduce__(self):
        return (_restore_state, (self.game, self.serialize()))


_ludic._register_state_class(State)


@_dataclass(frozen=True)
class GameType:
    """What kind of game it is, with the fields of ``pyspiel.GameType``
    (the enums as their names)."""

    short_name: str
    long_name: str
    max_num_players: int
    min_num_players: int
    utility: str
    dynamics: str = "SEQUENTIAL"
    chance_mode: str = "DETERMINISTIC"
    information: str = "PERFECT_INFORMATION"
    reward_model: str = "TERMINAL"
    provides_information_state_string: bool = True
    provides_information_state_tensor: bool = False
    provides_observation_string: bool = True
    provides_observation_tensor: bool = True
    parameter_specification: dict = _field(default_factory=dict)


def _restore_game(text: str, name: str, sets: list[tuple[str, str]], file: str) -> "Game":
    return Game(_ludic.from_source(text, name, sets, file))


class Game:
    """A compiled game: ``ludic.load``, ``ludic.load_game`` or
    ``ludic.from_source`` makes one. OpenSpiel's ``pyspiel.Game`` calls
    and ludic's own (perft, playouts, toggles)."""

    __slots__ = ("_g", "_nda")

    def __init__(self, native):
        self._g = native
        self._nda = _IntMethod(native.num_distinct_actions)

    name = property(lambda self: self._g.name, doc="The game's title.")
    players = property(lambda self: self._g.players, doc="The players' names, in turn order.")
    num_players = property(
        lambda self: _IntMethod(self._g.num_players),
        doc="Number of players (an int that can be called: OpenSpiel's num_players()).",
    )
    num_sites = property(lambda self: self._g.num_sites)
    site_labels = property(lambda self: self._g.site_labels, doc="Sites' labels, in site order.")
    max_height = property(lambda self: self._g.max_height, doc="Highest stack (observation levels).")
    num_distinct_actions = property(
        lambda self: self._nda,
        doc="Every action id is below this (an int that can be called: OpenSpiel's num_distinct_actions()).",
    )
    file = property(lambda self: self._g.file, doc="The game as given (shipped name or path).")
    sets = property(lambda self: self._g.sets, doc="Toggle overrides as given, NAME=VALUE.")

    # --- OpenSpiel's calls -------------------------------------------------

    def new_initial_state(self, seed: int | None = None) -> State:
        """The initial position. With ``seed``, a game whose first player
        is drawn at random (``(first Random)``, Genocide's ``first=random``)
        draws it from the seed as ``ludic play --seed`` does: the same seed,
        the same first player. Other games ignore the seed. A seed is an
        int from 0 to 2^64 - 1 (ValueError outside; TypeError for a bool)."""
        return self._g.new_state(_seed(seed), self)

    def max_game_length(self) -> int:
        """Most turns a game lasts: the rules' turn limit, or
        ``DEFAULT_MAX_TURNS`` (ludic's playout cap) when they declare none."""
        return self._g.turn_limit or DEFAULT_MAX_TURNS

    def min_utility(self) -> float:
        """The lowest return: minus the largest stake (``max_stake``)."""
        return -float(self._g.max_stake)

    def max_utility(self) -> float:
        """The highest return: the largest stake a game can be worth
        (``(stakes … max:N)``, or worked out from the stake's constants;
        1 without stakes; backgammon's 3)."""
        return float(self._g.max_stake)

    max_stake = property(
        lambda self: int(self._g.max_stake),
        doc="The largest stake a finished game can carry (1 without `(stakes …)`).",
    )

    def utility_sum(self) -> float | None:
        """0 for two players (zero-sum: the loser's return is minus the
        winner's stake); None for more (returns graded by place)."""
        return 0.0 if self.num_players == 2 else None

    def max_chance_outcomes(self) -> int:
        """One more than the largest value a roll can make (chance outcomes'
        action ids are below it); 0 for a game without chance."""
        return self._g.max_chance_outcomes

    def get_type(self) -> GameType:
        n = int(self.num_players)
        short = _os.path.splitext(_os.path.basename(self.file))[0]
        return GameType(
            short_name=short,
            long_name=self.name,
            max_num_players=n,
            min_num_players=n,
            utility="ZERO_SUM" if n == 2 else "GENERAL_SUM",
            chance_mode="EXPLICIT_STOCHASTIC" if self._g.has_chance else "DETERMINISTIC",
            parameter_specification={t["name"]: _toggle_value(t, t["default"]) for t in self.toggles()},
        )

    def get_parameters(self) -> dict:
        """The toggle overrides this game was loaded with, each typed as
        its toggle (pyspiel's typed values): ``{"no_progress": 20,
        "repetition": False}``."""
        toggles = {t["name"]: t for t in self.toggles()}
        given = (s.split("=", 1)[0] for s in self.sets)
        return {n: _toggle_value(toggles[n], toggles[n]["value"]) for n in given if n in toggles}

    def action_kinds(self) -> dict[str, int]:
        """How many action ids each kind of move generator has (``{"slide":
        1456, "leap": 336, …}``): the ids are numbered generator by
        generator from the board's geometry (docs/python.md, "Action ids")."""
        return dict(self._g.action_kinds())

    def observation_tensor_shape(self) -> list[int]:
        """``[planes, rows, cols]`` on a board whose sites fill a rectangle
        (row 0 at the top, as ``ludic show`` prints it), else ``[planes, sites]``."""
        return list(self._g.observation_tensor_shape())

    def observation_tensor_size(self) -> int:
        size = 1
        for n in self.observation_tensor_shape():
            size *= n
        return size

    def observation_plane_names(self) -> list[str]:
        """What each plane of ``State.observation_planes()`` shows, in order:
        ``"White King"`` (a kind and owner), ``"Black Man level 1"``, ``"count
        Black Man"`` (stacks), ``"to move: White"``, ``"phase: Move"``,
        ``"counter Hand: Black"``."""
        return list(self._g.observation_plane_names())

    def deserialize_state(self, text: str) -> State:
        """The state ``State.serialize`` wrote."""
        if not isinstance(text, str):
            raise TypeError(f"a serialized state is text, not {type(text).__name__}")
        return self._g.deserialize_state(text, self)

    def action_to_string(self, *args: int) -> str:
        """What an action id means without a position (its generator and
        sites): ``action_to_string(action)`` or OpenSpiel's ``(player, action)``."""
        if len(args) not in (1, 2):
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        action = args[-1]
        if not isinstance(action, bool) and hasattr(action, "__index__") and action.__index__() < 0:
            raise ValueError(f"action {action}: ids are not negative")
        return self._g.action_to_string(_int("action", action))

    # --- ludic's own -------------------------------------------------------

    def toggles(self) -> list[dict]:
        """The toggles: name, type, default, value, description."""
        keys = ("name", "type", "default", "value", "description")
        return [dict(zip(keys, t)) for t in self._g.toggles()]

    def new_state(self, seed: int | None = None) -> State:
        """The initial position. With ``seed``, a game whose first player
        is drawn at random (``(first Random)``, Genocide's ``first=random``)
        draws it from the seed as ``ludic play --seed`` does: the same seed,
        the same first player. Other games ignore the seed. A seed is an
        int from 0 to 2^64 - 1 (ValueError outside; TypeError for a bool)."""
        return self._g.new_state(_seed(seed), self)

    def state_from_position(self, text: str) -> State:
        """A position from a position text (``State.to_position``)."""
        if not isinstance(text, str):
            raise TypeError(f"a position text is text, not {type(text).__name__}")
        return self._g.state_from_position(text, self)

    def state_from_fen(self, text: str) -> State:
        """A position from FEN (chess FEN for chess, PDN FEN for draughts;
        the command line's ``--fen``)."""
        if not isinstance(text, str):
            raise TypeError(f"a FEN is text, not {type(text).__name__}")
        return self._g.state_from_fen(text, self)

    def observation_shape(self) -> tuple[int, int, int]:
        return (int(self.num_players), max(self.max_height, 1), self.num_sites)

    def perft(self, depth: int, state: State | None = None) -> int:
        """Leaves of the turn tree ``depth`` (1 to 64) turns deep. Ctrl-C stops it."""
        depth = _int("perft depth", depth, None, None)
        if not 1 <= depth <= 64:
            raise ValueError(f"perft depth {depth}: expected 1 to 64")
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
        (the same numbers for the same seed, whatever the threads). Ctrl-C stops them."""
        text = self._g.playouts_json(
            _int("count", count),
            _int("seed", seed),
            _int("threads", threads),
            _int("max_turns", max_turns, 0, _U32_MAX),
            _native_state(state),
        )
        return _json.loads(text)

    def __reduce__(self):
        return (_restore_game, self._g.rebuild_args())

    def __copy__(self) -> "Game":
        return self

    def __deepcopy__(self, memo) -> "Game":
        # A game never changes: a copy is the game itself.
        return self

    def __repr__(self) -> str:
        return repr(self._g)


def _native_state(state: State | None):
    if state is None:
        return None
    if not isinstance(state, State):
        raise TypeError(f"state is a ludic.State, not {type(state).__name__}")
    return state


def load(file: str | _os.PathLike, set: _Mapping[str, object] | None = None) -> Game:
    """Loads a shipped game by name (``"checkers"``) or a rule file by path,
    with toggle overrides (``set={"repetition": False}``). ValueError for
    a name that is neither a file nor a shipped game (or a file that
    cannot be read), RulesError for rules with errors."""
    if not isinstance(file, (str, _os.PathLike)):
        raise TypeError(f"file is a game's name or a path, not {type(file).__name__}")
    return Game(_ludic.load(_os.fspath(file), _sets(set)))


def load_game(name: str | _os.PathLike, params: _Mapping[str, object] | None = None, **toggles) -> Game:
    """OpenSpiel's ``load_game``: a shipped game by name or a rule file by
    path, toggles given as ``params`` (a dict) or keywords."""
    if params is not None and not isinstance(params, _Mapping):
        raise TypeError(f"params is a mapping of toggle names to values, not {type(params).__name__}")
    merged = dict(params or {})
    merged.update(toggles)
    return load(name, set=merged)


#: Largest rule text read, as the command line reads files: 16 MiB.
MAX_SOURCE_BYTES = 16 << 20


def from_source(text: str, set: _Mapping[str, object] | None = None, name: str = "<source>") -> Game:
    """Compiles rule text; ``name`` is the file name shown in diagnostics.
    Text over 16 MiB (the command line's limit) is refused."""
    if not isinstance(text, str):
        raise TypeError(f"rule text is a str, not {type(text).__name__}")
    if len(text) > MAX_SOURCE_BYTES or len(text.encode("utf-8")) > MAX_SOURCE_BYTES:
        raise ValueError(f"{name}: rule text larger than the 16 MiB ludic reads")
    return Game(_ludic.from_source(text, str(name), _sets(set)))


def shipped_games() -> list[str]:
    """The names of the shipped games."""
    return _ludic.shipped_games()


def _sets_list(what: str, set: _Mapping[str, object] | _Iterable[str] | str | None) -> list[str]:
    """Overrides as NAME=VALUE strings: a mapping, a list of them, or one string."""
    if set is None:
        return []
    if isinstance(set, str):
        return [set]
    if isinstance(set, _Mapping):
        return [f"{n}={v}" for n, v in _sets(set)]
    try:
        items = list(set)
    except TypeError:
        raise TypeError(f"{what} is a mapping, NAME=VALUE strings or one such string, not {type(set).__name__}") from None
    for s in items:
        if not isinstance(s, str):
            raise TypeError(f"{what}: each override is a NAME=VALUE string, not {type(s).__name__}")
    return items


def _shard(shard) -> str | None:
    if shard is None or isinstance(shard, str):
        return shard
    if not isinstance(shard, (tuple, list)):
        raise TypeError(f"shard is (K, N) or 'K/N', not {type(shard).__name__}")
    if len(shard) != 2:
        raise ValueError(f"shard {tuple(shard)!r}: expected two numbers, (K, N)")
    k, n = (_int("shard", x, 1) for x in shard)
    return f"{k}/{n}"


def analyze(
    game: str | _os.PathLike,
    count: int = 1000,
    players: str | _Iterable[str] = "random",
    seed: int = 1,
    threads: int = 0,
    max_turns: int = 10_000,
    set: _Mapping[str, object] | _Iterable[str] | str | None = None,
    compare: _Mapping[str, object] | _Iterable[str] | str | None = None,
    against: str | None = None,
    shard: str | tuple[int, int] | None = None,
    texts: "_Iterable[RuleText] | None" = None,
) -> dict:
    """Variant analysis, as ``ludic analyze --json`` (docs/json.md): games
    between computer players (``"mcts:200,random"``), win rates with 95%
    intervals, length, branching, end conditions; ``compare`` toggles (a
    mapping, NAME=VALUE strings, or one such string) or an ``against`` game
    add a second setting and the comparison. ``shard=(K, N)`` (or ``"K/N"``)
    plays shard K of N only: ``merge`` adds them up. ``texts`` (from
    ``rule_text``) are compiled instead of reading the files they name:
    what ``ludic.distributed`` sends its tasks. The report carries ludic's
    version, the rules' ``fingerprint`` and the ``seed_range`` played.
    Ctrl-C stops it between games."""
    if not isinstance(game, (str, _os.PathLike)):
        raise TypeError(f"game is a game's name or a path, not {type(game).__name__}")
    if against is not None and not isinstance(against, (str, _os.PathLike)):
        raise TypeError(f"against is a game's name or a path, not {type(against).__name__}")
    text = _ludic.analyze_json(
        _os.fspath(game),
        _sets_list("set", set),
        _players(players),
        _int("count", count),
        _int("seed", seed),
        _int("threads", threads),
        _int("max_turns", max_turns, 0, _U32_MAX),
        _sets_list("compare", compare),
        None if against is None else _os.fspath(against),
        _shard(shard),
        _texts(texts),
    )
    return _json.loads(text)


@_dataclass(frozen=True)
class RuleText:
    """A rule file's text as read where a run starts: ``file`` as given (a
    path or a shipped game's name), ``name`` (what diagnostics and a
    variant's ``base:`` are read against), ``text``."""

    file: str
    name: str
    text: str


def rule_text(file: str | _os.PathLike) -> RuleText:
    """Reads a rule file (or a shipped game's text) as ``load`` would, for
    ``analyze(texts=…)``: a relative path read here works where the path
    means nothing (a Ray worker on another node)."""
    if not isinstance(file, (str, _os.PathLike)):
        raise TypeError(f"file is a game's name or a path, not {type(file).__name__}")
    f = _os.fspath(file)
    name, text = _ludic.rule_text(f)
    return RuleText(f, name, text)


def _texts(texts) -> list[tuple[str, str, str]]:
    if texts is None:
        return []
    out = []
    for t in texts:
        if not isinstance(t, RuleText):
            raise TypeError(f"texts holds ludic.RuleText (from ludic.rule_text), not {type(t).__name__}")
        out.append((t.file, t.name, t.text))
    return out


def merge(parts: _Iterable[dict | str], want: _Iterable[str] | None = None) -> dict:
    """Merges the results of every shard of one run (dicts or JSON texts,
    any order) into the whole run's, as ``ludic merge --json``: shards of
    ``analyze``, or of ``explore`` (ranked by the default goals with
    ``want``'s ``MEASURE=WEIGHT[:SHAPE]`` items applied). Shards of
    different runs (another ludic version, edited rules, other seeds…) are
    refused with a ValueError naming the field that differs."""
    if isinstance(parts, (str, bytes, _Mapping)) or not isinstance(parts, _Iterable):
        raise TypeError(f"merge takes a list of results (dicts or JSON texts), not {type(parts).__name__}")
    parts = list(parts)
    for i, p in enumerate(parts):
        if not isinstance(p, (str, _Mapping)):
            raise TypeError(f"result {i + 1} is a dict or a JSON text, not {type(p).__name__}")
    if parts and all(isinstance(p, _Mapping) and "header" in p and "cells" in p for p in parts):
        texts = ["\n".join(_json.dumps(x) for x in [p["header"], *p["cells"]]) + "\n" for p in parts]
        return _json.loads(_ludic.merge_explore_json(texts, _str_list("want", want)))
    if want is not None:
        raise ValueError("want= ranks the cells of explore shards; these are analyze results")
    texts = [p if isinstance(p, str) else _json.dumps(p) for p in parts]
    return _json.loads(_ludic.merge_json(texts))


def _str_list(what: str, items) -> list[str]:
    """A list of strings from one string, an iterable of them, or None."""
    if items is None:
        return []
    if isinstance(items, str):
        return [items]
    out = list(items)
    for x in out:
        if not isinstance(x, str):
            raise TypeError(f"{what}: each item is a string, not {type(x).__name__}")
    return out


def explore(
    game: str | _os.PathLike,
    vary: str | _Iterable[str] | None = None,
    games: int = 20,
    players: str | _Iterable[str] = "greedy",
    skill: str | None = None,
    seed: int = 1,
    threads: int = 0,
    max_turns: int = 10_000,
    max_cells: int = 256,
    resolution: int = 5,
    want: str | _Iterable[str] | None = None,
    set: _Mapping[str, object] | _Iterable[str] | str | None = None,
    shard: str | tuple[int, int] | None = None,
    texts: "_Iterable[RuleText] | None" = None,
) -> dict:
    """A designed experiment over the game's toggles, as ``ludic explore``
    with the same arguments (docs/explore.md): ``vary`` the toggles (``NAME``
    or ``NAME=V1/V2``; default every yes/no toggle not ``set``), ``games``
    per cell, ``players``, a stronger ``skill`` player, ``max_cells`` and
    the fraction's ``resolution``, ranking goals ``want``
    (``MEASURE=WEIGHT[:SHAPE]``). Returns the report ``ludic explore
    --report`` writes as explore.json (docs/json.md, ``explore``): cells,
    effects, ranking. With ``shard=(K, N)`` it plays shard K of N of the
    cells and returns ``{"header": …, "cells": […]}`` (the lines of
    ``explore --shard K/N --json FILE``), which ``merge`` puts together.
    Ctrl-C stops it between cells."""
    return _explore(game, vary, games, players, skill, seed, threads, max_turns, max_cells, resolution, want, set, shard, texts, True)


def _explore(game, vary, games, players, skill, seed, threads, max_turns, max_cells, resolution, want, set, shard, texts, play: bool):
    if not isinstance(game, (str, _os.PathLike)):
        raise TypeError(f"game is a game's name or a path, not {type(game).__name__}")
    if skill is not None and not isinstance(skill, str):
        raise TypeError(f"skill is a player such as 'mcts:200', not {type(skill).__name__}")
    text = _ludic.explore_json(
        _os.fspath(game),
        _sets_list("set", set),
        _str_list("vary", vary),
        _players(players),
        skill,
        _int("games", games, 1),
        _int("seed", seed),
        _int("threads", threads),
        _int("max_turns", max_turns),
        _int("max_cells", max_cells, 1),
        _int("resolution", resolution, 1),
        _str_list("want", want),
        _shard(shard),
        _texts(texts),
        play,
    )
    if not play:
        return _json.loads(text)
    if shard is None:
        return _json.loads(text)
    lines = [_json.loads(line) for line in text.splitlines() if line]
    return {"header": lines[0], "cells": lines[1:]}


def _is_number(x) -> bool:
    return isinstance(x, (int, float)) or (hasattr(x, "__float__") and getattr(x, "ndim", 0) == 0)


def _split_evaluation(out):
    """``(values, priors)`` from what an evaluator returned: values alone,
    or a pair of values and priors."""
    if isinstance(out, tuple) and len(out) == 2 and not _is_number(out[0]):
        return out[0], out[1]
    return out, None


def _aligned_priors(priors, native, game: "Game") -> list[float] | None:
    """The priors as one weight per legal action id, ascending: from a
    mapping of ids to weights, a sequence aligned with ``legal_actions()``,
    or a sequence of ``num_distinct_actions()`` indexed by id."""
    if priors is None:
        return None
    legal = native.legal_actions()
    if isinstance(priors, _Mapping):
        return [float(priors.get(a, 0.0)) for a in legal]
    n, nda = len(priors), int(game.num_distinct_actions)
    if n == len(legal):
        return [float(p) for p in priors]
    if n == nda:
        return [float(priors[a]) for a in legal]
    raise ValueError(
        f"priors: {n} numbers; expected one per legal action ({len(legal)}, in "
        f"legal_actions() order), num_distinct_actions() ({nda}) indexed by action id, or a dict"
    )


def _judge(evaluator, game: "Game"):
    """The native search's view of ``evaluator``: a native state in,
    ``(values, priors aligned with legal_actions())`` out."""

    def judge(native):
        values, priors = _split_evaluation(evaluator(native))
        return [float(v) for v in values], _aligned_priors(priors, native, game)

    return judge


def _judge_batch(evaluator, game: "Game"):
    """``_judge`` for an evaluator of a list of states (``batch=``)."""

    def judge(natives):
        out = evaluator(list(natives))
        results = list(out)
        if len(results) != len(natives):
            raise ValueError(f"the evaluator gave {len(results)} evaluations for a batch of {len(natives)} states")
        pairs = (_split_evaluation(r) for r in results)
        return [([float(v) for v in values], _aligned_priors(priors, n, game)) for (values, priors), n in zip(pairs, natives)]

    return judge


class Bot:
    """A computer player: ``step(state)`` returns the action id it plays
    (OpenSpiel's ``pyspiel.Bot`` calls). Made by ``ludic.bot``."""

    __slots__ = ("_b", "_evaluator", "_batch")

    def __init__(self, spec: str, seed: int = 1, evaluator=None, batch: int = 1):
        if not isinstance(spec, str):
            raise TypeError(f"a bot's spec is a string such as 'mcts:1000', not {type(spec).__name__}")
        if evaluator is not None and not callable(evaluator):
            raise TypeError(f"the evaluator is a function of a state, not {type(evaluator).__name__}")
        self._batch = _int("batch", batch, 1)
        self._b = _ludic.Bot(spec, _int("seed", seed), evaluator is not None, self._batch)
        self._evaluator = evaluator

    spec = property(lambda self: self._b.spec, doc="The spec, as the command line writes it.")
    seed = property(lambda self: self._b.seed, doc="The seed.")

    def step(self, state) -> int:
        """The action id of the step to play in ``state`` (a ``ludic.State``,
        or a state of ``ludic.openspiel``); the state is not changed. A turn
        of several steps is chosen whole, and its next steps are answered
        while the state is the one the last step led to. ValueError once the
        game is over; an evaluator's exception is raised again here."""
        state = getattr(state, "ludic", state)
        if not isinstance(state, State):
            raise TypeError(f"step takes a ludic.State, not {type(state).__name__}")
        if self._evaluator is None:
            return self._b.step(state)
        judge = _judge if self._batch == 1 else _judge_batch
        return self._b.step(state, judge(self._evaluator, state.game))

    def restart(self) -> None:
        """Starts again as new: the same seed gives the same steps again."""
        self._b.restart()

    def restart_at(self, state) -> None:
        """OpenSpiel's call at the start of a game: ``restart()`` (the
        bot needs nothing of the state to begin)."""
        self._b.restart()

    def inform_action(self, state, player: int, action: int) -> None:
        """OpenSpiel's call: nothing to do (the bot checks the state's history)."""

    def provides_policy(self) -> bool:
        return False

    def is_clone_implemented(self) -> bool:
        return False

    def __repr__(self) -> str:
        return repr(self._b)


def bot(spec: str, seed: int = 1, evaluator=None, batch: int = 1) -> Bot:
    """A bot playing as ``spec``, the players of the command line
    (``ludic players``): ``random``, ``greedy``, ``mc[:N]``, ``mcts[:N|:Ts]``
    with ``cut=``/``eps=``, ``ab[:D|:Ts]``. Seeded: the same seed, the same
    steps. A spec the command line refuses raises ValueError with its reason.

    ``evaluator`` (mcts and ab): ``f(state)`` returning each player's value
    from -1 to 1, or ``(values, priors)`` with priors over the legal actions
    (a dict of ids, a sequence in ``legal_actions()`` order, or one of
    ``num_distinct_actions()`` indexed by id). mcts then searches by PUCT
    over steps without playouts; ab takes the root player's value at its
    leaves (docs/python.md). ``batch=N`` (mcts): ``f`` takes a list of up to
    N states and returns a list of such results, one call per round of the
    search."""
    return Bot(spec, seed, evaluator, batch)


def __dir__() -> list[str]:
    """The package's public names (no imported helpers)."""
    extra = ["DEFAULT_MAX_TURNS", "MAX_MASK", "MAX_SOURCE_BYTES"]
    subs = [m for m in ("distributed", "ray_analyze", "openspiel", "pettingzoo") if m in globals()]
    return sorted(__all__ + extra + subs)

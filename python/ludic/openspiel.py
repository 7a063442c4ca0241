"""ludic games as OpenSpiel games: OpenSpiel's own algorithms (MCTS,
minimax, evaluate_bots, its API checks) run on any ludic game unchanged.

    import pyspiel
    import ludic.openspiel
    game = ludic.openspiel.load_game("connect4")            # was: pyspiel.load_game("connect_four")
    game = ludic.openspiel.load_game("checkers", repetition=False)
    game = ludic.openspiel.load_game("my_rules.game")         # a rule file
    game = ludic.openspiel.load_game(source=text, name="mine")  # rule text

``register(...)`` registers a game with ``pyspiel.register_game`` as
``ludic_NAME`` (its toggles are the game's parameters, typed) and returns
that name, so ``pyspiel.load_game("ludic_checkers", {"repetition":
False})`` works too. OpenSpiel's names of the games whose rules ludic
ships the same (``connect_four``, ``tic_tac_toe``) load them.

The state wraps a ``ludic.State``: actions are ludic's action ids (one
step each; a multi-jump is several actions of one player), legal actions
ascending, ``current_player()`` -4 once over, returns +1/-1/0 at the end.
OpenSpiel wants a bound on a game's length in actions
(``max_game_length``, a parameter): a game that reaches it without an end
ends there as a draw (no action is played after it: ``apply_action``
raises ``IllegalMoveError``, as on a game over by its rules). Its default
is the rules' turn limit times the board's sites (a turn of more steps
than sites does not occur in the shipped games), or 100,000 actions for
rules without a turn limit; a given value must be at least 1 (0 or less is
a ValueError: OpenSpiel's games have no "unbounded" value).
"""

import os

import numpy as np
import pyspiel

import ludic
from open_spiel.python.observation import IIGObserverForPublicInfoGame

__all__ = ["register", "load_game", "LudicGame", "LudicState", "OPENSPIEL_NAMES"]

#: OpenSpiel's names of games that ludic ships with the same rules.
OPENSPIEL_NAMES = {"connect_four": "connect4", "tic_tac_toe": "tictactoe"}

#: Actions a game without a turn limit may last before it ends as a draw.
DEFAULT_MAX_LENGTH = 100_000

#: The bridge's own parameter (every other parameter is a toggle).
LENGTH_PARAM = "max_game_length"

_registered: dict[str, tuple] = {}


#: A toggle's value as the Python type OpenSpiel's parameters take.
_typed = ludic._toggle_value


def _default_length(game: ludic.Game) -> int:
    limit = game._g.turn_limit
    return limit * max(game.num_sites, 1) if limit else DEFAULT_MAX_LENGTH


def _max_length(params: dict) -> int | None:
    """The ``max_game_length`` of ``params``, taken out of them (None when
    absent): a ValueError below 1."""
    if LENGTH_PARAM not in params:
        return None
    return ludic._int(LENGTH_PARAM, params.pop(LENGTH_PARAM), 1, None)


def _short_name(file: str) -> str:
    stem = os.path.splitext(os.path.basename(file))[0]
    return "ludic_" + "".join(c if c.isalnum() else "_" for c in stem)


def register(game: str | os.PathLike | None = None, *, source: str | None = None, name: str | None = None) -> str:
    """Registers a ludic game with OpenSpiel and returns its OpenSpiel name
    (``ludic_NAME``). ``game`` is a shipped game's name or a rule file's
    path; or ``source`` is rule text (``name`` names it). Registering the
    same game again returns the same name."""
    if (game is None) == (source is None):
        raise TypeError("register(game) or register(source=text, name=...)")
    if source is not None:
        name = name or "source"
        base = ludic.from_source(source, name=name)
    else:
        game = OPENSPIEL_NAMES.get(str(game), game)
        base = ludic.load(game)
        name = name or os.fspath(game)
    short = _short_name(name)
    if short in _registered:
        return short
    params = {t["name"]: _typed(t, t["default"]) for t in base.toggles()}
    if LENGTH_PARAM in params:
        raise ValueError(f"{name}: a toggle named {LENGTH_PARAM} clashes with the bridge's parameter")
    params[LENGTH_PARAM] = _default_length(base)
    n = int(base.num_players)
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"ludic {base.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if base._g.has_chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if n == 2 else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )
    text, file_name, _, file = base._g.rebuild_args()
    _registered[short] = (text, file_name, file, base.toggles())

    # A class of its own per game (OpenSpiel constructs it with the
    # parameters alone).
    cls = type(f"LudicGame_{short}", (LudicGame,), {"_short": short, "_type": game_type})
    pyspiel.register_game(game_type, cls)
    return short


def load_game(game: str | os.PathLike | None = None, params: dict | None = None, *, source: str | None = None,
              name: str | None = None, **toggles) -> "LudicGame":
    """Registers the game if needed and loads it with ``pyspiel.load_game``:
    toggles (and ``max_game_length``) as ``params`` or keywords."""
    short = register(game, source=source, name=name)
    merged = dict(params or {})
    merged.update(toggles)
    return pyspiel.load_game(short, merged)


class LudicGame(pyspiel.Game):
    """A ludic game as a ``pyspiel.Game``; ``.ludic`` is the ``ludic.Game``."""

    _short = ""
    _type = None

    def __init__(self, params=None):
        short, game_type, params = self._short, self._type, params or {}
        text, file_name, file, toggles = _registered[short]
        given = dict(params)
        length = _max_length(given)
        known = {t["name"]: t for t in toggles}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise ValueError(f"{short}: no toggle {', '.join(unknown)} (toggles: {', '.join(known) or 'none'})")
        sets = {k: v for k, v in given.items() if v != _typed(known[k], known[k]["default"])}
        self.ludic = ludic.Game(ludic._ludic.from_source(text, file_name, ludic._sets(sets), file))
        n = int(self.ludic.num_players)
        self.max_length = length or _default_length(self.ludic)
        info = pyspiel.GameInfo(
            num_distinct_actions=int(self.ludic.num_distinct_actions),
            max_chance_outcomes=int(self.ludic.max_chance_outcomes()),
            num_players=n,
            min_utility=self.ludic.min_utility(),
            max_utility=self.ludic.max_utility(),
            utility_sum=0.0 if n == 2 else None,
            max_game_length=self.max_length,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self, seed: int | None = None) -> "LudicState":
        """The initial position; with ``seed``, a first player drawn at
        random is drawn from it as ``ludic play --seed`` does."""
        if seed is None:
            return LudicState(self)
        return LudicState(self, self.ludic.new_initial_state(seed))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.ludic, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class LudicState(pyspiel.State):
    """A ``ludic.State`` as a ``pyspiel.State``; ``.ludic`` is the ludic state."""

    def __init__(self, game: LudicGame, state: "ludic.State | None" = None):
        super().__init__(game)
        self.ludic = state if state is not None else game.ludic.new_initial_state()
        self._max_length = game.max_length

    def _capped(self) -> bool:
        return self.ludic.move_number() >= self._max_length

    def current_player(self) -> int:
        if self._capped():
            return pyspiel.PlayerId.TERMINAL
        return self.ludic.current_player()

    def _legal_actions(self, player):
        return self.ludic.legal_actions()

    def chance_outcomes(self):
        # At a chance node (current_player() -1): (action, probability),
        # the action the value rolled (docs/chance.md).
        return self.ludic.chance_outcomes()

    def _apply_action(self, action):
        if self._capped():
            raise ludic.IllegalMoveError(
                f"action {action}: the game is over (it reached max_game_length, {self._max_length} actions)")
        self.ludic.apply_action(action)

    def _action_to_string(self, player, action):
        try:
            return self.ludic.action_to_string(action)
        except ludic.IllegalMoveError:
            # Not a legal step here (OpenSpiel names actions of the history
            # too): what the id means without a position.
            return self.ludic.game.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.ludic.is_terminal() or self._capped()

    def returns(self):
        if self._capped() and not self.ludic.is_terminal():
            return [0.0] * self.ludic.game.num_players
        return self.ludic.returns()

    def __str__(self) -> str:
        return str(self.ludic)


class BoardObserver:
    """The observation of ``ludic.State.observation_planes()``: planes per
    piece kind and owner (and stack level), the player to move, the phase and
    the counters, the same for every player."""

    def __init__(self, game: ludic.Game, params):
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        shape = game.observation_tensor_shape()
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: LudicState, player: int) -> None:
        self.tensor[:] = state.ludic.observation_planes().ravel()

    def string_from(self, state: LudicState, player: int) -> str:
        return str(state.ludic)

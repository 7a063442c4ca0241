"""ludic games as PettingZoo environments (the AEC API, with action masks).

    import ludic.pettingzoo
    env = ludic.pettingzoo.env("connect4")            # or env("checkers", repetition=False)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)
        env.step(action)

Agents are ``player_0`` … in turn order. An action is one of ludic's
action ids (one step: a multi-jump is several actions of the same agent in
a row), ``Discrete(num_distinct_actions)``. The observation of an agent is
a dict: ``observation``, int8 planes of shape ``(players, stack levels,
sites)`` (1 where the piece at that level of that site's stack is that
player's), the players counted from the observing agent (its own pieces
first); ``action_mask``, int8 of ``num_distinct_actions`` entries, 1 at
the observing agent's legal actions. Rewards come at the end, the
state's ``returns()``: +1 to the winner, -1 to the other of two, 0 on a
draw; with more agents graded by place from +1 (first alone) to -1 (last
alone), agents sharing a place (a shared first place) sharing its mean. A game still going after
``max_turns`` turns (default: the rules' turn limit, else 10,000) is
truncated. An illegal action ends the game with -1 for the agent who
played it (PettingZoo's ``TerminateIllegalWrapper``).
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import ludic

__all__ = ["env", "raw_env"]

#: Turns after which a game whose rules declare no turn limit is truncated.
DEFAULT_MAX_TURNS = 10_000


def env(game: str = "connect4", render_mode: str | None = None, max_turns: int | None = None, **toggles) -> AECEnv:
    """The environment of ``game`` (a shipped game's name or a rule file's
    path) with its toggles, wrapped as PettingZoo's classic games are."""
    e = raw_env(game, render_mode=render_mode, max_turns=max_turns, **toggles)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    """The unwrapped AEC environment of a ludic game."""

    metadata = {"render_modes": ["human", "ansi"], "name": "ludic_v0", "is_parallelizable": False}

    def __init__(self, game: str = "connect4", render_mode: str | None = None, max_turns: int | None = None,
                 **toggles):
        super().__init__()
        self.game = game if isinstance(game, ludic.Game) else ludic.load(game, set=toggles)
        self.metadata = dict(self.metadata, name=f"ludic_{self.game.get_type().short_name}_v0")
        self.render_mode = render_mode
        self.max_turns = max_turns or self.game._g.turn_limit or DEFAULT_MAX_TURNS
        n = int(self.game.num_players)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        shape = self.game.observation_shape()
        size = int(self.game.num_distinct_actions)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=0, high=1, shape=shape, dtype=np.int8),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(size)
        self.state = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def observe(self, agent: str) -> dict:
        i = self.possible_agents.index(agent)
        planes = self.state.observation().astype(np.int8)
        mask = np.zeros(int(self.game.num_distinct_actions), np.int8)
        if self.state.current_player() == i:
            mask[self.state.legal_actions()] = 1
        return {"observation": np.roll(planes, -i, axis=0), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # A game whose first player is drawn at random draws it from
        # `seed` as `ludic play --seed` does; without one, the game's
        # unseeded start.
        self.state = self.game.new_initial_state(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state.mover()]

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(int(action))
        self.rewards = dict.fromkeys(self.agents, 0)
        if self.state.is_terminal():
            for a, r in zip(self.agents, self.state.returns()):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.state.turns() >= self.max_turns:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.agents[self.state.mover()]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

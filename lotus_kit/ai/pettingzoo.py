"""Every game of the kit as a PettingZoo AEC environment (``pip install lotus-kit[ai]``).

>>> from lotus_kit.ai.pettingzoo import env
>>> e = env(game="winter", players=2)
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["action_mask"].sum() > 0, reward, terminated
('player_0', np.True_, 0, False)
>>> e.step(int(obs["action_mask"].nonzero()[0][0]))

Agents are ``player_0 …`` (the game's seats in order). Every agent has the same spaces: actions are
the ids of the game's fixed encoding (:class:`~lotus_kit.ai.flat.FlatGame`: one id per small
sub-step, ``Discrete(num_actions)``), observations a ``Dict`` of ``observation`` (the flat layer's
tensor, computed from ``game.observation(state, seat)`` only) and ``action_mask`` (1 for the ids legal
now, all 0 for an agent that does not act). Rewards come at the end: the winners share +1, the others
share -1. A game cut off after the encoding's ``max_engine_actions`` is *truncated*, not terminated.

``render()`` draws the board as everyone sees it: ``render_mode="rgb_array"`` a numpy image (the
game's board figure through kaleido), ``"figure"`` the plotly figure, ``"html"`` its HTML, ``"ansi"``
the decision and the standing in words; ``"human"`` shows the board after every step (the figure in
Jupyter, the words on a terminal).
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from lotus_kit.ai.flat import TERMINAL, FlatGame

__all__ = ["LotusEnv", "env", "raw_env"]

RENDER_MODES = ("human", "rgb_array", "figure", "html", "ansi")


class LotusEnv(AECEnv):
    """A game of the kit, one seat acting at a time (sealed choices one seat after another)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "lotus_kit", "render_modes": list(RENDER_MODES),
                                          "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str | Any = "white_lotus", players: int | None = None, flags: Sequence[str] = (),
                 render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not one of {', '.join(RENDER_MODES)}")
        self.flat = FlatGame(game, players, flags)
        self.game = self.flat.game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"lotus_kit_{self.game.name}"}
        n = self.flat.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        observation = spaces.Box(-np.inf, np.inf, (self.flat.observation_size,), np.float32)
        mask = spaces.Box(0, 1, (self.flat.num_actions,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": observation, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.flat.num_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.fs = None
        self._image_server = False          # one browser for all the images of this environment

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; all chance comes from ``seed`` (a fresh one when None)."""
        if seed is not None:
            self._seeds.seed(seed)
        self.fs = self.flat.new_state(self._seeds.randrange(2**31))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.flat.current_player(self.fs)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = np.zeros(self.flat.num_actions, np.int8)
        if self.flat.current_player(self.fs) == seat:
            mask[self.flat.legal_ids(self.fs)] = 1
        tensor = np.zeros(self.flat.observation_size, np.float32)
        return {"observation": self.flat.observation_tensor(self.fs, seat, tensor),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.fs = self.flat.apply_id(self.fs, int(action))      # ValueError naming the id and the rule
        self.rewards = {a: 0 for a in self.agents}
        player = self.flat.current_player(self.fs)
        if player == TERMINAL:
            returns = self.flat.returns(self.fs)
            self.rewards = {a: returns[self._seat[a]] for a in self.agents}
            ended = self.terminations if self.game.is_over(self.fs.state) else self.truncations
            for a in self.agents:
                ended[a] = True
            self.agent_selection = self.possible_agents[(self._seat[agent] + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The board as everyone sees it, in the form ``render_mode`` names (None: nothing)."""
        if self.render_mode is None or self.fs is None:
            return None
        if self.render_mode == "ansi":
            return self._words()
        if self.render_mode == "human":
            self._show()
            return None
        fig = self._figure()
        if self.render_mode == "figure":
            return fig
        if self.render_mode == "html":
            return fig.to_html(include_plotlyjs="cdn", full_html=False)
        from PIL import Image

        from lotus_kit.views.export import start_image_server, to_image

        if not self._image_server:                         # the first image ~2 s, then ~0.2 s each
            start_image_server()
            self._image_server = True
        png = to_image(fig, format="png")                  # ExportError in one line without a browser
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))

    def _show(self) -> None:
        """The board figure in a Jupyter kernel, the words anywhere else."""
        try:
            from IPython import get_ipython
            from IPython.display import display
        except ImportError:
            get_ipython = None
        shell = get_ipython() if get_ipython is not None else None
        if shell is not None and getattr(shell, "kernel", None) is not None:
            display(self._figure())
        else:
            print(self._words())

    def _words(self) -> str:
        state = self.fs.state
        scores = ", ".join(f"{self.game.info.seat_name(s)} {v:g}" for s, v in enumerate(self.game.scores(state)))
        return f"{self.game.info.title}: {self.game.decision(state).text}. Scores: {scores}."

    def _figure(self) -> Any:
        """The game's board figure for a spectator, or the decision and scores as a figure when the game
        draws no board."""
        from lotus_kit.ui.screen import screen_for

        fig = screen_for(self.game).board_figure(self.game, self.fs.state, None)
        if fig is None:
            import plotly.graph_objects as go

            fig = go.Figure(layout={"width": 640, "height": 240, "xaxis": {"visible": False},
                                    "yaxis": {"visible": False}, "plot_bgcolor": "white"})
            fig.add_annotation(text=self._words().replace(". ", ".<br>"), showarrow=False, x=0.5, y=0.5,
                               xref="paper", yref="paper", font={"size": 16})
        return fig

    def close(self) -> None:
        if self._image_server:
            from lotus_kit.views.export import stop_image_server

            stop_image_server()
            self._image_server = False


def raw_env(game: str | Any = "white_lotus", players: int | None = None, flags: Sequence[str] = (),
            render_mode: str | None = None) -> LotusEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return LotusEnv(game, players, flags, render_mode)


def env(game: str | Any = "white_lotus", players: int | None = None, flags: Sequence[str] = (),
        render_mode: str | None = None) -> AECEnv:
    """The AEC environment of ``game`` (a registered name or a game object) for ``players`` seats
    (the game's default when None) and variant ``flags``."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, flags, render_mode))

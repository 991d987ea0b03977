"""Every registered game as a PettingZoo AEC environment: PettingZoo's own API and seed tests, rewards
at the end, the action mask over the fixed encoding, and the board rendered as an image."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from lotus_kit.ai.flat import register_encoding
from lotus_kit.ai.pettingzoo import env
from lotus_kit.core.registry import GAMES, get_game, register
from tests.ai.test_flat import GAME_NAMES


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    register("toy", "tests.toygame.game:TOY")
    register_encoding("toy", "tests.toygame.encoding:encoding")
    yield
    GAMES.pop("toy", None)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_pettingzoos_api_test_passes(name):
    api_test(env(game=name), num_cycles=300)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_pettingzoos_seed_test_passes(name):
    seed_test(lambda: env(game=name), num_cycles=100)


def run(e, seed: int) -> dict[str, float]:
    """A random agent loop over the masks; the rewards each agent collected."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_random_agent_loop_ends_with_the_winners_rewarded(name):
    e = env(game=name)
    total = run(e, seed=1)
    winners = get_game(name).winners(e.unwrapped.fs.state)
    assert abs(sum(total.values())) < 1e-9 and not e.agents
    assert all(total[f"player_{s}"] > 0 for s in winners) or len(winners) == len(total)
    assert all(total[f"player_{s}"] < 0 for s in range(len(total)) if s not in winners)


def test_only_the_acting_agent_has_legal_ids_in_its_mask_and_an_illegal_id_is_refused():
    e = env(game="white_lotus", players=3)
    e.reset(seed=2)
    acting = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)
    illegal = int(np.flatnonzero(e.observe(acting)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=f"action id {illegal} .*not legal now.*WL-"):
        e.step(illegal)
    assert e.agent_selection == acting


def test_render_gives_the_board_as_an_rgb_image(tmp_path):
    e = env(game="white_lotus", players=4, render_mode="rgb_array")
    e.reset(seed=0)
    image = e.render()
    again = e.render()                       # the same browser, the same picture
    e.close()
    assert (image == again).all()
    assert image.ndim == 3 and image.shape[2] == 3 and image.shape[0] > 200 and image.std() > 10
    from PIL import Image

    Image.fromarray(image).save(tmp_path / "board.png")
    figure = env(game="white_lotus", players=4, render_mode="figure")
    figure.reset(seed=0)
    assert figure.render().data


def test_render_of_a_game_without_a_board_figure_says_the_decision_and_the_scores():
    e = env(game="toy", render_mode="ansi")
    e.reset(seed=0)
    assert e.render().startswith("Toy auction: Red and Blue bid") and "Red 0, Blue 0" in e.render()
    html = env(game="toy", render_mode="html")
    html.reset(seed=0)
    assert "Red and Blue bid" in html.render()


def test_the_readme_lines_for_researchers_run_as_written():
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "lotus_kit.ai.pettingzoo" in b)
    namespace: dict = {}
    exec(compile(block, "README.md", "exec"), namespace)
    e, g = namespace["e"], namespace["g"]
    e.reset(seed=0)
    assert e.agent_selection == "player_0" and g.num_players == 3 and g.legal_ids(g.new_state(1))


def test_pettingzoos_render_test_passes_in_every_render_mode(capsys):
    """(The toy: five kaleido images per call; a real board's image is checked above.)"""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env(game="toy", render_mode=render_mode))
    assert "Scores:" in capsys.readouterr().out          # "human" on a terminal: the words

"""The drag-and-drop card placer at Winter's table: the legal spots it is given (the engine's, for
the card as turned), what a drop does (snaps to the nearest legal spot and lays the card there, the
big lake following), drops that change nothing (off every legal spot, off the lake, malformed), the
keyboard and click fallback, what its state holds (nothing of the face-down deck), and the ES module
shipped in the wheel."""

from __future__ import annotations

import itertools
import json
import math
import pathlib
import random
import re
import tomllib

import pytest

from lotus_kit.ui import GameTable
from lotus_kit.ui.movelist import esm_path
from lotus_kit.winter.actions import Lay
from lotus_kit.winter.deck import flakes, turn
from lotus_kit.winter.game import WINTER
from lotus_kit.winter.screen.board import Pointer
from lotus_kit.winter.screen.placer import REACH, CardPlacer, snap

ROOT = pathlib.Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def second_card_table() -> GameTable:
    """Seed 3, both seats people: the first start card laid at (0, 0), the second in hand."""
    t = GameTable(game="winter", seed=3, seats=["human", "human"])
    t.board.click("1,1")                                 # WIN-CLAR-2: the first card at (0, 0)
    assert t.session.actions == [Lay(0, 0)]
    return t


def legal_lays(state, turned: bool) -> list[list[int]]:
    return sorted(([a.x, a.y] for a in WINTER.legal_actions(state) if isinstance(a, Lay) and a.turned == turned),
                  key=lambda p: (p[1], p[0]))


def test_WIN_GEO_5_the_placer_is_given_the_engines_legal_spots_for_the_card_as_turned():
    t = second_card_table()
    placer = t.panels["freeze"].placer
    state = t.session.state
    assert placer.card == state.card_in_hand and placer.enabled and not placer.turned
    assert placer.spots == legal_lays(state, False)
    # WIN-CLAR-1: next to a lone card, a card lies edge to edge in 12 ways (two flakes apart one way,
    # at most one flake off the other way)
    assert len(placer.spots) == 12
    assert all((abs(x) == 2 and abs(y) <= 1) or (abs(y) == 2 and abs(x) <= 1) for x, y in placer.spots)
    layouts = dict(zip(state.deck.ids, state.deck.layouts, strict=True))
    printed = layouts[state.card_in_hand]
    assert placer.faces == [flakes(printed), flakes(turn(printed))]
    first = flakes(layouts[t.session.states[0].card_in_hand]).replace("/", "")   # laid as printed at (0, 0)
    assert placer.cells == sorted([[0, 0, int(first[0] == "L")], [1, 0, int(first[1] == "L")],
                                   [0, 1, int(first[2] == "L")], [1, 1, int(first[3] == "L")]])

def test_WIN_GEO_2_turning_in_the_placer_turns_the_card_on_both_lakes():
    t = second_card_table()
    placer = t.panels["freeze"].placer
    placer.press_turn()                                  # the page's "Turn 180°" (or R)
    assert placer.turned and t.board.pointer == Pointer(turned=True)
    assert placer.spots == legal_lays(t.session.state, True)
    spots = next(tr for tr in t.board.figure.data if tr.meta == "spots")
    assert sorted(zip(spots.x, spots.y, strict=True)) == sorted((x + 1, y + 1) for x, y in placer.spots)
    placer.press_turn()
    assert not placer.turned and t.board.pointer == Pointer()


def test_a_drop_near_a_legal_spot_snaps_to_it_and_lays_the_card_there():
    t = second_card_table()
    placer = t.panels["freeze"].placer
    second = t.session.state.card_in_hand
    figure = t.board.figure
    placer.press_turn()
    # let go with the top-left flake at (2.3, -0.4): (2, 0) is 0.5 away, (2, -1) 0.67, (1, -2) 1.9
    assert placer.drop(2.3, -0.4) == (2, 0)
    assert t.session.actions[-1] == Lay(2, 0, turned=True)
    assert (2, 0, second) in [(x, y, n) for x, y, n, _ in t.session.state.lake]
    # the big lake follows in place, and the placer shows the lake with the card on it
    assert len(t.board.state.cards) == 2 and t.board.figure is figure
    cells = [sh for sh in figure.to_dict()["layout"]["shapes"] if sh.get("layer") == "below"]   # one per flake
    assert len(cells) == 8
    assert not placer.enabled and placer.card == ""              # the colour is chosen next (WIN-SET-3)


def test_WIN_GEO_5_a_drop_near_no_legal_spot_changes_nothing_and_says_why():
    t = second_card_table()
    placer = t.panels["freeze"].placer
    before, actions = t.session.state, list(t.session.actions)
    spots = [tuple(p) for p in placer.spots]
    # on the first card itself: no legal spot within reach of (0, 0)
    assert min(math.hypot(x, y) for x, y in spots) > REACH
    assert placer.drop(0.0, 0.0) is None
    assert t.session.state is before and t.session.actions == actions
    assert "WIN-GEO-5" in placer.message and "back in your hand" in placer.message
    feedback = t.panels["freeze"].feedback.value
    assert "WIN-GEO-5" in feedback and "lotus-error" in feedback and "nothing changed" in feedback
    assert placer.card == before.card_in_hand and placer.enabled      # still in hand, still to lay
    # off the lake, malformed drops and an illegal spot picked: refused, nothing changes
    assert placer.drop(None, None) is None and "off the lake" in placer.message
    for content in ({"drop": "2,0"}, {"drop": [float("nan"), 0]}, {"drop": [True, 0]}, {"drop": [1]},
                    {"pick": [0.5, 0]}, {"pick": "x"}, {"nothing": 1}, "drop"):
        placer._on_message(placer, content, [])
    assert placer.pick(0, 0) is None and "(0, 0)" in placer.message
    assert t.session.state is before and t.session.actions == actions


def test_the_keys_and_clicks_lay_the_card_without_a_drag():
    t = second_card_table()
    placer = t.panels["freeze"].placer
    x, y = placer.spots[0]
    placer._on_message(placer, {"pick": [x, y]}, [])    # Enter on a spot chosen with the arrows, or a click
    assert t.session.actions[-1] == Lay(x, y)


def test_snap_takes_the_nearest_spot_within_reach_and_breaks_ties_by_row_then_column():
    assert snap([(0, 0), (2, 0)], 1.0, 0.0) == (0, 0)            # equally near: the smaller x
    assert snap([(0, 1), (1, 0)], 0.5, 0.5) == (1, 0)            # equally near: the smaller y
    assert snap([(0, 0)], 0.7, 0.7) == (0, 0)                    # 0.99 away: within one flake
    assert snap([(0, 0)], 0.8, 0.8) is None                      # 1.13 away
    assert snap([], 0, 0) is None


def test_WIN_CLAR_3_the_placer_state_holds_nothing_of_the_face_down_deck():
    t = second_card_table()
    placer = t.panels["freeze"].placer
    state = t.session.state
    seen = json.dumps({k: v for k, v in placer.get_state().items() if not k.startswith("_")})
    on_view = {n for _, _, n, _ in state.lake} | {state.card_in_hand}
    unseen = [n for n in state.deck.ids if n not in on_view]
    assert unseen and not [n for n in unseen if f'"{n}"' in seen]
    # the same position with the deck shuffled again gives the page the same widget state
    other = CardPlacer()
    other.show(WINTER.observation(WINTER.redraw_hidden(state, 0, random.Random(5)), 0), turned=False)
    mine = CardPlacer()
    mine.show(WINTER.observation(state, 0), turned=False)
    keys = CardPlacer._SYNCED
    assert {k: getattr(other, k) for k in keys} == {k: getattr(mine, k) for k in keys}


def test_a_view_that_asks_is_sent_the_whole_state():
    placer = CardPlacer()
    placer.show(WINTER.observation(WINTER.new_game(2, seed=1), 0), turned=False)
    sent = []
    placer.send = lambda content, buffers=None: sent.append(content)
    placer._on_message(placer, {"page": "http://127.0.0.1/x"}, [])
    assert sent == [{"state": {k: getattr(placer, k) for k in CardPlacer._SYNCED}}]
    assert sent[0]["state"]["spots"] == [[0, 0]]                 # WIN-CLAR-2: the first card at (0, 0)


def test_the_wheel_ships_the_placer_module():
    # the wheel maps the top-level widgets/ folder into the package, where esm_path finds it installed
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]["widgets"] == "lotus_kit/_widgets"
    source = ROOT / "widgets" / "winter_placer.js"
    assert esm_path("winter_placer.js") == source            # in a checkout: the file the wheel ships
    shipped = source.read_text(encoding="utf-8")
    # a module of its own: nothing imported or fetched from elsewhere
    assert "export default { render }" in shipped
    assert not [line for line in shipped.splitlines() if line.startswith("import ")] and "fetch(" not in shipped


@pytest.mark.parametrize("cvd", [None, "deuteranomaly", "protanomaly", "tritanomaly"])
def test_the_placers_marks_and_flakes_stay_apart_under_simulated_colour_vision_deficiencies(cvd):
    """The colours the page draws (read from the module): the light and dark flakes, the legal spots'
    rings and the outline of where the card lands, every two at least 20 apart in CAM02-UCS with a
    full-severity deficiency simulated (colorspacious), so no mark hides in the flakes. The marks
    differ in shape too (a ring with a cross, a square outline), not in colour alone."""
    from colorspacious import deltaE

    from tests.views.test_board_layout import _simulated

    text = (ROOT / "widgets" / "winter_placer.js").read_text(encoding="utf-8")
    colours = dict(re.findall(r'(\w+) = "(#[0-9a-f]{6})"', text))
    names = ["LIGHT_FILL", "DARK_FILL", "SPOT", "SNAP"]
    sims = {n: _simulated(colours[n], cvd) for n in names}
    dist = {(a, b): float(deltaE(sims[a], sims[b], input_space="sRGB1")) for a, b in itertools.combinations(names, 2)}
    worst = min(dist, key=dist.get)
    assert dist[worst] >= 20, (cvd, worst, dist[worst])

"""The explorer's "Biggest swings" section (issue 5): decisions judged by rollouts, go to one, try
the better move (lotus_kit.ui.explorer, lotus_kit.analysis.rollouts.mistakes).

Budgets are tiny (2 rollouts, 2 alternatives, a handful of decisions): the tests check the wiring
(the right line, step, decision and branch), not the quality of the judgement.
"""

from __future__ import annotations

import asyncio
import html as htmllib
import time
from pathlib import Path

import pytest

from lotus_kit.analysis.rollouts import MISTAKE_COLUMNS, MistakeSearch, mistakes
from lotus_kit.core.records import load
from lotus_kit.ui.explorer import SWING_BUDGET, Explorer, describe_action
from lotus_kit.ui.phases.text import shown_text
from lotus_kit.white_lotus.engine import legal_actions
from lotus_kit.white_lotus.game import new_record
from lotus_kit.white_lotus.state import PHASE_NAMES

SHOWCASE = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "showcase-4p.json"
TINY = {"rollouts": 2, "alternatives": 2, "max_decisions": 5}


def text(widget) -> str:
    """What a reader sees in an HTML widget: tags stripped, entities decoded."""
    return htmllib.unescape(shown_text(widget.value))


def table_rows(ex: Explorer) -> list[list[str]]:
    """The swings table as the reader sees it: the text cells of each row (the header is not a row)."""
    cells = [c for c in ex.swing_table.children if "lotus-swing-cell" in c._dom_classes]
    return [[text(c) for c in cells[i: i + 7]] for i in range(0, len(cells), 7)]


def buttons(ex: Explorer, kind: str) -> list:
    return [c for c in ex.swing_table.children if f"lotus-swing-{kind}" in c._dom_classes]


@pytest.fixture(scope="module")
def record():
    return load(SHOWCASE)


@pytest.fixture
def ex(record) -> Explorer:
    return Explorer(record)


@pytest.fixture
def found(ex):
    return ex, ex.find_swings(**TINY)


# -- mistakes(): the action objects ---------------------------------------------------------------------
def test_mistakes_returns_the_actions_themselves(record):
    df = mistakes(record, seats=[1, 2], rollouts=1, alternatives=2, max_decisions=4, progress=False)
    states = record.states()
    assert list(df.columns) == list(MISTAKE_COLUMNS) and len(df) == 4
    for row in df.itertuples():
        assert row.action == record.actions[row.step] and repr(row.action) == row.decision
        assert row.alternative != row.action and row.alternative in legal_actions(states[row.step], row.seat)
        assert repr(row.alternative) == row.best_alternative and row.seat in (1, 2)
        assert row.swing_std_error > 0
    assert list(df["swing"]) == sorted(df["swing"], reverse=True)


def test_mistake_search_refuses_a_bad_budget_before_any_work(record):
    for bad in ({"rollouts": 0}, {"rollouts": 2.5}, {"alternatives": -1}, {"max_decisions": 0}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            MistakeSearch(record, **bad)
    search = MistakeSearch(record, seats=[0], rollouts=1, alternatives=1, max_decisions=2)
    assert (search.total, search.done, len(search.frame())) == (2, 0, 0)


# -- finding the swings ---------------------------------------------------------------------------------
def test_find_swings_lists_the_decisions_of_the_line_biggest_swing_first(found):
    ex, df = found
    line = ex.tree.root.line
    assert len(df) == TINY["max_decisions"] and list(df["swing"]) == sorted(df["swing"], reverse=True)
    assert ex.swings is df and ex.swings_node is ex.tree.root
    for row in df.itertuples():
        assert line.actions[row.step] == row.action
        assert row.alternative in legal_actions(line.states[row.step], row.seat)
    # the table: one row per swing with the decision in words, the win chances and the swing
    rows = table_rows(ex)
    assert len(rows) == len(df) and len(buttons(ex, "go")) == len(buttons(ex, "try")) == len(df)
    top = df.iloc[0]
    state = line.states[top["step"]]
    assert rows[0][:2] == ["1", f"{top['step']} · year {state.year}{PHASE_NAMES[int(state.phase)]}"]
    assert rows[0][2] == describe_action(top["action"], state)
    assert rows[0][4] == describe_action(top["alternative"], state, seat=False)
    assert rows[0][3] == f"{top['win_made']:.0%}" and rows[0][5] == f"{top['win_best']:.0%}"
    assert rows[0][6].startswith(f"{top['swing'] * 100:+.0f} ± ")
    assert "line 0" in text(ex.swing_caption) and "2 rollouts per move" in text(ex.swing_caption)
    assert "Judged 5 decisions" in text(ex.swing_message)
    # the section showed the budget it ran with; the search left nothing running
    assert (ex.swing_rollouts.value, ex.swing_alternatives.value, ex.swing_decisions.value) == (2, 2, 5)
    assert not ex.swing_button.disabled and ex.swing_progress.layout.display == "none"


def test_the_section_starts_closed_with_every_seat_and_the_modest_budget(ex):
    assert ex.swings_section.selected_index is None and ex.swings is None
    assert ex.swing_seat_choice == (0, 1, 2, 3)
    assert (ex.swing_rollouts.value, ex.swing_alternatives.value, ex.swing_decisions.value) == (
        SWING_BUDGET["rollouts"], SWING_BUDGET["alternatives"], SWING_BUDGET["max_decisions"])
    assert "12 × 4 moves × 8 = 384 games" in text(ex.swing_games)


def test_only_the_ticked_seats_are_judged(ex):
    ex.swing_seats.children[0].value = False
    ex.swing_seats.children[2].value = False
    ex.swing_rollouts.value, ex.swing_alternatives.value, ex.swing_decisions.value = 1, 1, 3
    ex.swing_button.click()                           # no running loop here: the search runs at once
    assert set(ex.swings["seat"]) <= {1, 3} and len(ex.swings) == 3
    assert "Blue, Yellow" in text(ex.swing_caption)


# -- go to a swing, try the better move -----------------------------------------------------------------
def test_go_to_swing_shows_the_step_where_the_decision_was_made(found):
    ex, df = found
    ok, message = ex.go_to_swing(0)
    k = int(df.iloc[0]["step"])
    assert ok and ex.step == k and ex.decision == df.iloc[0]["action"]
    assert f"Step {k} " in text(ex.where) and ex.board.state is ex.line.states[k]
    assert describe_action(df.iloc[0]["action"], ex.line.states[k]) in message
    buttons(ex, "go")[1].click()                      # the row's button does the same
    assert ex.step == int(df.iloc[1]["step"]) and ex.node.is_root


def test_try_swing_branches_with_the_better_move_and_shows_the_diff(found):
    ex, df = found
    top = df.iloc[0]
    k = int(top["step"])
    ok, message = ex.try_swing(0)
    assert ok, message
    node = ex.node
    assert not node.is_root and node.parent is ex.tree.root and node.index == k
    assert ex.line.actions[k] == top["alternative"] and ex.line.actions[:k] == ex.tree.root.line.actions[:k]
    assert ex.line.origins[k] == "changed" and ex.step == k + 1
    assert "Line 1" in text(ex.swing_message) and "Line 1" in text(ex.change_message)
    assert ex.last_diff is not None and len(ex.lines.options) == 2
    # the row's button again: the same branch, shown again, nothing new
    buttons(ex, "try")[0].click()
    assert ex.node is node and len(ex.tree) == 2


def test_try_swing_with_the_rest_played_afresh_lets_the_bots_play_on(found):
    ex, df = found
    k = int(df.iloc[0]["step"])
    ex.fill_rest.value = False                       # "The rest: is played afresh", as the rollouts did
    ok, message = ex.try_swing(0)
    assert ok, message
    line = ex.line
    assert line.kept == 0 and set(line.origins[k + 1:]) == {"bot"} and line.is_over
    assert ex.node.path.endswith("/afresh")


def test_swings_are_never_applied_to_another_line(found):
    ex, df = found
    root = ex.tree.root
    # a branch at the first step that has another choice: every later swing is another position there
    k0 = next(k for k in range(root.line.steps)
              if len(legal_actions(root.line.states[k], root.line.actions[k].seat)) > 1)
    ex.go(k0)
    other = next(a for a in legal_actions(ex.state, ex.decision.seat) if a != ex.decision)
    assert ex.change(other)[0]
    branch, size = ex.node, len(ex.tree)
    later = [r for r in range(len(df)) if df.iloc[r]["step"] > k0]
    assert later
    ok, message = ex.try_swing(later[0])
    assert not ok and "found on line 0" in message and "Go" in message
    assert ex.node is branch and len(ex.tree) == size and "lotus-error" in ex.swing_message.value
    # Go returns to the line the swings belong to; then the move can be tried there
    ok, message = ex.go_to_swing(later[0])
    assert ok and ex.node is root and message.startswith("Back on line 0")
    ok, _message = ex.try_swing(later[0])
    assert ok and ex.node.parent is root and ex.line.actions[int(df.iloc[later[0]]["step"])] == \
        df.iloc[later[0]]["alternative"]


def test_swings_of_a_branch_belong_to_the_branch(ex):
    root = ex.tree.root
    ex.go(40)
    assert ex.change(next(a for a in legal_actions(ex.state, ex.decision.seat) if a != ex.decision))[0]
    branch = ex.node
    df = ex.find_swings(rollouts=1, alternatives=1, max_decisions=6)
    assert ex.swings_node is branch and "line 1" in text(ex.swing_caption)
    for row in df.itertuples():
        assert branch.line.actions[row.step] == row.action
    rank = int(df.index[df["step"] > 41][0])
    k = int(df.iloc[rank]["step"])
    ex.back_to_original()
    assert not ex.try_swing(rank)[0] and ex.node is root           # the original went another way at 40
    ex.switch(branch)
    ok, message = ex.try_swing(rank)
    assert ok, message
    assert ex.node.parent is branch and ex.line.actions[:k] == branch.line.actions[:k]
    assert ex.line.actions[k] == df.iloc[rank]["alternative"]
    assert (ex.compare_a.value, ex.compare_b.value) == (branch.number, ex.node.number)


# -- bad input: a clear message, nothing changes ----------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "words"), [
    ({"rollouts": 0}, "rollouts must be a whole number from 1"),
    ({"alternatives": "3"}, "alternatives must be a whole number"),
    ({"max_decisions": 10_000}, "decisions must be a whole number from 1 to 400"),
    ({"seats": []}, "Tick at least one player"),
    ({"seats": [7]}, "There is no seat 7"),
])
def test_bad_requests_are_refused_with_a_message(found, kwargs, words):
    ex, df = found
    table = ex.swing_table.children
    out = ex.find_swings(**kwargs)
    assert out.empty and list(out.columns) == list(MISTAKE_COLUMNS)
    assert words in text(ex.swing_message) and "lotus-error" in ex.swing_message.value
    assert ex.swings is df and ex.swing_table.children == table and ex.swing_rollouts.value == 2


def test_a_line_without_decisions_and_ranks_out_of_range(record):
    empty = Explorer(new_record(4, 0))
    assert empty.line.steps == 0
    assert empty.find_swings().empty and "Nothing to judge" in text(empty.swing_message)
    assert empty.swings is None and empty.swing_table.children == ()
    for call in (empty.go_to_swing, empty.try_swing):
        ok, message = call(0)
        assert not ok and "No swings found yet" in message
    ex = Explorer(record)
    ex.find_swings(rollouts=1, alternatives=1, max_decisions=2)
    for rank in (2, -1, True, "0"):
        assert not ex.go_to_swing(rank)[0] and not ex.try_swing(rank)[0]
        assert "There is no swing" in text(ex.swing_message)
    assert ex.node.is_root and ex.step == 0 and len(ex.tree) == 1


def test_loading_another_record_forgets_the_swings(found):
    ex, _df = found
    ok, _message = ex.load(new_record(3, 2).with_actions(()))
    assert ok and ex.swings is None and ex.swing_table.children == () and len(ex.swing_seats.children) == 3
    assert not ex.try_swing(0)[0] and ex.node.is_root


# -- in a running kernel: one decision at a time, with progress, and a Stop button ------------------------
async def _wait_for(ex: Explorer, seen: list, timeout: float = 30.0) -> None:
    t0 = time.perf_counter()
    while ex._swing_job is not None:
        seen.append((ex.swing_progress.value, ex.swing_progress.layout.display, ex.swing_button.disabled))
        assert time.perf_counter() - t0 < timeout
        await asyncio.sleep(0.01)


def test_in_an_event_loop_the_search_runs_between_other_work(ex):
    ex.swing_rollouts.value, ex.swing_alternatives.value, ex.swing_decisions.value = 1, 1, 4
    seen: list = []

    async def main() -> None:
        assert ex.start_swings()
        assert ex._swing_job is not None and ex.swings is None      # it returned before any decision
        ex.go(3)                                                     # the explorer still answers
        await _wait_for(ex, seen)

    asyncio.run(main())
    assert ex.step == 3 and ex.swings is not None and len(ex.swings) == 4
    assert seen and all(display == "flex" and disabled for _v, display, disabled in seen)
    assert {v for v, _d, _b in seen} >= {0, 1}                       # progress was shown step by step
    assert len(table_rows(ex)) == 4 and ex.swing_progress.layout.display == "none"


def test_stop_keeps_what_is_judged_so_far(ex):
    ex.swing_rollouts.value, ex.swing_alternatives.value, ex.swing_decisions.value = 1, 1, 30

    async def main() -> None:
        ex.swing_button.click()
        while ex.swing_progress.value < 2:
            await asyncio.sleep(0.01)
        assert ex.find_swings().empty                                # a second search is refused meanwhile
        assert "A search is running" in text(ex.swing_message)
        ex.swing_stop.click()

    asyncio.run(main())
    assert ex._swing_job is None and 2 <= len(ex.swings) < 30
    assert "Stopped after" in text(ex.swing_message) and len(table_rows(ex)) == len(ex.swings)

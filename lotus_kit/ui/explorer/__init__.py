"""The what-if explorer: step through a recorded game, change a decision, see what changes.

:class:`Explorer` loads a game record and shows it step by step: a timeline (slider, previous /
next, jump to a year and phase), the board (one ``FigureWidget`` brought to each step in place,
never rebuilt), what happened at the step in words with the rule ids, the chart that explains it
(the conflict, the rebellion, the score) and the decision taken next.

At any step the decision can be changed — another bid, another side, another province — and the
rest of the game is replayed at once by the rule of :mod:`lotus_kit.ui.tree`: recorded decisions
are kept where they still fit, seeded bots (or the user, fill "ask") make the rest. Every line is
kept in a :class:`~lotus_kit.ui.tree.BranchTree` addressed by paths from the root (the record);
the lines list switches between them, "Back to the original" returns to the record, and the diff
(:func:`lotus_kit.ui.compare.diff`) sets two lines side by side: conflict winners, emperors,
rebellions, final scores, the differences highlighted.

Everything the buttons do has a method for scripts and tests:

>>> from lotus_kit.white_lotus.actions import Bid
>>> ex = Explorer("notebooks/data/showcase-4p.json")
>>> ex.go(12); ex.decision
Bid(seat=0, target=2, cards=(3, 2, 2))
>>> ok, message = ex.change(Bid(0, 2, ()))
>>> ok, ex.node.path, ex.step
(True, '12:Bid(seat=0, target=2, cards=())', 13)
>>> "kept" in message and "Yellow" in ex.diff_view.value
True
>>> ex.change(Bid(0, 2, (3, 3, 3, 3)))[0]          # cards Red does not hold: refused, nothing changes
False
>>> ex.back_to_original(); ex.node.is_root
True

"Biggest swings" (a section to open under the chart) judges the decisions of the line shown by
rollouts (:class:`lotus_kit.analysis.rollouts.MistakeSearch`, one decision at a time so that a running
kernel stays responsive) and lists them biggest swing first; each row goes to its step
(:meth:`Explorer.go_to_swing`) or takes the better move there as a change
(:meth:`Explorer.try_swing`), on the line the swings were found on and no other:

>>> swings = ex.find_swings(rollouts=1, alternatives=1, max_decisions=2)
>>> ok, message = ex.try_swing(0)
>>> ok and ex.line.actions[swings.step[0]] == swings.alternative[0]
True
"""

from typing import Any

from lotus_kit.ui.explorer.common import ORIGIN_WORDS
from lotus_kit.ui.explorer.swings import SWING_BUDGET, SWING_ROWS
from lotus_kit.ui.explorer.widget import Explorer

__all__ = ["CHART_KINDS", "ORIGIN_WORDS", "SWING_BUDGET", "SWING_ROWS", "Explorer", "describe_action"]


def __getattr__(name: str) -> Any:
    # White Lotus's names, from before the explorer served every game (notebooks import them here)
    if name == "describe_action":
        from lotus_kit.white_lotus.words import describe_action

        return describe_action
    if name == "CHART_KINDS":
        from lotus_kit.white_lotus.screen.explorer import CHART_KINDS

        return CHART_KINDS
    raise AttributeError(name)

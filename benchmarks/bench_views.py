"""Speed of the plotly views: board build, one in-place update after one action, chart builds.

Run: ``.venv/bin/python benchmarks/bench_views.py [--repeat N]``. Prints medians; asserts nothing.
The issue's target is one board update <= 30 ms in the kernel (a FigureWidget, inside
``batch_update``; the comm is a DummyComm here, so sending to a browser is not counted).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import plotly.graph_objects as go

from lotus_kit.views.board import board_figure, update_board
from lotus_kit.views.charts import conflict_chart, rebellion_chart, score_chart, score_figure, timeline_chart
from lotus_kit.white_lotus.bots import bot_game
from lotus_kit.white_lotus.state import State


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()                                      # warm caches (geometry, label layout, skeleton)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def update_medians(states: list[State], make: Callable[[go.Figure], go.Figure], pairs: int) -> tuple[float, float]:
    """Median and 95th percentile (ms) of one update from a state to the next one."""
    fig = make(board_figure(states[0]))
    step = max(1, (len(states) - 1) // pairs)
    times = []
    for k in range(0, len(states) - 1, step):
        update_board(fig, states[k])          # untimed: the figure shows the state before the action
        t0 = time.perf_counter()
        update_board(fig, states[k + 1])
        times.append(time.perf_counter() - t0)
    times.sort()
    return statistics.median(times) * 1000, times[int(0.95 * (len(times) - 1))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=40)
    args = parser.parse_args()
    for players, seed in ((3, 5), (6, 2)):
        states = bot_game(players, seed)
        mid = states[len(states) // 2]
        print(f"{players} players: {len(states)} states, {states[-1].year} years")
        print(f"  board build (go.Figure)          {median_ms(lambda s=mid: board_figure(s), args.repeat):8.2f} ms")
        print(f"  board build, groups outlined      "
              f"{median_ms(lambda s=mid: board_figure(s, groups=True), args.repeat):8.2f} ms")
        med, p95 = update_medians(states, lambda f: f, 150)
        print(f"  one update after one action (go.Figure)      median {med:6.2f} ms, p95 {p95:6.2f} ms")
        t0 = time.perf_counter()
        widget = go.FigureWidget(board_figure(states[0]))
        print(f"  FigureWidget from the board (once)            {1000 * (time.perf_counter() - t0):8.1f} ms")
        med, p95 = update_medians(states, lambda f, w=widget: w, 150)
        print(f"  one update after one action (FigureWidget)   median {med:6.2f} ms, p95 {p95:6.2f} ms")
        for name, fn in (("score chart", lambda s=mid: score_chart(s)),
                         ("score table + chart", lambda s=mid: score_figure(s)),
                         ("conflict chart", lambda st=states: conflict_chart(st)),
                         ("rebellion chart", lambda st=states: rebellion_chart(st)),
                         ("timeline chart", lambda st=states: timeline_chart(st))):
            print(f"  {name:<32} {median_ms(fn, max(5, args.repeat // 4)):8.2f} ms")


if __name__ == "__main__":
    main()

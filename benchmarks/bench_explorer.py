"""Speed of the what-if explorer: a step change, a chart change, a what-if recompute.

Run: ``.venv/bin/python benchmarks/bench_explorer.py [--record PATH] [--changes N]``. Prints medians
and 90th percentiles; asserts nothing. Headless: the widgets talk to a DummyComm, so sending to a
browser is not counted.

- *step change*: :meth:`Explorer.go` to the next step — the board updated in place, the texts, the
  change panel; measured with the chart off (in a kernel the chart is drawn when the kernel is idle,
  after the step has answered) and with the chart drawn at once (every step whose chart differs
  builds a plotly figure);
- *chart*: building and swapping in the chart when it changes (cached when seen before);
- *recompute*: :func:`lotus_kit.ui.tree.replay` of the rest of the game after one changed decision
  (recorded decisions kept, heuristic bots fill the gaps), and the whole "Replay" click
  (:meth:`Explorer.change`: the recompute, the new line shown, the diff);
- *swings*: "Find the biggest swings" with the first budget (:data:`SWING_BUDGET`): setting up the
  search (the click answers after this), one decision judged (in a kernel the page waits at most
  this long between two decisions), the whole search, and "Try the better move".
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from lotus_kit.core.records import load
from lotus_kit.ui.explorer import SWING_BUDGET, Explorer
from lotus_kit.ui.tree import Fill, Line, replay
from lotus_kit.white_lotus.engine import legal_actions

SHOWCASE = Path(__file__).resolve().parents[1] / "notebooks" / "data" / "showcase-4p.json"


def stats(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    return f"median {statistics.median(times):7.2f} ms, p90 {p90:7.2f} ms, max {times[-1]:7.2f} ms (n={len(times)})"


def steps(ex: Explorer) -> list[float]:
    out = []
    for k in range(1, ex.line.steps + 1):
        t0 = time.perf_counter()
        ex.go(k)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--record", default=str(SHOWCASE))
    parser.add_argument("--changes", type=int, default=30)
    args = parser.parse_args()
    record = load(args.record)
    t0 = time.perf_counter()
    line = Line.from_record(record)
    print(f"record: {line.steps} actions, {line.final.year} years; replay of the record "
          f"{(time.perf_counter() - t0) * 1000:.1f} ms")
    t0 = time.perf_counter()
    ex = Explorer(record)
    print(f"Explorer built (imports warm)          {(time.perf_counter() - t0) * 1000:8.1f} ms")

    ex.chart_kind.value = "off"
    ex.go(0)
    print(f"step change, chart off (kernel answer) {stats(steps(ex))}")
    ex.chart_kind.value = "auto"
    ex.go(0)
    ex._chart_cache.clear()
    cold = steps(ex)
    print(f"step change + chart at once, cold      {stats(cold)}")
    ex.go(0)
    print(f"step change + chart at once, cached    {stats(steps(ex))}")

    rng = random.Random(1)
    picks = sorted(rng.sample(range(line.steps - 1), min(args.changes, line.steps - 1)))
    changes = []
    for k in picks:
        decision = line.actions[k]
        others = [a for a in legal_actions(line.states[k], decision.seat) if a != decision]
        if others:
            changes.append((k, rng.choice(others)))
    recompute, kept, filled = [], [], []
    for k, action in changes:
        t0 = time.perf_counter()
        branch = replay(line, k, action, Fill())
        recompute.append((time.perf_counter() - t0) * 1000)
        kept.append(branch.kept)
        filled.append(branch.filled)
    print(f"what-if recompute (replay + fill)      {stats(recompute)}")
    print(f"  kept per change: median {statistics.median(kept):.0f}, bots filled: median "
          f"{statistics.median(filled):.0f}")
    clicks = []
    for k, action in changes[:15]:
        ex.switch(0, step=k)
        t0 = time.perf_counter()
        ok, _message = ex.change(action)
        clicks.append((time.perf_counter() - t0) * 1000)
        assert ok
    print(f"'Replay' click (recompute + show + diff) {stats(clicks)}")

    ex.switch(0, step=0)
    setups, chunks = [], []
    t0 = time.perf_counter()
    job = ex._start_swings(None, None, None, None, 0)
    setups.append((time.perf_counter() - t0) * 1000)
    while True:
        t0 = time.perf_counter()
        more = ex._advance(job)
        chunks.append((time.perf_counter() - t0) * 1000)
        if not more:
            break
    print(f"swings {SWING_BUDGET}: set-up {setups[0]:.1f} ms, whole search {sum(chunks) / 1000:.2f} s")
    print(f"  one decision judged (the page's longest wait) {stats(chunks)}")
    tries = []
    for rank in range(min(5, len(ex.swings))):
        ex.go_to_swing(rank)
        t0 = time.perf_counter()
        ok, _message = ex.try_swing(rank)
        tries.append((time.perf_counter() - t0) * 1000)
        assert ok
    print(f"'Try the better move' click             {stats(tries)}")


if __name__ == "__main__":
    main()

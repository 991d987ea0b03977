"""Render the README's board images from bot games in mid-play (issue 7).

    .venv/bin/python scripts/render_readme_images.py            # docs/images/board-3p.png, board-6p.png
    .venv/bin/python scripts/render_readme_images.py --charts   # also the charts, docs/images/chart-*.png

Needs Chromium for kaleido (``apt-get install chromium``). The Chinese names need a CJK font
(``apt-get install fonts-wqy-microhei``); without one they are left out rather than drawn as boxes.
The games are seeded, so the pictures only change when the engine, the bots or the views do.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lotus_kit.views.board import board_figure
from lotus_kit.views.charts import conflict_chart, rebellion_chart, score_figure, timeline_chart
from lotus_kit.views.export import cjk_font_available, image_server, write_image
from lotus_kit.white_lotus.bots import bot_game
from lotus_kit.white_lotus.state import Phase, State

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "images"




def claims_in_year(states: list[State], year: int) -> State:
    """The last marker placement of phase 1 in ``year``: many markers on the board."""
    claims = [s for s in states if s.year == year and s.phase == Phase.CLAIMS]
    return claims[-1]


def conflict_in_year(states: list[State], year: int) -> State:
    """A state of ``year`` with a conflict being fought (the emperor stone on the province)."""
    return next(s for s in states if s.year == year and s.conflict is not None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--charts", action="store_true", help="also render the charts")
    args = parser.parse_args()
    hanzi = cjk_font_available()
    if not hanzi:
        print("note: no CJK font (apt-get install fonts-wqy-microhei): Chinese names left out", file=sys.stderr)
    three = bot_game(3, 5)
    six = bot_game(6, 2)
    images = {
        "board-3p.png": board_figure(claims_in_year(three, 3), hanzi=hanzi, groups=True),
        "board-6p.png": board_figure(conflict_in_year(six, 3), hanzi=hanzi),
    }
    if args.charts:
        images["chart-score.png"] = score_figure(six[len(six) // 2])
        images["chart-conflict.png"] = conflict_chart(six)
        images["chart-rebellion.png"] = rebellion_chart(six)
        images["chart-timeline.png"] = timeline_chart(six)
    with image_server():
        for name, fig in images.items():
            path = write_image(fig, args.out / name)
            print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

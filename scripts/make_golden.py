"""Regenerate White Lotus's golden playthroughs: ``scripts/golden.py --game white_lotus`` (kept for old habits)."""

from __future__ import annotations

import pathlib
import runpy

if __name__ == "__main__":
    runpy.run_path(str(pathlib.Path(__file__).with_name("golden.py")), run_name="__main__")

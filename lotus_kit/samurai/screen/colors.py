"""The seats' colours of Ehre der Samurai on screen, shared by the table view and the phase panels."""

from __future__ import annotations

SEAT_COLORS = ("#d62728", "#1f77b4", "#2ca02c", "#bcbd22", "#444444", "#9e9e9e")
# the seats' names written in their colours, dark enough to read on white (contrast at least 4.5:1)
SEAT_TEXT = ("#d62728", "#1f77b4", "#23802a", "#7a7000", "#444444", "#6e6e6e")

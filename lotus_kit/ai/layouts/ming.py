"""Ming's observation tensor: the display, the piles, every seat's hand and tiles, every district's pieces.

Blocks follow :func:`lotus_kit.ming.observation.observation`'s keys: ``seat`` (one-hot), ``round``, ``phase`` (one-hot),
``start_player``, ``to_act`` (a slot per seat), ``city`` (the city being scored, one-hot over the provinces),
``display`` (per colour one-hot over the transport cards), ``dragon_supply``, ``supply_size``, ``discards``
and ``tile_supply`` (counts); per seat ``seat<s>.hand`` (a count per card kind, dragons last),
``.hand_size``, ``.score``, ``.personal_supply``, ``.prince`` (one-hot over the districts), ``.tiles`` and
``.spaces`` (per colour), ``.in_hand``, ``.boxed``, ``.return_cards`` (one-hot: to choose, chosen, or the
revealed sum 0..6) and ``.passed``; per district ``<district>.open`` and ``<district>.houses`` (a count per
family: the seats' colours, then the neutral one) and ``<district>.cloister`` (one-hot over the seats).
The player count and the flags are the game's parameters: no block.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotus_kit.ai.encoding import Encoding
from lotus_kit.ai.layout import Block, Layout, bits, counts, number, onehot, onehots
from lotus_kit.ming.state import DRAGON, NEUTRAL_NAME, PHASE_NAMES, SEAT_NAMES

RETURN_VIEWS = ("to choose", "chosen", *range(7))     # MING-CLAR-11: chosen or not; the sum to its owner


def layout(game: Any, players: int, flags: Sequence[str], enc: Encoding) -> Layout:
    board = game.new_game(players, 0, flags).table.board
    colours, transports = tuple(board.colours), tuple(board.transports)
    districts, provinces = tuple(board.district_names), tuple(board.province_ids)
    seats, families = tuple(range(players)), (*SEAT_NAMES[:players], NEUTRAL_NAME)
    blocks: list[Block] = [
        onehot("seat", lambda o: o["seat"], seats),
        number("round", lambda o: o["round"]),
        onehot("phase", lambda o: o["phase"], PHASE_NAMES, none_ok=False),
        onehot("start_player", lambda o: o["start_player"], seats),
        bits("to_act", lambda o: sum(1 << s for s in o["to_act"]), players),
        onehot("city", lambda o: o["city"], provinces),
        onehots("display", lambda o: [o["display"].get(c) for c in colours], len(colours), transports),
        number("dragon_supply", lambda o: o["dragon_supply"]),
        number("supply_size", lambda o: o["supply_size"]),
        counts("discards", lambda o: o["discards"], (*transports, DRAGON)),
        counts("tile_supply", lambda o: o["tile_supply"], colours),
    ]
    for s in seats:
        def seat(o: Any, s: int = s) -> dict[str, Any]:
            return o["seats"][s]
        blocks += [
            counts(f"seat{s}.hand", lambda o, f=seat: f(o)["hand"], (*transports, DRAGON)),
            number(f"seat{s}.hand_size", lambda o, f=seat: f(o)["hand_size"]),
            number(f"seat{s}.score", lambda o, f=seat: f(o)["score"]),
            number(f"seat{s}.personal_supply", lambda o, f=seat: f(o)["personal_supply"]),
            onehot(f"seat{s}.prince", lambda o, f=seat: f(o)["prince"], districts),
            counts(f"seat{s}.tiles", lambda o, f=seat: f(o)["tiles"], colours),
            counts(f"seat{s}.spaces", lambda o, f=seat: f(o)["spaces"], colours),
            number(f"seat{s}.in_hand", lambda o, f=seat: f(o)["in_hand"]),
            number(f"seat{s}.boxed", lambda o, f=seat: f(o)["boxed"]),
            onehot(f"seat{s}.return_cards", lambda o, f=seat: f(o)["return_cards"], RETURN_VIEWS),
            number(f"seat{s}.passed", lambda o, f=seat: f(o)["passed"]),
        ]
    for d in districts:
        blocks += [counts(f"{d}.open", lambda o, d=d: o["districts"][d]["open"], families),
                   counts(f"{d}.houses", lambda o, d=d: o["districts"][d]["houses"], families),
                   onehot(f"{d}.cloister", lambda o, d=d: o["districts"][d]["cloister"], families[:players])]
    return Layout("ming", blocks)

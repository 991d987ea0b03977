"""What a seat may know (MING-CLAR-17): everything on the table, the hands (they can be worked out
from public play, so they are public), tiles, scores, the display and the piles' sizes; hidden are
the order of the face-down supply, the generator of later shuffles, and the other seats' return-card
sums until all of a city's choices are revealed together (MING-CLAR-11).

>>> from lotus_kit.ming.engine import new_game
>>> o = observation(new_game(3, seed=2, start_player=1), 0)
>>> o["phase"], o["to_act"], o["seats"][1]["hand"], "supply" in o
('place_prince', [1], {'DRAGON': 1}, False)
"""

from __future__ import annotations

from typing import Any

from lotus_kit.ming.state import DEPLOY, G_MASK, G_PHASE, PHASE3, RETURN, SEAT_NAMES, SPLIT, State


def observation(state: State, seat: int | None) -> dict[str, Any]:
    """A plain dict of what ``seat`` (None: a spectator) may see now."""
    t, d = state.table, state.data
    b = t.board
    phase = d[G_PHASE]
    seats = []
    for x in range(t.players):
        ret = d[t.seat(x) + t.ret]
        if phase == RETURN:
            # MING-CLAR-11: whether a seat has chosen is public, the sum only to its owner
            ret_view: Any = ("to choose" if d[G_MASK] >> x & 1 else "chosen") if (ret >= 0 or d[G_MASK] >> x & 1) \
                else None
            if x == seat and ret >= 0:
                ret_view = ret
        elif phase == SPLIT and ret >= 0:
            ret_view = ret                      # revealed together
        else:
            ret_view = None
        seats.append({
            "name": SEAT_NAMES[x], "hand": state.hand(x), "hand_size": state.hand_size(x),
            "score": state.score(x), "personal_supply": state.personal_supply(x), "prince": state.prince(x),
            "tiles": state.tiles(x), "spaces": state.spaces(x), "in_hand": state.in_hand(x),
            "boxed": state.boxed(x), "return_cards": ret_view,
            "passed": phase in (PHASE3, DEPLOY) and bool(d[G_MASK] >> x & 1)})
    districts = {dn: {"open": state.open_area(dn), "houses": state.houses(dn), "cloister": state.cloister(dn)}
                 for dn in b.district_names}
    return {
        "seat": seat, "players": t.players, "flags": list(t.rules.flags()), "round": state.round,
        "phase": state.phase, "start_player": state.start_player, "to_act": sorted(state.to_act_seats),
        "city": state.city_being_scored, "display": state.display, "dragon_supply": state.dragon_supply,
        "supply_size": state.supply_size, "discards": state.discards, "tile_supply": state.tile_supply,
        "seats": seats, "districts": districts}

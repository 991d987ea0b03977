"""A position of Winter from a plain description, or every reason it cannot be one.

A description is JSON data::

    {"phase": "thaw",                       # "thaw" (default) or "freeze"
     "flags": ["BGA_HELP"],                 # variant flags (default: none, profile DEVIR)
     "colours": ["light", "dark"],          # seat 0's and seat 1's colour
     "to_move": 0,
     "lake": [{"x": 0, "y": 0, "flakes": "LD/LD"},            # by flakes as they lie ...
              {"x": 2, "y": 0, "card": "W12", "turned": true}], # ... or by card id of the deck
     "tokens": [{"seat": 1, "x": 1, "y": 0}],                   # top-left flake of the square
     "supplies": [9, 8],                    # default: 9 minus the seat's tokens on the lake
     "cards_removed": [0, 0], "thaw_turns": 0,
     "deck": ["W05", "W01"],                # freeze only: the face-down cards, top first
     "cards": [{"id": "W01", "flakes": "LL/LD"}, ...]}         # the deck's cards (default WIN-CMP-3)

>>> s = position({"lake": [{"x": 0, "y": 0, "flakes": "LD/LD"}, {"x": 2, "y": 0, "flakes": "DL/DL"}],
...               "tokens": [{"seat": 1, "x": 1, "y": 0}], "colours": ["light", "dark"], "to_move": 1})
>>> s.phase, s.tokens, s.free
('thaw', ((), ((1, 0),)), ())
>>> position({"lake": [{"x": 0, "y": 0, "flakes": "LD/LD"}, {"x": 1, "y": 0, "flakes": "DL/DL"}],
...           "colours": ["light", "dark"], "to_move": 0})
Traceback (most recent call last):
...
lotus_kit.core.errors.PositionError: impossible position:
- cards at (0, 0) and (1, 0) overlap (WIN-GEO-5)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lotus_kit.core.errors import PositionError, quote
from lotus_kit.winter import engine as e
from lotus_kit.winter.deck import MAX_CARDS, TURNED, Deck, layout, standard_deck
from lotus_kit.winter.grid import BLOCK, LIGHT_CELLS, ORIGIN, W, components
from lotus_kit.winter.rules import Rules

FIELDS = {"phase", "flags", "colours", "to_move", "lake", "tokens", "supplies", "cards_removed", "thaw_turns",
          "deck", "cards"}


def position(description: Mapping[str, Any]) -> e.WinterState:
    """The state described; :class:`PositionError` with every reason when it cannot be played."""
    reasons: list[str] = []
    if not isinstance(description, Mapping):
        raise PositionError([f"a position is an object, got {quote(description)}"])
    d = description
    for key in sorted(set(d) - FIELDS, key=str):
        reasons.append(f"unknown field {quote(key)}")
    try:
        rules = Rules.from_flags(d.get("flags", ()))
    except (ValueError, TypeError) as exc:
        raise PositionError([str(exc)]) from None
    try:
        deck = Deck.from_data(d["cards"]) if "cards" in d else standard_deck()
    except ValueError as exc:
        raise PositionError([f"cards: {exc}"]) from None
    phase = d.get("phase", "thaw")
    if phase not in ("thaw", "freeze"):
        raise PositionError([f"phase must be 'thaw' or 'freeze', got {quote(phase)}"])
    colours = d.get("colours")
    if colours not in (["light", "dark"], ["dark", "light"], ("light", "dark"), ("dark", "light")):
        reasons.append(f"colours must be ['light', 'dark'] or ['dark', 'light'] (WIN-SET-3), got {quote(colours)}")
        colours = ["light", "dark"]
    to_move = d.get("to_move")
    if to_move not in (0, 1) or type(to_move) is not int:
        reasons.append(f"to_move must be seat 0 or 1, got {quote(to_move)}")
        to_move = 0

    # --- the lake
    lake = d.get("lake")
    if not isinstance(lake, list) or len(lake) > MAX_CARDS:
        raise PositionError([*reasons, f"lake must be a list of at most {MAX_CARDS} cards, got {quote(lake)}"])
    used: set[int] = set()
    placed: list[tuple[int, int, int, int, int]] = []        # x, y, card index, turned, layout
    wanted = []
    for n, card in enumerate(lake):
        where = f"lake[{n}]"
        if not isinstance(card, Mapping) or not {"x", "y"} <= set(card) or \
                any(type(card[k]) is not int or abs(card[k]) > 1000 for k in ("x", "y")):
            reasons.append(f"{where}: expected {{'x': int, 'y': int, 'flakes' or 'card'}}, got {quote(card)}")
            continue
        extra = set(card) - {"x", "y", "flakes", "card", "turned"}
        if extra:
            reasons.append(f"{where}: unknown field {quote(sorted(extra, key=str)[0])}")
        turned = card.get("turned", False)
        if type(turned) is not bool:
            reasons.append(f"{where}.turned: expected true or false")
            turned = False
        if "card" in card:
            cid = card["card"]
            if cid not in deck.ids:
                reasons.append(f"{where}: no card {quote(cid)} in the deck")
                continue
            i = deck.ids.index(cid)
            if i in used:
                reasons.append(f"{where}: card {quote(cid)} lies in the lake twice")
                continue
            used.add(i)
            lay = TURNED[deck.layouts[i]] if turned else deck.layouts[i]
            if "flakes" in card:
                try:
                    if layout(card["flakes"]) != lay:
                        reasons.append(f"{where}: card {cid} does not lie as {quote(card['flakes'])}")
                except (ValueError, AttributeError):
                    reasons.append(f"{where}.flakes: expected 4 flakes like 'LL/LD', got {quote(card['flakes'])}")
            placed.append((card["x"], card["y"], i, int(turned), lay))
        elif "flakes" in card:
            try:
                lay = layout(card["flakes"])
            except (ValueError, AttributeError):
                reasons.append(f"{where}.flakes: expected 4 flakes like 'LL/LD', got {quote(card['flakes'])}")
                continue
            wanted.append((where, card["x"], card["y"], lay))
        else:
            reasons.append(f"{where}: give the card's 'flakes' or its 'card' id")
    for where, x, y, lay in wanted:            # cards named by flakes take an unused card of that look
        match = next((i for i in range(len(deck)) if i not in used and deck.layouts[i] == lay), None)
        turned = 0
        if match is None:
            match = next((i for i in range(len(deck)) if i not in used and TURNED[deck.layouts[i]] == lay), None)
            turned = 1
        if match is None:
            reasons.append(f"{where}: no unused card of the deck shows {quote(flakes_text(lay))} (WIN-CMP-3)")
            continue
        used.add(match)
        placed.append((x, y, match, turned, lay))
    placed.sort()
    for i, (x, y, *_) in enumerate(placed):
        for x2, y2, *_ in placed[i + 1:]:
            if abs(x - x2) <= 1 and abs(y - y2) <= 1:
                reasons.append(f"cards at ({x}, {y}) and ({x2}, {y2}) overlap (WIN-GEO-5)")
    if reasons:
        raise PositionError(reasons)
    if rules.aligned:
        for x, y, *_ in placed:
            if x % 2 or y % 2:
                reasons.append(f"with ALIGNED_GRID the card at ({x}, {y}) must lie on even coordinates (WIN-GEO-3)")
    v = [0] * e.NFIELDS
    v[e.COL0] = 0 if colours[0] == "light" else 1
    v[e.TURN] = to_move
    v[e.DRAWN] = -1
    if placed:
        minx, miny = min(p[0] for p in placed), min(p[1] for p in placed)
        if max(p[0] for p in placed) - minx > 2 * MAX_CARDS or max(p[1] for p in placed) - miny > 2 * MAX_CARDS:
            raise PositionError([*reasons, "the lake is not connected (WIN-GEO-4)"])
        v[e.OX], v[e.OY] = minx - ORIGIN, miny - ORIGIN
    else:
        v[e.OX] = v[e.OY] = -ORIGIN
    for x, y, _, _, lay in placed:
        a = (y - v[e.OY]) * W + x - v[e.OX]
        v[e.OCC] |= BLOCK << a
        v[e.LIGHT] |= LIGHT_CELLS[lay] << a
        v[e.ANCH] |= 1 << a
    if placed and len(components(v[e.ANCH])) > 1:
        reasons.append("the lake is not connected: every card must touch the others along an edge (WIN-GEO-4)")

    # --- tokens, supplies, counters
    tokens = d.get("tokens", [])
    if not isinstance(tokens, list):
        raise PositionError([*reasons, f"tokens must be a list, got {quote(tokens)}"])
    for n, tok in enumerate(tokens):
        where = f"tokens[{n}]"
        if not isinstance(tok, Mapping) or set(tok) != {"seat", "x", "y"} or tok["seat"] not in (0, 1) or \
                any(type(tok[k]) is not int for k in ("seat", "x", "y")):
            reasons.append(f"{where}: expected {{'seat': 0 or 1, 'x': int, 'y': int}}, got {quote(tok)}")
            continue
        seat, gx, gy = tok["seat"], tok["x"] - v[e.OX], tok["y"] - v[e.OY]
        if not (0 <= gx < W - 1 and 0 <= gy < W - 1):
            reasons.append(f"{where}: ({tok['x']}, {tok['y']}) is not a square of the lake (WIN-GEO-6)")
            continue
        w = gy * W + gx
        if (v[e.TOK0] | v[e.TOK1]) >> w & 1:
            reasons.append(f"{where}: two tokens on the square at ({tok['x']}, {tok['y']}) (WIN-GEO-7)")
            continue
        colour = e.colour_of(v, seat)
        if not e.colour_squares(v, colour, rules) >> w & 1:
            reasons.append(f"{where}: the window at ({tok['x']}, {tok['y']}) is not a {e.COLOUR_NAMES[colour]} "
                           f"square across cards (WIN-GEO-6)")
            continue
        if rules.exclusive:
            t = v[e.TOK0] | v[e.TOK1]
            dil = t | t << 1 | t >> 1
            if (dil | dil << W | dil >> W) >> w & 1:
                reasons.append(f"{where}: with EXCLUSIVE_FLAKES it shares a flake with another token (WIN-GEO-7)")
                continue
        v[e.TOK0 + seat] |= 1 << w
    on_lake = (v[e.TOK0].bit_count(), v[e.TOK1].bit_count())
    supplies = d.get("supplies", [e.TOKENS - on_lake[0], e.TOKENS - on_lake[1]])
    if not _pair(supplies):
        reasons.append(f"supplies must be two whole numbers, got {quote(supplies)}")
        supplies = [e.TOKENS - on_lake[0], e.TOKENS - on_lake[1]]
    for seat in (0, 1):
        v[e.SUP0 + seat] = supplies[seat]
        out = e.TOKENS - supplies[seat] - on_lake[seat]
        if out < 0:
            reasons.append(f"seat {seat} would have {supplies[seat] + on_lake[seat]} tokens, more than "
                           f"{e.TOKENS} (WIN-CMP-1)")
        elif out and not rules.melted_out:
            reasons.append(f"seat {seat} has {out} token(s) neither in supply nor on the lake: only "
                           f"MELTED_TOKENS_OUT_OF_GAME takes tokens out of the game (WIN-SPLIT-1)")
        v[e.OUT0 + seat] = max(out, 0)
    if min(supplies) == 0 and not rules.no_end_empty:
        reasons.append("a player with an empty supply has already ended the game (WIN-END-2)")
    removed = d.get("cards_removed", [0, 0])
    if not _pair(removed):
        reasons.append(f"cards_removed must be two whole numbers, got {quote(removed)}")
        removed = [0, 0]
    v[e.REM0], v[e.REM1] = removed
    thaw_turns = d.get("thaw_turns", 0)
    if type(thaw_turns) is not int or not 0 <= thaw_turns < rules.max_thaw_plies:
        reasons.append(f"thaw_turns must be a whole number from 0 to {rules.max_thaw_plies - 1} (WIN-END-3), "
                       f"got {quote(thaw_turns)}")
        thaw_turns = 0

    # --- the deck
    lake_cards = [p[2] for p in placed]
    if phase == "freeze":
        if "deck" not in d:
            reasons.append("a freezing position lists the face-down deck ('deck', top first)")
        deck_ids = d.get("deck", [])
        order_rest = []
        if isinstance(deck_ids, list):
            for cid in deck_ids:
                if cid not in deck.ids or deck.ids.index(cid) in used or deck.ids.index(cid) in order_rest:
                    reasons.append(f"deck: {quote(cid)} is not an unused card of the deck")
                else:
                    order_rest.append(deck.ids.index(cid))
        missing = len(deck) - len(lake_cards) - len(order_rest)
        if missing > 0:
            reasons.append(f"{missing} card(s) are neither in the lake nor in the deck: the freeze removes none "
                           f"(WIN-PH1-3)")
        if not order_rest:
            reasons.append("the deck is empty: the thaw has begun (WIN-PH1-3)")
        if len(placed) < 2:
            reasons.append("the freeze starts with the two start cards in the lake (WIN-CLAR-2)")
        if any(removed) or thaw_turns:
            reasons.append("cards_removed and thaw_turns count thaw turns; in the freeze they are 0 (WIN-CLAR-11)")
        order = tuple(lake_cards) + tuple(order_rest)
    else:
        if d.get("deck"):
            reasons.append("in the thaw the deck is empty (WIN-PH1-3)")
        gone = [i for i in range(len(deck)) if i not in used]
        if sum(removed) > len(gone) or min(removed) < 0:
            reasons.append(f"cards_removed {list(removed)} exceeds the {len(gone)} cards no longer in the lake "
                           f"(WIN-CLAR-9)")
        order = tuple(lake_cards) + tuple(gone)
    if reasons:
        raise PositionError(reasons)
    cards = tuple(sorted((x, y, i, t) for x, y, i, t, _ in placed))
    v[e.NEXT] = len(order) if phase == "thaw" else len(lake_cards)
    state = e.WinterState(tuple(v), cards, (), order, deck, rules)
    n = list(v)
    if phase == "thaw":
        n[e.PHASE], n[e.THAW_COUNT] = e.THAW, thaw_turns
        history = e._thaw_turn_start(n, (), rules)
    else:
        history = ()
        if rules.bga:
            n[e.PHASE], n[e.DRAWN] = e.FREEZE_LAY, order[n[e.NEXT]]
            n[e.NEXT] += 1
        else:
            n[e.PHASE] = e.FREEZE
    return e.WinterState(tuple(n), state.cards, history, order, deck, rules)


def flakes_text(lay: int) -> str:
    from lotus_kit.winter.deck import flakes
    return flakes(lay)


def _pair(value: Any) -> bool:
    return isinstance(value, list | tuple) and len(value) == 2 and all(type(x) is int and 0 <= x <= 99 for x in value)

"""Scoring preview: what the next scoring would give now, and what each placement would change.

Pure engine code (standard library): the table and chart of :mod:`lotus_kit.ming.analysis` are built
from these rows. The numbers are the engine's own: a position is scored by the engine's phase 4
(:func:`lotus_kit.ming.engine.explain` on the pass that ends phase 3), with the point values of the
next scoring (MING-RND-1: after rounds 2, 4, 6), the board as it stands and these choices where the
rules leave one:

- every player plays the return card 0 in every city (MING-SCORE-4: nobody takes pieces back, every
  piece in a house stays in the city and scores, MING-SCORE-5/6);
- under ``SET_EXCHANGE_END_OF_PHASE_OPTIONAL`` every full set of six colours is exchanged (MING-SCORE-3).

A placement is a deployment (MING-DEP-1/2): 1 to 3 of the seat's pieces into one district's open
area, or one of them into its cloister (MING-DEP-3: a rival's piece there goes to the open area).
Its row gives the points it changes at that scoring for every seat, split by scoring part and rule
id. The scoring comes right after the placement: the other players' later turns are not guessed.

>>> from lotus_kit.ming.position import position
>>> s = position({"players": 3, "round": 2, "phase": "phase3", "seats": [
...     {"prince": "P1.T", "hand": {"HORSE": 1}, "spaces": {"RED": 3}}, {"prince": "P3.T"}, {"prince": "P5.T"}],
...     "districts": {"P1.L": {"open": {"White": 2}}}})
>>> [(r["add"], r["cloister"], r["houses_after"], r["points"], r["parts"], r["rivals"])
...  for r in placement_rows(s, 0) if r["district"] == "P1.L" and r["possible"]][:3]
[(1, False, 1, 4, {'MING-SCORE-5': 4}, {}), (1, True, 0, 4, {'MING-SCORE-8': 4}, {}), \
(2, False, 1, 8, {'MING-SCORE-5': 4, 'MING-SCORE-6': 4}, {'White': -4})]
"""

from __future__ import annotations

import re
from typing import Any

from lotus_kit.ming.actions import ChooseReturn, ExchangeSets, Pass
from lotus_kit.ming.engine import district_moves, explain, full_sets
from lotus_kit.ming.moves import reachable_moves
from lotus_kit.ming.position import PHASES, description, position
from lotus_kit.ming.state import MAX_DEPLOY, SCORING_ROUNDS, SEAT_NAMES, State, count_at

# the scoring parts that give points, by the rule id the engine's words cite
PART_WORDS = {"MING-SCORE-3": "six-colour sets", "MING-SCORE-5": "city points", "MING-SCORE-6": "city bonus",
              "MING-SCORE-8": "cloisters", "MING-SCORE-9": "five-colour sets and tiles (round 6)"}
_RULE = re.compile(r"\((MING-[A-Z]+-\d+)\)\s*$")
_SCORING_PHASES = ("choose_return", "split_return", "exchange_sets")


def next_scoring(round_: int) -> int:
    """The round of the next scoring (MING-RND-1: after rounds 2, 4, 6)."""
    return next(r for r in SCORING_ROUNDS if r >= round_)


def can_preview(state: State) -> bool:
    """A placement preview needs a position between scorings (phases 1 to 3 and deployment)."""
    return str(state.phase) in PHASES


def district_rows(state: State) -> list[dict[str, Any]]:
    """Per district: the open-area counts per colour and the houses each colour would fill if the
    district were scored now (the engine's MING-SCORE-1 / MING-CLAR-10 step)."""
    t, d = state.table, state.data
    b = t.board
    rows = []
    for x in b.districts:
        counts = [count_at(d[t.open(c)], x) for c in range(t.colours)]
        moved = district_moves(t, counts, state.start_player)
        row: dict[str, Any] = {"district": b.district_names[x], "province": b.colours[b.district_province[x]],
                               "cloister": state.cloister(b.district_names[x])}
        for c in range(t.colours):
            name = t.colour_name(c)
            row[f"{name} pieces"] = counts[c]
            row[f"{name} houses"] = moved[c]
        rows.append(row)
    return rows


def scoring_now(state: State) -> dict[str, Any]:
    """The next scoring as the engine runs it on this board (see the module text for the choices):
    ``points`` per seat name, ``parts`` (seat name -> rule id -> points), ``houses`` (district ->
    colour name -> pieces in its houses after the district step, MING-SCORE-1), ``tiles`` (seat
    name -> tiles held after it) and the engine's ``log``."""
    return _score(description(state))


def placement_rows(state: State, seat: int) -> list[dict[str, Any]]:
    """For every district, 1 to 3 more pieces of ``seat`` there, with or without one of them in the
    cloister: the points the placement changes at the next scoring (``points`` for the seat, split by
    rule id in ``parts``; ``rivals``: the other seats' changes; ``net``: own change minus the rivals'),
    the houses the seat fills in that district before and after, whose cloister piece it ousts, and whether the seat
    could do it this turn (the prince can reach the district with the cards in hand or stays there, no
    other prince there, enough pieces waiting on that province space, MING-DEP-3/4 allow it)."""
    if not can_preview(state):
        return []
    t = state.table
    b = t.board
    desc = description(state)
    base = _score(desc)
    me = SEAT_NAMES[seat]
    here = _index(b.district_names, state.prince(seat))
    hand = state.hand(seat)
    counts = tuple(hand.get(k, 0) for k in t.card_names)
    if str(state.phase) == "deploy":
        reach = {here} if state.current_seat == seat else set()   # the prince has moved: deploy here or not
    elif seat in desc.get("passed", ()) or here < 0 or not any(counts):
        reach = set()                       # MING-PH3-5: out for the phase; MING-CLAR-8: no card, only a pass
    else:
        reach = set(reachable_moves(t, here, counts))
        reach.add(here)                     # a stay costs one card too (MING-PH3-4)
    princes = {state.prince(x) for x in range(t.players) if x != seat}
    rows = []
    for x in b.districts:
        name, colour = b.district_names[x], b.colours[b.district_province[x]]
        occupant = state.cloister(name)
        waiting = state.spaces(seat)[colour]
        reachable = x in reach and name not in princes
        locked = occupant == me and not t.rules.no_cloister_lock          # MING-DEP-4
        for add in range(1, MAX_DEPLOY + 1):
            for cloister in (False, True):
                if cloister and occupant == me:                            # MING-DEP-3: never oust your own
                    continue
                placed = _placed(desc, seat, name, colour, add, cloister, state.personal_supply(seat))
                if placed is None:
                    continue
                out = _score(placed)
                delta = {s: out["points"][s] - base["points"][s] for s in base["points"]}
                parts = _diff(out["parts"].get(me, {}), base["parts"].get(me, {}))
                rivals = {s: v for s, v in delta.items() if s != me and v}
                rows.append({
                    "district": name, "province": colour, "add": add, "cloister": cloister,
                    "ousts": occupant if cloister and occupant else None,
                    "points": delta[me], "parts": parts, "rivals": rivals,
                    "net": delta[me] - sum(rivals.values()),
                    "houses_before": base["houses"].get(name, {}).get(me, 0),
                    "houses_after": out["houses"].get(name, {}).get(me, 0),
                    "points_before": base["points"][me], "points_after": out["points"][me],
                    "reachable": reachable, "pieces_waiting": waiting,
                    "possible": reachable and waiting >= add and not locked})
    return rows


def _index(names: tuple[str, ...], name: str | None) -> int:
    return names.index(name) if name is not None else -1


def _diff(after: dict[str, int], before: dict[str, int]) -> dict[str, int]:
    out = {k: after.get(k, 0) - before.get(k, 0) for k in sorted({*after, *before})}
    return {k: v for k, v in out.items() if v}


def _placed(desc: dict[str, Any], seat: int, district: str, colour: str, add: int, cloister: bool,
            personal: int) -> dict[str, Any] | None:
    """The description with ``add`` more of the seat's pieces in ``district`` (one in its cloister):
    taken from the province space of the district's colour as a deployment takes them; for a
    placement that cannot be made this turn, the missing pieces come from the personal supply, then
    the box, then the other province spaces (where they wait does not count in a scoring)."""
    me = SEAT_NAMES[seat]
    seats = [dict(s) for s in desc["seats"]]
    mine = seats[seat]
    spaces = dict(mine.get("spaces", {}))
    short = add
    take = min(short, spaces.get(colour, 0))
    spaces[colour] = spaces.get(colour, 0) - take
    short -= take
    short -= min(short, personal)
    boxed = mine.get("boxed", 0)
    take = min(short, boxed)
    mine["boxed"], short = boxed - take, short - take
    for c in sorted(spaces, key=lambda c: -spaces[c]):
        take = min(short, spaces[c])
        spaces[c], short = spaces[c] - take, short - take
    mine["spaces"] = {c: v for c, v in spaces.items() if v}
    districts = {k: dict(v) for k, v in desc.get("districts", {}).items()}
    entry = districts.setdefault(district, {})
    open_ = dict(entry.get("open", {}))
    open_[me] = open_.get(me, 0) + add - (1 if cloister else 0)
    if cloister:
        occupant = entry.get("cloister")
        if occupant:                        # MING-DEP-3 / MING-CLAR-9: the ousted piece goes to the open area
            open_[occupant] = open_.get(occupant, 0) + 1
        entry["cloister"] = me
    entry["open"] = open_
    if short:                               # all 31 pieces are on the board already
        return None
    return {**desc, "seats": seats, "districts": districts}


def _score(desc: dict[str, Any]) -> dict[str, Any]:
    """Run the engine's phase 4 on the description's board: the last player to act in phase 3 passes
    (every other one has passed), with the point values of the next scoring."""
    desc = {**desc, "round": next_scoring(desc["round"]), "phase": "phase3"}
    desc.pop("turn", None)
    n = desc["players"]
    seats = [dict(s) for s in desc["seats"]]
    holder = next((x for x in range(n) if sum(seats[x].get("hand", {}).values())), None)
    if holder is None:                      # a pass needs a player who could act: lend one a card
        holder = 0
        seats[0]["hand"] = {"DRAGON": 1}
    desc.update(seats=seats, turn=holder, passed=[x for x in range(n) if x != holder])
    state = position(desc)
    before = state.scores
    state, log = explain(state, Pass(holder))
    while str(state.phase) in _SCORING_PHASES:
        if str(state.phase) == "choose_return":     # MING-SCORE-4: the return card 0, nobody returns
            for x in sorted(state.to_act_seats):
                state, more = explain(state, ChooseReturn(x, 0))
                log += more
        elif str(state.phase) == "exchange_sets":   # every full set of six colours is exchanged
            x = state.current_seat
            was = state.score(x)
            state, more = explain(state, ExchangeSets(x, full_sets(state.table, state.data, x)))
            log += [*more, {"kind": "six_colour_set", "seat": x, "points": state.score(x) - was,
                            "text": f"{SEAT_NAMES[x]} exchanges full sets (MING-SCORE-3)"}]
        else:
            raise AssertionError(f"a return of 0 pieces needs no split, yet the engine asks: {state.phase}")
    parts: dict[str, dict[str, int]] = {}
    houses: dict[str, dict[str, int]] = {}
    for note in log:
        if note["kind"] == "district":
            houses[note["district"]] = dict(note["houses"])
        elif note.get("points"):
            rule = _RULE.search(note["text"])
            who = parts.setdefault(SEAT_NAMES[note["seat"]], {})
            key = rule.group(1) if rule else note["kind"]
            who[key] = who.get(key, 0) + note["points"]
    points = {SEAT_NAMES[x]: state.score(x) - before[x] for x in range(n)}
    for who, total in points.items():       # every point has its part: the words of the engine account for all
        if sum(parts.get(who, {}).values()) != total:
            parts.setdefault(who, {})["other"] = total - sum(parts.get(who, {}).values())
    return {"points": points, "parts": parts, "houses": houses,
            "tiles": {SEAT_NAMES[x]: sum(state.tiles(x).values()) for x in range(n)}, "log": log}

"""The scoring preview against the engine: for positions of bot games, every placement the preview
says can be made now is played for real (the move or stay, the deployment), every player then passes,
the scoring runs with the return card 0 everywhere (and every full set exchanged under the optional
exchange), and the real score changes must be the preview's numbers, part by part."""

from __future__ import annotations

import re

import pytest

from lotus_kit.ming.actions import ChooseReturn, Deploy, ExchangeSets, Move, Pass, Stay
from lotus_kit.ming.bots import make_bot
from lotus_kit.ming.engine import apply, explain, full_sets, legal_actions
from lotus_kit.ming.game import MING
from lotus_kit.ming.preview import PART_WORDS, placement_rows, scoring_now
from lotus_kit.ming.state import SEAT_NAMES, State


def _positions(players: int, seed: int, flags: tuple[str, ...], every: int = 5) -> list[State]:
    """Phase-3 positions of the scoring rounds of a heuristic bot game (every ``every``-th one)."""
    state = MING.start({"players": players, "seed": seed}, flags)
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    out, k = [], 0
    while not state.is_over:
        if str(state.phase) == "phase3" and state.round in (2, 4, 6):
            k += 1
            if k % every == 1:
                out.append(state)
        seat = min(state.to_act_seats)
        state = apply(state, bots[seat].choose(state, seat))
    return out


def _finish_scoring(state: State) -> tuple[State, list[dict]]:
    """Every player passes; the return card 0 in every city; every full set exchanged."""
    log: list[dict] = []
    while str(state.phase) == "phase3":
        state, more = explain(state, Pass(state.current_seat))
        log += more
    while str(state.phase) in ("choose_return", "exchange_sets"):
        if str(state.phase) == "choose_return":
            for x in sorted(state.to_act_seats):
                state, more = explain(state, ChooseReturn(x, 0))
                log += more
        else:
            x = state.current_seat
            was = state.score(x)
            state, more = explain(state, ExchangeSets(x, full_sets(state.table, state.data, x)))
            log += [*more, {"seat": x, "points": state.score(x) - was, "text": "(MING-SCORE-3)"}]
    return state, log


def _parts(log: list[dict], seat: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for note in log:
        if note.get("seat") == seat and note.get("points"):
            rule = re.search(r"\((MING-SCORE-\d+)\)", note["text"]).group(1)
            out[rule] = out.get(rule, 0) + note["points"]
    return out


def _play(state: State, seat: int, row: dict) -> State:
    """The placement of ``row`` as real actions: a stay or a move to the district, then the deployment."""
    if state.prince(seat) == row["district"]:
        state = apply(state, Stay(seat, next(iter(state.hand(seat)))))
    else:
        state = apply(state, next(a for a in legal_actions(state, seat)
                                  if isinstance(a, Move) and a.to == row["district"]))
    return apply(state, Deploy(seat, row["add"], row["cloister"]))


CASES = [(2, 1, ()), (3, 2, ()), (4, 3, ()), (3, 4, ("CITY_BONUS_OVERALL",)),
         (4, 5, ("SET_EXCHANGE_END_OF_PHASE_OPTIONAL", "CITY_BONUS_NONE_ON_TIE")),
         (2, 6, ("NEUTRAL_RETURN=NONE", "NO_CLOISTER_LOCK")), (3, 7, ("CITY_BONUS_NOT_ROUND6",))]


@pytest.mark.parametrize(("players", "seed", "flags"), CASES)
def test_MING_SCORE_the_preview_of_every_possible_placement_is_the_engines_real_scoring(players, seed, flags):
    checked, parts_seen = 0, set()
    for state in _positions(players, seed, flags):
        seat = state.current_seat
        base_state, base_log = _finish_scoring(state)
        base = [base_state.score(x) - state.score(x) for x in range(players)]
        now = scoring_now(state)
        assert [now["points"][SEAT_NAMES[x]] for x in range(players)] == base
        for row in placement_rows(state, seat):
            if not row["possible"]:
                continue
            after, log = _finish_scoring(_play(state, seat, row))
            real = [after.score(x) - state.score(x) - base[x] for x in range(players)]
            words = f"{row['district']} +{row['add']} cloister={row['cloister']} round {state.round}"
            assert row["points"] == real[seat], words
            assert row["rivals"] == {SEAT_NAMES[x]: v for x, v in enumerate(real) if x != seat and v}, words
            mine, was = _parts(log, seat), _parts(base_log, seat)
            real_parts = {k: mine.get(k, 0) - was.get(k, 0) for k in {*mine, *was}}
            assert row["parts"] == {k: v for k, v in real_parts.items() if v}, words
            assert set(row["parts"]) <= set(PART_WORDS), words       # every point has its rule id
            parts_seen |= set(row["parts"])
            checked += 1
    assert checked >= 8 and len(parts_seen) >= 2


def test_the_preview_of_a_round_6_position_counts_sets_and_final_tiles():
    # Black holds five colours; one more RED tile in round 6 makes a six-colour set (MING-SCORE-3, 20)
    from tests.ming.helpers import pos
    s = pos(3, round=6, phase="phase3", seats={0: {"prince": "P1.T", "hand": {"HORSE": 1}, "spaces": {"RED": 3},
                                                   "tiles": {c: 1 for c in ("YELLOW", "GREEN", "BLUE", "PURPLE",
                                                                            "ORANGE")}}})
    row = next(r for r in placement_rows(s, 0) if r["district"] == "P1.T" and r["add"] == 1 and not r["cloister"])
    # before: a five-colour set (10) at the end; after: the set of six (20), no tiles left; city points 0
    # after round 6 but the bonus is still 4 (MING-CLAR-12)
    assert row["parts"] == {"MING-SCORE-3": 20, "MING-SCORE-6": 4, "MING-SCORE-9": -10}
    assert row["points"] == 14 and row["possible"]

"""The what-if model without widgets: the replay rule, the branch tree, the diff (lotus_kit.ui.tree, .compare)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lotus_kit.core.errors import IllegalAction, LotusKitError
from lotus_kit.core.records import load
from lotus_kit.ui.compare import diff, outcome
from lotus_kit.ui.tree import BranchTree, Fill, Line, decision_kind, moments, replay
from lotus_kit.white_lotus.actions import Bid, PlaceMarker
from lotus_kit.white_lotus.engine import legal_actions, to_act
from lotus_kit.white_lotus.events import ConflictRound

SHOWCASE = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "showcase-4p.json"
JINAN_BID = 12                       # Red's sealed bid in round 1 of the year-1 palace conflict (Jinan)


@pytest.fixture(scope="module")
def record():
    return load(SHOWCASE)


@pytest.fixture
def tree(record):
    return BranchTree(record)


def test_root_line_is_the_record(tree, record):
    line = tree.root.line
    assert line.actions == record.actions and len(line.states) == len(record.actions) + 1
    assert set(line.origins) == {"record"} and tree.root.path == "" and tree.root.is_root
    assert len(set(line.moments)) == line.steps           # every decision has its own moment
    assert line.actions[JINAN_BID] == Bid(0, 2, (3, 2, 2)) and decision_kind(line.states[JINAN_BID]) == "bid"


def test_changed_bid_in_year_one_conflict_replays_the_rest(tree):
    root = tree.root.line
    node, created = tree.add("", JINAN_BID, Bid(0, 2, ()))
    line = node.line
    assert created and node.parent is tree.root and node.index == JINAN_BID
    assert line.actions[:JINAN_BID] == root.actions[:JINAN_BID] and line.states[JINAN_BID] is root.states[JINAN_BID]
    assert line.origins[JINAN_BID] == "changed" and line.is_over
    # the new line is a legal game: its record replays to the same final state
    assert line.record.states()[-1] == line.final
    # round 1 now sends Yellow out (pressure 7 from Blue), not Green
    first = next(e for s in line.states[JINAN_BID:] for e in s.events if isinstance(e, ConflictRound))
    assert first.province == "JINA" and first.leaver == 3
    d = diff(root, line)
    assert d.first_step == JINAN_BID
    assert d.changed and any(r.topic == "score" for r in d.changed)
    assert [r.total for r in line.final.scores] != [r.total for r in root.final.scores]


def test_replay_rule_keeps_the_same_moment_or_reports_it(tree):
    """Every decision of the old line after the change is kept at its moment, or dropped with a reason."""
    root = tree.root.line
    node, _ = tree.add("", JINAN_BID, Bid(0, 2, ()))
    line = node.line
    by_moment = dict(zip(root.moments, root.actions, strict=True))
    kept = [k for k in range(JINAN_BID + 1, line.steps) if line.origins[k] == "record"]
    bots = [k for k in range(JINAN_BID + 1, line.steps) if line.origins[k] == "bot"]
    assert len(kept) == line.kept and len(bots) == line.filled and line.kept + line.filled == line.steps - JINAN_BID - 1
    for k in kept:                                   # a kept decision is the old one of the same moment
        assert by_moment[line.moments[k]] == line.actions[k]
    for k in bots:                                   # a bot decided only where the old line had nothing legal
        old = by_moment.get(line.moments[k])
        assert old is None or any(d.action == old for d in line.dropped)
    # nothing is lost silently: kept + dropped = the old decisions after the changed one
    assert line.kept + len(line.dropped) == root.steps - JINAN_BID - 1
    reasons = {d.reason.split(":")[0] for d in line.dropped}
    assert reasons <= {"illegal at its moment", "its moment never came on this line"}
    illegal = [d for d in line.dropped if d.reason.startswith("illegal")]
    assert illegal and all("WL-" in d.reason for d in illegal)
    # later years' claims are kept where they still fit (the same seat's n-th marker of that year)
    year2_claims = [k for k in kept if line.states[k].year == 2 and isinstance(line.actions[k], PlaceMarker)]
    assert year2_claims


def test_a_change_that_changes_nothing_later_keeps_everything(tree):
    root = tree.root.line
    last = root.steps - 1
    state = root.states[last]
    other = next(a for a in legal_actions(state, root.actions[last].seat) if a != root.actions[last])
    node, _ = tree.add("", last, other)
    assert node.line.kept == 0 and node.line.filled == 0 and node.line.steps == root.steps
    assert node.line.is_over


def test_bot_fill_is_seeded_and_repeatable(record):
    line = Line.from_record(record)
    a = replay(line, JINAN_BID, Bid(0, 2, ()), Fill("heuristic", 0))
    b = replay(line, JINAN_BID, Bid(0, 2, ()), Fill("heuristic", 0))
    c = replay(line, JINAN_BID, Bid(0, 2, ()), Fill("random", 7))
    assert a.actions == b.actions and a.origins == b.origins
    assert c.actions != a.actions and "bot" in c.origins


def test_fill_ask_waits_and_continues_with_the_users_choice(tree):
    root = tree.root.line
    node, _ = tree.add("", JINAN_BID, Bid(0, 2, ()), Fill("ask"))
    line = node.line
    assert node.path.endswith("@ask#0") and line.filled == 0
    assert line.waiting is not None and line.waiting in to_act(line.final) and not line.is_over
    assert "waiting for" in line.summary()
    # nothing lost: kept + dropped + still pending = the old decisions after the change
    assert line.kept + len(line.dropped) + len(line.pending) == root.steps - JINAN_BID - 1
    choice = legal_actions(line.final, line.waiting)[0]
    nxt, created = tree.add(node, line.steps, choice, Fill("ask"))
    assert created and nxt.parent is node and nxt.depth == 2
    assert nxt.line.actions[line.steps] == choice and nxt.line.origins[line.steps] == "changed"
    # each answer continues the line until the next gap; the recorded decisions are still followed
    node, kept = nxt, nxt.line.kept
    for _ in range(20):
        if node.line.waiting is None or kept:
            break
        final = node.line.final
        node, _ = tree.add(node, node.line.steps, legal_actions(final, node.line.waiting)[0], Fill("ask"))
        kept += node.line.kept
    assert kept > 0 and node.depth > 2


def test_tree_reuses_nodes_like_an_analysis_board(tree):
    bid = Bid(0, 2, ())
    node, created = tree.add("", JINAN_BID, bid)
    again, created_again = tree.add("", JINAN_BID, bid)
    assert created and not created_again and again is node and len(tree) == 2
    # the decision already on the line is no branch
    same, made = tree.add("", JINAN_BID, tree.root.line.actions[JINAN_BID])
    assert same is tree.root and not made
    # seen from the branch, its own change and steps before it belong to the owner line
    assert tree.add(node, JINAN_BID, bid)[0] is node
    sibling, _ = tree.add(node, 5, PlaceMarker(0, "FENG"))
    assert sibling.parent is tree.root and sibling.path == "5:PlaceMarker(seat=0, province='FENG')"
    # a change after the branch's own one is a child, addressed by the path from the root
    later = node.line.steps - 1
    state = node.line.states[later]
    alt = next(a for a in legal_actions(state, node.line.actions[later].seat) if a != node.line.actions[later])
    child, _ = tree.add(node.path, later, alt)
    assert child.parent is node and child.path == f"{node.path}/{later}:{alt!r}"
    assert tree.get(child.path) is child and tree.get(child.number) is child
    # another fill is another line
    random_line, created = tree.add("", JINAN_BID, bid, Fill("random", 3))
    assert created and random_line.path.endswith("@random#3")
    assert [n.number for n in tree.walk()] == [0, 1, 3, 2, 4]
    with pytest.raises(KeyError):
        tree.get("99:Pass(seat=0)")


@pytest.mark.parametrize(("action", "rule"), [
    (Bid(0, 0, ()), "WL-CONF-6"),                       # naming yourself
    (Bid(0, 2, (3, 3, 3, 3)), "WL-"),                     # cards Red does not hold
    (PlaceMarker(0, "FENG"), "WL-YEAR-1"),                # a claim in phase 2
])
def test_illegal_change_is_refused_and_nothing_is_added(tree, action, rule):
    with pytest.raises(IllegalAction) as err:
        tree.add("", JINAN_BID, action)
    assert str(err.value).startswith(rule) and len(tree) == 1 and not tree.root.children


def test_step_outside_the_line_is_refused(tree):
    with pytest.raises(LotusKitError):
        tree.add("", tree.root.line.steps + 5, Bid(0, 2, ()))
    with pytest.raises(IllegalAction, match="WL-END-2"):   # the last state: the game is over
        tree.add("", tree.root.line.steps, Bid(0, 2, ()))


def test_branch_of_an_unfinished_record_stops_where_the_record_does(record):
    tree = BranchTree(record.with_actions(record.actions[:100]))
    assert not tree.root.line.is_over
    node, _ = tree.add("", 60, next(a for a in legal_actions(tree.root.line.states[60], record.actions[60].seat)
                                    if a != record.actions[60]))
    line = node.line
    assert not line.is_over and line.waiting is None and line.kept > 0
    assert line.kept + len(line.dropped) == 100 - 60 - 1 and line.steps <= 100 + line.filled


def test_fill_refuses_unknown_kinds():
    with pytest.raises(ValueError, match="unknown fill"):
        Fill("oracle")


def test_diff_of_a_line_with_itself_changes_nothing(tree):
    line = tree.root.line
    d = diff(line, line)
    assert not d.changed and d.first_step is None and d.summary().startswith("Nothing")
    o = outcome(line)
    assert o.over and o.winners == line.final.winners and len(o.emperors) == line.final.year
    settled = sum(1 for s in line.states for e in s.events if type(e).__name__ == "ProvinceSettled")
    assert len(d.topic("conflict")) == len(o.settled) == settled
    assert {r.topic for r in d.rows} == {"conflict", "emperor", "rebellion", "score"}
    # the showcase: rebels won twice, emperors changed hands
    assert sum(1 for t in o.rebellions.values() if t is not None and t.winner == "rebels") == 2


def test_moments_count_each_seats_decisions_per_phase(record):
    states = record.states()
    ms = moments(states, record.actions)
    claims_year1 = [m for m, a in zip(ms, record.actions, strict=True) if m[:3] == (1, 1, "claim") and a.seat == 0]
    assert [m[-1] for m in claims_year1] == [0, 1, 2]          # Red's 1st, 2nd and 3rd marker
    bid = ms[JINAN_BID]
    assert bid[:4] == (1, 2, "bid", 0) and bid[4] == (states[JINAN_BID].index("JINA"), 1)


def test_a_fill_that_plays_the_rest_afresh_sets_the_record_aside(tree):
    line = tree.root.line
    k = 12
    other = next(a for a in legal_actions(line.states[k], line.actions[k].seat) if a != line.actions[k])
    kept = replay(line, k, other)
    afresh = replay(line, k, other, Fill("heuristic", 0, keep=False))
    assert kept.kept > 0 and afresh.kept == 0 and afresh.dropped == ()
    assert set(afresh.origins[k + 1:]) == {"bot"} and afresh.is_over
    assert afresh.actions[:k + 1] == (*line.actions[:k], other)
    assert replay(line, k, other, Fill("heuristic", 0, keep=False)).actions == afresh.actions   # seeded
    assert "afresh" in Fill(keep=False).describe() or "set aside" in Fill(keep=False).describe()
    with pytest.raises(ValueError, match="keep"):
        Fill(keep="no")


def test_a_fresh_branch_has_its_own_path(tree):
    line = tree.root.line
    other = next(a for a in legal_actions(line.states[12], line.actions[12].seat) if a != line.actions[12])
    a, _ = tree.add(tree.root, 12, other)
    b, new = tree.add(tree.root, 12, other, Fill(keep=False))
    assert new
    assert a is not b and a.path != b.path and b.path.endswith("/afresh")

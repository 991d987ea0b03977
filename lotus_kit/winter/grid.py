"""The lake's geometry, bit-parallel on a bounded integer grid (WIN-GEO-1..8, WIN-CLAR-1).

A cell (x, y) of the grid is bit ``y * W + x`` of a Python int. The lake is kept *normalised*: its
leftmost card column and topmost card row sit at grid coordinate :data:`ORIGIN`, and the state
carries the world offset of the grid (WIN-CLAR-15 (b): world coordinates are fixed at setup). A lake
of at most 18 cards spans at most 36 cells each way, so a 42 × 42 grid always has room for every
placement around it, and masks of two positions equal up to translation are equal ints
(WIN-CLAR-15 (a)).

Masks of *anchors* (the top-left cell of a card or of a 2 × 2 window) use the same bits.
"""

from __future__ import annotations

from bisect import insort
from itertools import accumulate
from operator import or_

from lotus_kit.winter.deck import MAX_CARDS

W = 42                      # row stride and grid width (cells)
ROWS = 42
ORIGIN = 2                  # grid x and y of the lake's top-left card anchor after normalising
assert ORIGIN + 2 * MAX_CARDS + 2 <= W - 1
NBITS = W * ROWS
FULL = (1 << NBITS) - 1
BLOCK = 3 | 3 << W          # the 4 cells of a card or window at anchor 0 (WIN-GEO-1, WIN-GEO-6)
# anchors whose 2 x 2 block lies on the grid (no wrap into the next row)
REGION = sum(((1 << (W - 1)) - 1) << (y * W) for y in range(ROWS - 1))
# light cells of a card layout (bits TL=1, TR=2, BL=4, BR=8) placed at anchor 0
LIGHT_CELLS = tuple((b & 1) | (b >> 1 & 1) << 1 | (b >> 2 & 1) << W | (b >> 3 & 1) << (W + 1)
                    for b in range(16))
# even world anchors (ALIGNED_GRID, WIN-GEO-3), by the parities of the grid's world offset
EVEN = {(px, py): sum(1 << (y * W + x) for y in range(ROWS - 1) for x in range(W - 1)
                      if (x + px) % 2 == 0 and (y + py) % 2 == 0)
        for px in (0, 1) for py in (0, 1)}


COLUMNS = tuple(sum(1 << (y * W + x) for y in range(ROWS)) for x in range(W))
AT_ORIGIN_COLUMN = COLUMNS[ORIGIN]
AT_ORIGIN_ROW = ((1 << W) - 1) << (ORIGIN * W)
BEFORE_ORIGIN = sum(1 << (y * W + x) for y in range(ROWS) for x in range(W) if x < ORIGIN or y < ORIGIN)


def _ring(a: int) -> int:
    """Anchors of the cards that touch a card at anchor ``a`` (WIN-CLAR-1: |dx| = 2 and |dy| <= 1,
    or |dy| = 2 and |dx| <= 1)."""
    x, y = a % W, a // W
    out = 0
    for dx, dy in [(2, d) for d in (-1, 0, 1)] + [(-2, d) for d in (-1, 0, 1)] + \
                  [(d, 2) for d in (-1, 0, 1)] + [(d, -2) for d in (-1, 0, 1)]:
        if 0 <= x + dx < W and 0 <= y + dy < ROWS:
            out |= 1 << ((y + dy) * W + x + dx)
    return out


RING = tuple(_ring(a) for a in range(NBITS))


def xy(a: int) -> tuple[int, int]:
    return a % W, a // W


def bits(mask: int) -> list[int]:
    """The set bits of a sparse ``mask`` (a few cards or tokens), lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def dense_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, highest first, found in its binary text (one C call per bit: faster
    than :func:`bits` once a mask holds more than a few dozen bits)."""
    text = bin(mask)
    top = len(text) - 1
    out = []
    i = text.find("1", 2)
    while i >= 0:
        out.append(top - i)
        i = text.find("1", i + 1)
    return out


def card_cells(anchors: int) -> int:
    """The cells of the cards (or windows) at the given anchors."""
    return anchors | anchors << 1 | anchors << W | anchors << (W + 1)


def windows_touching(cells: int) -> int:
    """Anchors of the windows (or cards) that hold at least one of ``cells``."""
    return cells | cells >> 1 | cells >> W | cells >> (W + 1)


def placements(occ: int) -> int:
    """Anchors where a card fits on empty cells and touches the lake (WIN-GEO-5)."""
    empty = ~occ & FULL
    e = empty & (empty >> 1)
    fit = e & (e >> W) & REGION
    h = occ | occ >> W          # a cell of this row or the next: left and right neighbours
    v = occ | occ >> 1          # a cell of this column or the next: neighbours above and below
    return fit & ((h << 1) | (h >> 2) | (v << W) | (v >> (2 * W)))


def fits(occ: int) -> int:
    """Anchors whose 4 cells are empty."""
    empty = ~occ & FULL
    e = empty & (empty >> 1)
    return e & (e >> W) & REGION


def touching(occ: int) -> int:
    """Anchors whose block shares a cell edge with ``occ`` (corners do not touch, WIN-CLAR-1)."""
    h = occ | occ >> W
    v = occ | occ >> 1
    return (h << 1) | (h >> 2) | (v << W) | (v >> (2 * W))


def squares(cells: int) -> int:
    """Anchors of the windows whose 4 cells are all in ``cells`` (WIN-GEO-6, one colour)."""
    m = cells & (cells >> 1)
    return m & (m >> W)


# per card anchor: the anchors a card's block touches (edges only) and the anchors whose block overlaps
# it. Both maps are unions over the cards, so a lake's masks without one card are the OR of the
# others' entries (no shifts of the whole lake per card).
TOUCHED_BY = tuple(touching(BLOCK << a) for a in range(NBITS))
COVERED_BY = tuple(windows_touching(BLOCK << a) for a in range(NBITS))
# the anchors a card's block overlaps but its own: no other card's anchor can be among them
AROUND = tuple(c ^ 1 << a for a, c in enumerate(COVERED_BY))


def fit_and_single(anchors: int) -> tuple[int, int]:
    """For the cards at ``anchors``: the anchors whose block no card overlaps (a card fits there,
    WIN-GEO-5), and those whose block at most one card overlaps. A card at p overlaps the block at q
    iff p is within one step of q each way (WIN-CLAR-1); two cards that do not overlap each other both
    overlap it only one step left and one step right of q, or one step above and one step below."""
    v = anchors | anchors << W | anchors >> W           # a card in this column, one row up or down
    h = anchors | anchors << 1 | anchors >> 1           # a card in this row, one column left or right
    covered = v | v << 1 | v >> 1
    # the lake lies 2 cells or more inside the grid's edges: every covered anchor is in REGION
    return REGION ^ covered, REGION ^ (v << 1 & v >> 1 | h << W & h >> W)


# the card number of a one-bit mask over the card numbers (a lake holds at most MAX_CARDS cards)
_CARD_OF_BIT = {1 << i: i for i in range(MAX_CARDS + 1)}

FORWARD_STEPS = (2 - W, 2, 2 + W, 2 * W - 1, 2 * W, 2 * W + 1)     # half the ring: each pair once


def card_graph(anchors: int) -> tuple[list[int], list[int]]:
    """The cards as a small graph: their anchors (lowest first), and per card a bit mask (over the
    card numbers) of the cards it touches (WIN-CLAR-1). Each of the 6 forward ring steps is one
    shift-and-AND over the whole lake: its set bits are the touching pairs."""
    nodes = bits(anchors)
    index = {a: i for i, a in enumerate(nodes)}
    adj = [0] * len(nodes)
    for d in FORWARD_STEPS:
        pairs = anchors & (anchors >> d if d > 0 else anchors << -d)
        while pairs:
            low = pairs & -pairs
            a = low.bit_length() - 1
            pairs ^= low
            i, j = index[a], index[a + d]
            adj[i] |= 1 << j
            adj[j] |= 1 << i
    return nodes, adj


# The card graphs of the lakes seen lately, by anchor mask: (nodes, adj) of :func:`card_graph` and the
# card numbers in anchor order. A thaw move changes one card, so the graph after it comes from the graph
# before (:func:`graph_after_move`) instead of a pass over every card; lakes only grow in the freeze and
# lose cards in a removal, where the graph is built afresh.
_GRAPHS: dict[int, tuple[list[int], list[int], list[int]]] = {}
_GRAPHS_KEPT = 4096


def lake_graph(anchors: int) -> tuple[list[int], list[int], list[int]]:
    """:func:`card_graph` of the lake and its card numbers in anchor order, from the recent graphs
    when it is one of them."""
    graph = _GRAPHS.get(anchors)
    if graph is None:
        nodes, adj = card_graph(anchors)
        graph = nodes, adj, list(range(len(nodes)))
        keep_graph(anchors, graph)
    return graph


def keep_graph(anchors: int, graph: tuple[list[int], list[int], list[int]]) -> None:
    if len(_GRAPHS) >= _GRAPHS_KEPT:
        _GRAPHS.clear()                     # a bounded memory; the next graphs are built again
    _GRAPHS[anchors] = graph


def graph_after_move(before: int, a: int, b: int, after: int, d: int) -> None:
    """Remember the card graph of the lake ``after`` (grid anchors shifted by ``d`` when the lake was
    normalised again): the lake ``before`` with its card at ``a`` moved to ``b``, in the coordinates of
    ``before``. The moved card keeps its card number (the nodes are then no longer in anchor order,
    which the carried order of the card numbers gives instead): only its old and new neighbours
    change. Nothing is done when the graph before is not known."""
    graph = _GRAPHS.get(before)
    if graph is None or after in _GRAPHS:
        return
    nodes, adj, rank = graph
    i = nodes.index(a)
    nodes = nodes.copy()
    adj = adj.copy()
    old = adj[i]
    gone = ~(1 << i)
    while old:
        low = old & -old
        old ^= low
        adj[_CARD_OF_BIT[low]] &= gone
    nodes[i] = b
    mine = 0
    me = 1 << i
    touched = RING[b] & before & ~(1 << a)
    while touched:                                                            # its few neighbours
        low = touched & -touched
        touched ^= low
        k = nodes.index(low.bit_length() - 1)
        mine |= 1 << k
        adj[k] |= me
    adj[i] = mine
    rank = rank.copy()
    rank.remove(i)
    insort(rank, i, key=nodes.__getitem__)
    if d:
        nodes = list(map(d.__add__, nodes))
    keep_graph(after, (nodes, adj, rank))


def graph_parts(adj: list[int], alive: int) -> list[int]:
    """Connected parts (masks over card numbers) of the cards in ``alive``."""
    parts = []
    while alive:
        part = frontier = alive & -alive
        while frontier:
            grow = 0
            while frontier:
                low = frontier & -frontier
                grow |= adj[low.bit_length() - 1]
                frontier ^= low
            frontier = grow & alive & ~part
            part |= frontier
        parts.append(part)
        alive &= ~part
    return parts


def components(anchors: int) -> list[int]:
    """The edge-connected parts of the lake (WIN-GEO-4), as anchor masks."""
    nodes, adj = card_graph(anchors)
    parts = graph_parts(adj, (1 << len(nodes)) - 1)
    if len(parts) == 1:
        return [anchors]
    return [sum(1 << nodes[i] for i in range(len(nodes)) if part >> i & 1) for part in parts]


def cut_cards(adj: list[int], which: int) -> int:
    """Which of the cards in ``which`` (a mask over card numbers) split the lake when lifted: a search
    from one neighbour that stops as soon as it meets all the others (quick where the lake has
    cycles around the card, which is the usual case)."""
    everyone = (1 << len(adj)) - 1
    out = 0
    while which:
        low = which & -which
        which ^= low
        i = low.bit_length() - 1
        target = adj[i]
        if target & (target - 1) == 0:
            continue                                # one neighbour (or none): never a cut
        alive = everyone & ~low
        reach = frontier = target & -target
        while frontier and reach & target != target:
            grow = 0
            while frontier:
                f = frontier & -frontier
                grow |= adj[f.bit_length() - 1]
                frontier ^= f
            frontier = grow & alive & ~reach
            reach |= frontier
        if reach & target != target:
            out |= low
    return out


def graph_articulations(adj_masks: list[int]) -> int:
    """Cut vertices (a mask over the card numbers) of the card graph (Tarjan's low-link, iterative)."""
    n = len(adj_masks)
    if n < 3:
        return 0
    adj = [[j for j in range(n) if m >> j & 1] for m in adj_masks]
    disc = [-1] * n
    low = [0] * n
    out = 0
    t = -1
    for root in range(n):
        if disc[root] >= 0:
            continue
        t += 1
        disc[root] = low[root] = t
        children = 0
        stack = [(root, -1, iter(adj[root]))]
        while stack:
            u, parent, it = stack[-1]
            for w in it:
                if disc[w] < 0:
                    t += 1
                    disc[w] = low[w] = t
                    stack.append((w, u, iter(adj[w])))
                    if u == root:
                        children += 1
                    break
                if w != parent and disc[w] < low[u]:
                    low[u] = disc[w]
            else:
                stack.pop()
                if parent >= 0:
                    if low[u] < low[parent]:
                        low[parent] = low[u]
                    if parent != root and low[u] >= disc[parent]:
                        out |= 1 << parent
        if children > 1:
            out |= 1 << root
    return out


def extent(anchors: int) -> tuple[int, int]:
    """Smallest grid x and y of the given anchors (at least one)."""
    low_row = ((anchors & -anchors).bit_length() - 1) // W
    x = 0
    while not anchors & COLUMNS[x]:         # a normalised lake starts near the left: a few ANDs
        x += 1
    return x, low_row


def shift(mask: int, d: int) -> int:
    return mask << d if d >= 0 else mask >> -d


def lift_search(adj: list[int], table: list[int]) -> tuple[list[int], ...] | None:
    """Per card ``u`` of a connected card graph, what gives the AND over the parts the lake falls into
    when card ``u`` is lifted of the OR of ``table`` over each part's cards (one part, every other
    card, when ``u`` splits nothing). With :data:`TOUCHED_BY` entries these are the anchors where a
    lifted card touches every part (WIN-CLAR-7). One depth-first search instead of a search per card:
    a child subtree none of whose cards touches a card above ``u`` on the search's path is a part of
    its own (the OR of the subtree's neighbour masks, ANDed with the path: small ints, no low-link
    numbers); the rest (outside ``u``'s subtree, a contiguous stretch of the preorder, and the children
    that climb) is one part. A card whose neighbours are all visited when it is found is settled at
    once, without being stepped into. Returns (disc, end, apart, climbing, before, after): per card
    number its preorder number, the preorder number just past its subtree, the AND of the subtrees'
    ORs of the children that make parts of their own (-1 when there are none) and the OR of the other
    children's; and the prefix and suffix ORs of ``table`` in preorder (:func:`prefix_suffix`). The
    result for card ``u`` with ``k = disc[u]`` is then ``before[k] | after[k + 1]`` when ``apart[u]``
    is -1, else ``apart[u]`` for the root (``k == 0``; its children are all parts of their own) and
    ``apart[u] & (before[k] | after[end[u]] | climbing[u])`` for any other; the caller makes it in its
    own loop over the cards. None when the graph is not connected."""
    n = len(adj)
    disc = [0] * n
    end = [0] * n
    sub = table.copy()              # OR of table over each card's subtree
    reach = adj.copy()              # OR of adj over each card's subtree (where the subtree touches)
    apart = [-1] * n                # AND of sub over the children that make parts of their own
    climbing = [0] * n              # OR of sub over the children that join the rest
    pre = [table[0]]                # table in preorder
    stack = []                      # the path's cards above u
    card_of = _CARD_OF_BIT
    unvisited = (1 << n) - 2
    path = ubit = 1                 # path: the cards on the search's path, u's included
    u = 0                           # the card the search stands on
    while True:
        pend = adj[u] & unvisited
        if pend:
            bit = pend & -pend
            w = card_of[bit]
            unvisited ^= bit
            disc[w] = len(pre)
            tw = table[w]
            pre.append(tw)
            aw = adj[w]
            if aw & unvisited:                      # it has cards still to visit: step into it
                stack.append(u)
                path |= bit
                u, ubit = w, bit
                continue
            if aw == ubit:                          # settled at once, hanging from u alone: a part
                apart[u] &= tw
            else:                                   # settled at once, touching the path above u
                climbing[u] |= tw
                reach[u] |= aw
            sub[u] |= tw
            continue
        end[u] = len(pre)
        if not stack:
            break
        p = stack.pop()
        path ^= ubit
        pbit = 1 << p
        ru = reach[u]
        su = sub[u]
        if ru & path == pbit:                       # the subtree touches nothing above p
            apart[p] &= su
        else:
            climbing[p] |= su
            reach[p] |= ru
        sub[p] |= su
        u, ubit = p, pbit
    if unvisited:
        return None
    before, after = prefix_suffix(pre)
    return disc, end, apart, climbing, before, after


def prefix_suffix(entries: list[int]) -> tuple[list[int], list[int]]:
    """``before[k]``, the OR of ``entries[:k]``, and ``after[k]``, the OR of ``entries[k:]`` (k = 0..n),
    each in one C loop: the OR of every entry but those of a stretch ``[i, j)`` is
    ``before[i] | after[j]`` (every card but one, or but a subtree of the search, WIN-CLAR-7)."""
    before = list(accumulate(entries, or_, initial=0))
    after = list(accumulate(reversed(entries), or_, initial=0))
    after.reverse()
    return before, after


def splits_when_lifted(anchors: int, a: int) -> bool:
    """Whether lifting the card at anchor ``a`` leaves its neighbours in different parts (WIN-GEO-4): a
    search over the cards from one neighbour that stops as soon as it meets all the others (quick where
    the lake has cycles around the card, the usual case). A card with one neighbour never splits."""
    target = RING[a] & anchors
    if target & (target - 1) == 0:
        return False
    alive = anchors & ~(1 << a)
    reach = frontier = target & -target
    while frontier and reach & target != target:
        grow = 0
        while frontier:
            f = frontier & -frontier
            grow |= RING[f.bit_length() - 1]
            frontier ^= f
        frontier = grow & alive & ~reach
        reach |= frontier
    return reach & target != target

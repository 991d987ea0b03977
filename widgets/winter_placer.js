// Winter: the card in hand laid on the lake by drag and drop, and in the thaw a free card of the
// lake moved the same way. An anywidget ES module (no imports, nothing fetched).
//
// Model traits (from Python): cells [[x, y, light]], cards [[x, y, name]], tokens [[x, y, seat]],
// token_colours ["light"|"dark" per seat], card (id in hand, "" when none), faces [printed, turned]
// ("LL/LD"), turned, spots [[x, y]] (legal top-left flakes for the card as turned: decided by
// Python from the engine's legal actions, never here), enabled, message, reach.
// Messages to Python: {page: href}, {turn: true}, {drop: [x, y] | null} (the card's top-left flake
// in lake units where it was let go; null: off the lake), {pick: [x, y]} (a spot chosen by a click
// or the keys). From Python: {state: {...}} (every trait, answering {page}).
//
// The thaw (mode "move"): free [[x, y]] (the cards that may be taken, WIN-GEO-8), selected ([] or
// [x, y]: the card picked up; card, faces, turned and spots are then its), targets {"x,y": [spots
// as it lies, spots turned]} (every free card's moves, from the engine's legal actions), cards rows
// [x, y, name, flakes as it lies, flakes turned]. Messages: {select: [x, y] | null} (a free card
// clicked or chosen with Enter; null puts it back), {move: [x, y, to_x | null, to_y | null, turned]}
// (the card at (x, y) let go with its top-left flake at (to_x, to_y); null: off the lake).
//
// The preview snaps exactly as Python does (nearest spot by its top-left flake within `reach`,
// ties to the smaller y, then x); Python snaps again on the drop and lays, or refuses.

const LIGHT_FILL = "#cfe8fb", DARK_FILL = "#1d3557", LIGHT_FLAKE = "#1d3557", DARK_FLAKE = "#cfe8fb";
const SPOT = "#00796b", SNAP = "#e07b00", CURSOR = "#6a1b9a", OUTLINE = "#4a5a6a";
// the thaw: free cards outlined as on the big lake (orange, solid), held ones grey and dashed, the one
// picked up violet and dash-dotted (shape as well as colour; every two of them and the flakes stay
// apart with a colour vision deficiency simulated: tests/winter/test_thaw_placer.py)
const FREE = "#e07b00", HELD = "#a8a8a8", PICKED = "#aa00ff";
const SVGNS = "http://www.w3.org/2000/svg";
const MAX_W = 560, MAX_H = 420, MAX_H_NARROW = 250, MIN_CELL = 18, MAX_CELL = 34, SIDE = 240;

const STYLE = `
.wp-root { font-size: 13px; color: #1d2a36; display: flex; flex-direction: column; gap: 4px; max-width: 100%; }
.wp-body { display: flex; gap: 14px; flex-wrap: wrap; align-items: flex-start; }
.wp-hand { display: flex; flex-direction: column; gap: 6px; align-items: flex-start; padding: 5px; }
.wp-side { display: flex; flex-direction: column; gap: 8px; align-items: flex-start; max-width: 220px; }
.wp-card { display: grid; border: 3px solid ${SNAP}; border-radius: 3px; cursor: grab; touch-action: none;
  user-select: none; box-shadow: 0 1px 3px rgba(0,0,0,.35); background: #fff; }
.wp-card-empty { border: 3px dashed #b8c4cf; border-radius: 3px; }
.wp-card:focus { outline: 3px solid ${CURSOR}; outline-offset: 2px; }
.wp-card.wp-lifted { opacity: .35; }
.wp-off .wp-card { cursor: not-allowed; opacity: .5; }
.wp-cell { display: flex; align-items: center; justify-content: center; line-height: 1; }
.wp-name { font-weight: 600; }
.wp-turn { padding: 3px 10px; border: 1px solid #8a8070; border-radius: 3px; background: #f7f3ea;
  cursor: pointer; font: inherit; }
.wp-turn:hover { background: #efe7d4; }
.wp-turn:disabled { opacity: .5; cursor: default; }
.wp-keys { color: #5a5048; font-size: 12px; }
.wp-lake { display: block; background: #f4f7fa; border: 1px solid #b8c4cf; touch-action: none; max-width: 100%; }
.wp-spot { cursor: pointer; }
.wp-spot circle { fill: #ffffff; fill-opacity: .85; stroke: ${SPOT}; }
.wp-spot path { stroke: ${SPOT}; }
.wp-dragging .wp-spot circle { fill: #b2dfdb; fill-opacity: 1; r: 0.36px; stroke-width: 0.1px; }
.wp-narrow .wp-body { gap: 6px; }
.wp-narrow .wp-side { flex-direction: row; flex-wrap: wrap; align-items: center; max-width: none; gap: 6px 10px; }
.wp-narrow .wp-hand { flex-direction: row; align-items: center; padding: 2px; }
.wp-narrow .wp-keys { flex: 1 1 100%; }
.wp-msg { min-height: 1.3em; }
.wp-msg.wp-bad { color: #8b1a1a; font-weight: 600; }
.wp-hint { min-height: 1.3em; color: #3d4a56; }
.wp-legend { color: #5a5048; font-size: 12px; }
.wp-lake:focus { outline: 3px solid ${CURSOR}; outline-offset: 2px; }
.wp-free { cursor: grab; }
.wp-dragging .wp-free { cursor: grabbing; }
.wp-float { position: fixed; z-index: 10000; pointer-events: none; box-shadow: 0 6px 16px rgba(0,0,0,.45); }
`;

function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

// the flakes of a card as it lies ("LL/LD") as a 2 x 2 grid of `size` px cells
function cardGrid(pattern, size) {
  const grid = document.createElement("div");
  grid.className = "wp-card";
  grid.style.gridTemplateColumns = `${size}px ${size}px`;
  for (const f of (pattern || "").replace("/", "")) {
    const light = f === "L";
    const cell = document.createElement("div");
    cell.className = "wp-cell " + (light ? "wp-light" : "wp-dark");
    cell.style.width = cell.style.height = `${size}px`;
    cell.style.background = light ? LIGHT_FILL : DARK_FILL;
    cell.style.color = light ? LIGHT_FLAKE : DARK_FLAKE;
    cell.style.fontSize = `${Math.round(size * 0.62)}px`;
    cell.textContent = "❄";
    cell.title = light ? "light flake" : "dark flake";
    grid.appendChild(cell);
  }
  return grid;
}

// the spot a card let go with its top-left flake at (x, y) snaps to, or null (as Python's snap())
function snap(spots, x, y, reach) {
  let best = null;
  for (const [sx, sy] of spots) {
    const d = Math.hypot(sx - x, sy - y);
    if (d > reach + 1e-9) continue;
    if (!best || d < best[0] || (d === best[0] && (sy < best[2] || (sy === best[2] && sx < best[1])))) {
      best = [d, sx, sy];
    }
  }
  return best ? [best[1], best[2]] : null;
}

function render({ model, el }) {
  if (!document.getElementById("winter-placer-style")) {
    const style = document.createElement("style");
    style.id = "winter-placer-style";
    style.textContent = STYLE;
    document.head.appendChild(style);
  }
  const root = document.createElement("div");
  root.className = "wp-root";
  // JupyterLab: keys pressed in here are the widget's, not the notebook's (Enter, arrows)
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const body = document.createElement("div");
  body.className = "wp-body";
  const side = document.createElement("div");
  side.className = "wp-side";
  const hand = document.createElement("div");
  hand.className = "wp-hand winter-card";
  const caption = document.createElement("div");
  const turnButton = document.createElement("button");
  turnButton.type = "button";
  turnButton.className = "wp-turn";
  turnButton.innerHTML = '<span aria-hidden="true">⟳ </span>Turn 180°';
  turnButton.title = "Turn the card half a turn (WIN-GEO-2); key R";
  const keys = document.createElement("div");
  keys.className = "wp-keys";
  const KEYS_LAY = "Drag the card onto the lake. No mouse? Click or tab to the card: ← → choose a spot, "
    + "Enter lays it there, R turns it.";
  const KEYS_MOVE = "Drag a free card (orange) to where it may go; R turns it while you hold it. Or click it "
    + "to pick it up. No mouse? Tab to the lake: ← → choose a free card, Enter picks it up.";
  const KEYS_MOVING = "Drag it to a marked spot (R turns it while you hold it). Keys: ← → choose a spot, "
    + "Enter moves it there, R turns it, Esc puts it back.";
  keys.textContent = KEYS_LAY;
  const lake = svg("svg", { class: "wp-lake", role: "img" });
  const hint = document.createElement("div");
  hint.className = "wp-hint";
  hint.setAttribute("aria-live", "polite");
  const msg = document.createElement("div");
  msg.className = "wp-msg";
  msg.setAttribute("role", "status");
  const legend = document.createElement("div");
  legend.className = "wp-legend";
  const flakesKey = `<span style="background:${LIGHT_FILL};color:${LIGHT_FLAKE};padding:0 2px">❄ light</span>
    <span style="background:${DARK_FILL};color:${DARK_FLAKE};padding:0 2px">❄ dark</span>`;
  const LEGEND_LAY = `<span style="color:${SPOT}">⊕</span> where the card's centre can go ·
    <span style="color:${SNAP}">▬</span> where it lands if let go · ${flakesKey}`;
  const LEGEND_MOVE = `<span style="color:${FREE}">▭</span> free: take it ·
    <span style="color:${HELD}">┅</span> held by a token · <span style="color:${PICKED}">▭</span> picked up ·
    <span style="color:${SPOT}">⊕</span> where its centre can go · ${flakesKey}`;
  side.append(hand, turnButton, keys);
  body.append(side, lake);
  root.append(body, hint, msg, legend);
  el.appendChild(root);

  let cellPx = 24, box = [0, 0, 1, 1], lastRoom = -1;   // box: x0, y0, columns, rows of the lake in view
  let cardEl = null, ghost = null, lifted = null, spotLayer = null, dragMarks = null, cardMark = null;
  let cursor = -1, freeCursor = -1, drag = null;

  const get = (name) => model.get(name);
  const spots = () => get("spots") || [];
  const face = () => (get("faces") || ["", ""])[get("turned") ? 1 : 0];
  const moving = () => get("mode") === "move";
  const selected = () => { const s = get("selected") || []; return s.length === 2 ? s : null; };
  const same = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
  const cardAt = (x, y) => (get("cards") || []).find((c) => c[0] === x && c[1] === y);
  const isFree = (x, y) => (get("free") || []).some((f) => f[0] === x && f[1] === y);
  // the spots of the card being dragged as it is turned now: the card in hand's (from Python), or in
  // the thaw those Python listed for that card (never worked out here)
  function dragSpots(d) {
    if (!d.from) return spots();
    const both = (get("targets") || {})[`${d.from[0]},${d.from[1]}`] || [[], []];
    return both[d.turned ? 1 : 0] || [];
  }

  function extent() {
    const xs = [], ys = [];
    for (const [x, y] of get("cells") || []) { xs.push(x, x + 1); ys.push(y, y + 1); }
    for (const [x, y] of spots()) { xs.push(x, x + 2); ys.push(y, y + 2); }
    // the thaw: every free card's spots, so the view stays put whichever card is taken
    for (const both of Object.values(moving() ? get("targets") || {} : {})) {
      for (const [x, y] of [...both[0], ...both[1]]) { xs.push(x, x + 2); ys.push(y, y + 2); }
    }
    if (!xs.length) { xs.push(0, 2); ys.push(0, 2); }
    // a flake's margin; in the thaw half of one (the spots of every free card already reach two
    // flakes beyond the lake)
    const m = moving() && Object.keys(get("targets") || {}).length ? 0.5 : 1;
    const x0 = Math.min(...xs) - m, y0 = Math.min(...ys) - m;
    return [x0, y0, Math.max(...xs) + m - x0, Math.max(...ys) + m - y0];
  }

  function drawHand() {
    const on = get("enabled") && !!get("card");
    // the card is drawn anew (turned, another card): the keys stay with it
    const focused = !!cardEl && document.activeElement === cardEl;
    root.classList.toggle("wp-off", !get("enabled"));
    hand.textContent = "";
    caption.className = "wp-name";
    caption.textContent = get("card") ? `${get("card")}${moving() ? " picked up" : ""}${get("turned") ? ", turned" : ""}`
      : moving() ? "no card picked up" : "no card in hand";
    keys.textContent = !moving() ? KEYS_LAY : get("card") ? KEYS_MOVING : KEYS_MOVE;
    legend.innerHTML = moving() ? LEGEND_MOVE : LEGEND_LAY;
    lake.tabIndex = moving() && get("enabled") ? 0 : -1;
    if (get("card")) {
      cardEl = cardGrid(face(), cellPx);
      cardEl.tabIndex = on ? 0 : -1;
      cardEl.setAttribute("role", "button");
      cardEl.setAttribute("aria-label", `${caption.textContent}: drag it onto the lake`);
      cardEl.dataset.card = get("card");
      cardEl.addEventListener("pointerdown", (e) => down(e, null, null));
      cardEl.addEventListener("keydown", key);
      hand.append(cardEl, caption);
      if (focused && on) cardEl.focus();
    } else if (moving()) {
      // where the card picked up will show, as big as it: picking one up moves nothing on the page
      cardEl = null;
      const empty = document.createElement("div");
      empty.className = "wp-card-empty";
      empty.style.width = empty.style.height = `${2 * cellPx}px`;
      hand.append(empty, caption);
    } else {
      cardEl = null;
      hand.append(caption);
    }
    turnButton.disabled = !on;
    root.dataset.card = get("card") || "";
    root.dataset.turned = get("turned") ? "true" : "false";
    root.dataset.mode = get("mode") || "lay";
    root.dataset.selected = selected() ? selected().join(",") : "";
  }

  function drawLake() {
    box = extent();
    const [x0, y0, w, h] = box;
    // as wide as the room beside the card allows (under it, when the widget is narrow)
    const room = el.clientWidth || 0;       // the widget is as wide as its row, whatever it holds
    const maxW = !room ? MAX_W : Math.min(MAX_W, room - SIDE >= 240 ? room - SIDE : room - 4);
    // a narrow panel (beside the big lake): the card, its button and the keys in a row above the lake
    const narrow = !!room && room - SIDE < 240;
    root.classList.toggle("wp-narrow", narrow);
    // there the keys' help goes under the lake, so the lake starts high enough to be seen with the board
    if (narrow && keys.parentNode !== root) root.insertBefore(keys, hint);
    else if (!narrow && keys.parentNode !== side) side.appendChild(keys);
    const maxH = narrow ? MAX_H_NARROW : MAX_H;
    cellPx = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(Math.min(maxW / w, maxH / h))));
    lastRoom = room;
    lake.setAttribute("viewBox", `${x0} ${y0} ${w} ${h}`);
    lake.setAttribute("width", String(w * cellPx));
    lake.setAttribute("height", String(h * cellPx));
    lake.setAttribute("aria-label", `the lake: ${(get("cards") || []).length} cards, ${spots().length} spots for the card`);
    lake.textContent = "";
    for (const [x, y, light] of get("cells") || []) {
      svg("rect", { x, y, width: 1, height: 1, fill: light ? LIGHT_FILL : DARK_FILL, stroke: "#8aa6bf",
                    "stroke-width": 0.03 }, lake);
      const t = svg("text", { x: x + 0.5, y: y + 0.53, "font-size": 0.6, "text-anchor": "middle",
                              "dominant-baseline": "middle", fill: light ? LIGHT_FLAKE : DARK_FLAKE }, lake);
      t.textContent = "❄";
    }
    const picked = selected();
    for (const [x, y, name] of get("cards") || []) {
      if (!moving()) {
        svg("rect", { x: x + 0.04, y: y + 0.04, width: 1.92, height: 1.92, fill: "none", stroke: OUTLINE,
                      "stroke-width": 0.07, class: "wp-outline" }, lake);
      } else {
        const free = isFree(x, y), mine = same(picked, [x, y]);
        svg("rect", { x: x + 0.06, y: y + 0.06, width: 1.88, height: 1.88, fill: "none",
                      stroke: mine ? PICKED : free ? FREE : HELD, "stroke-width": mine ? 0.14 : free ? 0.12 : 0.08,
                      "stroke-dasharray": mine ? "0.3 0.1 0.06 0.1" : free ? "none" : "0.16 0.1",
                      class: "wp-outline" + (free ? " wp-outline-free" : "") }, lake);
      }
      // the name on a pale label at the card's centre, where four flakes meet; at least 9 px high
      const fs = Math.max(0.26, 9 / cellPx);
      svg("rect", { x: x + 1 - fs * 1.1, y: y + 1 - fs * 0.65, width: fs * 2.2, height: fs * 1.3, rx: 0.06,
                    fill: "#ffffff", "fill-opacity": 0.85 }, lake);
      const label = svg("text", { x: x + 1, y: y + 1.01, "font-size": fs, "text-anchor": "middle",
                                  "dominant-baseline": "middle", fill: "#333" }, lake);
      label.textContent = name;
    }
    // the thaw: a free card is taken where it lies (a drag moves it, a click picks it up)
    if (moving()) {
      for (const [x, y, name] of get("cards") || []) {
        if (!isFree(x, y)) {
          // a card under a token cannot be taken: a click asks anyway, so Python says which rule holds it
          const held = svg("rect", { x, y, width: 2, height: 2, fill: "#ffffff", "fill-opacity": 0,
                                     class: "wp-held", "data-card": `${x},${y}`, cursor: "not-allowed" }, lake);
          svg("title", {}, held).textContent = `${name} is held by a token (WIN-GEO-8)`;
          held.addEventListener("click", () => { if (get("enabled") && !drag) model.send({ select: [x, y] }); });
          continue;
        }
        const hit = svg("rect", { x, y, width: 2, height: 2, fill: "#ffffff", "fill-opacity": 0,
                                  class: "wp-free", "data-card": `${x},${y}` }, lake);
        const title = svg("title", {}, hit);
        title.textContent = same(picked, [x, y]) ? `${name} is picked up: drag it, or click to put it back`
          : `${name} is free: drag it to move it, or click to pick it up`;
        hit.addEventListener("pointerdown", (e) => down(e, [x, y], hit));
      }
    }
    cardMark = svg("rect", { x: 0, y: 0, width: 2, height: 2, fill: "none", stroke: CURSOR, "stroke-width": 0.16,
                             visibility: "hidden", "pointer-events": "none", class: "wp-cursor" }, lake);
    const colours = get("token_colours") || ["light", "dark"];
    for (const [x, y, seat] of get("tokens") || []) {
      const light = colours[seat] === "light";
      svg("circle", { cx: x + 1, cy: y + 1, r: 0.42, fill: light ? LIGHT_FILL : DARK_FILL,
                      stroke: light ? DARK_FILL : LIGHT_FILL, "stroke-width": 0.1 }, lake);
      const t = svg("text", { x: x + 1, y: y + 1.03, "font-size": 0.45, "text-anchor": "middle",
                              "dominant-baseline": "middle", fill: light ? DARK_FILL : LIGHT_FILL }, lake);
      t.textContent = String(seat + 1);
    }
    // the legal spots: a ring with a cross at the card's centre (a shape, not a colour alone)
    spotLayer = svg("g", { class: "wp-spots" }, lake);
    spots().forEach(([x, y], i) => {
      const g = spotMark(x, y, "wp-spot", spotLayer);
      const title = svg("title", {}, g);
      title.textContent = `${moving() ? "move" : "lay"} ${get("card")} here: top-left flake at (${x}, ${y})`;
      g.addEventListener("click", () => { if (get("enabled")) model.send({ pick: [x, y] }); });
    });
    // while a card of the lake hangs on the pointer, its place shows as emptied (its cells count as
    // empty for its move, WIN-CLAR-7)
    dragMarks = svg("g", { class: "wp-drag-spots", "pointer-events": "none" }, lake);
    lifted = svg("rect", { x: 0, y: 0, width: 2, height: 2, fill: "#f4f7fa", "fill-opacity": 0.8, stroke: PICKED,
                           "stroke-width": 0.06, "stroke-dasharray": "0.12 0.08", visibility: "hidden",
                           "pointer-events": "none", class: "wp-lifted-spot" }, lake);
    ghost = svg("g", { class: "wp-ghost", visibility: "hidden", "pointer-events": "none" }, lake);
  }

  // a legal spot: a ring with a cross at the card's centre
  function spotMark(x, y, cls, parent) {
    const g = svg("g", { class: cls, "data-spot": `${x},${y}` }, parent);
    svg("circle", { cx: x + 1, cy: y + 1, r: 0.3, "stroke-width": 0.08 }, g);
    svg("path", { d: `M${x + 0.82} ${y + 1}h0.36M${x + 1} ${y + 0.82}v0.36`, "stroke-width": 0.08 }, g);
    return g;
  }

  // the thaw: while a card hangs on the pointer, the spots of its move as it is turned now (those
  // Python listed for it) stand in for the picked-up card's
  function drawDragSpots() {
    dragMarks.textContent = "";
    const on = !!drag && !!drag.from;
    spotLayer.setAttribute("visibility", on ? "hidden" : "visible");
    if (!on) return;
    for (const [x, y] of dragSpots(drag)) spotMark(x, y, "wp-spot wp-drag-spot", dragMarks);
  }

  // the card as turned, drawn on the lake at the spot it would land on
  function showGhost(spot, colour, pattern) {
    ghost.textContent = "";
    if (!spot) {
      ghost.setAttribute("visibility", "hidden");
      ghost.removeAttribute("data-spot");
      return;
    }
    const [x, y] = spot;
    const f = (pattern || face()).replace("/", "");
    [[0, 0], [1, 0], [0, 1], [1, 1]].forEach(([dx, dy], i) => {
      const light = f[i] === "L";
      svg("rect", { x: x + dx, y: y + dy, width: 1, height: 1, fill: light ? LIGHT_FILL : DARK_FILL,
                    "fill-opacity": 0.9 }, ghost);
      const t = svg("text", { x: x + dx + 0.5, y: y + dy + 0.53, "font-size": 0.6, "text-anchor": "middle",
                              "dominant-baseline": "middle", fill: light ? LIGHT_FLAKE : DARK_FLAKE }, ghost);
      t.textContent = "❄";
    });
    svg("rect", { x: x + 0.03, y: y + 0.03, width: 1.94, height: 1.94, fill: "none", stroke: colour,
                  "stroke-width": 0.14 }, ghost);
    ghost.setAttribute("visibility", "visible");
    ghost.dataset.spot = `${x},${y}`;
  }

  function drawMessage() {
    const text = get("message") || "";
    msg.textContent = text;
    msg.classList.toggle("wp-bad", !!text);
  }

  function draw() {
    drawLake();
    drawHand();
    drawMessage();
    cursor = -1;
    freeCursor = -1;
    hint.textContent = "";
  }

  // page point -> lake units, and whether it lies on the lake drawn
  function toLake(cx, cy) {
    const r = lake.getBoundingClientRect();
    const inside = cx >= r.left && cx <= r.right && cy >= r.top && cy <= r.bottom && r.width > 0;
    return [box[0] + (cx - r.left) / r.width * box[2], box[1] + (cy - r.top) / r.height * box[3], inside];
  }

  // a card taken: the card in hand (from null), or in the thaw the free card at `from` on the lake
  // (the picked-up one is in the hand too: taken there, it is that card)
  function down(e, from, target) {
    if (e.button !== 0 || !get("enabled") || drag) return;
    const el = target || cardEl;
    if (!el) return;
    if (!from && moving()) from = selected();
    if (moving() && !from) return;
    e.preventDefault();
    e.stopPropagation();
    const r = el.getBoundingClientRect();
    // where the card was taken, in flakes from its top-left corner
    const gx = (e.clientX - r.left) / r.width * 2, gy = (e.clientY - r.top) / r.height * 2;
    el.setPointerCapture(e.pointerId);
    const row = from ? cardAt(from[0], from[1]) : null;
    drag = { id: e.pointerId, gx, gy, x: e.clientX, y: e.clientY, moved: false, float: null, at: null, el,
             from, onLake: !!target, name: row ? row[2] : get("card"),
             faces: row ? [row[3], row[4]] : get("faces") || ["", ""],
             // the picked-up card keeps the turn it was given; another one is taken as it lies
             turned: from ? same(from, selected()) && !!get("turned") : !!get("turned") };
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", cancel);
  }

  function floatCard() {
    if (drag.float) drag.float.remove();
    drag.float = cardGrid(drag.faces[drag.turned ? 1 : 0], drag.scale);
    drag.float.classList.add("wp-float");
    document.body.appendChild(drag.float);
    root.dataset.dragTurned = drag.turned ? "true" : "false";
  }

  // where the card hanging on the pointer would land, shown on the lake
  function preview(cx, cy) {
    drag.float.style.left = `${cx - drag.gx * drag.scale}px`;
    drag.float.style.top = `${cy - drag.gy * drag.scale}px`;
    const [px, py, inside] = toLake(cx, cy);
    const x = px - drag.gx, y = py - drag.gy;
    const spot = inside ? snap(dragSpots(drag), x, y, get("reach")) : null;
    drag.at = inside ? [x, y] : null;
    drag.cx = cx; drag.cy = cy;
    showGhost(spot, SNAP, drag.faces[drag.turned ? 1 : 0]);
    drag.float.style.opacity = spot ? "0.15" : "0.95";   // snapped: the card shows where it lands
    const what = `${drag.name}${drag.turned ? " turned 180°" : ""}`;
    const home = drag.from ? "its place" : "your hand";
    hint.textContent = !inside ? `Off the lake: let go and ${drag.name} goes back to ${home}.`
      : spot ? `Let go to ${drag.from ? "move" : "lay"} ${what} with its top-left flake at (${spot[0]}, ${spot[1]}).`
      : drag.from ? `No place for ${what} here: its cells must be empty and the lake stay one piece (WIN-CLAR-7)`
        + (moving() ? "; R turns it." : ".")
      : "No place for the card here: it must touch the lake edge to edge, flakes matching (WIN-GEO-5).";
  }

  // R while a card of the thaw hangs on the pointer: it turns there, its spots with it
  function turnWhileDragging(e) {
    if (!drag || !drag.moved || !drag.from || (e.key !== "r" && e.key !== "R")) return;
    e.preventDefault();
    e.stopPropagation();
    drag.turned = !drag.turned;
    caption.textContent = `${drag.name} taken${drag.turned ? ", turned" : ""}`;
    floatCard();
    drawDragSpots();
    preview(drag.cx, drag.cy);
  }
  window.addEventListener("keydown", turnWhileDragging, true);

  function move(e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 4) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.scale = lake.getBoundingClientRect().width / box[2] || cellPx;
      floatCard();
      if (!drag.onLake && cardEl) cardEl.classList.add("wp-lifted");
      if (drag.from) {
        // the card goes by the hand's caption while it is carried (Python hears of it when let go)
        caption.textContent = `${drag.name} taken${drag.turned ? ", turned" : ""}`;
        lifted.setAttribute("x", drag.from[0]);
        lifted.setAttribute("y", drag.from[1]);
        lifted.setAttribute("visibility", "visible");
        root.dataset.dragCard = drag.from.join(",");
      }
      root.classList.add("wp-dragging");
      root.dataset.dragging = "true";
      msg.textContent = "";                 // an earlier refusal is about an earlier drop
      msg.classList.remove("wp-bad");
      drawDragSpots();
    }
    preview(e.clientX, e.clientY);
  }

  function finish() {
    if (!drag) return;
    if (drag.float) drag.float.remove();
    if (cardEl) cardEl.classList.remove("wp-lifted");
    drag.el.removeEventListener("pointermove", move);
    drag.el.removeEventListener("pointerup", up);
    drag.el.removeEventListener("pointercancel", cancel);
    if (lifted) lifted.setAttribute("visibility", "hidden");
    root.classList.remove("wp-dragging");
    delete root.dataset.dragging;
    delete root.dataset.dragCard;
    delete root.dataset.dragTurned;
    showGhost(null);
    if (drag.from) drawHand();           // the caption again says what Python holds
    drag = null;
    if (dragMarks) drawDragSpots();
  }

  function up(e) {
    if (!drag || e.pointerId !== drag.id) return;
    const { moved, at, from, onLake, turned } = drag;
    finish();
    if (!moved && onLake) {  // a click on a free card: pick it up, or put the picked-up one back
      model.send({ select: same(from, selected()) ? null : from });
      return;
    }
    if (!moved) {            // a click: the keys take over (the first spot shown)
      cardEl && cardEl.focus();
      step(0);
      return;
    }
    hint.textContent = "";
    if (from) model.send({ move: [from[0], from[1], at ? at[0] : null, at ? at[1] : null, turned] });
    else model.send({ drop: at });
  }

  function cancel(e) {
    if (drag && e.pointerId === drag.id) { finish(); hint.textContent = ""; }
  }

  // the keys: walk the spots, lay on the one shown
  function step(by) {
    const all = spots();
    if (!all.length) { hint.textContent = "No spot for the card as it is turned now: turn it (R)."; return; }
    cursor = cursor < 0 ? 0 : (cursor + by + all.length) % all.length;
    const [x, y] = all[cursor];
    showGhost(all[cursor], SNAP);      // orange: where the card lands (Enter), as when let go
    hint.textContent = `Spot ${cursor + 1} of ${all.length}: top-left flake at (${x}, ${y}). `
      + `Enter ${moving() ? "moves" : "lays"} it here.`;
  }

  // the thaw without a mouse: walk the free cards, Enter picks one up
  function stepFree(by) {
    const all = get("free") || [];
    if (!all.length) { hint.textContent = "No free card: every card is held by a token (WIN-GEO-8)."; return; }
    freeCursor = freeCursor < 0 ? 0 : (freeCursor + by + all.length) % all.length;
    const [x, y] = all[freeCursor], row = cardAt(x, y);
    cardMark.setAttribute("x", x);
    cardMark.setAttribute("y", y);
    cardMark.setAttribute("visibility", "visible");
    cardMark.dataset.card = `${x},${y}`;
    hint.textContent = `Free card ${freeCursor + 1} of ${all.length}: ${row ? row[2] : ""} at (${x}, ${y}). `
      + "Enter picks it up.";
  }

  function lakeKey(e) {
    if (!moving() || !get("enabled") || drag) return;
    const k = e.key;
    if (selected()) { key(e); return; }
    if (k === "ArrowRight" || k === "ArrowDown") stepFree(1);
    else if (k === "ArrowLeft" || k === "ArrowUp") stepFree(-1);
    else if (k === "Enter" || k === " ") {
      if (freeCursor >= 0) model.send({ select: (get("free") || [])[freeCursor] });
      else stepFree(0);
    }
    else if (k === "Escape") { freeCursor = -1; cardMark.setAttribute("visibility", "hidden"); hint.textContent = ""; }
    else return;
    e.preventDefault();
    e.stopPropagation();
  }
  lake.addEventListener("keydown", lakeKey);

  function key(e) {
    if (!get("enabled")) return;
    const k = e.key;
    if (k === "r" || k === "R") model.send({ turn: true });
    else if (k === "ArrowRight" || k === "ArrowDown") step(1);
    else if (k === "ArrowLeft" || k === "ArrowUp") step(-1);
    else if (k === "Enter" || k === " ") {
      if (cursor >= 0) model.send({ pick: spots()[cursor] });
      else step(0);            // first show where it would go
    }
    else if (k === "Escape" && moving()) model.send({ select: null });      // put it back
    else if (k === "Escape") { cursor = -1; showGhost(null); hint.textContent = ""; }
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  turnButton.addEventListener("click", () => { if (get("enabled")) model.send({ turn: true }); });

  model.on("msg:custom", (content) => {
    if (content && content.state) {
      for (const [name, value] of Object.entries(content.state)) model.set(name, value);
      draw();
    }
  });
  for (const name of ["cells", "cards", "tokens", "token_colours", "spots", "faces", "turned", "card", "enabled",
                      "mode", "free", "selected", "targets"]) {
    model.on(`change:${name}`, () => { finish(); draw(); });
  }
  model.on("change:message", drawMessage);
  draw();
  // drawn before the page laid the widget out, or the page resized: fit the lake to the room it has
  const resized = new ResizeObserver(() => {
    if (!drag && el.clientWidth && Math.abs(el.clientWidth - lastRoom) > 8) { drawLake(); drawHand(); }
  });
  resized.observe(el);
  model.send({ page: window.location.href });
  return () => { finish(); resized.disconnect(); window.removeEventListener("keydown", turnWhileDragging, true); };
}

export default { render };

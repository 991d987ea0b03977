// The explorer's move list and keyboard: an anywidget ES module (no imports, nothing fetched).
//
// Model traits (from Python): rows [{k, text, seat, origin, head, branches: [{n, text}]}],
// current (the step shown), colours (one per seat), start (the caption of step 0).
// Messages to Python: {go: step}, {line: number, step: step}, {key: name}, {page: href}.
// Messages from Python: {copy: text} (to the clipboard), {download: name, mime} + one buffer.

const STYLE = `
.lotus-moves { max-height: 430px; overflow-y: auto; border: 1px solid #d8cfbb; background: #fffdf7;
  font-size: 13px; line-height: 1.35; padding: 2px 0; }
.lotus-moves .lm-head { position: sticky; top: 0; background: #efe7d4; color: #4a4036; font-weight: 600;
  padding: 2px 6px; border-top: 1px solid #d8cfbb; z-index: 1; }
.lotus-moves .lm-row { padding: 1px 6px 1px 4px; cursor: pointer; display: flex; gap: 6px; }
.lotus-moves .lm-row:hover { background: #f3ead3; }
.lotus-moves .lm-row.lm-current { background: #c9a227; color: #1d1a14; font-weight: 600; }
.lotus-moves .lm-k { color: #8a8070; min-width: 28px; text-align: right; flex: none; }
.lotus-moves .lm-seat { width: 8px; flex: none; border-radius: 2px; margin: 3px 0; }
.lotus-moves .lm-bot { color: #6a3d9a; } .lotus-moves .lm-changed { color: #b35c00; }
.lotus-moves .lm-branch { padding: 0 6px 1px 44px; cursor: pointer; color: #6a3d9a; font-style: italic; }
.lotus-moves .lm-branch:hover { text-decoration: underline; }
.lotus-explorer:focus { outline: 2px solid #c9a227; outline-offset: 2px; }
`;

const KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End", "n", "N", "p"]);

function typing(target) {
  // keys typed into a text field or a menu stay there
  if (!target || !target.closest) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName || "").toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input") {
    const type = (target.type || "text").toLowerCase();
    return !["button", "checkbox", "radio", "range", "submit", "file"].includes(type);
  }
  return false;
}

function render({ model, el }) {
  if (!document.getElementById("lotus-moves-style")) {
    const style = document.createElement("style");
    style.id = "lotus-moves-style";
    style.textContent = STYLE;
    document.head.appendChild(style);
  }
  const list = document.createElement("div");
  list.className = "lotus-moves";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "moves");
  el.appendChild(list);
  let rowEls = [];

  function draw() {
    const rows = model.get("rows") || [];
    const colours = model.get("colours") || [];
    list.textContent = "";
    rowEls = [];
    const start = document.createElement("div");
    start.className = "lm-row";
    start.dataset.step = "0";
    start.innerHTML = `<span class="lm-k">0</span><span>${model.get("start") || "the start"}</span>`;
    start.addEventListener("click", () => model.send({ go: 0 }));
    list.appendChild(start);
    rowEls.push(start);
    for (const r of rows) {
      if (r.head) {
        const h = document.createElement("div");
        h.className = "lm-head";
        h.textContent = r.head;
        list.appendChild(h);
      }
      const row = document.createElement("div");
      row.className = "lm-row" + (r.origin === "bot" ? " lm-bot" : r.origin === "changed" ? " lm-changed" : "");
      row.dataset.step = String(r.k + 1);
      row.title = `step ${r.k} → ${r.k + 1}` + (r.origin !== "record" ? ` (${r.origin})` : "");
      const k = document.createElement("span");
      k.className = "lm-k";
      k.textContent = String(r.k + 1);
      const seat = document.createElement("span");
      seat.className = "lm-seat";
      seat.style.background = colours[r.seat] || "#999";
      const text = document.createElement("span");
      text.textContent = r.text;
      row.append(k, seat, text);
      row.addEventListener("click", () => model.send({ go: r.k + 1 }));
      list.appendChild(row);
      rowEls.push(row);
      for (const b of r.branches || []) {
        const br = document.createElement("div");
        br.className = "lm-branch";
        br.dataset.line = String(b.n);
        br.textContent = `↳ line ${b.n}: ${b.text}`;
        br.title = `show line ${b.n} after this change`;
        br.addEventListener("click", () => model.send({ line: b.n, step: r.k + 1 }));
        list.appendChild(br);
      }
    }
    mark();
  }

  function mark() {
    const current = model.get("current");
    for (const row of rowEls) {
      const on = row.dataset.step === String(current);
      row.classList.toggle("lm-current", on);
      row.setAttribute("aria-selected", on ? "true" : "false");
      if (on) {
        // keep the current move in view inside the list only (the page does not jump)
        const top = row.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top + row.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = Math.max(0, top - list.clientHeight / 3);
        }
      }
    }
  }

  // keyboard: on the explorer around this widget, whatever inside it has focus
  function attach() {
    const root = el.closest(".lotus-explorer");
    if (!root || root.dataset.lotusKeys === "on") return !!root;
    root.dataset.lotusKeys = "on";
    if (!root.hasAttribute("tabindex")) root.tabIndex = 0;   // a click on the board focuses the explorer
    root.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab: no notebook shortcuts in here
    // the explorer stays "in use" from a click inside it until a click or focus elsewhere: a button
    // that turns disabled (→ at the last step) drops the focus to the page, and the keys go on working
    let active = false;
    document.addEventListener("pointerdown", (e) => { active = root.contains(e.target); }, true);
    document.addEventListener("focusin", (e) => { if (!root.contains(e.target)) active = false; }, true);
    document.addEventListener("keydown", (e) => {
      if (!root.isConnected) return;
      const lost = e.target === document.body || e.target === document.documentElement;
      if (!(root.contains(e.target) || (active && lost))) return;
      if (!KEYS.has(e.key) || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      model.send({ key: e.key });
    }, true);
    return true;
  }
  if (!attach()) {
    // the view is put into the page after render: try again once it is attached
    const timer = setInterval(() => { if (attach()) clearInterval(timer); }, 200);
    setTimeout(() => clearInterval(timer), 20000);
  }

  model.on("msg:custom", async (msg, buffers) => {
    if (msg.state) {
      // the whole list, sent when this view asked: set locally (the kernel holds the same)
      for (const [name, value] of Object.entries(msg.state)) model.set(name, value);
      draw();
    } else if (msg.copy !== undefined) {
      try {
        await navigator.clipboard.writeText(msg.copy);
        model.send({ copied: true });
      } catch (err) {
        model.send({ copied: false, why: String(err) });
      }
    } else if (msg.download) {
      const data = buffers && buffers[0];
      const bytes = ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data;
      const blob = new Blob([bytes], { type: msg.mime });
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = msg.download;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    }
  });
  model.on("change:rows", draw);
  model.on("change:colours", draw);
  model.on("change:current", mark);
  draw();
  model.send({ page: window.location.href });
}

export default { render };

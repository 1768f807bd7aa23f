// Table Ruling's setup editor: the table is the workspace.
// - The view: pinch, wheel and drag to zoom and pan (the Panzoom library, installed by npm), buttons for
//   + / − / fit the action / whole table, an overview inset; it opens on what the question is about.
// - The pieces: tap to select (handles to move, turn and delete, and its properties in the sheet),
//   drag to move, arrow keys to nudge, [ and ] to turn, Delete to remove.
// The form's fields stay the source of truth: every gesture writes them and fires "change", which
// refreshes the server preview (htmx, the address pushed: Undo and Back step through the changes).
// Without JavaScript the fields and links work as they are.

const READABLE = 1.25; // CSS px per mm at least at the default zoom: a 40 mm base is 50 px across
const MOST = 2.2; // CSS px per mm at most when fitting (a lone small base: 88 px); + zooms further
const TAP = 6; // px a pointer may wander and still be a tap

const form = () => document.getElementById("setup");

// Positions that change with the view go in a constructed style sheet, never in style attributes: the
// CSP forbids inline styles, and htmx clones the page (with its attributes) when it pushes an address.
const sheet = new CSSStyleSheet();
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
const rules = new Map();
function css(selector, body) {
  rules.set(selector, body);
  sheet.replaceSync([...rules].map(([sel, b]) => `${sel} { ${b} }`).join("\n"));
}
function unstyle(...els) {
  for (const el of els) if (el) el.removeAttribute("style"); // what Panzoom set: the style sheet says it instead
}
let selected = null; // the selected piece's id, kept across redraws
let pz = null; // the Panzoom instance of the current table
let zoomed = null; // the element it zooms
let view = null; // {scale, x, y}: kept across redraws of the same question
let fitKey = null; // what the table was last fitted to

// ---- the fields ----
function rowOf(pid) {
  const f = form();
  if (!f) return null;
  for (const input of f.querySelectorAll('input[name$="-id"]')) {
    if (input.name.startsWith("p-") && input.value.trim() === pid) return input.name.slice(0, -3);
  }
  return null;
}
const field = (row, name) => form().querySelector(`[name="${row}-${name}"]`);
function read(el) {
  const v = parseFloat(((el && el.value) || "").replace(",", "."));
  return Number.isFinite(v) ? v : null;
}
function write(el, v) {
  el.value = String(Math.round(v * 100) / 100);
}
function commit(el) {
  el.dispatchEvent(new Event("change", { bubbles: true }));
}
const normal = (deg) => ((deg % 360) + 360) % 360;

function move(pid, dx, dy) {
  const row = rowOf(pid);
  const x = row && field(row, "x");
  const y = row && field(row, "y");
  if (!x || !y || read(x) === null || read(y) === null) return false; // an outline: edit its JSON
  write(x, read(x) + dx);
  write(y, read(y) + dy);
  commit(x);
  return true;
}
function turn(pid, delta, absolute = null) {
  const row = rowOf(pid);
  const h = row && field(row, "heading");
  if (!h) return;
  write(h, normal(absolute ?? (read(h) ?? 0) + delta));
  commit(h);
}
function setPlayer(pid, player) {
  const row = rowOf(pid);
  const p = row && field(row, "player");
  if (!p) return;
  p.value = player;
  commit(p);
}
function remove(pid) {
  const row = rowOf(pid);
  if (!row) return;
  for (const el of form().querySelectorAll(`[name^="${row}-"]`)) {
    if (el.type === "checkbox") el.checked = false;
    else el.value = "";
  }
  select(null);
  commit(field(row, "id"));
}

// ---- the picture's coordinates ----
function tableSvg() {
  return document.querySelector("#preview .zoomable svg");
}
function svgPoint(svg, clientX, clientY) {
  // from the rendered box, not getScreenCTM: the zoom is a CSS transform on an HTML ancestor
  const r = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  return { x: vb.x + ((clientX - r.left) * vb.width) / r.width, y: vb.y + ((clientY - r.top) * vb.height) / r.height };
}
function pxPerUnit(svg) {
  return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
}
const pieceEl = (pid) => document.querySelector(`#preview [data-piece="${CSS.escape(pid)}"]`);

// ---- the view ----
function fitted(whole, el = zoomed) {
  // the scale and pan that show the fit box (or the whole table) in the stage, readable if there are pieces
  const svg = el && el.querySelector("svg");
  const stage = document.querySelector("#preview .stage");
  if (!svg || !stage) return null;
  const vb = svg.viewBox.baseVal;
  const box = whole ? [vb.x, vb.y, vb.width, vb.height] : (svg.dataset.fit || "").split(" ").map(Number);
  if (box.length !== 4 || box.some((v) => !Number.isFinite(v))) return null;
  const [bx, by, bw, bh] = box;
  const unit = el.offsetWidth / vb.width; // px per mm at scale 1
  const cw = stage.clientWidth;
  const ch = stage.clientHeight;
  let scale = Math.min(cw / (bw * unit), ch / (bh * unit));
  if (!whole && svg.querySelector("[data-piece]")) scale = Math.max(scale, READABLE / unit);
  scale = Math.min(scale, MOST / unit);
  const cx = (bx + bw / 2 - vb.x) * unit;
  const cy = (by + bh / 2 - vb.y) * unit;
  return { scale, ...centred(el, scale, cx, cy, cw, ch) };
}
function centred(el, scale, cx, cy, cw, ch) {
  // Panzoom's transform is scale(s) translate(x, y) about the element's centre (its default origin, which its
  // zoom toward the pointer or the pinch assumes): the pan that puts the element's point (cx, cy) mid-stage
  const w = el.offsetWidth / 2;
  const h = el.offsetHeight / 2;
  return { x: (cw / 2 - w) / scale - cx + w, y: (ch / 2 - h) / scale - cy + h };
}
function fit(whole) {
  const to = pz && fitted(whole);
  if (!to) return;
  pz.zoom(to.scale, { animate: false, force: true });
  pz.pan(to.x, to.y, { animate: false, force: true });
}
function zoomBy(factor) {
  const stage = document.querySelector("#preview .stage");
  if (!pz || !stage) return;
  const r = stage.getBoundingClientRect();
  pz.zoomToPoint(pz.getScale() * factor, { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }, { animate: false });
}
function viewCentre() {
  const svg = tableSvg();
  const stage = document.querySelector("#preview .stage");
  if (!svg || !stage) return null;
  const r = stage.getBoundingClientRect();
  const p = svgPoint(svg, r.left + r.width / 2, r.top + r.height / 2);
  return { x: p.x, y: Number(svg.dataset.tableHeight) - p.y };
}
function setupTable() {
  const el = document.querySelector("#preview .zoomable");
  const stage = document.querySelector("#preview .stage");
  if (!el || !stage || typeof window.Panzoom !== "function") {
    pz = null;
    zoomed = null;
    return;
  }
  if (el !== zoomed) {
    const svg = el.querySelector("svg");
    const key = svg ? svg.dataset.fitKey || "" : "";
    let start = view;
    if (view === null || key !== fitKey) {
      fitKey = key;
      start = fitted(false, el);
    }
    pz = window.Panzoom(el, {
      canvas: true,
      minScale: 0.3,
      maxScale: 60,
      step: 0.25,
      excludeClass: "editable",
      exclude: [...stage.querySelectorAll(".zoom-tools, .piece-tools, .hint")],
      cursor: "move",
      startScale: start ? start.scale : 1,
      startX: start ? start.x : 0,
      startY: start ? start.y : 0,
      setTransform: (_el, { x, y, scale }) => {
        css("#preview .zoomable", `transform: scale(${scale}) translate(${x}px, ${y}px)`);
      },
    });
    unstyle(el, stage);
    zoomed = el;
    stage.addEventListener("wheel", (event) => pz && pz.zoomWithWheel(event));
    el.addEventListener("panzoomchange", (event) => {
      view = { scale: event.detail.scale, x: event.detail.x, y: event.detail.y };
      unstyle(el);
      placeTools();
      drawOverview();
    });
    makeOverview(stage, svg);
  }
  placeTools();
  drawOverview();
}

// the overview inset: the whole table, the part in view outlined; a tap there looks at that spot
function makeOverview(stage, svg) {
  if (!svg) return;
  const box = document.createElement("div");
  box.className = "overview";
  box.setAttribute("aria-hidden", "true");
  const copy = svg.cloneNode(true);
  for (const el of copy.querySelectorAll("[id], .option-ghosts, .pick-regions, title, desc, text")) {
    if (el.matches(".option-ghosts, .pick-regions, title, desc, text")) el.remove();
    else el.removeAttribute("id");
  }
  for (const el of copy.querySelectorAll("[tabindex], [data-piece], [aria-label]")) {
    for (const name of ["tabindex", "data-piece", "aria-label", "class"]) el.removeAttribute(name);
  }
  for (const name of ["data-fit", "data-fit-key", "data-table-height"]) copy.removeAttribute(name);
  copy.removeAttribute("aria-labelledby");
  copy.removeAttribute("aria-describedby");
  copy.removeAttribute("role");
  copy.setAttribute("class", "overview-svg");
  const frame = document.createElement("div");
  frame.className = "overview-frame";
  box.append(copy, frame);
  box.addEventListener("pointerdown", (event) => {
    event.stopPropagation();
    const r = box.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    const unit = zoomed.offsetWidth / vb.width;
    const scale = pz.getScale();
    const cx = ((event.clientX - r.left) / r.width) * vb.width * unit;
    const cy = ((event.clientY - r.top) / r.height) * vb.height * unit;
    const to = centred(zoomed, scale, cx, cy, stage.clientWidth, stage.clientHeight);
    pz.pan(to.x, to.y, { animate: false, force: true });
  });
  stage.appendChild(box);
}
function drawOverview() {
  const stage = document.querySelector("#preview .stage");
  const box = stage && stage.querySelector(".overview");
  const svg = tableSvg();
  if (!box || !svg) return;
  const s = svg.getBoundingClientRect();
  const r = stage.getBoundingClientRect();
  const clamp = (v) => Math.min(100, Math.max(0, v));
  const left = clamp(((r.left - s.left) / s.width) * 100);
  const top = clamp(((r.top - s.top) / s.height) * 100);
  const width = clamp(((r.right - s.left) / s.width) * 100) - left;
  const height = clamp(((r.bottom - s.top) / s.height) * 100) - top;
  css(".overview-frame", `left: ${left}%; top: ${top}%; width: ${width}%; height: ${height}%`);
}

// ---- selecting a piece: its handles on the table, its properties in the sheet ----
function pieceName(pid) {
  const row = rowOf(pid);
  const label = row && field(row, "label");
  // an unlabelled piece by the name the picture gives it (its <title>, less "(small base)"), never its id
  const title = pieceEl(pid) && pieceEl(pid).querySelector("title");
  const drawn = title && title.textContent.replace(/ \([^)]*\)$/, "").trim();
  return (label && label.value.trim()) || drawn || pid;
}
function select(pid) {
  selected = pid && pieceEl(pid) ? pid : null;
  for (const el of document.querySelectorAll("#preview [data-piece].selected")) el.classList.remove("selected");
  const panel = document.getElementById("selected");
  const hint = document.getElementById("hint");
  if (selected) {
    pieceEl(selected).classList.add("selected");
    const row = rowOf(selected);
    const facing = row && field(row, "heading");
    const deg = facing && read(facing);
    const name = document.getElementById("selected-label");
    const label = row && field(row, "label");
    if (name && document.activeElement !== name) name.value = label ? label.value : "";
    document.getElementById("selected-name").textContent =
      pieceName(selected) + (deg !== null && deg !== undefined && deg !== "" ? `, facing ${deg}°` : "");
    const link = document.getElementById("selected-row");
    if (link && row) link.href = `#row-${row.slice(2)}`;
    const kind = row && field(row, "kind");
    const player = kind && kind.value === "ship" ? field(row, "player") : null;
    for (const b of document.querySelectorAll("#selected [data-tool^=player]")) {
      b.hidden = !player;
      b.setAttribute("aria-pressed", String(Boolean(player) && b.dataset.tool === `player${player.value}`));
    }
    if (panel) panel.hidden = false;
    if (hint) hint.textContent = "Drag it to move it, ↻ to turn it (tap: 45°), ✕ to delete it. Undo takes a change back.";
  } else {
    if (panel) panel.hidden = true;
    if (hint && tableSvg()) hint.textContent = "Tap a piece to select it, drag it to move it; pinch or + − to zoom.";
  }
  placeTools();
}
function placeTools() {
  const tools = document.getElementById("piece-tools");
  const stage = document.querySelector("#preview .stage");
  if (!tools || !stage) return;
  const piece = selected && pieceEl(selected);
  if (!piece) {
    tools.hidden = true;
    return;
  }
  const p = piece.getBoundingClientRect();
  const s = stage.getBoundingClientRect();
  tools.hidden = false;
  const cx = p.left + p.width / 2 - s.left;
  const cy = p.top + p.height / 2 - s.top;
  const [top, bottom, left, right] = [p.top - s.top - 26, p.bottom - s.top + 26, p.left - s.left - 26, p.right - s.left + 26];
  // a handle never lies over the zoom buttons or the overview (stage px, a handle is 44 px across):
  // the first of its places around the piece that is clear, else just above the zoom buttons
  const keepOut = [...stage.querySelectorAll(".zoom-tools, .overview")].map((el) => {
    const r = el.getBoundingClientRect();
    return [r.left - s.left - 24, r.top - s.top - 24, r.right - s.left + 24, r.bottom - s.top + 24];
  });
  const taken = [];
  const clear = ([x, y]) =>
    ![...keepOut, ...taken].some(([x0, y0, x1, y1]) => x > x0 && x < x1 && y > y0 && y < y1);
  const place = (cls, ...spots) => {
    const bar = keepOut[0];
    const [x, y] = spots.find(clear) || [spots[0][0], bar ? Math.min(spots[0][1], bar[1]) : spots[0][1]];
    taken.push([x - 44, y - 44, x + 44, y + 44]);
    css(`#piece-tools ${cls}`, `left: ${Math.round(x)}px; top: ${Math.round(y)}px`);
  };
  place(".tool-turn", [cx, top], [left, cy], [right, cy], [cx, bottom]);
  place(".tool-move", [cx, bottom], [left, cy], [right, cy], [left, top], [cx, top]);
  place(".tool-delete", [right, p.top - s.top - 10], [left, top], [right, bottom], [left, bottom], [right, cy]);
}

// ---- gestures: dragging a piece or a handle, tapping ----
let drag = null;
// a region drawn over a piece to choose something (an Armada hull zone): a tap follows it, a drag moves the
// piece beneath (the region is excluded from panning like a piece)
const regionAt = (target) => target.closest && target.closest("#preview a.pick-region");
function pieceUnder(x, y) {
  for (const el of document.elementsFromPoint(x, y)) {
    const piece = el.closest && el.closest("#preview [data-piece]");
    if (piece) return piece;
  }
  return null;
}
let draggedFromRegion = false; // the click that ends a drag begun on a region is not a tap on it
document.addEventListener("pointerdown", (event) => {
  draggedFromRegion = false;
  const tool = event.target.closest("#piece-tools [data-tool]");
  const region = tool ? null : regionAt(event.target);
  const piece = tool
    ? selected && pieceEl(selected)
    : region
      ? pieceUnder(event.clientX, event.clientY)
      : event.target.closest("#preview [data-piece]");
  if (!piece) return;
  const kind = tool ? tool.dataset.tool : "piece";
  drag = {
    pid: piece.dataset.piece,
    region: Boolean(region),
    kind,
    x0: event.clientX,
    y0: event.clientY,
    x: event.clientX,
    y: event.clientY,
    moved: false,
  };
  event.preventDefault(); // no focus change yet: a field losing focus would redraw the preview mid-drag
});
// a finger on a piece drags it instead of panning the table or scrolling the page
document.addEventListener(
  "touchstart",
  (event) => {
    if (event.target.closest && event.target.closest("#preview [data-piece], #piece-tools")) event.preventDefault();
  },
  { passive: false },
);
document.addEventListener("pointermove", (event) => {
  if (!drag) return;
  drag.x = event.clientX;
  drag.y = event.clientY;
  if (Math.hypot(drag.x - drag.x0, drag.y - drag.y0) > TAP) drag.moved = true;
  const piece = pieceEl(drag.pid);
  if (!piece || !drag.moved || drag.kind === "turn") return;
  const svg = piece.ownerSVGElement;
  const a = svgPoint(svg, drag.x0, drag.y0);
  const b = svgPoint(svg, drag.x, drag.y);
  piece.setAttribute("transform", `translate(${b.x - a.x} ${b.y - a.y})`);
  placeTools();
});
document.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const { pid, kind, x0, y0, x, y, moved, region } = drag;
  drag = null;
  const piece = pieceEl(pid);
  if (!piece) return;
  if (region && !moved) return; // a tap: the click follows the region's link
  draggedFromRegion = region;
  if (kind === "delete") {
    if (!moved) remove(pid);
    return;
  }
  if (kind === "move" && !moved) return;
  if (kind === "turn") {
    if (!moved) {
      turn(pid, 45);
    } else {
      const r = piece.getBoundingClientRect();
      const deg = (Math.atan2(x - (r.left + r.width / 2), r.top + r.height / 2 - y) * 180) / Math.PI;
      turn(pid, 0, event.altKey ? deg : Math.round(deg / 15) * 15);
    }
  } else if (moved) {
    const svg = piece.ownerSVGElement;
    const a = svgPoint(svg, x0, y0);
    const b = svgPoint(svg, x, y);
    if (!move(pid, b.x - a.x, a.y - b.y)) piece.removeAttribute("transform");
  }
  select(pid);
  piece.focus({ preventScroll: true });
});
// a region drawn on the table to choose something (an Armada hull zone) is an SVG link, which htmx does not
// boost: it is followed as the sheet's links are (in place, the address pushed, Undo stepping back)
document.addEventListener("click", (event) => {
  const region = regionAt(event.target);
  const workspace = document.getElementById("workspace");
  if (!region || !workspace || typeof window.htmx === "undefined") return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (draggedFromRegion) {
    draggedFromRegion = false;
    return;
  }
  const link = document.createElement("a");
  link.href = region.getAttribute("href");
  link.hidden = true;
  workspace.appendChild(link); // inherits the workspace's hx-boost, target and swap; swapped away with it
  window.htmx.process(link);
  link.click();
});
// a tap on the table away from any piece lets the selection go; a tap in a move's drawn legal region
// makes that spot the move's destination
document.addEventListener("click", (event) => {
  if (!event.target.closest("#preview .stage") || event.target.closest("[data-piece], #piece-tools, .zoom-tools, .overview")) {
    return;
  }
  const region = event.target.closest("#preview .zoomable .figure.area");
  const f = form();
  const toX = f && f.querySelector('[name="to_x"]');
  const toY = f && f.querySelector('[name="to_y"]');
  const action = f && f.querySelector('[name="action"]');
  if (region && toX && toY && action && action.value.startsWith("move-")) {
    const svg = tableSvg();
    const p = svgPoint(svg, event.clientX, event.clientY);
    write(toX, p.x);
    write(toY, Number(svg.dataset.tableHeight) - p.y);
    commit(toX);
    return;
  }
  select(null);
});

// the buttons: zoom, the selected piece's properties, undo and redo
document.addEventListener("click", (event) => {
  const b = event.target.closest("[data-zoom], [data-tool], [data-history]");
  if (!b) return;
  // the handles on the table answer pointers (a tap or a drag); a click from the keyboard (detail 0) here
  if (b.closest("#piece-tools") && event.detail !== 0) return;
  if (b.closest("#piece-tools") && b.dataset.tool === "turn" && selected) return turn(selected, 45);
  if (b.dataset.zoom === "in") zoomBy(1.5);
  else if (b.dataset.zoom === "out") zoomBy(1 / 1.5);
  else if (b.dataset.zoom === "fit") fit(false);
  else if (b.dataset.zoom === "whole") fit(true);
  else if (b.dataset.history === "back" && steps("undo") > 0) {
    steps("undo", -1);
    steps("redo", 1);
    history.back();
  } else if (b.dataset.history === "forward" && steps("redo") > 0) {
    steps("redo", -1);
    steps("undo", 1);
    history.forward();
  }
  else if (selected && b.dataset.tool === "delete") remove(selected);
  else if (selected && b.dataset.tool === "left") turn(selected, -45);
  else if (selected && b.dataset.tool === "right") turn(selected, 45);
  else if (selected && b.dataset.tool === "player1") setPlayer(selected, "1");
  else if (selected && b.dataset.tool === "player2") setPlayer(selected, "2");
});
// a piece added by name lands where the table is looked at (the server finds a free spot near it), or
// one dragged from the palette exactly where it was dropped; a name typed in the sheet is a rename
let dropAt = null; // {x, y} in table mm: where the palette entry being added was dropped
let renameRow = null; // the index of the row whose name was typed in the sheet
let renamed = null; // that index once sent, until an answer is on the page (a choice clicked meanwhile sends it too)
document.body.addEventListener("htmx:configRequest", (event) => {
  const params = event.detail.parameters;
  if (renameRow !== null && event.detail.elt === form()) {
    params.rename = renameRow;
    renamed = renameRow;
    renameRow = null;
  }
  if (!params.add_named) return;
  if (dropAt) {
    params.at_x = String(Math.round(dropAt.x * 100) / 100);
    params.at_y = String(Math.round(dropAt.y * 100) / 100);
    dropAt = null;
    return;
  }
  const c = viewCentre();
  if (c) {
    params.near_x = String(Math.round(c.x));
    params.near_y = String(Math.round(c.y));
  }
});

// ---- the palette: each entry as a chip to drag onto the table (a tap adds it where the table is looked at) ----
let paletteOpen = false;
function makePalette() {
  const select = document.querySelector('#preview select[name="palette"]');
  const add = select && select.closest(".add-piece");
  if (!add || (add.nextElementSibling && add.nextElementSibling.matches(".palette-drag"))) return;
  const box = document.createElement("details");
  box.className = "palette-drag";
  box.open = paletteOpen;
  box.addEventListener("toggle", () => {
    paletteOpen = box.open;
  });
  const summary = document.createElement("summary");
  summary.textContent = "Drag a piece onto the table";
  box.append(summary);
  for (const group of select.querySelectorAll("optgroup")) {
    const row = document.createElement("div");
    row.className = "palette-group";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", group.label);
    for (const option of group.querySelectorAll("option")) {
      if (!option.value) continue;
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = "palette-chip";
      chip.dataset.palette = option.value;
      chip.textContent = option.textContent;
      row.append(chip);
    }
    if (row.childElementCount) box.append(row);
  }
  add.after(box);
}
function addFromPalette(key, at) {
  const select = document.querySelector('#preview select[name="palette"]');
  const button = document.getElementById("add-named");
  if (!select || !button) return;
  select.value = key; // no change event: the button's request sends it (with where it was dropped)
  dropAt = at;
  button.click();
}
function dropPoint(clientX, clientY) {
  // where on the table a palette entry was let go: {x, y} in table mm, {} on an empty stage, null elsewhere
  const stage = document.querySelector("#preview .stage");
  const inside = (r) => clientX >= r.left && clientX <= r.right && clientY >= r.top && clientY <= r.bottom;
  if (!stage || !inside(stage.getBoundingClientRect())) return null;
  const svg = tableSvg();
  if (!svg) return {};
  if (!inside(svg.getBoundingClientRect())) return null; // beside the table
  const p = svgPoint(svg, clientX, clientY); // the rendered box: Panzoom's scale and pan included
  return { x: p.x, y: Number(svg.dataset.tableHeight) - p.y };
}
let carry = null; // a palette entry being dragged
document.addEventListener("pointerdown", (event) => {
  const chip = event.target.closest && event.target.closest(".palette-chip");
  if (!chip) return;
  carry = { key: chip.dataset.palette, name: chip.textContent, x0: event.clientX, y0: event.clientY, ghost: null };
});
document.addEventListener("pointermove", (event) => {
  if (!carry) return;
  if (!carry.ghost && Math.hypot(event.clientX - carry.x0, event.clientY - carry.y0) <= TAP) return;
  if (!carry.ghost) {
    carry.ghost = document.createElement("div");
    carry.ghost.className = "palette-ghost";
    carry.ghost.setAttribute("aria-hidden", "true");
    carry.ghost.textContent = carry.name;
    document.body.append(carry.ghost);
  }
  css(".palette-ghost", `left: ${Math.round(event.clientX)}px; top: ${Math.round(event.clientY)}px`);
  event.preventDefault();
});
function letGo(event) {
  if (!carry) return;
  const { key, ghost } = carry;
  carry = null;
  if (!ghost) return; // a tap: the click adds it
  ghost.remove();
  const at = event.type === "pointerup" ? dropPoint(event.clientX, event.clientY) : null;
  if (at) addFromPalette(key, at.x === undefined ? null : at);
}
document.addEventListener("pointerup", letGo);
document.addEventListener("pointercancel", letGo);
document.addEventListener("click", (event) => {
  const chip = event.target.closest && event.target.closest(".palette-chip");
  if (chip) addFromPalette(chip.dataset.palette, null);
});

// ---- the selected piece's name, typed in the sheet: the row's label (a ship named after another becomes it) ----
document.addEventListener("change", (event) => {
  if (event.target.id !== "selected-label" || !selected) return;
  const row = rowOf(selected);
  const label = row && field(row, "label");
  if (!label) return;
  label.value = event.target.value.trim();
  renameRow = row.slice(2);
  commit(label);
});
document.addEventListener("keydown", (event) => {
  if (event.target.id === "selected-label" && event.key === "Enter") {
    event.preventDefault();
    event.target.blur(); // its change event renames the piece
  }
});

// keyboard: arrows nudge 1 mm (Shift 10), [ and ] turn 1° (Shift 15°), Delete removes
document.addEventListener("keydown", (event) => {
  const piece = event.target.closest && event.target.closest("[data-piece]");
  if (!piece) return;
  const pid = piece.dataset.piece;
  const step = event.shiftKey ? 10 : 1;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
  if (moves[event.key]) {
    move(pid, ...moves[event.key]);
  } else if (event.key === "[" || event.key === "]" || event.key === "{" || event.key === "}") {
    turn(pid, (event.key === "[" || event.key === "{" ? -1 : 1) * (event.shiftKey ? 15 : 1));
  } else if (event.key === "Delete" || event.key === "Backspace") {
    remove(pid);
  } else {
    return;
  }
  event.preventDefault();
});
document.addEventListener("focusin", (event) => {
  const piece = event.target.closest && event.target.closest("[data-piece]");
  if (piece && piece.dataset.piece !== selected) select(piece.dataset.piece);
});

// the dial: hovering or focusing a maneuver shows its template and final base on the table (a ghost)
function showGhost(option) {
  for (const g of document.querySelectorAll("#preview .option-ghost")) {
    g.classList.toggle("shown", option !== null && g.dataset.option === option);
  }
}
for (const [kind, show] of [["pointerover", true], ["focusin", true], ["pointerout", false], ["focusout", false]]) {
  document.addEventListener(kind, (event) => {
    const link = event.target.closest && event.target.closest("#preview .dial a[data-option]");
    if (link) showGhost(show ? link.dataset.option : null);
  });
}

// Undo and Redo step through the addresses this tab pushed (each change is one): counted here, so Undo
// never leaves the page for the one before it, and each is disabled when there is nothing to step to
function steps(kind, delta = 0) {
  const key = `table-ruling-${kind}`;
  const n = Math.max(0, Number(sessionStorage.getItem(key) || 0) + delta);
  if (delta) sessionStorage.setItem(key, String(n));
  return n;
}
function showSteps() {
  for (const [kind, dir] of [["undo", "back"], ["redo", "forward"]]) {
    const b = document.querySelector(`#preview [data-history="${dir}"]`);
    if (b) b.disabled = steps(kind) === 0;
  }
}
document.body.addEventListener("htmx:pushedIntoHistory", () => {
  steps("undo", 1);
  sessionStorage.setItem("table-ruling-redo", "0");
  showSteps();
});

// after every redraw (a typed change, a pick, Back): the same view unless the question changed, the same selection
function refresh() {
  makePalette();
  setupTable();
  select(selected);
  showSteps();
  // a menu that scrolls sideways shows its current choice
  for (const chip of document.querySelectorAll("#preview .sheet nav [aria-current]")) {
    const row = chip.parentElement;
    if (row.scrollWidth > row.clientWidth) row.scrollLeft = Math.max(0, chip.offsetLeft - row.offsetLeft - 90);
  }
}
document.body.addEventListener("htmx:afterSettle", refresh);
// a pick swaps the workspace: the control that had the focus has it again (found by its menu and words)
let wasFocused = null;
document.body.addEventListener("htmx:beforeRequest", () => {
  const el = document.activeElement;
  const nav = el && el.closest && el.closest("#preview nav, #preview .add-piece");
  wasFocused = nav ? { nav: nav.getAttribute("aria-label") || nav.className, text: el.textContent.trim() } : null;
});
document.body.addEventListener("htmx:afterSettle", () => {
  if (!wasFocused || (document.activeElement && document.activeElement !== document.body)) return;
  for (const nav of document.querySelectorAll("#preview nav, #preview .add-piece")) {
    if ((nav.getAttribute("aria-label") || nav.className) !== wasFocused.nav) continue;
    const again = [...nav.querySelectorAll("a, button")].find((e) => e.textContent.trim() === wasFocused.text);
    if (again) again.focus({ preventScroll: true });
  }
  wasFocused = null;
});
// A preview asked before the last change (or before a newer request) is stale: its answer is dropped, else it
// would redraw the form as it was (a choice made meanwhile undone, and sent so by the next request). Not
// hx-sync's abort: htmx reports every aborted request as a console error.
let edits = 0; // changes made in the form: typed, picked, dragged
let issued = 0; // requests sent
for (const kind of ["change", "input"]) {
  document.addEventListener(
    kind,
    (event) => {
      if (form() && event.target.form === form()) edits += 1;
    },
    true,
  );
}
let shown = 0; // the changes the page shows: those sent with the last answer swapped in
document.body.addEventListener("htmx:beforeRequest", (event) => {
  const xhr = event.detail.xhr;
  if (!xhr) return;
  issued += 1;
  xhr.tableRuling = { seq: issued, edits };
  // also heard on its target: once a pick has swapped the workspace, the old target is out of the page and its
  // events no longer reach the body (a stale answer would push its address over the pick's)
  if (event.detail.target) event.detail.target.addEventListener("htmx:beforeSwap", dropStale);
});
function dropStale(event) {
  const asked = event.detail.xhr && event.detail.xhr.tableRuling;
  if (asked && (asked.seq < issued || asked.edits < edits)) event.preventDefault();
  else if (asked && event.detail.shouldSwap) {
    shown = asked.edits;
    renamed = null;
  }
}
document.body.addEventListener("htmx:beforeSwap", dropStale);
// A choice (who does what, the dial, a snap, the game) clicked while a change is not on the page yet (typed, or
// its preview on its way): the link was drawn before that change and would lose it. The form's values are sent
// instead, the link's own values (those after its pick=1) over them. (The typing's delayed preview is not sent
// after it: the field's blur, a change, cancelled that already.)
document.addEventListener(
  "click",
  (event) => {
    const link = event.target.closest && event.target.closest('#preview a[href^="?"]');
    const f = form();
    if (!link || !f || edits === shown || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey) return; // opened apart: the link as drawn
    const pairs = link.getAttribute("href").slice(1).split("&");
    const at = pairs.indexOf("pick=1");
    if (at < 0 || !window.htmx) return;
    event.preventDefault();
    event.stopPropagation(); // not the link's own request too (htmx's boost)
    const own = new URLSearchParams(pairs.slice(at).join("&"));
    const values = new FormData(f);
    for (const key of own.keys()) values.delete(key);
    for (const [key, value] of own) values.append(key, value);
    if (renamed !== null) values.set("rename", renamed);
    window.htmx.ajax("POST", f.getAttribute("action"), {
      source: link,
      target: "#workspace",
      select: "#workspace",
      swap: "outerHTML show:none",
      values,
    });
  },
  true,
);
// htmx copies the page when it pushes an address: no style attribute may be in it (the CSP refuses them)
document.body.addEventListener("htmx:beforeHistorySave", () => {
  for (const el of document.querySelectorAll("body [style]")) el.removeAttribute("style");
});
document.body.addEventListener("htmx:historyRestore", refresh);
window.addEventListener("resize", () => {
  placeTools();
  drawOverview();
});
// Ready once htmx has set up the page too (it starts on DOMContentLoaded, after this module runs): a drag
// before that would change the fields without refreshing the preview. Same as permalink.js.
function ready() {
  if (!document.referrer.includes("/setup/")) {
    // a fresh visit: nothing of this page to undo yet
    sessionStorage.setItem("table-ruling-undo", "0");
    sessionStorage.setItem("table-ruling-redo", "0");
  }
  refresh();
  document.documentElement.dataset.editor = "on"; // tests and styles rely on it
}
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", ready);
} else {
  ready();
}

// The setup editor's view of the table: pinch, wheel and drag to zoom and pan (the Panzoom library, installed by
// npm), + / − / fit the action / whole table, the overview inset, and the dial's ghosts on the table.
import { css, state, svgPoint, tableSvg, unstyle } from "./editor-common.js";
import { placeTools } from "./editor-pieces.js";

const READABLE = 1.25; // CSS px per mm at least at the default zoom: a 40 mm base is 50 px across
const MOST = 2.2; // CSS px per mm at most when fitting (a lone small base: 88 px); + zooms further
const TAP_PX = 44; // CSS px across a line's tap area on the screen (the picture draws it so unzoomed: svg.py TAP_PX)

let pz = null; // the Panzoom instance of the current table
let zoomed = null; // the element it zooms
let view = null; // {scale, x, y}: kept across redraws of the same question
let fitKey = null; // what the table was last fitted to
// Once the user has zoomed or panned, their view is kept across every update in place (a pick, a tap, a drag,
// dice, Undo) until they ask for a fit (Fit the action, Whole table) or the action itself changes (another kind
// of action, another acting piece). Until then the table fits itself to what the question is about.
let userView = false;
let acting = null; // the action the view was set for: its kind and the pieces it names
let known = new Set(); // the pieces on the table at the last redraw: one added off-screen brings the view to it
let places = new Map(); // where each piece was drawn (its box): one a placement moved off-screen does too
let gesture = null; // the view when the user's pointers went down on the table (a drag or a pinch under way)

// What covers the stage's edges (stage px): the hint bar on top, the zoom buttons along the bottom. A fit puts its
// box in the part of the stage between them, so nothing fitted lies under them.
export function overlays(stage) {
  const hint = stage.querySelector(".hint");
  const top = hint && !hint.hidden ? Math.min(hint.offsetTop + hint.offsetHeight, stage.clientHeight / 3) : 0;
  const tools = stage.querySelector(".zoom-tools");
  const bottom = tools ? Math.min(stage.clientHeight - tools.offsetTop, stage.clientHeight / 3) : 0;
  return { top, bottom };
}
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
  const { top, bottom } = overlays(stage);
  const ch = stage.clientHeight - top - bottom;
  let scale = Math.min(cw / (bw * unit), ch / (bh * unit));
  // pieces stay readable when the box is every piece; an action's box (attacker and defender, a move's
  // template and final base) is shown whole, whatever its size, and so are the pieces while an action between
  // two of them is being set up (an attack whose hull zones are still to be tapped: both ships in view)
  const named = acting !== null && acting.split(";").length > 2;
  const action = !whole && (named || !(svg.dataset.fitKey || "").startsWith("pieces;"));
  if (!whole && !action && svg.querySelector("[data-piece]")) scale = Math.max(scale, READABLE / unit);
  scale = Math.min(scale, MOST / unit);
  const cx = (bx + bw / 2 - vb.x) * unit;
  const cy = (by + bh / 2 - vb.y) * unit;
  return { scale, ...centred(el, scale, cx, cy, cw, ch, top) };
}
function centred(el, scale, cx, cy, cw, ch, top = 0) {
  // Panzoom's transform is scale(s) translate(x, y) about the element's centre (its default origin, which its
  // zoom toward the pointer or the pinch assumes): the pan that puts the element's point (cx, cy) mid-stage
  // (mid the part below ``top``)
  const w = el.offsetWidth / 2;
  const h = el.offsetHeight / 2;
  return { x: (cw / 2 - w) / scale - cx + w, y: (top + ch / 2 - h) / scale - cy + h };
}
function setView(to) {
  pz.zoom(to.scale, { animate: false, force: true });
  pz.pan(to.x, to.y, { animate: false, force: true });
}
export function fit(whole) {
  const to = pz && fitted(whole);
  if (!to) return;
  userView = false;
  setView(to);
}
// the action the table shows: its kind and the pieces it names (the acting piece, its target), read from the form
function actionNow(pieces) {
  const f = document.getElementById("setup");
  const kind = f && f.querySelector('[name="action"]');
  const parts = [kind ? kind.value : ""];
  for (const el of f ? f.querySelectorAll("#setup-action select, #setup-action input") : []) {
    if (el.name !== "action" && pieces.has(el.value)) parts.push(`${el.name}=${el.value}`);
  }
  return parts.join(";");
}
// A piece just added that lies outside the part of the stage in view: the view (its scale kept) is moved so
// that it is in the middle. Worked out from the view to be set (Panzoom pans to it only after a tick).
function bringIntoView(el, stage, pids, start) {
  const svg = el.querySelector("svg");
  if (!svg || !start) return start;
  const vb = svg.viewBox.baseVal;
  const unit = el.offsetWidth / vb.width;
  const { top, bottom } = overlays(stage);
  const [cw, ch] = [stage.clientWidth, stage.clientHeight - top - bottom];
  const [w, h] = [el.offsetWidth / 2, el.offsetHeight / 2];
  // Panzoom's scale(s) translate(x, y) about the element's centre: where an element point lands in the stage
  const screen = (px, py) => [w + start.scale * (px + start.x - w), h + start.scale * (py + start.y - h)];
  for (const pid of pids) {
    const piece = el.querySelector(`[data-piece="${CSS.escape(pid)}"]`);
    if (!piece) continue;
    const b = piece.getBBox();
    const [x0, y0] = screen((b.x - vb.x) * unit, (b.y - vb.y) * unit);
    const [x1, y1] = screen((b.x + b.width - vb.x) * unit, (b.y + b.height - vb.y) * unit);
    if (x0 >= 0 && x1 <= cw && y0 >= top && y1 <= top + ch) continue;
    const cx = (b.x + b.width / 2 - vb.x) * unit;
    const cy = (b.y + b.height / 2 - vb.y) * unit;
    return { scale: start.scale, ...centred(el, start.scale, cx, cy, cw, ch, top) };
  }
  return start;
}
// Each piece's drawn box (its table coordinates, to 0.1 mm), by its id.
function placesOf(el) {
  const out = new Map();
  for (const piece of el.querySelectorAll("[data-piece]")) {
    const b = piece.getBBox();
    out.set(piece.dataset.piece, [b.x, b.y, b.width, b.height].map((v) => v.toFixed(1)).join(","));
  }
  return out;
}
export function zoomBy(factor) {
  const stage = document.querySelector("#preview .stage");
  if (!pz || !stage) return;
  const r = stage.getBoundingClientRect();
  userView = true;
  // about the middle of the part in view (between the hint bar and the zoom row), where a fit put the action:
  // about the stage's middle, what sat just below the hint bar went under it
  const { top, bottom } = overlays(stage);
  const y = r.top + top + (r.height - top - bottom) / 2;
  pz.zoomToPoint(pz.getScale() * factor, { clientX: r.left + r.width / 2, clientY: y }, { animate: false });
}
export function viewCentre() {
  const svg = tableSvg();
  const stage = document.querySelector("#preview .stage");
  if (!svg || !stage) return null;
  const r = stage.getBoundingClientRect();
  const p = svgPoint(svg, r.left + r.width / 2, r.top + r.height / 2);
  return { x: p.x, y: Number(svg.dataset.tableHeight) - p.y };
}
export function setupTable() {
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
    const pieces = new Set([...el.querySelectorAll("[data-piece]")].map((p) => p.dataset.piece));
    const added = [...pieces].filter((pid) => !known.has(pid));
    const now = actionNow(pieces);
    const drawn = placesOf(el);
    // a piece a placement moved (not the finger): trial 4, the defender put at medium range left the view
    const moved = state.dragged ? [] : [...drawn].filter(([pid, at]) => places.has(pid) && places.get(pid) !== at);
    places = drawn;
    // a piece dragged or turned by hand: the table stays where it was under the finger (trial 3: the view
    // fitted itself again after a drag, the ship jumping 36 px), as after a zoom
    if (state.dragged) userView = true;
    state.dragged = false;
    if (now !== acting) userView = false; // another action: the view fits it
    acting = now;
    known = pieces;
    let start = view;
    if (view === null || (!userView && key !== fitKey)) start = fitted(false, el);
    else if ((userView && added.length) || moved.length)
      start = bringIntoView(el, stage, [...(userView ? added : []), ...moved.map(([pid]) => pid)], start);
    fitKey = key;
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
        // a line's tap area (a move's legal places) stays a finger wide on the screen at any zoom: its stroke
        // does not scale with the picture, but does with the zoom's transform
        css("#preview .pick-line > polyline", `stroke-width: ${TAP_PX / scale}px`);
      },
    });
    unstyle(el, stage);
    zoomed = el;
    stage.addEventListener("wheel", (event) => {
      if (!pz) return;
      userView = true;
      pz.zoomWithWheel(event);
    });
    if (start) view = { ...start }; // what the next redraw keeps (Panzoom reports it only once it has panned)
    // a drag or a pinch on the table is the user's view once it has moved it (a tap is not)
    el.addEventListener("panzoomstart", () => {
      gesture = { scale: pz.getScale(), ...pz.getPan() };
    });
    el.addEventListener("panzoomend", () => {
      gesture = null;
    });
    el.addEventListener("panzoomchange", (event) => {
      view = { scale: event.detail.scale, x: event.detail.x, y: event.detail.y };
      if (gesture && (Math.abs(view.scale / gesture.scale - 1) > 0.005 ||
          Math.hypot(view.x - gesture.x, view.y - gesture.y) * view.scale > 3)) userView = true;
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
    userView = true;
    pz.pan(to.x, to.y, { animate: false, force: true });
  });
  stage.appendChild(box);
}
export function drawOverview() {
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

// The setup editor's pieces: tap to select (handles to move, turn and delete, and its properties in the sheet),
// drag to move, arrow keys to nudge, [ and ] to turn, Delete to remove; a tap on or near a move's drawn legal
// places sets its destination (the nearest legal spot).
import {
  TAP,
  commit,
  css,
  field,
  form,
  normal,
  pieceEl,
  pxPerUnit,
  read,
  rowOf,
  state,
  svgPoint,
  tableSvg,
  write,
} from "./editor-common.js";
import { nearestLegal } from "./editor-legal.js";

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
export function turn(pid, delta, absolute = null) {
  const row = rowOf(pid);
  const h = row && field(row, "heading");
  if (!h) return;
  write(h, normal(absolute ?? (read(h) ?? 0) + delta));
  commit(h);
}
export function setPlayer(pid, player) {
  const row = rowOf(pid);
  const p = row && field(row, "player");
  if (!p) return;
  p.value = player;
  commit(p);
}
export function remove(pid) {
  const row = rowOf(pid);
  if (!row) return;
  for (const el of form().querySelectorAll(`[name^="${row}-"]`)) {
    if (el.type === "checkbox") el.checked = false;
    else el.value = "";
  }
  select(null);
  commit(field(row, "id"));
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
const OWNED = ["ship", "squadron", "device", "remote"];
// A facing in the player's words, not the table's degrees: toward which edge of the table (the picture names
// Player 1's at the bottom and Player 2's at the top), and how far it is turned from facing it (clockwise, as
// the row's degrees count, is a turn to the right). An obstacle or a token faces nowhere: it is only turned.
const EDGES = ["Player 2's edge", "the right edge", "Player 1's edge", "the left edge"];
const turned = (t) => `turned ${Number(Math.abs(t).toFixed(1))}° ${t > 0 ? "right" : "left"}`;
export function facingWords(deg, kind) {
  const d = ((Number(deg) % 360) + 360) % 360;
  if (kind === "obstacle" || kind === "token") {
    const t = d > 180 ? d - 360 : d;
    return Math.abs(t) < 0.05 ? "not turned" : turned(t);
  }
  // the nearest edge (halfway between two, a player's edge), and the turn from facing it
  let best = null;
  for (const [i, edge] of EDGES.entries()) {
    const t = ((d - i * 90 + 540) % 360) - 180;
    if (best === null || Math.abs(t) < Math.abs(best.t) || (Math.abs(t) === Math.abs(best.t) && i % 2 === 0)) {
      best = { edge, t };
    }
  }
  return `facing ${best.edge}${Math.abs(best.t) < 0.05 ? "" : `, ${turned(best.t)}`}`;
}
export function select(pid) {
  state.selected = pid && pieceEl(pid) ? pid : null;
  for (const el of document.querySelectorAll("#preview [data-piece].selected")) el.classList.remove("selected");
  const panel = document.getElementById("selected");
  const hint = document.getElementById("hint");
  if (state.selected) {
    pieceEl(state.selected).classList.add("selected");
    const row = rowOf(state.selected);
    const facing = row && field(row, "heading");
    const deg = facing && read(facing);
    const name = document.getElementById("selected-label");
    const label = row && field(row, "label");
    if (name && document.activeElement !== name) name.value = label ? label.value : "";
    if (name) name.placeholder = pieceName(state.selected); // an unnamed piece (an obstacle) shows its default name
    const kind = row && field(row, "kind");
    document.getElementById("selected-name").textContent =
      pieceName(state.selected) +
      (deg !== null && deg !== undefined && deg !== "" && Number.isFinite(Number(deg))
        ? `, ${facingWords(deg, kind && kind.value)}`
        : "");
    const link = document.getElementById("selected-row");
    if (link && row) link.href = `#row-${row.slice(2)}`;
    // whose piece it is: a ship, a squadron, a device or a remote (an obstacle or a token is nobody's)
    const player = kind && OWNED.includes(kind.value) ? field(row, "player") : null;
    for (const b of document.querySelectorAll("#selected [data-tool^=player]")) {
      b.hidden = !player;
      b.setAttribute("aria-pressed", String(Boolean(player) && b.dataset.tool === `player${player.value}`));
    }
    if (panel) panel.hidden = false;
    if (hint) hint.textContent = "Drag it to move it, ↻ to turn it (tap: 45°), ✕ to delete it. Undo takes a change back.";
  } else {
    // a piece that keeps the focus is drawn as selected (the keyboard's selection): let it go too
    const focused = document.activeElement;
    if (focused && focused.closest && focused.closest("#preview [data-piece]")) focused.blur();
    if (panel) panel.hidden = true;
    const zones = document.querySelector("#preview a.pick-region:not(.pick-line)"); // a move's legal places are no zone
    if (hint && tableSvg()) {
      hint.textContent = zones
        ? "Tap a zone to choose it; tap the chosen zone again to select its ship. Pinch or + − to zoom."
        : "Tap a piece to select it, drag it to move it; pinch or + − to zoom.";
    }
  }
  placeTools();
}
// The handles (turn, move, delete: 44 px each) go in a row or a column just outside the selected piece's box,
// never over it: on the side where they are inside the table's free part (below the hint bar, off the zoom
// buttons and the overview) and cover the fewest other pieces, else where there is most room.
const HANDLE = 44;
const GAP = 6; // px between the piece's box and a handle, and between handles
export function placeTools() {
  const tools = document.getElementById("piece-tools");
  const stage = document.querySelector("#preview .stage");
  if (!tools || !stage) return;
  const piece = state.selected && pieceEl(state.selected);
  if (!piece) {
    tools.hidden = true;
    return;
  }
  tools.hidden = false;
  const s = stage.getBoundingClientRect();
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left - s.left, r.top - s.top, r.right - s.left, r.bottom - s.top];
  };
  const [l, t, r, b] = box(piece);
  const hint = stage.querySelector(".hint");
  const top = hint && !hint.hidden ? hint.offsetTop + hint.offsetHeight : 0;
  const [W, H] = [stage.clientWidth, stage.clientHeight];
  const keepOut = [...stage.querySelectorAll(".zoom-tools, .overview")].map(box);
  const others = [...document.querySelectorAll("#preview .zoomable [data-piece]")].filter((e) => e !== piece).map(box);
  const half = HANDLE / 2;
  const step = HANDLE + GAP;
  const [cx, cy] = [(l + r) / 2, (t + b) / 2];
  const along = (c, lo, hi) => Math.min(Math.max(c, lo + half + step), hi - half - step); // the row's middle, inside
  const sides = {
    above: { room: t - top, at: (k) => [along(cx, 0, W) + (k - 1) * step, t - GAP - half] },
    below: { room: H - b, at: (k) => [along(cx, 0, W) + (k - 1) * step, b + GAP + half] },
    right: { room: W - r, at: (k) => [r + GAP + half, along(cy, top, H) + (k - 1) * step] },
    left: { room: l, at: (k) => [l - GAP - half, along(cy, top, H) + (k - 1) * step] },
  };
  const hits = (x, y, [x0, y0, x1, y1]) => x + half > x0 && x - half < x1 && y + half > y0 && y - half < y1;
  let best = null;
  for (const side of Object.values(sides)) {
    const spots = [0, 1, 2].map(side.at);
    let cost = 0;
    for (const [x, y] of spots) {
      if (x - half < 0 || x + half > W || y - half < top || y + half > H) cost += 100; // off the free part
      cost += 10 * keepOut.filter((k) => hits(x, y, k)).length + others.filter((o) => hits(x, y, o)).length;
    }
    if (!best || cost < best.cost || (cost === best.cost && side.room > best.room)) best = { cost, room: side.room, spots };
  }
  ["turn", "move", "delete"].forEach((name, k) => {
    const [x, y] = best.spots[k];
    css(`#piece-tools .tool-${name}`, `left: ${Math.round(x)}px; top: ${Math.round(y)}px`);
  });
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
    ? state.selected && pieceEl(state.selected)
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
  state.dragged = moved || kind === "turn";
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
  // a move's legal places along a ruler: the handler below takes the legal spot nearest the tap (the link's
  // own spot, the middle of the stretch, is for a page without this script)
  if (region.classList.contains("pick-line") && !draggedFromRegion) return;
  event.stopImmediatePropagation();
  if (draggedFromRegion) {
    draggedFromRegion = false;
    return;
  }
  // the zone already chosen, tapped again: its ship is selected (to set its player, turn or delete it), which
  // a tap on a ship covered by zones could not do otherwise; the hint bar says so
  if (region.getAttribute("aria-current") === "true") {
    const piece = pieceUnder(event.clientX, event.clientY);
    if (piece) {
      select(piece.dataset.piece);
      return;
    }
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
  const f = form();
  const toX = f && f.querySelector('[name="to_x"]');
  const toY = f && f.querySelector('[name="to_y"]');
  const action = f && f.querySelector('[name="action"]');
  const svg = tableSvg();
  // on or within about 22 px of what is drawn legal (a tap in the 44 px band around legal places along a
  // ruler, with a little to spare): the nearest legal spot
  const p = svg && toX && toY && action && action.value.startsWith("move-")
    ? nearestLegal(svg, svgPoint(svg, event.clientX, event.clientY), 24 / pxPerUnit(svg))
    : null;
  if (p) {
    write(toX, p.x);
    write(toY, Number(svg.dataset.tableHeight) - p.y);
    commit(toX);
    return;
  }
  select(null);
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
  if (piece && piece.dataset.piece !== state.selected) select(piece.dataset.piece);
});

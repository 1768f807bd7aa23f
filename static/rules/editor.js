// Table Ruling's setup editor: drag, nudge, turn and remove pieces on the preview table.
// The form's fields stay the source of truth: every gesture writes them and fires "change",
// which refreshes the server preview (htmx); without JavaScript the fields work as they are.
const form = document.getElementById("setup");
let focused = null; // the piece id to focus again after htmx redraws the table

function rowOf(pid) {
  for (const input of form.querySelectorAll('input[name$="-id"]')) {
    if (input.name.startsWith("p-") && input.value.trim() === pid) return input.name.slice(0, -3);
  }
  return null;
}
const field = (row, name) => form.querySelector(`[name="${row}-${name}"]`);
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
function svgPoint(svg, event) {
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
}
function normal(deg) {
  return ((deg % 360) + 360) % 360;
}

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
function remove(pid) {
  const row = rowOf(pid);
  if (!row) return;
  for (const el of form.querySelectorAll(`[name^="${row}-"]`)) {
    if (el.type === "checkbox") el.checked = false;
    else el.value = "";
  }
  focused = null;
  commit(field(row, "id"));
}

// dragging a piece moves it; dragging its turn handle turns it (15° steps; Alt for any angle).
// The drag is tracked on the document, so a preview redrawn mid-drag does not lose it.
let drag = null;
const pieceEl = (pid) => document.querySelector(`#preview [data-piece="${pid}"]`);
document.addEventListener("pointerdown", (event) => {
  const handle = event.target.closest(".turn-handle");
  const piece = handle ? pieceEl(handle.dataset.for) : event.target.closest("#preview [data-piece]");
  if (!piece) return;
  const svg = piece.ownerSVGElement;
  const box = piece.getBBox();
  drag = {
    pid: piece.dataset.piece,
    turning: Boolean(handle),
    start: svgPoint(svg, event),
    last: svgPoint(svg, event),
    centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  };
  event.preventDefault(); // no focus change yet: a field losing focus would redraw the preview mid-drag
});
// a finger on a piece drags it instead of scrolling the page: touch-action on SVG shapes is not honoured by
// every browser, so the touch's default (a pan, which cancels the pointer) is stopped here
document.addEventListener(
  "touchstart",
  (event) => {
    if (event.target.closest && event.target.closest("#preview [data-piece], .turn-handle")) event.preventDefault();
  },
  { passive: false },
);
document.addEventListener("pointermove", (event) => {
  if (!drag) return;
  const piece = pieceEl(drag.pid);
  if (!piece) return;
  drag.last = svgPoint(piece.ownerSVGElement, event);
  if (!drag.turning) {
    piece.setAttribute("transform", `translate(${drag.last.x - drag.start.x} ${drag.last.y - drag.start.y})`);
  }
});
document.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const { pid, turning, start, last, centre } = drag;
  drag = null;
  if (turning) {
    const deg = (Math.atan2(last.x - centre.x, centre.y - last.y) * 180) / Math.PI;
    turn(pid, 0, event.altKey ? deg : Math.round(deg / 15) * 15);
  } else if (Math.hypot(last.x - start.x, last.y - start.y) > 0.5) {
    if (!move(pid, last.x - start.x, start.y - last.y)) pieceEl(pid)?.removeAttribute("transform");
  }
  focused = pid;
  const piece = pieceEl(pid);
  if (piece) {
    piece.focus({ preventScroll: true });
    showHandle(piece);
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

// the turn handle follows the focused piece
function showHandle(piece) {
  for (const old of document.querySelectorAll(".turn-handle")) old.remove();
  if (!piece) return;
  const box = piece.getBBox();
  const svg = piece.ownerSVGElement;
  const c = document.createElementNS("http://www.w3.org/2000/svg", "circle");
  c.setAttribute("class", "turn-handle");
  c.setAttribute("cx", String(box.x + box.width / 2));
  c.setAttribute("cy", String(box.y - Math.max(6, box.height * 0.15)));
  c.setAttribute("r", String(Math.max(3, box.width * 0.08)));
  c.dataset.for = piece.dataset.piece;
  svg.appendChild(c);
}
document.addEventListener("focusin", (event) => {
  const piece = event.target.closest && event.target.closest("[data-piece]");
  if (piece) {
    focused = piece.dataset.piece;
    showHandle(piece);
  }
});
document.body.addEventListener("htmx:afterSettle", () => {
  if (!focused) return;
  const piece = document.querySelector(`[data-piece="${focused}"]`);
  if (piece) {
    piece.focus({ preventScroll: true });
    showHandle(piece);
  }
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
// Ready once htmx has set up the page too (it starts on DOMContentLoaded, after this module runs): a drag
// before that would change the fields without refreshing the preview. Same as permalink.js.
function ready() {
  document.documentElement.dataset.editor = "on"; // tests and styles may rely on it
}
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", ready);
} else {
  ready();
}

// Table Ruling's setup editor: the table is the workspace.
// - The view: pinch, wheel and drag to zoom and pan (the Panzoom library, installed by npm), buttons for
//   + / − / fit the action / whole table, an overview inset; it opens on what the question is about.
// - The pieces: tap to select (handles to move, turn and delete, and its properties in the sheet),
//   drag to move, arrow keys to nudge, [ and ] to turn, Delete to remove.
// The form's fields stay the source of truth: every gesture writes them and fires "change", which
// refreshes the server preview (htmx, the address pushed: Undo and Back step through the changes).
// Without JavaScript the fields and links work as they are.
// This module is the entry: the buttons, Undo and Redo, and what follows every redraw. The parts, each a module:
// editor-common.js (the fields, coordinates, shared state), editor-view.js (zoom, pan, overview),
// editor-pieces.js (selecting, dragging, handles, keys), editor-palette.js (the palette), editor-sync.js (requests),
// editor-fold.js (no control of the sheet half under the sticky Explain / Undo bar).
import { state } from "./editor-common.js";
import { clearTheBar } from "./editor-fold.js";
import { makePalette } from "./editor-palette.js";
import { placeTools, remove, select, setPlayer, turn } from "./editor-pieces.js";
import "./editor-sync.js";
import { drawOverview, fit, setupTable, zoomBy } from "./editor-view.js";

// the buttons: zoom, the selected piece's properties, undo and redo
document.addEventListener("click", (event) => {
  const b = event.target.closest("[data-zoom], [data-tool], [data-history]");
  if (!b) return;
  // the handles on the table answer pointers (a tap or a drag); a click from the keyboard (detail 0) here
  if (b.closest("#piece-tools") && event.detail !== 0) return;
  if (b.closest("#piece-tools") && b.dataset.tool === "turn" && state.selected) return turn(state.selected, 45);
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
  else if (state.selected && b.dataset.tool === "delete") remove(state.selected);
  else if (state.selected && b.dataset.tool === "left") turn(state.selected, -45);
  else if (state.selected && b.dataset.tool === "right") turn(state.selected, 45);
  else if (state.selected && b.dataset.tool === "player1") setPlayer(state.selected, "1");
  else if (state.selected && b.dataset.tool === "player2") setPlayer(state.selected, "2");
});

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
  clearTheBar(true); // the table's height first: the table is fitted to its view next
  setupTable();
  select(state.selected);
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
  // Back or Forward to this page (from a ruling, say), or a reload: the steps this tab made are still there
  const [nav] = performance.getEntriesByType("navigation");
  const returned = nav && (nav.type === "back_forward" || nav.type === "reload");
  if (!returned && !document.referrer.includes("/setup/")) {
    // a fresh visit: nothing of this page to undo yet
    sessionStorage.setItem("table-ruling-undo", "0");
    sessionStorage.setItem("table-ruling-redo", "0");
  }
  // on before the first refresh: the styles of the editor's page (what it hides, what it shows) are the layout
  // the bar's fold is worked out on (trial 5: after Back, worked out on the page without them, a placement then
  // sat under the bar); tests rely on it too, and see it only once this task, refresh included, has ended
  document.documentElement.dataset.editor = "on";
  refresh();
}
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", ready);
} else {
  ready();
}

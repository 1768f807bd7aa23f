// On a phone the Explain / Undo bar sticks to the bottom of the screen, over the sheet: a control of the sheet
// at the fold would show above the bar with the rest of it under the bar (half a button; a tap on its lower
// half lands on the bar). Whatever the sheet holds, such a control is moved wholly to one side of the bar's top:
// - above it, when the table's view can give the few pixels it needs (up to TABLE_GIVES): the control is in
//   reach without a scroll, the table a little shorter;
// - else below it (out of sight, one scroll away, and a scroll stops it above the bar): a gap is put before
//   it, or before what starts its line.
// Worked out again after every redraw (before the table is fitted to its view), a fold opened or closed, and a
// turn of the phone (then without changing the table's height, which would need the table fitted again).

import { css } from "./editor-common.js";

const TABLE_GIVES = 48;
const CONTROLS = ":is(a, button, select, summary, input)";

function bar() {
  const b = document.querySelector("#preview .sheet-buttons");
  return b && getComputedStyle(b).position === "sticky" ? b : null;
}

// the first control before the bar whose box crosses the bar's top, the page unscrolled
function straddling(b, fold) {
  for (const e of document.querySelectorAll(`#preview .sheet ${CONTROLS}`)) {
    if (e.closest(".sheet-buttons") || !(b.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING)) continue;
    if (!e.checkVisibility({ visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    const top = r.top + window.scrollY;
    if (top < fold - 0.5 && top + r.height > fold + 0.5) return [e, fold - top];
  }
  return null;
}

// where the gap goes: before the control, or what starts its line (its fold, a row that does not wrap)
function lineStart(e) {
  let at = e.tagName === "SUMMARY" ? e.parentElement : e;
  for (;;) {
    const parent = at.parentElement;
    if (!parent || parent.matches("#preview .sheet")) return at;
    const s = getComputedStyle(parent);
    const row = s.display.includes("flex") && s.flexWrap === "nowrap" && !s.flexDirection.startsWith("column");
    if (!row && !s.display.startsWith("inline")) return at;
    if (parent.firstElementChild !== at && !row) return at;
    at = parent;
  }
}

export function clearTheBar(mayShrinkTable = false) {
  for (const gap of document.querySelectorAll("#preview .bar-gap")) gap.remove();
  if (mayShrinkTable) css("#preview .stage", ""); // in the constructed style sheet: the CSP forbids style attributes
  const b = bar();
  if (!b) return;
  const fold = window.innerHeight - b.getBoundingClientRect().height;
  const stage = mayShrinkTable && document.querySelector("#preview .stage");
  if (stage) {
    const found = straddling(b, fold);
    const over = found && found[0].getBoundingClientRect().bottom + window.scrollY - fold;
    if (over && over <= TABLE_GIVES) {
      css("#preview .stage", `height: ${stage.getBoundingClientRect().height - Math.ceil(over) - 1}px`);
    }
  }
  for (let i = 0; i < 8; i++) {
    const found = straddling(b, fold);
    if (!found) return;
    const [control, above] = found;
    const gap = document.createElement("span");
    gap.className = "bar-gap";
    gap.setAttribute("aria-hidden", "true");
    gap.dataset.n = String(i);
    css(`#preview .bar-gap[data-n="${i}"]`, `height: ${Math.ceil(above) + 1}px`);
    const start = lineStart(control);
    start.parentElement.insertBefore(gap, start);
  }
}

// htmx copies the page when it pushes an address: the gaps are worked out again, never kept
document.body.addEventListener("htmx:beforeHistorySave", () => {
  for (const gap of document.querySelectorAll("#preview .bar-gap")) gap.remove();
});
document.addEventListener(
  "toggle",
  (event) => {
    if (event.target.closest && event.target.closest("#preview .sheet")) clearTheBar();
  },
  true,
);
window.addEventListener("resize", () => clearTheBar());

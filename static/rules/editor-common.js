// The setup editor's shared parts: the form's fields (the source of truth every gesture writes), the picture's
// coordinates, the style sheet positions go in, and the selected piece (kept across redraws).

export const TAP = 6; // px a pointer may wander and still be a tap

export const form = () => document.getElementById("setup");

// Positions that change with the view go in a constructed style sheet, never in style attributes: the
// CSP forbids inline styles, and htmx clones the page (with its attributes) when it pushes an address.
const sheet = new CSSStyleSheet();
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
const rules = new Map();
export function css(selector, body) {
  rules.set(selector, body);
  sheet.replaceSync([...rules].map(([sel, b]) => `${sel} { ${b} }`).join("\n"));
}
export function unstyle(...els) {
  for (const el of els) if (el) el.removeAttribute("style"); // what Panzoom set: the style sheet says it instead
}
export const state = {
  selected: null, // the selected piece's id, kept across redraws
  dragged: false, // a piece was just dragged or turned: the redraw it causes keeps the view under the finger
};

// ---- the fields ----
export function rowOf(pid) {
  const f = form();
  if (!f) return null;
  for (const input of f.querySelectorAll('input[name$="-id"]')) {
    if (input.name.startsWith("p-") && input.value.trim() === pid) return input.name.slice(0, -3);
  }
  return null;
}
export const field = (row, name) => form().querySelector(`[name="${row}-${name}"]`);
export function read(el) {
  const v = parseFloat(((el && el.value) || "").replace(",", "."));
  return Number.isFinite(v) ? v : null;
}
export function write(el, v) {
  el.value = String(Math.round(v * 100) / 100);
}
export function commit(el) {
  el.dispatchEvent(new Event("change", { bubbles: true }));
}
export const normal = (deg) => ((deg % 360) + 360) % 360;

// ---- the picture's coordinates ----
export function tableSvg() {
  return document.querySelector("#preview .zoomable svg");
}
export function svgPoint(svg, clientX, clientY) {
  // from the rendered box, not getScreenCTM: the zoom is a CSS transform on an HTML ancestor
  const r = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  return { x: vb.x + ((clientX - r.left) * vb.width) / r.width, y: vb.y + ((clientY - r.top) * vb.height) / r.height };
}
export function pxPerUnit(svg) {
  return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
}
export const pieceEl = (pid) => document.querySelector(`#preview [data-piece="${CSS.escape(pid)}"]`);

// The setup editor's palette: each entry as a chip to drag onto the table (a tap adds it where the table is
// looked at); a piece added by name lands where the table is looked at (the server finds a free spot near it),
// or one dragged from the palette exactly where it was dropped.
import { TAP, css, svgPoint, tableSvg } from "./editor-common.js";
import { viewCentre } from "./editor-view.js";

let dropAt = null; // {x, y} in table mm: where the palette entry being added was dropped
document.body.addEventListener("htmx:configRequest", (event) => {
  const params = event.detail.parameters;
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

let paletteOpen = false;
export function makePalette() {
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

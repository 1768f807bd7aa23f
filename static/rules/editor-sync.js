// The setup editor's requests: a name typed in the sheet sent as a rename, a stale preview's answer dropped,
// and a choice clicked before the page shows the last change sent with the form's current values.
import { commit, field, form, rowOf, state } from "./editor-common.js";

// a name typed in the sheet is a rename
let renameRow = null; // the index of the row whose name was typed in the sheet
let renamed = null; // that index once sent, until an answer is on the page (a choice clicked meanwhile sends it too)
document.body.addEventListener("htmx:configRequest", (event) => {
  const params = event.detail.parameters;
  if (renameRow !== null && event.detail.elt === form()) {
    params.rename = renameRow;
    renamed = renameRow;
    renameRow = null;
  }
});

// ---- the selected piece's name, typed in the sheet: the row's label (a ship named after another becomes it) ----
document.addEventListener("change", (event) => {
  if (event.target.id !== "selected-label" || !state.selected) return;
  const row = rowOf(state.selected);
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

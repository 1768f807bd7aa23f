// Table Ruling's permalink page: ← and → step through the explanation, the step list follows
// the current step, and focus moves to its text. Without JavaScript the Next/Previous links work.
function current() {
  const where = document.querySelector(".current-step");
  const m = where && where.dataset.step;
  return m ? Number(m) : null;
}
function follow() {
  const n = current();
  for (const li of document.querySelectorAll("ol.steps > li")) {
    li.classList.toggle("current", li.id === `step-${n}`);
  }
  const text = document.querySelector(".current-step");
  if (text) {
    text.setAttribute("tabindex", "-1");
    text.focus({ preventScroll: true });
  }
}
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const tag = (event.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select") return;
  const rel = event.key === "ArrowRight" ? "next" : event.key === "ArrowLeft" ? "prev" : null;
  const link = rel && document.querySelector(`.step-nav a[rel="${rel}"]`);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
document.body.addEventListener("htmx:afterSettle", follow);
// Ready once htmx has set up the page too: htmx starts on DOMContentLoaded, after this module runs,
// and a step link clicked before that is a full page load (which a second key press could outrun).
function ready() {
  document.documentElement.dataset.stepKeys = "on"; // tests and styles may rely on it
}
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", ready);
} else {
  ready();
}

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

// Sharing: each snippet selects itself when focused (works without the Clipboard API too); a Copy
// button copies it and says so; the phone's own share sheet where the browser offers one.
// The buttons are hidden in the page and shown here, so without JavaScript none is offered.
function sharing() {
  for (const b of document.querySelectorAll(".copy-button")) b.hidden = false;
  const native = document.querySelector(".share-native");
  if (native && navigator.share) native.hidden = false;
}
function say(text) {
  const status = document.querySelector(".share .copied");
  if (status) status.textContent = text;
}
document.addEventListener("focusin", (event) => {
  if (event.target.classList && event.target.classList.contains("copy")) event.target.select();
});
document.addEventListener("click", async (event) => {
  const copy = event.target.closest && event.target.closest(".copy-button");
  if (copy) {
    const field = document.getElementById(copy.dataset.copy);
    const name = field.labels && field.labels[0] ? field.labels[0].textContent : "Text";
    field.focus();
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      say(`${name} copied.`);
    } catch {
      say(`${name} selected: copy it with your device's Copy.`);
    }
    return;
  }
  const share = event.target.closest && event.target.closest(".share-native");
  if (share && navigator.share) {
    try {
      await navigator.share({ title: share.dataset.shareTitle, url: share.dataset.shareUrl });
    } catch {
      // the person closed the share sheet: nothing to say
    }
  }
});
document.body.addEventListener("htmx:afterSettle", sharing);
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", sharing);
} else {
  sharing();
}

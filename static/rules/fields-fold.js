// The setup page's "All pieces and fields" fold (below the sheet) stays open while the person works in it:
// a pick, an add or a snap redraws the whole workspace in place (htmx), which would fold it again.
// Without JavaScript each page opens it only where something needs the person, and a tap opens it.
(() => {
  let wasOpen = false;
  document.addEventListener("htmx:beforeSwap", () => {
    const fold = document.getElementById("all-fields");
    wasOpen = Boolean(fold && fold.open);
  });
  document.addEventListener("htmx:afterSwap", () => {
    const fold = document.getElementById("all-fields");
    if (fold && wasOpen) fold.open = true;
    wasOpen = false;
  });
})();

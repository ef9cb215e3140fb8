// Accessibility helpers the pages share (a file of its own: no inline script under the CSP).
// A table box that scrolls sideways (a wide table on a phone) becomes a named, focusable region,
// so a keyboard user can scroll it with the arrow keys (WCAG 2.1.1) and a screen reader names it.
(function () {
  "use strict";

  function nameOf(box) {
    var table = box.querySelector("table");
    var caption = table && table.querySelector("caption");
    if (caption) return caption.textContent.trim();
    var heading = box.previousElementSibling;
    while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling;
    if (heading) return heading.textContent.trim();
    var title = document.querySelector("h1");
    return title ? title.textContent.trim() : "";
  }

  function markScrollable() {
    document.querySelectorAll(".table-wrap").forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", nameOf(box));
        box.dataset.scrollRegion = "1";
      } else if (!scrolls && box.dataset.scrollRegion) {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
        delete box.dataset.scrollRegion;
      }
    });
  }

  // Live pages: a refresh that brings new results is said by a polite live region, made once
  // the page has loaded (a region must exist before its text changes to be announced).
  var region = null, said = null;
  function announced() {
    var source = document.querySelector("[data-announce]");
    return source ? source.getAttribute("data-announce") : null;
  }
  function makeRegion() {
    said = announced();
    if (said === null) return;
    region = document.createElement("div");
    region.id = "live-announce";
    region.className = "visually-hidden";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    (document.querySelector("main") || document.body).appendChild(region);
  }
  function announce() {
    var text = announced();
    if (!region || text === null || text === said) return;
    said = text;
    region.textContent = text;
  }

  document.addEventListener("DOMContentLoaded", function () {
    markScrollable();
    makeRegion();
  });
  document.addEventListener("htmx:afterSettle", function () {
    markScrollable();
    announce();
  });
  window.addEventListener("resize", markScrollable);
})();

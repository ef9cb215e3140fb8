// The find-my-name box of a published pairings page (publishing/plan/html.py adds this script to
// a page whose form is marked data-published="find-name"). A static copy has no server to ask
// (?q= on the site, tournaments/selectors/public_pages.py::pairings_by_name), so the page keeps
// its own lines: the typed text, trimmed and case-folded, found anywhere in a player's own name
// (data-name on each line, tournaments/tables/public_rows.py::pairing_rows), as the site does.
// Typing filters, so does Find (the form is not sent), and a ?q= in the address (a shared link)
// filters on load. When no line is left, the page's own sentence (data-find-name-none, rendered
// hidden by the partial, translated) is shown in its polite live region. Nothing here builds
// markup: lines are hidden and shown, never written.
(function () {
  "use strict";
  var form = document.querySelector('form[data-published="find-name"]');
  var box = form && form.querySelector('input[name="q"]');
  var none = document.querySelector("[data-find-name-none]");
  if (!box) return;
  var lines = Array.prototype.slice.call(document.querySelectorAll("tr.player-line[data-name]"));

  // Python's str.casefold() has no JavaScript twin: toLowerCase() is the closest (it leaves
  // "ß" as it is where casefold gives "ss"); never toLocaleLowerCase(), whose Turkish "I" the
  // server's casefold does not share.
  function folded(text) {
    return text.toLowerCase();
  }

  function keep(query) {
    try { // the address carries the query, as on the site: a refresh (refresh.js) keeps it
      var search = new URLSearchParams(location.search);
      if (query.trim()) search.set("q", query); else search.delete("q");
      var kept = search.toString();
      var address = location.pathname + (kept ? "?" + kept : "") + location.hash;
      history.replaceState(history.state, "", address);
    } catch (e) {
      // a page opened from a disk may not change its address: it filters all the same
    }
  }

  function filter() {
    var needle = folded(box.value.trim());
    var shown = 0;
    lines.forEach(function (line) {
      var hit = folded(line.getAttribute("data-name")).indexOf(needle) !== -1;
      line.hidden = !hit;
      if (hit) shown += 1;
    });
    if (none) none.hidden = !(lines.length && shown === 0);
  }

  function typed() {
    filter();
    keep(box.value);
  }

  box.addEventListener("input", typed);
  box.addEventListener("search", typed); // the search box's own clear (Escape, its ×)
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    typed();
  });
  var asked = new URLSearchParams(location.search).get("q");
  if (asked !== null) box.value = asked;
  filter();
})();

// The director's queue of players' score reports: 1 and 2 accept the first or the second
// player's report of the top game (the buttons marked data-queue-key), unless typing in a box.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) {
      return;
    }
    if (event.key !== "1" && event.key !== "2") return;
    var button = document.querySelector('[data-queue-key="' + event.key + '"]');
    if (!button) return;
    event.preventDefault();
    button.click();
  });
})();

// Per-turn countdown on the scoresheet entry page. It restarts whenever htmx redraws the panel
// (a new turn), shows a clear over-time state, and fills the seconds box unless it was typed in.
(function () {
  "use strict";
  function start(panel) {
    var clock = panel.querySelector(".turn-clock");
    var seconds = panel.querySelector("input[data-autotime]");
    var limit = clock ? parseInt(clock.dataset.limit, 10) : NaN;
    var began = Date.now();
    if (seconds) seconds.addEventListener("input", function () { seconds.dataset.touched = "1"; });
    var timer = setInterval(function () {
      if (!document.body.contains(panel)) { clearInterval(timer); return; }
      var used = Math.floor((Date.now() - began) / 1000);
      if (seconds && !seconds.dataset.touched) seconds.value = used;
      if (isNaN(limit)) return;
      var left = limit - used;
      clock.classList.toggle("over-time", left < 0);
      clock.textContent = left >= 0 ? left + " s" : clock.dataset.overText + ": +" + -left + " s";
    }, 250);
  }
  document.addEventListener("htmx:load", function (event) {
    var elt = event.detail.elt;
    var panel = elt.id === "sheet-panel" ? elt : elt.querySelector && elt.querySelector("#sheet-panel");
    if (panel) start(panel);
  });
})();

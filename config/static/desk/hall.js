// Hall screens turn their own pages: after data-hall-seconds the screen opens data-hall-next
// (the next page, or itself again to refresh). A screen opened with ?still=1 stays put.
(function () {
  "use strict";
  var body = document.body;
  var next = body && body.getAttribute("data-hall-next");
  var seconds = parseInt(body && body.getAttribute("data-hall-seconds"), 10);
  if (!next || !(seconds > 0)) return;
  window.setTimeout(function () { window.location.assign(next); }, seconds * 1000);
})();

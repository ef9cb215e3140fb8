// An event's times are in the event's zone: say so to a reader whose clock reads otherwise.
document.querySelectorAll("[data-zone-offset]").forEach(function (note) {
  var mine = -new Date().getTimezoneOffset();
  if (String(mine) !== note.getAttribute("data-zone-offset")) {
    note.hidden = false;
  }
});

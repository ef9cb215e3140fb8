// Registration's "Tick all" / "Untick all": every row box of the bulk form's name, on however
// long a table (the header box scrolls out of sight; on a phone the header is hidden).
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("button[data-tick-all]");
  if (!button) return;
  var name = button.getAttribute("data-tick-all");
  var on = button.getAttribute("data-tick") === "on";
  var form = button.form;
  document.querySelectorAll('input[type="checkbox"][name="' + name + '"]').forEach(function (box) {
    if (!form || box.form === form || box.hasAttribute("data-select-all")) box.checked = on;
  });
});

// Behaviour the pages attach by data attribute, so no page needs inline script (CSP).
(function () {
  "use strict";

  // Result entry has its own file (result-entry.js), loaded by its page.

  // Quick-entry forms (a club night's games): empty the form once htmx has saved it.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target.closest && event.target.closest("form[data-reset-after-save]");
    if (form && form === event.target && event.detail.successful) form.reset();
  });

  // Registration: a header checkbox ticks or unticks every row's box of the same name.
  document.addEventListener("change", function (event) {
    var all = event.target.closest && event.target.closest("input[data-select-all]");
    if (!all) return;
    var name = all.getAttribute("data-select-all");
    var table = all.closest("table");
    if (!table) return;
    table.querySelectorAll('input[type="checkbox"][name="' + name + '"]').forEach(function (box) {
      box.checked = all.checked;
    });
  });

  // The language switcher: choosing a language is enough (the button stays for no-script).
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (select.matches && select.matches("select[data-submit-on-change]")) select.form.submit();
  });

  // Print links: the language chosen beside them goes into each link (without script they
  // print in the event's language).
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!(select.matches && select.matches("select[data-print-language]"))) return;
    var block = select.closest(".print-links");
    block.querySelectorAll("a[href*='/print/']").forEach(function (link) {
      var url = new URL(link.href, document.baseURI);
      url.searchParams.set("language", select.value);
      link.href = url.pathname + url.search;
    });
  });
})();

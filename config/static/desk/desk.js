// Behaviour the pages attach by data attribute, so no page needs inline script (CSP).
(function () {
  "use strict";

  // Result entry. Enter sends exactly the line in the box and empties the box at once, so the
  // next line can be typed while the last one is saved; the lines go one after the other, in
  // the order typed (#entry-pending lists those on their way). The preview's game (pairing,
  // version) goes along only when the preview is of that very line; otherwise the server reads
  // the line alone. An answer that needs the director (unusual scores, a play-off, a conflict,
  // a stored result to replace) holds the lines typed after it (they wait, listed) until a
  // button answers it; Enter in the empty box takes its default button, "Skip this line" puts
  // it back into the empty box or lists it under "Not saved". A refused line comes back into
  // the empty box too, or is listed under "Not saved".
  var CHOICES = ["pairing", "version", "confirm", "playoff", "overwrite_version"];
  var entry = { queue: [], busy: false, held: null };

  function entryParts(form) {
    return {
      line: form.elements.line,
      preview: form.querySelector("#entry-feedback"),
      answer: form.querySelector("#entry-answer"),
      pending: form.querySelector("#entry-pending"),
      unsaved: form.querySelector("#entry-unsaved"),
    };
  }

  function entryValues(line, block) {
    var values = { line: line };
    CHOICES.forEach(function (name) { values[name] = ""; });
    if (block) {
      block.querySelectorAll("input[type=hidden]").forEach(function (input) {
        if (CHOICES.indexOf(input.name) >= 0) values[input.name] = input.value;
      });
    }
    return values;
  }

  function entryShowPending(parts) {
    parts.pending.textContent = "";
    entry.queue.forEach(function (values) {
      var item = document.createElement("li");
      item.textContent = values.line;
      parts.pending.appendChild(item);
    });
  }

  function entryKeepUnsaved(parts, line) {
    if (!parts.line.value.trim()) {
      parts.line.value = line;
      htmx.trigger(parts.line, "preview-again");
      return;
    }
    var item = document.createElement("li");
    item.textContent = line;
    parts.unsaved.querySelector("ul").appendChild(item);
    parts.unsaved.hidden = false;
  }

  function entrySend(form) {
    if (entry.busy || entry.held !== null || !entry.queue.length) return;
    var parts = entryParts(form);
    var before = parts.answer.querySelector("[data-state]");
    entry.busy = true;
    function answered(reached) {
      var values = entry.queue.shift();
      entry.busy = false;
      var block = parts.answer.querySelector("[data-state]");
      var state = reached && block && block !== before ? block.getAttribute("data-state") : "";
      if (state === "confirm" || state === "unusual" || state === "playoff" || state === "conflict") {
        entry.held = values.line;
      } else if (state !== "saved") {
        entryKeepUnsaved(parts, values.line); // refused, or never reached the server
      }
      entryShowPending(parts);
      entrySend(form);
    }
    htmx
      .ajax("POST", form.getAttribute("action"), {
        source: parts.answer,
        target: parts.answer,
        swap: "innerHTML",
        values: entry.queue[0],
      })
      .then(function () { answered(true); }, function () { answered(false); });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form.matches && form.matches("form[data-result-entry]"))) return;
    event.preventDefault();
    var parts = entryParts(form);
    var button = event.submitter;
    var block = button && button.closest("[data-line]");
    if (!(block && parts.answer.contains(block)) && !parts.line.value.trim()) {
      // The empty box: Enter answers the question held with its default button, if any.
      button = entry.held !== null && parts.answer.querySelector("[data-default]");
      if (!button) return;
      block = button.closest("[data-line]");
    }
    if (block && parts.answer.contains(block)) {
      // A button of the answer waiting for the director: send its line with that choice.
      var chosen = entryValues(block.getAttribute("data-line"), block);
      if (button.name) chosen[button.name] = button.value;
      entry.held = null;
      entry.queue.unshift(chosen);
    } else {
      var text = parts.line.value.trim();
      var seen = parts.preview.querySelector('[data-state="confirm"][data-line]');
      var shown = seen && seen.getAttribute("data-line") === text ? seen : null;
      parts.line.value = "";
      parts.preview.textContent = "";
      entry.queue.push(entryValues(text, shown));
    }
    entryShowPending(parts);
    entrySend(form);
    parts.line.focus();
  });

  document.addEventListener("click", function (event) {
    var skip = event.target.closest && event.target.closest("#entry-answer [data-skip]");
    if (!skip || entry.held === null) return;
    var form = skip.closest("form[data-result-entry]");
    var parts = entryParts(form);
    var line = entry.held;
    entry.held = null;
    parts.answer.textContent = "";
    entryKeepUnsaved(parts, line);
    entrySend(form);
    parts.line.focus();
  });

  // A preview that comes back after its line has been sent (or changed) is not shown.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!(target && target.id === "entry-feedback")) return;
    var form = target.closest("form[data-result-entry]");
    var sent = new URL(event.detail.xhr.responseURL).searchParams.get("line") || "";
    if (form && sent.trim() !== form.elements.line.value.trim()) event.detail.shouldSwap = false;
  });

  // The focus stays in the box: an answer's buttons never take it (Enter in the empty box is
  // their default button).
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!(target && target.id === "entry-answer")) return;
    target.querySelectorAll("[autofocus]").forEach(function (element) {
      element.removeAttribute("autofocus");
    });
  });

  // After a save (or "keep theirs"), preview again what is in the box (its game may be the one
  // just saved) and let the lines held behind an answer go on.
  document.addEventListener("result-saved", function (event) {
    var form = event.target.closest("form[data-result-entry]");
    if (!form) return;
    var line = form.elements.line;
    if (line.value.trim()) htmx.trigger(line, "preview-again");
    if (event.detail && event.detail.line == null && entry.held !== null) {
      entry.held = null;
      entrySend(form);
    }
    line.focus();
  });

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

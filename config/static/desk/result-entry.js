// Result entry (a file of its own: no inline script under the CSP). Enter sends exactly the line
// in the box and empties the box at once, so the next line can be typed while the last one is
// saved; the lines go one after the other, in the order typed (#entry-pending lists those on
// their way). The preview's game (pairing, version) goes along only when the preview is of that
// very line; otherwise the server reads the line alone.
//
// Nothing typed is lost when the page is left: every line stays in the browser's storage
// (localStorage, one key per division and round) until the server has answered it, the page
// warns before it is left while lines are unsaved, and a page loaded again sends the lines it
// finds there, in the order typed, and says so. The server stores a line already stored once
// only (it answers "saved" without writing), so a line sent twice is never stored twice.
//
// An answer that needs the director (unusual scores, a play-off, a conflict, a stored result to
// replace) becomes a question in #entry-questions and the queue goes on: only the lines for
// that same game wait behind it (the server says which: the games with an open question go
// along as "held"), and the question says how many. A button answers it; Enter in the empty
// box takes the first question's default button; "Skip this line" puts it back into the empty
// box or lists it under "Not saved". A refused line comes back into the empty box too, or is
// listed under "Not saved".
(function () {
  "use strict";

  var CHOICES = ["pairing", "version", "confirm", "playoff", "overwrite_version"];
  var QUESTIONS = ["confirm", "unusual", "playoff", "conflict"];
  var RETRY_MS = 3000;
  // queue: lines to send, in order ({id, at, values, waiting}); questions: lines answered with
  // a question ({item, pairing, box}); the lines waiting behind a question are in item.waiting.
  var entry = { queue: [], busy: false, questions: [], key: null, count: 0 };

  function entryParts(form) {
    return {
      form: form,
      line: form.elements.line,
      preview: form.querySelector("#entry-feedback"),
      answer: form.querySelector("#entry-answer"),
      questions: form.querySelector("#entry-questions"),
      pending: form.querySelector("#entry-pending"),
      unsaved: form.querySelector("#entry-unsaved"),
      recovered: form.querySelector("#entry-recovered"),
    };
  }

  // The browser's storage: {id: {at, values}} for every line the server has not answered yet.
  function storeRead() {
    try {
      return JSON.parse(window.localStorage.getItem(entry.key) || "{}") || {};
    } catch (error) {
      return {};
    }
  }

  function storeWrite(lines) {
    try {
      if (Object.keys(lines).length) window.localStorage.setItem(entry.key, JSON.stringify(lines));
      else window.localStorage.removeItem(entry.key);
    } catch (error) {
      // Storage full or refused (a private window): the lines are still sent from memory.
    }
  }

  function storeKeep(item) {
    var lines = storeRead();
    lines[item.id] = { at: item.at, values: item.values };
    storeWrite(lines);
  }

  function storeDrop(item) {
    var lines = storeRead();
    delete lines[item.id];
    storeWrite(lines);
  }

  function newItem(values) {
    entry.count += 1;
    var at = Date.now() * 1000 + (entry.count % 1000);
    return { id: at.toString(36) + "-" + Math.random().toString(36).slice(2, 8), at: at,
      values: values, waiting: [] };
  }

  function unsavedCount() {
    var count = entry.queue.length;
    entry.questions.forEach(function (question) { count += 1 + question.item.waiting.length; });
    return count;
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
    entry.queue.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = item.values.line;
      parts.pending.appendChild(li);
    });
    entry.questions.forEach(function (question) { showWaiting(parts, question); });
  }

  function counted(form, name, count) {
    var text = form.getAttribute("data-text-" + name + (count === 1 ? "-one" : "-many")) || "";
    return text.replace("{n}", String(count));
  }

  function showWaiting(parts, question) {
    var note = question.box.querySelector(".entry-waiting");
    var waiting = question.item.waiting;
    note.hidden = !waiting.length;
    note.textContent = "";
    if (waiting.length) listLines(note, counted(parts.form, "waits", waiting.length), waiting);
  }

  // "2 lines …:" and the lines themselves, as typed.
  function listLines(element, text, items) {
    var lines = document.createElement("span");
    lines.className = "entry-lines";
    lines.textContent = items.map(function (item) { return item.values.line; }).join(" · ");
    element.append(text + " ", lines);
  }

  function entryKeepUnsaved(parts, line) {
    if (!parts.line.value.trim()) {
      parts.line.value = line;
      htmx.trigger(parts.line, "preview-again");
      return;
    }
    var li = document.createElement("li");
    li.textContent = line;
    parts.unsaved.querySelector("ul").appendChild(li);
    parts.unsaved.hidden = false;
  }

  // A line the server has answered for good (saved, refused, skipped, kept theirs): out of the
  // storage, and the lines that waited behind it go first.
  function entryDone(item) {
    storeDrop(item);
    entry.queue = item.waiting.concat(entry.queue);
    item.waiting = [];
  }

  function entryAsk(parts, item) {
    var box = document.createElement("div");
    box.className = "entry-question";
    while (parts.answer.firstChild) box.appendChild(parts.answer.firstChild);
    var note = document.createElement("p");
    note.className = "entry-waiting muted";
    note.hidden = true;
    box.appendChild(note);
    parts.questions.appendChild(box);
    var pairing = box.querySelector("input[name=pairing]");
    entry.questions.push({ item: item, pairing: pairing ? pairing.value : "", box: box });
  }

  function entryWaits(parts, item, block) {
    var pairing = block.getAttribute("data-pairing");
    parts.answer.textContent = "";
    var question = entry.questions.filter(function (q) { return q.pairing === pairing; })[0];
    if (question) question.item.waiting.push(item);
    else entry.queue.unshift(item); // its question was answered meanwhile: send it again
  }

  function entryAnswered(parts, item, block) {
    var state = block ? block.getAttribute("data-state") : "";
    if (QUESTIONS.indexOf(state) >= 0) {
      entryAsk(parts, item);
    } else if (state === "waiting") {
      entryWaits(parts, item, block);
    } else {
      entryDone(item);
      if (state !== "saved") entryKeepUnsaved(parts, item.values.line); // refused, or an error
    }
  }

  function entrySend(form) {
    if (entry.busy || !entry.queue.length) return;
    var parts = entryParts(form);
    var before = parts.answer.querySelector("[data-state]");
    var item = entry.queue[0];
    var values = Object.assign({}, item.values, {
      held: entry.questions.map(function (question) { return question.pairing; }).join(","),
    });
    entry.busy = true;
    function answered(reached) {
      entry.busy = false;
      if (!reached) {
        // Never reached the server (the network, or the page being left): kept, sent again.
        window.setTimeout(function () { entrySend(form); }, RETRY_MS);
        return;
      }
      entry.queue.shift();
      var block = parts.answer.querySelector("[data-state]");
      entryAnswered(parts, item, block && block !== before ? block : null);
      entryShowPending(parts);
      entrySend(form);
    }
    htmx
      .ajax("POST", form.getAttribute("action"), {
        source: parts.answer,
        target: parts.answer,
        swap: "innerHTML",
        values: values,
      })
      .then(function () { answered(true); }, function () { answered(false); });
  }

  function questionOf(element) {
    var box = element.closest(".entry-question");
    return entry.questions.filter(function (question) { return question.box === box; })[0];
  }

  function closeQuestion(question) {
    entry.questions.splice(entry.questions.indexOf(question), 1);
    question.box.remove();
  }

  function entryAnswer(parts, button) {
    var question = questionOf(button);
    if (!question) return;
    var block = button.closest("[data-line]");
    var chosen = entryValues(block.getAttribute("data-line"), block);
    if (button.name) chosen[button.name] = button.value;
    closeQuestion(question);
    question.item.values = chosen;
    storeKeep(question.item);
    entry.queue.unshift(question.item);
  }

  function entryQueueTyped(parts) {
    var text = parts.line.value.trim();
    var seen = parts.preview.querySelector('[data-state="confirm"][data-line]');
    var shown = seen && seen.getAttribute("data-line") === text ? seen : null;
    parts.line.value = "";
    parts.preview.textContent = "";
    var item = newItem(entryValues(text, shown));
    storeKeep(item);
    entry.queue.push(item);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form.matches && form.matches("form[data-result-entry]"))) return;
    event.preventDefault();
    var parts = entryParts(form);
    var button = event.submitter;
    var asked = button && button.closest(".entry-question");
    if (!asked && !parts.line.value.trim()) {
      // The empty box: Enter answers the first open question with its default button, if any.
      button = parts.questions.querySelector(".entry-question [data-default]");
      if (!button) return;
      asked = true;
    }
    if (asked) entryAnswer(parts, button);
    else entryQueueTyped(parts);
    entryShowPending(parts);
    entrySend(form);
    parts.line.focus();
  });

  document.addEventListener("click", function (event) {
    var skip = event.target.closest && event.target.closest("#entry-questions [data-skip]");
    var question = skip && questionOf(skip);
    if (!question) return;
    var form = skip.closest("form[data-result-entry]");
    var parts = entryParts(form);
    closeQuestion(question);
    entryDone(question.item);
    entryKeepUnsaved(parts, question.item.values.line);
    entryShowPending(parts);
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
  // just saved); "keep theirs" closes its question and lets the lines behind it go on.
  document.addEventListener("result-saved", function (event) {
    var form = event.target.closest("form[data-result-entry]");
    if (!form) return;
    var line = form.elements.line;
    if (line.value.trim()) htmx.trigger(line, "preview-again");
    var question = event.detail && event.detail.line == null && questionOf(event.target);
    if (question) {
      closeQuestion(question);
      entryDone(question.item);
      entryShowPending(entryParts(form));
      entrySend(form);
    }
    line.focus();
  });

  // A page loaded again sends the lines its last visit left unanswered, and says which.
  function entryRecover(form) {
    var parts = entryParts(form);
    var lines = storeRead();
    var items = Object.keys(lines).map(function (id) {
      return { id: id, at: lines[id].at, values: lines[id].values, waiting: [] };
    });
    if (!items.length) return;
    items.sort(function (a, b) { return a.at - b.at; });
    entry.queue = items.concat(entry.queue);
    listLines(parts.recovered, counted(form, "recovered", items.length), items);
    parts.recovered.hidden = false;
    entryShowPending(parts);
    entrySend(form);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form[data-result-entry]");
    if (!form) return;
    entry.key = "desk-results:" + new URL(form.getAttribute("action"), document.baseURI).pathname;
    entryRecover(form);
  });

  // Leaving the page while lines are unsaved asks first (they are kept in any case).
  window.addEventListener("beforeunload", function (event) {
    if (!entry.key || !unsavedCount()) return;
    event.preventDefault();
    event.returnValue = "";
  });
})();

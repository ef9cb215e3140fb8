// The table clock on the scoresheet page. The server keeps the clock (every device reads the
// same state); this file shows it, ticking locally, and sends the presses. Through a network drop
// the clock keeps running here and the presses wait in a queue (kept in localStorage) with the
// moment they were made, on the server's time line; they are sent in order when the network is
// back. The server refuses presses older than two minutes, and this page then shows its message.
// The turn being typed on the scoresheet is kept in this tab (sessionStorage) until the turn is
// recorded: a reload (say while the over-time question is up) gives back the move, rack, seconds
// and notes typed. A draft belongs to the sheet as it was (its number of lines), so a recorded
// or undone turn leaves no stale draft behind.
(function () {
  "use strict";
  var FIELDS = ["id_move", "id_rack", "id_seconds", "id_notes"];
  function key() {
    var panel = document.getElementById("sheet-panel");
    return panel ? "sheet-draft:" + location.pathname + ":" + panel.dataset.lines : null;
  }
  function read(k) {
    try { return JSON.parse(sessionStorage.getItem(k) || "null"); } catch (e) { return null; }
  }
  function restore() {
    var k = key(), draft = k && read(k);
    if (!draft) return;
    FIELDS.forEach(function (id) {
      var box = document.getElementById(id);
      if (box && !box.value && draft[id]) {
        box.value = draft[id];
        if (id === "id_seconds") box.dataset.touched = "1";
      }
    });
    var move = document.getElementById("id_move");
    if (move && move.value && window.htmx) htmx.trigger(move, "input");
  }
  document.addEventListener("input", function (event) {
    if (FIELDS.indexOf(event.target.id) < 0) return;
    var k = key();
    if (!k) return;
    var draft = {};
    FIELDS.forEach(function (id) {
      var box = document.getElementById(id);
      if (box) draft[id] = box.value;
    });
    try {
      for (var i = sessionStorage.length - 1; i >= 0; i--) {
        var other = sessionStorage.key(i);
        if (other.indexOf("sheet-draft:" + location.pathname + ":") === 0 && other !== k) {
          sessionStorage.removeItem(other);
        }
      }
      sessionStorage.setItem(k, JSON.stringify(draft));
    } catch (e) { /* private mode: nothing kept */ }
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", restore);
  else restore();
})();

(function () {
  "use strict";
  var root = document.getElementById("table-clock");
  if (!root) return;
  var d = root.dataset;
  var turnLimit = d.turnLimit ? parseInt(d.turnLimit, 10) * 1000 : null;
  var gameClock = d.gameClock ? parseInt(d.gameClock, 10) * 1000 : null;
  var queueKey = "table-clock:" + d.url;
  var state, offset, beeped = null, sending = false;
  // Counts the presses made here: a read sent before a press may be answered after it (the
  // server took the read first), and adopting it would undo the press on this screen, so the
  // next tap would be taken for the wrong side.
  var pressed = 0;
  // A press and a sheet write (a turn, a challenge, an undo) never travel together: the server
  // could take the write first and the press after it, and the clock then ran for the wrong
  // player. A write waits (``heldWrite``) for the presses made before it; while it is on its way
  // (``sheetWriting``) presses wait for its answer, whose redraw reads the clock and sends them.
  var heldWrite = null, sheetWriting = false;
  var sides = root.querySelectorAll(".clock-side");
  var status = root.querySelector(".clock-status");

  var refill = false;
  function adopt(server) {
    state = server;
    offset = server.now - Date.now();
    if (refill) {
      refill = false;
      if (state.last_turn) fillSeconds(state.last_turn[0], state.last_turn[1]);
    }
  }
  function now() { return Date.now() + offset; }
  function queue() {
    try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; }
  }
  function saveQueue(items) {
    try { localStorage.setItem(queueKey, JSON.stringify(items)); } catch (e) { /* private mode */ }
  }

  // The same accounting as games/engine/clock.py, applied at once so a tap shows at once.
  function running(at) { return state.running === null ? 0 : at - state.since; }
  function localAct(action, side, at) {
    var s = state;
    if (action === "start" && s.running === null) {
      s.turn_ms = s.turn_of === side ? s.turn_ms : 0;
      s.running = side; s.turn_of = side; s.since = at;
    } else if (action === "press" && s.running === side) {
      var turn = s.turn_ms + at - s.since;
      s.used[side] += at - s.since;
      s.last_turn = [side, turn];
      s.running = 1 - side; s.turn_of = 1 - side; s.since = at; s.turn_ms = 0;
    } else if (action === "pause" && s.running !== null) {
      s.used[s.running] += at - s.since; s.turn_ms += at - s.since;
      s.running = null; s.since = null;
    } else {
      return false;
    }
    return true;
  }

  function gameOver() {
    var panel = document.getElementById("sheet-panel");
    return !!(panel && panel.dataset.over);
  }

  // Once the sheet says the game is over, the clock is stopped (by the server) and shown so.
  function showOver() {
    var over = gameOver();
    root.classList.toggle("game-over", over);
    sides.forEach(function (button) { button.disabled = over; });
    root.querySelector("[data-clock-action=pause]").disabled = over;
  }

  // ``later``: keep the press queued until the sheet's own request is answered (the redrawn
  // sheet reads the clock, which sends the queue), so the two writes never race.
  function act(action, side, later) {
    if (gameOver()) return;
    var at = Math.round(now());
    if (!localAct(action, side, at)) return;
    pressed += 1;
    var items = queue();
    items.push({ action: action, player: side === null ? "" : side, at: at, later: !!later });
    saveQueue(items);
    if (action === "press") fillSeconds(side, state.last_turn[1]);
    draw();
    if (!later) flush();
  }

  function fillSeconds(side, ms) {
    var panel = document.getElementById("sheet-panel");
    var box = document.getElementById("id_seconds");
    if (!panel || !box || box.dataset.touched) return;
    if (parseInt(panel.dataset.toMove, 10) !== side) return;
    box.value = Math.floor(ms / 1000);
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function send(item) {
    var body = new URLSearchParams({ action: item.action, player: item.player, at: item.at });
    return fetch(d.url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": d.csrf, "Content-Type": "application/x-www-form-urlencoded" },
    });
  }

  function flush() {
    var items = queue();
    if (sending || sheetWriting || !items.length) return;
    if (heldWrite && items[0].later) { releaseWrite(); return; }
    sending = true;
    var failed = false;
    send(items[0]).then(function (response) {
      return response.json().then(function (server) {
        saveQueue(queue().slice(1));
        status.textContent = server.message || "";
        if (!queue().length) adopt(server);
      });
    }).catch(function () {
      failed = true;
      status.textContent = d.textOffline;
    }).then(function () {
      sending = false;
      if (heldWrite && (failed || !queue().some(madeBefore))) releaseWrite();
      if (queue().length && status.textContent !== d.textOffline) flush();
    });
  }

  // A press made before a sheet write (not the one its own submit queued to follow it).
  function madeBefore(item) {
    return !item.later;
  }

  function releaseWrite() {
    var write = heldWrite;
    heldWrite = null;
    write.issueRequest(true);
  }

  function isSheetWrite(detail) {
    return detail.verb === "post" && detail.target && detail.target.id === "sheet-panel";
  }

  function poll() {
    if (sending || queue().length) { flush(); return; }
    var asked = pressed;
    fetch(d.url, { credentials: "same-origin" }).then(function (r) { return r.json(); })
      .then(function (server) {
        if (!queue().length && !sending && asked === pressed) adopt(server);
      })
      .catch(function () { /* offline: keep ticking locally */ })
      .then(function () { d.reads = String(parseInt(d.reads || "0", 10) + 1); });
  }

  function show(ms) {
    var neg = ms < 0, s = Math.floor(Math.abs(ms) / 1000);
    if (neg) s = Math.ceil(Math.abs(ms) / 1000);
    var text = s >= 60 ? Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0") : d.textSeconds.replace("{s}", s);
    return (neg ? "+" : "") + text;
  }

  function warn() {
    if (navigator.vibrate) navigator.vibrate(200);
    try {
      var audio = new (window.AudioContext || window.webkitAudioContext)();
      var tone = audio.createOscillator();
      tone.connect(audio.destination); tone.frequency.value = 880;
      tone.start(); tone.stop(audio.currentTime + 0.2);
    } catch (e) { /* no sound here */ }
  }

  function draw() {
    var at = now();
    var turn = state.turn_ms + running(at);
    sides.forEach(function (button) {
      var side = parseInt(button.dataset.side, 10);
      var on = state.running === side;
      var left = null;
      if (turnLimit !== null && state.turn_of === side) left = turnLimit - turn;
      else if (gameClock !== null) left = gameClock - state.used[side] - (on ? running(at) : 0);
      button.querySelector(".clock-time").textContent = left === null ? "–" : show(left);
      button.classList.toggle("running", on);
      button.classList.toggle("over-time", left !== null && left < 0 && on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      var note = state.running === null ? (state.turn_of === side ? d.textPaused : d.textStart)
        : on ? d.textDone : d.textWaiting;
      if (left !== null && left < 0 && on) note = d.textOver;
      if (gameOver()) note = d.textEnded;
      button.querySelector(".clock-note").textContent = note;
      var key = state.turn_of + ":" + (state.last_turn || []).join(":");
      if (on && left !== null && left <= 10000 && left > 0 && beeped !== key) {
        beeped = key;
        warn();
      }
    });
  }

  function tap(side) {
    if (state.running === null) act("start", side);
    else act("press", side);
  }

  adopt(JSON.parse(d.state));
  sides.forEach(function (button) {
    button.addEventListener("click", function () { tap(parseInt(button.dataset.side, 10)); });
  });
  root.querySelector("[data-clock-action=pause]").addEventListener("click", function () {
    act("pause", null);
  });
  document.addEventListener("keydown", function (event) {
    if (event.code !== "Space" || event.target.closest("input, textarea, select, button")) return;
    if (gameOver()) return;
    event.preventDefault();
    if (state.running !== null) act("press", state.running);
    else if (state.turn_of !== null) act("start", state.turn_of);
  });
  document.addEventListener("input", function (event) {
    if (event.target.id === "id_seconds" && event.isTrusted) event.target.dataset.touched = "1";
  });
  // A turn recorded while the clock still runs for the player to move (the scorekeeper was
  // faster than the press, or a challenge came first): recording is their press. The clock
  // closes the turn and runs for the other player, and the turn's seconds come from the clock,
  // before the form is sent (capture: ahead of htmx), so an over-time turn is asked about. A
  // turn whose seconds are already there (a press made, or typed by hand) presses nothing: a
  // scorekeeper a turn behind never moves the clock.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form.matches && form.matches("form.turn-form"))) return;
    var panel = document.getElementById("sheet-panel");
    var box = document.getElementById("id_seconds");
    if (!panel || !box || box.value !== "" || box.dataset.touched) return;
    var side = parseInt(panel.dataset.toMove, 10);
    if (state.running === side) act("press", side, true);
  }, true);
  document.addEventListener("htmx:confirm", function (event) {
    if (!isSheetWrite(event.detail)) return;
    if (heldWrite) { event.preventDefault(); return; } // sent again while held: once is enough
    if (!sending && !queue().some(madeBefore)) return;
    event.preventDefault();
    heldWrite = event.detail;
    flush();
  });
  // Set when the write really leaves (htmx may still halt it after the question), so a write
  // that never left never keeps the presses waiting.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isSheetWrite(event.detail.requestConfig)) sheetWriting = true;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!sheetWriting || !isSheetWrite(event.detail.requestConfig)) return;
    sheetWriting = false;
    if (!event.detail.successful) flush(); // no redraw to send the presses
  });
  // The sheet changed (a turn recorded or undone, a challenge): the server may have passed the
  // clock to the player now to move (a lost challenge) or stopped it (the game is over), so read
  // it at once; and fill in the seconds of a turn the clock closed for the player to move (a
  // press made while the sheet was being redrawn).
  document.addEventListener("htmx:afterSettle", function (event) {
    var panel = document.getElementById("sheet-panel");
    if (!panel || !(event.target === panel || panel.contains(event.target))) return;
    showOver();
    refill = true; // from the server's answer, which knows every press made so far
    poll();
  });
  window.addEventListener("online", flush);
  setInterval(draw, 200);
  setInterval(poll, 5000);
  showOver();
  draw();
  flush();
})();

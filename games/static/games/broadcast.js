// The live broadcast pages (a board, a division's grid, a streamer's overlay). Each polls its
// JSON feed every data-poll milliseconds with the tag of the last answer (If-None-Match): the
// server answers 304 while nothing changed, so a poll costs a few hundred bytes. A new answer
// fills the fields marked data-bc; a running clock ticks here between answers, on the server's
// time line (X-Server-Ms). Nothing here writes; user text goes in with textContent only, the
// board is the server's escaped SVG.
(function () {
  "use strict";
  var root = document.getElementById("broadcast");
  if (!root || !window.fetch) return;
  var feed = root.dataset.feed, poll = Math.max(500, parseInt(root.dataset.poll, 10) || 1000);
  var tag = "", skew = 0, boards = {};

  function put(scope, name, text) {
    var el = scope.querySelector('[data-bc="' + name + '"]');
    if (el && el.textContent !== String(text)) el.textContent = text;
  }
  function lastText(last) {
    if (!last) return "—";
    return last.player + ": " + last.move + " " + last.score + (last.challenge ? " (" + last.challenge + ")" : "");
  }
  function clockText(ms) {
    var neg = ms < 0, s = Math.floor(Math.abs(ms) / 1000);
    var m = Math.floor(s / 60);
    return (neg ? "−" : "") + m + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    Object.keys(boards).forEach(function (id) {
      var b = boards[id], c = b.data.clock;
      if (!c) return;
      var gone = c.running === null ? 0 : Date.now() + skew - c.at;
      [0, 1].forEach(function (side) {
        var extra = side === c.running ? gone : 0;
        var ms = c.remaining ? c.remaining[side] - extra : c.used[side] + extra;
        put(b.scope, "clock" + side, clockText(ms));
      });
    });
  }
  function moves(scope, data) {
    var body = scope.querySelector('[data-bc="moves"]');
    if (!body || !data.moves) return;
    if (body.children.length === data.moves.length && body.dataset.last === JSON.stringify(data.last)) return;
    while (body.firstChild) body.removeChild(body.firstChild);
    data.moves.forEach(function (m) {
      var row = document.createElement("tr");
      var cells = [m.n, m.player, m.move || m.label, m.score, m.total, m.challenge];
      if (data.racks) cells.push(m.rack);
      cells.forEach(function (value, i) {
        var td = document.createElement("td");
        td.textContent = value === null || value === undefined ? "" : value;
        if (i === 2 || i === 6) td.className = "mono";
        row.appendChild(td);
      });
      body.appendChild(row);
    });
    body.dataset.last = JSON.stringify(data.last);
  }
  function fill(scope, data) {
    [0, 1].forEach(function (side) {
      if (data.names) put(scope, "name" + side, data.names[side]);
      if (data.ratings) put(scope, "rating" + side, data.ratings[side]);
      if (data.records) put(scope, "record" + side, data.records[side]);
      if (data.scores) put(scope, "score" + side, data.scores[side]);
    });
    if ("last" in data) put(scope, "last", lastText(data.last));
    if (data.unseen !== undefined) {
      var tiles = typeof data.unseen === "string" ? data.unseen : data.unseen.tiles;
      var count = typeof data.unseen === "string" ? data.unseen_count : data.unseen.count;
      put(scope, "unseen", tiles);
      put(scope, "unseen_count", count);
    }
    if (data.bag !== undefined) put(scope, "bag", data.bag);
    if (data.ending !== undefined) put(scope, "ending", data.ending);
    var svg = scope.querySelector('[data-bc="svg"]');
    if (svg && data.svg && svg.dataset.stamp !== String(data.moves.length)) {
      svg.innerHTML = data.svg;  // the server's SVG: every text in it is escaped there
      svg.dataset.stamp = String(data.moves.length);
    }
    moves(scope, data);
    scope.dataset.shown = String(data.last ? data.last.move : "");
  }
  function show(data) {
    var list = data.boards || [data.board || data];
    if (data.boards) {
      var known = root.querySelectorAll("[data-game]").length;
      if (known !== list.length) { location.reload(); return; }
    }
    list.forEach(function (board) {
      var scope = data.boards ? root.querySelector('[data-game="' + board.game + '"]') : root;
      if (!scope) { location.reload(); return; }
      boards[board.game || "overlay"] = {scope: scope, data: board};
      fill(scope, board);
    });
    tick();
  }
  function ask() {
    var headers = tag ? {"If-None-Match": tag} : {};
    fetch(feed, {headers: headers, cache: "no-store", credentials: "same-origin"})
      .then(function (answer) {
        var server = parseInt(answer.headers.get("X-Server-Ms"), 10);
        if (server) skew = server - Date.now();
        if (answer.status === 200) {
          tag = answer.headers.get("ETag") || "";
          return answer.json().then(show);
        }
      })
      .catch(function () { /* offline for a moment: the next poll asks again */ })
      .then(function () { setTimeout(ask, poll); });
  }
  ask();
  setInterval(tick, 250);
})();

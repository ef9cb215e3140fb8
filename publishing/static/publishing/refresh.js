// A published page refreshes itself from the published files (publishing/plan/html.py adds
// this script to every page): every data-seconds it reads the round's stamp (data-stamp, a few
// bytes) and, when a new round has been written, asks whether this page's own file changed (its
// ETag or Last-Modified) and reloads only then. Opened from a disk (file://) it does nothing.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || location.protocol === "file:") return;
  var stamp = script.getAttribute("data-stamp");
  var every = Math.max(1, parseInt(script.getAttribute("data-seconds"), 10) || 15) * 1000;
  var seenStamp = null;
  var seenPage = null;

  function pageTag() {
    return fetch(location.href, { method: "HEAD", cache: "no-cache" }).then(function (r) {
      return r.ok ? (r.headers.get("ETag") || r.headers.get("Last-Modified") || "") : null;
    });
  }

  function look() {
    fetch(stamp, { cache: "no-cache" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (text === null || text === seenStamp) return null;
        var first = seenStamp === null;
        seenStamp = text;
        return pageTag().then(function (tag) {
          if (tag === null) return;
          if (!first && seenPage !== null && tag !== seenPage) location.reload();
          seenPage = tag;
        });
      })
      .catch(function () { /* the host is away for now: look again later */ })
      .then(function () { setTimeout(look, every); });
  }
  look();
})();

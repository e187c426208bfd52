// kibitzer's review page: steps through the game with the arrow keys, clicks on the moves and
// on the evaluation graph, and flips the board. The page is complete without it; this script
// only shows one position and one explanation at a time. Test hook: a location hash
// "#do=Right,Right,Left,f,g12" presses those keys (g12 clicks the graph at position 12) after
// the page is loaded, so a headless browser's dump of the DOM shows their effect.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("data").textContent);
  var positions = data.positions;
  var last = positions.length - 1;
  var board = document.getElementById("board");
  var pos = document.getElementById("pos");
  var panel = document.getElementById("panel");
  var cursor = document.getElementById("cursor");
  var current = 0;
  document.documentElement.className = "js";
  document.body.className = "js";
  panel.hidden = false;
  document.querySelector(".controls").hidden = false;

  function ply(i) { return document.getElementById("ply-" + i); }

  function show(k) {
    k = Math.max(0, Math.min(last, k));
    var old = ply(current - 1);
    if (old) { old.classList.remove("current"); }
    current = k;
    pos.innerHTML = positions[k];
    if (flipped) { turn(); }
    board.setAttribute("data-position", String(k));
    if (cursor) { cursor.setAttribute("x1", k); cursor.setAttribute("x2", k); }
    var li = ply(k - 1);
    panel.textContent = "";
    if (li) {
      li.classList.add("current");
      var head = document.createElement("div");
      head.className = "head q-" + li.getAttribute("data-quality");
      head.appendChild(li.querySelector(".mv").cloneNode(true));
      head.appendChild(document.createTextNode(" "));
      head.appendChild(li.querySelector(".score").cloneNode(true));
      head.appendChild(document.createTextNode(" "));
      head.appendChild(li.querySelector(".verdict").cloneNode(true));
      panel.appendChild(head);
      panel.appendChild(li.querySelector(".expl").cloneNode(true));
      var better = li.querySelector(".better");
      if (better) { panel.appendChild(better.cloneNode(true)); }
    } else {
      var p = document.createElement("p");
      p.className = "expl";
      p.textContent = panel.getAttribute("data-start");
      panel.appendChild(p);
    }
  }

  // The boards are drawn with White at the bottom; flipped, every square and piece of the
  // position moves to the point opposite the board's centre.
  var flipped = false;
  var far = 360 - 45;
  function turn() {
    Array.prototype.forEach.call(pos.children, function (el) {
      el.setAttribute("x", far - Number(el.getAttribute("x")));
      el.setAttribute("y", far - Number(el.getAttribute("y")));
    });
  }
  function flip() {
    flipped = !flipped;
    board.classList.toggle("flipped", flipped);
    turn();
  }

  function key(name) {
    if (name === "ArrowRight") { show(current + 1); }
    else if (name === "ArrowLeft") { show(current - 1); }
    else if (name === "Home") { show(0); }
    else if (name === "End") { show(last); }
    else if (name === "f") { flip(); }
    else { return false; }
    return true;
  }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (key(e.key)) { e.preventDefault(); }
  });
  document.querySelector(".moves").addEventListener("click", function (e) {
    var li = e.target.closest ? e.target.closest(".ply") : null;
    if (!li) { return; }
    e.preventDefault();
    show(Number(li.getAttribute("data-ply")) + 1);
  });
  document.querySelector(".graph svg").addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a") : null;
    if (!a) { return; }
    e.preventDefault();
    show(Number(a.getAttribute("data-position")));
  });
  var buttons = { first: "Home", prev: "ArrowLeft", next: "ArrowRight", last: "End", flip: "f" };
  Object.keys(buttons).forEach(function (id) {
    document.getElementById(id).addEventListener("click", function () { key(buttons[id]); });
  });

  var start = 0;
  var m = /^#ply-(\d+)$/.exec(location.hash);
  if (m) { start = Number(m[1]) + 1; }
  show(start);

  var hook = /^#do=(.*)$/.exec(location.hash);
  if (hook) {
    // The time to the load event and the first paint, for the benchmark (docs/BENCHMARKS.md).
    window.addEventListener("load", function () {
      setTimeout(function () {
        var paint = performance.getEntriesByType("paint").map(function (p) {
          return p.name + "=" + Math.round(p.startTime);
        });
        document.body.setAttribute("data-timing", "load=" + Math.round(performance.now()) +
          " " + paint.join(" "));
        // Everything the page fetched beyond itself (the test wants none).
        document.body.setAttribute("data-requests", performance.getEntriesByType("resource")
          .map(function (r) { return r.name; }).join(" "));
      }, 0);
    });
    hook[1].split(",").forEach(function (step) {
      var names = { Right: "ArrowRight", Left: "ArrowLeft", Home: "Home", End: "End", f: "f" };
      var g = /^g(\d+)$/.exec(step);
      if (g) {
        var a = document.querySelector('.graph a[data-position="' + g[1] + '"]');
        if (a) { a.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true })); }
      } else if (names[step]) {
        document.dispatchEvent(new KeyboardEvent("keydown", { key: names[step], bubbles: true }));
      }
    });
  }
}());

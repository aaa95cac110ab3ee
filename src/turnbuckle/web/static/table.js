// The table page: one seat's view (or the spectators'), live through server-sent events.
"use strict";
(function () {
  const root = document.getElementById("table");
  const cfg = JSON.parse(root.dataset.config);
  const id = cfg.match;
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  const $ = (sel) => document.getElementById(sel);
  let mySeats = [];
  let owner = false;
  let revealed = null; // hot-seat with hidden hands: the seat whose cards are on screen
  let eventsSeen = 0;
  let lastVersion = -1;
  let shownVersion = -1; // the newest view on screen: an answer that arrives later but is older is dropped
  let busy = false;
  let pending = null;
  let paused = false;
  let lastView = null;
  let pictureView = null; // the view whose picture is on screen: its targets play for its seat

  async function api(path, options) {
    const opts = Object.assign({ headers: {} }, options || {});
    if (token) opts.headers["Authorization"] = "Bearer " + token;
    if (opts.body && typeof opts.body !== "string") {
      opts.body = JSON.stringify(opts.body);
      opts.headers["Content-Type"] = "application/json";
    }
    const response = await fetch(path, opts);
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) throw new Error(data.error || "request failed (" + response.status + ")");
    return data;
  }

  function seatFor(meta) {
    if (!mySeats.length) return null;
    if (meta.to_move !== null && mySeats.includes(meta.to_move)) return meta.to_move;
    if (revealed !== null && mySeats.includes(revealed)) return revealed;
    return mySeats[0];
  }

  async function refresh(meta) {
    if (busy) { pending = meta; return; }
    busy = true;
    try {
      const m = meta || (await api("/api/matches/" + id));
      const seat = seatFor(m);
      const view = seat === null
        ? await api("/api/matches/" + id + "/public?render=true")
        : await api("/api/matches/" + id + "/seats/" + seat + "?render=true");
      render(view);
    } catch (err) {
      $("action-error").textContent = err.message;
    } finally {
      busy = false;
      if (pending !== null) { const m = pending; pending = null; refresh(m); }
    }
  }

  function needsHandover(view) {
    return cfg.hidden && mySeats.length > 1 && view.seat !== null && view.seat !== revealed && !view.finished;
  }

  function render(view) {
    // A move's answer and the event stream's refresh race; drawing the older one last would leave a
    // stale position up (and the stream, already at the newer version, would not send it again).
    if (view.version < shownVersion) return;
    shownVersion = view.version;
    lastView = view;
    lastVersion = Math.max(lastVersion, view.version);
    const status = $("status");
    status.className = "status";
    if (view.finished) {
      status.textContent = "Match over: " + (view.result ? view.result.summary : view.summary);
      status.classList.add("finished");
      $("replay-link").hidden = false;
      $("export-link").hidden = false;
    } else if (view.stopped) {
      status.textContent = "Match stopped: " + view.stopped;
      status.classList.add("finished");
    } else if (view.waiting_for_thinker) {
      status.textContent = (view.to_move_label || "The computer") + " is waiting for a free thinker";
      status.classList.add("thinking");
    } else if (view.thinking) {
      status.textContent = (view.to_move_label || "The computer") + " is thinking";
      status.classList.add("thinking");
    } else if (view.seat !== null && view.to_move === view.seat) {
      status.textContent = "Your move, " + view.seat_label;
      status.classList.add("your-turn");
    } else {
      status.textContent = "Waiting for " + (view.to_move_label || "the next move");
    }
    if (cfg.hidden && !view.finished) $("export-link").hidden = true;
    if (needsHandover(view)) {
      $("handover").hidden = false;
      $("handover-text").textContent = "Pass the screen to " + view.seat_label + ". Everyone else, look away.";
      $("picture").innerHTML = "";
      $("text-view").hidden = true;
      $("actions").innerHTML = "";
      $("handover-ready").focus();
      return;
    }
    $("handover").hidden = true;
    const pic = view.picture || {};
    const targetHadFocus = $("picture").contains(document.activeElement);
    delete $("picture").dataset.busy;
    pictureView = view;
    if (pic.svg) {
      $("picture").innerHTML = pic.svg;
      $("text-view").hidden = true;
    } else {
      $("picture").innerHTML = "";
      $("text-view").hidden = false;
    }
    $("text-view").textContent = pic.text || "";
    renderActions(view);
    renderTargets(view, targetHadFocus);
    renderTakeback(view);
  }

  // Targets on the picture (class "target", data-action): the game draws the places its legal moves
  // name. Only names among this view's legal actions play. The picture is one stop for Tab (a
  // skirmish move offers thousands of dots): the arrow keys move between targets, Enter or Space plays.
  function targets() {
    return Array.from($("picture").querySelectorAll(".target[data-action]"));
  }

  function renderTargets(view, refocus) {
    const legal = new Set(view.legal_actions.map((a) => a.name));
    const found = targets().filter((t) => {
      if (legal.has(t.dataset.action)) return true;
      t.classList.remove("target"); // not a move of this seat now: just a picture
      t.removeAttribute("tabindex");
      t.removeAttribute("role");
      return false;
    });
    found.forEach((t, i) => t.setAttribute("tabindex", i === 0 ? "0" : "-1"));
    if (refocus && found.length) found[0].focus();
  }

  function playTarget(el) {
    const view = pictureView;
    if (!view || $("picture").dataset.busy || view.seat === null) return;
    if (!view.legal_actions.some((a) => a.name === el.dataset.action)) return;
    $("picture").dataset.busy = "1"; // one move per picture: a new view clears it
    play(view.seat, el.dataset.action, view.actions);
  }

  const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

  function centre(el) {
    const box = el.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  }

  // the nearest target in the arrow's direction, favouring the ones straight ahead
  function neighbour(from, key) {
    const [dx, dy] = ARROWS[key];
    const [ax, ay] = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const t of targets()) {
      if (t === from) continue;
      const [cx, cy] = centre(t);
      const along = (cx - ax) * dx + (cy - ay) * dy;
      if (along < 1) continue;
      const score = along + 3 * Math.abs((cx - ax) * dy - (cy - ay) * dx);
      if (score < bestScore) { best = t; bestScore = score; }
    }
    return best;
  }

  function moveFocus(from, to) {
    if (!to) return;
    from.setAttribute("tabindex", "-1");
    to.setAttribute("tabindex", "0");
    to.focus();
  }

  $("picture").addEventListener("click", (ev) => {
    const el = ev.target.closest ? ev.target.closest(".target[data-action]") : null;
    if (el) { ev.preventDefault(); playTarget(el); }
  });
  $("picture").addEventListener("keydown", (ev) => {
    const el = ev.target.closest ? ev.target.closest(".target[data-action]") : null;
    if (!el || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      playTarget(el);
    } else if (ARROWS[ev.key]) {
      ev.preventDefault();
      moveFocus(el, neighbour(el, ev.key));
    } else if (ev.key === "Home" || ev.key === "End") {
      ev.preventDefault();
      const all = targets();
      moveFocus(el, ev.key === "Home" ? all[0] : all[all.length - 1]);
    }
  });

  // "Undo my last move": offered only when the server says this token's last decision can be taken back
  function renderTakeback(view) {
    const button = $("takeback");
    const offer = view.takeback;
    const show = !!(offer && offer.allowed && !view.finished);
    if (!show && button === document.activeElement) {
      const first = $("actions").querySelector("button");
      if (first) first.focus();
    }
    button.hidden = !show;
    button.disabled = false;
    button.dataset.seat = show ? String(offer.seat) : "";
  }

  async function takeBack() {
    const button = $("takeback");
    if (button.hidden || button.disabled || button.dataset.seat === "") return;
    $("action-error").textContent = "";
    button.disabled = true;
    const seat = Number(button.dataset.seat);
    try {
      const view = await api("/api/matches/" + id + "/seats/" + seat + "/takeback?render=true", { method: "POST" });
      revealed = seat;
      render(view); // the event stream follows with a "reset" update: the commentary starts again
    } catch (err) {
      $("action-error").textContent = err.message;
      refresh();
    }
  }

  function resetFeed() {
    $("feed").innerHTML = "";
    eventsSeen = 0;
  }

  function renderActions(view) {
    const box = $("actions");
    const hadFocus = box.contains(document.activeElement);
    box.innerHTML = "";
    view.legal_actions.forEach((action, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = action.name;
      if (i < 9) {
        const key = document.createElement("kbd");
        key.textContent = String(i + 1);
        button.appendChild(key);
      }
      button.appendChild(document.createTextNode(action.name));
      if (action.label) {
        const small = document.createElement("small");
        small.textContent = action.label;
        button.appendChild(small);
      }
      button.addEventListener("click", () => play(view.seat, action.name, view.actions));
      box.appendChild(button);
    });
    if (hadFocus || (view.legal_actions.length && document.activeElement === document.body)) {
      const first = box.querySelector("button");
      if (first) first.focus();
    }
  }

  async function play(seat, name, expect) {
    $("action-error").textContent = "";
    for (const b of $("actions").querySelectorAll("button")) b.disabled = true;
    try {
      const view = await api("/api/matches/" + id + "/seats/" + seat + "/actions?render=true", {
        method: "POST", body: { action: name, expect: expect },
      });
      revealed = seat;
      render(view);
    } catch (err) {
      $("action-error").textContent = err.message;
      refresh();
    }
  }

  function addEvents(events) {
    const feed = $("feed");
    for (const e of events) {
      if (e.index < eventsSeen) continue;
      eventsSeen = e.index + 1;
      if (!e.text) continue;
      const li = document.createElement("li");
      li.textContent = e.text;
      feed.appendChild(li);
    }
    while (feed.children.length > 300) feed.removeChild(feed.firstChild);
    feed.scrollTop = feed.scrollHeight;
  }

  function connect() {
    const source = new EventSource("/api/matches/" + id + "/stream?since=" + eventsSeen);
    source.addEventListener("update", (msg) => {
      const data = JSON.parse(msg.data);
      if (data.reset) resetFeed(); // a take-back: the commentary is sent again from the start
      addEvents(data.events);
      if (data.version !== lastVersion) {
        if (data.version < lastVersion) shownVersion = -1; // the server restarted: its count began again
        lastVersion = data.version;
        paused = data.paused;
        $("pause").textContent = paused ? "Resume" : "Pause";
        refresh(data);
      }
      if (data.finished && data.events.length === 0) source.close();
    });
    source.onerror = () => {
      if (lastView && lastView.finished) source.close();
    };
  }

  async function showInvites() {
    const list = await api("/api/matches/" + id + "/invites");
    if (!list.length) return;
    $("invites").hidden = false;
    for (const inv of list) {
      const li = document.createElement("li");
      const label = document.createElement("label");
      label.textContent = "Link for seat " + inv.seat + " (" + inv.label + ")";
      if (inv.url) {
        const input = document.createElement("input");
        input.readOnly = true;
        input.value = inv.url;
        input.addEventListener("focus", () => input.select());
        label.appendChild(input);
      } else {
        label.appendChild(document.createTextNode(": opened by the guest"));
      }
      li.appendChild(label);
      $("invite-list").appendChild(li);
    }
  }

  async function control(command, delay) {
    const body = { command: command };
    if (delay !== undefined) body.delay = delay;
    try {
      const meta = await api("/api/matches/" + id + "/control", { method: "POST", body: body });
      paused = meta.paused;
      $("pause").textContent = paused ? "Resume" : "Pause";
    } catch (err) {
      $("action-error").textContent = err.message;
    }
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if ((ev.key === "u" || ev.key === "U") && !$("takeback").hidden) {
      ev.preventDefault();
      takeBack();
      return;
    }
    if (/^[1-9]$/.test(ev.key)) {
      const button = $("actions").querySelectorAll("button")[Number(ev.key) - 1];
      if (button && !button.disabled) { ev.preventDefault(); button.click(); }
    }
  });
  $("handover-ready").addEventListener("click", () => {
    if (lastView) { revealed = lastView.seat; render(lastView); }
  });
  $("takeback").addEventListener("click", takeBack);
  $("pause").addEventListener("click", () => control(paused ? "resume" : "pause"));
  $("step").addEventListener("click", () => control("step"));
  $("speed").addEventListener("change", (ev) => control("delay", Number(ev.target.value)));

  async function start() {
    try {
      const meta = await api("/api/matches/" + id);
      mySeats = meta.you.seats;
      owner = meta.you.owner;
      if (owner && meta.watch) {
        $("watch-controls").hidden = false;
        paused = meta.paused;
        $("pause").textContent = paused ? "Resume" : "Pause";
        const speed = $("speed");
        for (const opt of speed.options) if (Number(opt.value) === meta.delay) speed.value = opt.value;
      }
      if (owner) showInvites();
      if (mySeats.length === 1) revealed = mySeats[0];
      await refresh(meta);
      connect();
    } catch (err) {
      $("status").textContent = err.message;
    }
  }
  start();
})();

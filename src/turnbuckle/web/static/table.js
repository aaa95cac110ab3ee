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
  let drawnSvg = null; // the picture on screen, as sent: the same one again (a move's answer and the
  // event stream's refresh of the same position) is not parsed and laid out a second time
  // Whether the person last acted by touch: then a new picture moves no focus (a keyboard's user
  // keeps theirs on the table). A focus() lays the page out at once, before the new picture's frame:
  // on a phone's CPU that was a good part of a tap's time (RUMBLESLAM's mat, twice a tap).
  let touching = false;
  document.addEventListener("pointerdown", (ev) => { touching = ev.pointerType === "touch"; }, true);
  document.addEventListener("keydown", () => { touching = false; }, true);

  function pictureQuery() {
    return turnbuckle.narrow() ? "?render=true&narrow=true" : "?render=true";
  }

  async function api(path, options) {
    // a lesson (learn.js) or a puzzle (puzzle.js) answers a match's paths under its own address
    if (cfg.api && path.startsWith("/api/matches/" + id)) path = cfg.api + path.slice(("/api/matches/" + id).length);
    return (await turnbuckle.api(path, options, token)).data;
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
        ? await api("/api/matches/" + id + "/public" + pictureQuery())
        : await api("/api/matches/" + id + "/seats/" + seat + pictureQuery());
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
    $("picture").dataset.actions = String(view.actions); // the position drawn (moves so far)
    const status = $("status");
    status.className = "status";
    const watching = !mySeats.length ? "Watching: " : ""; // a spectator (or the owner of a computers' match)
    if (view.finished) {
      status.textContent = "Match over: " + (view.result ? view.result.summary : view.summary);
      status.classList.add("finished");
      // the seat token goes along (in the fragment, never to the server's logs): the replay shows
      // the players' chat to its players
      if (token) $("replay-link").href = "/m/" + encodeURIComponent(cfg.match) + "/replay#t=" + encodeURIComponent(token);
      $("replay-link").hidden = false;
      $("export-link").hidden = false;
    } else if (view.stopped) {
      status.textContent = "Match stopped: " + view.stopped;
      status.classList.add("finished");
    } else if (view.waiting_for_thinker) {
      status.textContent = watching + (view.to_move_label || "The computer") + " is waiting for a free thinker";
      status.classList.add("thinking");
    } else if (view.thinking) {
      status.textContent = watching + (view.to_move_label || "The computer") + " is thinking";
      status.classList.add("thinking");
    } else if (view.seat !== null && view.to_move === view.seat) {
      status.textContent = "Your move, " + view.seat_label;
      status.classList.add("your-turn");
    } else if (watching) {
      status.textContent = watching + (view.to_move_label ? view.to_move_label + " to move" : "the next move is coming");
    } else {
      status.textContent = "Waiting for " + (view.to_move_label || "the next move");
    }
    if (cfg.hidden && !view.finished) $("export-link").hidden = true;
    if (window.tbClock) window.tbClock.draw(view, mySeats, decideClock);
    if (needsHandover(view)) {
      $("handover").hidden = false;
      $("handover-text").textContent = "Pass the screen to " + view.seat_label + ". Everyone else, look away.";
      $("picture").innerHTML = "";
      drawnSvg = null;
      $("text-view").hidden = true;
      $("actions").innerHTML = "";
      $("handover-ready").focus();
      return;
    }
    $("handover").hidden = true;
    const pic = view.picture || {};
    const targetHadFocus = $("picture").contains(document.activeElement);
    delete $("picture").dataset.busy;
    if (!pictureView || pictureView.version !== view.version || pictureView.seat !== view.seat) {
      selection = []; // a new position: start picking afresh
      closeMenu();
    }
    pictureView = view;
    if (pic.svg) {
      if (pic.svg !== drawnSvg || !$("picture").querySelector("svg")) $("picture").innerHTML = pic.svg;
      drawnSvg = pic.svg;
      $("text-view").hidden = true;
    } else {
      $("picture").innerHTML = "";
      drawnSvg = null;
      $("text-view").hidden = false;
    }
    $("text-view").textContent = pic.text || "";
    renderActions(view);
    applyPicks(targetHadFocus);
    renderTakeback(view);
    renderHint(view);
  }

  // -- acting on the picture ----------------------------------------------------------------------
  // The view's picks say, for each legal action with a place on the table, the parts of the picture
  // (data-pick ids) clicked in turn to choose it. `selection` holds the ids clicked so far; the parts
  // that extend it are "pickable". A part that completes one action plays it; one that completes
  // several opens a menu beside it; one that leads further selects it and lights up what comes next.
  let selection = [];

  function startsWith(path, prefix) {
    return prefix.every((id, i) => path[i] === id);
  }

  function picksOf(view) {
    return view && view.seat !== null && view.to_move === view.seat && !view.finished ? (view.picks || []) : [];
  }

  // The picks that extend the selection, by the id of the part that comes next: looked up once per
  // picture (a skirmish move offers hundreds of points, each with its pick).
  function picksByNext(view) {
    const next = new Map();
    for (const p of picksOf(view)) {
      if (p.path.length > selection.length && startsWith(p.path, selection)) {
        const id = p.path[selection.length];
        if (!next.has(id)) next.set(id, []);
        next.get(id).push(p);
      }
    }
    return next;
  }

  function parts() {
    return Array.from($("picture").querySelectorAll("[data-pick]"));
  }

  function pickable() {
    return parts().filter((el) => el.classList.contains("pickable"));
  }

  // One Tab stop per part while there are few; past ROVING the picture is one stop and the arrow keys
  // move between its parts (a skirmish move offers hundreds of points).
  const ROVING = 30;

  function applyPicks(refocus) {
    const view = pictureView;
    let byNext = picksByNext(view);
    if (selection.length && !byNext.size && !menuOpen()) { selection = []; byNext = picksByNext(view); }
    const chosen = new Set(selection);
    const on = [];
    for (const el of parts()) {
      const id = el.dataset.pick;
      const live = byNext.has(id);
      el.classList.toggle("pickable", live);
      el.classList.toggle("selected", chosen.has(id));
      if (live) {
        el.setAttribute("role", "button");
        on.push(el);
      } else {
        el.removeAttribute("role");
        el.removeAttribute("tabindex");
      }
    }
    const roving = on.length > ROVING;
    on.forEach((el, i) => el.setAttribute("tabindex", !roving || i === 0 ? "0" : "-1"));
    $("picture").classList.toggle("selecting", selection.length > 0);
    // a part that completes exactly one move says which (its label and tooltip); a few such parts
    // are also named under the picture, so a player knows what the highlights do
    const says = [];
    for (const el of on) {
      if (el.dataset.label === undefined) el.dataset.label = el.getAttribute("aria-label") || "";
      const sel = selection.concat([el.dataset.pick]);
      const leads = byNext.get(el.dataset.pick) || []; // the picks through sel
      const what = leads.length === 1 && leads[0].path.length === sel.length
        ? leads[0].action + (leads[0].label ? " (" + leads[0].label + ")" : "") : null;
      el.setAttribute("aria-label", what ? el.dataset.label + ": " + what : el.dataset.label);
      if (what) says.push(el.dataset.label + ": " + what);
    }
    $("pick-hint").textContent = selection.length
      ? "Choose where (highlighted), or press Esc to start again."
      : says.length && says.length <= 3 && says.join("; ").length <= 180 ? "On the table: " + says.join("; ") + "."
        : on.length ? "Click a highlighted part of the table to act." : "";
    if (refocus && on.length && !touching) on[0].focus();
  }

  function clearSelection(refocus) {
    selection = [];
    closeMenu();
    applyPicks(refocus);
  }

  function choose(el) {
    const view = pictureView;
    if (!view || $("picture").dataset.busy) return;
    const id = el.dataset.pick;
    if (selection.length && selection[selection.length - 1] === id) { // clicking the selection again: back one step
      selection = selection.slice(0, -1);
      closeMenu();
      applyPicks(false);
      return;
    }
    if (!el.classList.contains("pickable")) { clearSelection(false); return; }
    const sel = selection.concat([id]);
    const all = picksOf(view);
    const exact = all.filter((p) => p.path.length === sel.length && startsWith(p.path, sel));
    const longer = all.filter((p) => p.path.length > sel.length && startsWith(p.path, sel));
    closeMenu();
    if (!longer.length && exact.length === 1) {
      $("picture").dataset.busy = "1"; // one move per picture: a new view clears it
      play(view.seat, exact[0].action, view.actions);
      return;
    }
    if (longer.length) {
      selection = sel;
      applyPicks(!exact.length);
    }
    if (exact.length) openMenu(el, exact);
  }

  // The menu beside a part: the actions that part completes (a wrestler's attacks on one enemy).
  function menuOpen() {
    return !$("pick-menu").hidden;
  }

  // A long menu (a Wild Card can be any of some forty cards) offers the picks' groups first, each a
  // button that opens its own moves: never dozens of buttons at once.
  const MENU_FLAT = 12;

  function menuButton(text, detail) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    if (detail) {
      const small = document.createElement("small");
      small.textContent = detail;
      button.appendChild(small);
    }
    return button;
  }

  // What every one of a menu's moves says first ("may be challenged (11.5: ...); "), up to a "; ":
  // said once above them, not on each of a dozen buttons. Only for three moves or more.
  function sharedNote(labels) {
    if (labels.length < 3) return "";
    let common = labels[0];
    for (const label of labels) while (!label.startsWith(common)) common = common.slice(0, -1);
    const cut = common.lastIndexOf("; ");
    return cut >= 12 ? common.slice(0, cut + 2) : "";
  }

  function openMenu(anchor, picks, group) {
    const menu = $("pick-menu");
    menu.innerHTML = "";
    const title = document.createElement("p");
    title.className = "pick-menu-title";
    title.textContent = (anchor.getAttribute("aria-label") || "Choose") + (group ? ": " + group : "");
    menu.appendChild(title);
    const grouped = !group && picks.length > MENU_FLAT && picks.some((p) => p.group);
    const shown = group ? picks.filter((p) => p.group === group) : grouped ? picks.filter((p) => !p.group) : picks;
    if (group) {
      const back = menuButton("\u2039 Back to every kind");
      back.className = "cancel";
      back.addEventListener("click", () => openMenu(anchor, picks));
      menu.appendChild(back);
    }
    if (grouped) {
      const counts = new Map();
      for (const p of picks) if (p.group) counts.set(p.group, (counts.get(p.group) || 0) + 1);
      for (const [name, count] of counts) {
        const button = menuButton(name, count + (count === 1 ? " choice" : " choices"));
        button.dataset.group = name;
        button.addEventListener("click", () => openMenu(anchor, picks, name));
        menu.appendChild(button);
      }
    }
    const shared = sharedNote(shown.map((p) => p.label || ""));
    if (shared) {
      const note = document.createElement("p");
      note.className = "pick-menu-note";
      note.textContent = "Each: " + shared.slice(0, -2);
      menu.appendChild(note);
    }
    shown.forEach((p) => {
      const button = menuButton(p.action, shared ? (p.label || "").slice(shared.length) : p.label);
      button.dataset.action = p.action;
      button.addEventListener("click", () => {
        closeMenu();
        $("picture").dataset.busy = "1";
        play(pictureView.seat, p.action, pictureView.actions);
      });
      menu.appendChild(button);
    });
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = "Cancel (Esc)";
    cancel.addEventListener("click", () => { closeMenu(); anchor.focus(); });
    menu.appendChild(cancel);
    const box = anchor.getBoundingClientRect();
    const frame = $("picture-frame").getBoundingClientRect();
    menu.hidden = false; // shown first, so its own width keeps it inside the table
    menu.style.left = Math.max(0, Math.min(box.right - frame.left + 6, frame.width - menu.offsetWidth)) + "px";
    menu.style.top = Math.max(0, box.top - frame.top) + "px";
    menu.dataset.anchor = anchor.dataset.pick;
    menu.querySelector("button").focus();
  }

  function closeMenu() {
    const menu = $("pick-menu");
    if (menu.hidden) return;
    menu.hidden = true;
    menu.innerHTML = "";
  }

  function centre(el) {
    const box = el.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  }

  // Points marked data-snap-point (a skirmish move's destinations): a click near one picks it.
  const SNAP_PIXELS = 48;

  function snapTarget(x, y) {
    let best = null;
    let bestDistance = SNAP_PIXELS;
    for (const el of pickable()) {
      if (el.dataset.snapPoint === undefined) continue;
      const [cx, cy] = centre(el);
      const d = Math.hypot(cx - x, cy - y);
      if (d < bestDistance) { best = el; bestDistance = d; }
    }
    return best;
  }

  const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

  // the nearest pickable part in the arrow's direction, favouring the ones straight ahead
  function neighbour(from, key) {
    const [dx, dy] = ARROWS[key];
    const [ax, ay] = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const t of pickable()) {
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
    if (from.getAttribute("tabindex") === "0" && pickable().length > ROVING) from.setAttribute("tabindex", "-1");
    to.setAttribute("tabindex", "0");
    to.focus();
  }

  $("picture").addEventListener("click", (ev) => {
    if (!ev.target.closest) return;
    const el = ev.target.closest("[data-pick]");
    if (el && (el.classList.contains("pickable") || el.classList.contains("selected"))) {
      ev.preventDefault();
      choose(el);
      return;
    }
    // a click beside the small points (or on a piece over them) takes the nearest lit point
    const snapped = snapTarget(ev.clientX, ev.clientY);
    if (snapped) { ev.preventDefault(); choose(snapped); return; }
    if (selection.length) clearSelection(false);
  });
  $("picture").addEventListener("keydown", (ev) => {
    const el = ev.target.closest ? ev.target.closest("[data-pick]") : null;
    if (!el || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      choose(el);
    } else if (ARROWS[ev.key]) {
      ev.preventDefault();
      moveFocus(el, neighbour(el, ev.key));
    } else if (ev.key === "Home" || ev.key === "End") {
      ev.preventDefault();
      const all = pickable();
      moveFocus(el, ev.key === "Home" ? all[0] : all[all.length - 1]);
    }
  });
  $("pick-menu").addEventListener("keydown", (ev) => {
    const buttons = Array.from($("pick-menu").querySelectorAll("button"));
    const at = buttons.indexOf(document.activeElement);
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      const next = (at + (ev.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length;
      buttons[next].focus();
    }
  });

  // -- hints: the seat's choices ranked by its chance of winning (only where the match allows them) --
  let hintsAllowed = false;
  let hintShownFor = -1; // the action count the shown hint belongs to

  function renderHint(view) {
    const mine = view.seat !== null && view.to_move === view.seat && !view.finished && !view.thinking;
    $("hint").hidden = !(hintsAllowed && mine);
    if (view.actions !== hintShownFor) $("hint-panel").hidden = true;
  }

  async function showHint() {
    const view = lastView;
    if (!view || $("hint").hidden || $("hint").disabled) return;
    const button = $("hint");
    button.disabled = true;
    $("hint-method").textContent = "Thinking…";
    $("hint-list").innerHTML = "";
    $("hint-panel").hidden = false;
    try {
      const hint = await api("/api/matches/" + id + "/seats/" + view.seat + "/hint");
      hintShownFor = hint.actions;
      $("hint-method").textContent = hint.exact
        ? "Exact: computed from the rules." : "Estimated from playouts of what you can see (± one standard error; the others"
          + " as points behind the best), " + hint.seconds.toFixed(1) + " s, stopped: " + hint.stopped + ".";
      const labels = Object.fromEntries((view.legal_actions || []).map((a) => [a.name, a.label]));
      for (const [rank, option] of hint.options.entries()) {
        const li = turnbuckle.optionItem(option, rank === 0, labels[option.choice], "");
        if (option.as_good) li.className = "hint-group";
        $("hint-list").appendChild(li);
      }
    } catch (err) {
      $("hint-method").textContent = err.message;
    } finally {
      button.disabled = false;
    }
  }

  async function loadHintRule() {
    try {
      hintsAllowed = !!(await api("/api/matches/" + id + "/hints")).hints;
    } catch (err) {
      hintsAllowed = false;
    }
    if (lastView) renderHint(lastView);
  }

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
      const view = await api("/api/matches/" + id + "/seats/" + seat + "/takeback" + pictureQuery(), { method: "POST" });
      revealed = seat;
      render(view); // the event stream follows with a "reset" update: the commentary starts again
    } catch (err) {
      $("action-error").textContent = err.message;
      refresh();
    }
  }

  // A decision about the clock (claim the win, let the computer finish, abort): clock.js offers it.
  async function decideClock(seat, decision) {
    $("action-error").textContent = "";
    try {
      render(await api("/api/matches/" + id + "/seats/" + seat + "/clock" + pictureQuery(),
        { method: "POST", body: JSON.stringify({ decision: decision }) }));
    } catch (err) {
      $("action-error").textContent = err.message;
      refresh();
    }
  }

  function resetFeed() {
    $("feed").innerHTML = "";
    eventsSeen = 0;
  }

  // Buttons for the choices with no place on the table (end activation, pass, roll, concede, ...).
  function buttonActions(view) {
    const placed = new Set(picksOf(view).map((p) => p.action));
    return view.legal_actions.filter((a) => !placed.has(a.name));
  }

  // Numbered choices of one kind (a skirmish bid: "bid 0" .. "bid 10") become one compact row of
  // numbers; every other choice is a button with what it does under its name.
  const NUMBERED = /^([a-z][a-z ]*?) (\d+)$/;
  const COMPACT_AT = 4;

  function numberedGroups(actions) {
    const groups = {};
    for (const a of actions) {
      const m = NUMBERED.exec(a.name);
      if (m) (groups[m[1]] = groups[m[1]] || []).push(a);
    }
    return Object.fromEntries(Object.entries(groups).filter(([, list]) => list.length >= COMPACT_AT));
  }

  function actionButton(view, action, index, text) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = action.name;
    if (index < 9) {
      const key = document.createElement("kbd");
      key.textContent = String(index + 1);
      button.appendChild(key);
    }
    button.appendChild(document.createTextNode(text));
    if (action.label && text === action.name) {
      const small = document.createElement("small");
      small.textContent = action.label;
      button.appendChild(small);
    } else {
      button.title = action.label ? action.name + ": " + action.label : action.name;
      button.setAttribute("aria-label", button.title);
    }
    button.addEventListener("click", () => play(view.seat, action.name, view.actions));
    return button;
  }

  function renderActions(view) {
    const box = $("actions");
    const hadFocus = box.contains(document.activeElement);
    box.innerHTML = "";
    const shown = buttonActions(view);
    box.hidden = !shown.length;
    const groups = numberedGroups(shown);
    const placed = new Set();
    // With a row of numbers on show (a bid), the digit keys type its values: the other buttons get no key.
    const typesDigits = shown.some((a) => { const m = NUMBERED.exec(a.name); return m && groups[m[1]]; });
    let index = typesDigits ? 99 : 0;
    for (const action of shown) {
      if (placed.has(action.name)) continue;
      const m = NUMBERED.exec(action.name);
      if (m && groups[m[1]]) {
        const row = document.createElement("div");
        row.className = "compact";
        row.setAttribute("role", "group");
        row.setAttribute("aria-label", m[1]);
        const title = document.createElement("span");
        title.className = "compact-title";
        title.textContent = m[1];
        row.appendChild(title);
        for (const member of groups[m[1]]) {
          const value = NUMBERED.exec(member.name)[2];
          const button = actionButton(view, member, 99, value); // no key hint: the digit keys type the value
          button.dataset.value = value;
          row.appendChild(button);
          placed.add(member.name);
        }
        box.appendChild(row);
        continue;
      }
      box.appendChild(actionButton(view, action, index++, action.name));
      placed.add(action.name);
    }
    if (!touching && (hadFocus || (shown.length && document.activeElement === document.body))) {
      const first = box.querySelector("button");
      if (first) first.focus();
    }
  }

  async function play(seat, name, expect) {
    $("action-error").textContent = "";
    for (const b of $("actions").querySelectorAll("button")) b.disabled = true;
    try {
      const view = await api("/api/matches/" + id + "/seats/" + seat + "/actions" + pictureQuery(), {
        method: "POST", body: { action: name, expect: expect },
      });
      revealed = seat;
      // At a shared screen the answer is the mover's view; when another of this screen's seats moves
      // next, draw that seat's view instead (the answer must not replace it if the stream drew it first).
      if (view.to_move !== null && view.to_move !== seat && mySeats.includes(view.to_move)) refresh();
      else render(view);
      // a page around the table hears the reply too (a puzzle's carries its verdict)
      root.dispatchEvent(new CustomEvent("played", { detail: view }));
    } catch (err) {
      $("action-error").textContent = err.message;
      refresh();
    }
  }

  let feedFrame = 0;

  function addEvents(events) {
    const feed = $("feed");
    for (const e of events) {
      if (e.index < eventsSeen) continue;
      eventsSeen = e.index + 1;
      if (!e.text && !(e.pieces && e.pieces.length)) continue;
      const li = document.createElement("li");
      if (e.text) {
        const line = document.createElement("span");
        line.textContent = e.text.trim();
        li.appendChild(line);
      }
      if (e.pieces && e.pieces.length) li.appendChild(drawPieces(e.pieces));
      feed.appendChild(li);
    }
    while (feed.children.length > 300) feed.removeChild(feed.firstChild);
    // in the next frame, once: it measures the page, which laid out at once (with a new picture
    // coming in) costs a second layout of it in the same frame
    if (!feedFrame) feedFrame = requestAnimationFrame(() => { feedFrame = 0; turnbuckle.scrollToNewest(feed); });
  }

  // -- the move log's dice and cards (event "pieces") ---------------------------------------------
  const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

  const svgNode = turnbuckle.svgNode;

  function drawDie(piece) {
    const size = 22;
    const face = piece.value;
    const word = String(face).slice(0, 6);
    const wide = word.length > 2 ? Math.round(6 + 7 * word.length) : 24; // a word face (Cheer, Blank): a wider die
    const svg = svgNode("svg", { width: size * wide / 24, height: size, viewBox: "0 0 " + wide + " 24", class: "die", role: "img" });
    const label = (piece.owner ? piece.owner + ": " : "") + (piece.faces && piece.faces !== "d6" ? piece.faces + " " : "")
      + "die showing " + face + (piece.kept === false ? " (re-rolled)" : "");
    svg.setAttribute("aria-label", label);
    const title = svgNode("title", {});
    title.textContent = label;
    svg.appendChild(title);
    const fill = piece.colour || "#fff";
    svg.appendChild(svgNode("rect", { x: 1, y: 1, width: wide - 2, height: 22, rx: 4, fill: fill, stroke: "#333", "stroke-width": 1.2 }));
    const dark = /^#([0-9a-f]{6})$/i.test(fill) && parseInt(fill.slice(1, 3), 16) * 0.3 + parseInt(fill.slice(3, 5), 16) * 0.59
      + parseInt(fill.slice(5, 7), 16) * 0.11 < 128;
    const ink = dark ? "#fff" : "#222";
    if ((piece.faces === "d6" || !piece.faces) && PIPS[face]) {
      for (const [x, y] of PIPS[face]) svg.appendChild(svgNode("circle", { cx: x * 6, cy: y * 6, r: 2.2, fill: ink }));
    } else {
      const text = svgNode("text", { x: wide / 2, y: 16.5, "text-anchor": "middle", "font-size": word.length > 2 ? 11 : 12,
        "font-weight": 700, fill: ink });
      text.textContent = word;
      svg.appendChild(text);
    }
    if (piece.kept === false) svg.classList.add("rerolled");
    return svg;
  }

  function drawCard(piece) {
    const card = document.createElement("span");
    card.className = "mini-card";
    if (piece.type) card.dataset.type = piece.type;
    if (piece.colour) card.style.borderTopColor = piece.colour;
    const name = document.createElement("strong");
    name.textContent = piece.name || "?";
    card.appendChild(name);
    if (piece.detail) {
      const small = document.createElement("small");
      small.textContent = piece.detail;
      card.appendChild(small);
    }
    return card;
  }

  function drawPieces(pieces) {
    const box = document.createElement("span");
    box.className = "pieces";
    for (const piece of pieces) box.appendChild(piece.kind === "card" ? drawCard(piece) : drawDie(piece));
    return box;
  }

  function connect() {
    const source = new EventSource("/api/matches/" + id + "/stream?since=" + eventsSeen);
    source.addEventListener("update", (msg) => {
      const data = JSON.parse(msg.data);
      if (data.reset) resetFeed(); // a take-back: the commentary is sent again from the start
      addEvents(data.events);
      if (owner && data.invited && JSON.stringify(data.invited) !== invitesShown) showInvites();
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

  // The owner's invite links: shown whole, with a copy button and a way to replace a link nobody
  // has opened yet (the old one stops working); once the guest has opened it, only they hold it. The
  // event stream says when a guest opens one (``invited``), and the box is drawn again at once.
  let invitesShown = null; // the invited seats and whether each is opened, as last drawn
  const copiedSeats = new Set(); // links copied (so perhaps sent): replacing one asks first

  async function showInvites() {
    const list = await api("/api/matches/" + id + "/invites");
    invitesShown = JSON.stringify(list.map((inv) => ({ seat: inv.seat, opened: inv.opened })));
    $("invite-list").innerHTML = "";
    if (!list.length) return;
    $("invites").hidden = false;
    for (const inv of list) {
      const li = document.createElement("li");
      const title = document.createElement("p");
      title.className = "invite-title";
      title.textContent = "Seat " + inv.seat + " (" + inv.label + ")";
      li.appendChild(title);
      if (!inv.url) {
        title.appendChild(document.createTextNode(": opened by the guest"));
        $("invite-list").appendChild(li);
        continue;
      }
      const link = document.createElement("textarea");
      link.readOnly = true;
      link.rows = 2;
      link.value = inv.url;
      link.setAttribute("aria-label", "Invite link for seat " + inv.seat);
      link.addEventListener("focus", () => link.select());
      link.addEventListener("copy", () => copiedSeats.add(inv.seat));
      li.appendChild(link);
      const row = document.createElement("p");
      row.className = "row";
      const copy = document.createElement("button");
      copy.type = "button";
      copy.textContent = "Copy link";
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(inv.url);
        } catch (err) {
          link.focus();
          link.select();
          document.execCommand("copy");
        }
        copiedSeats.add(inv.seat);
        copy.textContent = "Copied";
        setTimeout(() => { copy.textContent = "Copy link"; }, 1500);
      });
      const renew = document.createElement("button");
      renew.type = "button";
      renew.textContent = "New link";
      renew.title = "Replace this link (the old one stops working)";
      const replace = async () => {
        try {
          await api("/api/matches/" + id + "/invites/" + inv.seat, { method: "POST" });
          copiedSeats.delete(inv.seat);
        } catch (err) {
          $("action-error").textContent = err.message; // the guest came in meanwhile: the box says so
        }
        showInvites();
      };
      const ask = document.createElement("p");
      ask.className = "invite-confirm";
      ask.setAttribute("role", "alert");
      ask.hidden = true;
      ask.textContent = "You copied this link: whoever you sent it to could no longer join. Replace it? ";
      const yes = document.createElement("button");
      yes.type = "button";
      yes.textContent = "Replace the link";
      yes.addEventListener("click", replace);
      const no = document.createElement("button");
      no.type = "button";
      no.textContent = "Keep it";
      no.addEventListener("click", () => { ask.hidden = true; renew.focus(); });
      ask.appendChild(yes);
      ask.appendChild(no);
      renew.addEventListener("click", () => {
        if (!copiedSeats.has(inv.seat)) { replace(); return; }
        ask.hidden = false;
        no.focus();
      });
      row.appendChild(copy);
      row.appendChild(renew);
      li.appendChild(row);
      li.appendChild(ask);
      $("invite-list").appendChild(li);
    }
  }

  // The address without a token: anyone who opens it watches (the public table, no hand).
  function showWatchLink() {
    const url = location.origin + location.pathname;
    const field = $("watch-link");
    field.value = url;
    field.addEventListener("focus", () => field.select());
    $("copy-watch-link").addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
      } catch (err) {
        field.focus();
        field.select();
        document.execCommand("copy");
      }
      $("copy-watch-link").textContent = "Copied";
      setTimeout(() => { $("copy-watch-link").textContent = "Copy watch link"; }, 1500);
    });
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
    if (ev.key === "Escape" && (menuOpen() || selection.length)) {
      ev.preventDefault();
      const anchor = menuOpen() ? $("pick-menu").dataset.anchor : null;
      if (menuOpen()) closeMenu(); else { selection = selection.slice(0, -1); applyPicks(false); }
      const back = anchor && $("picture").querySelector('[data-pick="' + CSS.escape(anchor) + '"]');
      if (back) back.focus(); else { const first = pickable()[0]; if (first) first.focus(); }
      return;
    }
    if (turnbuckle.typing(ev)) return;
    if ((ev.key === "h" || ev.key === "H") && !$("hint").hidden) {
      ev.preventDefault();
      showHint();
      return;
    }
    if ((ev.key === "u" || ev.key === "U") && !$("takeback").hidden) {
      ev.preventDefault();
      takeBack();
      return;
    }
    const typed = !menuOpen() && /^[0-9]$/.test(ev.key) && $("actions").querySelector('.compact button[data-value="' + ev.key + '"]');
    if (typed && !typed.disabled) { ev.preventDefault(); typed.click(); return; }
    if (/^[1-9]$/.test(ev.key)) {
      const box = menuOpen() ? $("pick-menu") : $("actions");
      if (!menuOpen() && box.querySelector(".compact")) return; // the digits belong to the row of numbers
      const button = box.querySelectorAll("button[data-action]")[Number(ev.key) - 1];
      if (button && !button.disabled) { ev.preventDefault(); button.click(); }
    }
  });
  $("handover-ready").addEventListener("click", () => {
    if (lastView) { revealed = lastView.seat; render(lastView); }
  });
  $("takeback").addEventListener("click", takeBack);
  turnbuckle.narrowMedia.addEventListener("change", () => { if (lastView) refresh(); }); // turned: the other layout
  $("hint").addEventListener("click", showHint);
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
      showWatchLink();
      if (mySeats.length) loadHintRule();
      if (mySeats.length === 1) revealed = mySeats[0];
      await refresh(meta);
      if (!cfg.api) connect(); // a lesson has no event stream: learn.js shows its commentary
    } catch (err) {
      $("status").textContent = err.message;
    }
  }
  start();
})();

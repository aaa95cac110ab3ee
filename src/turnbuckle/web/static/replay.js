// The replay viewer: step forward and back through a finished match (or a replay file).
"use strict";
(function () {
  const root = document.getElementById("replay");
  const cfg = JSON.parse(root.dataset.config);
  const $ = (sel) => document.getElementById(sel);
  let step = 0;
  let token = 0;

  async function show(n) {
    step = Math.max(0, Math.min(cfg.steps - 1, n));
    const mine = ++token;
    const seat = $("view-seat").value;
    const url = "/api/replays/" + cfg.replay + "?step=" + step + (seat === "" ? "" : "&seat=" + seat)
      + (turnbuckle.narrow() ? "&narrow=true" : "");
    let frame;
    try {
      frame = (await turnbuckle.api(url)).data;
    } catch (err) {
      if (mine === token) $("result").textContent = err.message;
      return;
    }
    if (mine !== token) return;
    $("position").textContent = "step " + frame.step + " of " + (frame.steps - 1) + " (action " + frame.actions + " of " + frame.actions_total + ")";
    const pic = frame.picture || {};
    $("picture").innerHTML = pic.svg || "";
    $("text-view").hidden = Boolean(pic.svg);
    $("text-view").textContent = pic.text || "";
    const feed = $("feed");
    feed.innerHTML = "";
    for (const e of frame.events) {
      if (!e.text) continue;
      const li = document.createElement("li");
      li.textContent = e.text;
      feed.appendChild(li);
    }
    turnbuckle.scrollToNewest(feed);
    $("result").textContent = frame.result ? "Result: " + frame.result.summary : "";
    $("back").disabled = step === 0;
    $("first").disabled = step === 0;
    $("forward").disabled = step === cfg.steps - 1;
    $("last").disabled = step === cfg.steps - 1;
    markStep();
  }

  // -- the players' chat: a stored match's players' room, which the chat API gives only to its players
  // (this page's #t= seat token, or a login holding a seat); anyone else gets an error and sees nothing.
  async function loadChat() {
    if (!cfg.match) return;
    const seatToken = new URLSearchParams(location.hash.slice(1)).get("t");
    let messages;
    try {
      messages = (await turnbuckle.api("/api/matches/" + encodeURIComponent(cfg.match) + "/chat/players", {}, seatToken)).data;
    } catch (err) {
      $("players-chat").dataset.looked = "no"; // not a player of this match (or no chat): nothing to show
      return;
    }
    const list = $("players-chat-list");
    for (const m of messages) {
      const item = document.createElement("li");
      const who = document.createElement("strong");
      who.textContent = m.author + ": ";
      const text = document.createElement("span");
      text.textContent = m.text; // never HTML
      item.append(who, text);
      list.appendChild(item);
    }
    $("players-chat").hidden = messages.length === 0;
    $("players-chat").dataset.looked = "yes";
  }

  // -- the review: a chance-of-winning chart under the table, the options at each decision --------
  const COLOURS = ["#b3261e", "#1a73e8", "#188038", "#e37400", "#9334e6", "#5f6368", "#c5221f", "#12b5cb"];
  const W = 640, H = 220, PAD = { left: 40, right: 12, top: 10, bottom: 28 };
  let review = null;

  const el = turnbuckle.svgNode;
  const pct = turnbuckle.percent;

  async function loadReview() {
    const status = $("review-status");
    for (;;) {
      let answer;
      try {
        answer = await turnbuckle.api("/api/replays/" + cfg.replay + "/review");
      } catch (err) {
        status.textContent = err.status ? "No review: " + err.message : "The review could not be loaded.";
        return;
      }
      const body = answer.data;
      if (answer.status === 202) {
        status.textContent = "Reviewing the match: " + body.done + " of " + (body.total === null ? "?" : body.total) + " decisions valued...";
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      review = body;
      const r = body.review;
      status.textContent = (r.mode === "omniscient" ? "Omniscient review. " : "") + r.methods.join("; ");
      drawChart();
      markStep();
      return;
    }
  }

  function x(actionIndex) {
    const total = Math.max(1, review.review.actions);
    return PAD.left + (W - PAD.left - PAD.right) * actionIndex / total;
  }

  function y(value) { return PAD.top + (H - PAD.top - PAD.bottom) * (1 - value); }

  // On a phone a finger does not hit a 7-pixel dot: a tap on the chart takes the nearest point
  // (within TAP_REACH pixels). A wider screen keeps to clicks on the dots.
  const TAP_REACH = 24;

  function nearestPoint(svg, ev) {
    if (!window.matchMedia("(max-width: 700px)").matches) return null;
    let best = null;
    let bestDistance = TAP_REACH;
    for (const dot of svg.querySelectorAll("circle.point")) {
      const box = dot.getBoundingClientRect();
      const d = Math.hypot(box.left + box.width / 2 - ev.clientX, box.top + box.height / 2 - ev.clientY);
      if (d < bestDistance) { best = dot; bestDistance = d; }
    }
    return best;
  }

  function drawChart() {
    const r = review.review;
    const chart = $("chart");
    chart.textContent = "";
    const svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "group", "aria-label": "Chance of winning at each decision" }, chart);
    for (const v of [0, 0.5, 1]) {
      el("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), stroke: "#d6d3cc", "stroke-width": 1 }, svg);
      const label = el("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#5f6368" }, svg);
      label.textContent = (100 * v) + "%";
    }
    const axis = el("text", { x: W - PAD.right, y: H - 6, "text-anchor": "end", "font-size": 11, fill: "#5f6368" }, svg);
    axis.textContent = r.actions + " actions";
    el("line", { id: "chart-now", x1: 0, x2: 0, y1: PAD.top, y2: H - PAD.bottom, stroke: "#1d1d1f", "stroke-dasharray": "3 3", visibility: "hidden" }, svg);
    const byPlayer = r.players.map(() => []);
    r.decisions.forEach((d, i) => byPlayer[d.player].push({ d: d, step: review.steps[i] }));
    const turning = new Set(r.turning_points);
    let legendX = PAD.left;
    r.players.forEach((name, p) => {
      const colour = COLOURS[p % COLOURS.length];
      // every decision's estimate gives every side's chances (they add up to one win), then the result
      const points = r.series[p].map((e) => [x(e.action_index), y(e.value)]);
      let path = "";
      points.forEach(([px, py], i) => {
        path += i === 0 ? "M" + px + " " + py : "H" + px + "V" + py;
      });
      el("path", { d: path, fill: "none", stroke: colour, "stroke-width": 1.6 }, svg);
      for (const e of byPlayer[p]) {
        const dot = el("circle", {
          cx: x(e.d.action_index), cy: y(e.d.before), r: turning.has(e.d.index) ? 5 : 3.5, fill: colour,
          stroke: turning.has(e.d.index) ? "#1d1d1f" : "none", class: "point", tabindex: 0, role: "button",
          "data-step": e.step, "data-decision": e.d.index,
          "aria-label": name + ", decision " + (e.d.index + 1) + ": " + e.d.choice + ", " + pct(e.d.before),
        }, svg);
        const title = el("title", {}, dot);
        title.textContent = name + ": " + e.d.choice + " (" + pct(e.d.before) + " before, swing " + (100 * e.d.swing).toFixed(1) + ")";
      }
      const end = el("circle", { cx: x(r.actions), cy: y(r.final[p]), r: 4, fill: "#fff", stroke: colour, "stroke-width": 2,
        class: "point", tabindex: 0, role: "button", "data-step": review.final_step,
        "aria-label": name + ", result: " + pct(r.final[p]) }, svg);
      el("title", {}, end).textContent = name + ": result " + pct(r.final[p]);
      const key = el("text", { x: legendX, y: H - 6, "font-size": 12, fill: colour }, svg);
      key.textContent = "\u25cf " + name;
      legendX += key.getComputedTextLength() + 18;
    });
    svg.addEventListener("click", (ev) => {
      const target = ev.target.closest ? ev.target.closest("circle.point") : nearestPoint(svg, ev);
      if (target) show(Number(target.dataset.step));
    });
    svg.addEventListener("keydown", (ev) => {
      const target = ev.target.closest ? ev.target.closest("circle.point") : null;
      if (target && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); ev.stopPropagation(); show(Number(target.dataset.step)); }
    });
    $("chart-help").hidden = false;
  }

  function markStep() {
    if (!review) return;
    const r = review.review;
    const box = $("decision");
    box.textContent = "";
    const here = [];
    review.steps.forEach((s, i) => { if (s === step) here.push(r.decisions[i]); });
    const now = document.getElementById("chart-now");
    if (now) {
      const at = here.length ? here[0].action_index : null;
      now.setAttribute("visibility", at === null ? "hidden" : "visible");
      if (at !== null) { now.setAttribute("x1", x(at)); now.setAttribute("x2", x(at)); }
    }
    for (const d of here) {
      const heading = document.createElement("h3");
      heading.textContent = d.wrestler + " decides: chance of winning " + pct(d.before) + ", swing " + (100 * d.swing).toFixed(1) + " points";
      box.appendChild(heading);
      const table = document.createElement("table");
      table.className = "options";
      const head = table.insertRow();
      for (const h of ["option", "chance of winning (others: points behind the best)", ""]) {
        const th = document.createElement("th");
        th.textContent = h;
        head.appendChild(th);
      }
      d.options.forEach((o, rank) => {
        const row = table.insertRow();
        row.insertCell().textContent = o.choice;
        row.insertCell().textContent = turnbuckle.verdictText(o, rank === 0);
        const notes = [];
        if (o.choice === d.choice) notes.push("chosen");
        if (o.choice === d.best.choice) notes.push("best");
        row.insertCell().textContent = notes.join(", ");
        if (o.choice === d.choice) row.className = "chosen";
      });
      box.appendChild(table);
    }
  }

  $("first").addEventListener("click", () => show(0));
  $("back").addEventListener("click", () => show(step - 1));
  $("forward").addEventListener("click", () => show(step + 1));
  $("last").addEventListener("click", () => show(cfg.steps - 1));
  $("view-seat").addEventListener("change", () => show(step));
  turnbuckle.narrowMedia.addEventListener("change", () => show(step)); // turned: the other layout
  document.addEventListener("keydown", (ev) => {
    if (turnbuckle.typing(ev)) return;
    const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: cfg.steps - 1 };
    if (ev.key in moves) { ev.preventDefault(); show(moves[ev.key]); }
  });
  show(0);
  loadReview();
  loadChat();
})();

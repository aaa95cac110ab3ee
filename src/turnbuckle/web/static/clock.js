// Clocks: the time-control fields of the new-match and lobby forms (readControl), and the clocks
// drawn beside a table (draw). The server sends each seat's time left, the running seat and its
// deadline with its own "now"; the running clock counts down here from the difference, so a
// browser whose clock is off still shows the server's time.
"use strict";
(function () {
  function readControl() {
    const kind = document.getElementById("clock-kind");
    if (!kind || kind.value === "none") return null;
    if (kind.value === "turn") return { kind: "turn", days: Number(document.getElementById("clock-days").value) };
    return {
      kind: "live",
      minutes: Number(document.getElementById("clock-minutes").value || 0),
      increment: Number(document.getElementById("clock-increment").value || 0),
    };
  }

  function showKind() {
    const kind = document.getElementById("clock-kind");
    if (!kind) return;
    for (const part of document.querySelectorAll("[data-clock-kind]")) part.hidden = part.dataset.clockKind !== kind.value;
  }

  function format(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    if (s >= 86400) return Math.floor(s / 86400) + " d " + Math.floor((s % 86400) / 3600) + " h";
    if (s >= 3600) return Math.floor(s / 3600) + " h " + String(Math.floor((s % 3600) / 60)).padStart(2, "0") + " m";
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  let shown = null; // { clock, seats, received }
  let timer = null;

  function render(box) {
    if (!shown) return;
    const { clock, seats, received } = shown;
    const elapsed = (Date.now() - received) / 1000;
    box.replaceChildren();
    const head = document.createElement("p");
    head.className = "clock-control";
    head.textContent = "Clock: " + clock.control + (clock.rated ? "" : " · unrated");
    box.appendChild(head);
    const list = document.createElement("ul");
    list.className = "clocks";
    seats.forEach((seat, i) => {
      const item = document.createElement("li");
      item.dataset.clockSeat = String(i);
      let left = clock.left[i];
      if (clock.running === i) left = Math.max(0, left - elapsed);
      const out = clock.flagged.includes(i);
      const taken = Object.prototype.hasOwnProperty.call(clock.takeover, String(i));
      item.className = "clock" + (clock.running === i ? " running" : "") + (out ? " flagged" : "");
      item.textContent = seat.label + ": " + (out ? "out of time" : format(left)) +
        (taken ? " · the computer plays on" : "");
      if (clock.running === i) item.setAttribute("aria-current", "true");
      list.appendChild(item);
    });
    box.appendChild(list);
    const mine = shown.mine.filter((s) => !clock.pending.includes(s));
    const offers = [];
    if (!shown.finished && mine.length && clock.pending.length) {
      offers.push(["claim", "Claim the win"], ["computer", "Let the computer finish (unrated)"]);
    }
    if (!shown.finished && shown.mine.length && !clock.moved && !clock.ended) offers.push(["abort", "Abort the match"]);
    if (offers.length) {
      const row = document.createElement("p");
      row.className = "row clock-decisions";
      for (const [decision, text] of offers) {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.clockDecision = decision;
        button.textContent = text;
        button.addEventListener("click", () => shown.decide((mine.length ? mine : shown.mine)[0], decision));
        row.appendChild(button);
      }
      box.appendChild(row);
    }
  }

  // Draw the clocks of a match view (meta.clock, meta.seats) into #clocks; nothing without a clock.
  // mine: the seats this page plays; decide(seat, decision): posts a decision about the clock.
  function draw(meta, mine, decide) {
    const box = document.getElementById("clocks");
    if (!box) return;
    if (!meta || !meta.clock) { box.hidden = true; return; }
    box.hidden = false;
    const changed = !shown || shown.clock.running !== meta.clock.running || shown.version !== meta.version;
    shown = { clock: meta.clock, seats: meta.seats, received: Date.now(), mine: mine || [], decide: decide,
      finished: meta.finished, version: meta.version };
    if (changed || !box.firstChild) render(box);
    if (timer === null) timer = setInterval(() => tick(box), 1000);
  }

  // Once a second only the running clock's text changes (the buttons stay put).
  function tick(box) {
    if (!shown || shown.clock.running === null) return;
    const item = box.querySelector('[data-clock-seat="' + shown.clock.running + '"]');
    if (!item) return;
    const left = Math.max(0, shown.clock.left[shown.clock.running] - (Date.now() - shown.received) / 1000);
    item.textContent = shown.seats[shown.clock.running].label + ": " + format(left);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const kind = document.getElementById("clock-kind");
    if (kind) { kind.addEventListener("change", showKind); showKind(); }
  });

  window.tbClock = { readControl: readControl, draw: draw, format: format };
})();

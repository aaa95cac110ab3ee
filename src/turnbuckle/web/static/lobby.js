// The lobby: the open challenges from the server's event stream, and the buttons that create,
// accept, cancel and start them. When a challenge you sit in starts, the page takes you to your
// seat (a POST to /m/ID/seat, which answers with the table's address and a seat token).
"use strict";
(function () {
  const root = document.getElementById("lobby");
  const cfg = JSON.parse(root.dataset.config);
  const api = window.turnbuckle.api;
  const list = document.getElementById("challenges");
  const status = document.getElementById("lobby-status");
  let going = false;
  let seenStarted = null; // the started matches of the first update: older than this page

  function el(tag, text, attrs) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  function formatOf(c) {
    const game = cfg.games.find((g) => g.id === c.game);
    const f = game && game.formats.find((x) => JSON.stringify(x.params) === JSON.stringify(c.params));
    return f ? f.label : "custom options";
  }

  function goToSeat(matchId) {
    if (going) return;
    going = true;
    const form = document.getElementById("go-seat");
    form.action = "/m/" + encodeURIComponent(matchId) + "/seat";
    form.submit();
  }

  async function post(path, body, errorNode) {
    try {
      const answer = await api(path, { method: "POST", body: body || {} });
      if (errorNode) errorNode.textContent = "";
      return answer.data;
    } catch (err) {
      (errorNode || status).textContent = err.message;
      return null;
    }
  }

  function challengeItem(c) {
    const li = el("li", null, { "class": "challenge", "data-challenge": String(c.id) });
    const head = el("p", null, { "class": "challenge-head" });
    head.appendChild(el("strong", c.title + " · " + formatOf(c)));
    head.appendChild(document.createTextNode(" · " + (c.rated ? "rated" : "casual") + " · by "));
    head.appendChild(el("a", c.creator, { href: "/players/" + encodeURIComponent(c.creator) }));
    head.appendChild(document.createTextNode(" (" + c.creator_rating + ")"));
    if (c.creator_record) {
      head.appendChild(el("small", " (" + c.creator_record[0] + " finished, " + c.creator_record[1] + " abandoned)",
        { "class": "abandonment", "data-abandonment": c.creator }));
    }
    head.appendChild(document.createTextNode(" · clock: " + c.clock));
    if (c.target) head.appendChild(document.createTextNode(" · for " + c.target));
    if (c.min_rating !== null || c.max_rating !== null) {
      head.appendChild(document.createTextNode(" · ratings " + (c.min_rating ?? "any") + "-" + (c.max_rating ?? "any")));
    }
    if (c.random_seats) head.appendChild(document.createTextNode(" · seats drawn at the start"));
    li.appendChild(head);
    const seats = el("ul", null, { "class": "challenge-seats" });
    const mine = cfg.you !== null && c.creator === cfg.you;
    const seated = c.seats.some((s) => s.player === cfg.you);
    const error = el("p", "", { "class": "error", role: "alert" });
    for (const s of c.seats) {
      const who = s.player || (s.computer ? "computer (" + s.computer + ")" : "open");
      const item = el("li", s.label + ": " + who);
      if (cfg.you && !seated && !s.player && !s.computer && !c.random_seats) {
        const take = el("button", "Take this seat", { type: "button" });
        take.addEventListener("click", () => accept(c, s.seat, error));
        item.appendChild(document.createTextNode(" "));
        item.appendChild(take);
      }
      seats.appendChild(item);
    }
    li.appendChild(seats);
    const buttons = el("p", null, { "class": "row" });
    if (cfg.you && !seated && c.random_seats) {
      const take = el("button", "Accept", { type: "button", "class": "button primary" });
      take.addEventListener("click", () => accept(c, null, error));
      buttons.appendChild(take);
    }
    if (mine) {
      const fill = el("button", "Fill empty seats with computers and start", { type: "button" });
      fill.addEventListener("click", () => post("/api/lobby/challenges/" + c.id + "/computers", {}, error));
      const cancel = el("button", "Cancel", { type: "button" });
      cancel.addEventListener("click", () => post("/api/lobby/challenges/" + c.id + "/cancel", {}, error));
      buttons.appendChild(fill);
      buttons.appendChild(cancel);
    }
    li.appendChild(buttons);
    li.appendChild(error);
    return li;
  }

  async function accept(c, seat, errorNode) {
    const body = seat === null ? {} : { seat: seat };
    await post("/api/lobby/challenges/" + c.id + "/accept", body, errorNode);
  }

  function show(data) {
    list.replaceChildren(...data.challenges.map(challengeItem));
    status.textContent = data.challenges.length ? "" : "No open challenges right now: open one below.";
    const first = seenStarted === null;
    if (first) seenStarted = new Set(data.started.map((s) => s.id));
    for (const s of data.started) {
      if (!first && s.match_id && !seenStarted.has(s.id) && !going) {
        status.textContent = "Your match has started: taking you to your seat...";
        goToSeat(s.match_id);
        break;
      }
    }
  }

  function connect() {
    const stream = new EventSource("/api/lobby/stream");
    stream.addEventListener("update", (ev) => show(JSON.parse(ev.data)));
    stream.addEventListener("error", () => { status.textContent = "Reconnecting..."; });
  }

  // -- the new challenge form ----------------------------------------------------------------
  const form = document.getElementById("new-challenge");
  if (form) {
    const formatSelect = document.getElementById("format");
    const seatSelect = document.getElementById("seat");
    const chosen = () => {
      const [gameId, index] = formatSelect.value.split("|");
      const game = cfg.games.find((g) => g.id === gameId);
      return { game: gameId, format: game.formats[Number(index)] };
    };
    const fillSeats = () => {
      const { format } = chosen();
      const options = [el("option", "random", { value: "" })];
      format.labels.forEach((label, i) => options.push(el("option", label, { value: String(i) })));
      seatSelect.replaceChildren(...options);
    };
    formatSelect.addEventListener("change", fillSeats);
    fillSeats();
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const { game, format } = chosen();
      const number = (id) => {
        const v = document.getElementById(id).value.trim();
        return v === "" ? null : Number(v);
      };
      const body = {
        game: game, params: format.params, rated: document.getElementById("rated").checked,
        seat: seatSelect.value === "" ? null : Number(seatSelect.value),
        min_rating: number("min-rating"), max_rating: number("max-rating"),
        opponent: document.getElementById("opponent").value.trim() || null,
        time_control: window.tbClock ? window.tbClock.readControl() : null,
      };
      await post("/api/lobby/challenges", body, document.getElementById("new-error"));
    });
  }

  // -- play the computer ---------------------------------------------------------------------
  for (const button of document.querySelectorAll("button[data-play-computer]")) {
    button.addEventListener("click", async () => {
      const game = button.dataset.playComputer;
      const rated = document.getElementById("computer-rated");
      const agent = document.querySelector("select[data-computers=" + JSON.stringify(game) + "]").value;
      const started = await post("/api/lobby/computer", {
        game: game, agent: agent, rated: Boolean(rated && rated.checked),
      }, document.getElementById("computer-error"));
      if (started && started.match_id) goToSeat(started.match_id);
    });
  }

  connect();
})();

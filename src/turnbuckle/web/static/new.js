// The new-match form: the game's options as widgets of their kind, then one row per seat (its
// wrestler or team, and who plays it). Only options changed from their defaults are sent, so a
// switch such as "tournament standard" is never overridden by the defaults of the rules it turns on.
"use strict";
(function () {
  const form = document.getElementById("new-match");
  const optionsBox = document.getElementById("options");
  const seatsBox = document.getElementById("seats");
  const errorBox = document.getElementById("form-error");
  let game = null;
  let info = null;
  let setup = null;
  const built = {}; // seat -> the builder's legal team (the option value that seats it), if any

  async function api(path, body) {
    return (await turnbuckle.api(path, body === undefined ? {} : { method: "POST", body: body })).data;
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const SEAT_KINDS = new Set(["wrestlers", "team", "teams", "file"]);
  const title = (name) => name.replace(/_/g, " ");

  function choiceLabel(choice) {
    if (choice === null) return "automatic";
    if (choice === true) return "yes";
    if (choice === false) return "no";
    return title(String(choice));
  }

  // One option's widget: a checkbox, a number field with its range, a select, a multi-select of names.
  function optionField(opt) {
    const wrap = el("div", { class: opt.kind === "switch" ? "field switch" : "field" });
    const inputId = "opt-" + opt.name;
    const label = el("label", { for: inputId }, title(opt.name));
    label.appendChild(el("small", {}, opt.help));
    let input;
    if (opt.kind === "switch") {
      input = el("input", { id: inputId, type: "checkbox" });
      input.checked = !!opt.default;
      input.dataset.kind = "switch";
    } else if (opt.kind === "choice") {
      input = el("select", { id: inputId });
      for (const choice of opt.choices) {
        const o = el("option", { value: JSON.stringify(choice) }, choiceLabel(choice));
        if (JSON.stringify(choice) === JSON.stringify(opt.default)) o.selected = true;
        input.appendChild(o);
      }
      input.dataset.kind = "choice";
    } else if (opt.kind === "integer" || opt.kind === "number") {
      input = el("input", { id: inputId, type: "number", inputmode: opt.kind === "integer" ? "numeric" : "decimal",
        step: opt.kind === "integer" ? "1" : "any" });
      if (opt.min !== null) input.min = String(opt.min);
      if (opt.max !== null) input.max = String(opt.max);
      if (opt.default === null) input.placeholder = "automatic";
      else input.value = String(opt.default);
      input.dataset.kind = opt.kind;
    } else if (opt.kind === "names") {
      input = el("select", { id: inputId, multiple: "", size: "5" });
      for (const name of info.roster) input.appendChild(el("option", { value: name }, name));
      input.dataset.kind = "names";
    } else {
      input = el("input", { id: inputId, type: "text", maxlength: "200" });
      if (opt.default !== null) input.value = String(opt.default);
      input.dataset.kind = "text";
    }
    input.dataset.option = opt.name;
    input.dataset.default = JSON.stringify(opt.default);
    if (opt.kind === "switch") { wrap.appendChild(input); wrap.appendChild(label); }
    else { wrap.appendChild(label); wrap.appendChild(input); }
    input.addEventListener("change", () => { lockIncluded(); loadSeats(); });
    return wrap;
  }

  // A switch that includes others ("tournament standard": every optional rule) ticks and locks them
  // while it is on, and gives them back as they were when it goes off. Locked boxes are not sent:
  // the switch carries them.
  function lockIncluded() {
    const locked = new Set();
    for (const opt of info.options) {
      const input = document.getElementById("opt-" + opt.name);
      if (input && opt.includes && opt.includes.length && input.checked) opt.includes.forEach((n) => locked.add(n));
    }
    for (const input of optionsBox.querySelectorAll("[data-kind=switch]")) {
      const name = input.dataset.option;
      const label = optionsBox.querySelector("label[for='" + input.id + "'] small");
      if (locked.has(name) && !input.disabled) {
        input.dataset.before = input.checked ? "1" : "";
        input.checked = true;
        input.disabled = true;
        if (label) {
          label.dataset.help = label.textContent;
          label.textContent += " (included: the tournament standard is on)";
        }
      } else if (!locked.has(name) && input.disabled) {
        input.checked = input.dataset.before === "1";
        input.disabled = false;
        if (label && label.dataset.help !== undefined) label.textContent = label.dataset.help;
      }
    }
  }

  function readValue(input) {
    switch (input.dataset.kind) {
      case "switch": return input.checked;
      case "choice": return JSON.parse(input.value);
      case "integer": case "number": return input.value.trim() === "" ? null : Number(input.value);
      case "names": return Array.from(input.selectedOptions).map((o) => o.value);
      default: return input.value.trim() === "" ? null : input.value.trim();
    }
  }

  // the options changed from their defaults (the server's defaults cover the rest)
  function readParams() {
    const params = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      if (input.disabled) continue; // included in a switch that is on
      const value = readValue(input);
      if (JSON.stringify(value) !== input.dataset.default) params[input.dataset.option] = value;
    }
    return params;
  }

  async function loadGame() {
    game = form.querySelector("input[name=game]:checked").value;
    errorBox.textContent = "";
    info = await api("/api/games/" + game);
    for (const key of Object.keys(built)) delete built[key];
    optionsBox.innerHTML = "";
    optionsBox.appendChild(el("legend", {}, "Options"));
    const rules = optionsBox.appendChild(el("p", { class: "hint" }));
    rules.appendChild(el("a", { href: info.rules }, "Rules of " + info.title));
    const shown = info.options.filter((o) => !SEAT_KINDS.has(o.kind));
    const main = shown.filter((o) => o.kind !== "switch");
    const switches = shown.filter((o) => o.kind === "switch");
    for (const opt of main) optionsBox.appendChild(optionField(opt));
    if (switches.length) {
      const group = el("div", { class: "switches" });
      for (const opt of switches) group.appendChild(optionField(opt));
      optionsBox.appendChild(group);
    }
    firstMatch();
    await loadSeats();
  }

  // A game whose basic rules leave people nothing to decide (Filsinger) starts with the options
  // that give them decisions ticked, and says so: unticked, they give the basic game.
  function firstMatch() {
    const first = Object.entries(info.first_match || {});
    if (!first.length) return;
    const names = [];
    for (const [name, value] of first) {
      const input = document.getElementById("opt-" + name);
      if (!input || input.dataset.kind !== "switch") continue;
      input.checked = value === true;
      names.push("\u201c" + title(name) + "\u201d");
    }
    const note = el("p", { class: "notice", id: "first-match-note" },
      "Ticked for a first match, because they give you decisions to make: " + names.join(", ") +
      ". Untick them for the basic game, where the dice decide everything.");
    optionsBox.insertBefore(note, optionsBox.children[2] || null);
  }

  function seatKinds(seat) {
    const kinds = [["human", "You"], ["hot-seat", "Someone at this screen (hot-seat)"],
      ["invite", "Someone with an invite link"]];
    for (const agent of setup.agents) kinds.push(["computer:" + agent, "Computer (" + agent + ")"]);
    const select = el("select", { id: "seat-" + seat.seat, "data-seat": seat.seat });
    const wanted = seat.seat === 0 ? "human" : "computer:" + setup.default_agent;
    for (const [value, text] of kinds) {
      const o = el("option", { value: value }, text);
      if (value === wanted) o.selected = true;
      select.appendChild(o);
    }
    return select;
  }

  function wrestlerSelect(seat) {
    const select = el("select", { id: "wrestler-" + seat.seat, "data-wrestler": seat.seat });
    for (const name of info.roster) {
      const o = el("option", { value: name }, name);
      if (name === setup.wrestlers[seat.seat]) o.selected = true;
      select.appendChild(o);
    }
    return select;
  }

  // RUMBLESLAM: a ready-made team (with its Dosh) or one built here within the budget
  function teamSelect(seat, builderBox) {
    const builder = info.team_builder;
    const select = el("select", { id: "team-" + seat.seat, "data-team": seat.seat });
    for (const team of builder.ready_made) {
      const o = el("option", { value: team.name }, team.name + " (" + team.cost + "K)");
      if (team.name === seat.label) o.selected = true;
      select.appendChild(o);
    }
    select.appendChild(el("option", { value: "" }, "Build a team…"));
    select.addEventListener("change", () => {
      builderBox.hidden = select.value !== "";
      if (select.value === "") teamBuilder(seat.seat, builderBox);
    });
    return select;
  }

  function teamBuilder(seat, box) {
    const builder = info.team_builder;
    box.innerHTML = "";
    const team = { name: "My team", wrestlers: [], endorsements: 0, sponsorships: [] };
    const name = el("input", { type: "text", value: team.name, maxlength: "60", "aria-label": "Team name" });
    const cost = el("p", { class: "cost", "aria-live": "polite" });
    const message = el("p", { class: "error", role: "status" });
    const hired = el("ul", { class: "hired", "aria-label": "Hired wrestlers" });
    const endorse = el("input", { type: "number", min: "0", max: "8", value: "0", "aria-label": "Endorsements" });
    const sponsors = el("select", { multiple: "", size: "4", "aria-label": "Sponsorships (up to two)" });
    for (const s of builder.sponsorships) sponsors.appendChild(el("option", { value: s }, s));
    const hire = el("div", { class: "hire-list", role: "group", "aria-label": "Wrestlers to hire" });
    for (const w of builder.wrestlers) {
      const b = el("button", { type: "button", class: "hire" }, "+ " + w.name + " " + w.cost + "K");
      b.title = w.rank + ", " + w.casino;
      b.addEventListener("click", () => { team.wrestlers.push(w.name); check(); });
      hire.appendChild(b);
    }
    let timer = null;
    async function check() {
      team.name = name.value.trim();
      team.endorsements = Number(endorse.value || 0);
      team.sponsorships = Array.from(sponsors.selectedOptions).map((o) => o.value);
      hired.innerHTML = "";
      team.wrestlers.forEach((w, i) => {
        const li = el("li", {}, w + " ");
        const drop = el("button", { type: "button", "aria-label": "Release " + w }, "×");
        drop.addEventListener("click", () => { team.wrestlers.splice(i, 1); check(); });
        li.appendChild(drop);
        hired.appendChild(li);
      });
      clearTimeout(timer);
      timer = setTimeout(async () => {
        try {
          const answer = await api("/api/games/" + game + "/team", { params: readParams(), team: team });
          cost.textContent = (answer.cost === null ? "?" : answer.cost) + "K of " + answer.budget + "K";
          cost.classList.toggle("over", answer.cost !== null && answer.cost > answer.budget);
          message.textContent = answer.error || "";
          if (answer.value) built[seat] = answer.value; else delete built[seat];
        } catch (err) {
          message.textContent = err.message;
          delete built[seat];
        }
      }, 150);
    }
    for (const input of [name, endorse, sponsors]) input.addEventListener("change", check);
    const row = el("div", { class: "builder-row" });
    row.appendChild(el("label", {}, "Name ")).appendChild(name);
    row.appendChild(el("label", {}, "Endorsements (" + builder.endorsement_cost + "K each) ")).appendChild(endorse);
    box.appendChild(row);
    box.appendChild(cost);
    box.appendChild(hired);
    box.appendChild(hire);
    box.appendChild(el("label", {}, "Sponsorships (" + builder.sponsorship_cost + "K; a second is free for a one-casino team)"))
      .appendChild(sponsors);
    box.appendChild(message);
    check();
  }

  async function loadSeats() {
    errorBox.textContent = "";
    try {
      setup = await api("/api/games/" + game + "/setup", { params: readParams() });
    } catch (err) {
      errorBox.textContent = err.message;
      return;
    }
    const note = document.getElementById("decision-note");
    note.textContent = setup.decision_note || "";
    note.hidden = !setup.decision_note;
    seatsBox.innerHTML = "";
    seatsBox.appendChild(el("legend", {}, info.team_builder ? "Teams and seats" : "Wrestlers and seats"));
    const pickWrestlers = info.roster.length && setup.wrestlers.length === setup.seats.length && !info.team_builder;
    for (const seat of setup.seats) {
      const row = el("div", { class: "seat-row" });
      row.appendChild(el("strong", {}, "Seat " + (seat.seat + 1)));
      const builderBox = el("div", { class: "team-builder", hidden: "" });
      if (info.team_builder) {
        row.appendChild(el("label", { for: "team-" + seat.seat }, "Team"));
        row.appendChild(teamSelect(seat, builderBox));
      } else if (pickWrestlers) {
        row.appendChild(el("label", { for: "wrestler-" + seat.seat }, "Wrestler"));
        row.appendChild(wrestlerSelect(seat));
      } else {
        row.appendChild(el("span", {}, seat.label));
      }
      if (seat.side) row.appendChild(el("span", { class: "side" }, "team: " + seat.side));
      row.appendChild(el("label", { for: "seat-" + seat.seat }, "Played by"));
      row.appendChild(seatKinds(seat));
      seatsBox.appendChild(row);
      seatsBox.appendChild(builderBox);
    }
    followHints();
  }

  // the hints switch shows the default for the seats chosen until the person sets it
  function people() {
    return [...seatsBox.querySelectorAll("[data-seat]")].filter((s) => !s.value.startsWith("computer")).length;
  }
  function followHints() {
    const hints = document.getElementById("hints");
    if (!hints.dataset.touched) hints.checked = people() <= 1;
  }
  form.addEventListener("change", (ev) => {
    if (ev.target.id === "hints") ev.target.dataset.touched = "1";
    else followHints();
    if (ev.target.name === "game") loadGame().catch((err) => { errorBox.textContent = err.message; });
  });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    errorBox.textContent = "";
    try {
      const params = readParams();
      const wrestlers = [...seatsBox.querySelectorAll("[data-wrestler]")].map((s) => s.value);
      if (wrestlers.length && JSON.stringify(wrestlers) !== JSON.stringify(setup.wrestlers)) params.wrestlers = wrestlers;
      for (const select of seatsBox.querySelectorAll("[data-team]")) {
        const seat = Number(select.dataset.team);
        if (select.value === "") {
          if (!built[seat]) throw new Error("seat " + (seat + 1) + ": the team being built is not legal yet");
          params["team" + seat] = built[seat];
        } else {
          params["team" + seat] = select.value;
        }
      }
      const seats = [...seatsBox.querySelectorAll("[data-seat]")].map((s) => s.value);
      const body = { game: game, params: params, seats: seats };
      const control = window.tbClock ? window.tbClock.readControl() : null;
      if (control) body.time_control = control;
      const hints = document.getElementById("hints");
      if (hints.dataset.touched) body.hints = hints.checked; // untouched: the server's default for these seats
      const created = await api("/api/matches", body);
      location.href = "/m/" + created.id + "#t=" + created.owner_token;
    } catch (err) {
      errorBox.textContent = err.message;
    }
  });
  loadGame().catch((err) => { errorBox.textContent = err.message; });
})();

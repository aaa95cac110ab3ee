// The new-match form: options from the game, then one row per seat (wrestler and who plays it).
"use strict";
(function () {
  const form = document.getElementById("new-match");
  const optionsBox = document.getElementById("options");
  const seatsBox = document.getElementById("seats");
  const errorBox = document.getElementById("form-error");
  let game = null;
  let info = null;
  let setup = null;

  async function api(path, body) {
    const opts = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const response = await fetch(path, opts);
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) throw new Error(data.error || "request failed");
    return data;
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function optionField(opt) {
    const wrap = el("div", { class: "field" });
    const inputId = "opt-" + opt.name;
    const label = el("label", { for: inputId }, opt.name.replace(/_/g, " "));
    label.appendChild(el("small", {}, opt.help));
    let input;
    if (opt.choices) {
      input = el("select", { id: inputId, "data-option": opt.name, "data-kind": "json" });
      for (const choice of opt.choices) {
        const o = el("option", { value: JSON.stringify(choice) }, String(choice));
        if (JSON.stringify(choice) === JSON.stringify(opt.default)) o.selected = true;
        input.appendChild(o);
      }
    } else if (typeof opt.default === "boolean") {
      input = el("input", { id: inputId, type: "checkbox", "data-option": opt.name, "data-kind": "bool" });
      input.checked = opt.default;
    } else {
      input = el("input", { id: inputId, type: typeof opt.default === "number" ? "number" : "text",
        "data-option": opt.name, "data-kind": "text",
        placeholder: opt.default === null ? "default" : JSON.stringify(opt.default) });
    }
    wrap.appendChild(label);
    wrap.appendChild(input);
    input.addEventListener("change", () => loadSeats());
    return wrap;
  }

  function readParams() {
    const params = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      if (input.dataset.kind === "bool") params[name] = input.checked;
      else if (input.dataset.kind === "json") params[name] = JSON.parse(input.value);
      else if (input.value.trim() !== "") {
        try { params[name] = JSON.parse(input.value); } catch (e) { params[name] = input.value.trim(); }
      }
    }
    return params;
  }

  async function loadGame() {
    game = form.querySelector("input[name=game]:checked").value;
    errorBox.textContent = "";
    info = await api("/api/games/" + game);
    optionsBox.innerHTML = "";
    optionsBox.appendChild(el("legend", {}, "Options"));
    optionsBox.appendChild(el("p", {}, "")).appendChild(el("a", { href: info.rules }, "Rules of " + info.title));
    for (const opt of info.options) if (opt.name !== "wrestlers") optionsBox.appendChild(optionField(opt));
    await loadSeats();
  }

  async function loadSeats() {
    errorBox.textContent = "";
    try {
      setup = await api("/api/games/" + game + "/setup", { params: readParams() });
    } catch (err) {
      errorBox.textContent = err.message;
      return;
    }
    seatsBox.innerHTML = "";
    seatsBox.appendChild(el("legend", {}, "Wrestlers and seats"));
    const pickWrestlers = info.roster.length && setup.wrestlers.length === setup.seats.length;
    for (const seat of setup.seats) {
      const row = el("div", { class: "seat-row" });
      row.appendChild(el("strong", {}, "Seat " + seat.seat));
      if (pickWrestlers) {
        const wid = "wrestler-" + seat.seat;
        row.appendChild(el("label", { for: wid }, "Wrestler"));
        const select = el("select", { id: wid, "data-wrestler": seat.seat });
        for (const name of info.roster) {
          const o = el("option", { value: name }, name);
          if (name === setup.wrestlers[seat.seat]) o.selected = true;
          select.appendChild(o);
        }
        row.appendChild(select);
      } else {
        row.appendChild(el("span", {}, seat.label));
      }
      const kid = "seat-" + seat.seat;
      row.appendChild(el("label", { for: kid }, "Played by"));
      const kind = el("select", { id: kid, "data-seat": seat.seat });
      const kinds = [["human", "You"], ["hot-seat", "Someone at this screen (hot-seat)"], ["invite", "Someone with an invite link"]];
      for (const agent of setup.agents) kinds.push(["computer:" + agent, "Computer (" + agent + ")"]);
      const wanted = seat.seat === 0 ? "human" : "computer:" + setup.default_agent;
      for (const [value, text] of kinds) {
        const o = el("option", { value: value }, text);
        if (value === wanted) o.selected = true;
        kind.appendChild(o);
      }
      row.appendChild(kind);
      seatsBox.appendChild(row);
    }
  }

  form.addEventListener("change", (ev) => {
    if (ev.target.name === "game") loadGame().catch((err) => { errorBox.textContent = err.message; });
  });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    errorBox.textContent = "";
    try {
      const params = readParams();
      const picks = [...seatsBox.querySelectorAll("[data-wrestler]")].map((s) => s.value);
      if (picks.length && JSON.stringify(picks) !== JSON.stringify(setup.wrestlers)) params.wrestlers = picks;
      const seats = [...seatsBox.querySelectorAll("[data-seat]")].map((s) => s.value);
      const created = await api("/api/matches", { game: game, params: params, seats: seats });
      location.href = "/m/" + created.id + "#t=" + created.owner_token;
    } catch (err) {
      errorBox.textContent = err.message;
    }
  });
  loadGame().catch((err) => { errorBox.textContent = err.message; });
})();

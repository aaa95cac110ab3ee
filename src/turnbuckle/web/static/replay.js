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
    const url = "/api/replays/" + cfg.replay + "?step=" + step + (seat === "" ? "" : "&seat=" + seat);
    const response = await fetch(url);
    const frame = await response.json();
    if (mine !== token) return;
    if (!response.ok) { $("result").textContent = frame.error; return; }
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
    feed.scrollTop = feed.scrollHeight;
    $("result").textContent = frame.result ? "Result: " + frame.result.summary : "";
    $("back").disabled = step === 0;
    $("first").disabled = step === 0;
    $("forward").disabled = step === cfg.steps - 1;
    $("last").disabled = step === cfg.steps - 1;
  }

  $("first").addEventListener("click", () => show(0));
  $("back").addEventListener("click", () => show(step - 1));
  $("forward").addEventListener("click", () => show(step + 1));
  $("last").addEventListener("click", () => show(cfg.steps - 1));
  $("view-seat").addEventListener("change", () => show(step));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT") return;
    const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: cfg.steps - 1 };
    if (ev.key in moves) { ev.preventDefault(); show(moves[ev.key]); }
  });
  show(0);
})();

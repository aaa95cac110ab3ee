// The puzzle pages: the lists (solved marks) and a puzzle, whose table is table.js's own (the page
// hands it the puzzle's API in place of a match's). The move made on the table is the answer: its
// reply (table.js's "played" event) carries the verdict, shown here with every option's value in the
// review's words. Marks are kept in this browser (localStorage); a logged-in player's answers are also
// recorded on the account by the server as they are given, and the lists show both.
"use strict";
(function () {
  const $ = (sel) => document.getElementById(sel);
  const KEY = "turnbuckle.puzzles.";

  // {number: "solved" | "missed"}: solved once right, missed while only ever answered wrong
  function marks(game) {
    try {
      const kept = JSON.parse(localStorage.getItem(KEY + game) || "{}");
      return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
    } catch (err) {
      return {};
    }
  }

  function mark(game, number, solved) {
    const kept = marks(game);
    if (kept[number] !== "solved") kept[number] = solved ? "solved" : "missed";
    try { localStorage.setItem(KEY + game, JSON.stringify(kept)); } catch (err) { /* private mode */ }
  }

  // -- the lists ----------------------------------------------------------------------------------
  // The lists show this browser's marks and, for a logged-in player, the account's (the page carries
  // them): solved in either is solved.
  const listing = $("puzzles");
  if (listing) {
    const account = listing.dataset.account ? JSON.parse(listing.dataset.account) : {};
    for (const section of listing.querySelectorAll("[data-game]")) {
      const kept = marks(section.dataset.game);
      const saved = account[section.dataset.game] || {};
      let solved = 0;
      for (const li of section.querySelectorAll("[data-puzzle]")) {
        const n = li.dataset.puzzle;
        const state = kept[n] === "solved" || saved[n] === "solved" ? "solved" : kept[n] || saved[n];
        li.querySelector(".solved-mark").hidden = state !== "solved";
        li.querySelector(".missed-mark").hidden = state !== "missed";
        if (state === "solved") solved++;
      }
      section.querySelector(".solved-count").textContent = String(solved);
    }
    return;
  }

  // -- a puzzle -----------------------------------------------------------------------------------
  const box = $("puzzle");
  if (!box) return;
  const cfg = JSON.parse(box.dataset.puzzle);

  // The game's next puzzle this browser has not solved (after the last, from the first again).
  function nextUnsolved() {
    const kept = marks(cfg.game);
    for (let step = 1; step < cfg.count; step++) {
      const n = (cfg.number - 1 + step) % cfg.count + 1;
      if (kept[n] !== "solved") return n;
    }
    return cfg.next;
  }

  // A position with many choices (a miniature's every square) lists the best few and yours; the rest
  // on request.
  const SHOWN = 8;

  function showVerdict(verdict) {
    const right = verdict.correct;
    mark(cfg.game, cfg.number, right);
    $("status").textContent = right ? "Solved" : "Not the best move";
    $("status").className = "status " + (right ? "your-turn" : "finished");
    const said = $("puzzle-verdict");
    said.className = "puzzle-verdict " + (right ? "right" : "wrong");
    said.textContent = right
      ? "Right: " + verdict.answer + " is the best move."
      : "Not quite: you chose " + verdict.chosen + "; the best move was " + verdict.answer + ".";
    $("puzzle-method").textContent = verdict.exact
      ? "Exact: computed from the rules."
      : "Estimated from " + (verdict.budget ? verdict.budget + " playouts per option" : "playouts") + " of what you could"
        + " see (± one standard error; the others as points behind the best, ± the paired error).";
    const list = $("puzzle-values");
    list.innerHTML = "";
    verdict.options.forEach((option, rank) => {
      const li = turnbuckle.optionItem(option, rank === 0, option.label, option.chosen ? "(your move)" : "");
      li.dataset.choice = option.choice;
      if (option.answer) li.classList.add("best");
      if (option.chosen) li.classList.add("chosen");
      li.hidden = rank >= SHOWN && !option.chosen;
      list.appendChild(li);
    });
    const more = $("puzzle-more");
    const hidden = list.querySelectorAll("li[hidden]").length;
    more.hidden = !hidden;
    more.textContent = "Show every choice (" + hidden + " more)";
    $("puzzle-rules").textContent = (verdict.rules.length ? "Rules: " + verdict.rules.join(", ") + ". " : "")
      + "From the match of seed " + verdict.source.seed + " (" + verdict.source.agents.join(" against ") + ").";
    if (verdict.saved === false) $("action-error").textContent = "your answer was not kept on your account (the database failed)";
    $("next-puzzle").href = "/puzzles/" + cfg.game + "/" + nextUnsolved();
    const result = $("puzzle-result");
    result.hidden = false;
    box.dataset.answered = right ? "right" : "wrong";
    $("next-puzzle").focus({ preventScroll: true });
    // on a phone the verdict is under the table: brought into view once the new picture is laid out
    requestAnimationFrame(() => requestAnimationFrame(() => result.scrollIntoView({ block: "nearest" })));
  }

  $("puzzle-more").addEventListener("click", () => {
    for (const li of $("puzzle-values").querySelectorAll("li[hidden]")) li.hidden = false;
    $("puzzle-more").hidden = true;
    $("puzzle-values").focus();
  });

  $("table").addEventListener("played", (ev) => {
    if (ev.detail && ev.detail.verdict) showVerdict(ev.detail.verdict);
  });
})();

// The Learn pages: the lesson list (progress marks) and a lesson, whose table is table.js's own:
// this script starts the lesson, hands table.js the lesson's API in place of a match's, and shows the
// lesson's text, its commentary and what comes next. Progress lives in this browser (localStorage)
// and, for a logged-in player, on the account too (/api/players/me/lessons): the page shows both.
"use strict";
(function () {
  const $ = (sel) => document.getElementById(sel);
  const KEY = "turnbuckle.learn.";

  function done(game) {
    try {
      const list = JSON.parse(localStorage.getItem(KEY + game) || "[]");
      return Array.isArray(list) ? list.filter((n) => Number.isInteger(n)) : [];
    } catch (err) {
      return [];
    }
  }

  function markDone(game, number) {
    const list = new Set(done(game));
    list.add(number);
    try { localStorage.setItem(KEY + game, JSON.stringify([...list].sort((a, b) => a - b))); } catch (err) { /* private mode */ }
  }

  // A logged-in player's marks on the account. Marks only this browser has (kept before the player
  // logged in) are sent, so they are on the account from then on and are not sent again.
  async function syncAccount(game, count) {
    const path = "/api/players/me/lessons";
    const mine = (await turnbuckle.api(path)).data.finished[game] || [];
    const missing = done(game).filter((n) => n >= 1 && n <= count && !mine.includes(n));
    if (!missing.length) return mine;
    return (await turnbuckle.api(path, { method: "POST", body: { game: game, lessons: missing } })).data.finished[game] || [];
  }

  // -- the list of lessons ------------------------------------------------------------------------
  const listing = $("lessons");
  if (listing) {
    const game = listing.dataset.game;
    let account = [];
    const show = () => {
      const finished = new Set([...done(game), ...account]);
      for (const li of listing.querySelectorAll("[data-lesson]")) {
        li.querySelector(".done-mark").hidden = !finished.has(Number(li.dataset.lesson));
      }
    };
    show();
    if (listing.dataset.account) {
      syncAccount(game, listing.querySelectorAll("[data-lesson]").length)
        .then((marks) => { account = marks; show(); listing.dataset.synced = "1"; })
        .catch(() => { /* the browser's marks still show */ });
    }
    $("reset-progress").addEventListener("click", async () => {
      try { localStorage.removeItem(KEY + game); } catch (err) { /* nothing kept */ }
      if (listing.dataset.account) {
        try {
          await turnbuckle.api("/api/players/me/lessons/" + encodeURIComponent(game), { method: "DELETE" });
          account = [];
        } catch (err) { /* the account keeps its marks */ }
      }
      show();
    });
    return;
  }

  // -- a lesson -----------------------------------------------------------------------------------
  const box = $("lesson");
  if (!box) return;
  const cfg = JSON.parse(box.dataset.learn);
  let key = null;
  let eventsSeen = 0;
  let busy = false;
  let again = false;

  async function api(path, options) {
    return (await turnbuckle.api(path, options)).data;
  }

  function addCommentary(lines) {
    const feed = $("feed");
    for (const text of lines) {
      const li = document.createElement("li");
      li.textContent = text.trim();
      feed.appendChild(li);
    }
    turnbuckle.scrollToNewest(feed);
  }

  function showNext() {
    const next = $("lesson-next");
    next.innerHTML = "";
    next.hidden = false;
    if (cfg.lesson < cfg.count) {
      const link = document.createElement("a");
      link.className = "button primary";
      link.id = "next-lesson";
      link.href = "/learn/" + cfg.game + "/" + (cfg.lesson + 1);
      link.textContent = "Next lesson";
      next.appendChild(link);
      return;
    }
    const play = document.createElement("button");
    play.type = "button";
    play.className = "primary";
    play.id = "real-match";
    play.textContent = "Play a real match against the easiest computer (hints on)";
    play.addEventListener("click", async () => {
      play.disabled = true;
      try {
        const seats = ["human"];
        for (let i = 1; i < cfg.seats; i++) seats.push("computer:" + cfg.easiest);
        const created = await api("/api/matches", { method: "POST", body: { game: cfg.game, params: cfg.params, seats: seats, hints: true } });
        location.href = "/m/" + created.id + "#t=" + created.owner_token;
      } catch (err) {
        $("action-error").textContent = err.message;
        play.disabled = false;
      }
    });
    next.appendChild(play);
  }

  function showLesson(state) {
    if (state.commentary.length) addCommentary(state.commentary);
    eventsSeen = state.events;
    $("lesson-said").textContent = state.said || "";
    $("lesson-step").textContent = state.finished ? "Lesson complete" : "Step " + state.step + " of " + state.steps;
    $("lesson-text").textContent = state.text;
    $("lesson-sections").textContent = state.sections.length ? "Rules: " + state.sections.join(", ") : "";
    $("lesson-hint").hidden = !state.hint;
    $("lesson-hint-text").hidden = true;
    $("lesson-hint-text").textContent = state.hint || "";
    if (state.finished) {
      markDone(cfg.game, cfg.lesson);
      if (cfg.account && !box.dataset.finished) {
        syncAccount(cfg.game, cfg.count).then(() => { box.dataset.saved = "1"; })
          .catch((err) => { $("action-error").textContent = "your progress was not kept on your account: " + err.message; });
      }
      $("status").textContent = "Lesson " + cfg.lesson + " complete";
      box.dataset.finished = "1";
      showNext();
    }
  }

  // Called whenever table.js draws a position: the lesson's text follows the table.
  async function follow() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      showLesson(await api("/api/lessons/" + key + "/lesson?since=" + eventsSeen));
    } catch (err) {
      $("action-error").textContent = err.message;
    } finally {
      busy = false;
      if (again) { again = false; follow(); }
    }
  }

  $("lesson-hint").addEventListener("click", () => { $("lesson-hint-text").hidden = false; });

  async function start() {
    try {
      const started = await api("/api/learn/" + cfg.game + "/" + cfg.lesson, { method: "POST" });
      key = started.id;
      showLesson(started);
      new MutationObserver(follow).observe($("picture"), { attributes: true, attributeFilter: ["data-actions"] });
      $("table").dataset.config = JSON.stringify({ match: key, api: "/api/lessons/" + key, game: cfg.game, hidden: false });
      const script = document.createElement("script");
      script.src = "/static/table.js";
      document.body.appendChild(script);
    } catch (err) {
      $("status").textContent = err.message;
    }
  }
  start();
})();

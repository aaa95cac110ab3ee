// "Your turn": the badge in the header of every page, live through /api/players/me/turns/stream
// (a guest gets 401 and the badge stays hidden), and a browser notification (Notification API)
// when a match newly waits for you, if you allowed them (the badge's first click asks).
"use strict";
(function () {
  const badge = document.getElementById("turns-badge");
  if (!badge || typeof EventSource === "undefined") return;
  const count = badge.querySelector("[data-turns-count]");
  let known = null; // match ids waiting for you, as last heard

  function notify(fresh) {
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
    for (const m of fresh) {
      const note = new Notification("Your turn: " + m.title, { body: m.clock, tag: "turn-" + m.match_id });
      note.onclick = () => { window.focus(); note.close(); };
    }
  }

  function show(data) {
    count.textContent = String(data.count);
    badge.hidden = data.count === 0;
    badge.title = data.matches.map((m) => m.title).join(", ");
    const ids = new Set(data.matches.map((m) => m.match_id));
    if (known !== null) notify(data.matches.filter((m) => !known.has(m.match_id)));
    known = ids;
    document.dispatchEvent(new CustomEvent("turnbuckle:turns", { detail: data }));
  }

  badge.addEventListener("click", (ev) => {
    if (typeof Notification !== "undefined" && Notification.permission === "default") {
      ev.preventDefault();
      Notification.requestPermission().finally(() => { location.href = badge.href; });
    }
  });

  fetch("/api/players/me/turns", { credentials: "same-origin" }).then((answer) => {
    if (!answer.ok) return; // a guest
    return answer.json().then((data) => {
      show(data);
      const source = new EventSource("/api/players/me/turns/stream");
      source.addEventListener("update", (ev) => show(JSON.parse(ev.data)));
    });
  }).catch(() => {});
})();

// The table's chat: the players' room with this page's seat token, else the spectators' room.
// Messages are plain text, always set with textContent (never HTML). New messages are looked for
// every few seconds and right after sending; "mute" hides a player's messages for you.
"use strict";
(function () {
  const box = document.getElementById("chat");
  const root = document.getElementById("table");
  if (!box || !root) return;
  const cfg = JSON.parse(root.dataset.config);
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  const room = token ? "players" : "spectators";
  const base = "/api/matches/" + encodeURIComponent(cfg.match) + "/chat/" + room;
  const list = document.getElementById("chat-list");
  const error = document.getElementById("chat-error");
  let last = 0;
  const muted = new Set();

  function headers() {
    const h = { "Content-Type": "application/json" };
    if (token) h.Authorization = "Bearer " + token;
    return h;
  }

  async function call(path, options) {
    const answer = await fetch(path, Object.assign({ headers: headers(), credentials: "same-origin" }, options || {}));
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw Object.assign(new Error(data.error || ("error " + answer.status)), { status: answer.status });
    return data;
  }

  function add(m) {
    if (muted.has(m.author)) return;
    const item = document.createElement("li");
    item.dataset.chatId = String(m.id);
    item.dataset.author = m.author;
    const who = document.createElement("strong");
    who.textContent = m.author + ": ";
    const text = document.createElement("span");
    text.textContent = m.text; // never HTML
    item.append(who, text);
    if (m.hidden) {
      item.classList.add("hidden-message");
      item.title = "Hidden from the others by the word filter";
    }
    if (m.account) {
      const mute = document.createElement("button");
      mute.type = "button";
      mute.textContent = "mute";
      mute.dataset.mute = m.author;
      mute.setAttribute("aria-label", "Mute " + m.author);
      mute.addEventListener("click", async () => {
        try {
          await call("/api/players/me/mutes", { method: "POST", body: JSON.stringify({ name: m.author, mute: true }) });
          muted.add(m.author);
          for (const li of list.querySelectorAll("li")) if (li.dataset.author === m.author) li.remove();
        } catch (err) { error.textContent = err.message; }
      });
      item.appendChild(mute);
    }
    list.appendChild(item);
    list.scrollTop = list.scrollHeight;
  }

  async function look() {
    try {
      const messages = await call(base + "?after=" + last);
      for (const m of messages) { last = Math.max(last, m.id); add(m); }
      box.hidden = false;
      return true;
    } catch (err) {
      if (err.status === 409 || err.status === 404 || err.status === 401 || err.status === 403) return false;
      return true;
    }
  }

  document.getElementById("chat-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = document.getElementById("chat-text");
    error.textContent = "";
    try {
      await call(base, { method: "POST", body: JSON.stringify({ text: input.value }) });
      input.value = "";
      await look();
    } catch (err) { error.textContent = err.message; }
  });

  look().then((open) => { if (open) setInterval(look, 2500); });
})();

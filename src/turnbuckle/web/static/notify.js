// The account page's notification settings (/api/players/me/notifications) and "get pushes on
// this device": a service worker (static/sw.js) and a Web Push subscription with the server's
// VAPID key, sent to /api/players/me/push. Shown only as far as the operator set things up.
"use strict";
(function () {
  const form = document.getElementById("notify-form");
  if (!form) return;
  const status = document.getElementById("notify-status");
  const kinds = ["turn", "reminder", "digest", "push"];
  let key = null;

  async function call(path, body) {
    const answer = await fetch(path, body === undefined ? { credentials: "same-origin" } : {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(data.error || ("error " + answer.status));
    return data;
  }

  function show(data) {
    document.getElementById("notify-email").value = data.email || "";
    for (const k of kinds) document.getElementById("notify-" + k).checked = !!data[k];
    key = data.push_key;
    const parts = [data.mail_configured ? "e-mail is on" : "this server sends no e-mail",
      data.push_key ? "push is on (" + data.devices + " device(s))" : "this server sends no pushes"];
    document.getElementById("notify-configured").textContent = "On this server " + parts.join("; ") + ".";
    document.getElementById("push-enable").hidden = !(key && "serviceWorker" in navigator && "PushManager" in window);
  }

  function base64ToBytes(text) {
    const padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { email: document.getElementById("notify-email").value.trim() || null };
    for (const k of kinds) body[k] = document.getElementById("notify-" + k).checked;
    try { show(await call("/api/players/me/notifications", body)); status.textContent = "Saved."; }
    catch (err) { status.textContent = err.message; }
  });

  document.getElementById("push-enable").addEventListener("click", async () => {
    try {
      const registration = await navigator.serviceWorker.register("/static/sw.js");
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: base64ToBytes(key),
      });
      show(await call("/api/players/me/push", subscription.toJSON()));
      status.textContent = "This device gets pushes now.";
    } catch (err) { status.textContent = err.message; }
  });

  call("/api/players/me/notifications").then(show).catch((err) => { status.textContent = err.message; });
})();

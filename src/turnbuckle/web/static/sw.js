// The service worker of Web Push: shows each push the server sends (title, body) and opens its
// link when clicked. Nothing else: no caching, no fetch handling.
"use strict";
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (err) { data = { title: "turnbuckle" }; }
  event.waitUntil(self.registration.showNotification(data.title || "turnbuckle", {
    body: data.body || "", data: { url: data.url || "/turns" }, tag: data.url || "turnbuckle",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});

// The seats this browser has played as a guest: a table address's #t= token, kept in localStorage
// by match, so that signing up can claim those matches for the new account (the sign-up form
// sends them along). Only this browser's own storage: nothing is sent anywhere else.
"use strict";
(function () {
  const KEY = "turnbuckle.seats";
  const MOST = 100;

  function read() {
    try {
      const stored = JSON.parse(localStorage.getItem(KEY) || "{}");
      return stored && typeof stored === "object" ? stored : {};
    } catch (e) {
      return {};
    }
  }

  const found = location.pathname.match(/^\/m\/([A-Za-z0-9_-]{6,40})$/);
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  if (found && token) {
    const seats = read();
    delete seats[found[1]];
    seats[found[1]] = token;
    const ids = Object.keys(seats);
    for (const id of ids.slice(0, Math.max(0, ids.length - MOST))) delete seats[id];
    try { localStorage.setItem(KEY, JSON.stringify(seats)); } catch (e) { /* storage full or off */ }
  }

  const field = document.querySelector("input[name=claims]");
  if (field) field.value = JSON.stringify(Object.entries(read()));
})();

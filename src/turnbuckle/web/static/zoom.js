// The table on a phone (below 700 px wide): the picture opens at the screen's width and zooms, by
// pinch, double-tap or the zoom buttons, about the point under the finger; a zoomed picture pans by
// drag (the picture box scrolls, the page never scrolls sideways). A tap on lit parts too small to
// hit at this size zooms there first (to TARGET_PX) instead of guessing; a long press shows what a
// part or a tooltip says in a sheet (nothing is reachable only by hover). table.js plays the moves:
// this file only sizes the picture and, while it zooms, keeps a tap from reaching it.
"use strict";
(function () {
  const PHONE = window.matchMedia("(max-width: 700px)");
  const MIN_TAP_PX = 24; // WCAG 2.2, 2.5.8: a lit part smaller than this is zoomed to before it is played
  const TARGET_PX = 32; // what a zoom for a small part brings it to
  const TEXT_PX = 12; // the "Read" zoom: the picture's smallest text at least this
  const MAX_ZOOM = 6; // times the fitted width
  const LONG_PRESS_MS = 550;
  const $ = (sel) => document.getElementById(sel);
  const picture = $("picture");
  const frame = $("picture-frame");
  if (!picture || !frame) return;

  let zoom = 1; // the picture's width over the box's width
  let lastTap = null; // {t, x, y}: a second tap soon after and near it is a double-tap
  let pinch = null; // {distance, zoom}
  let press = null; // {timer, x, y}
  let pressShown = false; // a long press showed its details: the finger's lifting is no tap
  let swallowUntil = 0; // a click this soon after a long press or a zoom gesture is no tap

  function svg() {
    return picture.querySelector("svg");
  }

  // The picture laid out for the screen's width (static/layout.js: panels under it, the hand a strip).
  function phoneLayout(pic) {
    if (window.turnbucklePhoneLayout) window.turnbucklePhoneLayout.layout(pic);
  }

  function on() {
    return PHONE.matches;
  }

  // -- sizing -------------------------------------------------------------------------------------
  function apply() {
    const pic = svg();
    frame.classList.toggle("zoomed", on() && zoom > 1.001);
    if (!pic) return;
    if (!on() || zoom <= 1.001) {
      pic.style.width = "";
      pic.style.maxWidth = "";
      pic.style.height = "";
      return;
    }
    pic.style.width = Math.round(picture.clientWidth * zoom) + "px";
    pic.style.maxWidth = "none";
    pic.style.height = "auto";
  }

  // Zoom to `next` keeping the picture's point under (x, y) (client pixels) where it is.
  function zoomTo(next, x, y) {
    next = Math.max(1, Math.min(MAX_ZOOM, next));
    const box = picture.getBoundingClientRect();
    if (x === undefined) { x = box.left + box.width / 2; y = box.top + box.height / 2; }
    const ox = x - box.left;
    const oy = y - box.top;
    const px = picture.scrollLeft + ox;
    const py = picture.scrollTop + oy;
    const k = next / zoom;
    zoom = next;
    apply();
    picture.scrollLeft = px * k - ox;
    picture.scrollTop = py * k - oy;
    updateBar();
    if (!compass.hidden) showCompass();
  }

  // The smallest text of the picture, in screen pixels at the present size.
  function smallestText() {
    const pic = svg();
    if (!pic) return null;
    let least = Infinity;
    for (const t of pic.querySelectorAll("text")) {
      const box = t.getBoundingClientRect();
      if (!box.height) continue;
      const size = parseFloat(getComputedStyle(t).fontSize) * screenScale(pic);
      if (size < least) least = size;
    }
    return least === Infinity ? null : least;
  }

  // Screen pixels per unit of the picture's own coordinates.
  function screenScale(pic) {
    const view = pic.viewBox && pic.viewBox.baseVal;
    return view && view.width ? pic.getBoundingClientRect().width / view.width : 1;
  }

  // The zoom at which the picture's smallest text is TEXT_PX (at least the fitted width).
  function readZoom() {
    const least = smallestText();
    if (!least) return Math.min(2, MAX_ZOOM);
    return Math.max(1, Math.min(MAX_ZOOM, zoom * TEXT_PX / least));
  }

  // -- what a tap would hit -------------------------------------------------------------------------
  function lit() {
    return Array.from(picture.querySelectorAll(".pickable"));
  }

  // A part's size under the finger: its box, or for points a tap snaps to (a skirmish destination),
  // the distance to the nearest other lit point (a tap between them takes the nearer).
  function tapSize(el, all) {
    const box = el.getBoundingClientRect();
    let size = Math.min(box.width, box.height);
    if (el.dataset.snapPoint !== undefined) {
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      let nearest = Infinity;
      for (const other of all) {
        if (other === el || other.dataset.snapPoint === undefined) continue;
        const b = other.getBoundingClientRect();
        nearest = Math.min(nearest, Math.hypot(b.left + b.width / 2 - cx, b.top + b.height / 2 - cy));
      }
      size = Math.max(size, Math.min(nearest, 48));
    }
    return size;
  }

  // The lit parts a tap at (x, y) could mean: the one under it, or those within a finger's reach.
  function near(x, y, reach) {
    const all = lit();
    const out = [];
    for (const el of all) {
      const b = el.getBoundingClientRect();
      const dx = Math.max(b.left - x, 0, x - b.right);
      const dy = Math.max(b.top - y, 0, y - b.bottom);
      if (Math.hypot(dx, dy) <= reach) out.push({ el: el, size: tapSize(el, all) });
    }
    return out;
  }

  // A tap among parts too small for a finger: the zoom that makes them TARGET_PX, or null.
  function zoomForTap(x, y, target) {
    const hit = target && target.closest ? target.closest(".pickable") : null;
    const candidates = hit ? [{ el: hit, size: tapSize(hit, lit()) }] : near(x, y, MIN_TAP_PX / 2);
    if (!candidates.length) return null;
    const least = Math.min(...candidates.map((c) => c.size));
    if (least >= MIN_TAP_PX || zoom >= MAX_ZOOM) return null;
    return Math.min(MAX_ZOOM, zoom * TARGET_PX / Math.max(least, 1));
  }

  // -- the zoom buttons ---------------------------------------------------------------------------
  const bar = document.createElement("div");
  bar.className = "zoom-bar";
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "Zoom the table");
  function barButton(text, label, handler) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    b.addEventListener("click", handler);
    bar.appendChild(b);
    return b;
  }
  const zoomIn = barButton("+", "Zoom in", () => zoomTo(zoom * 1.6));
  const zoomOut = barButton("\u2212", "Zoom out", () => zoomTo(zoom / 1.6));
  const read = barButton("Aa", "Zoom to read the table", () => zoomTo(readZoom()));
  const fit = barButton("Fit", "Fit the table to the screen", () => zoomTo(1));
  read.classList.add("zoom-read");
  frame.insertBefore(bar, frame.firstChild);

  function updateBar() {
    bar.hidden = !on() || !svg();
    zoomIn.disabled = zoom >= MAX_ZOOM - 0.001;
    zoomOut.disabled = fit.disabled = zoom <= 1.001;
  }

  // -- the details sheet (a long press) -------------------------------------------------------------
  const sheet = document.createElement("div");
  sheet.id = "details-sheet";
  sheet.className = "details-sheet";
  sheet.setAttribute("role", "dialog");
  sheet.setAttribute("aria-label", "Details");
  sheet.hidden = true;
  const sheetText = document.createElement("p");
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.addEventListener("click", () => { sheet.hidden = true; });
  sheet.appendChild(sheetText);
  sheet.appendChild(close);
  document.body.appendChild(sheet);

  // What a part or a tooltip says: a picture part's label, else the nearest <title> or title attribute.
  function detailsOf(target) {
    if (!target || !target.closest) return "";
    const part = target.closest("[data-pick]");
    if (part) {
      const title = part.querySelector("title");
      const label = part.getAttribute("aria-label") || "";
      return title && title.textContent && !label.includes(title.textContent) ? label + "\n" + title.textContent : label;
    }
    for (let el = target; el && el !== document.body; el = el.parentNode) {
      if (el.getAttribute && el.getAttribute("title")) return el.getAttribute("title");
      const title = el.querySelector ? el.querySelector(":scope > title") : null;
      if (title && title.textContent.trim()) return title.textContent.trim();
      if (el.getAttribute && el.getAttribute("aria-label") && el.namespaceURI !== "http://www.w3.org/2000/svg") break;
    }
    return "";
  }

  function showDetails(text) {
    sheetText.textContent = text;
    sheet.hidden = false;
    close.focus({ preventScroll: true });
  }

  // -- dragging a model to its destination (a skirmish move) -----------------------------------------
  // A finger on the moving model (circle.mover) while its destinations are lit drags a ghost that
  // sits AIM_ABOVE px above the finger (the finger never hides the spot) and snaps to the nearest lit
  // point; lifting the finger there is a tap on that point (table.js plays it).
  const AIM_ABOVE = 56;
  const SNAP_REACH = 48;
  const ghost = document.createElement("div");
  ghost.className = "drag-ghost";
  ghost.hidden = true;
  frame.appendChild(ghost);
  let drag = null; // {point}: the lit point the ghost is on

  // Whether (x, y) is on the moving model (its destinations are drawn over it: asked by place, not target).
  function onMover(x, y) {
    const mover = picture.querySelector("circle.mover");
    if (!mover) return false;
    const b = mover.getBoundingClientRect();
    return Math.hypot(b.left + b.width / 2 - x, b.top + b.height / 2 - y) <= Math.max(b.width / 2, 12) + 6;
  }

  function snapPoint(x, y) {
    let best = null;
    let bestDistance = SNAP_REACH;
    for (const el of picture.querySelectorAll(".pickable[data-snap-point]")) {
      const [px, py] = centreOf(el);
      const d = Math.hypot(px - x, py - y);
      if (d < bestDistance) { best = el; bestDistance = d; }
    }
    return best;
  }

  function dragTo(x, y) {
    const aimY = y - AIM_ABOVE;
    const point = snapPoint(x, aimY);
    if (drag.point && drag.point !== point) drag.point.classList.remove("snapped");
    drag.point = point;
    const [gx, gy] = point ? centreOf(point) : [x, aimY];
    if (point) point.classList.add("snapped");
    const box = frame.getBoundingClientRect();
    ghost.style.left = (gx - box.left - 20) + "px";
    ghost.style.top = (gy - box.top - 20) + "px";
    ghost.classList.toggle("on-point", !!point);
    ghost.hidden = false;
  }

  // What a tap at (x, y) does (a touch begun as a drag that never moved): zoom to small parts, else a
  // click there for table.js (which takes the nearest lit point).
  function tapAt(x, y) {
    const next = zoomForTap(x, y, null);
    if (next !== null && next > zoom * 1.05) { zoomTo(next, x, y); return; }
    const under = document.elementFromPoint(x, y);
    if (under && picture.contains(under)) {
      under.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, clientX: x, clientY: y }));
    }
  }

  function endDrag(play) {
    if (!drag) return;
    const point = drag.point;
    drag = null;
    ghost.hidden = true;
    if (point) point.classList.remove("snapped");
    if (play && point) point.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  }

  // -- touch --------------------------------------------------------------------------------------
  function distance(a, b) {
    return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
  }

  function cancelPress() {
    if (press) clearTimeout(press.timer);
    press = null;
  }

  document.addEventListener("touchstart", (ev) => {
    if (!on()) return;
    const inPicture = picture.contains(ev.target);
    if (ev.touches.length === 2 && inPicture) {
      cancelPress();
      pinch = { distance: distance(ev.touches[0], ev.touches[1]), zoom: zoom };
      ev.preventDefault();
      return;
    }
    if (ev.touches.length !== 1) { endDrag(false); return; }
    const t = ev.touches[0];
    if (inPicture && onMover(t.clientX, t.clientY) && picture.querySelector(".pickable[data-snap-point]")
        && !picture.dataset.busy) {
      cancelPress();
      ev.preventDefault(); // a drag, not a pan or a tap
      drag = { point: null, x: t.clientX, y: t.clientY, moved: false };
      return;
    }
    const page = document.getElementById("table") || document.getElementById("replay") || picture;
    const text = (inPicture || page.contains(ev.target)) ? detailsOf(ev.target) : "";
    cancelPress();
    if (!text) return;
    press = { x: t.clientX, y: t.clientY, timer: setTimeout(() => {
      press = null;
      pressShown = true;
      showDetails(text);
    }, LONG_PRESS_MS) };
  }, { passive: false });

  document.addEventListener("touchmove", (ev) => {
    if (drag && ev.touches.length === 1) {
      ev.preventDefault();
      const t = ev.touches[0];
      drag.moved = drag.moved || Math.hypot(t.clientX - drag.x, t.clientY - drag.y) > 10;
      if (drag.moved) dragTo(t.clientX, t.clientY);
      return;
    }
    if (pinch && ev.touches.length === 2) {
      ev.preventDefault();
      const [a, b] = ev.touches;
      zoomTo(pinch.zoom * distance(a, b) / pinch.distance, (a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2);
      return;
    }
    if (press && ev.touches.length === 1 && Math.hypot(ev.touches[0].clientX - press.x, ev.touches[0].clientY - press.y) > 10) {
      cancelPress();
    }
  }, { passive: false });

  document.addEventListener("touchend", (ev) => {
    cancelPress();
    if (drag) {
      if (ev.cancelable) ev.preventDefault();
      const { x, y, moved } = drag;
      endDrag(moved);
      swallowUntil = Date.now() + 500; // the finger's lifting is no tap of its own
      if (!moved) tapAt(x, y); // a finger that never moved: a tap there after all
      return;
    }
    if (pressShown) { // the finger lifts after a long press: no tap
      pressShown = false;
      swallowUntil = Date.now() + 500;
      if (ev.cancelable) ev.preventDefault();
      return;
    }
    if (pinch) {
      if (ev.touches.length < 2) { pinch = null; lastTap = null; swallowUntil = Date.now() + 500; }
      return;
    }
    if (!on() || ev.changedTouches.length !== 1 || !picture.contains(ev.target)) return;
    const t = ev.changedTouches[0];
    const now = Date.now();
    const onPart = ev.target.closest && ev.target.closest(".pickable, .selected");
    // a double-tap beside the lit parts: zoom in there (to read), or back to the whole table
    if (!onPart && lastTap && now - lastTap.t < 350 && Math.hypot(t.clientX - lastTap.x, t.clientY - lastTap.y) < 30) {
      ev.preventDefault();
      lastTap = null;
      swallowUntil = Date.now() + 500;
      zoomTo(zoom > 1.001 ? 1 : Math.max(readZoom(), 2), t.clientX, t.clientY);
      return;
    }
    lastTap = { t: now, x: t.clientX, y: t.clientY };
  });

  // Before table.js sees a tap: a long press or a zoom gesture just ended is no tap; a tap among
  // parts too small to tell apart zooms there first.
  picture.addEventListener("click", (ev) => {
    if (ev.isTrusted && Date.now() < swallowUntil) {
      swallowUntil = 0;
      ev.stopPropagation();
      ev.preventDefault();
      return;
    }
    if (!on() || !ev.isTrusted) return;
    const next = zoomForTap(ev.clientX, ev.clientY, ev.target);
    if (next !== null && next > zoom * 1.05) {
      ev.stopPropagation();
      ev.preventDefault();
      zoomTo(next, ev.clientX, ev.clientY);
    }
  }, true);

  // Right-click / a long press's context menu on the table: the details instead.
  picture.addEventListener("contextmenu", (ev) => {
    if (!on()) return;
    const text = detailsOf(ev.target);
    if (text) { ev.preventDefault(); swallowUntil = Date.now() + 500; showDetails(text); }
  });

  // -- facing by a compass ring ----------------------------------------------------------------------
  // A skirmish facing is one of the small arrows around the mover (fc:... parts). On a phone they are
  // also offered as a ring of large buttons over the picture, each where its arrow points; a tap on
  // one is a tap on its arrow (table.js plays it).
  const RING_MOST = 24;
  const compass = document.createElement("div");
  compass.className = "compass";
  compass.setAttribute("role", "group");
  compass.setAttribute("aria-label", "Face a direction");
  compass.hidden = true;
  frame.appendChild(compass);

  function centreOf(el) {
    const b = el.getBoundingClientRect();
    return [b.left + b.width / 2, b.top + b.height / 2];
  }

  function hideCompass() {
    compass.hidden = true;
    frame.classList.remove("compass-on");
  }

  function showCompass() {
    hideCompass();
    compass.textContent = "";
    if (!on()) return;
    const arrows = Array.from(picture.querySelectorAll('.pickable[data-pick^="fc:"]'));
    if (arrows.length < 2 || arrows.length > RING_MOST) return;
    const points = arrows.map(centreOf);
    const compassPoints = points.filter((p, i) => !/^fc:P\d+$/.test(arrows[i].dataset.pick)); // around the mover
    const ring = compassPoints.length ? compassPoints : points;
    const cx = ring.reduce((t, p) => t + p[0], 0) / ring.length;
    const cy = ring.reduce((t, p) => t + p[1], 0) / ring.length;
    const box = frame.getBoundingClientRect();
    const around = arrows.filter((a) => !/^fc:P\d+$/.test(a.dataset.pick)).length; // facing a player: the centre
    const radius = Math.max(70, 46 * around / (2 * Math.PI));
    const size = 2 * radius + 48;
    // the ring is centred on the mover, kept inside the picture's box (never over the zoom bar above
    // it); 8 px in, since a turned 44 px button reaches past its square's corner
    const pic = picture.getBoundingClientRect();
    const x0 = pic.left - box.left + 8, y0 = pic.top - box.top + 8;
    const x1 = pic.right - box.left - 8 - size, y1 = pic.bottom - box.top - 8 - size;
    const left = Math.max(x0, Math.min(x1, cx - box.left - size / 2));
    const top = Math.max(y0, Math.min(Math.max(y0, y1), cy - box.top - size / 2));
    compass.style.left = left + "px";
    compass.style.top = top + "px";
    compass.style.width = compass.style.height = size + "px";
    let centred = 0;
    arrows.forEach((arrow, i) => {
      const angle = Math.atan2(points[i][1] - cy, points[i][0] - cx);
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("aria-label", arrow.getAttribute("aria-label") || arrow.dataset.pick);
      b.dataset.pick = arrow.dataset.pick;
      const player = /^fc:(P\d+)$/.exec(arrow.dataset.pick);
      if (player) { // "face P1": towards that player's model, in the ring's middle
        b.textContent = player[1];
        b.className = "towards";
        b.style.left = (size / 2 - 22) + "px";
        b.style.top = (size / 2 - 22 + 48 * centred++) + "px";
      } else {
        b.textContent = "\u2191";
        b.style.left = (size / 2 + radius * Math.cos(angle) - 22) + "px";
        b.style.top = (size / 2 + radius * Math.sin(angle) - 22) + "px";
        b.style.transform = "rotate(" + (angle * 180 / Math.PI + 90).toFixed(0) + "deg)";
      }
      b.addEventListener("click", () => {
        const part = picture.querySelector('.pickable[data-pick="' + CSS.escape(b.dataset.pick) + '"]');
        hideCompass();
        if (part) part.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      });
      compass.appendChild(b);
    });
    compass.hidden = false;
    frame.classList.add("compass-on");
  }

  // A new picture (every move) keeps the zoom and where it was panned to.
  let kept = { left: 0, top: 0 };
  let ringFrame = 0;
  picture.addEventListener("scroll", () => {
    kept = { left: picture.scrollLeft, top: picture.scrollTop };
    if (!compass.hidden && !ringFrame) { // the ring follows the mover as the picture pans
      ringFrame = requestAnimationFrame(() => { ringFrame = 0; showCompass(); });
    }
  }, { passive: true });
  new MutationObserver(() => {
    const at = kept;
    phoneLayout(svg());
    apply();
    if (zoom > 1.001 && (at.left || at.top)) { // setting a scroll lays the page out at once: only when it moved
      picture.scrollLeft = at.left;
      picture.scrollTop = at.top;
    }
    updateBar();
    // the facing arrows are lit by table.js after the picture is in: look once it has done so
    if (on() && picture.querySelector('[data-pick^="fc:"]')) setTimeout(showCompass, 0); else hideCompass();
  }).observe(picture, { childList: true });
  PHONE.addEventListener("change", () => { phoneLayout(svg()); apply(); updateBar(); });
  window.addEventListener("resize", apply);

  // For tests and the benchmark: the zoom the table is at, and the one it reads at.
  window.turnbuckleZoom = { get zoom() { return zoom; }, zoomTo: zoomTo, readZoom: readZoom, tapSize: tapSize };
  phoneLayout(svg());
  updateBar();
})();

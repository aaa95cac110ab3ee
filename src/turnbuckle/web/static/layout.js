// A table's picture laid out for a phone (below 700 px wide; static/zoom.js calls it for every new
// picture): side panels go under the main area and a hand of cards becomes a strip of its own. The
// renderers mark what may move (<g class="side-panel" data-box>, data-main-box, <g class="hand-strip">);
// above 700 px everything is put back as drawn.
"use strict";
(function () {
  const PHONE = window.matchMedia("(max-width: 700px)");
  const picture = document.getElementById("picture");
  if (!picture) return;

  function on() {
    return PHONE.matches;
  }

  // The page's width, read when it changes (reading it while a new picture is being laid out would
  // lay the page out at once, a second time in the same frame)
  let pageWidth = document.documentElement.clientWidth;
  window.addEventListener("resize", () => { pageWidth = document.documentElement.clientWidth; });

  // -- stacking: a picture's side panels (<g class="side-panel">) go under the main area ----------
  // On a phone the panel beside RUMBLESLAM's mat or the skirmish ring (Powerhouses: both sheets, the
  // throw between them the main area) is moved under it (as large as makes its text 12 px, at most as
  // wide as the main area), so the mat or ring alone takes the screen's width; the picture's prompt
  // lines (text.prompt, text.result), as wide as the whole picture, become a line of HTML.
  const promptLine = document.createElement("p");
  promptLine.id = "picture-prompt";
  promptLine.className = "picture-prompt";
  promptLine.hidden = true;
  picture.insertAdjacentElement("afterend", promptLine);

  function numbers(text) {
    return (text || "").trim().split(/[\s,]+/).map(Number);
  }

  // A hand of cards (<g class="hand-strip">, WRASSLIN') leaves the picture for a strip of its own
  // under it: one row of cards at a size to read, scrolling sideways; the picture ends above it.
  const STRIP_TEXT_PX = 12;
  const PANEL_TEXT_PX = 12.5;
  let strip = null; // {box, group, home, pic}

  function unstrip() {
    if (!strip) return;
    const { box, group, home, pic } = strip;
    strip = null;
    for (const card of group.children) card.removeAttribute("transform");
    if (pic.isConnected) {
      home.appendChild(group);
      pic.setAttribute("viewBox", pic.dataset.wideBox);
    }
    box.remove();
  }

  function makeStrip(pic) {
    const group = pic.querySelector(".hand-strip");
    if (!group || !group.children.length) return;
    const cards = Array.from(group.children);
    const boxes = cards.map(boxOf); // the renderer's data-box: measuring each card would lay the page out
    const gap = 6;
    let x = 0;
    let tall = 0;
    cards.forEach((card, i) => {
      const b = boxes[i];
      card.setAttribute("transform", "translate(" + (x - b.x).toFixed(1) + " " + (-b.y).toFixed(1) + ")");
      x += b.width + gap;
      tall = Math.max(tall, b.height);
    });
    let least = Infinity;
    for (const t of group.querySelectorAll("text")) least = Math.min(least, parseFloat(t.getAttribute("font-size")) || Infinity);
    const scale = least === Infinity ? 1 : Math.max(1, STRIP_TEXT_PX / least);
    const [vx, vy, vw] = numbers(pic.dataset.wideBox);
    const top = Math.min(...boxes.map((b) => b.y));
    pic.setAttribute("viewBox", vx + " " + vy + " " + vw + " " + (top - vy).toFixed(1));
    const box = document.createElement("div");
    box.className = "strip";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", "Your hand (scrolls sideways)");
    const holder = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    holder.setAttribute("viewBox", "0 0 " + (x - gap).toFixed(1) + " " + (tall + 2).toFixed(1));
    holder.setAttribute("font-family", pic.getAttribute("font-family") || "sans-serif");
    holder.style.width = Math.round((x - gap) * scale) + "px";
    holder.style.height = Math.round((tall + 2) * scale) + "px";
    strip = { box: box, group: group, home: group.parentNode, pic: pic };
    holder.appendChild(group);
    box.appendChild(holder);
    picture.appendChild(box);
  }

  function layout(pic) {
    if (strip && !strip.pic.isConnected) strip = null; // a new picture replaced the old one and its strip
    const mode = on() ? "phone" : "wide";
    if (!pic || pic.dataset.layout === mode) return;
    if (pic.dataset.wideBox === undefined) {
      pic.dataset.wideBox = pic.getAttribute("viewBox");
      pic.dataset.wideSize = (pic.getAttribute("width") || "") + " " + (pic.getAttribute("height") || "");
    }
    unstrip();
    stack(pic);
    if (on()) makeStrip(pic);
    pic.dataset.layout = mode;
  }

  // Where a panel is: the renderer's data-box ("x y width height"), else measured (a layout).
  function boxOf(el) {
    const given = numbers(el.dataset.box);
    return given.length === 4 && given.every((n) => n === n)
      ? { x: given[0], y: given[1], width: given[2], height: given[3] } : el.getBBox();
  }

  function stack(pic) {
    const panels = pic ? Array.from(pic.querySelectorAll(".side-panel")) : [];
    promptLine.hidden = true;
    if (!panels.length) return;
    const prompts = Array.from(pic.querySelectorAll("text.prompt, text.result"));
    const [vx, vy, vw, vh] = numbers(pic.dataset.wideBox);
    const [w, h] = pic.dataset.wideSize.split(" ");
    for (const panel of panels) panel.removeAttribute("transform");
    const back = pic.querySelector(":scope > rect"); // the picture's background: it reaches under the panels
    if (!on()) {
      pic.setAttribute("viewBox", pic.dataset.wideBox);
      for (const [name, value] of [["width", w], ["height", h]]) {
        if (value) pic.setAttribute(name, value); else pic.removeAttribute(name);
      }
      for (const t of prompts) t.removeAttribute("display");
      if (back && pic.dataset.backHeight) back.setAttribute("height", pic.dataset.backHeight);
      pic.style.background = "";
      return;
    }
    const boxes = panels.map(boxOf);
    // the main area: the renderer's data-main-box (Powerhouses: the throw between the two sheets), else
    // everything left of the first panel (the mat, the ring)
    const given = numbers(pic.dataset.mainBox);
    let [mx, my, mw, mh] = given.length === 4 && given.every((n) => n === n) ? given
      : [vx, vy, boxes[0].x - vx - 2, vh];
    if (!boxes.every((b) => b.width > 0) || mw < vw / 4) return;
    for (const t of prompts) { // above the first prompt line (read from its attributes: no second layout)
      const top = parseFloat(t.getAttribute("y")) - (parseFloat(t.getAttribute("font-size")) || 12);
      if (top === top) mh = Math.min(mh, top - my - 4);
    }
    const gap = 10;
    const fitted = (pageWidth - 22) / mw;
    let y = my + mh + gap;
    panels.forEach((panel, i) => {
      const pb = boxes[i];
      // as large as makes the panel's smallest text PANEL_TEXT_PX at the fitted width, within the main width
      let least = Infinity;
      for (const t of panel.querySelectorAll("text")) least = Math.min(least, parseFloat(t.getAttribute("font-size")) || Infinity);
      const k = Math.max(1, Math.min(mw / pb.width, least === Infinity ? 1.6 : PANEL_TEXT_PX / (least * fitted)));
      const tx = mx + (mw - pb.width * k) / 2 - pb.x * k;
      const ty = y - pb.y * k;
      panel.setAttribute("transform", "translate(" + tx.toFixed(1) + " " + ty.toFixed(1) + ") scale(" + k.toFixed(3) + ")");
      y += pb.height * k + gap;
    });
    const height = y - my;
    pic.setAttribute("viewBox", mx + " " + my + " " + mw.toFixed(1) + " " + height.toFixed(1));
    pic.setAttribute("width", mw.toFixed(1));
    pic.setAttribute("height", height.toFixed(1));
    if (back && back.getAttribute("fill")) {
      if (pic.dataset.backHeight === undefined) pic.dataset.backHeight = back.getAttribute("height") || "";
      back.setAttribute("height", String(Math.max(parseFloat(pic.dataset.backHeight) || 0, my + height)));
      pic.style.background = back.getAttribute("fill");
    }
    for (const t of prompts) t.setAttribute("display", "none");
    promptLine.textContent = prompts.map((t) => t.textContent.trim()).join(" ");
    promptLine.hidden = !prompts.length;
  }

  window.turnbucklePhoneLayout = { layout: layout };
})();

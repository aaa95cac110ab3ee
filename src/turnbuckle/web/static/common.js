// What every page's script shares: one way to call the API, to draw SVG, to word a chance of
// winning, and to tell a key typed into a field from a key meant for the page.
"use strict";
window.turnbuckle = (function () {
  const SVG = "http://www.w3.org/2000/svg";

  // A JSON request; an error answer (or a page that is not JSON) throws with the server's message.
  async function api(path, options, token) {
    const opts = Object.assign({ headers: {} }, options || {});
    if (token) opts.headers["Authorization"] = "Bearer " + token;
    if (opts.body !== undefined && typeof opts.body !== "string") {
      opts.body = JSON.stringify(opts.body);
      opts.headers["Content-Type"] = "application/json";
    }
    const response = await fetch(path, opts);
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) {
      const error = new Error(data.error || "request failed (" + response.status + ")");
      error.status = response.status;
      throw error;
    }
    return { status: response.status, data: data };
  }

  function svgNode(tag, attrs, parent) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (parent) parent.appendChild(node);
    return node;
  }

  function percent(value) {
    return (100 * value).toFixed(1) + "%";
  }

  // "62.5%", or "62.5% ± 3.1%" for a value sampled with a standard error.
  function chanceText(option) {
    return option.stderr === null || option.stderr === undefined
      ? percent(option.value) : percent(option.value) + " \u00b1 " + percent(option.stderr);
  }

  // An option against the best (docs/review.md): the best's chances, every other one's paired
  // difference in points ("-4.2 ± 1.1 points"), then its words ("clearly best", "as good as the best").
  function verdictText(option, first) {
    let figure;
    if (first || option.gap === undefined) {
      figure = chanceText(option);
    } else {
      figure = (-100 * option.gap).toFixed(1) + (option.gap_stderr === null || option.gap_stderr === undefined
        ? "" : " \u00b1 " + (100 * option.gap_stderr).toFixed(1)) + " points";
      if (figure[0] !== "-") figure = "+" + figure;
    }
    return option.words ? figure + " \u2014 " + option.words : figure;
  }

  // A phone's page (under 700 px) asks for the picture laid out for its width (Game.render_svg's narrow).
  const NARROW = window.matchMedia("(max-width: 700px)");
  function narrow() {
    return NARROW.matches;
  }

  // One option of a hint or a puzzle's verdict as a list item: its name, its value in words, an optional
  // note (the puzzle's "(your move)") and the legal action's label under it.
  function optionItem(option, first, label, note) {
    const li = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = option.choice;
    li.appendChild(name);
    const value = document.createElement("span");
    value.className = "hint-value";
    value.textContent = " " + verdictText(option, first);
    li.appendChild(value);
    if (note) {
      const yours = document.createElement("span");
      yours.className = "yours";
      yours.textContent = " " + note;
      li.appendChild(yours);
    }
    if (label) {
      const small = document.createElement("small");
      small.textContent = label;
      li.appendChild(small);
    }
    return li;
  }

  // A key the page should leave alone: typed into a field, or with a modifier (the browser's own).
  function typing(ev) {
    const field = ev.target && ev.target.closest ? ev.target.closest("input, select, textarea") : null;
    return Boolean(field) || ev.altKey || ev.ctrlKey || ev.metaKey;
  }

  // Scroll a list (the commentary) to its newest entry so that it starts at a whole entry: the one the
  // top edge would cut goes out of sight, with as much room left under the newest (a line cut in half
  // under the heading read as lost).
  function scrollToNewest(list) {
    list.style.paddingBottom = "";
    list.scrollTop = list.scrollHeight;
    const top = list.getBoundingClientRect().top;
    const cut = Array.from(list.children).find((item) => item.getBoundingClientRect().bottom > top + 0.5);
    if (!cut || cut === list.lastElementChild || cut.getBoundingClientRect().top >= top - 0.5) return;
    list.style.paddingBottom = (cut.getBoundingClientRect().bottom - top) + "px";
    list.scrollTop = list.scrollHeight;
  }

  return { api: api, svgNode: svgNode, percent: percent, chanceText: chanceText, verdictText: verdictText, optionItem: optionItem, narrow: narrow, narrowMedia: NARROW,
    typing: typing,
    scrollToNewest: scrollToNewest };
})();

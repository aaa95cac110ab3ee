// The league pages' small helpers (every page works without them; they only save clicks):
// a season picker that shows on change, confirmations, the booking form's extra matches, sides
// and partners, the card editor's list items, and the hiring form's running Dosh total.
"use strict";
(function () {
  // -- show a choice at once ------------------------------------------------------------------
  for (const select of document.querySelectorAll("select[data-autosubmit]")) {
    select.addEventListener("change", () => select.form.submit());
  }

  // -- confirm what cannot be undone ----------------------------------------------------------
  document.addEventListener("click", (ev) => {
    const button = ev.target.closest("[data-confirm]");
    if (button && !window.confirm(button.dataset.confirm)) ev.preventDefault();
  });

  // -- copies of <template>s, their placeholders numbered ---------------------------------------
  function fromTemplate(template, replacements) {
    let html = template.innerHTML;
    for (const [placeholder, value] of Object.entries(replacements)) html = html.split(placeholder).join(String(value));
    const box = document.createElement("div");
    box.innerHTML = html;
    return Array.from(box.children);
  }

  // -- booking a card ---------------------------------------------------------------------------
  const rows = document.getElementById("rows");
  const rowTemplate = document.getElementById("row-template");
  const sideTemplate = document.getElementById("side-template");
  const addRow = document.getElementById("add-row");
  if (rows && rowTemplate && addRow) {
    addRow.addEventListener("click", () => {
      const index = Number(rows.dataset.nextRow || rows.children.length);
      rows.dataset.nextRow = String(index + 1);
      const made = fromTemplate(rowTemplate, { __mn__: rows.querySelectorAll("[data-row]").length + 1, __m__: index });
      for (const node of made) rows.appendChild(node);
      const first = made[0] && made[0].querySelector("select");
      if (first) first.focus();
    });
    rows.addEventListener("click", (ev) => {
      const addSide = ev.target.closest("[data-add-side]");
      if (addSide && sideTemplate) {
        const row = addSide.closest("[data-row]");
        const sides = row.querySelector("[data-sides]");
        const next = Number(sides.dataset.nextSide || sides.children.length);
        sides.dataset.nextSide = String(next + 1);
        for (const node of fromTemplate(sideTemplate, { __m__: row.dataset.row, __sn__: next + 1, __s__: next })) {
          sides.appendChild(node);
        }
        return;
      }
      const addPartner = ev.target.closest("[data-add-partner]");
      if (addPartner) {
        const side = addPartner.closest("[data-side]");
        const selects = side.querySelectorAll("select");
        const last = selects[selects.length - 1];
        const copy = last.cloneNode(true);
        copy.name = last.name.replace(/\.(\d+)$/, (_, n) => "." + (Number(n) + 1));
        copy.value = "";
        copy.setAttribute("aria-label", "wrestler " + (selects.length + 1) + " " + (last.getAttribute("aria-label") || "").replace(/^wrestler \d+ /, ""));
        last.after(copy);
        copy.focus();
      }
    });
  }

  // -- the card editor's lists -----------------------------------------------------------------
  document.addEventListener("click", (ev) => {
    const add = ev.target.closest("[data-add-item]");
    if (add) {
      const list = add.closest("[data-list]");
      const template = Array.from(list.children).find((c) => c.tagName === "TEMPLATE");
      const items = Array.from(list.children).find((c) => c.matches("[data-items]"));
      const index = Number(list.dataset.next || 0);
      list.dataset.next = String(index + 1);
      const made = fromTemplate(template, { [list.dataset.placeholder]: index });
      for (const node of made) items.appendChild(node);
      const first = made[0] && made[0].querySelector("input:not([type=hidden]), select, textarea");
      if (first) first.focus();
      return;
    }
    const remove = ev.target.closest("[data-remove-item]");
    if (remove) {
      const item = remove.closest("[data-item]");
      const list = item.closest("[data-list]");
      item.remove();
      const next = list && list.querySelector("[data-add-item]");
      if (next) next.focus();
    }
  });

  // -- the editor's list entries stay as wide as their text (the page sets ``size`` at first) ---
  document.addEventListener("input", (ev) => {
    const field = ev.target;
    if (field.matches && field.matches("input[data-fit]")) field.size = Math.max(field.value.length + 2, 8);
  });

  // -- a form sent back with mistakes: start at the first one ----------------------------------
  const firstError = document.querySelector("form [aria-invalid=true], form .has-error input, form .has-error select");
  if (firstError) firstError.focus({ preventScroll: false });

  // -- hiring a RUMBLESLAM team: the Dosh it costs so far -------------------------------------
  const hire = document.getElementById("hire-form");
  if (hire) {
    const total = hire.querySelector("[data-total]");
    const budgetNote = hire.querySelector("[data-budget]");
    const budget = budgetNote ? Number(budgetNote.dataset.budget) : 0;
    const update = () => {
      let dosh = 0;
      for (const select of hire.querySelectorAll("[data-dosh-select]")) {
        const option = select.options[select.selectedIndex];
        dosh += Number(option ? option.dataset.dosh || 0 : 0);
      }
      const endorsements = hire.querySelector("[data-dosh-count]");
      if (endorsements) dosh += Number(endorsements.dataset.doshCount) * (Number(endorsements.value) || 0);
      const sponsorship = hire.querySelector("[data-sponsorship]"); // one Sponsorship is bought, whichever
      if (sponsorship && hire.querySelectorAll("input[name=sponsorship]:checked").length) dosh += Number(sponsorship.dataset.sponsorship);
      for (const select of hire.querySelectorAll("select[data-traditional]")) {
        if (select.value === "traditional") dosh -= Number(select.dataset.traditional);
      }
      if (total) total.textContent = "(" + dosh + "K so far)";
      if (budgetNote) budgetNote.textContent = dosh > budget ? "Over the budget by " + (dosh - budget) + "K" : (budget - dosh) + "K left of " + budget + "K";
    };
    hire.addEventListener("change", update);
    hire.addEventListener("input", update);
    update();
  }
})();

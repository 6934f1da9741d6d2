// pitboss: the console's two small helpers (plain JavaScript, no build step).
//
// ConsoleFind.finder(root, {players, describe, onPick, none}): type-ahead over players. The
//   root holds an input[type=search] and a ul.finds; typing part of a name or an id lists the
//   players whose name and id hold every word typed (accents and case ignored), those whose
//   name starts with it first, at most 8; Enter, a click or a tap picks one (Enter never
//   submits the form around it), Escape closes the list.
// ConsoleFind.ask(after, text, yes): a confirmation shown just after `after` (a form's error
//   line, a button's row): resolves true when "yes" is pressed, false on "Cancel" or when
//   another question replaces it. Nothing is sent before the answer.
"use strict";

const ConsoleFind = (() => {
  const { esc } = Pitboss;
  const norm = (s) => String(s).toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "");

  function matches(players, query) {
    const q = norm(query.trim());
    if (!q) return [];
    const words = q.split(/\s+/);
    const starts = (p) => (norm(p.name).startsWith(q) ? 0 : 1);
    return players
      .filter((p) => { const hay = norm(`${p.name} ${p.player_id}`); return words.every((w) => hay.includes(w)); })
      .sort((a, b) => starts(a) - starts(b) || a.name.localeCompare(b.name))
      .slice(0, 8);
  }

  function finder(root, opts) {
    const input = root.querySelector("input[type=search]");
    const list = root.querySelector(".finds");
    let found = [];
    let active = 0;

    function draw() {
      if (!input.value.trim()) { list.hidden = true; list.innerHTML = ""; return; }
      list.innerHTML = found.length
        ? found.map((p, i) => `<li role="option" data-pid="${esc(p.player_id)}" aria-selected="${i === active}">`
          + `${esc(p.name)} <small>${esc(opts.describe(p))}</small></li>`).join("")
        : `<li class="none">${esc(opts.none || "Nobody by that name: check the spelling, or type part of the id")}</li>`;
      list.hidden = false;
    }
    function search() { found = matches(opts.players(), input.value); active = 0; draw(); }
    function pick(i) {
      const p = found[i];
      if (!p) return;
      input.value = "";
      found = [];
      draw();
      opts.onPick(p);
    }
    input.addEventListener("input", search);
    input.addEventListener("keydown", (e) => {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        if (!found.length) return;
        active = (active + (e.key === "ArrowDown" ? 1 : found.length - 1)) % found.length;
        draw();
      } else if (e.key === "Enter") {
        e.preventDefault();
        pick(active);
      } else if (e.key === "Escape") {
        input.value = "";
        search();
      }
    });
    list.addEventListener("mousedown", (e) => e.preventDefault());
    list.addEventListener("click", (e) => {
      const li = e.target.closest("[data-pid]");
      if (li) pick(found.findIndex((p) => p.player_id === li.dataset.pid));
    });
    input.addEventListener("blur", () => { list.hidden = true; });
    input.addEventListener("focus", () => { if (input.value.trim()) search(); });
    return { refresh: () => { if (!list.hidden) search(); } };
  }

  let pending = null;
  function ask(after, text, yes) {
    if (pending) pending(false);
    const box = document.createElement("div");
    box.className = "confirm";
    box.setAttribute("role", "alertdialog");
    box.innerHTML = `<p>${esc(text)}</p><div class="row"><button type="button" class="danger" data-answer="yes">${esc(yes)}</button>`
      + `<button type="button" class="secondary" data-answer="no">Cancel</button></div>`;
    after.insertAdjacentElement("afterend", box);
    box.querySelector("[data-answer=yes]").focus();
    return new Promise((resolve) => {
      const done = (answer) => { pending = null; box.remove(); resolve(answer); };
      pending = done;
      box.addEventListener("click", (e) => {
        const b = e.target.closest("[data-answer]");
        if (b) done(b.dataset.answer === "yes");
      });
    });
  }

  return { finder, ask, matches, norm };
})();

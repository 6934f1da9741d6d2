// pitboss: a table's chips counted on a phone at the table (issue 24; KY 11, TDA 24, KY 2).
//
// DeviceCount.mount({form, players, colourUp, send}) fills `form` (with #...-rows, -total and
// a submit button inside) with one box per seated player beside the chips pitboss has; as the
// dealer types, the total says what the count finds (chips found or missing). Submitting sends
// `count_chips`, or, while a colour-up is due at the table (`colourUp()` not null), the
// `race_colour_up` run on the count. `players()` gives [{seat, player_id, name, chips}]; `send`
// posts a command with the table's token and resolves true once it is recorded.
"use strict";

const DeviceCount = (() => {
  const e = Pitboss.esc;
  const chips = Pitboss.chips;

  function found(diff) {
    if (diff > 0) return `${chips(diff)} chips found`;
    if (diff < 0) return `${chips(-diff)} chips missing`;
    return "as pitboss has it";
  }

  function read(el) {
    const raw = el.value.replace(/[,\s]/g, "");
    return /^\d+$/.test(raw) ? Number.parseInt(raw, 10) : null;
  }

  function mount(opts) {
    const form = opts.form;
    const rows = form.querySelector("[data-count-rows]");
    const total = form.querySelector("[data-count-total]");
    const note = form.querySelector("[data-count-note]");
    const button = form.querySelector("button[type=submit]");

    function render() {
      const players = opts.players();
      const ids = players.map((p) => `${p.player_id}:${p.chips}`).join(",");
      const typed = {};
      for (const el of form.querySelectorAll("input[data-count]")) typed[el.dataset.count] = el.value;
      if (rows.dataset.players !== ids) {
        rows.innerHTML = players.map((p) => `<li><span class="seat">${e(p.seat)}</span>`
          + `<label><span>${e(p.name)}</span><small>pitboss has ${e(chips(p.chips))}</small>`
          + `<input data-count="${e(p.player_id)}" inputmode="numeric" autocomplete="off" aria-label="${e(p.name)}'s chips" value="${e(typed[p.player_id] || "")}"></label></li>`).join("");
        rows.dataset.players = ids;
      }
      const race = opts.colourUp();
      note.textContent = race
        ? `Colour-up: the ${race.chips.map(chips).join(", ")} chips leave play. Count each stack as it is now; the race settles the odd chips of the count.`
        : "Count each player's chips between hands. A count that differs from pitboss's is recorded as chips found or missing.";
      button.textContent = race ? "Record the count and race" : "Record the count";
      form.hidden = players.length === 0;
      sum();
    }

    function sum() {
      const players = opts.players();
      const had = players.reduce((s, p) => s + p.chips, 0);
      let counted = 0;
      let complete = players.length > 0;
      for (const el of form.querySelectorAll("input[data-count]")) {
        const n = read(el);
        if (n === null) complete = false; else counted += n;
      }
      total.textContent = complete
        ? `Counted ${chips(counted)}; pitboss has ${chips(had)}: ${found(counted - had)}.`
        : `pitboss has ${chips(had)} chips here; type every player's count.`;
    }

    form.addEventListener("input", sum);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const players = opts.players();
      const counts = {};
      for (const el of form.querySelectorAll("input[data-count]")) {
        const n = read(el);
        const p = players.find((x) => x.player_id === el.dataset.count);
        if (n === null || n < 1) {
          opts.refused({ message: `${p ? p.name : "A player"}'s chips: type a whole number of chips, 1 or more (a player with none is out: record the bust).` });
          el.focus();
          return;
        }
        counts[el.dataset.count] = n;
      }
      const race = opts.colourUp();
      const cmd = race
        ? { type: "race_colour_up", table: opts.table, seats: players.map((p) => ({ seat: p.seat, player_id: p.player_id, chips: counts[p.player_id] })) }
        : { type: "count_chips", table: opts.table, stacks: players.map((p) => ({ player_id: p.player_id, chips: counts[p.player_id] })) };
      button.disabled = true;
      if (await opts.send(cmd)) {
        form.querySelectorAll("input[data-count]").forEach((el) => { el.value = ""; });
        rows.dataset.players = "";
      }
      button.disabled = false;
      render();
    });
    render();
    return { render };
  }

  return { mount, found };
})();

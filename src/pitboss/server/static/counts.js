// pitboss: counting a table's chips from the director's console (issue 24; KY 11, TDA 24).
//
// At a table dealt by a person pitboss knows the stacks only from bust-outs; a count is each
// seated player's chips as counted there. PitbossCounts.open({table, race}) shows the count
// panel for one table (every player with the chips pitboss has, a box for the chips counted,
// and the total found or missing as it is typed); it sends `count_chips`, or, for the
// colour-up, `race_colour_up` with each seat's counted chips (the race is run on the count).
// Any button with data-count-table="N" (data-count-race for the colour-up) opens it; one with
// data-count-every counts every table in turn (at a break, or at the legal time limit). The panel reads
// the console's payload (PitbossConsole.payload()) and is re-drawn when a new one arrives.
"use strict";

const PitbossCounts = (() => {
  const stream = document.body.dataset.stream;
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));
  const { esc, chips } = Pitboss;
  let open = null; // {table, race}
  let queue = []; // the tables still to count after this one ("Count every table")

  const panel = () => $("#count-panel");
  const payload = () => window.PitbossConsole.payload();

  function seated(table) {
    return payload().players.filter((p) => p.table === table && !p.out).sort((a, b) => a.seat - b.seat);
  }

  function found(diff) {
    if (diff > 0) return `${chips(diff)} chips found`;
    if (diff < 0) return `${chips(-diff)} chips missing`;
    return "as pitboss has it";
  }

  function show(opts) {
    if (opts.tables) {
      queue = opts.tables.map(Number);
      if (!queue.length) return;
      opts = { table: queue.shift() };
    }
    open = { table: Number(opts.table), race: Boolean(opts.race) };
    render(true);
    panel().hidden = false;
    const first = $("input[data-count]", panel());
    if (first) first.focus();
    panel().scrollIntoView({ block: "start" });
  }

  function close() {
    open = null;
    queue = [];
    panel().hidden = true;
  }

  function render(fresh) {
    if (!open) return;
    const players = seated(open.table);
    const box = panel();
    const typed = {};
    if (!fresh) for (const el of $$("input[data-count]", box)) typed[el.dataset.count] = el.value;
    const due = payload().colour_up_due;
    $("#count-title", box).textContent = open.race
      ? `Colour-up at table ${open.table}: count every player's chips, then race`
      : `Count the chips at table ${open.table}` + (queue.length ? ` (then table ${queue.join(", ")})` : "");
    $("#count-help", box).textContent = open.race
      ? `Count each stack as it is now, before the ${due ? due.chips.map(chips).join(", ") : ""} chips leave play; `
        + "the race settles the odd chips of the stacks as counted (TDA 24, KY 2)."
      : "Count each player's chips. A count that differs from pitboss's is recorded as chips found or missing.";
    const ids = players.map((p) => p.player_id).join(",");
    if (box.dataset.players !== ids || fresh) {
      $("#count-rows", box).innerHTML = players.map((p) => `<tr data-player="${esc(p.player_id)}">`
        + `<td class="num">${p.seat}</td><td>${esc(p.name)}</td><td class="num">${chips(p.chips)}</td>`
        + `<td><input data-count="${esc(p.player_id)}" inputmode="numeric" autocomplete="off" required `
        + `aria-label="${esc(p.name)}'s chips" value="${esc(typed[p.player_id] || "")}"></td></tr>`).join("");
      box.dataset.players = ids;
    }
    $("#count-submit", box).textContent = open.race ? "Record the count and race" : "Record the count";
    total();
  }

  function read(el) {
    const raw = el.value.replace(/[,\s]/g, "");
    if (!/^\d+$/.test(raw)) return null;
    return Number.parseInt(raw, 10);
  }

  function total() {
    const players = open ? seated(open.table) : [];
    const had = players.reduce((s, p) => s + p.chips, 0);
    let counted = 0;
    let complete = true;
    for (const el of $$("input[data-count]", panel())) {
      const n = read(el);
      if (n === null) complete = false; else counted += n;
    }
    $("#count-total", panel()).textContent = complete
      ? `Counted ${chips(counted)} chips; pitboss has ${chips(had)}: ${found(counted - had)}.`
      : `pitboss has ${chips(had)} chips at this table; type every player's count.`;
  }

  async function submit(e) {
    e.preventDefault();
    const box = $(".error", panel());
    box.hidden = true;
    const players = seated(open.table);
    const counts = {};
    for (const el of $$("input[data-count]", panel())) {
      const n = read(el);
      const p = players.find((x) => x.player_id === el.dataset.count);
      if (n === null || n < 1) {
        box.textContent = `${p ? p.name : "A player"}'s chips: type a whole number of chips, 1 or more (a player with none is out: record the bust first).`;
        box.hidden = false;
        el.focus();
        return;
      }
      counts[el.dataset.count] = n;
    }
    const cmd = open.race
      ? { type: "race_colour_up", table: open.table, seats: players.map((p) => ({ seat: p.seat, player_id: p.player_id, chips: counts[p.player_id] })) }
      : { type: "count_chips", table: open.table, stacks: players.map((p) => ({ player_id: p.player_id, chips: counts[p.player_id] })) };
    const button = $("#count-submit", panel());
    button.disabled = true;
    try {
      const answer = await Pitboss.command(stream, cmd);
      window.PitbossConsole.happened(answer.events.map((ev) => ev.text));
      if (queue.length) show({ tables: queue }); else close();
    } catch (err) {
      box.textContent = err.message || "refused";
      box.hidden = false;
    }
    button.disabled = false;
  }

  document.addEventListener("click", (e) => {
    const every = e.target.closest("[data-count-every]");
    if (every) { show({ tables: payload().tables }); return; }
    const b = e.target.closest("[data-count-table]");
    if (!b) return;
    show({ table: b.dataset.countTable, race: b.hasAttribute("data-count-race") });
  });
  panel().addEventListener("input", total);
  $("#count-form").addEventListener("submit", submit);
  $("#count-cancel").addEventListener("click", close);
  document.addEventListener("pitboss:changed", () => render(false));

  return { open: show, close, found };
})();

// pitboss: counting a table's chips from the director's console (issue 24; KY 11, TDA 24).
//
// At a table dealt by a person pitboss knows the stacks only from bust-outs; a count is each
// seated player's chips as counted there. PitbossCounts.open({table, race}) shows the count
// panel for one table (every player with the chips pitboss has, a box for the chips counted,
// and the total found or missing as it is typed); it sends `count_chips`, or, for the
// colour-up, `race_colour_up` with each seat's counted chips (the race is run on the count).
// Any button with data-count-table="N" (data-count-race for the colour-up) opens it; one with
// data-count-every counts every table in turn (at a break, or at the legal time limit).
// A colour-up the dealer did by hand is entered the same way (`record_colour_up`: the stacks
// after it, the odd chips taken out and any chip added; it is the table's count). The panel reads
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
    open = { table: Number(opts.table), race: Boolean(opts.race), recorded: Boolean(opts.recorded) };
    if (open.recorded) { $("#count-removed").value = "0"; $("#count-added").value = "0"; }
    render(true);
    panel().hidden = false;
    const first = $("input[data-count]", panel());
    if (first) first.focus();
    // the panel's title just below the console's sticky bar, not under it
    const bar = $(".bar");
    const top = panel().getBoundingClientRect().top + window.scrollY - (bar ? bar.offsetHeight : 0) - 8;
    window.scrollTo({ top: Math.max(0, top) });
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
      : open.recorded
        ? `Colour-up done by hand at table ${open.table}: each player's chips after it`
        : `Count the chips at table ${open.table}` + (queue.length ? ` (then table ${queue.join(", ")})` : "");
    $("#count-help", box).textContent = open.race
      ? `Count each stack as it is now, before the ${due ? due.chips.map(chips).join(", ") : ""} chips leave play; `
        + "the race settles the odd chips of the stacks as counted (TDA 24, KY 2)."
      : open.recorded
        ? "The stacks as the dealer counted them after the exchange and the race: they are the table's count, and any difference is recorded as chips found or missing."
        : "Count each player's chips. A count that differs from pitboss's is recorded as chips found or missing.";
    $("#count-colour", box).hidden = !open.recorded;
    const ids = players.map((p) => p.player_id).join(",");
    if (box.dataset.players !== ids || fresh) {
      $("#count-rows", box).innerHTML = players.map((p) => `<tr data-player="${esc(p.player_id)}">`
        + `<td class="num">${p.seat}</td><td>${esc(p.name)}</td><td class="num">${chips(p.chips)}</td>`
        + `<td><input data-count="${esc(p.player_id)}" inputmode="numeric" autocomplete="off" required `
        + `aria-label="${esc(p.name)}'s chips" value="${esc(typed[p.player_id] || "")}"></td></tr>`).join("");
      box.dataset.players = ids;
    }
    $("#count-submit", box).textContent = open.race ? "Record the count and race" : open.recorded ? "Record the colour-up" : "Record the count";
    total();
  }

  function read(el) {
    const raw = el.value.replace(/[,\s]/g, "");
    if (!/^\d+$/.test(raw)) return null;
    return Number.parseInt(raw, 10);
  }

  function total() {
    const players = open ? seated(open.table) : [];
    let had = players.reduce((s, p) => s + p.chips, 0);
    if (open && open.recorded) had += (read($("#count-added")) || 0) - (read($("#count-removed")) || 0);
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
    const stacks = players.map((p) => ({ player_id: p.player_id, chips: counts[p.player_id] }));
    let cmd = { type: "count_chips", table: open.table, stacks };
    if (open.race) {
      cmd = { type: "race_colour_up", table: open.table, seats: players.map((p) => ({ seat: p.seat, player_id: p.player_id, chips: counts[p.player_id] })) };
    } else if (open.recorded) {
      const removed = read($("#count-removed"));
      const added = read($("#count-added"));
      if (removed === null || added === null) {
        box.textContent = "Odd chips taken out and chips added: whole numbers of chips, 0 or more.";
        box.hidden = false;
        return;
      }
      cmd = { type: "record_colour_up", table: open.table, stacks, chips_removed: removed, chips_added: added };
    }
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
  const recordedOpen = $("#recorded-colour-up-open");
  if (recordedOpen) {
    recordedOpen.addEventListener("click", () => {
      const table = Number($("#recorded-colour-up-table").value);
      if (table) show({ table, recorded: true });
    });
  }
  $("#count-form").addEventListener("submit", submit);
  $("#count-cancel").addEventListener("click", close);
  document.addEventListener("pitboss:changed", () => render(false));

  return { open: show, close, found };
})();

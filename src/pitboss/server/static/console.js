// pitboss: the director's console (plain JavaScript, no build step).
//
// The page re-renders from the director's payload, pushed over the WebSocket after every
// committed event (Pitboss.live). Commands go out through one submit handler: a form with
// data-command="record_bust" sends {type: "record_bust", ...fields}, its inputs named as the
// command's fields (docs/commands.md); data-type says how a value is read (int, bool, list,
// cents, stacks), a dotted name ("details.email") nests, and an empty field is left out so the
// command's default applies. A submit button with data-as sends that command instead; a button
// with data-send='{...}' sends its JSON as it is. Required fields are checked before anything is
// sent (one line next to the form, naming the field); a command that cannot be undone lightly,
// or that looks like a mistake (a name already registered, a level back), is asked about first
// (`askFirst`). Each answer's events[].text goes to the "what happened" strip; a refusal's
// message shows next to the form that sent it (its code only in data-code, for programs).
// Private details (THC 1) are in no payload: a player's are fetched when the director opens
// them and dropped from the page when closed. Beside this file: console_find.js (the type-ahead
// and the questions), console_people.js (how a player reads, what is asked before a command,
// one player's panel at the door), console_log.js (the Log tab: undo, redo, any command).
"use strict";

(() => {
  const stream = document.body.dataset.stream;
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));
  const { esc, money, chips } = Pitboss;
  const { finder, ask, norm } = ConsoleFind;
  let P = JSON.parse($("#console-payload").textContent);
  let lastRegistered = null;
  const finders = [];

  // --- tabs ------------------------------------------------------------------------------

  function showTab(name) {
    $$("nav.tabs [data-tab]").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.tab === name)));
    $$(".panel").forEach((p) => { p.hidden = p.id !== "tab-" + name; });
    document.body.dataset.tab = name;
    if (name === "tables") setTimeout(loadInPlay, 0);
    try { localStorage.setItem("pitboss.tab." + stream, name); } catch (e) { /* private mode */ }
    if (name === "log") loadLog();
  }
  $$("nav.tabs [data-tab]").forEach((b) => b.addEventListener("click", () => showTab(b.dataset.tab)));

  // --- what happened ---------------------------------------------------------------------

  function happened(lines) {
    const list = $("#happened-list");
    for (const text of lines) {
      const li = document.createElement("li");
      li.textContent = text;
      list.prepend(li);
    }
    while (list.children.length > 8) list.lastElementChild.remove();
  }

  function errorBox(el) {
    // the refusal box of a button outside a form: the nearest .error after it or in its block
    for (let n = el; n && n !== document.body; n = n.parentElement) {
      if (n.nextElementSibling && n.nextElementSibling.matches(".error")) return n.nextElementSibling;
      const own = n === el ? null : n.querySelector(":scope > .error");
      if (own) return own;
    }
    return null;
  }

  function showRefusal(box, err) {
    const text = err.message || "Refused: nothing was recorded.";
    if (box) { box.textContent = text; box.hidden = false; box.dataset.code = err.code || ""; }
    happened(["Refused: " + text]);
  }

  async function send(cmd, box) {
    if (box) box.hidden = true;
    try {
      const answer = await Pitboss.command(stream, cmd);
      happened(answer.events.length ? answer.events.map((e) => e.text) : ["Nothing to record: nothing changed."]);
      return answer;
    } catch (err) {
      showRefusal(box, err);
      return null;
    }
  }

  // --- reading a form into a command -----------------------------------------------------

  function setPath(obj, name, value) {
    const parts = name.split(".");
    let at = obj;
    for (const part of parts.slice(0, -1)) at = at[part] = at[part] || {};
    at[parts[parts.length - 1]] = value;
  }

  function readValue(el) {
    const type = el.dataset.type || "text";
    if (type === "bool") return el.checked;
    const raw = el.value.trim();
    if (raw === "") return undefined;
    if (type === "int") return Number.parseInt(raw, 10);
    if (type === "list") return raw.split(/[\s,]+/).filter(Boolean);
    if (type === "cents") return Math.round(Number.parseFloat(raw.replace(/[$,]/g, "")) * 100);
    if (type === "stacks") {
      return raw.split(/\n+/).map((line) => line.trim()).filter(Boolean).map((line) => {
        const [pid, n] = line.split(/[\s:=,]+/);
        return { player_id: pid, chips: Number.parseInt(String(n).replace(/,/g, ""), 10) };
      });
    }
    return raw;
  }

  function formCommand(form, type) {
    const cmd = { type };
    for (const el of $$("[name]", form)) {
      if (el.disabled || el.type === "submit") continue;
      if (el.dataset.type === "checks") continue;
      const value = readValue(el);
      if (value === undefined) continue;
      if (value === false && !el.hasAttribute("data-keep-false")) continue; // the default
      setPath(cmd, el.name, value);
    }
    const checks = $$("input[data-type=checks]:checked", form);
    for (const el of checks) { (cmd[el.name] = cmd[el.name] || []).push(el.value); }
    return cmd;
  }

  const special = {
    propose_deal: (cmd) => {
      if (cmd.method !== "custom") return cmd;
      cmd.custom_amounts_cents = $$("#deal-custom input").map((el) => Math.round(Number.parseFloat(el.value || "0") * 100));
      return cmd;
    },
    rebuy: (cmd) => ({ type: cmd.type, player_id: cmd.player_id }),
    add_on: (cmd) => ({ type: cmd.type, player_id: cmd.player_id }),
    declare_rebuy: (cmd) => ({ type: cmd.type, player_id: cmd.player_id }),
    mark_returned: (cmd) => ({ type: cmd.type, player_id: cmd.player_id }),
    edit_registration: (cmd, form) => {
      // details replace the old ones as a whole: sent only once they were loaded into the form
      if (form.dataset.loaded !== cmd.player_id) delete cmd.details;
      else cmd.details = cmd.details || {};
      return cmd;
    },
  };

  function labelOf(el) {
    if (el.dataset.label) return el.dataset.label;
    const label = el.closest("label");
    const first = label && label.firstChild;
    const text = first && first.nodeType === Node.TEXT_NODE ? first.textContent.trim() : "";
    return text ? "the " + text.toLowerCase() : "every field marked required";
  }

  function unfilled(form) {
    // the first required field left blank (hidden ones are not asked for)
    return $$("[required]", form).find((el) => !el.disabled && !el.closest("[hidden]")
      && (el.type === "checkbox" ? !el.checked : el.value.trim() === ""));
  }

  const checks = {
    record_bust: (cmd) => (cmd.busted && cmd.busted.length ? null
      : "Tick who went out (or type their name in \u201cWho went out?\u201d)."),
  };

  async function askFirst(cmd, after) {
    // the question to ask before sending cmd, if any; true when it may go
    const question = confirmFor[cmd.type] && confirmFor[cmd.type](cmd);
    if (!question) return true;
    return ask(after, question[0], question[1]);
  }

  function refuseHere(box, message) {
    box.textContent = message;
    box.hidden = false;
    box.dataset.code = "not_sent";
  }

  document.addEventListener("submit", async (e) => {
    const form = e.target.closest("form[data-command]");
    if (!form) return;
    e.preventDefault();
    const button = e.submitter;
    const type = (button && button.dataset.as) || form.dataset.command;
    const box = $(".error", form);
    box.hidden = true;
    let cmd = formCommand(form, type);
    if (special[type]) cmd = special[type](cmd, form);
    const wrong = checks[type] && checks[type](cmd);
    if (wrong) { refuseHere(box, wrong); return; }
    const blank = unfilled(form);
    if (blank) { refuseHere(box, `Fill in ${labelOf(blank)}: nothing was sent.`); blank.focus(); return; }
    if (!(await askFirst(cmd, box))) return;
    if (button) button.disabled = true;
    const answer = await send(cmd, box);
    if (button) button.disabled = false;
    if (!answer) return;
    if (form.dataset.reset) {
      for (const name of form.dataset.reset.split(",")) {
        $$(`[name="${name}"], [name^="${name}."]`, form).forEach((el) => {
          if (el.type === "checkbox") el.checked = false; else el.value = "";
        });
      }
      const first = $("input[name=name]", form);
      if (first) first.focus();
    }
    if (form.hasAttribute("data-receipt")) {
      // the pushed payload may have come before the answer: show it now, or when it comes
      if (byId()[cmd.player_id]) showReceipt(cmd.player_id); else lastRegistered = cmd.player_id;
    }
    form.dispatchEvent(new CustomEvent("pitboss:sent", { detail: { cmd, answer } }));
  });

  document.addEventListener("click", async (e) => {
    const button = e.target.closest("button[data-send]");
    if (!button) return;
    const cmd = JSON.parse(button.dataset.send);
    const box = errorBox(button);
    if (!(await askFirst(cmd, box || button))) return;
    button.disabled = true;
    await send(cmd, box);
    button.disabled = false;
  });

  // --- helpers over the payload ----------------------------------------------------------

  const byId = () => Object.fromEntries(P.players.map((p) => [p.player_id, p]));
  const nameOf = (pid) => { const p = byId()[pid]; return p ? p.name : pid; };
  const inPlay = () => P.players.filter((p) => !p.out && p.status === "active");
  const atTable = (t) => inPlay().filter((p) => p.table === t).sort((a, b) => a.seat - b.seat);
  const placeOf = () => {
    const out = {};
    for (const r of P.results) out[r.player_id] = r;
    return out;
  };
  function ordinal(n) {
    const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
    return n + s;
  }
  const people = ConsolePeople.words(() => P);
  const { seatText, statusText, describe, paidText, refundText } = people;
  const confirmFor = people.questions;

  function fillSelect(sel, options, blank) {
    const keep = sel.value;
    const html = (blank !== undefined ? `<option value="">${esc(blank)}</option>` : "")
      + options.map(([v, label]) => `<option value="${esc(v)}">${esc(label)}</option>`).join("");
    if (sel.dataset.html !== html) { sel.innerHTML = html; sel.dataset.html = html; }
    if (options.some(([v]) => String(v) === keep) || (keep === "" && blank !== undefined)) sel.value = keep;
  }

  function playerOption(p) {
    const where = p.out ? (p.status === "active" ? "out" : p.status) : seatText(p);
    return [p.player_id, `${p.name} (${p.player_id}${where ? ", " + where : ""})`];
  }

  // --- rendering -------------------------------------------------------------------------

  function render(payload) {
    P = payload;
    renderBar();
    renderProposal();
    renderDoor();
    renderTables();
    renderClock();
    renderCounter();
    renderMoney();
    renderFloor();
    renderDevices();
    for (const f of finders) f.refresh();
    if (document.body.dataset.tab === "log") loadLog();
  }

  function blindsText(c) {
    if (c.on_break) return "break";
    if (!c.small_blind) return "";
    return `${chips(c.small_blind)}/${chips(c.big_blind)}${c.ante_label ? " ante " + c.ante_label : ""}`;
  }

  function renderBar() {
    const c = P.clock;
    $("#t-name").textContent = P.name;
    $("#t-phase").textContent = P.phase;
    $("#t-phase").dataset.phase = P.phase;
    $("#c-label").textContent = c.started ? c.label : "Not started";
    $("#c-blinds").textContent = c.started ? blindsText(c) : "";
    $("#c-state").textContent = !c.started ? "" : c.running ? "" : "paused";
    $("#b-left").textContent = `${P.players_left} of ${P.entries} left`;
    $("#b-avg").textContent = P.average_stack ? `avg ${chips(P.average_stack)}` : "";
    tick();
  }

  function tick() {
    const c = P.clock;
    const text = c.started ? Pitboss.clockText(Pitboss.countdown(c)) : "";
    $("#c-time").textContent = text;
    $("#k-time").textContent = text || "--:--";
    const limit = c.time_limit_in_ms === null || c.time_limit_in_ms === undefined ? null
      : (typeof c.time_limit_at === "number" && P.phase === "running" ? Pitboss.untilInstant(c.time_limit_at) : c.time_limit_in_ms);
    $("#k-limit").textContent = limit === null ? "" : `Legal time limit in ${Pitboss.clockText(limit)}${P.counter.time_limit_rule ? " (" + P.counter.time_limit_rule + ")" : ""}`;
  }
  setInterval(tick, 250);

  function renderProposal() {
    const box = $("#proposal");
    const prop = P.proposal;
    box.hidden = !prop;
    if (prop) {
      const titles = { move: "Balancing move to confirm", break: "Table to break", redraw: "Final-table redraw" };
      $("#proposal-title").textContent = titles[prop.kind] || "Seat change to confirm";
      box.dataset.kind = prop.kind;
      $("#proposal-lines").innerHTML = prop.lines.map((l) => `<li>${esc(l)}</li>`).join("")
        + (prop.halted_tables.length ? `<li class="muted">Hold table ${prop.halted_tables.join(", ")} until it is done.</li>` : "");
      $("#proposal-slips").hidden = !prop.moves.length;
    }
    const forced = $("#forced-chop");
    const dealMade = P.deals.some((d) => d.approved);
    const dealOpen = P.deals.find((d) => !d.approved && !d.cancelled);
    forced.hidden = !(P.time_limit_reached && !dealMade && P.phase === "stopped");
    if (!forced.hidden) {
      const toCount = limitTablesToCount();
      $("#forced-chop-text").textContent = `Play has stopped at the legal limit${P.counter.time_limit_rule ? " (" + P.counter.time_limit_rule + ")" : ""}: the remaining prizes are divided by ${P.counter.time_limit_chop} count among the ${P.players_left} players still in.`
        + (toCount.length ? ` Count the chips at every table first: ${toCount.map((t) => "table " + t).join(", ")} not counted since the limit.` : " Every table is counted.")
        + (dealOpen ? " The chop is proposed: approve it in Money." : "");
      const html = toCount.map((t) => `<button type="button" class="secondary" data-count-table="${t}">Count table ${t}</button>`).join("");
      const box = $("#forced-chop-counts");
      if (box.dataset.html !== html) { box.innerHTML = html; box.dataset.html = html; }
      $("#forced-chop-propose").hidden = !!dealOpen;
    }
  }

  function limitTablesToCount() {
    // KY 11: a chop by chips divides the chips counted after the limit (tables dealt by a person)
    const c = P.counts || { tables: [] };
    if (c.limit_at === null || c.limit_at === undefined) return [];
    return c.tables.filter((t) => t.dealt_by_a_person && (t.counted_at === null || t.counted_at < c.limit_at)).map((t) => t.table);
  }

  $("#proposal-confirm").addEventListener("click", async (e) => {
    // a break confirmed as shown: the seats its draw gave each player (TDA 10B)
    const prop = P.proposal;
    const cmd = { type: "confirm_seat_change" };
    if (prop && prop.moves.length) {
      cmd.seats = prop.moves.map((m) => ({ player_id: m.player_id, table: m.to_table, seat: m.to_seat }));
      cmd.draw = prop.draw;
    }
    e.currentTarget.disabled = true;
    await send(cmd, $("#proposal .error"));
    $("#proposal-confirm").disabled = false;
  });

  $("#forced-chop-propose").addEventListener("click", async () => {
    const players = inPlay().map((p) => p.player_id);
    const answer = await send({ type: "propose_deal", deal_id: "time-limit", players, method: P.counter.time_limit_chop }, $("#forced-chop .error"));
    if (answer) showTab("money");
  });

  function renderDoor() {
    const k = P.counter;
    const regId = $("#reg-player-id");
    if (!regId.matches(":focus") && (!regId.value || regId.dataset.auto === regId.value || P.players.some((p) => p.player_id === regId.value))) {
      regId.value = P.next_player_id;
      regId.dataset.auto = P.next_player_id;
    }
    $("#reg-state").textContent = k.registration_open ? (k.late ? "late registration open" : "open") : "closed";
    $("#reg-price").textContent = `Entry ${money(k.buy_in_cents + k.fee_cents)}${k.fee_cents ? " (" + money(k.buy_in_cents) + " + " + money(k.fee_cents) + " fee)" : ""} for ${chips(k.starting_chips)} chips.`;
    const L = P.ledger;
    const rows = [
      ["Entries", L.entry_cents + L.fee_cents],
      ["Re-buys", L.rebuy_cents],
      ["Add-ons", L.add_on_cents],
      ["Refunded", -(L.refunded_entry_cents + L.refunded_fee_cents)],
      ["Taken in", L.balance.taken_in - L.balance.refunds],
    ];
    if (L.tickets_in_cents) rows.push(["of which by ticket", L.tickets_in_cents - L.tickets_returned_cents]);
    $("#money-taken").innerHTML = rows.map(([k2, v]) => `<tr${k2 === "Taken in" ? ' id="door-taken-in"' : ""}><th>${k2}</th><td class="num">${money(v)}</td></tr>`).join("");
    $("#players-count").textContent = `${P.players.length} registered`;
    $("#dealer-refund-form").hidden = !(k.dealer_shortage_refund && P.phase === "registration" && P.players.length);
    renderPlayers();
    renderPanel();
    if (lastRegistered && byId()[lastRegistered]) { showReceipt(lastRegistered); lastRegistered = null; }
  }

  // In a bounty event (issue 29): the bounty on each head, the bounty money won, the knockouts.
  function bountyCell(p) {
    if (!P.bounties) return "";
    const won = p.bounty_won_cents || p.knockouts ? ` <small>won ${money(p.bounty_won_cents)} · ${p.knockouts} KO${p.knockouts === 1 ? "" : "s"}</small>` : "";
    return `<td class="num bounty">${p.bounty_cents ? money(p.bounty_cents) : ""}${won}</td>`;
  }

  function renderPlayers() {
    const filter = norm($("#players-filter").value.trim());
    $("#players-bounty").hidden = !P.bounties;
    const rows = P.players.filter((p) => !filter || norm(p.name).includes(filter) || p.player_id.includes(filter)).map((p) => {
      const priv = p.details_filled.length ? ` <span class="badge" title="private details given: ${esc(p.details_filled.join(", "))}">details</span>` : "";
      return `<tr data-player="${esc(p.player_id)}"${p.out ? ' class="out"' : ""}><td>${esc(p.player_id)}</td><td>${esc(p.name)}${priv}</td><td>${seatText(p)}</td>`
        + `<td class="num">${chips(p.chips)}</td>${bountyCell(p)}<td class="num">${esc(paidText(p))}</td><td>${esc(statusText(p))}</td>`
        + `<td class="acts"><button type="button" class="link" data-receipt="${esc(p.player_id)}">receipt</button> `
        + `<button type="button" class="link" data-open="${esc(p.player_id)}">open</button></td></tr>`;
    });
    $("#players-body").innerHTML = rows.join("");
  }
  $("#players-filter").addEventListener("input", renderPlayers);
  document.addEventListener("click", (e) => {
    const b = e.target.closest("[data-receipt]");
    if (b && b.tagName === "BUTTON") showReceipt(b.dataset.receipt);
    const o = e.target.closest("button[data-open]");
    if (o) openPlayer(o.dataset.open);
  });

  // --- one player at the door (console_people.js) ---------------------------------------

  const door = ConsolePeople.panel({ get: () => P, words: people, stream, send, askFirst, showRefusal, showReceipt });
  const openPlayer = door.open;
  const renderPanel = door.render;

  function showReceipt(pid) {
    const p = byId()[pid];
    if (!p) return;
    $("#r-house").textContent = `${P.name} — ${P.house}`;
    $("#r-name").textContent = p.name;
    $("#r-id").textContent = p.player_id;
    $("#r-paid").textContent = paidText(p);
    $("#r-chips").textContent = `${chips(p.chips)}${p.rebuys ? ` (${p.rebuys} re-buy${p.rebuys > 1 ? "s" : ""})` : ""}${p.add_ons ? `, add-on` : ""}`;
    $("#receipt").hidden = false;
  }
  $("#receipt-print").addEventListener("click", () => {
    $("#print-receipt").innerHTML = $("#receipt").innerHTML;
    document.body.classList.add("printing-receipt");
    window.print();
    setTimeout(() => document.body.classList.remove("printing-receipt"), 500);
  });

  function renderTables() {
    const started = P.clock.started;
    const seated = P.players.some((p) => p.table !== null);
    $("#draw-seats").hidden = started || P.phase !== "registration";
    $("#start-tournament").hidden = started || P.phase !== "registration";
    $("#draw-seats").textContent = seated ? "Draw the seats again" : "Draw seats";
    $("#last-slips").hidden = !started;
    for (const sel of $$("select[data-fill=tables]")) fillSelect(sel, P.tables.map((t) => [t, `Table ${t}`]));
    renderBustForm();
    $("#bust-form").hidden = P.phase !== "running";
    $("#bust-form").previousElementSibling.hidden = P.phase !== "running";
    const calls = Object.fromEntries(P.clock_calls.map((c) => [c.table, c]));
    const counts = Object.fromEntries(((P.counts || {}).tables || []).map((c) => [c.table, c]));
    const counting = P.phase === "running" || P.phase === "stopped";
    $("#count-controls").hidden = !counting || !P.tables.length;
    const found = P.counts ? P.counts.chips_found : 0;
    $("#count-summary").textContent = found ? `Counts tonight: ${PitbossCounts.found(found)} in all.` : "";
    $("#tables-list").innerHTML = P.tables.map((t) => {
      const players = atTable(t);
      const total = players.reduce((s, p) => s + p.chips, 0);
      const call = calls[t] ? `<p class="callout">Clock called on ${esc(nameOf(calls[t].player_id))}</p>` : "";
      const count = counts[t];
      const counted = count && count.counted_at !== null
        ? `<p class="count-line ${count.difference > 0 ? "found" : count.difference < 0 ? "missing" : ""}">Counted at ${Pitboss.wallClock(count.counted_at)} by ${esc(count.counted_by)}: ${PitbossCounts.found(count.difference)}.</p>`
        : (count && count.dealt_by_a_person ? `<p class="count-line">Not counted yet: pitboss knows these stacks only from bust-outs.</p>` : "");
      const button = counting ? ` <button type="button" class="small secondary" data-count-table="${t}">Count chips</button>` : "";
      return `<article class="table-card" data-table="${t}"><h3>Table ${t} <small>${players.length} players · ${chips(total)} chips</small>${button}</h3>${counted}${call}`
        + `<div class="in-play" data-in-play="${t}"></div>`
        + `<ol class="seats">${players.map((p) => `<li><span class="seat">${p.seat}</span> ${esc(p.name)} <small>${esc(p.player_id)}</small><span class="num">${chips(p.chips)}</span></li>`).join("")}</ol></article>`;
    }).join("") || `<p class="muted">No tables yet: draw the seats.</p>`;
    renderInPlay();
  }

  // --- every table's hand in progress (the software's, or a dealer's record) -------------

  let handsNow = null;
  let handsBusy = false;

  function handLine(h) {
    if (!h.hand_id) return `<p class="muted">No hand yet.</p>`;
    if (h.source === "floor") return h.in_play ? `<p class="hand-line">Hand ${esc(h.hand_id)} in play</p>` : "";
    const board = h.board && h.board.length ? ` <span class="board">${h.board.map(esc).join(" ")}</span>` : "";
    const pots = h.pots && h.pots.length > 1
      ? ` (${h.pots.map((p, i) => `${i ? "side" : "main"} ${chips(p.amount)}`).join(", ")})` : "";
    const who = h.to_act
      ? `<span class="to-act">${esc(h.to_act.name)} to act${h.to_act.to_call ? ", " + chips(h.to_act.to_call) + " to call" : ""}`
        + (typeof h.to_act.deadline === "number" ? ` · <span class="left" data-deadline="${h.to_act.deadline}"></span>` : "") + `</span>`
      : (h.in_play ? (h.awaiting_award ? `<span class="to-act">pots to award</span>` : "") : `<span class="muted">between hands</span>`);
    const source = h.source === "recorded" ? "recorded by the dealer" : "dealt by the software";
    const ruling = h.last_ruling ? `<p class="ruling">Last ruling: ${esc(h.last_ruling)}</p>` : "";
    const pause = h.source === "dealt"
      ? `<button type="button" class="small secondary" data-table-act="${h.paused ? "resume" : "pause"}" data-table="${h.table}">${h.paused ? "Deal again" : "Pause"}</button>`
      : "";
    return `<p class="hand-line"><b>${esc(h.hand_id)}</b> <small>${source}</small> ${esc(h.street || "")}${board}`
      + ` · pot ${chips(h.pot)}${pots} · ${h.players_in} in the hand${h.paused ? ' · <span class="paused">paused</span>' : ""}</p>`
      + `<p class="hand-line">${who} ${pause}</p>${ruling}`;
  }

  function renderInPlay() {
    const tables = handsNow ? handsNow.tables : [];
    for (const h of tables) {
      const box = $(`[data-in-play="${h.table}"]`);
      if (box) box.innerHTML = handLine(h);
    }
    const dealing = Boolean(handsNow && handsNow.dealing);
    $("#dealing-controls").hidden = !dealing;
    const allPaused = dealing && tables.length > 0 && tables.every((h) => h.paused);
    $("#pause-every-table").hidden = allPaused;
    $("#resume-every-table").hidden = !dealing || !tables.some((h) => h.paused);
    tickInPlay();
  }

  function tickInPlay() {
    for (const el of $$("#tables-list [data-deadline]")) {
      el.textContent = Pitboss.clockText(Pitboss.untilInstant(Number(el.dataset.deadline))) + " left";
    }
  }

  async function loadInPlay() {
    if (handsBusy || document.body.dataset.tab !== "tables" || !P.tables.length) return;
    handsBusy = true;
    try {
      handsNow = await Pitboss.request("GET", `/api/tournaments/${stream}/hands/in-play`);
      renderInPlay();
    } catch (err) { /* the next poll tries again; a refusal shows on the next command */ }
    handsBusy = false;
  }
  setInterval(loadInPlay, 1000);
  setInterval(tickInPlay, 250);
  document.addEventListener("pitboss:changed", loadInPlay);

  async function pauseTables(act, table, box) {
    try {
      await Pitboss.request("POST", `/api/tournaments/${stream}/dealing/${act}`, table === null ? {} : { table });
      happened([`${act === "pause" ? "Paused" : "Dealing again at"} ${table === null ? "every table" : "Table " + table}`]);
      loadInPlay();
    } catch (err) { showRefusal(box, err); }
  }
  $("#tables-list").addEventListener("click", (e) => {
    const b = e.target.closest("[data-table-act]");
    if (b) pauseTables(b.dataset.tableAct, Number(b.dataset.table), null);
  });
  $("#pause-every-table").addEventListener("click", () => pauseTables("pause", null, $("#dealing-controls .error")));
  $("#resume-every-table").addEventListener("click", () => pauseTables("resume", null, $("#dealing-controls .error")));

  function renderBustForm() {
    const tableSel = $("#bust-table");
    const t = Number.parseInt(tableSel.value, 10);
    const players = Number.isNaN(t) ? [] : atTable(t);
    const box = $("#bust-players");
    const checked = new Set($$("input:checked", box).map((el) => el.value));
    const html = players.map((p) => `<label class="check"><input type="checkbox" name="busted" data-type="checks" value="${esc(p.player_id)}"${checked.has(p.player_id) ? " checked" : ""}> ${esc(p.name)} <small>seat ${p.seat} · ${chips(p.chips)}</small></label>`).join("");
    if (box.dataset.html !== html) { box.innerHTML = html; box.dataset.html = html; }
    fillSelect($("#bust-winner"), players.map((p) => [p.player_id, `${p.name} (seat ${p.seat})`]), "— who won the chips —");
    renderBustShared();
    updateBustPlace();
  }

  function renderBustShared() {
    // the other winners of a split pot (shared_with): they share the chips and the bounty
    const t = Number.parseInt($("#bust-table").value, 10);
    const winner = $("#bust-winner").value;
    const out = new Set($$("#bust-players input:checked").map((el) => el.value));
    const players = (Number.isNaN(t) ? [] : atTable(t)).filter((p) => p.player_id !== winner && !out.has(p.player_id));
    const box = $("#bust-shared");
    const kept = new Set($$("input:checked", box).map((el) => el.value));
    const html = players.map((p) => `<label class="check"><input type="checkbox" name="shared_with" data-type="checks" value="${esc(p.player_id)}"${kept.has(p.player_id) ? " checked" : ""}> ${esc(p.name)} <small>seat ${p.seat}</small></label>`).join("");
    if (box.dataset.html !== html) { box.innerHTML = html; box.dataset.html = html; }
    $("#bust-split").hidden = !winner;
  }

  function updateBustPlace() {
    const n = $$("#bust-players input:checked").length;
    const left = P.players_left;
    const el = $("#bust-place");
    if (!P.next_place) { el.textContent = ""; return; }
    if (n <= 1) {
      el.textContent = `The next player out finishes ${ordinal(left)}.`;
    } else {
      el.textContent = `${n} out on one hand take places ${ordinal(left - n + 1)} to ${ordinal(left)}: the smaller stack at the start of the hand finishes lower (KY 8d, THC 3).`;
    }
  }
  $("#bust-table").addEventListener("change", renderBustForm);
  $("#bust-players").addEventListener("change", () => { renderBustShared(); updateBustPlace(); });
  $("#bust-winner").addEventListener("change", renderBustShared);
  $("#bust-form").addEventListener("pitboss:sent", () => {
    // the next bust starts afresh: nobody ticked, nobody chosen as the winner
    $$("#bust-players input, #bust-shared input").forEach((el) => { el.checked = false; });
    $("#bust-winner").value = "";
    renderBustShared();
    updateBustPlace();
  });
  finders.push(finder($("#bust-find"), {
    players: () => inPlay().filter((p) => p.table !== null),
    describe: (p) => `Table ${p.table} seat ${p.seat} · ${chips(p.chips)}`,
    none: "Nobody still in by that name",
    onPick: (p) => {
      const sel = $("#bust-table");
      if (sel.value !== String(p.table)) {
        sel.value = String(p.table);
        $$("#bust-players input").forEach((el) => { el.checked = false; });
        if ($("#bust-winner").value && !atTable(p.table).some((x) => x.player_id === $("#bust-winner").value)) $("#bust-winner").value = "";
      }
      renderBustForm();
      const box = $(`#bust-players input[value="${CSS.escape(p.player_id)}"]`);
      if (box) box.checked = true;
      updateBustPlace();
      $("#bust-form .error").hidden = true;
    },
  }));

  function renderClock() {
    const c = P.clock;
    $("#k-label").textContent = c.started ? c.label : "The clock starts with the tournament";
    $("#k-blinds").textContent = c.started ? blindsText(c) : "";
    $("#k-next").textContent = c.next_label ? `Next: ${c.next_label}${c.next_small_blind ? " " + chips(c.next_small_blind) + "/" + chips(c.next_big_blind) : ""}${c.announcement ? " · " + c.announcement : ""}` : (c.announcement || "");
    $("#clock-pause").hidden = !c.running;
    $("#clock-resume").hidden = c.running || !c.started;
    $("#h4h-state").textContent = c.hand_for_hand ? "on" : "off";
    const levels = [];
    for (let i = 1; i <= c.levels; i += 1) levels.push([i, `Level ${i}${i === c.level && c.started ? " (now)" : ""}`]);
    const jump = $("#jump-level");
    fillSelect(jump, levels);
    if (!jump.dataset.touched) jump.value = String(c.level || 1); // it starts at the current level
  }
  $("#jump-level").addEventListener("change", () => { $("#jump-level").dataset.touched = "1"; });
  $("#jump-form").addEventListener("pitboss:sent", () => { delete $("#jump-level").dataset.touched; });

  function renderCounter() {
    const k = P.counter;
    const parts = [];
    parts.push(k.rebuy.allowed ? (k.rebuy.closed ? `Re-buys closed: ${k.rebuy.closed}.` : `Re-buys open: ${money(k.rebuy.price_cents)} for ${chips(k.rebuy.chips)} chips${k.rebuy.max_per_player ? ", up to " + k.rebuy.max_per_player + " each" : ""}${k.rebuy.eligible_below_chips ? ", below " + chips(k.rebuy.eligible_below_chips) + " chips" : ""}.`) : "No re-buys.");
    parts.push(k.add_on.allowed ? (k.add_on.closed ? `Add-on: ${k.add_on.closed}.` : `Add-on on sale now: ${money(k.add_on.price_cents)} for ${chips(k.add_on.chips)} chips, ${k.add_on.max_per_player} per player.`) : "No add-on.");
    $("#counter-state").textContent = parts.join(" ");
    const declared = P.players.filter((p) => p.rebuy_declared);
    $("#counter-declared").hidden = !declared.length;
    $("#counter-declared").textContent = declared.length
      ? `Re-buys declared, binding (THC 1): ${declared.map((p) => p.name).join(", ")}. Each plays behind and is made when the hand ends, or here when paid: collect ${money(k.rebuy.price_cents)} each, and do not sell a second one.`
      : "";
    const sorted = [...P.players].sort((a, b) => (a.out - b.out) || a.player_id.localeCompare(b.player_id));
    for (const sel of $$("select[data-fill=players-all]")) fillSelect(sel, sorted.map(playerOption), "— choose a player —");
    for (const sel of $$("select[data-fill=players-in]")) fillSelect(sel, inPlay().map(playerOption), sel.dataset.blank || "— choose a player —");
    updateEligibility();
    renderColourUp();
  }

  function updateEligibility() {
    const k = P.counter;
    const p = byId()[$("#counter-player").value];
    const el = $("#counter-eligibility");
    if (!p) { el.textContent = ""; return; }
    const notes = [];
    const r = k.rebuy;
    let rebuyWhy = null;
    if (!r.allowed) rebuyWhy = "no re-buys here";
    else if (r.closed) rebuyWhy = r.closed;
    else if (p.status !== "active") rebuyWhy = `${p.name} is ${p.status}`;
    else if (r.eligible_below_chips !== null && p.chips >= r.eligible_below_chips) rebuyWhy = `only below ${chips(r.eligible_below_chips)} chips; ${p.name} has ${chips(p.chips)}`;
    else if (r.max_per_player !== null && p.rebuys >= r.max_per_player) rebuyWhy = `the limit is ${r.max_per_player} per player`;
    if (p.rebuy_declared) {
      rebuyWhy = null;  // the declared re-buy is owed (THC 1): making it here takes the money
      notes.push(`Re-buy: declared at the table and owed: make it now and collect ${money(r.price_cents)} (one only).`);
    } else {
      notes.push(rebuyWhy ? `Re-buy: not now (${rebuyWhy}).` : `Re-buy: eligible (${p.rebuys} so far).`);
    }
    const a = k.add_on;
    let addWhy = null;
    if (!a.allowed) addWhy = "no add-on here";
    else if (a.closed) addWhy = a.closed;
    else if (p.out || p.chips <= 0) addWhy = `${p.name} has no chips`;
    else if (p.add_ons >= a.max_per_player) addWhy = `already has ${p.add_ons}; ${a.max_per_player} per player`;
    notes.push(addWhy ? `Add-on: not now (${addWhy}).` : "Add-on: eligible.");
    el.textContent = `${p.name}, ${p.out ? "out" : chips(p.chips) + " chips"}. ` + notes.join(" ");
    el.dataset.rebuy = rebuyWhy ? "no" : "yes";
    el.dataset.addOn = addWhy ? "no" : "yes";
  }
  $("#counter-player").addEventListener("change", updateEligibility);
  finders.push(finder($("#counter-find"), {
    players: () => P.players,
    describe,
    onPick: (p) => { $("#counter-player").value = p.player_id; updateEligibility(); $("#counter-form .error").hidden = true; },
  }));
  finders.push(finder($("#door-find"), { players: () => P.players, describe, onPick: (p) => openPlayer(p.player_id) }));

  function renderColourUp() {
    const due = P.colour_up_due;
    const box = $("#colour-up-tables");
    if (!due) {
      const next = P.clock.upcoming_colour_up;
      $("#colour-up-state").textContent = next ? `No colour-up due now. Next: ${next.label}, the ${next.chips.map(chips).join(", ")} chips leave play.` : "No colour-up due now.";
      box.innerHTML = "";
      return;
    }
    $("#colour-up-state").textContent = `Colour-up due: the ${due.chips.map(chips).join(", ")} chips leave play — chip race at every table.`
      + (due.tables_done.length ? ` Done: table ${due.tables_done.join(", ")}.` : "");
    const count = new Set(due.tables_to_count || []);
    const html = due.tables_pending.map((t) => count.has(t)
      ? `<button type="button" data-race="${t}" data-count-table="${t}" data-count-race>Count and race at table ${t}</button>`
      : `<button type="button" data-race="${t}">Chip race at table ${t}</button>`).join("")
      || `<span class="ok">Every table has coloured up.</span>`;
    if (box.dataset.html !== html) { box.innerHTML = html; box.dataset.html = html; }
  }
  $("#colour-up-tables").addEventListener("click", async (e) => {
    const b = e.target.closest("[data-race]");
    if (!b || b.hasAttribute("data-count-table")) return; // counted first (counts.js)
    const t = Number.parseInt(b.dataset.race, 10);
    const seats = atTable(t).map((p) => ({ seat: p.seat, player_id: p.player_id }));
    b.disabled = true;
    await send({ type: "race_colour_up", table: t, seats }, $("#colour-up-error"));
    b.disabled = false;
  });

  function renderMoney() {
    $("#pool").textContent = `prize pool ${money(P.prize_pool_cents)}`;
    $("#payouts-body").innerHTML = P.payouts.map((r) => `<tr><td>${ordinal(r.place)}</td><td class="num">${esc(Pitboss.prize(r.cents, r.seat))}</td></tr>`).join("")
      || `<tr><td colspan="2" class="muted">Computed when play starts.</td></tr>`;
    $("#results-body").innerHTML = P.results.map((r) => {
      const owed = r.prize_cents - r.paid_cents;
      const pay = owed > 0 ? `<button type="button" data-pay="${esc(r.player_id)}">Pay ${money(owed)}</button>` : (r.prize_cents ? `<span class="ok">paid</span>` : r.seat ? `<span class="ok">ticket</span>` : "");
      return `<tr data-player="${esc(r.player_id)}"><td>${esc(r.place)}</td><td>${esc(r.name)}${r.in_deal ? " <small>(deal)</small>" : ""}</td><td class="num">${r.prize_cents || r.seat ? esc(Pitboss.prize(r.prize_cents, r.seat)) : ""}</td><td class="num">${r.paid_cents ? money(r.paid_cents) : ""}</td><td>${pay}</td></tr>`;
    }).join("");
    renderDeals();
    const L = P.ledger.balance;
    // "Taken in" is the Door's figure: the money kept, refunds already out of it
    $("#ledger-body").innerHTML = [
      ["Taken in", L.taken_in - L.refunds], ["Refunds (already taken out)", L.refunds], ["Prize pool", L.prize_pool],
      ["House share", L.house_share], ["Overlay", L.overlay], ["Prizes paid", L.prizes_paid],
      ...(L.prizes_in_tickets ? [["Seats paid as tickets", L.prizes_in_tickets]] : []), ["Prizes unpaid", L.prizes_unpaid],
      // a bounty event's money, apart from the pool (issue 29): kept as bounties, then where it is
      ...(P.bounties ? [["Bounties", L.bounties], ["Bounties won", L.bounties_won], ["Bounties on heads", L.bounties_on_heads],
        ["Bounties to the house", L.bounties_forfeited]] : []),
    ].map(([k, v]) => `<tr${k === "Taken in" ? ' id="money-taken-in"' : ""}><th>${k}</th><td class="num">${money(v)}</td></tr>`).join("");
    const owed = P.results.filter((r) => r.prize_cents > r.paid_cents);
    $("#books-state").textContent = P.books_closed ? "The books are closed: every prize is paid and the ledger is final."
      : P.phase !== "finished" ? "The books close once play is over (a winner or a deal) and every prize is paid."
        : owed.length ? `Still to pay before closing: ${owed.map((r) => `${r.name} ${money(r.prize_cents - r.paid_cents)}`).join(", ")}.`
          : "Every prize is paid: the books can be closed.";
    $("#close-books").hidden = P.books_closed || P.phase !== "finished";
  }
  $("#close-books").addEventListener("click", async (e) => {
    const cmd = { type: "close_books" };
    $("#books-error").hidden = true;
    if (!(await askFirst(cmd, e.currentTarget.parentElement))) return;
    await send(cmd, $("#books-error"));
  });
  $("#results-body").addEventListener("click", async (e) => {
    const b = e.target.closest("[data-pay]");
    if (!b) return;
    b.disabled = true;
    await send({ type: "pay_prize", player_id: b.dataset.pay }, $("#pay-error"));
    b.disabled = false;
  });

  function renderDeals() {
    const remaining = inPlay().map((p) => p.player_id);
    $("#deal-players").value = remaining.join(",");
    $("#deal-players-text").textContent = remaining.length ? `Among the ${remaining.length} players still in: ${remaining.map(nameOf).join(", ")}.` : "";
    const idEl = $("#deal-id");
    if (!idEl.value || idEl.dataset.auto === idEl.value) { idEl.value = `deal-${P.deals.length + 1}`; idEl.dataset.auto = idEl.value; }
    const custom = $("#deal-custom");
    custom.hidden = $("#deal-method").value !== "custom";
    const html = remaining.map((pid) => `<label>${esc(nameOf(pid))} ($) <input data-pid="${esc(pid)}" inputmode="decimal"></label>`).join("");
    if (custom.dataset.html !== html) { custom.innerHTML = html; custom.dataset.html = html; }
    const made = P.deals.some((d) => d.approved);
    $("#deal-form").hidden = made || P.phase === "finished" || remaining.length < 2 || P.deals.some((d) => !d.approved && !d.cancelled);
    $("#deals").innerHTML = P.deals.filter((d) => !d.cancelled).map((d) => {
      const open = !d.approved;
      const toCount = d.tables_to_count || [];
      const withStacks = d.by_chips && d.stacks && d.stacks.length === d.players.length;
      const rows = d.players.map((pid, i) => {
        const agreed = d.consents.includes(pid);
        const consent = open && !d.forced && !toCount.length ? (agreed ? `<span class="ok">agrees</span>` : `<button type="button" class="secondary" data-consent="${esc(pid)}" data-deal="${esc(d.deal_id)}">${esc(nameOf(pid))} agrees</button>`) : "";
        const stack = withStacks ? `<td class="num">${chips(d.stacks[i])}</td><td class="num">${esc(d.percent[i])}</td>` : "";
        return `<tr><td>${esc(nameOf(pid))}</td>${stack}<td class="num">${money(d.amounts_cents[i])}</td><td>${consent}</td></tr>`;
      }).join("");
      const head = `<thead><tr><th>Player</th>${withStacks ? '<th class="num">Chip stack</th><th class="num">% of the chips</th>' : ""}<th class="num">Prize</th><th></th></tr></thead>`;
      const totals = withStacks
        ? `<tfoot><tr><th>Total</th><td class="num">${chips(d.stacks.reduce((a, b) => a + b, 0))}</td><td class="num">100%</td><td class="num">${money(d.amounts_cents.reduce((a, b) => a + b, 0))}</td><td></td></tr></tfoot>` : "";
      const state = d.approved ? "approved" : d.forced ? "forced by the legal time limit: no consent needed" : "proposed";
      const counting = open && toCount.length
        ? `<p class="callout">A deal by chips divides the chips counted: count ${toCount.map((t) => "table " + t).join(", ")} first (every player's chips), then approve it.</p><div class="row">${toCount.map((t) => `<button type="button" class="secondary" data-count-table="${t}">Count table ${t}</button>`).join("")}</div>`
        : "";
      const actions = open ? `<div class="row"><button type="button" data-approve="${esc(d.deal_id)}"${toCount.length ? " disabled" : ""}>Approve the deal</button><button type="button" class="secondary" data-cancel="${esc(d.deal_id)}">Cancel it</button></div>` : "";
      return `<article class="deal" data-deal-id="${esc(d.deal_id)}"><h3>Deal ${esc(d.deal_id)} <small>${esc(methodName(d.method))} · ${esc(state)}</small></h3>`
        + `<table class="deal-shares">${head}<tbody>${rows}</tbody>${totals}</table>${counting}${d.warnings.map((w) => `<p class="warn">${esc(w)}</p>`).join("")}${actions}<p class="error" role="alert" hidden></p></article>`;
    }).join("");
  }
  function methodName(method) {
    return { chip: "chip chop", floor: "chip chop with a floor", icm: "ICM", equal: "equal shares", custom: "custom amounts" }[method || "custom"] || method;
  }
  $("#deal-method").addEventListener("change", renderDeals);
  $("#deals").addEventListener("click", async (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    const box = $(".error", b.closest(".deal"));
    if (b.dataset.consent) await send({ type: "consent_to_deal", deal_id: b.dataset.deal, player_id: b.dataset.consent }, box);
    else if (b.dataset.approve) await send({ type: "approve_deal", deal_id: b.dataset.approve }, box);
    else if (b.dataset.cancel) await send({ type: "cancel_deal", deal_id: b.dataset.cancel }, box);
  });

  function renderFloor() {
    $("#clock-calls").innerHTML = P.clock_calls.map((c) => `<li>Table ${c.table}: clock on ${esc(nameOf(c.player_id))}, runs out in <span data-until="${c.expires_at}"></span></li>`).join("")
      || `<li class="muted">No clock called.</li>`;
  }
  setInterval(() => {
    $$("[data-until]").forEach((el) => { el.textContent = Pitboss.clockText(Pitboss.untilInstant(Number(el.dataset.until))); });
  }, 250);

  // --- table devices ---------------------------------------------------------------------

  function renderDevices() {
    const box = $("#devices");
    const have = $$("[data-device]", box).map((el) => el.dataset.device).join(",");
    if (have === P.tables.join(",")) return;
    box.innerHTML = P.tables.map((t) => `<details data-device="${t}"><summary>Table ${t}</summary>`
      + `<img alt="QR code of table ${t}'s link" width="180" height="180" data-src="/t/${stream}/tables/${t}/qr.svg"><p class="device-url"><a target="_blank" rel="noopener"></a></p></details>`).join("")
      || `<p class="muted">The tables appear once the seats are drawn.</p>`;
  }
  $("#devices").addEventListener("toggle", async (e) => {
    const d = e.target;
    if (!d.open || d.dataset.loaded) return;
    d.dataset.loaded = "1";
    const img = $("img", d);
    img.src = img.dataset.src;
    try {
      const link = await Pitboss.request("GET", `/api/tournaments/${stream}/tables/${d.dataset.device}/link`);
      const a = $("a", d);
      a.href = link.url;
      a.textContent = link.url;
    } catch (err) { showRefusal(null, err); }
  }, true);

  // --- the log, undo and redo, any command (console_log.js) -----------------------------

  const loadLog = ConsoleLog.setup({ stream, send, showRefusal, happened });

  // --- start -----------------------------------------------------------------------------

  let first = "door";
  try { first = localStorage.getItem("pitboss.tab." + stream) || (P.clock.started ? "tables" : "door"); } catch (e) { /* private mode */ }
  render(P);
  showTab(first);
  Pitboss.live(stream, { role: "director" }, render);
  window.PitbossConsole = { payload: () => P, showTab, happened };
})();

// pitboss: the dealer's device at a live table (issue 16). Shows the hand in play (seats,
// stacks, bets, who acts and the call, pots and side pots with their seats, the board, the
// last ruling with its rules) from GET /api/tournaments/{stream}/tables/{table}/recorded and
// sends what the dealer sees through the table's own command address with its token: the
// hand's start, fold/check/call/all-in, chips put in (one chip, a string bet, what was said),
// muck and dead hands, misdeals and exposed cards (KY 19: the replacement confirmed), the
// board, the award or the cards shown. A ruling's options are buttons (RecordChoice). The
// signed-in director also gets the override form (TDA 1), sent as the director. Every refusal
// shows the server's message. The hand's structure (issue 30): in pot-limit the count the dealer
// tells the player to act ("Pot: raise to at most N", SLPT 19: the pot is counted in pot-limit
// only), in fixed-limit the one bet allowed (no range, and "all-in" only when it is). Live: each push of the table's WebSocket refetches the view.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const e = Pitboss.esc;
  const chips = Pitboss.chips;
  const stream = document.body.dataset.stream;
  const root = $("dealer");
  const table = Number(root.dataset.table);
  const token = root.dataset.token;
  const isDirector = root.dataset.director === "true";
  const url = `/api/tournaments/${stream}/tables/${table}/recorded`;

  let view = JSON.parse($("view").textContent);
  let selected = null; // the seat the dealer tapped (null: the player to act)
  let busy = false;
  let fetching = null;
  let again = false;
  let cardTarget = null;
  const winners = {}; // pot index -> Set of seats, at showdown
  const shownCards = {}; // seat -> the cards typed in, kept across renders

  // --- talking to the server ------------------------------------------------------------

  function refused(error) { Pitboss.showError(error, $("error")); }

  function answer(result) {
    $("error").hidden = true;
    const list = $("answers");
    list.innerHTML = result.events.map((ev) => `<li>${e(ev.text)}</li>`).join("") + list.innerHTML;
    while (list.children.length > 12) list.lastElementChild.remove();
  }

  async function refresh() {
    if (fetching) { again = true; return fetching; }
    fetching = (async () => {
      try {
        const next = await Pitboss.request("GET", url, undefined, { "X-Table-Token": token });
        if (next && next.seq >= view.seq) render(next);
      } catch (err) { refused(err); }
    })();
    try { await fetching; } finally { fetching = null; }
    if (again) { again = false; await refresh(); }
    return null;
  }

  async function send(command, opts) {
    if (busy) return false;
    busy = true;
    document.body.dataset.busy = "true";
    try {
      const result = opts && opts.director
        ? await Pitboss.command(stream, command)
        : await Pitboss.command(stream, command, { table, token });
      answer(result);
      selected = null;
      await refresh();
      return true;
    } catch (err) {
      refused(err);
      return false;
    } finally {
      busy = false;
      delete document.body.dataset.busy;
    }
  }

  function record(fields) {
    const hand = view.hand;
    const seat = seatToRecord();
    if (!hand || seat === null) { refused({ message: "tap the seat of the player who acted" }); return null; }
    return send(Object.assign({ type: "record_dealer_input", table, seat }, fields));
  }

  // --- what the view says ---------------------------------------------------------------

  function seatToRecord() {
    const hand = view.hand;
    if (!hand) return null;
    if (selected !== null && hand.seats.some((s) => s.seat === selected)) return selected;
    return hand.actor;
  }

  function seatLine(seat) { return view.hand ? view.hand.seats.find((s) => s.seat === seat) : null; }

  function who(seat) {
    const line = seatLine(seat);
    return line ? `Seat ${seat} · ${line.name}` : `Seat ${seat}`;
  }

  function potName(index) { return index === 0 ? "Main pot" : `Side pot ${index}`; }

  function cardsHtml(text) {
    const cards = (text || "").replace(/\s+/g, "").match(/.{1,2}/g) || [];
    const suit = { s: "♠", h: "♥", d: "♦", c: "♣" };
    return cards.map((c) => {
      const rank = c[0] === "T" ? "10" : c[0];
      const s = c[1] ? c[1].toLowerCase() : "";
      return `<span class="dl-card suit-${e(s)}">${e(rank)}${e(suit[s] || s)}</span>`;
    }).join("");
  }

  function cardCount(text) { return ((text || "").replace(/\s+/g, "").length / 2) | 0; }

  // --- drawing --------------------------------------------------------------------------

  // The ruling sits in the block that stays on screen (#top) wherever the dealer tapped; a new
  // one flashes, so the dealer sees what it asks of the table after every input (issue 31).
  let shownRuling = "";

  function renderRuling(hand) {
    const note = hand ? hand.last_ruling : null;
    $("ruling").hidden = !note;
    const key = note ? `${hand.hand_id} ${JSON.stringify(note)}` : "";
    if (key !== shownRuling && note) {
      $("ruling").classList.remove("fresh");
      void $("ruling").offsetWidth; // restart the flash
      $("ruling").classList.add("fresh");
    }
    shownRuling = key;
    if (!note) return;
    $("ruling-text").textContent = note.message;
    $("ruling-rules").innerHTML = note.rules.map((r) => `<span class="dl-rule">${e(r)}</span>`).join("");
    const parts = [];
    if (note.returned) parts.push(`${chips(note.returned)} back to the player`);
    if (note.owed) parts.push(`${chips(note.owed)} more to put in`);
    if (note.forfeited) parts.push(`${chips(note.forfeited)} forfeited to the pot`);
    if (note.infraction) parts.push(`infraction: ${note.infraction.replace(/_/g, " ")}${note.sanction ? " (" + note.sanction.replace(/_/g, " ") + ")" : ""}`);
    const on = note.seat !== null && note.seat !== undefined && parts.length ? `${who(note.seat)}: ` : "";
    $("ruling-chips").textContent = on + parts.join(" · ");
    $("ruling-chips").hidden = !parts.length;
    const over = note.overridden;
    $("ruling-override").hidden = !over;
    $("ruling-override").textContent = over ? `Overridden by the director (TDA 1): ${over.reason}; ruled instead: ${over.instead}` : "";
  }

  function renderStart() {
    const open = !view.hand;
    $("start").hidden = !open;
    if (!open) return;
    $("players").innerHTML = view.players.length
      ? view.players.map((p) => `<li><span class="seat">${e(p.seat)}</span><span>${e(p.name)}${view.button === p.seat ? ' <span class="button-mark" title="dealer button">D</span>' : ""}</span><span class="chips">${e(chips(p.chips))}</span></li>`).join("")
      : '<li class="muted">No one is seated at this table.</li>';
    $("start-hand").textContent = `Start hand ${view.next_hand_id}`;
    $("start-hand").disabled = view.players.length < 2;
    $("start-note").textContent = view.hand_error
      ? view.hand_error.message
      : "When the cards are shuffled, start the hand: pitboss posts the blinds and keeps the pots.";
  }

  function renderSeats(hand) {
    const current = seatToRecord();
    $("seats").innerHTML = hand.seats.map((s) => {
      const cls = [s.is_actor ? "actor" : "", s.is_in ? "" : "out", s.is_all_in ? "allin" : "",
        s.seat === current ? "selected" : "", hand.held.includes(s.seat) ? "held" : ""].filter(Boolean).join(" ");
      const state = !s.is_in ? "out" : s.is_all_in ? "all-in" : s.is_actor ? (hand.to_call ? `to act · ${chips(hand.to_call)} to call` : "to act") : "";
      return `<li data-seat="${e(s.seat)}" class="${cls}"><button type="button" class="dl-seat" data-seat="${e(s.seat)}" aria-pressed="${s.seat === current}">`
        + `<span class="seat">${e(s.seat)}</span>`
        + `<span class="dl-name">${e(s.name)}${s.position ? ` <span class="dl-pos">${e(s.position)}</span>` : ""}<small class="dl-state">${e(state)}</small></span>`
        + `<span class="dl-stack">${e(chips(s.stack))}</span>`
        + `<span class="dl-bet">${s.bet ? e(chips(s.bet)) : ""}</span></button></li>`;
    }).join("");
  }

  function renderPots(hand) {
    const total = hand.pots.reduce((sum, p) => sum + p.amount, 0);
    $("pots").innerHTML = hand.pots.map((p) =>
      `<p class="dl-pot" data-pot="${e(p.index)}"><b>${e(potName(p.index))}</b> <span class="dl-amount">${e(chips(p.amount))}</span> <small>seats ${e(p.eligible.join(", "))}</small></p>`).join("")
      + (hand.pots.length > 1 ? `<p class="dl-pot total"><small>in all ${e(chips(total))}</small></p>` : "");
    $("board-cards").innerHTML = hand.board ? cardsHtml(hand.board) : '<span class="muted">no board yet</span>';
  }

  function renderAct(hand) {
    const betting = hand.actor !== null && !hand.awaiting_award;
    $("act").hidden = !betting || hand.options.length > 0 || hand.replacements.length > 0;
    const seat = seatToRecord();
    if (betting && seat !== null) {
      const out = seat !== hand.actor;
      const line = seatLine(seat);
      const cost = out ? "" : hand.to_call ? ` · ${chips(hand.to_call)} to call` : " · nothing to call";
      let raise = "";
      if (!out && hand.min_raise_to) {
        const verb = hand.to_call ? "raise to" : "bet";
        const allIn = line && hand.max_raise_to === line.stack + line.bet ? " (all-in)" : "";
        raise = hand.min_raise_to === hand.max_raise_to
          ? ` · ${verb} ${chips(hand.max_raise_to)}${allIn}`
          : ` · ${verb} ${chips(hand.min_raise_to)}–${chips(hand.max_raise_to)}${allIn}`;
      }
      const pot = !out && hand.pot_limit_to !== null && hand.pot_limit_to !== undefined;
      $("pot-limit").hidden = !pot;
      $("pot-limit").textContent = pot ? `Pot: ${hand.to_call ? "raise to" : "bet"} at most ${chips(hand.pot_limit_to)}` : "";
      $("act-who").innerHTML = `<b>${e(who(seat))}</b>${out ? ` <span class="dl-warn">out of turn (${e(who(hand.actor))} is to act)</span>` : " to act"}${e(cost)}${e(raise)}`
        + (line ? ` <small>stack ${e(chips(line.stack))}</small>` : "");
      $("call").textContent = !out && hand.to_call ? `Call ${chips(hand.to_call)}` : "Call";
      // the likely word stands out: a call facing a bet, a check when nothing is to call
      const facing = out || hand.to_call > 0;
      $("call").classList.toggle("secondary", !facing);
      $("check").classList.toggle("secondary", facing);
    }
    $("chips").step = hand.chip_unit || 1;
  }

  function renderChoice(hand) {
    $("choice").hidden = !hand.options.length;
    $("options").innerHTML = hand.options.map((text, i) =>
      `<button type="button" data-option="${i}">${e(text)}</button>`).join("");
  }

  function renderReplace(hand) {
    $("replace").hidden = !hand.replacements.length;
    $("replacements").innerHTML = hand.replacements.map((r) =>
      `<p class="dl-replace-line">Replace the exposed card for <b>seat ${e(r.seat)}</b>${r.name ? " (" + e(r.name) + ")" : ""}: card ${e(r.place)} of the deal; the exposed card becomes the burn card (${e(r.rules.join(", "))}).</p>`
      + `<button type="button" data-place="${e(r.place)}">Replacement dealt to seat ${e(r.seat)}</button>`).join("");
  }

  function renderShowdown(hand) {
    $("showdown").hidden = !hand.awaiting_award;
    if (!hand.awaiting_award) return;
    for (const key of Object.keys(winners)) if (!hand.pots.some((p) => String(p.index) === key)) delete winners[key];
    $("award-pots").innerHTML = hand.pots.map((p) => {
      const chosen = winners[p.index] || new Set();
      return `<div class="dl-award" data-pot="${e(p.index)}"><p><b>${e(potName(p.index))}</b> ${e(chips(p.amount))}</p><div class="dl-winners">`
        + p.eligible.map((s) => `<button type="button" class="secondary${chosen.has(s) ? " chosen" : ""}" data-pot="${e(p.index)}" data-winner="${e(s)}" aria-pressed="${chosen.has(s)}">${e(who(s))}</button>`).join("")
        + "</div></div>";
    }).join("");
    const live = hand.seats.filter((s) => s.is_in);
    $("shown").innerHTML = live.map((s) =>
      `<label>${e(who(s.seat))} <input type="text" data-cards="${e(hand.hole_cards || 2)}" data-shown="${e(s.seat)}" value="${e(shownCards[s.seat] || "")}" placeholder="not shown" autocapitalize="off" spellcheck="false"></label>`).join("");
  }

  function renderFaults(hand) {
    const order = hand.deal_order || [];
    const n = order.length;
    const options = [];
    const nth = ["first", "second", "third", "fourth"];
    for (let round = 0; round < (hand.hole_cards || 2); round++) {
      order.forEach((seat, i) => {
        options.push(`<option value="${round * n + i + 1}">card ${round * n + i + 1}: ${e(who(seat))}'s ${nth[round] || `no. ${round + 1}`} card</option>`);
      });
    }
    const keep = $("exposed").value;
    $("exposed").innerHTML = options.join("");
    if (keep) $("exposed").value = keep;
    const keepSeat = $("dead-seat").value;
    $("dead-seat").innerHTML = hand.seats.filter((s) => s.is_in).map((s) => `<option value="${e(s.seat)}">${e(who(s.seat))}</option>`).join("");
    if (keepSeat) $("dead-seat").value = keepSeat;
  }

  // A choice or a card to replace asked by the ruling: brought below the block on screen
  // when it appears, wherever the dealer was on the page.
  function bringIntoView(panel) {
    const below = $("top").getBoundingClientRect().bottom;
    const box = panel.getBoundingClientRect();
    if (box.top < below || box.top > window.innerHeight - 80) window.scrollBy(0, box.top - below - 8);
  }

  function render(next) {
    const asked = !$("choice").hidden || !$("replace").hidden;
    const handChanged = !view.hand || !next.hand || view.hand.hand_id !== next.hand.hand_id;
    view = next;
    if (handChanged) {
      for (const key of Object.keys(winners)) delete winners[key];
      for (const key of Object.keys(shownCards)) delete shownCards[key];
      $("board").value = next.hand ? next.hand.board : "";
    } else if (next.hand && cardCount($("board").value) < cardCount(next.hand.board)) {
      $("board").value = next.hand.board;
    }
    const c = view.level;
    $("name").textContent = view.name;
    $("level").textContent = c.label;
    $("blinds").textContent = c.on_break ? "BREAK" : `${chips(c.small_blind)} / ${chips(c.big_blind)}`;
    $("ante").textContent = c.ante_label ? `Ante ${c.ante_label}` : "";
    const hand = view.hand;
    $("hand-id").textContent = hand ? `Hand ${hand.hand_id}` : "";
    $("game").textContent = hand && hand.game_name ? hand.game_name : "";
    $("street").textContent = hand ? (hand.awaiting_award ? "showdown" : hand.street) : "";
    renderStart();
    renderRuling(hand);
    $("hand").hidden = !hand;
    if (hand) {
      renderChoice(hand);
      renderReplace(hand);
      renderSeats(hand);
      renderPots(hand);
      renderAct(hand);
      renderShowdown(hand);
      renderFaults(hand);
    } else {
      $("choice").hidden = true;
      $("replace").hidden = true;
    }
    targetText();
    const ask = ["choice", "replace"].map($).find((panel) => !panel.hidden);
    if (ask && !asked) bringIntoView(ask);
    document.body.dataset.seq = view.seq;
    document.body.dataset.hand = hand ? hand.hand_id : "";
  }

  // --- the card picker ------------------------------------------------------------------

  function targetText() {
    const t = cardTarget && document.body.contains(cardTarget) ? cardTarget : $("board");
    const what = t.dataset.shown ? `${who(Number(t.dataset.shown))}'s cards` : "the board";
    $("picker-target").textContent = `The cards go to ${what}.`;
  }

  function target() {
    if (cardTarget && document.body.contains(cardTarget)) return cardTarget;
    return $("board");
  }

  document.addEventListener("focusin", (ev) => {
    if (ev.target.matches && ev.target.matches("input[data-cards]")) { cardTarget = ev.target; targetText(); }
  });

  let rank = null;
  $("picker").addEventListener("click", (ev) => {
    const button = ev.target.closest("button");
    if (!button) return;
    const input = target();
    const cards = (input.value.replace(/\s+/g, "").match(/.{1,2}/g) || []);
    if (button.dataset.rank) {
      rank = button.dataset.rank;
      document.querySelectorAll("#picker [data-rank]").forEach((b) => b.classList.toggle("chosen", b === button));
      return;
    }
    if (button.dataset.back !== undefined) {
      cards.pop();
    } else if (button.dataset.suit && rank) {
      if (cards.length >= Number(input.dataset.cards || 5)) { refused({ message: `that is ${input.dataset.cards} cards already: remove one first (⌫)` }); return; }
      cards.push(rank + button.dataset.suit);
      rank = null;
      document.querySelectorAll("#picker [data-rank]").forEach((b) => b.classList.remove("chosen"));
    } else if (button.dataset.suit) {
      refused({ message: "tap the rank first, then the suit" });
      return;
    }
    input.value = cards.join(" ");
    if (input.dataset.shown) shownCards[input.dataset.shown] = input.value;
  });

  $("hand").addEventListener("input", (ev) => {
    if (ev.target.dataset && ev.target.dataset.shown) shownCards[ev.target.dataset.shown] = ev.target.value;
  });

  // --- the buttons ----------------------------------------------------------------------

  $("start-hand").addEventListener("click", async () => {
    const command = { type: "start_hand", hand_id: view.next_hand_id, table };
    if (busy) return;
    busy = true;
    try {
      let result;
      try {
        result = await Pitboss.command(stream, command, { table, token });
      } catch (err) {
        if (err.code !== "duplicate_hand") throw err;
        await refresh(); // another device took the id: try once more with the next one
        result = await Pitboss.command(stream, { ...command, hand_id: view.next_hand_id }, { table, token });
      }
      answer(result);
      selected = null;
    } catch (err) { refused(err); }
    finally { busy = false; }
    await refresh();
  });

  $("seats").addEventListener("click", (ev) => {
    const button = ev.target.closest("button[data-seat]");
    if (!button || !view.hand) return;
    const seat = Number(button.dataset.seat);
    selected = seat === view.hand.actor ? null : seat;
    renderSeats(view.hand);
    renderAct(view.hand);
  });

  document.querySelectorAll("[data-say]").forEach((button) => {
    button.addEventListener("click", () => record({ declaration: button.dataset.say }));
  });

  $("muck").addEventListener("click", () => {
    const seat = seatToRecord();
    if (seat === null) return;
    send({ type: "kill_hand", table, seat, cause: "mucked", tabled_winner: false });
  });

  $("chips-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const amount = $("amount").value.trim();
    const fields = {
      chips: Number($("chips").value || 0),
      single_chip: $("single-chip").checked,
      string_bet: $("string-bet").checked,
      declaration: $("declaration").value,
      amount: amount ? Number(amount) : null,
    };
    if (await record(fields)) {
      $("chips-form").reset();
    }
  });

  $("options").addEventListener("click", (ev) => {
    const button = ev.target.closest("button[data-option]");
    if (button) send({ type: "record_choice", table, option: Number(button.dataset.option) });
  });

  $("replacements").addEventListener("click", (ev) => {
    const button = ev.target.closest("button[data-place]");
    if (button) send({ type: "confirm_replacement_card", table, place: Number(button.dataset.place) });
  });

  $("enter-board").addEventListener("click", () => {
    const cards = $("board").value.trim();
    if (!cards) { refused({ message: "tap the board cards first (rank, then suit)" }); return; }
    send({ type: "record_board", table, cards });
  });

  $("award-pots").addEventListener("click", (ev) => {
    const button = ev.target.closest("button[data-winner]");
    if (!button) return;
    const pot = Number(button.dataset.pot);
    const seat = Number(button.dataset.winner);
    const chosen = winners[pot] || (winners[pot] = new Set());
    if (chosen.has(seat)) chosen.delete(seat); else chosen.add(seat);
    renderShowdown(view.hand);
  });

  $("award").addEventListener("click", () => {
    const pots = view.hand ? view.hand.pots : [];
    const missing = pots.filter((p) => !(winners[p.index] && winners[p.index].size));
    if (missing.length) { refused({ message: `tap the winner of the ${missing.map((p) => potName(p.index).toLowerCase()).join(" and the ")}` }); return; }
    send({ type: "award_pots", table, winners: pots.map((p) => [...winners[p.index]].sort((a, b) => a - b)) });
  });

  $("read-hands").addEventListener("click", () => {
    const shown = [...document.querySelectorAll("#shown input[data-shown]")]
      .filter((i) => i.value.trim())
      .map((i) => ({ seat: Number(i.dataset.shown), cards: i.value.replace(/\s+/g, "") }));
    if (!shown.length) { refused({ message: "enter the cards each player showed (a hand not shown concedes)" }); return; }
    const board = $("board").value.trim();
    const entered = view.hand ? view.hand.board : "";
    send({ type: "record_showdown", table, shown, board: board.replace(/\s+/g, "") === entered.replace(/\s+/g, "") ? "" : board });
  });

  $("misdeal-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const irregularity = $("irregularity").value || null;
    send({ type: "record_misdeal", table, exposed: [], irregularity });
  });

  $("exposed-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const place = Number($("exposed").value);
    if (!place) return;
    send({ type: "record_misdeal", table, exposed: [place], irregularity: null });
  });

  $("dead-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ type: "kill_hand", table, seat: Number($("dead-seat").value), cause: $("dead-cause").value, tabled_winner: $("tabled-winner").checked });
  });

  if (isDirector && $("override-form")) {
    $("override-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const action = $("override-action").value || null;
      const amount = $("override-amount").value.trim();
      const command = {
        type: "override_table_ruling",
        table,
        reason: $("override-reason").value,
        action,
        amount: amount ? Number(amount) : null,
        dead_chips: Number($("override-dead").value || 0),
      };
      if (await send(command, { director: true })) $("override-form").reset();
    });
  }

  // the table's chips counted between hands (issue 24); while a colour-up is due, its race
  const count = DeviceCount.mount({
    form: $("count"),
    table,
    players: () => (view.counting && !view.hand ? view.players : []),
    colourUp: () => (view.colour_up && view.colour_up.needs_count ? view.colour_up : null),
    send: (command) => send(command),
    refused,
  });

  render(view);
  Pitboss.live(stream, { role: "table", table, token }, () => { refresh().then(() => count.render()); });
})();

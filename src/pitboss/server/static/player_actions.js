// pitboss: acting at the player's table (issue 14, issue 31), as a poker client does it.
// On the player's turn: only the legal actions and amounts the server sent, the amount by
// slider, by -/+ one big blind, typed exactly (checked here before it is sent: nothing out of
// range leaves the page) or by quick bets computed from the real pot. While another acts: a
// pre-action for the coming turn, applied only if it is still legal and still means the same
// ("Check" lapses once someone bets, "Call 400" once the call is no longer 400; the player is
// told). A sound and a vibration when the turn comes, each switchable and remembered on the
// phone. Sent on the table's socket (player.js: window.pitbossTable) with the turn it answers.
// The amounts are the structure's own (issue 30): the top is the whole stack in no-limit
// ("All-in"), the pot in pot-limit ("Pot", and the pot-limit maximum told: SLPT 19), and in
// fixed-limit the one bet allowed is one button ("Bet 200", "Raise to 400"), no slider.
(function () {
  "use strict";
  const T = window.pitbossTable;
  if (!T || !T.player) return;
  const { $, chips } = T;

  let amount = NaN;  // the bet or raise-to chosen this turn (NaN: an unreadable typed amount)
  let typed = false;  // the amount was typed: it is checked, never corrected, when sent
  let amountTurn = null;  // the turn (hand#turn) the amount is for
  let answered = null;  // the turn already answered: its panel stays hidden until the view moves on
  let alerted = null;  // the turn the sound and vibration were given for
  let pre = null;  // the pre-action chosen for the coming turn: {kind, amount}
  let seen = { hand: null, street: null };  // a new hand or street clears the pre-action

  const turnKey = (v) => (v.hand && v.legal ? `${v.hand.hand_id}#${v.legal.turn}` : null);
  const roundDown = (n, unit) => Math.floor(n / unit) * unit;
  const mySeat = (v) => (v.hand ? v.hand.seats.find((s) => s.player_id === T.player) : null);

  function bigBlind(v) {
    // the hand in play was dealt at its level's blinds, the clock may have moved on since
    const c = v.clock || {};
    return (v.hand && v.hand.big_blind) || c.big_blind || 1;
  }

  // --- a note in the panel: a refusal, a pre-action applied or cleared ------------------------
  function note(text, kind) {
    // kind: "info" (a pre-action done), "warn" (a pre-action lapsed), else a refusal
    const box = $("act-note");
    box.textContent = text;
    box.classList.toggle("info", kind === "info");
    box.classList.toggle("warn", kind === "warn");
    box.hidden = false;
  }
  function hideNote() { $("act-note").hidden = true; }

  // --- the amount -----------------------------------------------------------------------------
  const QUICK = [["\u00bd pot", 1, 2], ["\u00be pot", 3, 4], ["Pot", 1, 1]];

  // The top of the amounts: "All-in" when it is the whole stack, else the structure's limit
  // ("Pot" in pot-limit; in fixed-limit the one bet has no slider: `single`).
  const isAllIn = (to, legal) => !legal.all_in_to || to >= legal.all_in_to;
  const topName = (legal) => (isAllIn(legal.max_raise_to, legal) ? "All-in" : legal.structure === "pot_limit" ? "Pot" : "Max");
  const single = (legal) => legal.min_raise_to !== null && legal.min_raise_to === legal.max_raise_to;

  function quickBets(legal) {
    // PokerStars' convention: a pot-sized raise is the call plus the pot after the call (the
    // pot holding every bet in front of the players), so raise-to = bet + call + (pot + call)
    // times the part; rounded down to the smallest chip; only amounts the rules allow, the
    // largest the true maximum (the pot in pot-limit), never more.
    const out = [];
    const min = legal.min_raise_to, max = legal.max_raise_to, unit = legal.chip_unit || 1;
    if (min === null || max === null) return out;
    const potAfterCall = legal.pot + legal.call_amount;
    for (const [label, num, den] of QUICK) {
      const to = roundDown(legal.bet + legal.call_amount + Math.floor((potAfterCall * num) / den), unit);
      if (to >= min && to < max) out.push([label, to]);
    }
    out.push([topName(legal), max]);
    return out;
  }

  function snap(to, legal) {
    // the nearest legal amount at or below ``to``: never under the minimum, all-in at the top
    if (to >= legal.max_raise_to) return legal.max_raise_to;
    return Math.max(legal.min_raise_to, roundDown(to, legal.chip_unit || 1));
  }

  function refusal(to, legal) {
    // what is wrong with a typed amount, in the player's words (null: it may be sent)
    const min = legal.min_raise_to, max = legal.max_raise_to, unit = legal.chip_unit || 1;
    const smallest = legal.raise_kind === "bet" ? `The smallest bet is ${chips(min)}` : `The smallest raise is to ${chips(min)}`;
    const top = isAllIn(max, legal) ? "all-in" : legal.structure === "pot_limit" ? "the pot: pot-limit" : "the limit";
    const only = isAllIn(max, legal) ? `You can only go all-in: ${chips(max)}.` : `In fixed-limit the only ${legal.raise_kind === "bet" ? "bet is" : "raise is to"} ${chips(max)}.`;
    const allowed = min === max ? only : `${smallest}; you can bet up to ${chips(max)} (${top}).`;
    if (!Number.isFinite(to)) return `Type an amount. ${allowed}`;
    if (to < min || to > max) return allowed;
    if (to !== max && to % unit !== 0) {
      const low = Math.max(min, roundDown(to, unit));
      return `The smallest chip in play is ${chips(unit)}: ${chips(low)} or ${chips(Math.min(max, low + unit))}.`;
    }
    return null;
  }

  function raiseLabel() {
    const legal = T.view().legal;
    if (!legal || legal.min_raise_to === null || legal.max_raise_to === null) return;
    const verb = legal.raise_kind === "bet" ? "Bet" : "Raise to";
    const known = Number.isFinite(amount);
    // at the top: "All-in" (the whole stack), "Pot" (pot-limit); fixed-limit's one bet is a bet
    const top = known && amount === legal.max_raise_to && !(single(legal) && !isAllIn(amount, legal));
    const head = top ? topName(legal) : verb;
    $("act-raise").innerHTML = `${head} <output id="raise-out">${known ? chips(amount) : "?"}</output>`;
    if (!typed) $("raise-to").value = known ? String(amount) : "";
    $("raise-to").removeAttribute("aria-invalid");
    $("raise-range").value = String(known ? Math.min(Math.max(amount, legal.min_raise_to), legal.max_raise_to) : legal.min_raise_to);
    document.querySelectorAll("#quick button").forEach((b) => b.classList.toggle("on", Number(b.dataset.to) === amount));
  }

  function choose(to) {
    amount = to;
    typed = false;
    hideNote();
    raiseLabel();
  }

  // --- the turn -------------------------------------------------------------------------------
  function drawTurn(v) {
    const legal = v.legal;
    const show = (id, on, text) => { const b = $(id); b.hidden = !on; if (text !== undefined) b.textContent = text; };
    const betting = !legal.can_show && !legal.can_muck;
    const me = mySeat(v);
    const callsAllIn = me && legal.call_amount > 0 && legal.call_amount >= me.stack;
    show("act-fold", betting && legal.can_fold && !legal.can_check);
    show("act-check", betting && legal.can_check);
    show("act-call", betting && legal.call_amount > 0, `Call ${chips(legal.call_amount)}${callsAllIn ? " (all-in)" : ""}`);
    const canRaise = betting && legal.min_raise_to !== null && legal.max_raise_to !== null;
    show("act-show", legal.can_show);
    show("act-muck", legal.can_muck);
    // one amount only (fixed-limit's one bet, or all-in for less): one button, no slider
    $("sizes").hidden = !canRaise || single(legal);
    $("act-raise").hidden = !canRaise;
    const potLimit = canRaise && legal.pot_limit_to !== null && legal.pot_limit_to !== undefined;
    $("pot-limit").hidden = !potLimit;  // the pot told in pot-limit only (SLPT 19, TDA 54)
    $("pot-limit").textContent = potLimit ? `Pot limit: ${legal.raise_kind === "bet" ? "bet" : "raise to"} at most ${chips(legal.pot_limit_to)}` : "";
    if (canRaise) {
      const key = turnKey(v);
      if (key !== amountTurn || single(legal)) { amountTurn = key; amount = legal.min_raise_to; typed = false; }
      const range = $("raise-range");
      range.min = legal.min_raise_to;
      range.max = legal.max_raise_to;
      range.step = legal.chip_unit || 1;
      const bb = bigBlind(v);
      $("raise-less").setAttribute("aria-label", `${chips(bb)} less`);
      $("raise-more").setAttribute("aria-label", `${chips(bb)} more`);
      $("quick").innerHTML = quickBets(legal).map(([label, to]) =>
        `<button type="button" data-to="${to}">${T.esc(label)}</button>`).join("");
      raiseLabel();
    }
    $("actions").hidden = false;
  }

  function act(action, to) {
    const v = T.view(), legal = v.legal;
    if (!legal) return false;
    const frame = { type: "act", action, action_id: T.nextId("act"), turn: legal.turn };
    if (to !== undefined) frame.amount = to;
    if (!T.send(frame)) {
      note("Not connected: the table is reconnecting. Try again in a moment.");
      return false;
    }
    answered = turnKey(v);
    $("actions").hidden = true;  // until the next view says otherwise
    return true;
  }

  function press(action) {
    hideNote();
    act(action);
  }

  function raise() {
    const legal = T.view().legal;
    if (!legal || legal.min_raise_to === null) return;
    const problem = refusal(amount, legal);
    if (problem) {  // refused here: nothing is sent
      note(problem);
      $("raise-to").setAttribute("aria-invalid", "true");
      return;
    }
    hideNote();
    act(legal.raise_kind, amount);
  }

  function step(sign) {
    const v = T.view(), legal = v.legal;
    if (!legal || legal.min_raise_to === null) return;
    const from = Number.isFinite(amount) ? amount : legal.min_raise_to;
    choose(snap(Math.max(legal.min_raise_to, from + sign * bigBlind(v)), legal));
  }

  // --- pre-actions ----------------------------------------------------------------------------
  const PRE_NAMES = { check_fold: "Check/Fold", check: "Check", call: "Call", call_any: "Call any", fold_any: "Fold to any bet" };

  function lapsed(toCall) {
    return `Pre-action cleared: the bet changed (${chips(toCall)} to call now).`;
  }

  function stillMeant(choice, toCall) {
    // a "Check" means no bet to call; a "Call N" means exactly N: else the choice lapses
    if (choice.kind === "check") return toCall === 0;
    if (choice.kind === "call") return toCall === choice.amount;
    return true;
  }

  function decide(choice, legal) {
    // the action a pre-action makes now, or null when it lapsed (never a raise)
    if (!stillMeant(choice, legal.call_amount)) return null;
    if (choice.kind === "check_fold" || choice.kind === "fold_any") return legal.can_check ? "check" : "fold";
    if (choice.kind === "check") return legal.can_check ? "check" : null;
    if (choice.kind === "call") return legal.call_amount > 0 ? "call" : null;
    if (choice.kind === "call_any") return legal.call_amount > 0 ? "call" : legal.can_check ? "check" : null;
    return null;
  }

  function applyPre(v) {
    const legal = v.legal, choice = pre;
    if (legal.can_show || legal.can_muck) { pre = null; return false; }  // a showdown, not a bet
    const action = decide(choice, legal);
    if (choice.kind !== "fold_any" || action === null) pre = null;  // "fold to any bet" holds for the hand
    if (action === null) {
      note(lapsed(legal.call_amount), "warn");
      return false;
    }
    if (!act(action)) return false;
    const done = action === "check" ? "checked" : action === "fold" ? "folded" : `called ${chips(legal.call_amount)}`;
    note(`You ${done} (pre-action: ${PRE_NAMES[choice.kind]}).`, "info");
    return true;
  }

  function drawPre(v) {
    const box = $("pre-actions");
    const w = v.waiting;
    box.hidden = !w;
    if (!w) return;
    const free = w.to_call === 0;
    $("pre-check-fold").textContent = free ? "Check/Fold" : "Fold";
    $("pre-check").hidden = !free;
    $("pre-call").hidden = free;
    $("pre-call").textContent = `Call ${chips(w.to_call)}${w.all_in ? " (all-in)" : ""}`;
    box.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(!!pre && pre.kind === b.dataset.pre)));
  }

  function pick(kind) {
    const w = T.view().waiting;
    if (!w || !PRE_NAMES[kind]) return;
    pre = pre && pre.kind === kind ? null : { kind, amount: kind === "call" ? w.to_call : null };
    hideNote();
    drawPre(T.view());
  }

  // --- the turn's sound and vibration (switches remembered on this phone) --------------------
  const PREFS = { sound: "pitboss.turn.sound", vibrate: "pitboss.turn.vibrate" };
  const canVibrate = typeof navigator.vibrate === "function";
  let audio = null;

  function isOn(name) {
    try { return localStorage.getItem(PREFS[name]) !== "off"; } catch (err) { return true; }
  }

  function turnOn(name, on) {
    try { localStorage.setItem(PREFS[name], on ? "on" : "off"); } catch (err) { console.error(err); }
    drawAlerts();
  }

  function drawAlerts() {
    const sound = $("turn-sound"), buzz = $("turn-vibrate");
    sound.setAttribute("aria-pressed", String(isOn("sound")));
    sound.textContent = isOn("sound") ? "Sound on" : "Sound off";
    buzz.hidden = !canVibrate;  // no vibration on this phone (an iPhone's browser): no switch
    buzz.setAttribute("aria-pressed", String(isOn("vibrate")));
    buzz.textContent = isOn("vibrate") ? "Vibrate on" : "Vibrate off";
  }

  function audioContext() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    return audio;
  }

  function unlockAudio() {
    // a phone plays sound only once the page was touched: the context is woken on a touch
    if (!isOn("sound")) return;
    const ctx = audioContext();
    if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
  }

  function beep() {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    const t = ctx.currentTime;
    for (const [hz, at] of [[880, 0], [1320, 0.16]]) {  // two short rising tones
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, t + at);
      gain.gain.exponentialRampToValueAtTime(0.3, t + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.14);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(t + at);
      osc.stop(t + at + 0.15);
    }
  }

  function alertTurn() {
    if (isOn("sound")) { try { beep(); } catch (err) { console.error(err); } }
    if (isOn("vibrate") && canVibrate) { try { navigator.vibrate([150, 80, 150]); } catch (err) { console.error(err); } }
  }

  // --- the panel keeps clear of the player's own cards ----------------------------------------
  function keepCardsClear() {
    // the panel keeps to the bottom of the screen: the player's own cards are scrolled into
    // the screen above it when it covers them or they are out of sight (its own place in the
    // page is just below them, so there is always room to scroll to); when they are clear at
    // the top of the page, the page goes back there, the level and blinds in sight again (a
    // taller panel before the turn, the pre-actions, may have scrolled it down)
    const hole = $("hole"), panel = $("acting");
    if (!hole || !hole.children.length || !panel) return;
    const clear = () => {
      const h = hole.getBoundingClientRect(), p = panel.getBoundingClientRect();
      // a phone held sideways has the panel beside the cards, not below them (player.css)
      const below = p.left < h.right && p.right > h.left;
      const room = below ? p.top : window.innerHeight;
      return h.top >= 0 && h.bottom <= room ? 0 : h.bottom - room + 6;
    };
    const was = window.scrollY;
    if (was > 0) {
      window.scrollTo(0, 0);
      if (clear() === 0) return;
      window.scrollTo(0, was);
    }
    const short = clear();
    if (short) window.scrollBy(0, short);
  }

  // --- every view -----------------------------------------------------------------------------
  function draw(v) {
    const hand = v.hand;
    const handId = hand ? hand.hand_id : null, street = hand ? hand.street : null;
    if (handId !== seen.hand) { pre = null; hideNote(); }
    else if (street !== seen.street && pre && pre.kind !== "fold_any") pre = null;
    seen = { hand: handId, street };
    const me = mySeat(v);
    if (!hand || hand.over || !me || me.folded || me.all_in) pre = null;  // no decision to come
    const key = turnKey(v);
    if (answered !== null && key !== answered) answered = null;
    const before = $("actions").hidden && $("pre-actions").hidden;
    $("turn-alerts").hidden = !!v.legal || !(v.you && v.you.table && !v.you.out);
    if (v.legal) {
      $("pre-actions").hidden = true;
      if (key === answered) { $("actions").hidden = true; return; }
      if (pre && applyPre(v)) return;
      if (key !== alerted && $("act-note").classList.contains("info")) hideNote();  // a new turn
      drawTurn(v);
      if (key !== alerted) { alerted = key; alertTurn(); keepCardsClear(); }
      return;
    }
    $("actions").hidden = true;
    if (pre && v.waiting && !stillMeant(pre, v.waiting.to_call)) {
      pre = null;
      note(lapsed(v.waiting.to_call), "warn");
    }
    drawPre(v);
    if (before && !$("pre-actions").hidden) keepCardsClear();
  }

  {
    $("act-fold").onclick = () => press("fold");
    $("act-check").onclick = () => press("check");
    $("act-call").onclick = () => press("call");
    $("act-show").onclick = () => press("show");
    $("act-muck").onclick = () => press("muck");
    $("act-raise").onclick = raise;
    $("raise-less").onclick = () => step(-1);
    $("raise-more").onclick = () => step(1);
    $("raise-range").oninput = () => {
      const legal = T.view().legal;
      if (legal && legal.min_raise_to !== null) choose(snap(Number($("raise-range").value), legal));
    };
    $("raise-to").oninput = () => {
      const digits = $("raise-to").value.replace(/[^0-9]/g, "");
      amount = digits ? Number(digits) : NaN;
      typed = true;
      hideNote();
      raiseLabel();
    };
    $("raise-to").onkeydown = (e) => { if (e.key === "Enter") e.target.blur(); };
    $("raise-to").onfocus = (e) => e.target.select();
    $("quick").onclick = (e) => {
      const to = e.target && e.target.dataset ? e.target.dataset.to : null;
      if (to) choose(Number(to));
    };
    $("pre-actions").onclick = (e) => {
      const button = e.target && e.target.closest ? e.target.closest("button[data-pre]") : null;
      if (button) pick(button.dataset.pre);
    };
    $("turn-sound").onclick = () => { turnOn("sound", !isOn("sound")); unlockAudio(); };
    $("turn-vibrate").onclick = () => turnOn("vibrate", !isOn("vibrate"));
    document.addEventListener("pointerdown", unlockAudio, true);
    window.addEventListener("resize", keepCardsClear);
    drawAlerts();
  }

  T.onView(draw);
  T.onAnswer((frame) => {
    if (frame.kind !== "refused") return;
    const ours = String(frame.action_id || "").startsWith(`${T.player}-act-`);
    answered = null;  // the turn is still to answer
    draw(T.view());
    if (ours && frame.message) {  // the server's own words, in the panel where the player looks
      note(frame.message);
      return true;  // told there: not again in the page's general error line
    }
    return false;
  });
})();

// pitboss: acting at the player's table (issue 14, issue 31): only the legal actions and
// amounts the server sent this player, quick bets computed from the real pot, sent on the
// table's socket (player.js: window.pitbossTable) with the turn they answer.
(function () {
  "use strict";
  const T = window.pitbossTable;
  if (!T || !T.player) return;
  const { $, esc, chips } = T;
  let quickTo = null;  // a quick bet's exact amount (a slider's step may not land on all-in)

  function roundDown(amount, unit) { return Math.floor(amount / unit) * unit; }

  function quickBets(legal) {
    // Half pot and pot (after calling), then all-in: only amounts the rules allow.
    const out = [];
    const min = legal.min_raise_to, max = legal.max_raise_to, unit = legal.chip_unit || 1;
    if (min === null || max === null) return out;
    const potAfterCall = legal.pot + legal.call_amount;
    for (const [label, part] of [["\u00bd pot", 0.5], ["Pot", 1]]) {
      const to = roundDown(legal.bet + legal.call_amount + potAfterCall * part, unit);
      if (to >= min && to < max) out.push([label, to]);
    }
    out.push(["All-in", max]);
    return out;
  }

  function drawActions(v) {
    const box = $("actions");
    if (!box) return;
    const legal = v.legal;
    box.hidden = !legal;
    if (!legal) return;
    const show = (id, on, text) => { const b = $(id); b.hidden = !on; if (text !== undefined) b.textContent = text; };
    const betting = !legal.can_show && !legal.can_muck;
    show("act-fold", betting && legal.can_fold && !legal.can_check);
    show("act-check", betting && legal.can_check);
    show("act-call", betting && legal.call_amount > 0, `Call ${chips(legal.call_amount)}`);
    const canRaise = betting && legal.min_raise_to !== null && legal.max_raise_to !== null;
    show("act-show", legal.can_show);
    show("act-muck", legal.can_muck);
    $("sizes").hidden = !canRaise;
    $("act-raise").hidden = !canRaise;
    if (canRaise) {
      const range = $("raise-range");
      const fresh = range.dataset.turn !== String(legal.turn);
      range.min = legal.min_raise_to; range.max = legal.max_raise_to;
      range.step = legal.chip_unit || 1;
      if (fresh) {
        range.value = legal.min_raise_to; range.dataset.turn = String(legal.turn); quickTo = null;
      }
      $("quick").innerHTML = quickBets(legal).map(([label, to]) =>
        `<button type="button" data-to="${to}">${esc(label)}</button>`).join("");
      raiseLabel();
    }
  }

  function raiseAmount() {
    const legal = T.view().legal, range = $("raise-range");
    if (quickTo !== null && quickTo >= legal.min_raise_to && quickTo <= legal.max_raise_to) return quickTo;
    let to = Number(range.value);
    if (to >= legal.max_raise_to) return legal.max_raise_to;
    to = Math.max(legal.min_raise_to, roundDown(to, legal.chip_unit || 1));
    return to;
  }

  function raiseLabel() {
    const legal = T.view().legal;
    if (!legal) return;
    const to = raiseAmount();
    const verb = legal.raise_kind === "bet" ? "Bet" : "Raise to";
    $("raise-out").textContent = chips(to);
    $("act-raise").textContent = to === legal.max_raise_to ? `All-in ${chips(to)}` : `${verb} ${chips(to)}`;
  }

  function act(action, amount) {
    const legal = T.view().legal;
    if (!legal) return;
    const frame = { type: "act", action, action_id: T.nextId("act"), turn: legal.turn };
    if (amount !== undefined) frame.amount = amount;
    if (T.send(frame)) $("actions").hidden = true;  // until the next view says otherwise
  }

  {
    $("act-fold").onclick = () => act("fold");
    $("act-check").onclick = () => act("check");
    $("act-call").onclick = () => act("call");
    $("act-show").onclick = () => act("show");
    $("act-muck").onclick = () => act("muck");
    $("act-raise").onclick = () => act(T.view().legal.raise_kind, raiseAmount());
    $("raise-range").oninput = () => { quickTo = null; raiseLabel(); };
    $("quick").onclick = (e) => {
      const to = e.target && e.target.dataset ? e.target.dataset.to : null;
      if (to) { $("raise-range").value = to; quickTo = Number(to); raiseLabel(); }
    };
  }

  T.onView(drawActions);
  T.onAnswer((frame) => { if (frame.kind === "refused") drawActions(T.view()); });
})();

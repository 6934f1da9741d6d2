// pitboss: a table's device. Shows the table's players and the place the next one out takes;
// records a bust and calls the clock with the table's token, showing each answer in words
// (or the refusal); kept live over the WebSocket with the same token.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const e = Pitboss.esc;
  const stream = document.body.dataset.stream;
  const device = $("device");
  const table = Number(device.dataset.table);
  const token = device.dataset.token;
  let payload = Screens.first();

  function names() {
    const out = {};
    for (const p of payload.players) out[p.player_id] = p.name;
    return out;
  }

  function answer(result) {
    $("error").hidden = true;
    const list = $("answers");
    const items = result.events.map((ev) => `<li>${e(ev.text)}</li>`).join("");
    list.innerHTML = items + list.innerHTML;
    while (list.children.length > 8) list.lastElementChild.remove();
  }

  function refused(error) { Pitboss.showError(error, $("error")); }

  async function send(command) {
    try { answer(await Pitboss.command(stream, command, { table, token })); return true; }
    catch (err) { refused(err); return false; }
  }

  function options(select, placeholder) {
    const keep = select.value;
    select.innerHTML = `<option value="">${e(placeholder)}</option>` + payload.players.map((p) =>
      `<option value="${e(p.player_id)}">Seat ${e(p.seat)}: ${e(p.name)}</option>`).join("");
    if (payload.players.some((p) => p.player_id === keep)) select.value = keep;
  }

  function tick() {
    $("time").textContent = Pitboss.clockText(Screens.left(payload.clock));
    const call = payload.clock_call;
    if (call) {
      const who = names()[call.player_id] || call.player_id;
      const ms = Screens.until(call.expires_at);
      Screens.show($("clock-call"), `Clock called on ${who}: ${Pitboss.clockText(ms)} to act`);
    } else {
      Screens.show($("clock-call"), "");
    }
  }

  function render(next) {
    payload = Screens.seen(next);
    const c = payload.clock;
    $("name").textContent = payload.name;
    $("level").textContent = c.label;
    $("blinds").textContent = Screens.blinds(c);
    $("ante").textContent = Screens.ante(c);
    $("state").textContent = c.hand_for_hand ? "HAND FOR HAND" : c.started && !c.running ? "PAUSED" : "";
    $("next-place").innerHTML = payload.next_place
      ? `The next player out finishes <b>${e(Screens.ordinal(payload.next_place))}</b>.`
      : "No more places to finish.";
    const ticked = new Set([...document.querySelectorAll("#players input:checked")].map((i) => i.value));
    $("players").innerHTML = payload.players.length
      ? payload.players.map((p) => `<li data-player="${e(p.player_id)}"><span class="seat">${e(p.seat)}</span>` +
          `<label><input type="checkbox" name="busted" value="${e(p.player_id)}"${ticked.has(p.player_id) ? " checked" : ""}> ${e(p.name)}` +
          `${payload.button === p.seat ? ' <span class="button-mark" title="dealer button">D</span>' : ""}</label>` +
          `<span class="chips">${e(Pitboss.chips(p.chips))}</span></li>`).join("")
      : '<li class="muted">No one is seated at this table.</li>';
    options($("eliminated-by"), "choose the winner of the hand…");
    options($("call-on"), "choose the player…");
    $("expire").hidden = !payload.clock_call;
    document.body.dataset.seq = payload.seq;
    tick();
  }

  $("bust").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const busted = [...document.querySelectorAll("#players input:checked")].map((i) => i.value);
    const by = $("eliminated-by").value;
    if (!busted.length) { refused({ message: "tick the player (or players) who went out" }); return; }
    if (busted.includes(by)) { refused({ message: "the winner of the hand cannot be one of those who went out" }); return; }
    if (await send({ type: "record_bust", table, busted, eliminated_by: by })) {
      document.querySelectorAll("#players input:checked").forEach((i) => { i.checked = false; });
      $("eliminated-by").value = "";
    }
  });

  $("call").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    await send({ type: "call_clock", table, player_id: $("call-on").value });
  });

  $("expire").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    await send({ type: "expire_clock", table, facing_bet: ev.target.elements.facing_bet.checked });
  });

  // the table's chips counted here (issue 24); while a colour-up is due, the race on the count
  const count = DeviceCount.mount({
    form: $("count"),
    table,
    players: () => (payload.counting ? payload.players : []),
    colourUp: () => (payload.colour_up && payload.colour_up.needs_count ? payload.colour_up : null),
    send,
    refused,
  });
  document.addEventListener("pitboss:changed", () => count.render());

  tick();
  setInterval(tick, 500);
  Pitboss.live(stream, { role: "table", table, token }, render);
})();

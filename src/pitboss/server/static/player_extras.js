// pitboss: the phone table's extras (issue 31), drawn through window.pitbossTable (player.js):
// "Sit out next hand" / "I'm back" (from the next deal the house deals the seat as an absent
// one: blinds and antes posted, the hand killed (TDA 30) or not dealt (THC 6)), the last hand
// replayed step by step (only this player's cards and those shown: TDA 28, THC 18, SLPT 15),
// and the player's own stats for the night. The replay and the stats are asked for on request
// (frames "last_hand", "my_stats"), never carried in every view.
(function () {
  "use strict";
  const T = window.pitbossTable;
  if (!T || !T.player) return;
  const { $, esc, chips, card, back } = T;
  const box = $("extras");
  if (!box) return;
  const PACE_MS = 1200;  // the replay's steady pace when played

  box.innerHTML =
    `<div class="extras-bar">` +
    `<button type="button" id="sit-out">Sit out next hand</button>` +
    `<button type="button" id="last-hand-open">Last hand</button>` +
    `<button type="button" id="stats-open">My stats</button></div>` +
    `<div class="sitting-out" id="sitting-out" role="status" hidden>` +
    `<p><b id="sitting-out-title">Sitting out</b><span id="sitting-out-rule"></span></p>` +
    `<button type="button" id="im-back">I'm back</button></div>` +
    `<div class="stats" id="stats" hidden></div>` +
    `<div class="replay" id="replay" hidden>` +
    `<div class="replay-head"><b id="replay-title">Last hand</b>` +
    `<button type="button" class="close" id="replay-close" aria-label="Close the replay">\u2715</button></div>` +
    `<div class="replay-middle"><div class="replay-board" id="replay-board"></div>` +
    `<div class="replay-pot" id="replay-pot"></div></div>` +
    `<ol class="replay-seats" id="replay-seats"></ol>` +
    `<p class="replay-text" id="replay-text" aria-live="polite"></p>` +
    `<div class="replay-controls">` +
    `<button type="button" id="replay-first" aria-label="First step">\u00ab</button>` +
    `<button type="button" id="replay-prev" aria-label="Previous step">\u25c0</button>` +
    `<button type="button" id="replay-play">Play</button>` +
    `<button type="button" id="replay-next" aria-label="Next step">\u25b6</button>` +
    `<span class="replay-count" id="replay-count"></span></div>` +
    `<ul class="replay-results" id="replay-results"></ul></div>`;

  let pending = {};  // action_id -> what it asked
  let replay = null;
  let at = 0;
  let timer = null;

  // --- sitting out -------------------------------------------------------------------------
  function drawSitting(v) {
    const part = v.sitting_out;
    const you = v.you || {};
    box.hidden = !part || you.out;
    if (box.hidden) return;
    const away = part.away;
    const banner = $("sitting-out");
    banner.hidden = !away;
    $("sit-out").hidden = away || !you.table;
    $("sit-out").disabled = false;
    $("im-back").disabled = false;
    if (away) {
      // still holding cards in the hand in play (they sat out during it): they finish it
      const hand = v.hand;
      const me = hand && !hand.over ? hand.seats.find((s) => s.player_id === T.player) : null;
      const soon = me && me.has_cards ? " from the next hand (finish this one)" : "";
      $("sitting-out-title").textContent = part.sitting_out ? `Sitting out${soon}` : "You are marked away";
      $("sitting-out-rule").textContent = `: ${part.rule}.`;
    }
    document.body.dataset.sittingOut = part.sitting_out ? "true" : "false";
  }

  function ask(kind) {
    const id = T.nextId(kind);
    if (!T.send({ type: kind, action_id: id })) return null;
    pending[id] = kind;
    return id;
  }

  $("sit-out").onclick = () => { if (ask("sit_out")) $("sit-out").disabled = true; };
  $("im-back").onclick = () => { if (ask("back")) $("im-back").disabled = true; };
  $("last-hand-open").onclick = () => { if (ask("last_hand")) $("last-hand-open").disabled = true; };
  $("stats-open").onclick = () => {
    if (!$("stats").hidden) { $("stats").hidden = true; return; }
    if (ask("my_stats")) $("stats-open").disabled = true;
  };

  // --- the stats ---------------------------------------------------------------------------
  function pct(n) { return n === null || n === undefined ? "\u2013" : `${n}%`; }
  function drawStats(s) {
    const el = $("stats");
    el.innerHTML = `<dl>` +
      `<div><dt>Hands dealt</dt><dd id="stat-hands">${chips(s.hands_dealt)}</dd></div>` +
      `<div><dt title="Voluntarily put chips in before the flop: called or raised (blinds and the big blind's check do not count)">VPIP</dt><dd id="stat-vpip">${pct(s.vpip_percent)}</dd></div>` +
      `<div><dt title="Raised before the flop">PFR</dt><dd id="stat-pfr">${pct(s.pfr_percent)}</dd></div>` +
      `<div><dt>Hands won</dt><dd id="stat-won">${chips(s.hands_won)}</dd></div>` +
      `<div><dt>Sat out</dt><dd id="stat-sat-out">${chips(s.sat_out)}</dd></div></dl>`;
    el.hidden = false;
  }

  // "Ah Td" as the table draws cards: A\u2665 10\u2666
  const SUIT = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  function suited(text) {
    return text.replace(/\b([2-9TJQKA])([shdc])\b/g, (_, r, s) => `${r === "T" ? "10" : r}${SUIT[s]}`);
  }

  // --- the replay --------------------------------------------------------------------------
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    $("replay-play").textContent = "Play";
  }

  function drawStep() {
    if (!replay) return;
    const step = replay.steps[at];
    $("replay-board").innerHTML = step.board.map((c) => card(c)).join("");
    $("replay-pot").textContent = step.pot ? `Pot ${chips(step.pot)}` : "";
    $("replay-seats").innerHTML = step.seats.map((s) => {
      const cls = ["replay-seat"];
      if (s.seat === replay.you) cls.push("mine");
      if (s.folded) cls.push("folded");
      if (s.seat === step.actor) cls.push("actor");
      let cards = "";
      if (s.cards) cards = s.cards.map((c) => card(c, "small")).join("");
      else if (s.has_cards) cards = back("small").repeat(replay.game && replay.game !== "holdem" ? 4 : 2);  // Omaha: four
      const button = s.seat === replay.button ? `<span class="dealer">D</span>` : "";
      return `<li class="${cls.join(" ")}" data-seat="${s.seat}"><span class="who">${esc(s.name)}${button}</span>` +
        `<span class="cards">${cards}</span><span class="stack">${chips(s.stack)}</span>` +
        `<span class="bet">${s.bet ? chips(s.bet) : ""}</span></li>`;
    }).join("");
    $("replay-text").textContent = suited(step.text);
    $("replay-count").textContent = `${at + 1} / ${replay.steps.length}`;
    const end = at === replay.steps.length - 1;
    $("replay-results").hidden = !end || replay.results.length < 2;  // more than one pot
    $("replay").dataset.step = String(at);
    $("replay").dataset.end = end ? "true" : "false";
    if (end) stop();
  }

  function go(to) {
    if (!replay) return;
    at = Math.max(0, Math.min(replay.steps.length - 1, to));
    drawStep();
  }

  function openReplay(data) {
    stop();
    const panel = $("replay");
    if (!data) {
      replay = null;
      panel.hidden = false;
      $("replay-title").textContent = "No hand of yours is over yet.";
      for (const id of ["replay-board", "replay-pot", "replay-seats", "replay-text", "replay-count", "replay-results"]) $(id).innerHTML = "";
      return;
    }
    replay = data;
    $("replay-title").textContent = `Last hand: table ${data.table}, hand ${data.hand_id}`;
    $("replay-results").innerHTML = data.results.map((r) => `<li>${esc(suited(r))}</li>`).join("");
    panel.hidden = false;
    panel.dataset.hand = data.hand_id;
    go(0);
    panel.scrollIntoView({ block: "nearest" });
  }

  $("replay-first").onclick = () => { stop(); go(0); };
  $("replay-prev").onclick = () => { stop(); go(at - 1); };
  $("replay-next").onclick = () => { stop(); go(at + 1); };
  $("replay-play").onclick = () => {
    if (!replay) return;
    if (timer) { stop(); return; }
    if (at >= replay.steps.length - 1) go(0);
    $("replay-play").textContent = "Pause";
    timer = setInterval(() => go(at + 1), PACE_MS);
  };
  $("replay-close").onclick = () => { stop(); $("replay").hidden = true; };

  // --- the answers -------------------------------------------------------------------------
  T.onAnswer((frame) => {
    const kind = pending[frame.action_id];
    if (!kind) return;
    delete pending[frame.action_id];
    $("last-hand-open").disabled = false;
    $("stats-open").disabled = false;
    if (frame.kind === "refused") { drawSitting(T.view()); return; }
    if (kind === "last_hand") openReplay(frame.last_hand);
    if (kind === "my_stats") drawStats(frame.stats);
  });
  T.onView(drawSitting);
})();

// pitboss: the big-screen clock. Counts down locally from the stored end instant (4 times a
// second), re-renders on every live payload, and shows a banner (and, if turned on, beeps)
// once per period: when the level or break changes, never again for the same period on a later
// frame, a reconnect or a reload of the page. After the finish it shows the winner, the places
// paid and the deal instead of the clock. In a bounty event a panel shows the biggest bounties
// still in play and, in a progressive knockout, every other player's (issue 29).
//
// Every text fits its screen at any level and size: a line marked .fit never wraps and is made
// smaller until it fits its width, and each box marked .fitbox scales its text (--fit) until it
// fits its height, so nothing is cut off from a phone to a 4K TV.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const stream = document.body.dataset.stream;
  const root = $("clock");
  let payload = Screens.first();
  let period = payload ? payload.clock.period : null;
  let alertTimer = null;
  let audio = null;
  let sound = localStorage.getItem("pitboss.sound") === "on";
  let fitted = "";

  // --- the banner: once per period --------------------------------------------------------

  const shownKey = `pitboss.banner.${stream}`;

  function bannered() {
    try { return JSON.parse(sessionStorage.getItem(shownKey) || "[]"); } catch (e) { return []; }
  }

  // True the first time this page (this tab, across reloads) sees period ``index``.
  function firstSight(index) {
    const seen = bannered();
    if (seen.includes(index)) return false;
    seen.push(index);
    try { sessionStorage.setItem(shownKey, JSON.stringify(seen.slice(-200))); } catch (e) { /* private mode */ }
    return true;
  }

  function beep() {
    if (!sound) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      [0, 0.35, 0.7].forEach((at) => {
        const osc = audio.createOscillator(), gain = audio.createGain();
        osc.frequency.value = 880;
        gain.gain.setValueAtTime(0.0001, audio.currentTime + at);
        gain.gain.exponentialRampToValueAtTime(0.4, audio.currentTime + at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + at + 0.28);
        osc.connect(gain).connect(audio.destination);
        osc.start(audio.currentTime + at);
        osc.stop(audio.currentTime + at + 0.3);
      });
    } catch (e) { /* no sound on this device */ }
  }

  function showSound() {
    const button = $("sound");
    button.textContent = sound ? "Sound: on" : "Sound: off";
    button.setAttribute("aria-pressed", String(sound));
  }

  $("sound").addEventListener("click", () => {
    sound = !sound;
    localStorage.setItem("pitboss.sound", sound ? "on" : "off");
    showSound();
    if (sound) beep();
  });

  function closeBanner() {
    clearTimeout(alertTimer);
    $("alert").hidden = true;
    fit();
  }

  // The banner takes the board's place (the side, or the bottom on a 4:3 screen or a phone)
  // for 12 seconds: it never covers the tournament's name, the level or the time.
  function announce(c) {
    const box = $("alert");
    const e = Pitboss.esc;
    const subs = [c.announcement, c.on_sale].filter(Boolean);
    box.innerHTML = `<span class="bc-alert-main fit">${e(c.label)}</span>` +
      (c.on_break ? "" : `<span class="bc-alert-blinds fit">${e(Screens.blinds(c))}</span>`) +
      subs.map((s) => `<span class="bc-alert-sub">${e(s)}</span>`).join("");
    box.hidden = false;
    box.style.animation = "none";
    void box.offsetWidth; // restart the flash
    box.style.animation = "";
    root.dataset.banners = String(Number(root.dataset.banners || 0) + 1);
    clearTimeout(alertTimer);
    alertTimer = setTimeout(closeBanner, 12000);
    beep();
  }

  $("alert").addEventListener("click", closeBanner);

  // --- fitting ------------------------------------------------------------------------------

  // One line: smaller until it fits its box's width.
  function fitLine(el) {
    el.style.fontSize = "";
    if (el.hidden || !el.offsetParent) return;
    for (let i = 0; i < 8 && el.scrollWidth > el.clientWidth + 0.5; i++) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      el.style.fontSize = `${(size * Math.min(0.97, el.clientWidth / el.scrollWidth)).toFixed(2)}px`;
    }
  }

  function overflows(box) {
    if (box.scrollHeight > box.clientHeight + 0.5 || box.scrollWidth > box.clientWidth + 0.5) return true;
    for (const el of box.querySelectorAll("*")) {
      if (el.clientWidth && el.scrollWidth > el.clientWidth + 0.5) return true;
    }
    return false;
  }

  // A box: its text scaled down (--fit) until everything in it fits its height and width.
  function fitBox(box) {
    box.style.removeProperty("--fit");
    if (box.hidden || !box.offsetParent) return;
    let scale = 1;
    for (let i = 0; i < 30; i++) {
      box.querySelectorAll(".fit").forEach(fitLine);
      if (!overflows(box)) return;
      scale *= 0.93;
      box.style.setProperty("--fit", scale.toFixed(4));
    }
  }

  // The bounty panel (issue 29): as many of the other players' bounties as fit at full size,
  // largest first, the rest counted ("+ 38 more, $15 each"); then fitted like any box.
  function fitBounties() {
    const box = $("bounties");
    const items = [...box.querySelectorAll("#bounty-heads li")];
    const more = $("bounty-more");
    if (items.length && !box.hidden && box.offsetParent) {
      box.style.removeProperty("--fit");
      const keep = (k) => {
        items.forEach((li, i) => { li.hidden = i >= k; });
        Screens.show(more, Screens.more(items.slice(k).map((li) => ({ bounty_cents: Number(li.dataset.cents) })), k));
      };
      const fits = () => box.scrollHeight <= box.clientHeight + 0.5;
      let lo = 0, hi = items.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        keep(mid);
        if (fits()) lo = mid; else hi = mid - 1;
      }
      keep(lo);
    }
    fitBox(box);
  }

  function fit() {
    document.querySelectorAll(".bc-head .fit").forEach(fitLine);
    ["side", "alert", "main", "final"].forEach((id) => fitBox($(id)));
    fitBounties();
    fitted = shape();
  }

  // What the fit depends on besides the payload: the lengths of the texts the tick changes.
  function shape() {
    return `${innerWidth}x${innerHeight}:${$("time").textContent.length}:${$("upcoming").textContent.length}:` +
      `${$("next-break").textContent.length}:${$("time-limit").textContent.length}`;
  }

  // --- rendering ----------------------------------------------------------------------------

  function tick() {
    if (!payload) return;
    const c = payload.clock;
    const ms = Screens.left(c);
    const time = $("time");
    time.textContent = Pitboss.clockText(ms);
    time.classList.toggle("long", ms >= 3600000);
    let nb = "—";
    if (c.on_break) nb = "now";
    else if (c.next_break_at !== null && c.next_break_at !== undefined) nb = Pitboss.clockText(Screens.until(c.next_break_at));
    else if (c.next_break_in_ms !== null && c.next_break_in_ms !== undefined) nb = Pitboss.clockText(c.next_break_in_ms);
    $("next-break").textContent = nb;
    const limited = c.time_limit_at !== null && c.time_limit_at !== undefined && payload.phase === "running";
    $("time-limit-label").hidden = !limited;
    $("time-limit").hidden = !limited;
    if (limited) $("time-limit").textContent = Pitboss.clockText(Screens.until(c.time_limit_at));
    Screens.show($("upcoming"), payload.phase === "running" ? Screens.upcoming(c) : "");
    if (shape() !== fitted) fit();
  }

  function render(next, first) {
    payload = first ? next : Screens.seen(next);
    const c = payload.clock;
    $("name").textContent = payload.name;
    $("house").textContent = payload.house;
    $("level").textContent = c.label;
    Screens.show($("game"), c.game_label);
    Screens.show($("status"), Screens.status(payload));
    Screens.show($("notice"), payload.notice);
    $("h4h").hidden = !c.hand_for_hand;
    $("blinds").innerHTML = (c.on_break ? "" : "<small>BLINDS </small>") + Pitboss.esc(Screens.blinds(c));
    Screens.show($("ante"), Screens.ante(c));
    $("next").textContent = Screens.nextText(c);
    Screens.show($("announcement"), c.announcement);
    Screens.show($("on-sale"), c.on_sale);
    $("players-left").textContent = payload.players_left;
    $("entries").innerHTML = Pitboss.esc(payload.entries) +
      (payload.rebuys || payload.add_ons ? ` <small>+${Pitboss.esc(payload.rebuys)}R +${Pitboss.esc(payload.add_ons)}A</small>` : "");
    $("average").textContent = Pitboss.chips(payload.average_stack);
    $("chips-total").textContent = Pitboss.chips(payload.chips_in_play_total);
    $("pool").textContent = Pitboss.money(payload.prize_pool_cents);
    const payouts = $("payouts");
    payouts.classList.toggle("many", payload.payouts.length > 10);
    payouts.innerHTML = payload.payouts.length
      ? payload.payouts.map((p) => `<li><span>${Pitboss.esc(Screens.ordinal(p.place))}</span><b>${Pitboss.esc(Pitboss.prize(p.cents, p.seat))}</b></li>`).join("")
      : "<li><span>when play starts</span></li>";
    root.dataset.bounties = String(Boolean(payload.bounties));
    $("bounties").innerHTML = Screens.bounties(payload);
    $("bounties").hidden = !payload.bounties;
    const finished = payload.phase === "finished";
    $("final").innerHTML = Screens.final(payload);
    $("final").hidden = !finished;
    if (finished && !$("alert").hidden) closeBanner();
    root.dataset.phase = payload.phase;
    root.dataset.paused = String(!c.running);
    const changed = period !== null && c.period !== period;
    period = c.period;
    if (firstSight(c.period) && changed && !first && payload.phase === "running") announce(c);
    tick();
    fit();
    root.dataset.period = String(c.period);
    root.dataset.seq = String(payload.seq);
  }

  showSound();
  if (payload) render(payload, true);
  setInterval(tick, 250);
  addEventListener("resize", fit);
  if (document.fonts) document.fonts.ready.then(fit);
  Pitboss.live(stream, { role: "public", rules: Screens.rules }, (p) => render(p, false));
})();

// pitboss: the big-screen clock. Counts down locally from the stored end instant (4 times a
// second), re-renders on every live payload, and flashes (and, if turned on, beeps) when the
// level changes or a colour-up is announced.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const stream = document.body.dataset.stream;
  let payload = Screens.first();
  let alertTimer = null;
  let audio = null;
  let sound = localStorage.getItem("pitboss.sound") === "on";

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

  function announce(c) {
    const box = $("alert");
    const what = c.on_break ? `${c.label}` : `${c.label} · ${Screens.blinds(c)}`;
    box.innerHTML = `<span class="bc-alert-main">${Pitboss.esc(what)}</span>` +
      (c.announcement ? `<span class="bc-alert-sub">${Pitboss.esc(c.announcement)}</span>` : "");
    box.hidden = false;
    box.style.animation = "none";
    void box.offsetWidth; // restart the flash
    box.style.animation = "";
    clearTimeout(alertTimer);
    alertTimer = setTimeout(() => { box.hidden = true; }, 12000);
    beep();
  }

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
    const limited = c.time_limit_at !== null && c.time_limit_at !== undefined;
    $("time-limit-label").hidden = !limited;
    $("time-limit").hidden = !limited;
    if (limited) $("time-limit").textContent = Pitboss.clockText(Screens.until(c.time_limit_at));
    Screens.show($("upcoming"), Screens.upcoming(c));
  }

  function render(next) {
    const before = payload;
    payload = Screens.seen(next);
    const c = payload.clock;
    const root = $("clock");
    $("name").textContent = payload.name;
    $("house").textContent = payload.house;
    $("level").textContent = c.label;
    Screens.show($("status"), Screens.status(payload));
    $("h4h").hidden = !c.hand_for_hand;
    $("blinds").innerHTML = (c.on_break ? "" : "<small>BLINDS </small>") + Pitboss.esc(Screens.blinds(c));
    Screens.show($("ante"), Screens.ante(c));
    $("next").textContent = Screens.nextText(c);
    Screens.show($("announcement"), c.announcement);
    $("players-left").textContent = payload.players_left;
    $("entries").innerHTML = Pitboss.esc(payload.entries) +
      (payload.rebuys || payload.add_ons ? ` <small>+${Pitboss.esc(payload.rebuys)}R +${Pitboss.esc(payload.add_ons)}A</small>` : "");
    $("average").textContent = Pitboss.chips(payload.average_stack);
    $("chips-total").textContent = Pitboss.chips(payload.chips_in_play_total);
    $("pool").textContent = Pitboss.money(payload.prize_pool_cents);
    const payouts = $("payouts");
    payouts.classList.toggle("many", payload.payouts.length > 10);
    payouts.innerHTML = payload.payouts.length
      ? payload.payouts.map((p) => `<li><span>${Pitboss.esc(Screens.ordinal(p.place))}</span><b>${Pitboss.esc(Pitboss.money(p.cents))}</b></li>`).join("")
      : "<li><span>when play starts</span></li>";
    root.dataset.paused = String(!c.running);
    if (before && root.dataset.level !== c.label) announce(c);
    root.dataset.level = c.label;
    tick();
  }

  showSound();
  tick();
  setInterval(tick, 250);
  Pitboss.live(stream, { role: "public" }, render);
})();

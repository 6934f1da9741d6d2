// pitboss: what the public screens and the table's device share (texts built from the public
// payload exactly as the templates build them, and the page's first payload).
//
// Screens.first(): the payload the server rendered the page from (a JSON script element).
// Screens.left(clock) / Screens.until(instant): ms left, counted locally from the stored end
//   instant; Pitboss's own offset once the live connection has spoken, this page's first
//   payload's before that (so the first second is right too).
"use strict";

const Screens = (() => {
  let offset = 0;
  let synced = false;

  function first() {
    const el = document.getElementById("payload");
    const payload = el ? JSON.parse(el.textContent) : null;
    if (payload && typeof payload.server_now === "number") offset = payload.server_now - Date.now();
    return payload;
  }

  function seen(payload) { synced = true; return payload; }

  function left(clock) {
    if (synced) return Pitboss.countdown(clock);
    if (!clock) return 0;
    if (clock.running && typeof clock.ends_at === "number") return Math.max(0, clock.ends_at - (Date.now() + offset));
    return Math.max(0, clock.remaining_ms);
  }

  function until(instant) {
    if (typeof instant !== "number") return null;
    return synced ? Pitboss.untilInstant(instant) : Math.max(0, instant - (Date.now() + offset));
  }

  function ordinal(n) {
    const v = n % 100;
    const suffix = v >= 10 && v <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
    return `${n}${suffix}`;
  }

  const chips = (n) => Pitboss.chips(n);

  function blinds(c) { return c.on_break ? "BREAK" : `${chips(c.small_blind)} / ${chips(c.big_blind)}`; }

  function ante(c) { return c.ante_label ? `Ante ${c.ante_label}` : ""; }

  function nextText(c) {
    if (!c.next_label) return "Last level";
    if (c.next_label.startsWith("Break")) {
      return `Next: ${c.next_label}` + (c.next_small_blind ? `, then ${chips(c.next_small_blind)} / ${chips(c.next_big_blind)}` : "");
    }
    return `Next: ${c.next_label} · ${chips(c.next_small_blind)} / ${chips(c.next_big_blind)}` + (c.next_ante ? ` · ante ${chips(c.next_ante)}` : "");
  }

  function status(p) {
    const c = p.clock;
    if (p.phase === "finished") return "FINISHED";
    if (p.phase === "stopped") return "TIME LIMIT";
    if (!c.started) return "NOT STARTED";
    if (!c.running) return "PAUSED";
    return "";
  }

  function upcoming(c) {
    const u = c.upcoming_colour_up;
    if (!u) return "";
    const ms = u.starts_at !== null && u.starts_at !== undefined ? until(u.starts_at) : u.starts_in_ms;
    return `Next colour-up: ${u.chips.map(chips).join(", ")} chips leave play at ${u.label} (in ${Pitboss.clockText(ms)})`;
  }

  function show(el, text) {
    if (!el) return;
    el.textContent = text || "";
    el.hidden = !text;
  }

  return { first, seen, left, until, ordinal, blinds, ante, nextText, status, upcoming, show };
})();

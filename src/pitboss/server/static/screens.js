// pitboss: what the public screens and the table's device share (texts built from the public
// payload exactly as the templates build them, and the page's first payload).
//
// Screens.first(): the payload the server rendered the page from (a JSON script element).
// Screens.rules: the page was opened with ?rules=1 (the director's choice: the rules' citations
//   stay on the screen); its live connection asks for them too.
// Screens.bounties(payload): a bounty event's panel on the clock (issue 29); Screens.more(players,
//   shown) its "+ 38 more, $15 each" line for the players it leaves out.
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
    const game = c.next_game_label ? ` · ${c.next_game_label}` : "";
    if (c.next_label.startsWith("Break")) {
      return `Next: ${c.next_label}` + (c.next_small_blind ? `, then ${chips(c.next_small_blind)} / ${chips(c.next_big_blind)}` : "") + game;
    }
    return `Next: ${c.next_label} · ${chips(c.next_small_blind)} / ${chips(c.next_big_blind)}` + (c.next_ante ? ` · ante ${chips(c.next_ante)}` : "") + game;
  }

  function status(p) {
    const c = p.clock;
    if (p.phase === "finished") return "FINISHED";
    if (p.phase === "stopped") return "PLAY STOPPED";
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

  // The clock after the finish, as _screens.html's final() renders it: the winner (or the deal
  // that ended it), the deal's shares and the places paid before it.
  function final(p) {
    if (p.phase !== "finished") return "";
    const e = Pitboss.esc, money = Pitboss.money;
    const title = p.winner ? `Winner: ${p.winner}` : p.deal ? "Finished by a deal" : "Finished";
    const paid = p.results.filter((l) => (l.prize_cents || l.seat) && !l.in_deal);
    let body = "";
    const d = p.deal;
    if (d) {
      const left = d.left_to_play_cents ? ` ${money(d.left_to_play_cents)} left to play for.` : "";
      body += `<div class="bc-final-block" id="final-deal"><p class="bc-final-head">The deal</p><p class="bc-final-how">${e(d.how)}.${e(left)}</p>` +
        `<ol class="bc-final-list${d.shares.length > 6 ? " cols" : ""}">` +
        d.shares.map((x) => `<li><span>${e(x.name)}</span><b>${e(money(x.cents))}</b></li>`).join("") + "</ol></div>";
    }
    if (paid.length) {
      body += `<div class="bc-final-block" id="final-places"><p class="bc-final-head">Places paid</p><ol class="bc-final-list${paid.length > 6 ? " cols" : ""}">` +
        paid.map((l) => `<li><span>${e(l.first === l.last ? ordinal(l.first) : l.place)}</span><span>${e(l.name)}</span><b>${e(Pitboss.prize(l.prize_cents, l.seat))}</b></li>`).join("") +
        "</ol></div>";
    }
    return `<p class="bc-final-title fit" id="final-title">${e(title)}</p><div class="bc-final-body">${body}</div>`;
  }

  // "$15 each", "$15 to $22.50": the bounties of ``players``.
  function span(players) {
    const cents = players.map((x) => x.bounty_cents);
    const low = Math.min(...cents), high = Math.max(...cents);
    return low === high ? `${Pitboss.money(low)} each` : `${Pitboss.money(low)} to ${Pitboss.money(high)}`;
  }

  // The players a list leaves out: "+ 38 more, $15 each"; "38 players, $15 each" when it
  // shows none (``shown``: how many it shows).
  function more(players, shown) {
    if (!players.length) return "";
    return shown === 0 ? `${players.length} players, ${span(players)}` : `+ ${players.length} more, ${span(players)}`;
  }

  // A bounty event's panel on the clock, as _screens.html's bounties() renders it (issue 29),
  // with every other player of a progressive knockout (clock.js keeps as many as fit): the
  // biggest bounties still in play, largest first; one line while they are all the same.
  function bounties(p) {
    const b = p.bounties;
    if (!b) return "";
    const e = Pitboss.esc, money = Pitboss.money;
    const left = b.players.filter((x) => x.in_play).sort((x, y) => y.bounty_cents - x.bounty_cents);
    const floor = left.length ? Math.min(...left.map((x) => x.bounty_cents)) : b.bounty_cents;
    const top = b.biggest.filter((x) => x.bounty_cents > floor);
    const ids = new Set(top.map((x) => x.player_id));
    const rest = left.filter((x) => !ids.has(x.player_id));
    const pct = b.progressive_percent;
    const how = pct === 50 ? "Half paid at once, half onto the winner's head"
      : pct ? `${100 - pct}% paid at once, ${pct}% onto the winner's head` : `${money(b.bounty_cents)} for each knockout`;
    const item = (x, cents) => `<li data-player="${e(x.player_id)}"${cents ? ` data-cents="${e(x.bounty_cents)}"` : ""}>` +
      `<span class="fit">${e(x.name)}</span><b>${e(money(x.bounty_cents))}</b></li>`;
    let html = `<p class="bc-bounties-title">Bounties</p><p class="bc-bounties-how" id="bounty-how">${e(how)}</p>`;
    if (!top.length) {
      const who = left.length > 1 ? `each of the ${left.length} players` : "each player's head";
      html += `<p class="bc-bounty-all" id="bounty-all"><b>${e(money(floor))}</b> on ${e(who)}</p>`;
    } else {
      html += `<p class="bc-bounties-head">Biggest</p><ol class="bc-bounty-list top" id="bounty-biggest">${top.map((x) => item(x, false)).join("")}</ol>`;
      if (pct && rest.length) {
        html += `<p class="bc-bounties-head">Every other player</p><ol class="bc-bounty-list rest" id="bounty-heads">${rest.map((x) => item(x, true)).join("")}</ol>` +
          '<p class="bc-bounty-more" id="bounty-more" hidden></p>';
      } else if (rest.length) {
        html += `<p class="bc-bounty-more" id="bounty-more">Every other player: ${e(span(rest))}</p>`;
      }
    }
    return html + `<p class="bc-bounty-totals" id="bounty-totals"><span>On heads <b>${e(money(b.on_heads_cents))}</b></span> <span>Won <b>${e(money(b.won_cents))}</b></span></p>`;
  }

  function show(el, text) {
    if (!el) return;
    el.textContent = text || "";
    el.hidden = !text;
  }

  const rules = new URLSearchParams(location.search).get("rules") === "1";

  return { first, seen, left, until, ordinal, blinds, ante, nextText, status, upcoming, final, bounties,
           more, show, rules };
})();

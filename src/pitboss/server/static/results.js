// pitboss: the results page, kept live (finishing places, prizes, the deal; in a bounty event
// the bounty money each won and every player's bounty, issue 29).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const e = Pitboss.esc;
  const stream = document.body.dataset.stream;

  function deal(d) {
    if (!d) return "";
    const left = d.left_to_play_cents ? ` ${Pitboss.money(d.left_to_play_cents)} left to play for.` : "";
    const rows = d.shares.map((s) => `<tr><td>${e(s.name)}</td><td class="num">${e(Pitboss.money(s.cents))}</td></tr>`).join("");
    return `<h2>The deal</h2><p>${e(d.how)}.${e(left)}</p>` +
      `<table class="deal"><thead><tr><th>Player</th><th class="num">Share</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  // A bounty event's bounties (issue 29), as _results.html's bounties() renders them: each
  // player's bounty on their head, the money won and the knockouts, the most won first.
  function bounties(b) {
    if (!b) return "";
    const money = Pitboss.money;
    const rows = b.players.slice().sort((x, y) => (y.won_cents - x.won_cents) || (y.bounty_cents - x.bounty_cents))
      .map((x) => `<tr data-player="${e(x.player_id)}"${x.in_play ? "" : ' class="out"'}><td>${e(x.name)}</td>` +
        `<td class="num">${e(x.in_play ? money(x.bounty_cents) : "out")}</td><td class="num">${x.won_cents ? e(money(x.won_cents)) : ""}</td>` +
        `<td class="num">${x.knockouts || ""}</td></tr>`).join("");
    return `<h2>Bounties</h2><p class="muted" id="bounty-totals">On heads ${e(money(b.on_heads_cents))} · won ${e(money(b.won_cents))}</p>` +
      `<table id="bounties"><thead><tr><th>Player</th><th class="num">On head</th><th class="num">Won</th><th class="num">KOs</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  function render(p) {
    Screens.seen(p);
    $("name").textContent = p.name;
    $("house").textContent = p.house;
    Screens.show($("winner"), p.winner ? `Winner: ${p.winner}` : p.deal ? "Finished by a deal" : "");
    $("totals").innerHTML = `<span>Entries <b>${e(p.entries)}</b></span><span>Players left <b>${e(p.players_left)}</b></span>` +
      `<span>Prize pool <b>${e(Pitboss.money(p.prize_pool_cents))}</b></span>`;
    $("deal").innerHTML = deal(p.deal);
    const b = p.bounties;
    $("places").tHead.innerHTML = '<tr><th>Place</th><th>Player</th><th class="num">Prize</th>' +
      (b ? '<th class="num bounty">Bounties won</th>' : "") + "</tr>";
    $("places").tBodies[0].innerHTML = p.results.length
      ? p.results.map((l) => `<tr><td class="place">${e(l.first === l.last ? Screens.ordinal(l.first) : l.place)}</td><td>${e(l.name)}${l.in_deal ? " <small>(deal)</small>" : ""}</td>` +
          `<td class="num">${l.prize_cents || l.seat ? e(Pitboss.prize(l.prize_cents, l.seat)) : ""}</td>` +
          (b ? `<td class="num bounty">${l.bounty_won_cents ? e(Pitboss.money(l.bounty_won_cents)) : ""}</td>` : "") + "</tr>").join("")
      : `<tr class="none"><td colspan="${b ? 4 : 3}" class="muted">No one is out yet.</td></tr>`;
    $("bounty-board").innerHTML = bounties(b);
    $("payouts").tBodies[0].innerHTML = p.payouts.length
      ? p.payouts.map((x) => `<tr><td>${e(Screens.ordinal(x.place))}</td><td class="num">${e(Pitboss.prize(x.cents, x.seat))}</td></tr>`).join("")
      : '<tr><td colspan="2" class="muted">Set when play starts.</td></tr>';
    // The log's hash was the page's when it was made: once the results move on it no longer
    // stands for them (the print sheet, or a reload, shows the hash of what is shown).
    const log = $("log-check");
    if (log && Number(log.dataset.seq) !== p.seq) log.hidden = true;
    document.body.dataset.seq = p.seq;
  }

  Screens.first();
  Pitboss.live(stream, { role: "public", rules: Screens.rules }, render);
})();

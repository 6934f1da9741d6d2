// pitboss: the seating chart and find my seat (phones). The search runs on the public
// seating list the page already holds (case and spacing ignored), and again on every live
// payload, so a player who is moved sees the new seat without a reload. In a bounty event the
// chart and the answer show each player's bounty on their head (issue 29).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const stream = document.body.dataset.stream;
  let payload = Screens.first();
  const norm = (text) => String(text).toLowerCase().replace(/\s+/g, " ").trim();

  function matches() {
    const query = norm($("who").value);
    if (!query) return null;
    return payload.seating.filter((line) => norm(line.name).includes(query));
  }

  function find() {
    const hits = matches();
    const found = $("found");
    const ids = new Set((hits || []).map((h) => h.player_id));
    document.querySelectorAll("#chart tr[data-player]").forEach((row) => {
      row.classList.toggle("hit", ids.has(row.dataset.player));
    });
    if (hits === null) { found.innerHTML = ""; return; }
    if (!hits.length) {
      found.innerHTML = `<li>No seated player called “${Pitboss.esc($("who").value.trim())}”. Ask the floor.</li>`;
      return;
    }
    const bounty = (h) => payload.bounties ? `<span class="bounty">Bounty: <b>${Pitboss.esc(Pitboss.money(h.bounty_cents))}</b></span>` : "";
    found.innerHTML = hits.slice(0, 8).map((h) =>
      `<li><span class="name">${Pitboss.esc(h.name)}</span>` +
      `<span class="where">Table <b>${Pitboss.esc(h.table)}</b>, Seat <b>${Pitboss.esc(h.seat)}</b></span>${bounty(h)}</li>`).join("");
  }

  // In a bounty event each player's bounty on their head (issue 29), as seating.html has it.
  function chart() {
    if (!payload.tables.length) return '<p class="muted" id="no-seats">Seats have not been drawn yet.</p>';
    const bounties = Boolean(payload.bounties);
    const head = bounties ? '<thead><tr><th class="seat">Seat</th><th>Player</th><th class="num">Chips</th><th class="num bounty">Bounty</th></tr></thead>' : "";
    return payload.tables.map((table) => {
      const lines = payload.seating.filter((l) => l.table === table);
      const rows = lines.length
        ? lines.map((l) => `<tr data-player="${Pitboss.esc(l.player_id)}"><td class="seat">${Pitboss.esc(l.seat)}</td>` +
            `<td>${Pitboss.esc(l.name)}</td><td class="num">${Pitboss.esc(Pitboss.chips(l.chips))}</td>` +
            (bounties ? `<td class="num bounty">${Pitboss.esc(Pitboss.money(l.bounty_cents))}</td>` : "") + "</tr>").join("")
        : '<tr><td class="muted">empty</td></tr>';
      return `<section data-table="${Pitboss.esc(table)}"><h2>Table ${Pitboss.esc(table)}</h2><table>${head}<tbody>${rows}</tbody></table></section>`;
    }).join("");
  }

  function tick() { $("time").textContent = Pitboss.clockText(Screens.left(payload.clock)); }

  function render(next) {
    payload = Screens.seen(next);
    const c = payload.clock;
    $("name").textContent = payload.name;
    $("house").textContent = payload.house;
    $("level").textContent = c.running || !c.started ? c.label : `${c.label} (paused)`;
    $("blinds").textContent = Screens.blinds(c);
    $("left").textContent = `${payload.players_left} of ${payload.entries} left`;
    $("chart").innerHTML = chart();
    document.body.dataset.seq = payload.seq;
    tick();
    find();
  }

  $("finder").addEventListener("submit", (e) => { e.preventDefault(); find(); });
  $("who").addEventListener("input", find);
  tick();
  setInterval(tick, 1000);
  Pitboss.live(stream, { role: "public", rules: Screens.rules }, render);
})();

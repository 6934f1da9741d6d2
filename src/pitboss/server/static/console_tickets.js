// pitboss: satellites at the console (issue 29). At the door, an entry paid by a satellite's
// ticket: the satellite chosen among the tournaments, then one of its winners' tickets not
// used yet (/api/tournaments/{id}/tickets); the entry takes the winner's name, no money is
// taken, and the server checks the ticket in the satellite's log. On the Money tab, a
// satellite's target (link_satellite), its seats won as tickets and whether each was used at
// the target, with both books reconciled; a target's entries paid by ticket.
"use strict";

(() => {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const e = Pitboss.esc;
  const stream = document.body.dataset.stream;
  const form = $("#register-form");
  if (!form || !stream) return;
  const satellite = $("#ticket-satellite");
  const ticket = $("#ticket-id");
  const note = $("#ticket-note");
  const submit = $("button[type=submit]", form);
  const moneyLabel = submit.textContent;
  let P = JSON.parse($("#console-payload").textContent);

  const tickets = (id) => Pitboss.request("GET", `/api/tournaments/${encodeURIComponent(id)}/tickets`);

  async function fillTournaments() {
    let list = [];
    try { list = (await Pitboss.request("GET", "/api/tournaments")).filter((t) => t.id !== stream); } catch (err) { return; }
    const options = list.map((t) => `<option value="${e(t.id)}">${e(t.name)}</option>`).join("");
    for (const [select, blank] of [[satellite, "No ticket: paid in money"], [$("#link-target"), "Choose the target tournament"]]) {
      const keep = select.value;
      select.innerHTML = `<option value="">${e(blank)}</option>` + options;
      select.value = keep;
    }
  }

  function label() {
    submit.textContent = ticket.value ? "Register with the ticket (no money)" : moneyLabel;
  }

  async function fillTickets() {
    ticket.innerHTML = '<option value="">Choose the satellite first</option>';
    note.textContent = "";
    label();
    if (!satellite.value) return;
    let t;
    try { t = await tickets(satellite.value); } catch (err) { note.textContent = err.message || "Its tickets could not be read."; return; }
    if (!t.is_satellite) { note.textContent = `${t.name} is not a satellite: it has no tickets.`; return; }
    if (t.target !== stream) {
      note.textContent = t.target ? `${t.name}'s seats are for ${t.target_name}, not this tournament.` : `${t.name} does not say which tournament its seats are for.`;
      return;
    }
    if (!t.awarded.length) { note.textContent = `${t.name} has not awarded its seats yet.`; return; }
    ticket.innerHTML = '<option value="">Choose the winner\u2019s ticket</option>' + t.awarded.map((a) =>
      `<option value="${e(a.ticket_id)}" data-name="${e(a.name)}"${a.used ? " disabled" : ""}>${e(a.ticket_id)} \u00b7 ${e(a.name)}${a.used ? ` (used by ${e(a.used_by_name || "")})` : ""}</option>`).join("");
    const left = t.awarded.filter((a) => !a.used).length;
    note.textContent = `${left} of ${t.awarded.length} tickets not used yet; each pays one entry, buy-in and fee (${Pitboss.money(t.seat_value_cents)}).`;
  }

  satellite.addEventListener("change", fillTickets);
  ticket.addEventListener("change", () => {
    const chosen = ticket.selectedOptions[0];
    if (chosen && chosen.dataset.name) $("input[name=name]", form).value = chosen.dataset.name;
    label();
  });
  form.addEventListener("pitboss:sent", () => { fillTickets(); });
  $("#reg-ticket").addEventListener("toggle", () => { if ($("#reg-ticket").open) fillTournaments(); });

  // --- the Money tab ------------------------------------------------------------------------
  const box = $("#satellite-box");
  const taken = $("#tickets-taken-box");
  let shown = "";

  async function renderMoney() {
    let t;
    try { t = await tickets(stream); } catch (err) { return; }
    const key = JSON.stringify(t);
    if (key === shown) return;
    shown = key;
    box.hidden = !t.is_satellite;
    $("#satellite-target").textContent = t.target ? `for ${t.target_name}` : "no target named yet";
    $("#link-form").hidden = t.awarded.length > 0 && Boolean(t.target);
    $("#satellite-tickets").innerHTML = t.awarded.length ? t.awarded.map((a) =>
      `<tr><td>${e(a.ticket_id)}</td><td>${e(a.name)}</td><td class="num">${e(Pitboss.money(a.value_cents))}</td>` +
      `<td>${a.used === null ? '<span class="muted">not known</span>' : a.used ? `used by ${e(a.used_by_name || "")}` : "not used yet"}</td></tr>`).join("")
      : '<tr><td colspan="4" class="muted">The seats are awarded when the players left equal them.</td></tr>';
    const b = t.reconciliation;
    $("#satellite-books").textContent = !b ? ""
      : b.agrees ? `Both books agree: ${Pitboss.money(b.awarded_cents)} in seats = ${Pitboss.money(b.redeemed_cents)} used at ${b.target} + ${Pitboss.money(b.outstanding_cents)} not used yet.`
        : `The books do not agree: ${b.problems.join("; ")}.`;
    taken.hidden = !t.taken.length;
    $("#tickets-taken").innerHTML = t.taken.map((x) =>
      `<li>${e(x.name)}: ticket ${e(x.ticket_id)} of ${e(x.satellite_name)}${x.standing ? "" : " <small>(out)</small>"}</li>`).join("");
  }

  const moneyTab = () => !$("#tab-money").hidden;
  document.querySelectorAll('nav.tabs [data-tab="money"]').forEach((b) => b.addEventListener("click", () => { fillTournaments(); renderMoney(); }));
  document.addEventListener("pitboss:changed", (event) => { P = event.detail || P; if (moneyTab()) renderMoney(); });
  if (moneyTab()) { fillTournaments(); renderMoney(); }
})();

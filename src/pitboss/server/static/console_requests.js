// pitboss: the seats players asked for from the lobby (issue 31), at the console's door.
//
// The tournament's requests (GET /api/tournaments/{id}/seat-requests) are read at start and
// after every change; each open one offers: approve with the money marked paid (registered
// now, their club record attached, the buy-in and fee in the ledger), approve to pay at the
// door (the seat held; "Register at the door" fills the registration form with their name and
// club record, for the money and the private details the house requires, THC 1), or decline
// with a reason the player reads. The answers are the commands approve_seat_request and
// decline_seat_request, in the log like every other.
"use strict";

(() => {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const e = Pitboss.esc;
  const box = $("#seat-requests");
  const stream = document.body.dataset.stream;
  if (!box || !stream) return;
  const list = $("#sr-list");
  const error = $("#sr-error");
  let reading = null;

  const time = (ms) => new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

  function render(answer) {
    const open = answer.requests.filter((r) => !r.registered && (r.status === "pending" || r.status === "at_the_door"));
    const answered = answer.requests.length - open.length;
    box.hidden = answer.requests.length === 0;
    $("#sr-count").textContent = open.length ? `(${open.length} to answer)` : "";
    list.innerHTML = open.map((r) => `
      <li class="sr-item" data-request="${e(r.request_id)}" data-club="${e(r.club_player_id)}" data-status="${e(r.status)}">
        <p><strong class="sr-name">${e(r.name)}</strong> <small>asked at ${e(time(r.requested_at))}</small><br>
          <span class="sr-words">${e(r.words)}</span></p>
        <div class="row">
          <button type="button" class="sr-paid">${r.status === "pending" ? "Approve: paid" : "Paid: register"}</button>
          ${r.status === "pending" ? '<button type="button" class="secondary sr-door">Approve: pay at the door</button>'
            : '<button type="button" class="secondary sr-fill">Register at the door (with details)</button>'}
          <button type="button" class="danger sr-decline">Decline…</button>
        </div>
        <form class="sr-why" hidden><label>Reason the player reads <input name="reason" maxlength="200" placeholder="Optional"></label>
          <button type="submit" class="danger">Decline ${e(r.name)}'s request</button></form>
      </li>`).join("") + (answered ? `<li class="muted">${answered} answered (in the Log tab).</li>` : "")
      + (answer.open ? "" : `<li class="muted">No more seats from the lobby: ${e(answer.closed_why)}</li>`);
  }

  async function read() {
    try { render(await Pitboss.request("GET", `/api/tournaments/${stream}/seat-requests`)); } catch (err) { /* next change reads again */ }
  }

  function later() {
    clearTimeout(reading);
    reading = setTimeout(read, 300);
  }

  async function answer(cmd) {
    error.hidden = true;
    try { await Pitboss.command(stream, cmd); } catch (err) { Pitboss.showError(err, error); }
    read();
  }

  list.addEventListener("click", (event) => {
    const item = event.target.closest(".sr-item");
    if (!item) return;
    const id = item.dataset.request;
    const t = event.target;
    if (t.classList.contains("sr-paid")) answer({ type: "approve_seat_request", request_id: id, paid: true });
    else if (t.classList.contains("sr-door")) answer({ type: "approve_seat_request", request_id: id, paid: false });
    else if (t.classList.contains("sr-decline")) { const f = $(".sr-why", item); f.hidden = false; $("input", f).focus(); }
    else if (t.classList.contains("sr-fill")) {
      const form = $("#register-form");
      form.querySelector("input[name=name]").value = $(".sr-name", item).textContent;
      form.querySelector("input[name=club_player_id]").value = item.dataset.club || "";
      const chosen = $("#club-chosen");
      chosen.textContent = `Returning player: ${$(".sr-name", item).textContent} (asked from the lobby)`;
      chosen.hidden = false;
      form.querySelector("input[name=name]").focus();
    }
  });
  list.addEventListener("submit", (event) => {
    event.preventDefault();
    const item = event.target.closest(".sr-item");
    answer({ type: "decline_seat_request", request_id: item.dataset.request, reason: $("input", event.target).value });
  });
  document.addEventListener("pitboss:changed", later);
  read();
})();

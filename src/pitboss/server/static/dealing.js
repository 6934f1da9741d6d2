// pitboss: the director's dealing page: start the software dealing, pause and resume tables,
// each table's hand in play (polled every second), the players' personal links.
(function () {
  "use strict";
  const stream = document.body.dataset.stream;
  const base = `/api/tournaments/${stream}/dealing`;
  const $ = (id) => document.getElementById(id);

  function draw(status) {
    $("start").hidden = status.dealing;
    $("running").hidden = !status.dealing;
    $("tables").querySelector("tbody").innerHTML = status.tables.map((t) =>
      `<tr data-table="${t.table}"><td>${t.table}</td><td>${t.hands_dealt}</td>` +
      `<td>${Pitboss.esc(t.hand_id || "")}</td><td>${Pitboss.esc(t.to_act_name || t.to_act || "")}</td>` +
      `<td><button type="button" data-act="${t.paused ? "resume" : "pause"}" data-table="${t.table}">` +
      `${t.paused ? "Resume" : "Pause"}</button></td></tr>`).join("");
    if (status.error) Pitboss.showError({ message: status.error, code: "dealing_stopped" });
  }

  async function send(path, body) {
    try { draw(await Pitboss.request("POST", base + path, body)); $("error").hidden = true; }
    catch (error) { Pitboss.showError(error); }
  }

  $("start-form").onsubmit = (e) => {
    e.preventDefault();
    const form = e.target;
    const browser = [...form.querySelectorAll("input[name=browser]:checked")].map((i) => i.value);
    send("", { browser_players: browser, bots: !form.querySelector("input[name=all_browser]").checked });
  };
  $("pause-all").onclick = () => send("/pause", {});
  $("resume-all").onclick = () => send("/resume", {});
  $("tables").onclick = (e) => {
    const button = e.target.closest("button[data-act]");
    if (button) send("/" + button.dataset.act, { table: Number(button.dataset.table) });
  };

  draw(JSON.parse($("status").textContent));
  setInterval(async () => {
    try { draw(await Pitboss.request("GET", base)); } catch (error) { /* the next poll tries again */ }
  }, 1000);
})();

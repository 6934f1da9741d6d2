// pitboss: the console's Log tab (plain JavaScript, no build step).
//
// ConsoleLog.setup({stream, send, showRefusal, happened}) wires the tab and returns loadLog():
// every event in words (undone ones struck through), the undo or redo plan shown batch by
// batch in the log's words before it is confirmed (only the batches seen are undone: the
// server refuses if the log moved on), and the "any command" box for experts (a command's JSON
// form, its fields filled in from /api/commands).
"use strict";

const ConsoleLog = (() => {
  const { esc } = Pitboss;
  const $ = (sel, root) => (root || document).querySelector(sel);

  function setup(ctx) {
    const { stream, send, showRefusal, happened } = ctx;
    let logBusy = false;
    let cursorPlan = null;
    async function loadLog() {
      if (logBusy) return;
      logBusy = true;
      try {
        const lines = await Pitboss.request("GET", `/api/tournaments/${stream}/log`);
        $("#log-list").innerHTML = lines.slice().reverse().map((l) => `<li class="${l.in_effect ? "" : "undone"}" data-batch="${l.batch}"><small>#${l.batch} ${Pitboss.wallClock(l.at)}</small> ${esc(l.text)}</li>`).join("");
      } catch (err) { showRefusal($("#cursor-error"), err); }
      logBusy = false;
    }

    async function showPlan(kind) {
      $("#cursor-error").hidden = true;
      try {
        const plan = await Pitboss.request("GET", `/api/tournaments/${stream}/${kind}`);
        cursorPlan = plan;
        $("#cursor-plan").hidden = false;
        $("#cursor-plan").dataset.kind = kind;
        const taken = plan.batches.filter((b) => !b.dropped);
        $("#cursor-title").textContent = taken.length
          ? (kind === "undo" ? `Undo takes out ${taken.length === 1 ? "this batch" : "these batches"}:` : `Redo puts back ${taken.length === 1 ? "this batch" : "these batches"}:`)
          : `Nothing to ${kind}.`;
        $("#cursor-batches").innerHTML = plan.batches.map((b) => `<li data-batch="${b.batch}"><small>#${b.batch}</small> ${b.lines.map(esc).join("; ")}${b.dropped ? " <small>(a clock record; the clock records it again)</small>" : ""}</li>`).join("");
        $("#cursor-confirm").hidden = !taken.length;
        $("#cursor-confirm").textContent = kind === "undo" ? "Confirm the undo" : "Confirm the redo";
      } catch (err) { showRefusal($("#cursor-error"), err); }
    }
    $("#undo-plan").addEventListener("click", () => showPlan("undo"));
    $("#redo-plan").addEventListener("click", () => showPlan("redo"));
    $("#cursor-cancel").addEventListener("click", () => { $("#cursor-plan").hidden = true; cursorPlan = null; });
    $("#cursor-confirm").addEventListener("click", async () => {
      if (!cursorPlan) return;
      const kind = $("#cursor-plan").dataset.kind;
      const expect = cursorPlan.batches.filter((b) => !b.dropped).map((b) => b.batch);
      try {
        const done = await Pitboss.request("POST", `/api/tournaments/${stream}/${kind}`, { expect });
        happened(done.batches.filter((b) => !b.dropped).map((b) => `${kind === "undo" ? "Undone" : "Redone"}: ${b.lines.join("; ")}`));
        $("#cursor-plan").hidden = true;
        cursorPlan = null;
        loadLog();
      } catch (err) { showRefusal($("#cursor-error"), err); }
    });

    // --- any command ---------------------------------------------------------------------

    let forms = null;
    async function loadForms() {
      if (forms) return;
      forms = await Pitboss.request("GET", "/api/commands");
      const select = $("#any-command-type");
      select.innerHTML = forms.map((f) => `<option value="${esc(f.type)}">${esc(f.type)}</option>`).join("");
      select.value = "move_player";
      fillAnyCommand();
    }
    function fillAnyCommand() {
      const form = forms.find((f) => f.type === $("#any-command-type").value);
      if (!form) return;
      const skeleton = { type: form.type };
      for (const field of form.fields) skeleton[field.name] = field.required ? "" : field.default;
      $("#any-command-summary").textContent = form.summary;
      $("#any-command-json").value = JSON.stringify(skeleton, null, 2);
    }
    $("#any-command").addEventListener("toggle", () => { if ($("#any-command").open) loadForms(); });
    $("#any-command-type").addEventListener("change", fillAnyCommand);
    $("#any-command-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      e.stopPropagation();
      const box = $("#any-command-form .error");
      let cmd;
      try { cmd = JSON.parse($("#any-command-json").value); } catch (err) {
        showRefusal(box, { code: "bad_json", message: "That is not JSON (" + err.message + "): check the quotes and commas, nothing was sent." });
        return;
      }
      if (await send(cmd, box)) loadLog();
    });

    return loadLog;
  }

  return { setup };
})();

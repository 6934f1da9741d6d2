// pitboss: the console's players (plain JavaScript, no build step).
//
// ConsolePeople.words(get): how a player reads on the console from the payload `get()` returns
//   (seat, status or place, paid net of refunds, the house's refund) and `questions`, what is
//   asked before a command is sent, by its type: [question, yes-button] or null (nothing to
//   ask). A name already registered, a withdrawal, a level back, the books closed.
// ConsolePeople.panel(ctx): one player at the door, opened from the search or the list: the
//   receipt, the private details (fetched from the director-only route when asked for, THC 1,
//   and dropped from the page when closed), the name and details edited, a withdrawal before
//   the start (the house's refund) or during play (THC 38). Returns {open(pid), render()}.
"use strict";

const ConsolePeople = (() => {
  const { esc, money, chips } = Pitboss;
  const $ = (sel, root) => (root || document).querySelector(sel);
  const norm = (s) => ConsoleFind.norm(s).replace(/\s+/g, " ").trim();

  function ordinal(n) {
    const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
    return n + s;
  }

  function words(get) {
    const byId = () => Object.fromEntries(get().players.map((p) => [p.player_id, p]));
    const seatText = (p) => (p.table ? `T${p.table} S${p.seat}` : "");
    const statusText = (p) => {
      const r = get().results.find((x) => x.player_id === p.player_id);
      if (p.out) return r ? ordinal(r.first) + (r.first !== r.last ? "-" + ordinal(r.last) : "") : p.status === "active" ? "out" : p.status;
      return p.status === "active" ? "in" : p.status;
    };
    const describe = (p) => [p.player_id, seatText(p), statusText(p)].filter(Boolean).join(" · ");
    const net = (p) => p.paid_cents - p.refunded_cents;
    const paidText = (p) => (p.refunded_cents && !net(p) ? "refunded"
      : money(net(p)) + (p.ticket ? ` (by ${p.ticket})` : "") + (p.refunded_cents ? ` (${money(p.refunded_cents)} refunded)` : ""));
    const refundText = () => {
      const k = get().counter;
      const r = k.withdrawal_refund;
      const total = r.buy_in_cents + r.fee_cents;
      if (!total) return "no refund: the house keeps the entry";
      return `a refund of ${money(total)}${r.fee_cents ? " (buy-in and fee)" : r.buy_in_cents && k.fee_cents ? " (the buy-in; the fee is kept)" : ""}`;
    };

    const questions = {
      register_player: (cmd) => {
        const same = get().players.filter((p) => norm(p.name) === norm(cmd.name || ""));
        if (!same.length) return null;
        const who = same.map((p) => `${p.name} (${describe(p)})`).join(", ");
        return [`Already registered: ${who}. Registering the same person twice is a common mistake at the door; `
          + "if this is someone else with the same name, register them too.", `Register another ${cmd.name}`];
      },
      withdraw_player: (cmd) => {
        const name = (byId()[cmd.player_id] || { name: cmd.player_id }).name;
        return [`Withdraw ${name} before the start, with ${refundText()}? Their entry leaves the field (an undo in the Log tab puts it back).`,
          `Withdraw ${name}`];
      },
      withdraw_from_play: (cmd) => {
        const p = byId()[cmd.player_id];
        if (!p) return null;
        return [`${p.name} withdraws from play: their ${chips(p.chips)} chips go back to the bank and they are out, finishing ${ordinal(get().players_left)} (THC 38). Withdraw ${p.name}?`,
          `Withdraw ${p.name} from play`];
      },
      refund_for_dealers: (cmd) => {
        const P = get();
        const seats = cmd.tables_with_dealers * P.counter.seats_per_table;
        const refunded = P.players.filter((p) => p.status === "active").slice(seats);
        if (!refunded.length) return null; // the server says why nobody needs one
        return [`${cmd.tables_with_dealers} table${cmd.tables_with_dealers > 1 ? "s" : ""} with a dealer seat ${seats}: `
          + `the ${refunded.length} latest registered get ticket and fee back (THC 39): ${refunded.map((p) => p.name).join(", ")}.`,
          `Refund ${refunded.length} entr${refunded.length > 1 ? "ies" : "y"}`];
      },
      jump_to_level: (cmd) => {
        const clock = get().clock;
        if (!clock.started || cmd.level >= clock.level) return null;
        return [`Go back from level ${clock.level} to level ${cmd.level}? The blinds go back down and the level starts again.`,
          `Go back to level ${cmd.level}`];
      },
      close_books: () => ["Close the books? Play is over and every prize is paid: the ledger is final and the night's money is settled.",
        "Close the books"],
    };
    return { byId, seatText, statusText, describe, paidText, refundText, questions, ordinal };
  }

  const DETAIL_LABELS = [["address", "Address"], ["email", "E-mail"], ["phone", "Phone"], ["date_of_birth", "Date of birth"],
    ["national_id", "National id / SS#"], ["driver_licence", "Driver licence"], ["age_verified", "Age verified"]];

  function panel(ctx) {
    const { get, words: w, stream, send, askFirst, showRefusal, showReceipt } = ctx;
    const box = $("#player-panel");
    const form = $("#edit-form");
    let openPid = null;

    function forgetDetails() {
      // private values never linger on the page once closed (THC 1)
      $("#pp-details-list").innerHTML = "";
      $("#pp-details-box").hidden = true;
      form.hidden = true;
      form.reset();
      delete form.dataset.loaded;
      $("#edit-private").open = false;
      $(".error", form).hidden = true;
    }

    function render() {
      const p = openPid && w.byId()[openPid];
      box.hidden = !p;
      if (!p) return;
      const P = get();
      box.dataset.player = p.player_id;
      $("#pp-name").textContent = p.name;
      $("#pp-line").textContent = `${w.describe(p)} · ${chips(p.chips)} chips · paid ${w.paidText(p)}`
        + (p.details_filled.length ? "" : " · no private details given");
      const withdraw = $("#pp-withdraw");
      withdraw.hidden = !(P.phase === "registration" && p.status === "active");
      withdraw.textContent = `Withdraw (${w.refundText().split(":")[0]})…`;
      $("#pp-leave").hidden = !(P.phase === "running" && !p.out);
    }

    function open(pid) {
      if (openPid !== pid) forgetDetails();
      openPid = pid;
      $("#pp-error").hidden = true;
      render();
      box.scrollIntoView({ block: "nearest" });
    }

    const loadDetails = (pid) => Pitboss.request("GET", `/api/tournaments/${stream}/players/${encodeURIComponent(pid)}/details`);

    $("#pp-close").addEventListener("click", () => { forgetDetails(); openPid = null; render(); });
    $("#pp-receipt").addEventListener("click", () => showReceipt(openPid));
    $("#pp-details").addEventListener("click", async () => {
      const pid = openPid;
      try {
        const got = await loadDetails(pid);
        if (pid !== openPid) return;
        $("#pp-details-list").innerHTML = DETAIL_LABELS.map(([k, label]) => {
          const v = got.details[k];
          const shown = typeof v === "boolean" ? (v ? "yes" : "no") : (v || "—");
          return `<dt>${label}</dt><dd data-detail="${k}">${esc(shown)}</dd>`;
        }).join("");
        $("#pp-details-box").hidden = false;
      } catch (err) { showRefusal($("#pp-error"), err); }
    });
    $("#pp-details-hide").addEventListener("click", () => { $("#pp-details-list").innerHTML = ""; $("#pp-details-box").hidden = true; });
    $("#pp-edit").addEventListener("click", () => {
      const p = w.byId()[openPid];
      form.hidden = false;
      $("input[name=player_id]", form).value = p.player_id;
      $("input[name=name]", form).value = p.name;
      $("input[name=name]", form).focus();
    });
    $("#edit-private").addEventListener("toggle", async () => {
      const pid = $("input[name=player_id]", form).value;
      if (!$("#edit-private").open || form.dataset.loaded === pid) return;
      try {
        const got = await loadDetails(pid);
        for (const [k, v] of Object.entries(got.details)) {
          const el = $(`[name="details.${k}"]`, form);
          if (!el) continue;
          if (el.type === "checkbox") el.checked = !!v; else el.value = v || "";
        }
        form.dataset.loaded = pid;
      } catch (err) { showRefusal($(".error", form), err); }
    });
    $("#edit-cancel").addEventListener("click", forgetDetails);
    form.addEventListener("pitboss:sent", forgetDetails);
    for (const [id, type] of [["#pp-withdraw", "withdraw_player"], ["#pp-leave", "withdraw_from_play"]]) {
      $(id).addEventListener("click", async (e) => {
        const cmd = { type, player_id: openPid };
        const error = $("#pp-error");
        error.hidden = true;
        if (!(await askFirst(cmd, e.currentTarget.parentElement))) return;
        await send(cmd, error);
      });
    }
    return { open, render };
  }

  return { words, panel };
})();

// pitboss: the structure designer (plain JavaScript, no build step).
//
// The director picks a base (a shipped preset or a tournament's rules), a field and a start,
// edits the levels (small blind, big blind, ante, minutes) and the breaks (minutes, colour-up
// chips) in place. After each edit (debounced) the structure goes to POST
// /api/designer/estimate, which checks it as a preset's file is checked and answers with the
// instant estimate; the page shows the finish, the legal limit (KY 11), the speed, the
// warnings, the players expected at each level and the players-left curve as an inline SVG.
// A refusal (naming the level) is shown and the last accepted answer is dimmed. "Save as
// preset" downloads the commented TOML; "Create a tournament with it" sends that TOML to
// POST /api/tournaments as rules_toml.
"use strict";

(() => {
  const { esc, chips } = Pitboss;
  const $ = (sel) => document.querySelector(sel);
  const DEBOUNCE_MS = 300;
  const SVG = "http://www.w3.org/2000/svg";
  let structure = null; // the [tournament.structure] table being edited
  let answer = null; // the last accepted estimate
  let sent = 0; // the latest request's number: an older answer is dropped
  let timer = null;

  function base() {
    const [kind, value] = $("#base").value.split(/:(.*)/s);
    return kind === "tournament" ? { tournament: value } : { preset: value };
  }

  function whole(text, empty) {
    // a whole number as a number; anything else as typed, so the server names what is wrong
    const t = String(text).trim().replace(/,/g, "");
    if (t === "") return empty;
    return /^\d+$/.test(t) ? Number(t) : t;
  }

  function chipList(text) {
    return String(text).split(/[\s,]+/).filter(Boolean).map((c) => whole(c, c));
  }

  function design() {
    const body = Object.assign(base(), { structure, players: whole($("#players").value, ""), title: $("#title").value });
    if ($("#start").value) body.start = $("#start").value;
    return body;
  }

  // --- time --------------------------------------------------------------------------------
  function played(minutes) {
    return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
  }

  function clockAt(minutes, start) {
    if (start === null || start === undefined) return played(minutes);
    const at = start + minutes;
    const day = Math.floor(at / 1440);
    const m = at % 1440;
    const text = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    return day ? `${text} (+${day} day)` : text;
  }

  // --- the levels table --------------------------------------------------------------------
  function input(cls, value, data, label, placeholder) {
    const v = value === null || value === undefined ? "" : value;
    const hint = placeholder === undefined ? "" : ` placeholder="${esc(placeholder)}"`;
    return `<input class="${cls}" inputmode="numeric" autocomplete="off" value="${esc(v)}" aria-label="${esc(label)}"${hint} ${data}>`;
  }

  function renderTable() {
    const body = $("#levels tbody");
    const rows = [];
    structure.levels.forEach((lv, i) => {
      const n = i + 1;
      const at = (key) => `data-level="${i}" data-key="${key}"`;
      rows.push(`<tr class="level" data-row="${i}"><td class="num">${n}</td>`
        + `<td>${input("sb", lv.small_blind, at("small_blind"), `Level ${n} small blind`)}</td>`
        + `<td>${input("bb", lv.big_blind, at("big_blind"), `Level ${n} big blind`)}</td>`
        + `<td>${input("ante", lv.ante, at("ante"), `Level ${n} ante`)}</td>`
        + `<td>${input("min", lv.minutes, at("minutes"), `Level ${n} minutes`, structure.level_minutes)}</td>`
        + `<td class="num players"></td><td class="num wide-only avg"></td>`
        + `<td><button type="button" class="remove" data-remove-level="${i}" title="Remove level ${n}">✕</button></td></tr>`);
      structure.breaks.forEach((brk, j) => {
        if (brk.after_level !== n) return;
        const bat = (key) => `data-break="${j}" data-key="${key}"`;
        rows.push(`<tr class="break"><td></td><td colspan="5">Break ${input("min", brk.minutes, bat("minutes"), `Break after level ${n} minutes`)} min`
          + `, colour up ${input("chips", (brk.colour_up || []).join(", "), bat("colour_up"), `Break after level ${n} colour-up chips`)}</td>`
          + `<td class="wide-only"></td><td><button type="button" class="remove" data-remove-break="${j}" title="Remove the break after level ${n}">✕</button></td></tr>`);
      });
    });
    body.innerHTML = rows.join("");
    $("#level-minutes").textContent = `${structure.level_minutes}`;
    fillRows();
  }

  function fillRows() {
    if (!answer) return;
    document.querySelectorAll("#levels tr.level").forEach((tr) => {
      const row = answer.levels[Number(tr.dataset.row)];
      const players = row && row.players !== null ? row.players : null;
      tr.querySelector(".players").textContent = players === null ? "–" : players < 10 ? players.toFixed(1) : Math.round(players).toLocaleString("en-US");
      tr.querySelector(".avg").textContent = row && row.average_big_blinds !== null ? row.average_big_blinds.toFixed(0) : "–";
      tr.classList.toggle("over", players === null);
    });
  }

  function edited(target) {
    const key = target.dataset.key;
    if (target.dataset.level !== undefined) {
      const lv = structure.levels[Number(target.dataset.level)];
      if (key === "minutes") {
        const v = whole(target.value, null);
        if (v === null) delete lv.minutes; else lv.minutes = v;
      } else {
        lv[key] = whole(target.value, key === "ante" ? 0 : "");
      }
    } else if (target.dataset.break !== undefined) {
      const brk = structure.breaks[Number(target.dataset.break)];
      brk[key] = key === "colour_up" ? chipList(target.value) : whole(target.value, "");
    }
    soon();
  }

  function addLevel() {
    const last = structure.levels[structure.levels.length - 1] || { small_blind: 25, big_blind: 25, ante: 0 };
    const twice = (v) => (typeof v === "number" ? v * 2 : v);
    structure.levels.push({ small_blind: twice(last.small_blind), big_blind: twice(last.big_blind), ante: twice(last.ante || 0) });
    renderTable();
    soon(0);
  }

  function removeLevel(i) {
    const n = i + 1;
    structure.levels.splice(i, 1);
    structure.breaks = structure.breaks.filter((b) => b.after_level !== n)
      .map((b) => (b.after_level > n ? Object.assign({}, b, { after_level: b.after_level - 1 }) : b));
    renderTable();
    soon(0);
  }

  function addBreak() {
    const after = whole($("#break-after").value, "");
    if (typeof after !== "number" || after < 1 || after > structure.levels.length) {
      Pitboss.showError({ message: `A break follows a level: give a level from 1 to ${structure.levels.length}.` }, $("#error"));
      return;
    }
    if (!structure.breaks.some((b) => b.after_level === after)) {
      structure.breaks.push({ after_level: after, minutes: 10, colour_up: [] });
      structure.breaks.sort((a, b) => a.after_level - b.after_level);
    }
    $("#break-after").value = "";
    renderTable();
    soon(0);
  }

  // --- the answer ----------------------------------------------------------------------------
  function soon(ms) {
    clearTimeout(timer);
    timer = setTimeout(estimate, ms === undefined ? DEBOUNCE_MS : ms);
  }

  async function estimate() {
    const mine = ++sent;
    document.body.dataset.state = "estimating";
    try {
      const got = await Pitboss.request("POST", "/api/designer/estimate", design());
      if (mine !== sent) return;
      answer = got;
      $("#error").hidden = true;
      document.body.dataset.state = "ready";
      show();
    } catch (err) {
      if (mine !== sent) return;
      document.body.dataset.state = "refused";
      Pitboss.showError(err, $("#error"));
    }
  }

  function show() {
    const e = answer.estimate;
    const start = answer.start_minute;
    const finish = clockAt(e.finish_minutes, start);
    const money = e.rebuys || e.add_ons ? `; about ${chips(e.rebuys)} re-buys and ${chips(e.add_ons)} add-ons` : "";
    $("#finish").textContent = e.is_chopped
      ? `Stopped at the legal limit, ${finish} (${played(e.finish_minutes)} of play), with about ${chips(e.players_at_limit)} players left: a forced chop (KY 11).`
      : `Finishes about ${finish} (${played(e.finish_minutes)} of play), in level ${e.last_level}${money}.`;
    $("#finish").dataset.finish = String(e.finish_minutes);
    const limit = e.time_limit_minutes;
    $("#limit").textContent = limit === null ? "No legal time limit in these rules."
      : e.is_chopped ? `The legal limit is ${played(limit)} of play.`
        : `The legal limit: ${clockAt(limit, start)}, after ${played(limit)} of play; ${played(limit - e.finish_minutes)} to spare.`;
    const sp = answer.speed;
    $("#speed").textContent = `Speed: ${sp.speed.replace("_", "-")}`
      + (sp.reasons.length ? ` (${sp.reasons.join("; ")})` : ` (${sp.level_minutes}-minute levels, about ${Math.round(sp.hands_per_level)} hands each; ${Math.round(sp.starting_big_blinds)} big blinds to start)`);
    $("#warnings").innerHTML = answer.warnings.map((w) => `<li>${esc(w)}</li>`).join("");
    fillRows();
    drawChart();
  }

  // --- the chart: an inline SVG, no library ------------------------------------------------
  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function drawChart() {
    const svg = $("#curve");
    svg.replaceChildren();
    const W = 640, H = 260, L = 48, R = 26, T = 16, B = 32;
    const e = answer.estimate;
    const points = answer.curve;
    const top = Math.max(2, points[0].players);
    const span = Math.max(60, e.finish_minutes, e.time_limit_minutes || 0);
    const x = (m) => L + (m / span) * (W - L - R);
    const y = (p) => T + (1 - p / top) * (H - T - B);
    const hours = Math.ceil(span / 60);
    const every = hours > 10 ? 2 : 1;
    for (let h = 0; h <= hours; h += every) {
      const m = h * 60;
      if (m > span) break;
      svg.append(el("line", { class: "grid", x1: x(m), x2: x(m), y1: T, y2: H - B }));
      svg.append(el("text", { class: "tick", x: x(m), y: H - B + 19, "text-anchor": "middle" }, clockAt(m, answer.start_minute).replace(/ \(.*/, "")));
    }
    for (const p of [0, Math.round(top / 2), Math.round(top)]) {
      svg.append(el("line", { class: "grid", x1: L, x2: W - R, y1: y(p), y2: y(p) }));
      svg.append(el("text", { class: "tick", x: L - 6, y: y(p) + 4, "text-anchor": "end" }, chips(p)));
    }
    svg.append(el("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B }));
    svg.append(el("line", { class: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B }));
    const coords = points.map((p) => `${x(p.minute).toFixed(1)},${y(p.players).toFixed(1)}`);
    const last = points[points.length - 1];
    svg.append(el("polygon", { class: "area", points: [`${x(0)},${y(0)}`, ...coords, `${x(last.minute).toFixed(1)},${y(0)}`].join(" ") }));
    svg.append(el("polyline", { class: "line", id: "curve-line", points: coords.join(" ") }));
    svg.append(el("circle", { class: "finish-dot", cx: x(last.minute), cy: y(last.players), r: 4 }));
    if (e.time_limit_minutes !== null) {
      const lx = x(e.time_limit_minutes);
      svg.append(el("line", { class: "limit", id: "limit-line", x1: lx, x2: lx, y1: T, y2: H - B }));
      svg.append(el("text", { class: "limit-label", x: lx - 4, y: T + 12, "text-anchor": "end" }, "legal limit"));
    }
  }

  // --- the base, the downloads ---------------------------------------------------------------
  async function load() {
    const params = new URLSearchParams(base());
    try {
      const got = await Pitboss.request("GET", `/api/designer/base?${params}`);
      structure = got.structure;
      $("#title").value = `${got.title} (designer)`;
      if (!$("#players").dataset.touched) $("#players").value = got.players;
      renderTable();
      soon(0);
    } catch (err) { Pitboss.showError(err, $("#error")); }
  }

  async function toml() {
    const response = await fetch("/api/designer/preset.toml", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": document.querySelector('meta[name="csrf-token"]').content },
      body: JSON.stringify(design()),
    });
    const text = await response.text();
    if (!response.ok) {
      let error = { message: text };
      try { error = JSON.parse(text); } catch (e) { /* the text as it came */ }
      throw error;
    }
    return text;
  }

  function fileName() {
    const slug = $("#title").value.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    return `${slug || "structure"}.toml`;
  }

  async function save() {
    $("#keep-error").hidden = true;
    try {
      const text = await toml();
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
      link.download = fileName();
      document.body.append(link);
      link.click();
      setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
    } catch (err) { Pitboss.showError(err, $("#keep-error")); }
  }

  async function create() {
    $("#keep-error").hidden = true;
    try {
      const name = $("#new-name").value.trim() || $("#title").value.trim();
      const made = await Pitboss.request("POST", "/api/tournaments", { name, rules_toml: await toml() });
      location.href = `/t/${made.id}`;
    } catch (err) { Pitboss.showError(err, $("#keep-error")); }
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("#levels").addEventListener("input", (ev) => { if (ev.target.dataset.key) edited(ev.target); });
    $("#levels").addEventListener("click", (ev) => {
      const t = ev.target.closest("button");
      if (!t) return;
      if (t.dataset.removeLevel !== undefined) removeLevel(Number(t.dataset.removeLevel));
      if (t.dataset.removeBreak !== undefined) {
        structure.breaks.splice(Number(t.dataset.removeBreak), 1);
        renderTable();
        soon(0);
      }
    });
    $("#base").addEventListener("change", load);
    $("#players").addEventListener("input", () => { $("#players").dataset.touched = "1"; soon(); });
    $("#start").addEventListener("input", () => soon());
    $("#add-level").addEventListener("click", addLevel);
    $("#add-break").addEventListener("click", addBreak);
    $("#save-toml").addEventListener("click", save);
    $("#create").addEventListener("click", create);
    $("#setup").addEventListener("submit", (ev) => ev.preventDefault());
    load();
  });
})();

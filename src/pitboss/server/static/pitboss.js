// pitboss: the pages' shared script (no build step).
//
// Pitboss.live(stream, {role, table, token, rules}, onPayload): a WebSocket that delivers the
//   page's view at once and after every committed event; it reconnects by itself (with a
//   growing pause) and gets a full snapshot again, so a dropped connection never leaves a stale
//   page. ``rules``: a public screen that keeps the rules' citations (opened with ?rules=1).
// Pitboss.command(stream, command): POST a command's JSON form with the page's CSRF token;
//   resolves to {batch, seq, events:[{type, text}]} or rejects with {code, params, message}.
//   A 503 (the store cannot save) or a write saved is also told as a "pitboss:saving" event.
// Pitboss.showError(error, box): a refusal's message in its box (the code only in data-code).
// Pitboss.prize(cents, seat): a place's prize in words: money, or a satellite's seat ("Seat to
//   Main Event", and "+ $20" when the place pays money besides).
// Pitboss.passwordForm(form): the director's password changed, the current one given.
// Pitboss.countdown(payload): the ms left in the current period now, counted locally from the
//   stored end instant (corrected by the server's clock offset).
"use strict";

const Pitboss = (() => {
  let offset = 0; // server clock minus this device's clock, ms

  function csrf() {
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  async function request(method, url, body, headers) {
    const init = { method, headers: Object.assign({ "X-CSRF-Token": csrf() }, headers || {}) };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    const response = await fetch(url, init);
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = { code: "bad_response", params: {}, message: text }; }
    if (response.status === 503 || (response.ok && method !== "GET")) {
      // a write refused because the store cannot save, or one saved: the console's banner
      document.dispatchEvent(new CustomEvent("pitboss:saving", { detail: response.ok ? { saving: true } : Object.assign({ saving: false }, data || {}) }));
    }
    if (!response.ok) {
      throw Object.assign({ code: "http_" + response.status, params: {}, message: response.statusText }, data || {}, { status: response.status });
    }
    return data;
  }

  function command(stream, cmd, opts) {
    opts = opts || {};
    if (opts.table !== undefined) {
      return request("POST", `/api/tournaments/${stream}/tables/${opts.table}/commands`, cmd, { "X-Table-Token": opts.token });
    }
    return request("POST", `/api/tournaments/${stream}/commands`, cmd);
  }

  function live(stream, opts, onPayload, onStatus) {
    opts = opts || {};
    let pause = 500;
    let socket = null;
    const params = new URLSearchParams({ role: opts.role || "public" });
    if (opts.table !== undefined) params.set("table", opts.table);
    if (opts.token) params.set("token", opts.token);
    if (opts.rules) params.set("rules", "1");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/ws/tournaments/${stream}?${params}`;
    const status = (s) => { document.body.dataset.live = s; if (onStatus) onStatus(s); };
    function open() {
      socket = new WebSocket(url);
      socket.onopen = () => { pause = 500; status("connected"); };
      socket.onmessage = (message) => {
        const payload = JSON.parse(message.data);
        if (payload.kind === "error") { status("refused"); showError(payload); return; }
        if (typeof payload.server_now === "number") offset = payload.server_now - Date.now();
        onPayload(payload);
        document.dispatchEvent(new CustomEvent("pitboss:changed", { detail: payload }));
      };
      socket.onclose = () => {
        status("reconnecting");
        setTimeout(open, pause);
        pause = Math.min(pause * 2, 10000);
      };
    }
    open();
    return { close: () => { socket.onclose = null; socket.close(); } };
  }

  function now() { return Date.now() + offset; }

  function countdown(clock) {
    if (!clock) return 0;
    if (clock.running && typeof clock.ends_at === "number") return Math.max(0, clock.ends_at - now());
    return Math.max(0, clock.remaining_ms);
  }

  function untilInstant(instant) {
    return typeof instant === "number" ? Math.max(0, instant - now()) : null;
  }

  function clockText(ms) {
    if (ms === null || ms === undefined) return "";
    const s = Math.floor(Math.max(0, ms) / 1000);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
  }

  function wallClock(ms) {
    // an instant as this device's own time of day, "21:40": what the room's clocks say
    const at = new Date(ms);
    return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
  }

  function prize(cents, seat) {
    if (!seat) return money(cents);
    return cents ? `${seat} + ${money(cents)}` : seat;
  }

  function money(cents) {
    if (cents === null || cents === undefined) return "";
    const sign = cents < 0 ? "-" : "";
    const a = Math.abs(cents), whole = Math.floor(a / 100), part = a % 100;
    return sign + "$" + whole.toLocaleString("en-US") + (part ? "." + String(part).padStart(2, "0") : "");
  }

  function chips(n) { return n === null || n === undefined ? "" : Number(n).toLocaleString("en-US"); }

  function esc(text) {
    return String(text === null || text === undefined ? "" : text)
      .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  }

  function showError(error, where) {
    // a person reads the message; the code stays in data-code, for programs and tests
    const box = where || document.querySelector(".error[role=alert]");
    const text = error.message || "Refused: nothing was changed.";
    if (box) { box.textContent = text; box.hidden = false; box.dataset.code = error.code || ""; } else { console.error(text); }
  }

  function formObject(form) {
    const out = {};
    for (const [key, value] of new FormData(form).entries()) {
      if (value instanceof File) continue;
      out[key] = value;
    }
    return out;
  }

  function signInForm(form, next) {
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const error = form.querySelector(".error");
      error.hidden = true;
      try {
        await request("POST", form.dataset.endpoint, formObject(form));
        location.href = next || "/";
      } catch (err) { showError(err, error); }
    });
  }

  function createTournamentForm(form) {
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const error = form.querySelector(".error");
      error.hidden = true;
      const data = formObject(form);
      const body = { name: data.name };
      const file = form.querySelector("input[type=file]");
      if (file && file.files.length) body.rules_toml = await file.files[0].text();
      else if (data.preset) body.preset = data.preset;
      try {
        const made = await request("POST", "/api/tournaments", body);
        location.href = `/t/${made.id}`;
      } catch (err) { showError(err, error); }
    });
  }

  // The director's password changed, given the current one: this page keeps its session (the
  // new CSRF token), every other device signs in again.
  function passwordForm(form) {
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const error = form.querySelector(".error");
      const done = form.querySelector(".done");
      error.hidden = true;
      done.hidden = true;
      try {
        const answer = await request("POST", form.dataset.endpoint, formObject(form));
        const meta = document.querySelector('meta[name="csrf-token"]');
        if (meta && answer && answer.csrf) meta.content = answer.csrf;
        form.reset();
        done.textContent = "Password changed: every other device signs in again with the new one.";
        done.hidden = false;
      } catch (err) { showError(err, error); }
    });
  }

  return { request, command, live, now, countdown, untilInstant, clockText, wallClock, money, prize, chips, esc,
           showError, formObject, signInForm, createTournamentForm, passwordForm };
})();

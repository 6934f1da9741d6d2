// pitboss: the lobby and the players' sign-in (issue 31), plain JavaScript.
//
// /signin: opened from the director's one-time link (/signin#<secret>: the fragment never
//   reaches the server's logs), it asks whose link it is and lets the person choose a sign-in
//   name and a password; otherwise it signs a player in. Both go on to the lobby.
// /lobby: ask for a seat, withdraw a request, sign out; the list is read again every 10 s
//   (the director's answer shows without a reload), never while the player is typing.
"use strict";

(() => {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const post = (url, body) => Pitboss.request("POST", url, body);

  // --- passkeys (WebAuthn): only in a secure context (https, or localhost) -----------------
  const canPasskey = !!(window.PublicKeyCredential && window.isSecureContext && navigator.credentials);
  const bytes = (b64) => Uint8Array.from(atob(b64.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((b64.length + 3) % 4)), (c) => c.charCodeAt(0));
  const b64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  async function makePasskey() {
    const { flow, options_json } = await post("/api/player/passkeys/options", {});
    const o = JSON.parse(options_json);
    o.challenge = bytes(o.challenge);
    o.user.id = bytes(o.user.id);
    o.excludeCredentials = (o.excludeCredentials || []).map((c) => Object.assign({}, c, { id: bytes(c.id) }));
    const made = await navigator.credentials.create({ publicKey: o });
    const r = made.response;
    const credential = { id: made.id, rawId: b64(made.rawId), type: made.type,
      response: { clientDataJSON: b64(r.clientDataJSON), attestationObject: b64(r.attestationObject),
                  transports: r.getTransports ? r.getTransports() : [] } };
    return post("/api/player/passkeys", { flow, credential });
  }
  async function usePasskey() {
    const { flow, options_json } = await post("/api/player/passkey/options", {});
    const o = JSON.parse(options_json);
    o.challenge = bytes(o.challenge);
    o.allowCredentials = (o.allowCredentials || []).map((c) => Object.assign({}, c, { id: bytes(c.id) }));
    const got = await navigator.credentials.get({ publicKey: o });
    const r = got.response;
    const credential = { id: got.id, rawId: b64(got.rawId), type: got.type,
      response: { clientDataJSON: b64(r.clientDataJSON), authenticatorData: b64(r.authenticatorData),
                  signature: b64(r.signature), userHandle: r.userHandle ? b64(r.userHandle) : null } };
    return post("/api/player/passkey/session", { flow, credential });
  }

  // --- the sign-in page ---------------------------------------------------------------------
  const choose = $("#choose");
  if (choose) {
    const secret = decodeURIComponent(location.hash.slice(1));
    const signinForm = $("#signin-form");
    if (secret) {
      $("#signin").hidden = true;
      history.replaceState(null, "", location.pathname); // the secret leaves the address bar
      post("/api/player/link", { secret }).then((owner) => {
        $("#choose-name").textContent = owner.name;
        $("input[name=login]", choose).value = owner.login || owner.suggested_login;
        choose.hidden = false;
        $("input[name=password]", choose).focus();
      }, (err) => {
        $("#link-error").textContent = err.message || "This link does not work.";
        $("#link-bad").hidden = false;
        $("#signin").hidden = false;
      });
      $("#choose-form").addEventListener("submit", async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const error = $(".error", form);
        error.hidden = true;
        try {
          await post("/api/player/password", Object.assign({ secret }, Pitboss.formObject(form)));
          location.href = "/lobby";
        } catch (err) { Pitboss.showError(err, error); }
      });
    }
    if (canPasskey) {
      $("#passkey-signin").hidden = false;
      $("#passkey-signin-button").addEventListener("click", async () => {
        const error = $("#passkey-error");
        error.hidden = true;
        try { await usePasskey(); location.href = "/lobby"; } catch (err) {
          Pitboss.showError(err.code ? err : { message: "No passkey was used: sign in with your name and password." }, error);
        }
      });
    }
    signinForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      const error = $(".error", signinForm);
      error.hidden = true;
      try {
        await post("/api/player/session", Pitboss.formObject(signinForm));
        location.href = "/lobby";
      } catch (err) { Pitboss.showError(err, error); }
    });
    return;
  }

  // --- the lobby ----------------------------------------------------------------------------
  const main = $("main.lobby-page");
  if (!main) return;
  let busy = false;

  async function refresh() {
    if (busy || document.hidden) return;
    try {
      const response = await fetch("/lobby", { headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = $("main.lobby-page", page);
      if (fresh && !busy) main.innerHTML = fresh.innerHTML;
    } catch (err) { /* offline a moment: the next round reads it again */ }
  }

  main.addEventListener("click", async (e) => {
    const button = e.target.closest("button.t-ask, button.t-withdraw");
    if (!button) return;
    const card = button.closest(".t-card");
    const error = $(".error", card);
    error.hidden = true;
    busy = true;
    button.disabled = true;
    try {
      const stream = encodeURIComponent(card.dataset.stream);
      if (button.classList.contains("t-ask")) await post(`/api/lobby/${stream}/requests`, {});
      else await post(`/api/lobby/${stream}/requests/${encodeURIComponent(button.dataset.request)}/withdraw`, {});
      busy = false;
      await refresh();
    } catch (err) {
      Pitboss.showError(err, error);
      button.disabled = false;
      busy = false;
    }
  });

  const passkeyBox = $("#passkey-box");
  if (passkeyBox && canPasskey) {
    passkeyBox.hidden = false;
    $("#add-passkey").addEventListener("click", async () => {
      const note = $("#passkey-note");
      busy = true;
      try {
        const kept = await makePasskey();
        note.textContent = `Passkey added (${kept.passkeys} kept): next time, sign in with it.`;
      } catch (err) { note.textContent = err.message || "No passkey was added."; }
      busy = false;
    });
  }

  const out = $("#sign-out");
  if (out) {
    out.addEventListener("click", async () => {
      try { await Pitboss.request("DELETE", "/api/player/session"); } catch (err) { /* signed out already */ }
      location.href = "/lobby";
    });
  }
  setInterval(refresh, 10000);
})();

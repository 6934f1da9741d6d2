// pitboss: the console's "not being saved" banner (issue 25).
//
// A command refused with a 503 (the store's file deleted or replaced, its database dropped, or
// the store unreachable) shows the banner at once, with the store's message: what happened and
// what to do. The console also asks /api/health every few seconds, so the banner comes up with
// nobody pressing a key, and goes when the store saves again (a command saved, or a health check
// answered). It stays at the top of the console until then: the director cannot miss it.
"use strict";

(() => {
  const EVERY_MS = 5000;
  const banner = document.getElementById("not-saved");
  const text = document.getElementById("not-saved-text");
  if (!banner || !text) return;

  function show(state) {
    if (state.saving) {
      banner.hidden = true;
      document.body.dataset.saving = "yes";
      return;
    }
    // the headline says it already: the message from its first colon on (what, and what to do)
    const message = (state.message || "").replace(/^The night is not being saved: */i, "");
    text.textContent = message ? message[0].toUpperCase() + message.slice(1) : "The store cannot be written: nothing you enter is kept.";
    banner.dataset.code = state.code || "";
    banner.hidden = false;
    document.body.dataset.saving = "no";
  }

  async function check() {
    try {
      const response = await fetch("/api/health", { cache: "no-store" });
      if (response.ok || response.status === 503) show(await response.json());
    } catch (e) { /* the server itself is unreachable: the live connection says so */ }
  }

  document.addEventListener("pitboss:saving", (e) => show(e.detail));
  check();
  setInterval(check, EVERY_MS);
})();

// pitboss: a club player's sign-in link, made by the director on the player's page (issue 31).
// The link (/signin#<secret>) lasts 7 days and works once; a new one replaces the old. It is
// shown here to copy or send; the server keeps only its hash.
"use strict";

(() => {
  const box = document.getElementById("signin-link-box");
  if (!box) return;
  const id = encodeURIComponent(box.dataset.id);
  const $ = (sel) => document.querySelector(sel);
  const error = $("#signin-error");
  Pitboss.request("GET", `/api/club/players/${id}/signin`).then((account) => {
    if (account.login) $("#signin-account").textContent = `Signs in as \u201c${account.login}\u201d. A new link lets them choose a new password (their other phones sign out).`;
  }, () => {});
  $("#make-signin-link").addEventListener("click", async () => {
    error.hidden = true;
    try {
      const link = await Pitboss.request("POST", `/api/club/players/${id}/signin-link`);
      $("#signin-url").value = link.url;
      $("#signin-expires").textContent = `works once, until ${new Date(link.expires_at).toLocaleString()}`;
      $("#signin-link").hidden = false;
      $("#signin-url").select();
    } catch (err) { Pitboss.showError(err, error); }
  });
  $("#copy-signin-link").addEventListener("click", () => {
    const url = $("#signin-url");
    url.select();
    if (navigator.clipboard) navigator.clipboard.writeText(url.value).catch(() => document.execCommand("copy"));
    else document.execCommand("copy");
  });
})();

// pitboss: a club player's page for the director: erase their private details on request
// (THC 1, issue 28): the record, the nights played and the accounting stay.
"use strict";

(() => {
  const button = document.getElementById("erase-details");
  if (!button) return;
  const note = document.getElementById("erase-note");
  button.addEventListener("click", async () => {
    if (!window.confirm(`Erase ${button.dataset.name}'s private details? Their nights, places and money stay.`)) return;
    button.disabled = true;
    try {
      await Pitboss.request("PUT", `/api/club/players/${encodeURIComponent(button.dataset.id)}/private`, {});
      note.textContent = "Private details erased.";
    } catch (error) {
      note.textContent = error.message || "Not erased.";
      button.disabled = false;
    }
  });
})();

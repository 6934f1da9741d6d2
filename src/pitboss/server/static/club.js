// The door's type-ahead (issue 28): typing a name in the registration form shows the club's
// returning players whose name, display name or membership number holds what was typed
// (GET /api/club/players?q=...); choosing one fills the name from their record and sends
// their club id with the registration, so nothing is copied by hand. A name typed and not
// chosen registers a new person: the server makes their club record.
"use strict";

(() => {
  const form = document.getElementById("register-form");
  if (!form) return;
  const name = form.querySelector("input[name=name]");
  const clubId = form.querySelector("input[name=club_player_id]");
  const list = document.getElementById("club-matches");
  const chosen = document.getElementById("club-chosen");
  let asked = 0;
  let timer = null;

  function forget() {
    clubId.value = "";
    chosen.hidden = true;
    chosen.textContent = "";
  }

  function show(players) {
    list.replaceChildren();
    for (const p of players) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "club-match";
      button.dataset.id = p.id;
      const extra = [p.display_name ? `\u201c${p.display_name}\u201d` : "", p.membership ? `member ${p.membership}` : ""]
        .filter(Boolean).join(" \u00b7 ");
      button.textContent = extra ? `${p.name} \u00b7 ${extra}` : p.name;
      button.addEventListener("click", () => choose(p));
      item.append(button);
      list.append(item);
    }
    list.hidden = players.length === 0;
  }

  function choose(player) {
    clearTimeout(timer);
    asked++;
    name.value = player.name;
    clubId.value = player.id;
    chosen.textContent = `Returning player: ${player.name} (their club record)`;
    chosen.hidden = false;
    show([]);
    name.focus();
  }

  async function find(query) {
    const mine = ++asked;
    try {
      const found = await Pitboss.request("GET", `/api/club/players?limit=6&q=${encodeURIComponent(query)}`);
      if (mine === asked) show(found || []);
    } catch (e) {
      if (mine === asked) show([]);
    }
  }

  name.addEventListener("input", () => {
    forget();
    clearTimeout(timer);
    const query = name.value.trim();
    if (!query) { asked++; show([]); return; }
    timer = setTimeout(() => find(query), 120);
  });
  name.addEventListener("focus", () => { if (!name.value.trim()) forget(); }); // after a registration
  name.addEventListener("keydown", (e) => {
    if (e.key === "Escape") show([]);
  });
  form.addEventListener("submit", () => { clearTimeout(timer); asked++; show([]); });
  form.addEventListener("reset", forget);
})();

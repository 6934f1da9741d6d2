// pitboss: the director's leagues. In the console, the League tab: which seasons this night
// counts toward, count it or take it out (the leagues' API, /api/leagues/...), links to the
// season's pages. On the club page (/club/leagues): create a league (a points preset, its
// commented TOML shown, or the club's own TOML) and a season (dates, or the nights chosen).
"use strict";

(() => {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const e = Pitboss.esc;

  // --- the console's League tab ------------------------------------------------------------
  const list = $("#league-seasons");
  const stream = document.body.dataset.stream;
  if (list && stream) {
    const error = $("#league-error");
    async function load() {
      try {
        const answer = await Pitboss.request("GET", `/club/leagues/for/${encodeURIComponent(stream)}`);
        list.innerHTML = answer.seasons.length ? answer.seasons.map((s) =>
          `<li data-season="${e(s.season_id)}" data-counts="${s.counts}"><b>${e(s.league)}</b> · ${e(s.season)} <small>${e(s.when)}</small> ` +
          (s.counts ? '<span class="ok">counts</span> ' : '<span class="muted">does not count</span> ') +
          `<button type="button" class="small secondary" data-league="${e(s.league_id)}" data-count="${s.counts ? "out" : "in"}">${s.counts ? "Take this night out" : "Count this night"}</button>` +
          ` · <a href="${e(s.url)}" target="_blank" rel="noopener">table</a> · <a href="${e(s.url)}?tv=1" target="_blank" rel="noopener">TV</a>` +
          ` · <a href="${e(s.url)}/events" target="_blank" rel="noopener">events</a> · <a href="${e(s.url)}/print" target="_blank" rel="noopener">print</a></li>`).join("")
          : '<li class="muted">The club has no season yet: create one on the club\'s leagues page.</li>';
      } catch (err) { Pitboss.showError(err, error); }
    }
    list.addEventListener("click", async (event) => {
      const button = event.target.closest("button[data-count]");
      if (!button) return;
      const season = button.closest("li").dataset.season;
      const base = `/api/leagues/${encodeURIComponent(button.dataset.league)}/seasons/${encodeURIComponent(season)}/events`;
      error.hidden = true;
      button.disabled = true;
      try {
        if (button.dataset.count === "in") await Pitboss.request("POST", base, { event: stream });
        else await Pitboss.request("DELETE", `${base}/${encodeURIComponent(stream)}`);
      } catch (err) { Pitboss.showError(err, error); }
      await load();
    });
    document.querySelectorAll('nav.tabs [data-tab="league"]').forEach((b) => b.addEventListener("click", load));
    load();
  }

  // --- the club page: a new league, a new season -------------------------------------------
  const newLeague = $("#new-league");
  if (newLeague) {
    const presets = JSON.parse($("#presets").textContent);
    const select = $("#preset");
    const shown = $("#preset-toml");
    const own = $("#own-rules");
    function showPreset() {
      const found = presets.find((p) => p.name === select.value);
      shown.hidden = !found;
      shown.textContent = found ? found.toml : "";
      own.hidden = Boolean(found);
    }
    select.addEventListener("change", showPreset);
    showPreset();
    newLeague.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = Pitboss.formObject(newLeague);
      await send(newLeague, "/api/leagues", {
        name: data.name, id: data.league_id || null, points: data.preset || data.points_toml,
      });
    });
  }

  const newSeason = $("#new-season");
  if (newSeason) {
    const byDates = $("#by-dates");
    const byEvents = $("#by-events");
    newSeason.addEventListener("change", () => {
      const dated = newSeason.querySelector('input[name="by"]:checked').value === "dates";
      byDates.hidden = !dated;
      byEvents.hidden = dated;
    });
    newSeason.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = Pitboss.formObject(newSeason);
      const body = { name: data.name, id: data.season_id || null };
      if (data.by === "dates") { body.starts = data.starts || null; body.ends = data.ends || null; }
      else body.events = Array.from(newSeason.querySelectorAll('input[name="events"]:checked')).map((x) => x.value);
      await send(newSeason, `/api/leagues/${encodeURIComponent(data.league_id)}/seasons`, body);
    });
  }

  async function send(form, url, body) {
    const error = $(".error", form);
    const done = $(".done", form);
    error.hidden = true;
    done.hidden = true;
    try {
      const made = await Pitboss.request("POST", url, body);
      done.textContent = `${made.name} is made.`;
      done.hidden = false;
      location.reload();
    } catch (err) { Pitboss.showError(err, error); }
  }
})();

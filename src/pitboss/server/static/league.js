// pitboss: the league table, kept live. While a night that counts toward the season is in
// play, the page listens to that tournament's public WebSocket (Pitboss.live) and fetches the
// standings again after each change, so a bust moves the table within a second or two; it
// also looks again every minute for a night that has started or finished. On a TV (?tv=1, or
// any wide landscape screen) the rows flow into columns sized to fit the screen.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const e = Pitboss.esc;
  const root = $("league");
  const url = root.dataset.json;
  const query = new URLSearchParams(location.search);
  const TV_MAX_ROWS = 90;
  const following = new Map(); // stream -> Pitboss.live handle
  let pending = null;
  let last = null;

  function tvWanted() {
    if (query.get("tv") === "1") return true;
    if (query.get("tv") === "0") return false;
    return window.innerWidth >= 1200 && window.innerWidth > window.innerHeight;
  }

  function row(r, moved) {
    const name = r.profile ? `<a href="${e(r.profile)}">${e(r.name)}</a>` : e(r.name);
    return `<li class="lt-row${r.rank === 1 ? " lead" : ""}${moved ? " moved" : ""}" data-name="${e(r.name)}">` +
      `<span class="lt-rank">${e(r.rank)}</span><span class="lt-name">${name}</span>` +
      `<b class="lt-points">${e(r.points)}</b><span class="lt-events">${e(r.events)}</span>` +
      `<span class="lt-wins">${e(r.wins)}</span></li>`;
  }

  function layout(count) {
    const tv = tvWanted();
    document.body.classList.toggle("league-tv", tv);
    const shown = tv ? Math.min(count, TV_MAX_ROWS) : count;
    const cols = !tv ? 1 : shown > 40 ? 3 : shown > 14 ? 2 : 1;
    const wrap = $("wrap");
    wrap.style.setProperty("--cols", cols);
    wrap.style.setProperty("--lines", Math.max(6, Math.ceil(shown / cols)));
    $("rows").classList.toggle("cols", cols > 1);
    return shown;
  }

  function render(t) {
    const before = new Map((last ? last.rows : []).map((r) => [r.name, r.rank]));
    $("league-name").textContent = t.league;
    $("season-name").textContent = t.season;
    document.title = `${t.league} · ${t.season}`;
    $("sub").textContent = t.summary;
    const note = $("live-note");
    note.hidden = !t.live_names.length;
    note.textContent = t.live_names.length ? `Live: ${t.live_names.join(", ")}` : "";
    const shown = layout(t.rows.length);
    const more = t.rows.length - shown;
    $("rows").innerHTML = t.rows.slice(0, shown).map((r) => row(r, last !== null && before.get(r.name) !== r.rank)).join("") +
      (more > 0 ? `<li class="lt-more">and ${e(more)} more</li>` : "");
    $("empty").hidden = t.rows.length > 0;
    document.body.dataset.version = t.version;
    last = t;
    follow(t.live);
  }

  async function refresh() {
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!response.ok) return;
      render(await response.json());
    } catch (err) { /* offline for a moment: the next change or the minute's look tries again */ }
  }

  function soon() {
    // several frames in a row (a bust and its seat moves) make one fetch
    if (pending !== null) return;
    pending = setTimeout(() => { pending = null; refresh(); }, 250);
  }

  function follow(streams) {
    const wanted = new Set(streams);
    for (const [stream, handle] of following) {
      if (!wanted.has(stream)) { handle.close(); following.delete(stream); }
    }
    for (const stream of wanted) {
      if (!following.has(stream)) following.set(stream, Pitboss.live(stream, { role: "public" }, soon));
    }
  }

  layout(document.querySelectorAll("#rows .lt-row").length);
  window.addEventListener("resize", () => { if (last) render(last); else layout(document.querySelectorAll("#rows .lt-row").length); });
  follow(JSON.parse(root.dataset.live || "[]"));
  setInterval(refresh, 60000);
  refresh();
})();

"""The big-screen clock fits every screen at every level (issue 24): Chromium opens the clock
at 1920x1080, 1280x720, 1024x768 and 390x844 and the director walks it through EVERY level
and EVERY break of EVERY shipped preset and of a structure with seven-digit blinds; at each,
with the banner of the new period showing and after it closes, no text overflows its box, is
cut off by the screen, or overlaps another (the banner never covers the name, level or time),
and the blinds stay on one line. Then the end of the night: the time limit stops play and the
TV says so; the forced chop's shares, the places paid and the winner replace the clock.

Screenshots of representative states go to the test's folder; with
``PITBOSS_UPDATE_SCREENSHOTS=1`` they are also copied to docs/img/clock-*.png (the director's
guide shows them).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import DETAILS, ROOT, ApiDirector, LiveServer, signed_in_http

from pitboss.rules import RuleSet
from pitboss.rules.presets import preset_names
from pitboss.rules.ruleset import parse_preset
from pitboss.tournament.model.timeline import Period, timeline

VIEWPORTS = ((1920, 1080), (1280, 720), (1024, 768), (390, 844))
WAIT_MS = 10_000
DOCS_IMG = ROOT / "docs" / "img"

SEVEN_DIGITS = """
name = "seven-digits"
title = "High-roller invitational with seven-digit blinds (seed 999, TDA 1)"

[tournament.structure]
chips = [1000, 5000, 25000, 100000, 500000]
level_minutes = 60
ante_mode = "big_blind"
levels = [
  { small_blind = 10000, big_blind = 20000 },
  { small_blind = 25000, big_blind = 50000 },
  { small_blind = 50000, big_blind = 100000, ante = 100000 },
  { small_blind = 100000, big_blind = 200000, ante = 200000 },
  { small_blind = 250000, big_blind = 500000, ante = 500000, colour_up = [5000] },
  { small_blind = 500000, big_blind = 1000000, ante = 1000000 },
  { small_blind = 1000000, big_blind = 2000000, ante = 2000000, colour_up = [25000] },
  { small_blind = 1500000, big_blind = 3000000, ante = 3000000 },
  { small_blind = 2000000, big_blind = 4000000, ante = 4000000 },
  { small_blind = 2500000, big_blind = 5000000, ante = 5000000 },
]

[[tournament.structure.breaks]]
after_level = 4
minutes = 15
colour_up = [1000]
note = "Dinner is served at the bar; the 1,000s leave play (TDA 24)"

[[tournament.structure.breaks]]
after_level = 8
minutes = 10
colour_up = [100000]

[tournament.entry]
buy_in_cents = 100000
starting_chips = 2000000

[tournament.add_on]
allowed = true
price_cents = 50000
chips = 1000000
at_break_after_level = 4
max_per_player = 2

[tournament.clock]
time_limit_minutes = 900
on_time_limit = "chop"
time_limit_chop = "icm"
time_limit_rule = "TDA 1"
"""
"""A structure of 60-minute levels to 2,500,000/5,000,000 with big-blind antes of the same, and
an add-on break with a colour-up and a long note: the longest texts the clock shows."""

_PROBLEMS = """() => {
  const problems = [];
  const vw = innerWidth, vh = innerHeight;
  const root = document.getElementById('clock');
  const shown = (el) => el.checkVisibility({ visibilityProperty: true })
    && el.getClientRects().length > 0;
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const painted = (el) => getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)';
  const label = (el) => el.id ? '#' + el.id
    : `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}"`;
  const all = [...root.querySelectorAll('*')].filter(shown);
  for (const el of all) {
    if (el.clientWidth && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${label(el)} is cut off: ${el.scrollWidth}px of text in ${el.clientWidth}px`);
    if (el.clientHeight && el.scrollHeight > el.clientHeight + 1)
      problems.push(`${label(el)} is cut off: ${el.scrollHeight}px high in ${el.clientHeight}px`);
  }
  const boxes = all.filter((el) => ownText(el) || painted(el))
    .map((el) => ({ el, r: el.getBoundingClientRect() }));
  for (const { el, r } of boxes) {
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1)
      problems.push(`${label(el)} is off the ${vw}x${vh} screen: ${Math.round(r.left)},` +
        `${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 1 && h > 1) problems.push(`${label(a.el)} overlaps ${label(b.el)}`);
    }
  }
  for (const id of ['blinds', 'level', 'time', 'ante', 'name']) {
    const el = document.getElementById(id);
    if (!el || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0)
      .sort((a, b) => a.top - b.top);
    let lines = 0, bottom = -Infinity;
    for (const r of rects) {
      if (r.top >= bottom - 1) lines += 1;
      bottom = Math.max(bottom, r.bottom);
    }
    if (lines > 1) problems.push(`#${id} wraps onto ${lines} lines`);
  }
  return problems;
}"""
"""What is wrong with the clock as it stands: text cut off, off the screen, overlapping, or a
line that must not wrap wrapped."""

_CHECK = f"""(banner) => {{
  const problems = {_PROBLEMS};
  const alert = document.getElementById('alert');
  if (banner && alert.hidden) return [['no banner'], []];
  const first = problems();
  if (!banner) return [first, []];
  alert.click();  // a tap closes it: the board shows again
  return [first, problems()];
}}"""
"""The problems with the banner showing and after it closed, in one trip to the browser."""


@dataclass
class Director(ApiDirector):
    """The director on the live server, through the API."""

    players: list[str] = field(default_factory=list)

    def start(self, name: str, players: int, **how: str) -> None:
        """A tournament of ``players`` seated and started (``preset=`` or ``rules_toml=``)."""
        self.create(name, **how)
        self.players = [f"p{i:03d}" for i in range(1, players + 1)]
        for i, pid in enumerate(self.players, start=1):
            self.command(
                {
                    "type": "register_player",
                    "player_id": pid,
                    "name": _name(i),
                    "details": DETAILS,  # every house's required details (THC 1)
                }
            )
        if self.public()["phase"] == "registration":  # a full sit & go starts by itself
            self.command({"type": "draw_seats"})
            self.command({"type": "start_tournament"})

    def go_to(self, period: Period) -> None:
        """The clock at the start of ``period``: a level jumped to; a break reached by the clock
        running out the level before it (the server's clock moved on, its tick records it)."""
        self.command({"type": "jump_to_level", "level": period.level})
        if period.is_break:
            level_s = self.public()["clock"]["remaining_ms"] // 1000
            self.command({"type": "adjust_clock", "seconds": 1 - level_s})
            self.server.clock.advance(1_500)


FIRST = ["Ann", "Bartholomew", "Cleo", "Dev", "Esmeralda", "Finn", "Gus", "Hana", "Ira", "Jo"]
LAST = ["Lee", "Park", "Okafor", "Silva", "Nguyen-Whitfield", "Kowalczyk", "Abernathy", "Ruiz"]


def _name(n: int) -> str:
    return f"{FIRST[(n - 1) % 10]} {LAST[((n - 1) // 10) % 8]}"


@pytest.fixture
def director(live_server: LiveServer) -> Iterator[Director]:
    with signed_in_http(live_server, timeout=20) as (http, csrf):
        yield Director(live_server, http, csrf)


@pytest.fixture
def shots(tmp_path: Path) -> Iterator[Path]:
    """The test's screenshots; copied to docs/img when PITBOSS_UPDATE_SCREENSHOTS=1."""
    folder = tmp_path / "screenshots"
    folder.mkdir()
    yield folder
    if os.environ.get("PITBOSS_UPDATE_SCREENSHOTS") == "1":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        for shot in sorted(folder.glob("clock-*.png")):
            shutil.copyfile(shot, DOCS_IMG / shot.name)


def _pages(chromium: Any) -> dict[tuple[int, int], Any]:
    pages = {}
    for width, height in VIEWPORTS:
        context = chromium.new_context(viewport={"width": width, "height": height})
        pages[(width, height)] = context.new_page()
    return pages


def _open(pages: dict[tuple[int, int], Any], url: str) -> None:
    for page in pages.values():
        page.goto(url)
        page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT_MS)


def _at(page: Any, period: int) -> None:
    page.wait_for_function(
        f"document.getElementById('clock').dataset.period === '{period}'", timeout=WAIT_MS
    )


def _problems(page: Any) -> list[str]:
    found: list[str] = page.evaluate(f"({_PROBLEMS})()")
    return found


def _banner_shot(shot: Path) -> Path:
    """Where the picture of ``shot``'s state with its banner goes: beside it, for the docs too
    when the banner is worth showing there (`DOCS_BANNERS`), else for the test's folder only."""
    if shot.stem in DOCS_BANNERS:
        return shot.with_name(f"{shot.stem}-banner.png")
    return shot.with_name(f"look-{shot.stem}-banner.png")


def _check(
    pages: dict[tuple[int, int], Any],
    where: str,
    failures: list[str],
    *,
    banner: bool = True,
    shots: dict[tuple[int, int], Path] | None = None,
) -> None:
    """Every page as it stands, then again with the banner closed (a picture of each of
    ``shots``' pages with the banner and without it)."""
    for size, page in pages.items():
        where_size = f"{where} at {size[0]}x{size[1]}"
        shot = (shots or {}).get(size)
        if shot and banner:
            page.screenshot(path=str(_banner_shot(shot)))
        shown, closed = page.evaluate(_CHECK, banner)
        failures += [f"{where_size}: {p}" for p in shown]
        failures += [f"{where_size}, banner closed: {p}" for p in closed]
        if shot:
            page.screenshot(path=str(shot))


def _rules(preset: str) -> RuleSet:
    return parse_preset(SEVEN_DIGITS) if preset == "seven-digits" else RuleSet.from_preset(preset)


SHOTS = {
    ("ky-charity", "Level 8"): {
        (1920, 1080): "clock-ky-level-8-1920x1080",
        (390, 844): "clock-ky-level-8-390x844",
    },
    ("ky-charity", "Break after level 5"): {(1280, 720): "clock-ky-add-on-break-1280x720"},
    ("seven-digits", "Level 8"): {(1024, 768): "clock-seven-digits-1024x768"},
    ("seven-digits", "Break after level 4"): {(1920, 1080): "clock-seven-digits-break-1920x1080"},
    ("slpt-limit", "Level 3"): {(1920, 1080): "clock-slpt-limit-level-3-1920x1080"},
    ("plo", "Level 2"): {(390, 844): "clock-plo-level-2-390x844"},
}
"""The states pictured (clock-*.png, copied to docs/img), each with its banner and without."""
DOCS_BANNERS = {"clock-ky-level-8-1920x1080", "clock-ky-add-on-break-1280x720"}
"""The banners pictured for the docs (the others are kept in the test's folder only)."""


@pytest.mark.slow
def test_the_clock_fits_every_screen_at_every_level_and_break_of_every_preset(
    chromium: Any, director: Director, shots: Path
) -> None:
    pages = _pages(chromium)
    failures: list[str] = []
    for preset in [*preset_names(), "seven-digits"]:
        how = {"rules_toml": SEVEN_DIGITS} if preset == "seven-digits" else {"preset": preset}
        players = 10 if preset == "thc-sit-and-go" else 60
        director.start("St. Mary's Friday charity night", players, **how)
        _open(pages, f"{director.server.url}/t/{director.stream}/clock")
        periods = timeline(_rules(preset).tournament.structure)
        for period in periods:
            director.go_to(period)
            for page in pages.values():
                _at(page, period.index)
            pictured = SHOTS.get((preset, period.label()), {})
            _check(
                pages,
                f"{preset} {period.label()}",
                failures,
                banner=period.index > 0,
                shots={size: shots / f"{name}.png" for size, name in pictured.items()},
            )
        # the last level, paused, hand for hand: every badge at once
        director.command({"type": "pause_clock"})
        director.command({"type": "start_hand_for_hand"})
        for page in pages.values():
            page.wait_for_function(
                "!document.getElementById('h4h').hidden"
                " && document.getElementById('status').textContent === 'PAUSED'",
                timeout=WAIT_MS,
            )
        _check(pages, f"{preset} paused, hand for hand", failures, banner=False)
    for page in pages.values():
        page.context.close()
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures[:60])


# --- the end of the night ---------------------------------------------------------------------


def _bust_down_to(director: Director, keep: int) -> None:
    """Bust players at the fullest table until ``keep`` are left, carrying out the balancing
    and table breaking the director is offered on the way."""
    while (public := director.public())["players_left"] > keep:
        proposal = director.http.get(f"/api/tournaments/{director.stream}/director").json()
        if proposal["proposal"] is not None:
            director.command({"type": "balance_tables"})
            continue
        seating = public["seating"]
        table = max(
            {line["table"] for line in seating},
            key=lambda t: sum(1 for line in seating if line["table"] == t),
        )
        at = [line for line in seating if line["table"] == table]
        director.command(
            {
                "type": "record_bust",
                "table": table,
                "busted": [at[0]["player_id"]],
                "eliminated_by": at[1]["player_id"],
            }
        )


def _wait_phase(pages: dict[tuple[int, int], Any], phase: str) -> None:
    for page in pages.values():
        page.wait_for_function(
            f"document.getElementById('clock').dataset.phase === '{phase}'", timeout=WAIT_MS
        )


def test_the_tv_says_the_time_limit_stopped_play_then_shows_the_chop_and_places_paid(
    chromium: Any, director: Director, shots: Path
) -> None:
    director.start("Friday charity", 40, preset="ky-charity")
    _bust_down_to(director, 5)
    pages = _pages(chromium)
    _open(pages, f"{director.server.url}/t/{director.stream}/clock")
    failures: list[str] = []

    # KY 11: six hours after the start play stops; the hands in play finish, then the chop
    director.server.clock.advance(360 * 60_000 + 1_000)
    _wait_phase(pages, "stopped")
    tv = pages[(1920, 1080)]
    assert tv.locator("#status").inner_text() == "PLAY STOPPED"
    notice = tv.locator("#notice").inner_text()
    assert notice.startswith("Play has stopped: the legal time limit is reached.")
    assert "the remaining prizes are divided by chip count" in notice
    assert tv.locator("#time").is_hidden(), "no frozen countdown once play stopped"
    _check(pages, "stopped by the time limit", failures, banner=False)
    tv.screenshot(path=str(shots / "clock-stopped-1920x1080.png"))

    seating = director.public()["seating"]
    left = [line["player_id"] for line in seating]
    director.command({"type": "propose_deal", "deal_id": "chop", "players": left, "method": "chip"})
    for table in sorted({line["table"] for line in seating}):  # KY 11: by the chips counted
        stacks = [
            {"player_id": line["player_id"], "chips": line["chips"]}
            for line in seating
            if line["table"] == table
        ]
        director.command({"type": "count_chips", "table": table, "stacks": stacks})
    director.command({"type": "approve_deal", "deal_id": "chop"})
    _wait_phase(pages, "finished")
    public = director.public()
    for size, page in pages.items():
        assert page.locator("#final").is_visible(), f"no final screen at {size}"
        assert page.locator("#main").is_hidden(), f"a clock still shows at {size}"
    final = tv.locator("#final")
    assert tv.locator("#final-title").inner_text() == "Finished by a deal"
    deal = tv.locator("#final-deal").inner_text()
    assert "The legal time limit forced the chop: the prizes divided by chip count." in deal
    for share in public["deal"]["shares"]:
        assert share["name"] in deal
        assert f"${share['cents'] // 100:,}" in deal
    places = tv.locator("#final-places").inner_text()
    paid = [r for r in public["results"] if r["prize_cents"] and not r["in_deal"]]
    assert paid, "places were paid before the chop"
    for line in paid:
        assert line["name"] in places
        assert f"${line['prize_cents'] // 100:,}" in places
    assert "KY" not in final.inner_text()
    _check(pages, "finished by the chop", failures, banner=False)
    for size, page in pages.items():
        prefix = "clock" if size in ((1920, 1080), (390, 844)) else "look-clock"
        page.screenshot(path=str(shots / f"{prefix}-finished-deal-{size[0]}x{size[1]}.png"))
        page.context.close()
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures)


def test_the_tv_shows_the_winner_and_the_places_paid_after_the_last_bust(
    chromium: Any, director: Director, shots: Path
) -> None:
    director.start("Tuesday league", 30, preset="tda")
    _bust_down_to(director, 2)
    pages = _pages(chromium)
    _open(pages, f"{director.server.url}/t/{director.stream}/clock")
    _bust_down_to(director, 1)
    _wait_phase(pages, "finished")
    public = director.public()
    tv = pages[(1920, 1080)]
    assert tv.locator("#final-title").inner_text() == f"Winner: {public['winner']}"
    places = tv.locator("#final-places").inner_text()
    for line in public["results"]:
        if line["prize_cents"]:
            assert line["name"] in places
    assert tv.locator("#final-deal").count() == 0
    failures: list[str] = []
    _check(pages, "finished with a winner", failures, banner=False)
    pages[(390, 844)].screenshot(path=str(shots / "clock-finished-winner-390x844.png"))
    for page in pages.values():
        page.context.close()
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures)


# --- the banner: once per period ---------------------------------------------------------------

_TRACK_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (...args) {
    const socket = new Native(...args);
    window.__sockets.push(socket);
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
})()"""
"""Keeps the page's sockets at hand, so the test can drop the connection as a network would."""


def _banners(page: Any) -> int:
    return int(page.evaluate("Number(document.getElementById('clock').dataset.banners || 0)"))


def _frame(page: Any, director: Director, command: dict[str, Any]) -> None:
    """Run ``command`` and wait for the frame it makes to reach the page."""
    seq = director.command(command)["seq"]
    page.wait_for_function(
        f"Number(document.getElementById('clock').dataset.seq) >= {seq}", timeout=WAIT_MS
    )


def test_the_break_banner_shows_once_and_the_add_on_break_says_the_add_on_is_on_sale(
    chromium: Any, director: Director, shots: Path
) -> None:
    director.start("Friday charity", 12, preset="ky-charity")
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.add_init_script(_TRACK_SOCKETS)
    page.goto(f"{director.server.url}/t/{director.stream}/clock")
    page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT_MS)
    periods = timeline(RuleSet.from_preset("ky-charity").tournament.structure)
    add_on_break = next(p for p in periods if p.is_break and p.level == 5)

    director.go_to(periods[add_on_break.index - 1])
    _at(page, add_on_break.index - 1)
    assert _banners(page) == 1  # level 5's
    director.go_to(add_on_break)  # KY 5: the add-on is sold at the intermission
    _at(page, add_on_break.index)
    assert _banners(page) == 2
    sale = "Add-on on sale now: $50 for 5,000 chips, one per player"
    assert page.locator("#on-sale").inner_text() == sale
    assert sale in page.locator("#alert").inner_text()
    assert page.locator("#announcement").inner_text() == "Intermission; prizes announced"

    # more frames in the same break: add-ons sold, the clock paused and resumed
    for pid in director.players[:3]:
        _frame(page, director, {"type": "add_on", "player_id": pid})
    _frame(page, director, {"type": "pause_clock"})
    _frame(page, director, {"type": "resume_clock"})
    # the connection drops and comes back: a full snapshot of the same break
    page.evaluate("window.__sockets.at(-1).close()")
    page.wait_for_function("document.body.dataset.live === 'reconnecting'", timeout=WAIT_MS)
    page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT_MS)
    _frame(page, director, {"type": "pause_clock"})
    assert _banners(page) == 2, "the break's banner showed again"
    # the TV's browser reloads the page in the same break: no banner either
    page.reload()
    page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT_MS)
    _frame(page, director, {"type": "resume_clock"})
    assert _banners(page) == 0
    assert page.locator("#alert").is_hidden()
    assert page.locator("#on-sale").inner_text() == sale

    # the next level has a banner of its own, once
    director.go_to(periods[add_on_break.index + 1])
    _at(page, add_on_break.index + 1)
    assert _banners(page) == 1
    assert "Level 6" in page.locator("#alert").inner_text()
    assert page.locator("#on-sale").is_hidden(), "the add-on is sold at its break only"
    _frame(page, director, {"type": "pause_clock"})
    assert _banners(page) == 1
    context.close()

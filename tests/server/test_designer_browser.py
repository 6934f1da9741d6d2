"""The structure designer in Chromium (issue 26): the director opens it from the home page,
edits a level's big blind and adds a level, sees the estimate and the chart change after
each edit, sees a bad blind refused naming the level, and downloads a TOML that reads back
to the edited structure; screenshots at a phone's and a laptop's size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer, for_the_guide, sign_in_page

from pitboss.rules.ruleset import load_preset, parse_preset

WAIT_MS = 10_000


def _ready(page: Any) -> None:
    page.wait_for_function("document.body.dataset.state === 'ready'", timeout=WAIT_MS)


def _curve(page: Any) -> str:
    points: str = page.get_attribute("#curve-line", "points")
    return points


def test_the_director_designs_a_structure_and_keeps_it_as_a_preset(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = sign_in_page(chromium, live_server, viewport={"width": 390, "height": 844})
    page.click("#designer-link")
    page.wait_for_url(f"{live_server.url}/designer")
    _ready(page)
    levels = len(load_preset("ky-charity").tournament.structure.levels)
    assert page.locator("#levels tr.level").count() == levels
    assert page.locator("#limit-line").count() == 1  # KY 11: the six-hour limit drawn
    finish = page.get_attribute("#finish", "data-finish")
    curve = _curve(page)

    page.fill("[aria-label='Level 3 big blind']", "130")
    page.wait_for_function("document.body.dataset.state === 'refused'", timeout=WAIT_MS)
    assert "level 3: the big blind 130 is not a multiple of 25" in page.inner_text("#error")

    page.fill("[aria-label='Level 3 big blind']", "150")  # a gentler step: a longer night
    page.fill("#players", "150")
    page.wait_for_function(
        f"document.querySelector('#finish').dataset.finish !== '{finish}'", timeout=WAIT_MS
    )
    _ready(page)
    assert page.locator("#error").is_hidden()
    assert _curve(page) != curve
    assert page.inner_text("#levels tr.level >> nth=0 >> td.players") == "150"

    curve = _curve(page)
    page.click("#add-level")
    page.wait_for_function(
        f"document.querySelectorAll('#levels tr.level').length === {levels + 1}", timeout=WAIT_MS
    )
    _ready(page)
    last = page.locator("#levels tr.level").last
    assert last.locator("input.bb").input_value() == "60000"  # the last level's blinds doubled
    page.fill("#title", "Our Friday night")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / "designer-phone.png"), full_page=True)

    with page.expect_download(timeout=WAIT_MS) as download:
        page.click("#save-toml")
    saved = Path(download.value.path()).read_text("utf-8")
    assert download.value.suggested_filename == "our-friday-night.toml"
    rules = parse_preset(saved, name="saved")
    assert rules.title == "Our Friday night"
    built = rules.tournament.structure.levels
    assert len(built) == levels + 1
    assert built[2].big_blind == 150
    assert (built[-1].small_blind, built[-1].big_blind) == (30_000, 60_000)

    page.set_viewport_size({"width": 1366, "height": 900})
    laptop = screenshots / "designer-laptop.png"
    page.screenshot(path=str(laptop), full_page=True)
    for_the_guide(laptop)
    page.context.close()

"""The blind sheet printed by Chromium: one A4 and one Letter page for every shipped preset, the
served page and the file ``pitboss preset sheet`` writes alike; a screenshot to look at."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer

from pitboss.rules.ruleset import load_preset, preset_names
from pitboss.server.sheet_page import render_sheet
from pitboss.tournament.reading.sheet import blind_sheet


def _pages(page: Any, paper: str) -> int:
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper)
    page.emulate_media(media="screen")
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def _field(name: str) -> int:
    return load_preset(name).tournament.entry.max_entries or 100


@pytest.fixture
def printer(chromium: Any) -> Any:
    context = chromium.new_context(java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_every_presets_sheet_prints_on_one_a4_and_one_letter_page(
    printer: Any, live_server: LiveServer, screenshots: Path
) -> None:
    for name in preset_names():
        url = f"{live_server.url}/presets/{name}/sheet?players={_field(name)}&start=18:00"
        printer.goto(url)
        assert printer.locator("#levels tbody tr").count() >= len(
            load_preset(name).tournament.structure.levels
        )
        for paper in ("A4", "Letter"):
            assert _pages(printer, paper) == 1, f"{name} prints on more than one {paper} page"
    printer.goto(f"{live_server.url}/presets/tda/sheet?players=1000&start=18:00")
    assert printer.locator("#payouts li").count() == 150  # 15% paid, under the structure
    for paper in ("A4", "Letter"):
        assert _pages(printer, paper) == 1, f"1,000 entries print on more than one {paper} page"
    printer.goto(f"{live_server.url}/presets/ky-charity/sheet?players=100&start=18:00")
    printer.emulate_media(media="print")
    printer.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    printer.screenshot(path=str(screenshots / "print-blind-sheet.png"), full_page=True)


def test_the_file_the_cli_writes_prints_on_one_page_without_the_server(printer: Any) -> None:
    rules = load_preset("ky-charity")
    sheet = blind_sheet(rules, start_minute_of_day=18 * 60, entrants=100)
    printer.set_content(render_sheet(sheet, rules, standalone=True))
    assert printer.locator("#levels tbody tr.break").count() == 3  # KY 10: three breaks
    for paper in ("A4", "Letter"):
        assert _pages(printer, paper) == 1

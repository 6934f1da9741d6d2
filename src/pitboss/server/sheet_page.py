"""The blind sheet as HTML: one printable page (``print_structure.html``, ``static/sheet.css``).

The server serves it for a tournament (``/t/{stream}/print/structure``) and for any shipped
preset (``/presets/{name}/sheet``); ``pitboss preset sheet`` writes the same page to a file,
its stylesheet inlined so the file stands alone. Like every public page it cites no rules
unless asked (``?rules=1``, ``--rules``): `pitboss.tournament.reading.public_text`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from pitboss.errors import PitbossError
from pitboss.money import format_money
from pitboss.rules import RuleSet
from pitboss.tournament.reading.public_text import public_text
from pitboss.tournament.reading.sheet import BlindSheet

HERE = Path(__file__).parent
MAX_PLAYERS = 100_000
"""The largest field a sheet is drawn for (a query or option beyond it is refused)."""
WIDE_PAYOUTS = 24
"""More paid places than this go under the structure, in columns, not beside it."""

_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")

_env = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(("html",)),
    trim_blocks=False,
)
_env.filters["money"] = lambda cents: format_money(cents).removesuffix(".00")
_env.filters["chips"] = lambda n: f"{n:,}"


class SheetError(PitbossError, ValueError):
    """A blind sheet asked for with a field size or start time that cannot be drawn."""

    default_code = "bad_sheet_request"


def parse_start(text: str) -> int:
    """``"18:00"`` -> minutes after midnight (1080).

    Raises:
        SheetError: not a time of day HH:MM from 00:00 to 23:59.
    """
    match = _CLOCK.fullmatch(text.strip())
    if match is None:
        raise SheetError(
            f"the start is a time of day as HH:MM, 00:00 to 23:59 (like 18:00), not {text!r}",
            code="bad_start",
            params={"start": text},
        )
    return int(match.group(1)) * 60 + int(match.group(2))


def check_players(players: int) -> int:
    """``players`` when a sheet can be drawn for that field.

    Raises:
        SheetError: fewer than 1 or more than `MAX_PLAYERS`.
    """
    if not 1 <= players <= MAX_PLAYERS:
        raise SheetError(
            f"players is the field the payouts are drawn for: 1 to {MAX_PLAYERS:,}, not {players}",
            code="bad_players",
            params={"players": players, "min": 1, "max": MAX_PLAYERS},
        )
    return players


def _public(sheet: BlindSheet) -> BlindSheet:
    """The sheet without the rules' citations (KY 11, seed 000)."""

    def text(value: str) -> str:
        return public_text(value, rules=False)

    return replace(
        sheet,
        title=text(sheet.title),
        house=text(sheet.house),
        rows=tuple(replace(r, notes=tuple(text(n) for n in r.notes)) for r in sheet.rows),
        terms=tuple(replace(t, text=text(t.text)) for t in sheet.terms),
    )


def render_sheet(
    sheet: BlindSheet, rules: RuleSet, *, citations: bool = False, standalone: bool = False
) -> str:
    """The page; ``standalone`` inlines the stylesheet and leaves out the print button (a file
    to keep or mail), else it links ``/static/sheet.css`` (the server)."""
    shown = sheet if citations else _public(sheet)
    t = rules.tournament
    entry = format_money(t.entry.buy_in_cents).removesuffix(".00")
    if t.entry.fee_cents:
        entry += " + " + format_money(t.entry.fee_cents).removesuffix(".00")
    antes = next((term.text for term in shown.terms if term.label == "Antes"), "")
    css = (HERE / "static" / "sheet.css").read_text("utf-8") if standalone else ""
    return _env.get_template("print_structure.html").render(
        sheet=shown,
        css=css,
        entry=entry,
        starting_chips=t.entry.starting_chips,
        level_minutes=t.structure.level_minutes,
        antes="BB" if "(BB)" in antes else antes,
        wide=len(shown.prizes) > WIDE_PAYOUTS,
    )


__all__ = ["MAX_PLAYERS", "SheetError", "check_players", "parse_start", "render_sheet"]

"""The structure designer in the browser (issue 26): the director edits a structure's levels
and breaks in a table and sees, after each edit, the instant estimate of the night.

``GET /designer`` is the page (``designer.html``, ``static/designer.js``); three director-only
routes serve it, none of which writes to the store:

- ``GET /api/designer/base?preset=NAME`` or ``?tournament=ID``: the structure to start from
  (a shipped preset's, or a tournament's own rules) as the JSON the page edits: the
  ``[tournament.structure]`` table of a preset (`pitboss.rules.mapping.to_mapping`);
- ``POST /api/designer/estimate``: the edited structure, the field and the start; the base's
  rules with the structure put in are checked at the door with the checks of a preset's file
  (`pitboss.rules.mapping.from_mapping`, the structure's own validation, TDA 24 and KY 10,
  and `check_rule_set`), each refusal naming the level or the break in words; the answer is
  the instant estimate (`pitboss.play.estimate`: the finish, a forced chop at the legal
  limit, KY 11), the levels in big blinds with the players expected then, the speed, the
  warnings and the chips the night needs (`pitboss.play.bigblinds`), and the players-left
  curve the page draws;
- ``POST /api/designer/preset.toml``: the same rules as the commented preset TOML a director
  keeps (`pitboss.rules.preset_toml`), which `parse_preset` reads back to the same rules and
  ``POST /api/tournaments`` accepts as ``rules_toml``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from pitboss.club.log import is_club_stream
from pitboss.errors import PitbossError, RuleSetError
from pitboss.live.hand_log import is_hand_stream
from pitboss.play.bigblinds import chips_needed, level_rows, structure_speed, structure_warnings
from pitboss.play.estimate import Estimate, estimate
from pitboss.rules import RuleSet
from pitboss.rules.mapping import from_mapping, to_mapping
from pitboss.rules.preset_toml import format_preset_toml
from pitboss.rules.presets import load_preset, preset_names
from pitboss.rules.ruleset import check_rule_set
from pitboss.rules.structure import Structure
from pitboss.server.deps import DirectorDep, HubDep, OptionalSessionDep
from pitboss.server.hub import Hub
from pitboss.server.play_models import DesignAnswer, DesignBase
from pitboss.server.sheet_page import parse_start

router = APIRouter()

MAX_PLAYERS = 10_000
"""The largest field the designer estimates (a night's field; the estimate is fitted to 1,000)."""


class DesignerError(PitbossError, ValueError):
    """An edited structure, field or start the designer cannot estimate."""

    default_code = "bad_design"


class Design(BaseModel):
    """What the page sends after each edit: the base rules (a shipped preset or a tournament),
    the edited ``structure`` (a preset's ``[tournament.structure]`` table, checked field by
    field by `edited_rules`), the field, the start (HH:MM) and the preset's title."""

    preset: str | None = Field(default=None, max_length=100)
    tournament: str | None = Field(default=None, max_length=200)
    structure: dict[str, Any]
    players: int = Field(ge=2, le=MAX_PLAYERS)
    start: str | None = Field(default=None, max_length=10)
    title: str | None = Field(default=None, max_length=200)


def base_rules(hub: Hub, preset: str | None, tournament: str | None) -> RuleSet:
    """The rules a design starts from: a shipped preset's, or a tournament's own.

    Raises:
        DesignerError: neither or both given; RuleSetError: no such preset (``unknown_preset``);
            PitbossError: no such tournament.
    """
    if (preset is None) == (tournament is None):
        raise DesignerError(
            "start from a preset (one of: " + ", ".join(preset_names()) + ") or a tournament",
            code="bad_rules_choice",
            params={"allowed": preset_names()},
        )
    if preset is not None:
        return load_preset(preset)
    assert tournament is not None
    return hub.tournament(tournament).state.rules


_ITEM = re.compile(r"^'?(levels|breaks)\[(\d+)\]\.?")
_INSIDE = re.compile(r"'(levels|breaks)\[(\d+)\]\.(\w+)'")


def _item(match: re.Match[str], structure: dict[str, Any]) -> str:
    """``level 3`` for ``levels[2]``; ``the break after level 5`` for a break."""
    kind, index = match.group(1), int(match.group(2))
    if kind == "levels":
        return f"level {index + 1}"
    breaks = structure.get("breaks")
    item = breaks[index] if isinstance(breaks, list) and index < len(breaks) else None
    after = item.get("after_level") if isinstance(item, dict) else None
    return f"the break after level {after}" if isinstance(after, int) else f"break {index + 1}"


def _in_words(message: str, structure: dict[str, Any]) -> str:
    """``'levels[2].big_blind' must be ...`` as ``level 3: big_blind must be ...``; a break
    is named by the level it follows."""
    match = _ITEM.match(message)
    if match is None:
        return _INSIDE.sub(lambda m: f"'{m.group(3)}' of {_item(m, structure)}", message)
    where = _item(match, structure)
    rest = message[match.end() :]
    if message.startswith("'"):
        rest = rest.replace("'", "", 1)
    setting, _, said = rest.partition(" ")
    if setting in _WORDS:
        rest = f"{_WORDS[setting]} {said}"
    rest = rest.replace("must be an integer", "must be a whole number")
    return f"{where}: {rest}" if rest else where


_WORDS = {
    "small_blind": "the small blind",
    "big_blind": "the big blind",
    "ante": "the ante",
    "minutes": "the minutes",
    "after_level": "the level it follows",
    "colour_up": "the chips coloured up",
    "ante_mode": "the ante mode",
}
"""A level's or break's settings as the page labels them."""


def edited_rules(base: RuleSet, structure: dict[str, Any], *, title: str | None = None) -> RuleSet:
    """``base`` with the edited ``structure`` (and ``title``), checked as a preset's file is:
    every field by its type, the structure's rules (TDA 24, KY 10: the level named), the
    bounds a log records (`check_rule_set`).

    Raises:
        RuleSetError, StructureError: the refusal, naming the level or break in words.
    """
    try:
        edited = from_mapping(Structure, structure)
    except PitbossError as err:
        message = _in_words(err.message, structure)
        raise type(err)(message, code=err.code, params=err.params) from None
    name = (title or "").strip() or base.title
    rules = dataclasses.replace(
        base,
        title=name,
        tournament=dataclasses.replace(base.tournament, structure=edited),
    )
    try:
        check_rule_set(rules)
    except RuleSetError as err:
        message = err.message.replace("tournament.structure.", "")
        raise RuleSetError(
            _in_words(message, structure), code=err.code, params=err.params
        ) from None
    return rules


def curve(est: Estimate) -> list[dict[str, float]]:
    """The expected players left over the night, minute by player count: each level's start
    while play goes on, and the finish (one player, or those left at the legal limit)."""
    points = [
        {"minute": lv.start_minute, "players": round(lv.players, 2)}
        for lv in est.levels
        if lv.is_reached and lv.start_minute < est.finish_minutes
    ]
    end = est.players_at_limit if est.is_chopped else 1
    points.append({"minute": est.finish_minutes, "players": end})
    return points


def design_answer(rules: RuleSet, players: int, start_minute: int | None) -> dict[str, Any]:
    """The instant estimate of ``rules`` at ``players``: the finish, the rows in big blinds,
    the speed, the warnings, the chips and the curve (pure: the same rules, the same answer)."""
    est = estimate(rules, players=players)
    rows = level_rows(rules, est)
    verdict = structure_speed(rules)
    summary = asdict(est)
    del summary["levels"]
    return {
        "title": rules.title,
        "start_minute": start_minute,
        "starting_chips": rules.tournament.entry.starting_chips,
        "estimate": summary,
        "levels": [{**asdict(r), "ante_mode": r.ante_mode.value} for r in rows],
        "speed": {**asdict(verdict), "speed": verdict.speed.value},
        "warnings": structure_warnings(rules.tournament.structure, est),
        "chips": asdict(chips_needed(rules, est)),
        "curve": curve(est),
    }


def _rules_of(design: Design, hub: Hub) -> RuleSet:
    return edited_rules(
        base_rules(hub, design.preset, design.tournament), design.structure, title=design.title
    )


# --- the routes ------------------------------------------------------------------------------


@router.get("/designer", response_class=HTMLResponse, include_in_schema=False)
def designer_page(request: Request, hub: HubDep, session: OptionalSessionDep) -> Response:
    """The structure designer (signed-in director only)."""
    from pitboss.server.pages import render

    if session is None:
        return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
    tournaments = [
        t
        for t in hub.store.tournaments()
        if not is_hand_stream(t.stream) and not is_club_stream(t.stream)
    ]
    return render(
        request,
        "designer.html",
        csrf=session.csrf,
        presets=preset_names(),
        tournaments=tournaments,
        chosen=request.query_params.get("tournament", ""),
    )


@router.get("/api/designer/base", tags=["designer"])
def designer_base(
    hub: HubDep, _: DirectorDep, preset: str | None = None, tournament: str | None = None
) -> DesignBase:
    """The structure to start from, as the page edits it, with the title and a field size."""
    rules = base_rules(hub, preset, tournament)
    field = rules.tournament.entry.max_entries or 60
    return DesignBase.model_validate(
        {
            "title": rules.title,
            "structure": to_mapping(rules.tournament.structure),
            "players": max(2, min(field, MAX_PLAYERS)),
            "time_limit_minutes": rules.tournament.clock.time_limit_minutes,
        }
    )


@router.post("/api/designer/estimate", tags=["designer"])
async def designer_estimate(design: Design, hub: HubDep, _: DirectorDep) -> DesignAnswer:
    """The instant estimate of the edited structure (nothing is stored)."""
    start = parse_start(design.start) if design.start else None
    rules = _rules_of(design, hub)
    answer = await run_in_threadpool(design_answer, rules, design.players, start)
    return DesignAnswer.model_validate(answer)


@router.post("/api/designer/preset.toml", tags=["designer"], response_class=PlainTextResponse)
def designer_preset(design: Design, hub: HubDep, _: DirectorDep) -> Response:
    """The edited rules as the commented preset TOML, to keep or to create a tournament with."""
    rules = _rules_of(design, hub)
    return PlainTextResponse(
        format_preset_toml(rules),
        media_type="application/toml",
        headers={"Content-Disposition": 'attachment; filename="structure.toml"'},
    )


__all__ = [
    "MAX_PLAYERS",
    "Design",
    "DesignerError",
    "base_rules",
    "curve",
    "design_answer",
    "edited_rules",
    "router",
]

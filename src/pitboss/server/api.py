"""The JSON API: every command, every view, the log with undo and redo, and the exports.

Requests become commands through the one codec (`pitboss.tournament.codec`, docs/commands.md);
the answers are the views of `pitboss.server.view_json`. Nothing here decides a rule. Errors are
one shape, ``{"code", "params", "message"}``, with a 4xx status (`pitboss.server.app`).

Access: the public views need nothing; a table's own records need that table's token
(``X-Table-Token``); everything else needs the director's session and, when it changes
something, the session's CSRF token (``X-CSRF-Token``).
"""

from __future__ import annotations

import csv
import dataclasses
import io
from typing import TYPE_CHECKING, Any, Literal, cast

from fastapi import APIRouter, BackgroundTasks, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from pitboss.club.log import is_club_stream
from pitboss.errors import PitbossError, StoreError
from pitboss.ids import PlayerId
from pitboss.live.hand_log import is_hand_stream
from pitboss.rules import RuleSet
from pitboss.rules.mapping import to_mapping
from pitboss.rules.presets import preset_names
from pitboss.rules.ruleset import parse_preset
from pitboss.server import club_api
from pitboss.server.auth import SESSION_COOKIE, SESSION_MAX_AGE_S, AuthError, Session
from pitboss.server.club_services import club_of
from pitboss.server.deps import (
    AuthDep,
    DirectorDep,
    HubDep,
    OptionalSessionDep,
    client_of,
    table_token,
)
from pitboss.server.hub import Hub, public_role
from pitboss.server.models import (
    CommandForm,
    CreatedTournament,
    CursorMoved,
    CursorPlan,
    DetailsErased,
    DirectorView,
    Executed,
    FoundSeats,
    Health,
    LogLine,
    NotSaving,
    Preset,
    PrivateDetails,
    PublicView,
    SessionState,
    SignedIn,
    SignedOut,
    TableLink,
    TableView,
    TournamentLine,
)
from pitboss.server.tickets_api import through_satellites
from pitboss.server.view_json import player_details
from pitboss.service.audit import describe_all, log_lines, log_rows, plan_batches, raw_log
from pitboss.tournament.codec import decode_command_json, encode_command
from pitboss.tournament.features.colour_up import RaceColourUp
from pitboss.tournament.features.counts import CountChips
from pitboss.tournament.reading.reports import all_reports
from pitboss.tournament.reading.views import find_my_seat as find_seat_lines
from pitboss.tournament.registry import COMMAND_CLASSES, Command

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

router = APIRouter(prefix="/api")

CursorKind = Literal["undo", "redo"]

TABLE_COMMANDS = frozenset(
    {
        "record_bust",
        "call_clock",
        "expire_clock",
        # the dealer's device (`pitboss.server.dealer`): the hand's start and what the dealer
        # sees; the director's override of a ruling (TDA 1) is not among them
        "start_hand",
        "record_dealer_input",
        "record_choice",
        "record_board",
        "kill_hand",
        "award_pots",
        "record_showdown",
        "record_misdeal",
        "confirm_replacement_card",
        # chip counts (issue 24): the table's count, and the colour-up's race run on one
        "count_chips",
        "race_colour_up",
    }
)
"""What a table's device may record, at its own table only (every one names its table)."""

COMMAND_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["type"],
                    "properties": {"type": {"type": "string"}},
                    "additionalProperties": True,
                    "description": "A command's JSON form: docs/commands.md lists every one.",
                },
                "examples": {
                    "register": {
                        "value": {"type": "register_player", "player_id": "p001", "name": "Ann"}
                    },
                    "bust": {
                        "value": {
                            "type": "record_bust",
                            "table": 3,
                            "busted": ["p007"],
                            "eliminated_by": "p012",
                        }
                    },
                    "pause": {"value": {"type": "pause_clock"}},
                },
            }
        },
    }
}


class Password(BaseModel):
    """A password, and at first start the setup code the server printed."""

    password: str = Field(max_length=200)
    setup_code: str | None = Field(default=None, max_length=100)


class PasswordChange(BaseModel):
    """The director's current password and the new one."""

    current_password: str | None = Field(default=None, max_length=200)
    password: str = Field(max_length=200)


class NewTournament(BaseModel):
    """A tournament's name and its rules: a shipped preset, or a house's TOML file."""

    name: str = Field(min_length=1, max_length=200)
    preset: str | None = Field(default=None, max_length=100)
    rules_toml: str | None = Field(default=None, max_length=200_000)


class CursorMove(BaseModel):
    """The batches the director saw in the plan and confirms."""

    expect: list[int] = Field(max_length=10_000)


def _set_session(response: Response, auth: AuthDep, session: Session) -> SignedIn:
    response.set_cookie(
        SESSION_COOKIE,
        auth.cookie_value(session),
        max_age=SESSION_MAX_AGE_S,
        httponly=True,
        samesite="strict",
        path="/",
    )
    return SignedIn(signed_in=True, csrf=session.csrf)


# --- session ---------------------------------------------------------------------------------


@router.get("/session", tags=["session"])
def get_session(auth: AuthDep, session: OptionalSessionDep) -> SessionState:
    """Whether the director is signed in (and the page's CSRF token), and whether a password
    has been chosen."""
    return SessionState(
        signed_in=session is not None,
        csrf=None if session is None else session.csrf,
        has_password=auth.has_password,
    )


@router.post("/session", tags=["session"])
def sign_in(body: Password, request: Request, response: Response, auth: AuthDep) -> SignedIn:
    """Sign in with the director's password (wrong ones are rate-limited)."""
    return _set_session(response, auth, auth.sign_in(body.password, client_of(request)))


@router.post("/setup", tags=["session"])
def setup(body: Password, request: Request, response: Response, auth: AuthDep) -> SignedIn:
    """Choose the director's password at first start, with the setup code."""
    if auth.has_password:
        raise AuthError(
            "a password has already been chosen: sign in, then change it",
            code="password_already_set",
            params={"sign_in": "/login"},
            status=409,
        )
    auth.check_rate(client_of(request))
    try:
        session = auth.set_password(body.password, setup_code=body.setup_code)
    except AuthError as error:
        if error.code == "bad_setup_code":
            auth.record_failure(client_of(request))
        raise
    return _set_session(response, auth, session)


@router.post("/password", tags=["session"])
def change_password(
    body: PasswordChange, request: Request, response: Response, auth: AuthDep, _: DirectorDep
) -> SignedIn:
    """Change the password, given the current one (a wrong or missing one is counted with the
    wrong sign-ins); every other session ends."""
    session = auth.change_password(body.current_password, body.password, client_of(request))
    return _set_session(response, auth, session)


@router.delete("/session", tags=["session"])
def sign_out(response: Response, auth: AuthDep, session: DirectorDep) -> SignedOut:
    """Sign out: this session's cookie no longer signs in, even if someone kept a copy."""
    auth.sign_out(session)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return SignedOut(signed_in=False)


# --- what the director may send --------------------------------------------------------------


@router.get("/commands", tags=["commands"], response_model_exclude_unset=True)
def command_forms() -> list[CommandForm]:
    """Every command's type, what it does and its fields (docs/commands.md has an example of
    each): the console's "any command" form is built from this."""
    return [
        CommandForm.model_validate(command_form(kind, cls))
        for kind, cls in sorted(COMMAND_CLASSES.items())
    ]


def command_form(kind: str, cls: type[Command]) -> dict[str, Any]:
    """One command's form: its fields, each required or with its JSON default."""
    fields = []
    for f in dataclasses.fields(cast("type[DataclassInstance]", cls)):
        if f.name == "type" or not f.init:
            continue
        entry: dict[str, Any] = {"name": f.name, "required": True}
        default: Any = dataclasses.MISSING
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        if default is not dataclasses.MISSING:
            entry["required"] = False
            entry["default"] = to_mapping(default)
        fields.append(entry)
    summary = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    return {"type": kind, "summary": summary, "fields": fields}


# --- tournaments -----------------------------------------------------------------------------


@router.get("/presets", tags=["tournaments"])
def presets() -> list[Preset]:
    """The shipped house presets."""
    return [Preset(name=name, title=RuleSet.from_preset(name).title) for name in preset_names()]


@router.get(
    "/health",
    tags=["session"],
    response_model=Health,
    responses={503: {"model": NotSaving, "description": "The night is not being saved."}},
)
def health(hub: HubDep, session: OptionalSessionDep) -> JSONResponse:
    """Whether the night is being saved: ``{"saving": true}``, or a 503 with the store's
    refusal (``store_gone``, ``store_unavailable``). The console asks every few seconds, so the
    director sees a vanished store before the next command is refused; why it failed, which
    names the store's file, only the director is told."""
    try:
        hub.store.check_writable()
    except StoreError as error:
        answer = {**error.to_dict(), "saving": False}
        if session is None:
            answer |= {"params": {}, "message": "the night is not being saved"}
        return JSONResponse(answer, status_code=503)
    return JSONResponse({"saving": True})


@router.get("/tournaments", tags=["tournaments"])
def tournaments(hub: HubDep) -> list[TournamentLine]:
    """Every tournament in the store: id, name, when it was created."""
    return [
        TournamentLine(id=t.stream, name=t.name, created_at=t.created_at)
        for t in hub.store.tournaments()
        if not is_hand_stream(t.stream) and not is_club_stream(t.stream)
    ]


@router.post("/tournaments", tags=["tournaments"], status_code=201)
async def create_tournament(body: NewTournament, hub: HubDep, _: DirectorDep) -> CreatedTournament:
    """A new tournament from a preset or an uploaded house TOML."""
    rules = _rules_of(body)
    stream = await run_in_threadpool(hub.create, body.name, rules)
    return CreatedTournament(id=stream, name=body.name, rules=rules.name)


def _rules_of(body: NewTournament) -> RuleSet:
    if (body.preset is None) == (body.rules_toml is None):
        raise PitbossError(
            "give either a preset (one of: " + ", ".join(preset_names()) + ") or a house TOML",
            code="bad_rules_choice",
            params={"allowed": preset_names()},
        )
    if body.preset is not None:
        return RuleSet.from_preset(body.preset)
    assert body.rules_toml is not None
    return parse_preset(body.rules_toml, name="uploaded")


# --- views -----------------------------------------------------------------------------------


@router.get("/tournaments/{stream}/public", tags=["views"], response_model=PublicView)
def public(stream: str, hub: HubDep, rules: int = 0) -> Response:
    """What every public screen shows: the clock, the board, the seating chart, results
    (without the rules' citations unless ``rules=1``). The hub's payload, built once per
    change, is sent as it is (its model is checked by the tests, not at every read)."""
    return JSONResponse(hub.payload(stream, public_role(rules == 1)))


@router.get("/tournaments/{stream}/seat", tags=["views"])
def find_my_seat(stream: str, name: str, hub: HubDep) -> FoundSeats:
    """Find my seat: every seated player whose name matches (case and spacing ignored)."""
    live = hub.tournament(stream)
    query = name.strip()[:100]
    if not query:
        raise PitbossError(
            "type a name (or part of one)", code="blank_name", params={"name": name[:100]}
        )
    return FoundSeats.model_validate(
        {
            "name": query,
            "seats": [
                {"table": line.table, "seat": line.seat, "name": line.name, "chips": line.chips}
                for line in find_seat_lines(live.state, query)
            ],
        }
    )


@router.get("/tournaments/{stream}/director", tags=["views"], response_model=DirectorView)
def director_state(stream: str, hub: HubDep, _: DirectorDep) -> Response:
    """The console's data: private details, money, proposals, open hands and deals (the hub's
    payload, sent as built)."""
    return JSONResponse(hub.payload(stream, ("director", None)))


@router.get("/tournaments/{stream}/players/{player_id}/details", tags=["views"])
def private_details(
    stream: str, player_id: str, response: Response, hub: HubDep, _: DirectorDep
) -> PrivateDetails:
    """One player's private details (THC 1), for the signed-in director only: the console
    opens them one player at a time; no screen's payload carries them. Not cached."""
    response.headers["Cache-Control"] = "no-store"
    live = hub.tournament(stream)
    pid = PlayerId(player_id[:40])
    return PrivateDetails.model_validate(player_details(live.state, pid, live.private_details(pid)))


@router.delete("/tournaments/{stream}/players/{player_id}/details", tags=["commands"])
def erase_details(stream: str, player_id: str, hub: HubDep, _: DirectorDep) -> DetailsErased:
    """Erase one player's private details on their request (THC 1, issue 28), for the
    signed-in director only: the entry, its money and its place stay under the player's id.
    ``erased`` says whether there were any."""
    live = hub.tournament(stream)
    pid = PlayerId(player_id[:40])
    return DetailsErased(player_id=pid, erased=live.erase_details(pid))


@router.get("/tournaments/{stream}/tables/{table}", tags=["tables"], response_model=TableView)
def table_state(stream: str, table: int, request: Request, hub: HubDep, auth: AuthDep) -> Response:
    """One table, for its device (its token) or the director (the hub's payload, as built)."""
    _check_table(request, auth, stream, table)
    return JSONResponse(hub.payload(stream, ("table", table)))


@router.get("/tournaments/{stream}/tables/{table}/link", tags=["tables"])
def table_link(
    stream: str, table: int, request: Request, auth: AuthDep, _: DirectorDep
) -> TableLink:
    """The table device's link (its token inside), for the console's QR code."""
    token = auth.table_token(stream, table)
    url = str(request.url_for("table_page", stream=stream, table=str(table)))
    return TableLink(url=f"{url}?token={token}", token=token)


def _check_table(request: Request, auth: AuthDep, stream: str, table: int) -> None:
    if auth.session(request.cookies.get(SESSION_COOKIE)) is not None:
        return
    auth.check_table_token(stream, table, table_token(request))


# --- commands --------------------------------------------------------------------------------


async def _execute(hub: Hub, stream: str, command: Command) -> Executed:
    live = await run_in_threadpool(hub.tournament, stream)
    before = live.state
    outcome = await run_in_threadpool(hub.execute, stream, command)
    return Executed.model_validate(
        {
            "batch": outcome.batch,
            "seq": live.head,
            "events": [
                {"type": event.type, "text": text}
                for event, text in zip(
                    outcome.events, describe_all(outcome.events, before), strict=True
                )
            ],
        }
    )


@router.post("/tournaments/{stream}/commands", tags=["commands"], openapi_extra=COMMAND_BODY)
async def command(
    stream: str, request: Request, background: BackgroundTasks, hub: HubDep, _: DirectorDep
) -> Executed:
    """Run one command (its JSON form, docs/commands.md) at the real time; the answer says
    what it recorded, in words."""
    decoded = decode_command_json(await request.body())
    decoded = await run_in_threadpool(through_satellites, hub, stream, decoded)  # issue 29
    decoded, new_id = await run_in_threadpool(club_api.through_club, request, decoded)
    executed = await _execute(hub, stream, decoded)
    background.add_task(club_api.after_entry, decoded, new_id, stream, club_of(request))
    return executed


@router.post(
    "/tournaments/{stream}/tables/{table}/commands",
    tags=["tables"],
    openapi_extra=COMMAND_BODY,
)
async def table_command(
    stream: str, table: int, request: Request, hub: HubDep, auth: AuthDep
) -> Executed:
    """A table's own record (its token): a bust, a clock call, the called clock run out, and
    the dealer's records of the hand in play (its start, the chips and words, the board, dead
    hands, misdeals, the award: `pitboss.server.dealer`)."""
    auth.check_table_token(stream, table, table_token(request))
    decoded = decode_command_json(await request.body())
    kind = encode_command(decoded)["type"]
    if kind not in TABLE_COMMANDS or getattr(decoded, "table", None) != table:
        raise AuthError(
            f"a table's device records only {', '.join(sorted(TABLE_COMMANDS))} at its own "
            f"table (Table {table})",
            code="not_this_table",
            params={"table": table, "allowed": sorted(TABLE_COMMANDS), "got": kind},
        )
    if isinstance(decoded, CountChips | RaceColourUp):  # the log says the device counted
        decoded = dataclasses.replace(decoded, counted_by=f"table {table}'s device")
    return await _execute(hub, stream, decoded)


# --- the log, undo and redo ------------------------------------------------------------------


@router.get("/tournaments/{stream}/log", tags=["log"])
def event_log(stream: str, hub: HubDep, _: DirectorDep) -> list[LogLine]:
    """Every event in words, undone ones marked (the audit trail keeps them)."""
    return [LogLine.model_validate(line.to_dict()) for line in log_lines(hub.tournament(stream))]


@router.get("/tournaments/{stream}/log.jsonl", tags=["exports"])
def raw_event_log(stream: str, hub: HubDep, _: DirectorDep) -> Response:
    """The log exactly as it is stored, one JSON object a line (`pitboss.service.audit.raw_log`),
    for the director alone (it holds the private details): read without decoding, so a night
    this pitboss cannot open is still downloaded whole. Not cached."""
    text = "".join(raw_log(hub.store, stream))
    return Response(
        text,
        media_type="application/x-ndjson",
        headers={
            "Content-Disposition": f'attachment; filename="{stream}-log.jsonl"',
            "Cache-Control": "no-store",
        },
    )


@router.get("/tournaments/{stream}/{kind}", tags=["log"])
def cursor_plan(stream: str, kind: CursorKind, hub: HubDep, _: DirectorDep) -> CursorPlan:
    """What an undo (or redo) would take out (or put back), to confirm."""
    live = hub.tournament(stream)
    plan = live.undo_plan() if kind == "undo" else live.redo_plan()
    return CursorPlan.model_validate({"kind": plan.kind, "batches": plan_batches(plan, live)})


@router.post("/tournaments/{stream}/{kind}", tags=["log"])
async def cursor_move(
    stream: str, kind: CursorKind, body: CursorMove, hub: HubDep, _: DirectorDep
) -> CursorMoved:
    """Undo (or redo) the batches the plan showed; refused if the log moved on since."""

    def move(live: Any) -> Any:
        if kind == "undo":
            return live.undo(expect=body.expect)
        return live.redo(expect=body.expect)

    plan = await run_in_threadpool(hub.run, stream, move)
    live = hub.tournament(stream)
    return CursorMoved.model_validate(
        {"kind": plan.kind, "batches": plan_batches(plan, live), "seq": live.head}
    )


# --- exports ---------------------------------------------------------------------------------


@router.get("/tournaments/{stream}/export/{report}.csv", tags=["exports"])
def export(
    stream: str, report: str, hub: HubDep, _: DirectorDep, details: bool = False
) -> Response:
    """A report as CSV: ``entries``, ``results``, ``chips_removed``, ``ledger`` (THC add. 10),
    ``log`` (the log they are made from, through which event, and its head hash, to check the
    books against the file later: ``pitboss event verify DB ID --expect HASH``).

    ``details=true`` (``entries`` only): the treasurer's record, every player's private details
    after the money (THC 1); no other report carries them."""
    live = hub.tournament(stream)
    state, events, head = live.history_through()
    kept = live.every_private_detail() if details and report == "entries" else None
    reports = all_reports(state, [event for _, event in events], details=kept)
    rows = {name: made.csv_rows() for name, made in reports.items()}
    rows["log"] = log_rows(live.store, live.stream, state.name, head)
    if report not in rows:
        raise PitbossError(
            f"there is no report called '{report[:40]}': choose one of {', '.join(rows)}",
            code="not_found",
            params={"allowed": list(rows)},
        )
    if details and report != "entries":
        raise PitbossError(
            "only the entries report (the treasurer's record) carries the private details: "
            "export it with details, or this one without",
            code="details_not_in_report",
            params={"report": report, "with_details": ["entries"]},
        )
    out = io.StringIO()
    csv.writer(out).writerows(rows[report])
    name = f"{report}-with-details" if details else report
    return Response(
        out.getvalue(),
        media_type="text/csv",
        headers={
            "Content-Disposition": f'attachment; filename="{name}.csv"',
            "Cache-Control": "no-store",
        },
    )

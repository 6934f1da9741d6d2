"""The pages: server-rendered (Jinja2), kept live by `static/pitboss.js` over the WebSocket.

Public pages (the big clock, the seating chart and find my seat, results, the payout sheet;
the blind sheet of a tournament or of any shipped preset, `pitboss.server.sheet_page`, from the
rules and the field alone) are rendered from the public view only, so no private field can
appear on them; they cite no rules unless opened with ``?rules=1`` (the director's choice, a
link in the console). The console and its printable seat cards need the director's session; a
table's page needs its token.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import segno
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt
from markupsafe import Markup

from pitboss.club.log import is_club_stream
from pitboss.live.hand_log import is_hand_stream
from pitboss.money import format_money
from pitboss.rules.presets import load_preset, preset_names
from pitboss.server.auth import SESSION_COOKIE, Auth, AuthError
from pitboss.server.deps import AuthDep, HubDep, OptionalSessionDep, table_token
from pitboss.server.hub import Hub, public_role
from pitboss.server.sheet_page import SheetError, check_players, parse_start, render_sheet
from pitboss.server.view_json import move_payload
from pitboss.store.chain import format_hash, head_link
from pitboss.tournament.features.seat_changes import TableBroken
from pitboss.tournament.model.words import ordinal
from pitboss.tournament.reading.sheet import blind_sheet

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
_PUBLIC = public_role(False)


def money(cents: int | None) -> str:
    """Cents as dollars for a screen: ``$1,234.50``, and ``$1,234`` when whole."""
    return "" if cents is None else format_money(cents).removesuffix(".00")


def prize(cents: int, seat: str = "") -> str:
    """A place's prize: money, or a satellite's seat and the money besides it (issue 29):
    ``Seat to Main Event``, ``Seat to Main Event + $20``."""
    if not seat:
        return money(cents)
    return f"{seat} + {money(cents)}" if cents else seat


def chips(n: int | None) -> str:
    """A chip count with thousands separators."""
    return "" if n is None else f"{n:,}"


def clock_text(ms: int | None) -> str:
    """``mm:ss`` (``h:mm:ss`` past an hour) for a duration in ms."""
    if ms is None:
        return ""
    seconds = max(0, ms) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


templates.env.filters["money"] = money
templates.env.filters["chips"] = chips
templates.env.filters["prize"] = prize
templates.env.filters["clock"] = clock_text
templates.env.filters["ordinal"] = ordinal
templates.env.filters["tojson_attr"] = lambda value: json.dumps(value)


def render(request: Request, name: str, **context: Any) -> HTMLResponse:
    """Render ``name`` with the page's context."""
    return templates.TemplateResponse(request, name, context)


def _to_sign_in(request: Request) -> RedirectResponse:
    return RedirectResponse(f"/login?next={request.url.path}", status_code=303)


# --- signing in ------------------------------------------------------------------------------


@router.get("/", response_class=HTMLResponse)
def home(request: Request, hub: HubDep, auth: AuthDep, session: OptionalSessionDep) -> Response:
    """The console's start: choose a tournament or create one (signed in), else sign in."""
    if session is None:
        if not auth.has_password:
            return render(request, "setup.html", code=request.query_params.get("code", ""))
        return _to_sign_in(request)
    return render(
        request,
        "home.html",
        csrf=session.csrf,
        tournaments=[
            t
            for t in hub.store.tournaments()
            if not is_hand_stream(t.stream) and not is_club_stream(t.stream)
        ],
        presets=preset_names(),
    )


@router.get("/setup", response_class=HTMLResponse)
def setup_page(request: Request, auth: AuthDep) -> Response:
    """First start: choose the director's password with the printed setup code."""
    if auth.has_password:
        return RedirectResponse("/login", status_code=303)
    return render(request, "setup.html", code=request.query_params.get("code", ""))


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, auth: AuthDep) -> Response:
    """Sign in as the director."""
    if not auth.has_password:
        return RedirectResponse("/setup", status_code=303)
    target = request.query_params.get("next", "/")
    safe = target if _LOCAL_PATH.fullmatch(target) else "/"
    return render(request, "login.html", next=safe)


_LOCAL_PATH = re.compile(r"/(?![/\\])[^\s\\]{0,500}")
"""Where a sign-in may go back to: a path on this server. ``//host`` and ``/\\host`` (which
browsers read as ``//host``) would send the director to another site, signed in."""


# --- the console -----------------------------------------------------------------------------


@router.get("/t/{stream}", response_class=HTMLResponse)
def console(request: Request, stream: str, hub: HubDep, session: OptionalSessionDep) -> Response:
    """The director's console for one tournament."""
    if session is None:
        return _to_sign_in(request)
    payload = hub.payload(stream, ("director", None))
    rules = hub.tournament(stream).state.rules.tournament.entry
    return render(
        request,
        "console.html",
        stream=stream,
        csrf=session.csrf,
        payload=payload,
        presets=preset_names(),
        required_details=[detail.value for detail in rules.required_details],
    )


@router.get("/t/{stream}/tables/{table}/qr.svg")
def table_qr(
    request: Request, stream: str, table: int, auth: AuthDep, session: OptionalSessionDep
) -> Response:
    """The QR code of a table's link (director only: the link carries the table's token)."""
    if session is None:
        return Response(status_code=401)
    url = str(request.url_for("table_page", stream=stream, table=str(table)))
    svg = segno.make(f"{url}?token={auth.table_token(stream, table)}", error="m").svg_inline(
        scale=4, border=2
    )
    return Response(svg, media_type="image/svg+xml")


@router.get("/t/{stream}/print/seat-cards", response_class=HTMLResponse)
def seat_cards(request: Request, stream: str, hub: HubDep, session: OptionalSessionDep) -> Response:
    """Seat cards to print and hand out (one page)."""
    if session is None:
        return _to_sign_in(request)
    return render(
        request, "print_seat_cards.html", stream=stream, payload=hub.payload(stream, _PUBLIC)
    )


@router.get("/t/{stream}/print/moves", response_class=HTMLResponse)
def move_slips(request: Request, stream: str, hub: HubDep, session: OptionalSessionDep) -> Response:
    """Move slips to print and hand out when a table breaks (TDA 10B): one per player of the
    broken table, from table and seat to table and seat; the break due (its draw as the console
    shows it, before it is confirmed), else the last table broken."""
    if session is None:
        return _to_sign_in(request)
    payload = hub.payload(stream, ("director", None))
    proposal = payload["proposal"]
    if proposal is not None and proposal["moves"]:
        table, moves, done = proposal["table"], proposal["moves"], False
    else:
        table, moves, done = _last_break(hub, stream)
    return render(
        request,
        "print_moves.html",
        stream=stream,
        payload=payload,
        table=table,
        moves=moves,
        done=done,
    )


def _last_break(hub: Hub, stream: str) -> tuple[int | None, list[dict[str, Any]], bool]:
    """The last table broken and its players' moves (names as they are now)."""
    live = hub.tournament(stream)
    state, events = live.history()
    for _, event in reversed(events):
        if isinstance(event, TableBroken):
            return event.table, [move_payload(state, m) for m in event.moves], True
    return None, [], False


# --- the director's guide --------------------------------------------------------------------

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "director-guide.md"
"""The director's guide, in Markdown (in the source tree; the console's header links to it)."""

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


@router.get("/guide", response_class=HTMLResponse)
def guide(request: Request) -> Response:
    """The director's guide, read-only: docs/director-guide.md rendered (raw HTML in it is
    shown as text, never run)."""
    try:
        text = GUIDE.read_text(encoding="utf-8")
    except OSError:
        text = (
            "# The director's guide\n\nThe guide is not on this machine: it is "
            "`docs/director-guide.md` in pitboss's source."
        )
    html = _MARKDOWN.render(text).replace('src="img/', 'src="/guide/img/')
    return render(request, "guide.html", html=Markup(html))


@router.get("/favicon.ico")
def favicon() -> Response:
    """The icon a browser asks for by itself, before it reads the page's own link to
    ``/static/favicon.svg``: the same picture, so no page load logs a 404."""
    return FileResponse(
        Path(__file__).resolve().parent / "static" / "favicon.svg", media_type="image/svg+xml"
    )


_GUIDE_IMAGE = re.compile(r"[a-z0-9][a-z0-9-]*\.png")


@router.get("/guide/img/{name}")
def guide_image(name: str) -> Response:
    """A picture of the guide (docs/img/, taken by the browser tests)."""
    path = GUIDE.parent / "img" / name
    if not _GUIDE_IMAGE.fullmatch(name) or not path.is_file():
        raise HTTPException(status_code=404, detail="no such picture in the guide")
    return FileResponse(path, media_type="image/png")


@router.get("/guide.md")
def guide_markdown() -> Response:
    """The director's guide as its Markdown text."""
    try:
        return Response(GUIDE.read_text(encoding="utf-8"), media_type="text/markdown")
    except OSError:
        return Response("The director's guide is not on this machine.\n", status_code=404)


# --- public pages ----------------------------------------------------------------------------


def _public(
    request: Request, name: str, stream: str, hub: Hub, *, with_log: bool = False
) -> HTMLResponse:
    """A public page from the public view; ``?rules=1`` keeps the rules' citations (and the
    page's live updates and links keep them too). ``with_log``: the page carries the hash of
    the log it was made from (`log_check`)."""
    rules = request.query_params.get("rules") == "1"
    payload = hub.payload(stream, public_role(rules))
    log = log_check(hub, stream, payload["seq"]) if with_log else None
    return render(request, name, stream=stream, payload=payload, rules=rules, log=log)


def log_check(hub: Hub, stream: str, seq: int) -> dict[str, Any] | None:
    """The log's link at event ``seq`` (the one the page shows), for a printed result to be
    checked against the stored file later: ``pitboss event verify DB ID --expect HASH`` finds
    it there (issue 25, THC add. 10). None before the first event."""
    link = head_link(hub.store, stream, through_seq=seq)
    if link is None:
        return None
    return {"seq": link.seq, "hash": format_hash(link.hash)}


@router.get("/t/{stream}/clock", response_class=HTMLResponse)
def clock_page(request: Request, stream: str, hub: HubDep) -> Response:
    """The big-screen clock for a TV."""
    return _public(request, "clock.html", stream, hub)


@router.get("/t/{stream}/seating", response_class=HTMLResponse)
def seating_page(request: Request, stream: str, hub: HubDep) -> Response:
    """The seating chart and find my seat, for phones."""
    return _public(request, "seating.html", stream, hub)


@router.get("/t/{stream}/results", response_class=HTMLResponse)
def results_page(request: Request, stream: str, hub: HubDep) -> Response:
    """Finishing places, prizes and the deal, with the log's hash as the page was made."""
    return _public(request, "results.html", stream, hub, with_log=True)


@router.get("/t/{stream}/print/payouts", response_class=HTMLResponse)
def payout_sheet(request: Request, stream: str, hub: HubDep) -> Response:
    """The payout sheet to print (one page)."""
    return _public(request, "print_payouts.html", stream, hub)


@router.get("/t/{stream}/print/results", response_class=HTMLResponse)
def results_sheet(request: Request, stream: str, hub: HubDep) -> Response:
    """The final results to print (one page), with the log's hash to check them against."""
    return _public(request, "print_results.html", stream, hub, with_log=True)


@router.get("/t/{stream}/print/structure", response_class=HTMLResponse)
def structure_sheet(
    request: Request, stream: str, hub: HubDep, players: str | None = None, start: str | None = None
) -> Response:
    """The blind sheet to print (one page): levels and breaks on the clock, colour-ups, the
    windows, the legal limit and the payouts for the field. Play's start on this server's
    clock once started, else ``?start=HH:MM``; the field is its entries, or ``?players=N``."""
    state = hub.tournament(stream).state
    at = parse_start(start) if start else None
    if at is None and state.clock.started_at is not None:
        moment = datetime.fromtimestamp(state.clock.started_at / 1000, tz=UTC).astimezone()
        at = moment.hour * 60 + moment.minute
    field = check_players(_whole(players, "players")) if players else None
    own = field is None or field == state.entries
    sheet = blind_sheet(
        state.rules,
        title=state.name or None,
        start_minute_of_day=at,
        entrants=state.entries if field is None else field,
        prize_pool_cents=state.prize_pool_cents if own and state.entries else None,
        prizes_cents=state.prizes_cents if own else (),
    )
    rules = request.query_params.get("rules") == "1"
    return HTMLResponse(render_sheet(sheet, state.rules, citations=rules))


@router.get("/presets/{name}/sheet", response_class=HTMLResponse)
def preset_sheet(
    request: Request, name: str, players: str | None = None, start: str | None = None
) -> Response:
    """A shipped preset's blind sheet, no tournament needed (public): ``?players=N`` sizes the
    payouts (a sit & go's seats by default), ``?start=HH:MM`` puts the clock times on."""
    if name not in preset_names():
        raise SheetError(
            f"no preset named '{name}'; available: {', '.join(preset_names())}",
            code="not_found",
            params={"preset": name, "available": preset_names()},
        )
    rules = load_preset(name)
    field = (
        check_players(_whole(players, "players")) if players else rules.tournament.entry.max_entries
    )
    sheet = blind_sheet(
        rules, start_minute_of_day=parse_start(start) if start else None, entrants=field
    )
    shown = request.query_params.get("rules") == "1"
    return HTMLResponse(render_sheet(sheet, rules, citations=shown))


def _whole(text: str, name: str) -> int:
    """A query parameter that must be a whole number.

    Raises:
        SheetError: it is not.
    """
    if not text.strip().isdigit():
        raise SheetError(
            f"{name} must be a whole number, not {text!r}",
            code=f"bad_{name}",
            params={name: text},
        )
    return int(text)


# --- a table's device ------------------------------------------------------------------------


def device_refused(
    request: Request, auth: Auth, stream: str, table: int, token: str | None, *, signed_in: bool
) -> Response | None:
    """The refusal page for a table's device opened without that table's token (the director,
    signed in, needs none); None when it may open."""
    if signed_in:
        return None
    try:
        auth.check_table_token(stream, table, token)
    except AuthError as error:
        return templates.TemplateResponse(
            request, "refused.html", {"message": error.message}, status_code=error.status
        )
    return None


@router.get("/t/{stream}/table/{table}", response_class=HTMLResponse, name="table_page")
def table_page(request: Request, stream: str, table: int, hub: HubDep, auth: AuthDep) -> Response:
    """A table's device: its players, record a bust, call the clock (its token only)."""
    token = table_token(request)
    signed_in = auth.session(request.cookies.get(SESSION_COOKIE)) is not None
    refused = device_refused(request, auth, stream, table, token, signed_in=signed_in)
    if refused is not None:
        return refused
    return render(
        request,
        "table.html",
        stream=stream,
        table=table,
        token=token or auth.table_token(stream, table),
        payload=hub.payload(stream, ("table", table)),
    )

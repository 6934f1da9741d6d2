"""Leagues, their seasons, and which tournaments count (issue 28).

Each is an event in the ``club-leagues`` stream (`pitboss.club.log.LEAGUES_STREAM`), folded
into `Leagues`. A league keeps its points rules as TOML text (`pitboss.club.points_toml`): a
preset's text is copied when it is chosen, so editing or upgrading a preset file never changes
a season already scored (as `TournamentCreated` carries every setting of a night). A season is
either dated (``starts``..``ends``, inclusive: every tournament that started on those days in
the club's time zone counts) or a list of events; either way an event may be added or taken
out by hand, so a tournament counts toward zero or more seasons.

The decide functions are pure (ids and ``at`` passed in) and refuse anything that does not fit
with a `ClubError` in a person's words, naming leagues, seasons and events by name.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from pitboss.club.log import ClubEvent, checked_name
from pitboss.club.points import PointsRules
from pitboss.club.points_toml import parse_points_rules, points_preset_names, points_preset_text
from pitboss.errors import ClubError
from pitboss.ids import LeagueId, SeasonId

NAME_MAX = 60
"""The longest name of a league or a season (a page's title, a printed sheet's heading)."""

_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")

# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueCreated(ClubEvent):
    """A league began: its name and its points rules (TOML; ``preset`` the preset they were
    copied from, empty when written for this league)."""

    at: int
    league_id: LeagueId
    name: str
    points_toml: str
    preset: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueRulesChanged(ClubEvent):
    """A league's points rules replaced: every season's standings are scored by them now."""

    at: int
    league_id: LeagueId
    points_toml: str
    preset: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonCreated(ClubEvent):
    """A season of a league: dated (``starts``..``ends``, ISO days, inclusive) or the list of
    ``events`` (tournament stream ids) that count."""

    at: int
    league_id: LeagueId
    season_id: SeasonId
    name: str
    starts: str | None = None
    ends: str | None = None
    events: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class EventCounted(ClubEvent):
    """A tournament counts toward a season by hand (a dated season: even outside its days)."""

    at: int
    season_id: SeasonId
    event: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EventUncounted(ClubEvent):
    """A tournament no longer counts toward a season (a dated season: even inside its days)."""

    at: int
    season_id: SeasonId
    event: str


# --- the value --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Season:
    """A season: dated or a list; ``added`` the events counted by hand, ``removed`` those
    taken out by hand (only ever of a dated season's days)."""

    season_id: SeasonId
    league_id: LeagueId
    name: str
    starts: str | None = None
    ends: str | None = None
    added: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    created_at: int = 0

    @property
    def is_dated(self) -> bool:
        return self.starts is not None

    def counts(self, event: str, date: str | None) -> bool:
        """``event`` (that started on ``date``, ISO, the club's day) counts toward the season."""
        if event in self.added:
            return True
        if not self.is_dated or date is None or event in self.removed:
            return False
        return (self.starts or "") <= date <= (self.ends or "")


@dataclass(frozen=True, slots=True, kw_only=True)
class League:
    """A league: its name, points rules (TOML) and seasons in the order they were made."""

    league_id: LeagueId
    name: str
    points_toml: str
    preset: str = ""
    seasons: tuple[SeasonId, ...] = ()
    created_at: int = 0

    def rules(self) -> PointsRules:
        """The league's points rules, read from their TOML."""
        return parse_points_rules(self.points_toml, name=self.preset or self.name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Leagues:
    """Every league and season of the club, folded from the leagues' stream; ``version`` the
    events folded so far."""

    leagues: Mapping[LeagueId, League] = field(default_factory=dict)
    seasons: Mapping[SeasonId, Season] = field(default_factory=dict)
    version: int = 0


NO_LEAGUES = Leagues()


def fold(events: Iterable[ClubEvent], leagues: Leagues = NO_LEAGUES) -> Leagues:
    """``leagues`` with ``events`` applied; other club events are skipped."""
    by_id = dict(leagues.leagues)
    seasons = dict(leagues.seasons)
    version = leagues.version
    for event in events:
        version += 1
        match event:
            case LeagueCreated():
                by_id[event.league_id] = League(
                    league_id=event.league_id,
                    name=event.name,
                    points_toml=event.points_toml,
                    preset=event.preset,
                    created_at=event.at,
                )
            case LeagueRulesChanged():
                by_id[event.league_id] = replace(
                    by_id[event.league_id], points_toml=event.points_toml, preset=event.preset
                )
            case SeasonCreated():
                league = by_id[event.league_id]
                by_id[event.league_id] = replace(league, seasons=(*league.seasons, event.season_id))
                seasons[event.season_id] = Season(
                    season_id=event.season_id,
                    league_id=event.league_id,
                    name=event.name,
                    starts=event.starts,
                    ends=event.ends,
                    added=frozenset(event.events),
                    created_at=event.at,
                )
            case EventCounted():
                s = seasons[event.season_id]
                seasons[s.season_id] = replace(
                    s, added=s.added | {event.event}, removed=s.removed - {event.event}
                )
            case EventUncounted():
                s = seasons[event.season_id]
                seasons[s.season_id] = replace(
                    s, added=s.added - {event.event}, removed=s.removed | {event.event}
                )
            case _:
                pass
    return Leagues(leagues=by_id, seasons=seasons, version=version)


# --- checks -----------------------------------------------------------------------------------


def _name(text: str, what: str) -> str:
    return checked_name(text, what=f"the {what}'s name", limit=NAME_MAX, params={"what": what})


def slug(name: str) -> str:
    """An id made from a name: lowercase letters and digits joined by ``-`` (``Friday
    League 2026`` -> ``friday-league-2026``), at most 40 characters; ``x`` if none is left."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", plain)
    return "-".join(words)[:40].strip("-") or "x"


def _id(value: str, what: str) -> str:
    if not _ID.fullmatch(value):
        raise ClubError(
            f"{value[:40]!r} is not a {what} id: 1 to 40 lowercase letters, digits, '-' or '_'",
            code=f"bad_{what}_id",
            params={"id": value[:40]},
        )
    return value


def _day(value: str, which: str) -> str:
    try:
        return dt.date.fromisoformat(value).isoformat()
    except ValueError:
        raise ClubError(
            f"the season's {which} date {value[:20]!r} is not a date: give it as 2026-01-31",
            code="bad_date",
            params={"field": which, "value": value[:20]},
        ) from None


def league_of(leagues: Leagues, league_id: str) -> League:
    """The league ``league_id``.

    Raises:
        ClubError: ``unknown_league``.
    """
    found = leagues.leagues.get(LeagueId(league_id))
    if found is None:
        known = ", ".join(sorted(x.name for x in leagues.leagues.values())) or "none yet"
        raise ClubError(
            f"the club has no league {league_id[:40]!r}; its leagues: {known}",
            code="unknown_league",
            params={"league_id": league_id[:40]},
        )
    return found


def season_of(leagues: Leagues, season_id: str) -> Season:
    """The season ``season_id``.

    Raises:
        ClubError: ``unknown_season``.
    """
    found = leagues.seasons.get(SeasonId(season_id))
    if found is None:
        raise ClubError(
            f"the club has no season {season_id[:40]!r}: list a league's seasons to find it",
            code="unknown_season",
            params={"season_id": season_id[:40]},
        )
    return found


def points_text(points: str) -> tuple[str, str]:
    """``(TOML text, preset name)`` of a league's points rules: a shipped preset's name (its
    text copied) or TOML text, checked by reading it.

    Raises:
        ClubError: the TOML does not read as points rules (its own code), naming what is wrong.
    """
    name = points.strip()
    if name in points_preset_names():
        return points_preset_text(name), name
    if "=" not in points and "[" not in points:
        raise ClubError(
            f"{name[:40]!r} is neither a points preset nor points rules in TOML; the presets: "
            f"{', '.join(points_preset_names())}",
            code="unknown_points_preset",
            params={"preset": name[:40], "allowed": points_preset_names()},
        )
    parse_points_rules(points, name="the league's")
    return points, ""


# --- decisions --------------------------------------------------------------------------------


def create_league(
    leagues: Leagues, *, league_id: str, name: str, points: str, at: int
) -> list[ClubEvent]:
    """A new league with its points rules (a preset's name or TOML text).

    Raises:
        ClubError: ``bad_league_id``, ``league_exists``, ``blank_name``, ``name_too_long``,
            ``league_name_taken``, ``unknown_points_preset`` or the rules' own refusal.
    """
    lid = LeagueId(_id(league_id, "league"))
    cleaned = _name(name, "league")
    if lid in leagues.leagues:
        raise ClubError(
            f"the league id {lid!r} is {leagues.leagues[lid].name}'s already: choose another",
            code="league_exists",
            params={"league_id": lid},
        )
    if any(x.name.casefold() == cleaned.casefold() for x in leagues.leagues.values()):
        raise ClubError(
            f"the club already has a league called {cleaned}: give this one another name",
            code="league_name_taken",
            params={"name": cleaned},
        )
    text, preset = points_text(points)
    return [LeagueCreated(at=at, league_id=lid, name=cleaned, points_toml=text, preset=preset)]


def change_league_rules(
    leagues: Leagues, *, league_id: str, points: str, at: int
) -> list[ClubEvent]:
    """A league's points rules replaced (every season is scored again by them).

    Raises:
        ClubError: ``unknown_league``, ``same_points_rules``, or the rules refused.
    """
    league = league_of(leagues, league_id)
    text, preset = points_text(points)
    if text == league.points_toml:
        raise ClubError(
            f"{league.name} already scores by these points rules: nothing to change",
            code="same_points_rules",
            params={"league_id": league.league_id},
        )
    return [LeagueRulesChanged(at=at, league_id=league.league_id, points_toml=text, preset=preset)]


def create_season(
    leagues: Leagues,
    *,
    league_id: str,
    season_id: str,
    name: str,
    starts: str | None = None,
    ends: str | None = None,
    events: Iterable[str] = (),
    at: int,
) -> list[ClubEvent]:
    """A season of a league: from ``starts`` to ``ends`` (both days included), or the list of
    ``events`` (tournament ids) that count; events are added or taken out later by hand.

    Raises:
        ClubError: ``unknown_league``, ``bad_season_id``, ``season_exists``,
            ``season_name_taken`` (in that league), ``bad_date``, ``season_dates_or_events``
            (neither or both given, or one date without the other), ``season_ends_before_start``.
    """
    league = league_of(leagues, league_id)
    sid = SeasonId(_id(season_id, "season"))
    cleaned = _name(name, "season")
    if sid in leagues.seasons:
        raise ClubError(
            f"the season id {sid!r} is {leagues.seasons[sid].name}'s already: choose another",
            code="season_exists",
            params={"season_id": sid},
        )
    if any(leagues.seasons[s].name.casefold() == cleaned.casefold() for s in league.seasons):
        raise ClubError(
            f"{league.name} already has a season called {cleaned}: give this one another name",
            code="season_name_taken",
            params={"name": cleaned, "league_id": league.league_id},
        )
    listed = tuple(dict.fromkeys(events))
    dated = starts is not None or ends is not None
    if (starts is None) != (ends is None) or dated == bool(listed):
        raise ClubError(
            f"a season runs between two dates (the first day and the last) or is a list of "
            f"events, not both: give {cleaned} a start and an end date, or its events",
            code="season_dates_or_events",
            params={"starts": starts, "ends": ends, "events": len(listed)},
        )
    first = None if starts is None else _day(starts, "start")
    last = None if ends is None else _day(ends, "end")
    if first is not None and last is not None and last < first:
        raise ClubError(
            f"{cleaned} would end on {last}, before it starts on {first}: the end date is the "
            "season's last day, on or after its first",
            code="season_ends_before_start",
            params={"starts": first, "ends": last},
        )
    return [
        SeasonCreated(
            at=at,
            league_id=league.league_id,
            season_id=sid,
            name=cleaned,
            starts=first,
            ends=last,
            events=listed,
        )
    ]


def count_event(
    leagues: Leagues,
    *,
    season_id: str,
    event: str,
    event_name: str,
    date: str | None,
    at: int,
) -> list[ClubEvent]:
    """``event`` (a tournament named ``event_name`` that started on ``date``) counts toward
    the season from now on. The caller checks the tournament exists.

    Raises:
        ClubError: ``unknown_season``, ``event_already_counted``.
    """
    season = season_of(leagues, season_id)
    if season.counts(event, date):
        raise ClubError(
            f"{event_name} already counts toward {season.name}",
            code="event_already_counted",
            params={"season_id": season.season_id, "event": event},
        )
    return [EventCounted(at=at, season_id=season.season_id, event=event)]


def uncount_event(
    leagues: Leagues,
    *,
    season_id: str,
    event: str,
    event_name: str,
    date: str | None,
    at: int,
) -> list[ClubEvent]:
    """``event`` no longer counts toward the season (its points leave the standings).

    Raises:
        ClubError: ``unknown_season``, ``event_not_counted``.
    """
    season = season_of(leagues, season_id)
    if not season.counts(event, date):
        raise ClubError(
            f"{event_name} does not count toward {season.name}: nothing to take out",
            code="event_not_counted",
            params={"season_id": season.season_id, "event": event},
        )
    return [EventUncounted(at=at, season_id=season.season_id, event=event)]


__all__ = [
    "NAME_MAX",
    "NO_LEAGUES",
    "EventCounted",
    "EventUncounted",
    "League",
    "LeagueCreated",
    "LeagueRulesChanged",
    "Leagues",
    "Season",
    "SeasonCreated",
    "change_league_rules",
    "count_event",
    "create_league",
    "create_season",
    "fold",
    "league_of",
    "points_text",
    "season_of",
    "slug",
    "uncount_event",
]

"""One tournament's result as a league reads it (issue 28): the field, the buy-in, and each
person's place, prize, spend and knockouts, by their club record.

What `pitboss.club.standings` scores. Built from the stored log of a finished (or stopped)
tournament by `result_of`, never typed: a corrected or undone result is read again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.tournament.model.awards import Award, approved_deal, awards
from pitboss.tournament.model.entries import Player, PlayerStatus
from pitboss.tournament.state import Phase, TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """One person's night in one event.

    ``place``: their finishing place, 1 the winner; players out on one hand with equal
    stacks share a place (THC 3). A person who re-entered has one `Finish`, at their best
    place, with every entry's spend. ``spend_cents``: everything they paid (buy-ins, fees,
    re-buys, add-ons; Dr. Neau's ``e``). ``knockouts``: the players whose chips they won on
    the hand those players went out (shared equally when several won them, so it may be a
    fraction); ``knockout_hands``: how many they knocked out on each hand where they knocked
    out one or more (for a bonus for several on one hand).
    """

    player: ClubPlayerId
    name: str
    place: int
    prize_cents: int = 0
    entries: int = 1
    rebuys: int = 0
    add_ons: int = 0
    spend_cents: int = 0
    knockouts: float = 0.0
    knockout_hands: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameFinish:
    """One person in a side game of the night (SLPT 29): its winner, or a player in it.

    ``forfeited``: they took the option into the main event and gave up the side game's
    prizes and points (SLPT 29.2.1).
    """

    side_game: str
    player: ClubPlayerId
    name: str
    won: bool
    forfeited: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class EventResult:
    """One tournament as a league scores it.

    ``event``: its stream id; ``at``: when it started (ms UTC) and ``date`` that day in the
    club's time zone (ISO, ``2026-11-27``), which a season's dates are compared with;
    ``entrants``: entries sold (re-entries count, the field a formula's ``n`` means);
    ``buy_in_cents``: the buy-in without the fee (the formulas' ``b``); ``finishes``: one per
    person, every entrant who has a club record; ``side_games``: SLPT 29's side games.
    ``finished``: a winner holds every chip or a deal divided every prize left. ``in_play``:
    started and not finished: the players out have their places and those still in share the
    worst place they can still finish in, so a league table scored from it shows what each
    person is sure of and moves with every bust-out.
    """

    event: str
    name: str
    at: int
    date: str
    entrants: int
    buy_in_cents: int
    finishes: tuple[Finish, ...]
    side_games: tuple[SideGameFinish, ...] = ()
    finished: bool = True
    in_play: bool = False


def club_date(at: int, time_zone: str = "UTC") -> str:
    """The ISO date of the instant ``at`` (ms UTC) in the club's ``time_zone`` (an IANA name).

    The rules have no time zone setting: the club's zone is passed in, UTC by default (a
    night that starts at 19:00 in Salt Lake City is dated that day, not the next, only when
    its zone is given).

    Raises:
        ClubError: ``unknown_time_zone``.
    """
    try:
        zone = ZoneInfo(time_zone)
    except (ZoneInfoNotFoundError, ValueError) as err:
        raise ClubError(
            f"unknown time zone {time_zone!r}: give an IANA zone such as 'America/Denver' or 'UTC'",
            code="unknown_time_zone",
            params={"time_zone": time_zone},
        ) from err
    return dt.datetime.fromtimestamp(at / 1000, tz=dt.UTC).astimezone(zone).date().isoformat()


@dataclass(slots=True, kw_only=True)
class _Person:
    """One person's entries summed while reading a night (internal, mutable while built)."""

    name: str
    place: int | None = None
    prize_cents: int = 0
    entries: int = 0
    rebuys: int = 0
    add_ons: int = 0
    spend_cents: int = 0
    knockouts: Fraction = Fraction(0)
    hands: dict[int, int] = field(default_factory=dict)


def _places(s: TournamentState, owed: Sequence[Award]) -> dict[PlayerId, int]:
    """Each entry's finishing place (the best of a shared range: THC 3, RP-8A).

    Players in an approved deal who did not go out afterwards are placed by the chips they
    held when the deal was worked out (the largest stack first, equal stacks share; after the
    winner of what was left to play for): the deal divides money, a league still needs an
    order. Players still in play, the night unfinished, share the worst place they can still
    finish in (``players_left``).
    """
    places = {a.player_id: a.first for a in owed}
    deal = approved_deal(s)
    if deal is not None:
        out = {r.bust.player_id for r in s.busts}
        stacks = dict(zip(deal.players, deal.stacks, strict=False))
        chopped = [p for p in deal.players if p not in out and p != s.winner]
        first = 2 if s.winner is not None else 1
        for pid in chopped:
            places[pid] = first + sum(1 for q in chopped if stacks.get(q, 0) > stacks.get(pid, 0))
    if s.phase is not Phase.FINISHED:
        for pid in s.remaining_players():
            places.setdefault(pid, max(s.players_left, 1))
    return places


def _knockouts(s: TournamentState) -> dict[PlayerId, tuple[Fraction, dict[int, int]]]:
    """Each eliminator's knockouts (a bust shared by k players gives each 1/k) and how many
    they took part in on each bust event (one hand), from the busts that stand (a re-buy takes
    its bust back: that player was not knocked out)."""
    whole: dict[PlayerId, int] = {}  # knockouts alone: counted as integers (most of them)
    shared: dict[PlayerId, Fraction] = {}
    hands: dict[PlayerId, dict[int, int]] = {}
    for record in s.busts:
        by = record.bust.eliminated_by
        for pid in by:
            if len(by) == 1:
                whole[pid] = whole.get(pid, 0) + 1
            else:
                shared[pid] = shared.get(pid, Fraction(0)) + Fraction(1, len(by))
            on = hands.setdefault(pid, {})
            on[record.seq] = on.get(record.seq, 0) + 1
    return {
        pid: (shared.get(pid, Fraction(0)) + whole.get(pid, 0), on) for pid, on in hands.items()
    }


def _club_ids_by_name(players: Mapping[PlayerId, Player]) -> dict[str, ClubPlayerId | None]:
    """The club id of each entrant's name (case and spacing aside); None when one name is two
    different people's, so a side game's player is never given to the wrong person."""
    ids: dict[str, ClubPlayerId | None] = {}
    for p in players.values():
        if p.club_player_id is None:
            continue
        key = " ".join(p.name.split()).casefold()
        ids[key] = p.club_player_id if ids.get(key, p.club_player_id) == p.club_player_id else None
    return ids


def _side_games(
    s: TournamentState, names: Mapping[ClubPlayerId, str]
) -> tuple[SideGameFinish, ...]:
    """SLPT 29's side games by their players' club records: the side game knows its players by
    name, matched to the night's entries; a player who took the option into the main event
    forfeits the side game's prizes and points (SLPT 29.2.1)."""
    ids = _club_ids_by_name(s.players)
    out: list[SideGameFinish] = []
    for game_id, game in sorted(s.side_games.items()):
        for name in game.everyone:
            club_id = ids.get(" ".join(name.split()).casefold())
            if club_id is None:
                continue
            out.append(
                SideGameFinish(
                    side_game=game_id,
                    player=club_id,
                    name=names.get(club_id, name),
                    won=game.winner == name,
                    forfeited=game.option_taken == name,
                )
            )
    return tuple(out)


def result_of(
    state: TournamentState, *, event: str, name: str | None = None, time_zone: str = "UTC"
) -> EventResult:
    """One tournament's result as a league scores it, read from its folded state (issue 28).

    ``entrants`` are the entries sold that stand (a re-entry is an entry: TDA 8A; a withdrawal
    before the start is not); ``buy_in_cents`` the buy-in without the fee (KY 18, THC 1: the
    fee is the house's). Each person (`Player.club_player_id`) has one `Finish`: every entry's
    spend (buy-ins, fees, re-buys, add-ons, less refunds), re-buys and add-ons summed, their
    best place and every prize owed (a deal share too, RULES §3.9). Entrants without a club
    record count in ``entrants`` and have no `Finish`. Knockouts come from `Bust.eliminated_by`.

    ``finished`` is the tournament's phase: finished once a winner holds every chip (KY 3,
    THC 3) or an approved deal divided every prize left, the KY 11 forced chop at the legal
    time limit included; a night still in play or stopped without its chop is ``in_play``
    (a league table shows it as it stands, provisionally). ``date`` is the start's day in
    ``time_zone`` (`club_date`).

    Raises:
        ClubError: ``unknown_time_zone``.
    """
    owed = awards(state)
    places = _places(state, owed)
    knockouts = _knockouts(state)
    people: dict[ClubPlayerId, _Person] = {}
    for pid, player in state.players.items():
        club_id = player.club_player_id
        if club_id is None or player.status is PlayerStatus.WITHDRAWN:
            continue
        person = people.get(club_id)
        if person is None:
            person = people[club_id] = _Person(name=player.name)
        place = places.get(pid)
        if place is not None and (person.place is None or place < person.place):
            person.place = place
        person.entries += 1
        person.rebuys += player.rebuys
        person.add_ons += player.add_ons
        person.spend_cents += player.paid_cents - player.refunded_cents
        share, hands = knockouts.get(pid, (Fraction(0), {}))
        person.knockouts += share
        for seq, count in hands.items():
            person.hands[seq] = person.hands.get(seq, 0) + count
    for a in owed:
        club_id = state.players[a.player_id].club_player_id
        if club_id in people:
            people[club_id].prize_cents += a.owed_cents
    worst = max(state.entry_count, 1)
    finishes = tuple(
        Finish(
            player=club_id,
            name=p.name,
            place=worst if p.place is None else p.place,
            prize_cents=p.prize_cents,
            entries=p.entries,
            rebuys=p.rebuys,
            add_ons=p.add_ons,
            spend_cents=p.spend_cents,
            knockouts=float(p.knockouts),
            knockout_hands=tuple(p.hands[seq] for seq in sorted(p.hands)),
        )
        for club_id, p in sorted(people.items(), key=lambda item: (item[1].place or worst, item[0]))
    )
    at = state.clock.started_at
    if at is None:
        at = state.last_at or 0
    return EventResult(
        event=event,
        name=state.name if name is None else name,
        at=at,
        date=club_date(at, time_zone),
        entrants=state.entry_count,
        buy_in_cents=state.rules.tournament.entry.buy_in_cents,
        finishes=finishes,
        side_games=_side_games(state, {c: p.name for c, p in people.items()}),
        finished=state.phase is Phase.FINISHED,
        in_play=state.phase in (Phase.RUNNING, Phase.STOPPED),
    )


def merged_result(
    result: EventResult, canonical: Callable[[ClubPlayerId], ClubPlayerId]
) -> EventResult:
    """``result`` with each person under the record they now belong to (a merge of two records
    of one person, `pitboss.club.players.canonical`): two finishes of one person in one night
    become one, as a re-entry is (best place, everything else summed)."""
    merged: dict[ClubPlayerId, Finish] = {}
    for f in result.finishes:
        pid = canonical(f.player)
        was = merged.get(pid)
        if was is None:
            merged[pid] = replace(f, player=pid)
            continue
        best = f if f.place < was.place else was
        merged[pid] = Finish(
            player=pid,
            name=best.name,
            place=best.place,
            prize_cents=was.prize_cents + f.prize_cents,
            entries=was.entries + f.entries,
            rebuys=was.rebuys + f.rebuys,
            add_ons=was.add_ons + f.add_ons,
            spend_cents=was.spend_cents + f.spend_cents,
            knockouts=was.knockouts + f.knockouts,
            knockout_hands=(*was.knockout_hands, *f.knockout_hands),
        )
    games = tuple(replace(g, player=canonical(g.player)) for g in result.side_games)
    finishes = tuple(sorted(merged.values(), key=lambda f: (f.place, f.player)))
    if finishes == result.finishes and games == result.side_games:
        return result
    return replace(result, finishes=finishes, side_games=games)

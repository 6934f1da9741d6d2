"""Short nights for the league's tests, played through any runner of director commands (the
pure `Director`, or a stored tournament's `LiveTournament.execute`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pitboss.ids import ClubPlayerId, PlayerId, TableNo
from pitboss.rules import RuleSet
from pitboss.tournament import commands as c
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.state import TournamentState

Do = Callable[..., object]
"""Runs a command: ``do(command, at=instant)`` (``at`` None: the runner's clock)."""

MIN = 60_000


def club_rules() -> RuleSet:
    """THC's night (buy-in $100 + $10 fee, re-buys $50) with re-entries until level 3 and no
    private details asked."""
    rules = RuleSet.from_preset("thc")
    t = rules.tournament
    entry = replace(t.entry, late_registration_until_level=3, required_details=())
    return replace(rules, tournament=replace(t, entry=entry))


def register(do: Do, players: dict[str, str | None]) -> None:
    """Enter each ``player id -> club id`` (None: a guest without a club record); the name is
    the id titled."""
    for pid, club in players.items():
        do(
            c.RegisterPlayer(
                player_id=PlayerId(pid),
                name=pid.title(),
                club_player_id=None if club is None else ClubPlayerId(club),
            )
        )


def bust(do: Do, busted: str, by: str, at: int | None = None) -> None:
    do(
        c.RecordBust(table=TableNo(1), busted=(PlayerId(busted),), eliminated_by=PlayerId(by)),
        at=at,
    )


def played_night(do: Do, state: Callable[[], TournamentState], start: int) -> None:
    """Ann, Bo, Cy, Di (club players) and a guest, from ``start``: Cy goes out to Ann and
    re-enters (cy2), goes out to Di and re-buys; Bo goes out on a pot split by Ann and Di; the
    guest to Cy; at the add-on break (after 2 hours, THC 1) Di buys the add-on, then Cy goes
    out to Ann and Di to Ann: Ann wins. Places: Ann 1, Di 2, Cy 3 (and 6), guest 4, Bo 5.
    """
    register(do, {"ann": "c-ann", "bo": "c-bo", "cy": "c-cy", "di": "c-di", "guest": None})
    do(c.StartTournament(), at=start)
    bust(do, "cy", "ann")
    do(c.ReEnter(player_id=PlayerId("cy"), new_player_id=PlayerId("cy2")))
    bust(do, "cy2", "di")
    do(c.Rebuy(player_id=PlayerId("cy2")))
    do(c.StartHand(hand_id="h1", table=1))
    chips = {p: state().players[PlayerId(p)].chips for p in ("ann", "bo", "di")}
    half = chips["bo"] // 2
    do(
        c.FinishHand(
            hand_id="h1",
            stacks=(
                PlayerChips(player_id=PlayerId("bo"), chips=0),
                PlayerChips(player_id=PlayerId("ann"), chips=chips["ann"] + half),
                PlayerChips(player_id=PlayerId("di"), chips=chips["di"] + chips["bo"] - half),
            ),
        )
    )
    bust(do, "guest", "cy2")
    do(c.AddOn(player_id=PlayerId("di")), at=start + 125 * MIN)
    bust(do, "cy2", "ann")
    bust(do, "di", "ann")

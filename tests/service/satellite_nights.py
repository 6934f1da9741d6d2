"""A satellite and its target kept in a store, played through `LiveTournament` (issue 29)."""

from __future__ import annotations

from tests.tournament.satellite_helpers import satellite_rules, target_rules

from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.service import DirectorService, LiveTournament
from pitboss.tournament import commands as c
from pitboss.tournament.features.seat_changes import pending
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.state import Phase

NAMES = ("Ann Lee", "Bo Chen", "Cy Diaz", "Di Eng", "Ed Fox", "Flo Gray", "Gus Hahn")


def register(live: LiveTournament, names: tuple[str, ...] = NAMES, *, club: bool = True) -> None:
    """Register ``names`` (with club records ``cp0``, ``cp1`` ... when ``club``)."""
    for i, name in enumerate(names):
        live.execute(
            c.RegisterPlayer(
                player_id=PlayerId(f"s{i:02d}"),
                name=name,
                club_player_id=ClubPlayerId(f"cp{i}") if club else None,
            )
        )


def bust_one(live: LiveTournament) -> None:
    """A hand at the fullest table in which the first player dealt in goes out."""
    while pending(live.state) is not None:
        live.execute(c.ConfirmSeatChange())
    state = live.state
    table = max(state.tables, key=lambda n: (state.tables[n].size, -n))
    hand = f"h{len(state.hands) + 1}"
    live.execute(c.StartHand(hand_id=hand, table=table))
    loser, winner = live.state.hands[hand].players[:2]
    chips = live.state.players[loser].chips + live.state.players[winner].chips
    live.execute(
        c.FinishHand(
            hand_id=hand,
            stacks=(
                PlayerChips(player_id=loser, chips=0),
                PlayerChips(player_id=winner, chips=chips),
            ),
        )
    )


def play_to_the_seats(live: LiveTournament) -> None:
    """Bust players until the satellite has awarded its seats."""
    while live.state.phase is Phase.RUNNING and not live.state.satellite.tickets:
        bust_one(live)


def satellite_and_target(
    svc: DirectorService,
    *,
    play: bool = True,
    names: tuple[str, ...] = NAMES,
    club: bool = True,
) -> tuple[LiveTournament, LiveTournament]:
    """The target ``main`` ($100 + $10) and the satellite ``sat`` ($27.50 + $2.50, seats of
    $110) linked to it; with ``play``, the satellite played to its seats (7 players: one);
    ``club``: its players with club records ``cp0``, ``cp1`` ..."""
    target = svc.create("Main Event", target_rules(), stream="main")
    sat = svc.create("Monday Satellite", satellite_rules(), stream="sat")
    sat.execute(c.LinkSatellite(target="main"))
    register(sat, names, club=club)
    sat.execute(c.StartTournament())
    if play:
        play_to_the_seats(sat)
    return sat, target

"""The director's event log in words: one line per event, players by name, nothing private.

Five nights are played through the director (a THC charity night with money, penalties, a
deal and a forfeited prize; an SLPT night with a late table and a side game; a KY night to the
final-table redraw and the legal time limit; a TDA night whose hands a dealer records; a
bar-league progressive knockout with its bounties; a satellite to its seat; a flight and its
Day 2), so between them every event type is narrated.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any

import pytest

from pitboss.engine import ActionKind
from pitboss.errors import TournamentError
from pitboss.ids import ClubPlayerId, HandId, PlayerId, SeatNo, TableNo
from pitboss.rules import RuleSet
from pitboss.rules.tournament import ChopMethod
from pitboss.rulings import DeadHandCause, Declaration
from pitboss.tournament import commands as c
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.corrections import ButtonCorrected
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.features.hands import HandFinished
from pitboss.tournament.features.recorded_hands import recorded_hand
from pitboss.tournament.features.registration import PlayerRegistered
from pitboss.tournament.features.seat_changes import PlayerMoved, pending
from pitboss.tournament.features.tables import SeatsDrawn
from pitboss.tournament.features.timekeeping import LevelStarted
from pitboss.tournament.model.awards import awards
from pitboss.tournament.model.balancing import Move, MoveReason
from pitboss.tournament.model.eliminations import RemovalReason
from pitboss.tournament.model.entries import PlayerChips, details_given
from pitboss.tournament.model.recorded_steps import ShownHand
from pitboss.tournament.model.words import duration, ordinal
from pitboss.tournament.reading.narration import DESCRIPTIONS, describe, narrate
from pitboss.tournament.registry import EVENT_CLASSES, Event
from pitboss.tournament.state import SideGameStack, TournamentState, fold, replay_log

from .director_helpers import T0, thc_details
from .flight_helpers import day_two_night, flight_night
from .floor_helpers import Floor
from .satellite_helpers import play_to_the_end, satellite_rules

NAMES = (
    "Ann Lee", "Bo Chen", "Cy Diaz", "Di Eng", "Ed Fox", "Flo Gray", "Gus Hahn", "Hal Ives",
    "Ida Jones", "Jo King", "Kay Lam", "Lu Mays", "Mo Nash", "Ned Orr", "Oz Park", "Pat Quinn",
    "Ray Ruiz", "Sue Tan", "Tom Umar",
)  # fmt: skip
YOUNG = "Sue Tan"  # under 21: her prize is forfeited (THC add. 15)
PRIVATE = ("1 Main St", "a@example.org", "555-0100", "1980-05-17", "2006-03-01", "000-00-0000")
BARE_ID = re.compile(r"\b[dpsk]\d\d\b")  # the ids the nights below give their players

Log = tuple[Event, ...]


def _chips(pid: str, chips: int) -> PlayerChips:
    return PlayerChips(player_id=PlayerId(pid), chips=chips)


def _seat_changes(f: Floor) -> None:
    """The floor confirms every seat change due (live mode)."""
    while pending(f.state) is not None:
        f.do(c.ConfirmSeatChange())


def _bust_one(f: Floor, keep: set[str], table: int | None = None) -> None:
    """A hand at ``table`` (default: the fullest) in which a player not in ``keep`` goes out."""
    _seat_changes(f)
    if table is None:
        table = max(f.state.tables, key=lambda t: (f.state.tables[t].size, -t))
    hand = f.start(table)
    dealt = [str(p) for p in f.state.hands[HandId(hand)].players]
    loser = next(p for p in dealt if f.state.players[PlayerId(p)].name not in keep)
    winner = next(p for p in dealt if p != loser)
    total = sum(f.state.players[PlayerId(p)].chips for p in (loser, winner))
    f.finish(hand, {loser: 0, winner: total})


def _log(f: Floor, name: str) -> Log:
    return (TournamentCreated(at=T0, name=name, rules=f.rules), *f.log)


@cache
def thc_night() -> tuple[Log, TournamentState]:
    """A THC charity night to the closed books: 19 registered (one withdraws), re-buys (one
    declared), add-ons, penalties, a clock call, a pocketed-chips forfeit (one reversed), hand
    and button corrections, balancing, hand-for-hand, a broken table, a recorded bust, the
    colour-up race, a table recount, a cancelled deal and an approved one with money left to
    play for, the winner, every prize paid and the under-age player's forfeited."""
    f = Floor("thc", seed=11)
    for i, name in enumerate(NAMES):
        dob = "2006-03-01" if name == YOUNG else "1980-05-17"
        f.do(c.RegisterPlayer(player_id=PlayerId(f"p{i:02d}"), name=name, details=thc_details(dob)))
    f.do(c.WithdrawPlayer(player_id=PlayerId("p18")))
    f.do(c.EditRegistration(player_id=PlayerId("p01"), details=thc_details("1979-04-02")))
    f.do(c.StartTournament(), at=f.minutes(0))
    one = [str(p) for p in f.state.tables[TableNo(1)].players()]
    two = [str(p) for p in f.state.tables[TableNo(2)].players()]
    hand = f.start(1)
    f.finish(hand, {one[0]: 5_700, one[1]: 26_300})
    f.do(c.Rebuy(player_id=PlayerId(one[0])), at=f.minutes(10))
    f.do(c.GivePenalty(player_id=PlayerId(one[2]), reason="abusive language"))
    f.do(c.GivePenalty(player_id=PlayerId(one[2]), reason="abusive language again"))
    f.do(c.MutePlayer(player_id=PlayerId(one[2])))  # issue 31: their table chat
    f.do(c.UnmutePlayer(player_id=PlayerId(one[2])))
    hand = f.start(1)
    f.do(c.CallClock(table=1, player_id=PlayerId(one[3]), called_by=PlayerId(one[1])))
    f.do(c.ExpireClock(table=1, facing_bet=True), at=f.minutes(12))
    f.finish(hand, {one[3]: 15_000, one[1]: 27_300})
    f.do(c.PauseClock(), at=f.minutes(30))
    f.do(c.AdjustClock(seconds=90))
    f.do(c.ResumeClock(), at=f.minutes(35))
    f.do(c.MarkAbsent(player_id=PlayerId(two[4])), at=f.minutes(40))
    f.do(c.MarkReturned(player_id=PlayerId(two[4])), at=f.minutes(45))
    f.bust(1, [one[4]], one[5])
    f.do(c.Rebuy(player_id=PlayerId(one[4])), at=f.minutes(50))  # back in (THC 1)
    _seat_changes(f)
    hand = f.start(2)
    f.finish(hand, {two[0]: 1_000, two[1]: 31_000})
    f.do(
        c.CorrectHand(hand_id=HandId(hand), stacks=(_chips(two[0], 2_000), _chips(two[1], 30_000)))
    )
    f.do(c.DeclareRebuy(player_id=PlayerId(two[0])), at=f.minutes(60))
    hand = f.start(2)
    f.finish(hand, {two[0]: 18_000, two[2]: 8_000})  # the declared re-buy played behind
    f.do(c.CorrectButton(table=TableNo(2), seat=SeatNo(1)))
    pocketed = RemovalReason.POCKETED
    f.do(
        c.RemoveChips(player_id=PlayerId(two[3]), reason=pocketed, chips=1_000, note="jacket"),
        at=f.minutes(70),
    )
    f.do(
        c.OverrideRuling(ruling="chips_removed", player_id=PlayerId(two[3]), reason="on the floor")
    )
    f.do(
        c.RemoveChips(player_id=PlayerId(two[5]), reason=pocketed, chips=500, note="pocket"),
        at=f.minutes(75),
    )
    f.do(c.Tick(), at=f.minutes(128))  # the break after level 6: the add-on (THC 1)
    for pid in list(f.state.remaining_players())[:5]:
        f.do(c.AddOn(player_id=pid), at=f.minutes(130))
    f.do(c.Tick(), at=f.minutes(150))
    keep = {YOUNG, "Ann Lee", "Bo Chen"}
    _bust_one(f, keep, 1)
    _bust_one(f, keep, 1)  # table 1 is now short: a player moves to it (TDA 11A)
    while f.state.players_left > 12:
        _bust_one(f, keep)
    _seat_changes(f)
    f.do(c.StartHandForHand())
    for table in sorted(f.state.tables):
        _bust_one(f, keep, table)
    f.do(c.EndHandForHand())
    while len(f.state.tables) > 1:
        _bust_one(f, keep)
    _seat_changes(f)
    (table,) = f.state.tables
    others = [p for p in f.state.tables[table].players() if f.state.players[p].name not in keep]
    f.do(c.RecordBust(table=table, busted=(others[0],), eliminated_by=others[1]))
    ann, bo = PlayerId("p00"), PlayerId("p01")
    hand = f.start(table)  # odd hundreds for the colour-up of the 100s
    stacks = {str(p): f.state.players[p].chips for p in (ann, bo)}
    f.finish(hand, {"p00": stacks["p00"] + 300, "p01": stacks["p01"] - 300})
    f.do(c.Tick(), at=f.minutes(263))  # the break after level 12
    seats = f.state.tables[table].seats
    f.do(
        c.RaceColourUp(
            table=table,
            seats=tuple(c.SeatedPlayer(seat=s, player_id=p) for s, p in sorted(seats.items())),
        )
    )
    f.do(c.Tick(), at=f.minutes(275))
    while f.state.players_left > 4:
        _bust_one(f, keep)
    seated = f.state.tables[table]
    counted = [_chips(p, f.state.players[p].chips) for p in seated.players()]
    counted[0] = _chips(counted[0].player_id, counted[0].chips - 1_000)
    counted[1] = _chips(counted[1].player_id, counted[1].chips + 1_000)
    f.do(c.ResyncTable(table=table, stacks=tuple(counted), button=min(seated.seats)))
    _bust_one(f, {"Ann Lee", "Bo Chen"})  # Sue Tan out 4th, in the money
    left = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="d1", players=left, method=ChopMethod.ICM))
    f.do(c.CancelDeal(deal_id="d1"))
    f.do(
        c.ProposeDeal(deal_id="d2", players=left, method=ChopMethod.CHIP, left_to_play_cents=10_000)
    )
    for pid in left:
        f.do(c.ConsentToDeal(deal_id="d2", player_id=pid))
    f.do(c.ApproveDeal(deal_id="d2"))
    _bust_one(f, {"Ann Lee", "Bo Chen"})
    _bust_one(f, {"Ann Lee"})
    for award in awards(f.state):
        if award.due_cents > 0:
            f.do(c.PayPrize(player_id=award.player_id), at=f.minutes(400))
    f.do(c.CloseBooks())
    return _log(f, "Friday charity"), f.state


@cache
def slpt_night() -> tuple[Log, TournamentState]:
    """An SLPT night: 20 seated, a late registrant opens a third table (and draws its first
    button), balancing fills it, and a side game (SLPT 29) with an alternate sends its winner
    into the main event."""
    f = Floor("slpt", seed=3)
    for i in range(20):
        f.do(c.RegisterPlayer(player_id=PlayerId(f"s{i:02d}"), name=f"Player {chr(65 + i)}"))
    f.do(c.StartTournament())
    f.do(c.RegisterPlayer(player_id=PlayerId("late"), name="Late Larry"), at=f.minutes(25))
    _seat_changes(f)
    f.quiet_hand(3)
    names = ("Sam Side", "Tia Side", "Uma Side", "Vic Side")
    f.do(c.RegisterSideGame(side_game_id="sg1", players=names))
    f.do(
        c.RecordSideGameChips(
            side_game_id="sg1",
            stacks=tuple(SideGameStack(name=n, chips=5_000) for n in names),
            hands_played=2,
        )
    )
    f.do(
        c.SeatSideGameAlternate(
            side_game_id="sg1", name="Wes Alt", starting_stack=5_000, blinds_passed=300
        )
    )
    f.do(c.RecordSideGameWinner(side_game_id="sg1", winner="Tia Side"))
    f.do(c.EnterFromSideGame(player_id=PlayerId("tia"), name="Tia Side", side_game_id="sg1"))
    return _log(f, "Saturday league"), f.state


@cache
def ky_night() -> tuple[Log, TournamentState]:
    """A KY charity night: four out at once (shared places), the final-table redraw (KY 8b),
    an unfinished side game's option declined then taken (SLPT 29.2), the six-hour limit and
    its forced chip chop (KY 11), every share paid."""
    f = Floor("ky-charity", seed=30)
    for i in range(14):
        f.do(c.RegisterPlayer(player_id=PlayerId(f"k{i:02d}"), name=f"Kentucky {chr(65 + i)}"))
    lobby = (ClubPlayerId("cplobbyann"), ClubPlayerId("cplobbybob"))  # issue 31: the lobby
    f.do(c.RequestSeat(club_player_id=lobby[0], name="Lobby Ann"))
    f.do(c.RequestSeat(club_player_id=lobby[1], name="Lobby Bob"))
    f.do(c.ApproveSeatRequest(request_id="r1", paid=False))
    f.do(c.DeclineSeatRequest(request_id="r2", reason="members only tonight"))
    f.do(c.WithdrawSeatRequest(request_id="r1", club_player_id=lobby[0]))
    f.do(c.StartTournament())
    f.do(c.RegisterSideGame(side_game_id="sg", players=("Ann Side", "Bob Side", "Cy Side")))
    f.do(
        c.RecordSideGameChips(
            side_game_id="sg",
            stacks=(
                SideGameStack(name="Ann Side", chips=2_000),
                SideGameStack(name="Bob Side", chips=3_000),
                SideGameStack(name="Cy Side", chips=2_500),
            ),
            hands_played=3,
        )
    )
    f.bust_dealt(2, 4)
    f.do(c.ConfirmSeatChange())  # the final table is redrawn
    f.do(c.DeclineSideGameOption(side_game_id="sg", name="Bob Side"))
    for _ in range(10):
        f.quiet_hand(1)
    f.bust_dealt(1)
    f.do(
        c.EnterFromSideGame(
            player_id=PlayerId("cy"), name="Cy Side", killed_side_stack=True, side_game_id="sg"
        )
    )
    f.do(c.Tick(), at=f.minutes(361))
    left = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="ky11", players=left, method=ChopMethod.CHIP))
    counted = [
        PlayerChips(player_id=pid, chips=f.state.players[pid].chips)
        for pid in f.state.tables[TableNo(1)].players()
    ]
    counted[0] = PlayerChips(player_id=counted[0].player_id, chips=counted[0].chips + 100)
    f.do(c.CountChips(table=1, stacks=tuple(counted), counted_by="the floor"))  # deal revised
    f.do(c.ApproveDeal(deal_id="ky11"))
    for award in awards(f.state):
        if award.due_cents > 0:
            f.do(c.PayPrize(player_id=award.player_id))
    return _log(f, "Charity night"), f.state


@cache
def dealer_night() -> tuple[Log, TournamentState]:
    """A TDA night of five at one table whose two hands a dealer records: a misdeal called
    before any action (TDA 35B), an oversized chip (a call, TDA 44) the director overrides to
    the raise said first (TDA 1), an out-of-turn fold held and binding at its turn (TDA 53A),
    "check" facing a bet and the player's choice to call (TDA 55), the board street by street,
    a 50% raise completed (TDA 43A), a showdown (cards speak); then a card exposed late in the
    deal replaced (TDA 35A, KY 19), a dead hand (THC 36) and a main pot split by the dealer's
    award."""
    f = Floor("tda", seed=5)
    for i, name in enumerate(("Dee Ash", "Eli Birch", "Fay Cole", "Gil Dunn", "Hope Ely")):
        f.do(c.RegisterPlayer(player_id=PlayerId(f"d{i:02d}"), name=name))
    f.do(c.StartTournament())

    def deal() -> tuple[SeatNo, ...]:
        """A hand at table 1: its seats from the small blind round to the button."""
        hand = f.start(1)
        return tuple(SeatNo(s.seat) for s in recorded_hand(f.state, HandId(hand)).setup.seats)

    def put(seat: int, **said: Any) -> list[Event]:
        return f.do(c.RecordDealerInput(table=1, seat=seat, **said))

    def checked(boards: tuple[str, ...], *seats: int) -> None:
        """Each board entered, then checked through by ``seats``."""
        for board in boards:
            f.do(c.RecordBoard(table=1, cards=board))
            for seat in seats:
                put(seat, declaration=Declaration.CHECK)

    turn_and_river = ("Ah Kd 7c 2s", "Ah Kd 7c 2s 9h")

    small, big, first, second, button = deal()
    f.do(c.RecordMisdeal(table=1))
    put(first, chips=1_000, single_chip=True)
    f.do(
        c.OverrideTableRuling(
            table=1, reason="raise was said first", action=ActionKind.RAISE, amount=1_000
        )
    )
    put(button, declaration=Declaration.FOLD)  # out of turn: held
    put(second, declaration=Declaration.CALL)
    put(small, declaration=Declaration.FOLD)
    (facing,) = put(big, declaration=Declaration.CHECK)  # "check" facing a bet
    options = getattr(facing, "options", ())
    call = next(i for i, o in enumerate(options) if o.effects[-1].action is ActionKind.CALL)
    f.do(c.RecordChoice(table=1, option=call))
    f.do(c.RecordBoard(table=1, cards="Ah Kd 7c"))
    put(big, declaration=Declaration.BET, amount=2_000)
    put(first, chips=3_000)  # half a raise: completed
    put(second, declaration=Declaration.FOLD)
    put(big, declaration=Declaration.CALL)
    checked(turn_and_river, big, first)
    f.do(
        c.RecordShowdown(
            table=1,
            shown=(ShownHand(seat=big, cards="As Qd"), ShownHand(seat=first, cards="Kc Kh")),
        )
    )
    small, big, first, second, button = deal()
    f.do(c.RecordMisdeal(table=1, exposed=(7,)))  # a later card: replaced (TDA 35A, KY 19)
    f.do(c.ConfirmReplacementCard(table=1))
    put(first, declaration=Declaration.RAISE, amount=600)
    put(second, declaration=Declaration.CALL)
    f.do(c.KillHand(table=1, seat=first, cause=DeadHandCause.TOUCHED_OTHER_CARDS))
    put(button, declaration=Declaration.FOLD)
    put(small, declaration=Declaration.FOLD)
    put(big, chips=400)
    checked(("Ah Kd 7c", *turn_and_river), big, second)
    f.do(c.AwardPots(table=1, winners=((big, second),)))
    return _log(f, "Dealt live"), f.state


@cache
def pko_night() -> tuple[Log, TournamentState]:
    """A bar-league progressive knockout (pko.toml, its re-entries forfeiting the bounty money
    won, issue 29): bounties collected on a typed hand and a recorded bust-out, a removal's
    bounty to the house and back on the reinstatement, a re-entry's forfeit, the winner's own
    bounty."""
    base = RuleSet.from_preset("pko")
    bounty = dataclasses.replace(base.tournament.bounty, rebuy_forfeits_bounties=True)
    f = Floor(
        dataclasses.replace(base, tournament=dataclasses.replace(base.tournament, bounty=bounty))
    )
    for i, name in enumerate(NAMES[:5]):
        f.do(c.RegisterPlayer(player_id=PlayerId(f"k{i:02d}"), name=name))
    f.do(c.StartTournament(), at=f.minutes(0))
    ann, bo, cy, di, ed = (PlayerId(f"k{i:02d}") for i in range(5))
    hand = f.start(1)
    f.finish(hand, {ann: 0, bo: 40_000})  # Bo Chen takes Ann Lee's bounty
    f.do(c.RecordBust(table=1, busted=(cy,), eliminated_by=bo, shared_with=(di,)))
    f.do(c.RemoveChips(player_id=ed, reason=RemovalReason.POCKETED), at=f.minutes(5))
    f.do(c.OverrideRuling(ruling="chips_removed", player_id=ed, reason="found on the floor"))
    hand = f.start(1)
    f.finish(hand, {bo: 0, ed: f.state.players[bo].chips + f.state.players[ed].chips})
    f.do(c.ReEnter(player_id=bo, new_player_id=PlayerId("k05")), at=f.minutes(10))
    f.do(c.Tick(), at=f.minutes(100))  # late registration closed
    while f.state.players_left > 1:
        _bust_one(f, {"Ed Fox"})
    return _log(f, "Thursday PKO"), f.state


def satellite_night() -> tuple[Log, TournamentState]:
    """A satellite of seven to one seat (issue 29): its target named, players out one hand at a
    time to the seat, the bubble paid the $82.50 left over."""
    f = Floor(satellite_rules(), seed=3)
    names = ("Sam Ash", "Tia Bell", "Uma Cho", "Vic Dorn", "Wes Eng", "Xia Fu", "Yul Gee")
    for i, name in enumerate(names):
        f.do(c.RegisterPlayer(player_id=PlayerId(f"s{i:02d}"), name=name))
    f.do(c.StartTournament())
    f.do(c.LinkSatellite(target="main", target_name="Main Event"))
    play_to_the_end(f)
    bubble = next(a for a in awards(f.state) if a.due_cents)
    f.do(c.PayPrize(player_id=bubble.player_id))
    return _log(f, "Monday Satellite"), f.state


NIGHTS = {
    "thc": thc_night,
    "slpt": slpt_night,
    "ky": ky_night,
    "dealer": dealer_night,
    "flight": flight_night,  # issue 29: a flight bagged, and its Day 2
    "day_two": day_two_night,
    "pko": pko_night,
    "satellite": satellite_night,
}


def _named_players(event: Event) -> set[str]:
    """The players an event is about: its ``player_id``, ``called_by``, ``eliminated_by`` and
    ``players`` fields, at any depth; stacks and seat draws only where the line lists them."""
    found: set[str] = set()
    quiet = () if isinstance(event, HandFinished) else ("stacks", "before", "seats")

    def walk(value: Any, key: str, path: tuple[str, ...]) -> None:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name), f.name, (*path, f.name))
        elif isinstance(value, tuple):
            for item in value:
                walk(item, key, path)
        elif isinstance(value, str) and key in {"player_id", "called_by", "eliminated_by"}:
            if not set(path) & set(quiet):
                found.add(value)
        elif isinstance(value, str) and key == "players":
            found.add(value)

    if not isinstance(event, TournamentCreated):
        walk(event, "", ())
    return found


# --- every event has its words ------------------------------------------------------------------


def test_every_event_type_has_a_description_of_its_own() -> None:
    assert set(DESCRIPTIONS) == set(EVENT_CLASSES.values())
    assert len(set(DESCRIPTIONS.values())) == len(DESCRIPTIONS)  # no shared fallback


def test_each_event_s_line_is_written_next_to_the_event_in_its_feature_module() -> None:
    """Issue 27: an event and its log line live in one feature module, so a new event cannot
    be added without its words, and a feature is read whole in one place."""
    apart = sorted(
        f"{cls.__name__} ({cls.__module__}): {DESCRIPTIONS[cls].__module__}"
        for cls in EVENT_CLASSES.values()
        if DESCRIPTIONS[cls].__module__ != cls.__module__
    )
    assert apart == []


def test_the_nights_between_them_narrate_every_event_type() -> None:
    seen = {event.type for night in NIGHTS.values() for event in night()[0]}
    assert seen == set(EVENT_CLASSES)


@pytest.mark.parametrize("night", sorted(NIGHTS))
def test_every_line_of_a_night_names_its_players_and_keeps_their_details_private(
    night: str,
) -> None:
    log, final = NIGHTS[night]()
    state = TournamentState.new()
    for event, line in narrate(log):
        assert line, event
        assert "\n" not in line, line
        for pid in _named_players(event):
            player = state.players.get(PlayerId(pid)) or final.players.get(PlayerId(pid))
            name = pid if player is None else player.name
            assert name in line, (event, line)
        assert not BARE_ID.search(line), line  # a name, never the bare id
        assert not any(detail in line for detail in PRIVATE), line  # THC 1
        state = fold(state, [event])
    assert state == replay_log(log)


def test_narrate_folds_as_it_goes_so_each_line_reads_the_state_before_its_event() -> None:
    log, _ = thc_night()
    lines = [line for _, line in narrate(log)]
    state = TournamentState.new()
    for event, line in zip(log, lines, strict=True):
        assert describe(event, state) == line
        state = fold(state, [event])


def test_narrate_picks_up_from_a_snapshot() -> None:
    log, _ = thc_night()
    snapshot = replay_log(log[:40])
    tail = list(narrate(log[40:], state=snapshot))
    whole = list(narrate(log))
    assert tail == whole[40:]


def test_a_log_must_start_with_tournament_created() -> None:
    log, _ = thc_night()
    with pytest.raises(TournamentError) as err:
        list(narrate(log[1:]))
    assert err.value.code == "no_tournament_created"
    with pytest.raises(TournamentError):
        list(narrate([]))


# --- the lines a director reads -------------------------------------------------------------


def _lines(night: str, kind: type[Event]) -> list[str]:
    log, _ = NIGHTS[night]()
    return [line for event, line in narrate(log) if isinstance(event, kind)]


def _by_type(night: str) -> dict[str, list[str]]:
    log, _ = NIGHTS[night]()
    by_type: dict[str, list[str]] = {}
    for event, line in narrate(log):
        by_type.setdefault(event.type, []).append(line)
    return by_type


def _thc() -> TournamentState:
    return TournamentState.new(RuleSet.from_preset("thc"))


def test_a_registration_shows_what_was_paid_buy_in_and_fee() -> None:
    event = PlayerRegistered(
        at=T0,
        player_id=PlayerId("p01"),
        name="Ann Lee",
        details_given=details_given(thc_details()),
        buy_in_cents=10_000,
        fee_cents=1_000,
        chips=16_000,
    )
    assert describe(event, _thc()) == (
        "Ann Lee registered (paid $110.00: $100.00 buy-in, $10.00 fee; 16,000 chips)"
    )
    free = dataclasses.replace(event, fee_cents=0, late=True)
    assert describe(free, _thc()) == "Ann Lee registered late (paid $100.00 buy-in; 16,000 chips)"


def test_the_seat_draw_counts_tables_and_players() -> None:
    (line,) = _lines("thc", SeatsDrawn)
    assert line == "Seats drawn: 2 tables, 18 players; buttons table 1 seat 1, table 2 seat 1"
    assert _lines("ky", SeatsDrawn)[1].startswith("Final table drawn: 10 players; button seat")


def test_a_finished_hand_lists_the_stacks_biggest_first() -> None:
    line = _lines("thc", HandFinished)[0]
    assert line == "Hand h1 at table 1 finished: Ed Fox 26,300, Flo Gray 5,700"


def test_a_bust_out_gives_the_finishing_place_and_any_prize() -> None:
    lines = _lines("thc", PlayersBusted)
    assert lines[0] == (
        "Mo Nash busted in 18th place, knocked out by Lu Mays (hand h3, table 1); "
        "re-buys are still open"
    )
    assert "Sue Tan busted in 4th place, prize $250.00, knocked out by" in " ".join(lines)
    # RP-8A: out on the same hand-for-hand hand at another table, the places are shared
    assert any(
        "busted tied for 11th-12th place" in line and "hand-for-hand" in line for line in lines
    )
    # KY: four equal stacks out on one hand share 11th-14th and are named together
    (together,) = [line for line in _lines("ky", PlayersBusted) if "11th-14th" in line]
    assert together.startswith(
        "Kentucky D, Kentucky E, Kentucky I and Kentucky J busted tied for 11th-14th place"
    )


def test_a_level_gives_its_blinds_and_ante() -> None:
    state = TournamentState.new(RuleSet.from_preset("ky-charity"))
    event = LevelStarted(at=T0, level=6, period=6, remaining_ms=20 * 60_000)
    assert describe(event, state) == "Level 6 started: blinds 500/1,000, ante 50 (20 min)"
    level_7 = _lines("thc", LevelStarted)[6]
    assert level_7 == "Level 7 started: blinds 800/1,600, big blind ante 1,600 (20 min)"


def test_a_move_says_from_where_to_where_and_why() -> None:
    (line,) = _lines("thc", PlayerMoved)
    assert re.fullmatch(
        r"[A-Z][a-z]+ [A-Z][a-z]+ moved from table 2 seat \d+ to table 1 seat \d+ \(balancing\)",
        line,
    )
    state = _thc()._replace(players=thc_night()[1].players)
    move = Move(
        player_id=PlayerId("p01"),
        from_table=TableNo(3),
        from_seat=SeatNo(2),
        to_table=TableNo(1),
        to_seat=SeatNo(7),
        reason=MoveReason.BALANCE,
    )
    assert describe(PlayerMoved(at=T0, move=move), state) == (
        "Bo Chen moved from table 3 seat 2 to table 1 seat 7 (balancing)"
    )


def test_a_corrected_button_cites_tda_34a() -> None:
    (line,) = _lines("thc", ButtonCorrected)
    assert line == "Button at table 2 corrected from seat 2 to seat 1 (TDA 34A)"
    event = ButtonCorrected(at=T0, table=TableNo(2), seat=SeatNo(3), was=SeatNo(5))
    assert describe(event, _thc()) == "Button at table 2 corrected from seat 5 to seat 3 (TDA 34A)"


def test_money_lines_of_the_thc_night() -> None:
    by_type = _by_type("thc")
    assert by_type["player_withdrew"] == ["Tom Umar withdrew before the start: no refund"]
    assert by_type["rebuy_bought"][0] == "Flo Gray re-bought (re-buy 1: paid $50.00; 8,000 chips)"
    assert by_type["rebuy_bought"][-1].startswith("Pat Quinn made the declared re-buy")
    assert by_type["add_on_bought"][0] == "Ann Lee bought the add-on (paid $100.00; 16,000 chips)"
    assert by_type["prize_forfeited"] == [
        "Sue Tan's prize of $250.00 (4th place) forfeited: under 21 when registered; the prize "
        "goes back to the house (THC add. 15)"
    ]
    assert by_type["tournament_won"][0].startswith("Ann Lee won the tournament, prize $")
    assert by_type["books_closed"] == [
        "Books closed: $2,740.00 taken in, $0.00 refunded, $1,535.00 paid in prizes, $250.00 "
        "forfeited, house share $955.00"
    ]


def test_conduct_clock_and_corrections_read_as_the_floor_says_them() -> None:
    by_type = _by_type("thc")
    assert by_type["penalty_given"] == [
        "Gus Hahn warned (offence 1, THC 25): abusive language",
        "Gus Hahn penalised 10 minutes away from the table (offence 2, THC 25): abusive "
        "language again",
    ]
    assert by_type["clock_called"] == [
        "Clock called on Bo Chen at table 1 by Ed Fox: 1 min 10 s to act (TDA 29)"
    ]
    assert by_type["clock_expired"] == [
        "Time ran out on Bo Chen at table 1: Bo Chen's hand is dead (TDA 29)"
    ]
    assert by_type["clock_paused"] == ["Clock paused: Level 2, 10 min left"]
    assert by_type["clock_adjusted"] == [
        "Clock adjusted: 1 min 30 s added to Level 2 (11 min 30 s left)"
    ]
    assert by_type["player_returned"] == ["Ned Orr is back at the table after 5 min away"]
    assert by_type["chips_removed"][0] == (
        "1,000 of Jo King's chips removed from play: chips out of view (THC 19, TDA 25A) (jacket)"
    )
    assert by_type["ruling_overridden"] == [
        "Director reversed the removal of chips from play for Jo King (TDA 1): on the floor; "
        "1,000 chips restored"
    ]
    assert by_type["hand_corrected"] == [
        "Hand h4 at table 2 corrected: Pat Quinn 1,000 -> 2,000, Cy Diaz 31,000 -> 30,000"
    ]
    assert by_type["bust_recorded"] == [
        "Mo Nash busted at table 2, eliminated by Jo King (24,000 chips to Jo King)"
    ]
    assert by_type["table_resized"][0] == "Table 1 went from 11 to 10 seats (THC 5)"


def test_side_games_and_the_time_limit() -> None:
    slpt, ky = _by_type("slpt"), _by_type("ky")
    assert slpt["side_game_alternate_seated"] == [
        "Wes Alt seated as side game sg1's alternate: 5,000 chips less 300 in blinds passed, "
        "4,700 (SLPT 29.6)"
    ]
    assert slpt["side_game_entered"] == [
        "Tia Side entered the main event from side game sg1 with 5,000 chips (SLPT 29)"
    ]
    assert ky["side_game_entered"][0].endswith(", killing the side-game stack (SLPT 29.2.1)")
    assert ky["time_limit_reached"] == [
        "Legal time limit of 6 h reached (KY 11): play stops and the remaining prizes are "
        "divided (chip chop)"
    ]
    assert ky["deal_proposed"][0].startswith("Deal ky11 proposed (chip chop, forced by the time")
    assert ky["deal_approved"][0].endswith("; play is over")


def test_a_hand_recorded_by_the_dealer_reads_with_names_chips_and_rules() -> None:
    by_type = _by_type("dealer")
    hand = "Hand h1 at table 1: "
    assert by_type["misdeal_recorded"] == [
        f"{hand}the dealer calls a misdeal before substantial action (TDA 35B): redeal with the "
        "button and blinds where they were (TDA 35, TDA 35C)",
        "Hand h2 at table 1: the 7th card of the deal exposed: a card exposed after the first "
        "two: no misdeal; finish the deal, replace each with the next card; the exposed card "
        "becomes the burn card (TDA 35A)",
    ]
    assert by_type["replacement_card_dealt"] == [
        "Hand h2 at table 1: the deal complete, a new card to Hope Ely (seat 5) for the 7th card "
        "of the deal; the exposed card is the burn card (TDA 35A)"
    ]
    inputs = by_type["dealer_input_recorded"]
    assert inputs[0] == (
        f"{hand}Hope Ely (seat 5) put in 1,000 in one chip: a single oversized chip with no "
        "declaration is a call of 200 (TDA 44); 800 back to Hope Ely"
    )
    assert by_type["table_ruling_overridden"] == [
        f"{hand}the director overrides the ruling on Hope Ely's action (TDA 1): raise was said "
        "first; ruled instead: raise to 1,000"
    ]
    assert inputs[1] == (
        f"{hand}Eli Birch (seat 2) said fold: Eli Birch (seat 2) acted out of turn: back to Dee "
        "Ash (seat 1); Eli Birch's action binds if nobody bets or raises before its turn (TDA "
        "53A); infraction: acting out of turn, the director may give a penalty (TDA 1)"
    )
    assert by_type["held_declaration_ruled"] == [
        f"{hand}Eli Birch (seat 2) at their turn: out of turn, the action unchanged, binding: "
        "fold (TDA 53A, TDA 40)"
    ]
    assert by_type["choice_recorded"] == [f"{hand}Fay Cole (seat 4) chose call 800 (TDA 55)"]
    assert f"{hand}Hope Ely (seat 5) put in 3,000: 50% rule: 3,000 into a 2,000 bet" in " ".join(
        inputs
    )
    assert by_type["board_recorded"][0] == f"{hand}the board is Ah Kd 7c (the flop)"
    assert by_type["showdown_recorded"] == [
        f"{hand}Fay Cole (seat 4) shows As Qd; Hope Ely (seat 5) shows Kc Kh (cards speak: "
        "KY 15, THC 49)"
    ]
    assert by_type["dead_hand_ruled"] == [
        "Hand h2 at table 1: a dead hand called on Dee Ash (seat 1): Dee Ash's hand is dead "
        "(touched other cards); no redress for chips called (TDA 15B)"
    ]
    assert by_type["pots_awarded_at_table"] == [
        "Hand h2 at table 1: the dealer awards the main pot of 1,900, split between Hope Ely "
        "(seat 5) and Eli Birch (seat 2) (TDA 21)"
    ]


def test_a_deal_warning_names_the_player_not_the_id() -> None:
    (proposed,) = [line for line in _lines("thc", Event) if line.startswith("Deal d2 proposed")]
    assert "warning: Ann Lee would get" in proposed


def test_the_words_for_places_and_times() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]  # fmt: skip
    assert [duration(ms) for ms in (0, 45_000, 90_000, 1_200_000, 4_500_000, 21_600_000)] == [
        "0 s", "45 s", "1 min 30 s", "20 min", "1 h 15 min", "6 h",
    ]  # fmt: skip

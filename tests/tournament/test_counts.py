"""Chip counts at tables dealt by a person (issue 24; KY 11, TDA 24, KY 2).

A KY charity night where nobody records hands: pitboss's stacks move only by bust-outs, so a
count is the truth. Every test checks that chips are conserved with the counts' differences
(chips issued - chips removed + chips found = chips in play) and that a refused count changes
nothing."""

from __future__ import annotations

import pytest

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId, TableNo
from pitboss.rules.tournament import ChopMethod
from pitboss.tournament import commands as c
from pitboss.tournament.features.busts import ChipsRemoved
from pitboss.tournament.features.colour_up import ColourUpRecorded
from pitboss.tournament.features.counts import ChipsCounted
from pitboss.tournament.features.deals import DealRevised
from pitboss.tournament.features.registration import AddOnBought, PlayerRegistered, RebuyBought
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.reading.narration import describe
from pitboss.tournament.reading.views import standings_view
from pitboss.tournament.state import Phase, replay

from .floor_helpers import Floor


def _conserved(f: Floor) -> None:
    """Chips in play = chips issued - chips removed + what the counts found (net)."""
    made = 0
    for e in f.log:
        if isinstance(e, PlayerRegistered | RebuyBought | AddOnBought):
            made += e.chips
        elif isinstance(e, ChipsRemoved):
            made -= e.chips
        elif isinstance(e, ColourUpRecorded):
            made += e.chips_added - e.chips_removed + e.difference
        elif isinstance(e, ChipsCounted):
            made += e.difference
    assert f.state.chips_in_play() == made
    assert (
        sum(e.difference for e in f.log if isinstance(e, ChipsCounted))
        + sum(e.difference for e in f.log if isinstance(e, ColourUpRecorded))
        == f.state.chips_found
    )
    assert replay(f.rules, f.log) == f.state


def _ky_night(players: int = 14) -> Floor:
    """A KY night of ``players`` (two tables from 11, KY 3's ten a table), nobody recording
    hands."""
    f = Floor("ky-charity", seed=11)
    f.seat(players)
    assert len(f.state.tables) == (2 if players > 10 else 1)
    return f


def _count(f: Floor, table: int, **changed: int) -> tuple[PlayerChips, ...]:
    """Table ``table``'s stacks as pitboss has them, with ``changed`` players' counts."""
    players = f.state.tables[TableNo(table)].players()
    return tuple(
        PlayerChips(player_id=p, chips=changed.get(p, f.state.players[p].chips)) for p in players
    )


def _refused(f: Floor, command: c.Command, code: str) -> PitbossError:
    before = f.state
    with pytest.raises(PitbossError) as info:
        f.do(command)
    assert info.value.code == code, info.value
    assert f.state == before
    return info.value


def test_a_count_becomes_the_stacks_and_records_chips_found_and_missing() -> None:
    f = _ky_night()
    one, two = (f.state.tables[TableNo(t)].players() for t in (1, 2))
    f.do(c.CountChips(table=1, stacks=_count(f, 1, **{one[0]: 9_250, one[1]: 1_000})))
    f.do(c.CountChips(table=2, stacks=_count(f, 2, **{two[0]: 3_900}), counted_by="Dee (dealer)"))
    assert f.state.players[one[0]].chips == 9_250
    assert f.state.counts[TableNo(1)].difference == 5_250 - 3_000  # +5,250 and -3,000
    assert f.state.counts[TableNo(2)].difference == -100
    assert f.state.counts[TableNo(2)].counted_by == "Dee (dealer)"
    assert f.state.chips_found == 2_150
    *_, found, missing = f.log
    before = replay(f.rules, f.log[:-2])
    line = describe(found, before)
    assert line.startswith("Table 1 counted by the director:")
    assert "2,250 chips found" in line
    assert f"{before.players[one[0]].name} 4,000 -> 9,250" in line
    assert "100 chips missing" in describe(missing, replay(f.rules, f.log[:-1]))
    standings = standings_view(f.state, f.now)
    assert standings.chips_in_play == 14 * 4_000 + 2_150
    assert standings.average_stack == (14 * 4_000 + 2_150) // 14
    leader = max(f.state.remaining_players(), key=lambda p: f.state.players[p].chips)
    assert leader == one[0]  # the chip leader by the count
    _conserved(f)


def test_a_count_is_refused_for_a_player_out_or_more_players_than_are_seated() -> None:
    f = _ky_night()
    one, two = (f.state.tables[TableNo(t)].players() for t in (1, 2))
    f.do(c.RecordBust(table=1, busted=(one[0],), eliminated_by=one[1]))
    with_out = (PlayerChips(player_id=one[0], chips=100), *_count(f, 1))
    error = _refused(f, c.CountChips(table=1, stacks=with_out), "counted_player_out")
    assert f.state.players[one[0]].name in error.message
    assert one[0] not in error.message  # names, not ids
    stranger = (*_count(f, 1), PlayerChips(player_id=two[0], chips=4_000))
    error = _refused(f, c.CountChips(table=1, stacks=stranger), "not_at_table")
    assert "sits at table 2" in error.message
    _refused(f, c.CountChips(table=1, stacks=_count(f, 1)[1:]), "count_incomplete")
    twice = (*_count(f, 1), _count(f, 1)[0])
    _refused(f, c.CountChips(table=1, stacks=twice), "bad_players")
    ghost = (*_count(f, 1), PlayerChips(player_id=PlayerId("nobody"), chips=5))
    _refused(f, c.CountChips(table=1, stacks=ghost), "unknown_player")
    broke = _count(f, 1, **{one[1]: 0})
    _refused(f, c.CountChips(table=1, stacks=broke), "counted_no_chips")
    _refused(f, c.CountChips(table=9, stacks=_count(f, 1)), "unknown_table")
    hand = f.start(1)
    _refused(f, c.CountChips(table=1, stacks=_count(f, 1)), "hand_in_play")
    del hand
    _conserved(f)


def test_a_count_before_the_start_is_refused() -> None:
    f = Floor("ky-charity")
    f.register("ann", "bo")
    stacks = (PlayerChips(player_id=PlayerId("ann"), chips=4_000),)
    _refused(f, c.CountChips(table=1, stacks=stacks), "not_running")


def _to_the_limit(f: Floor) -> None:
    """Play to KY 11's six hours: play stops and the forced chop is due."""
    f.do(c.Tick(), at=f.minutes(6 * 60 + 1))
    assert f.state.phase is Phase.STOPPED


def test_ky_11_forced_chop_waits_for_every_table_counted_after_the_limit() -> None:
    f = _ky_night()
    one, two = (f.state.tables[TableNo(t)].players() for t in (1, 2))
    f.do(c.CountChips(table=2, stacks=_count(f, 2)))  # before the limit: stale at the chop
    _to_the_limit(f)
    left = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="ky11", players=left, method=ChopMethod.CHIP))
    error = _refused(f, c.ApproveDeal(deal_id="ky11"), "deal_needs_count")
    assert error.params["tables"] == [1, 2]
    assert "count tables 1, 2" in error.message
    # the count is what happens at the limit: accepted while play is stopped (KY 11)
    f.do(c.CountChips(table=1, stacks=_count(f, 1, **{one[0]: 30_000, one[1]: 1_000})))
    revised = [e for e in f.log if isinstance(e, DealRevised)]
    assert len(revised) == 1  # the deal follows the count
    error = _refused(f, c.ApproveDeal(deal_id="ky11"), "deal_needs_count")
    assert error.params["tables"] == [2]
    f.do(c.CountChips(table=2, stacks=_count(f, 2, **{two[0]: 4_050})))
    deal = f.state.deals["ky11"]
    stacks = [f.state.players[p].chips for p in deal.players]
    assert list(deal.stacks) == stacks
    pool = sum(deal.amounts_cents)
    total = sum(stacks)
    for share, chips in zip(deal.amounts_cents, stacks, strict=True):
        assert abs(share - pool * chips / total) <= 100  # by chip count, KY's whole dollars
    f.do(c.ApproveDeal(deal_id="ky11"))
    assert f.state.phase is Phase.FINISHED
    _conserved(f)


def test_a_chip_chop_deal_waits_for_a_count_taken_after_it_was_proposed() -> None:
    f = _ky_night(4)  # one table of four
    assert len(f.state.tables) == 1
    f.do(c.CountChips(table=1, stacks=_count(f, 1)))
    f.do(c.Tick(), at=f.minutes(30))
    left = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="d", players=left, method=ChopMethod.CHIP))
    for pid in left:
        f.do(c.ConsentToDeal(deal_id="d", player_id=pid))
    _refused(f, c.ApproveDeal(deal_id="d"), "deal_needs_count")
    f.do(c.CountChips(table=1, stacks=_count(f, 1, **{left[0]: 5_000})))
    assert f.state.deals["d"].consents == frozenset()  # they agreed to other amounts
    _refused(f, c.ApproveDeal(deal_id="d"), "deal_needs_consent")
    for pid in left:
        f.do(c.ConsentToDeal(deal_id="d", player_id=pid))
    f.do(c.ApproveDeal(deal_id="d"))
    assert f.state.phase is Phase.FINISHED
    _conserved(f)


def test_equal_and_custom_deals_need_no_count() -> None:
    f = _ky_night(4)
    f.do(c.Tick(), at=f.minutes(30))
    left = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="d", players=left, method=ChopMethod.EQUAL))
    for pid in left:
        f.do(c.ConsentToDeal(deal_id="d", player_id=pid))
    f.do(c.ApproveDeal(deal_id="d"))
    assert f.state.phase is Phase.FINISHED


def test_a_table_whose_hands_are_recorded_needs_no_count_for_a_chop() -> None:
    f = Floor("ky-charity", seed=3)
    f.seat(4)
    f.quiet_hand(1)  # pitboss dealt (or the device recorded) this table's hands
    _to_the_limit(f)
    left = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="ky11", players=left, method=ChopMethod.CHIP))
    f.do(c.ApproveDeal(deal_id="ky11"))
    assert f.state.phase is Phase.FINISHED


def _to_level_4(f: Floor) -> None:
    """KY 10: the $25 chips leave play at level 4 (three 20-minute levels)."""
    f.do(c.Tick(), at=f.minutes(60))
    assert f.state.period.colour_up == (25,)


def test_the_chip_race_at_a_table_dealt_by_a_person_runs_on_the_count_ky_2() -> None:
    """The KY night's races at levels 4 and 8 changed no stack: pitboss's stacks there had
    moved only by whole-stack bust-outs, so they held no odd $25 chips to race. The race now
    needs the table's count and is run on it."""
    f = _ky_night(4)
    _to_level_4(f)
    table = f.state.tables[TableNo(1)]
    seats = sorted(table.seats.items())
    plain = tuple(c.SeatedPlayer(seat=s, player_id=p) for s, p in seats)
    error = _refused(f, c.RaceColourUp(table=1, seats=plain), "race_needs_count")
    assert "count each player's chips" in error.message
    counted = (3_975, 4_025, 3_975, 4_025)
    with_counts = tuple(
        c.SeatedPlayer(seat=s, player_id=p, chips=n)
        for (s, p), n in zip(seats, counted, strict=True)
    )
    events = f.do(c.RaceColourUp(table=1, seats=with_counts, counted_by="the dealer"))
    count, race = events[0], events[1]
    assert isinstance(count, ChipsCounted)
    assert count.difference == 0
    assert isinstance(race, ColourUpRecorded)
    after = [f.state.players[p].chips for _, p in seats]
    assert after != [4_000] * 4  # the odd 25s were raced: stacks changed
    assert all(n % 50 == 0 for n in after)
    assert sum(after) == 16_000  # four odd 25s make two 50s; KY 2: the high card wins both
    assert "no stack changed" not in describe(race, replay(f.rules, f.log[:-1]))
    _conserved(f)


def test_a_race_counted_for_some_seats_only_is_refused() -> None:
    f = _ky_night(4)
    _to_level_4(f)
    seats = sorted(f.state.tables[TableNo(1)].seats.items())
    half = tuple(
        c.SeatedPlayer(seat=s, player_id=p, chips=4_000 if i else None)
        for i, (s, p) in enumerate(seats)
    )
    _refused(f, c.RaceColourUp(table=1, seats=half), "count_incomplete")


def test_a_colour_up_counted_by_hand_is_the_count_with_its_difference_shown() -> None:
    """Regression: a colour-up counted by hand was refused because it did not match the
    software's stacks; it is the count (issue 24)."""
    f = _ky_night(4)
    _to_level_4(f)
    players = f.state.tables[TableNo(1)].players()
    stacks = (
        PlayerChips(player_id=players[0], chips=4_050),
        PlayerChips(player_id=players[1], chips=3_500),  # 500 short of what pitboss had
        PlayerChips(player_id=players[2], chips=4_000),
        PlayerChips(player_id=players[3], chips=3_950),
    )
    (event,) = f.do(c.RecordColourUp(table=1, stacks=stacks, chips_removed=0))
    assert isinstance(event, ColourUpRecorded)
    assert event.difference == -500
    assert f.state.counts[TableNo(1)].difference == -500
    line = describe(event, replay(f.rules, f.log[:-1]))
    assert "500 chips missing" in line
    _conserved(f)


def test_a_colour_up_cannot_leave_part_chips_or_add_chips_beyond_one_each_tda_24a() -> None:
    f = _ky_night(4)
    _to_level_4(f)
    players = f.state.tables[TableNo(1)].players()
    odd = tuple(
        PlayerChips(player_id=p, chips=4_025 if i == 0 else 4_000) for i, p in enumerate(players)
    )
    error = _refused(
        f, c.RecordColourUp(table=1, stacks=odd, chips_removed=0), "colour_up_not_possible"
    )
    assert f.state.players[players[0]].name in error.message
    even = tuple(PlayerChips(player_id=p, chips=4_000) for p in players)
    _refused(
        f,
        c.RecordColourUp(table=1, stacks=even, chips_removed=0, chips_added=1_000_000),
        "colour_up_not_conserved",
    )


def test_counts_replay_to_the_same_state() -> None:
    f = _ky_night()
    f.do(c.CountChips(table=1, stacks=_count(f, 1)))
    assert replay(f.rules, f.log) == f.state
    assert f.state.counts[TableNo(1)].counted_by == "the director"


def test_a_dealt_mode_table_needs_no_count_even_before_its_first_hand() -> None:
    """Dealt mode (the software deals every table): its stacks are the engine's, so a chip
    race runs on them and a chop by chips waits for no count, even at a table yet to deal."""
    from dataclasses import replace

    from pitboss.rules import RuleSet

    rules = RuleSet.from_preset("ky-charity")
    rules = replace(
        rules,
        tournament=replace(
            rules.tournament,
            seating=replace(rules.tournament.seating, auto_apply_moves=True),
        ),
    )
    f = Floor(rules, seed=5)
    f.seat(4)
    _to_level_4(f)
    seats = sorted(f.state.tables[TableNo(1)].seats.items())
    f.do(
        c.RaceColourUp(table=1, seats=tuple(c.SeatedPlayer(seat=s, player_id=p) for s, p in seats))
    )
    _to_the_limit(f)
    left = f.state.remaining_players()
    f.do(c.ProposeDeal(deal_id="ky11", players=left, method=ChopMethod.CHIP))
    f.do(c.ApproveDeal(deal_id="ky11"))
    assert f.state.phase is Phase.FINISHED

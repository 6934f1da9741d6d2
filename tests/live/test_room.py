"""Two tables of bots dealt in real time (on a fake clock) to the end of a small tournament,
every hand stored as it happened and read back as PHH (issue 14)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.live.helpers import autopilot, open_night

from pitboss.history.phh import PhhHand
from pitboss.history.phh_reader import parse_phh
from pitboss.history.phh_replay import replay_hand
from pitboss.history.phh_writer import format_phh
from pitboss.ids import HandId, TableNo
from pitboss.live import hand_stream, hands_as_phh, is_hand_stream, tournament_hands
from pitboss.rules import RuleSet
from pitboss.tournament.codec import decode_event
from pitboss.tournament.features.colour_up import ColourUpRecorded

HOURS = 3_600_000


def test_two_tables_of_bots_play_a_tda_tournament_to_the_winner(tmp_path: Path) -> None:
    rules = RuleSet.from_preset("tda")
    checked: list[HandId] = []
    tables_seen: set[TableNo] = set()
    colour_ups = {"seq": 0, "net": 0}

    def on_hand(table: TableNo, hand_id: HandId) -> None:
        """Chips conserved after every hand (TDA 24 colour-ups recorded apart)."""
        live = night.live
        for stored in live.store.load(live.stream, after_seq=colour_ups["seq"]):
            colour_ups["seq"] = stored.seq
            if stored.type == "colour_up_recorded":
                event = decode_event(stored.to_envelope(), rules=live.state.rules)
                assert isinstance(event, ColourUpRecorded)
                colour_ups["net"] += event.chips_added - event.chips_removed
        state = live.state
        start = rules.tournament.entry.starting_chips * len(state.players)
        assert state.chips_in_play() == start + colour_ups["net"]
        checked.append(hand_id)
        tables_seen.add(table)

    night = open_night(tmp_path / "night.db", rules, players=14, pause_seconds=60, on_hand=on_hand)
    assert len(night.live.state.tables) == 2
    asyncio.run(autopilot(night.clock, night.room.run(), limit_ms=48 * HOURS))

    state = night.live.state
    assert state.winner is not None
    assert state.remaining_players() == (state.winner,)
    assert len(checked) == len(state.hands) > 20
    assert {TableNo(1), TableNo(2)} <= tables_seen
    assert not state.open_hands()

    stored = tournament_hands(night.store, night.live.stream, state.rules)
    assert [h.hand_id for h in stored] == list(state.hands)
    assert all(h.finished for h in stored)
    written = hands_as_phh(night.store, night.live.stream, state.rules)
    assert len(written) == len(state.hands)
    for hand, phh in written:
        assert isinstance(phh, PhhHand), phh
        again = parse_phh(format_phh(phh))
        result = replay_hand(again, rules=state.rules)
        assert result.problem is None, (hand.hand_id, result.problem)
        assert result.finishing_stacks is not None
        assert again.players is not None
        assert dict(zip(again.players, result.finishing_stacks, strict=True)) == dict(
            hand.stacks
        ), hand.hand_id
        director = state.hands[hand.hand_id]
        assert director.table == hand.table
        assert sorted(director.players) == sorted(p for p, _ in hand.stacks)


def test_the_hand_streams_sit_next_to_the_tournament_and_hold_the_shuffle(tmp_path: Path) -> None:
    """The deck's order is recorded in the table's hand stream (the house's record, never a
    player's view), so the hand replays without drawing again."""
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("tda"), players=12, pause_seconds=60)
    asyncio.run(autopilot(night.clock, night.room.run(), limit_ms=48 * HOURS))
    streams = {t.stream for t in night.store.tournaments()}
    assert {s for s in streams if not is_hand_stream(s)} == {"night"}
    assert {hand_stream("night", TableNo(1)), hand_stream("night", TableNo(2))} <= streams
    first = night.store.load(hand_stream("night", TableNo(1)))[0]
    assert first.type == "hand_dealt"
    assert sorted(first.data["deck"]) == list(range(52))
    hands = tournament_hands(night.store, "night", night.live.state.rules)
    assert len({h.deck for h in hands}) == len(hands)  # a new shuffle every hand
    for hand in hands[:20]:
        assert hand.replay().final_stacks == {
            s.seat: dict(hand.stacks)[s.player] for s in hand.setup.seats
        }

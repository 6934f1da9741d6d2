"""Each player's own PokerStars file: their hands from their seat, and every finish written."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitboss.cli.simulate import HandFiles
from pitboss.errors import HistoryError
from pitboss.history.pokerstars import HAND_SEPARATOR, ordinal
from pitboss.history.stars_players import (
    StarsHand,
    format_player_histories,
    format_player_history,
    player_file_name,
)
from pitboss.play.runtime import DEFAULT_START_MS, DealtHand, play_tournament
from pitboss.rules import RuleSet


def test_a_player_out_while_rebuys_are_open_is_placed_in_the_hand_they_went_out_in_ky_4(
    tmp_path: Path,
) -> None:
    """KY 4: re-buys are open until level 5 ends. A player who goes out then and does not buy
    back in is out: their place is written in the hand they went out in, although when it
    ended they could still come back (the runtime's ``places`` for that hand is empty)."""
    rules = RuleSet.from_preset("ky-charity")
    files = HandFiles(tmp_path, rules, seed=6)
    dealt: list[DealtHand] = []

    def on_hand(hand: DealtHand) -> None:
        dealt.append(hand)
        files(hand)

    result = play_tournament(rules, players=14, seed=6, on_hand=on_hand, keep_events=False)
    files.close(result)
    close = DEFAULT_START_MS + 5 * rules.tournament.structure.level_minutes * 60_000
    last = {s.player: hand for hand in dealt for s in hand.setup.seats}
    place = {f.player_id: f.first for f in result.standings}
    early = [
        p
        for p, hand in sorted(last.items())
        if p != result.winner and hand.started_at_ms + hand.seconds * 1000 < close
    ]
    assert len(early) >= 5
    for player in early:
        assert not last[player].places  # unknown when the hand ended
        own = (tmp_path / "pokerstars" / player_file_name(player)).read_text(encoding="utf-8")
        final = own.removesuffix("\n").split(HAND_SEPARATOR)[-1]
        assert final.startswith(f"PokerStars Hand #{last[player].number}:")
        line = f"\n{player} finished the tournament in {ordinal(place[player])} place"
        assert line in final, player
        assert own.count(line) == 1
    written = set()
    for path in (tmp_path / "pokerstars").glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        written |= {line for line in text.splitlines() if " the tournament " in line}
    assert len(written) == 14  # every player's finish, the winner's included


def test_a_player_dealt_no_hand_has_an_empty_file_and_names_stay_in_the_folder() -> None:
    assert format_player_history([], player="p001", finishes={}) == ""
    assert player_file_name("p001") == "p001.txt"
    assert player_file_name("../etc/passwd") == "_._etc_passwd.txt"
    assert player_file_name("Ann Lee") == "Ann_Lee.txt"


def test_a_hand_that_cannot_be_written_is_left_out_with_a_note_and_the_file_kept(
    tmp_path: Path,
) -> None:
    """Issue 31: one hand never fails a player's whole file; it is named in ``skipped``."""
    rules = RuleSet.from_preset("tda")
    files = HandFiles(tmp_path, rules, seed=3)
    hands: list[StarsHand] = []
    play_tournament(
        rules,
        players=3,
        seed=3,
        on_hand=lambda hand: hands.append(files.stars_hand(hand)),
        keep_events=False,
    )
    first = hands[0]
    player = next(iter(first.dealt_seats()))
    broken = StarsHand(setup=first.setup, events=first.events[:-1], header=first.header)
    given = [broken, *hands[1:3]]
    skipped: list[str] = []
    texts = format_player_histories(given, finishes={}, skipped=skipped)
    assert f"PokerStars {player}'s file, hand #{first.header.hand_id} " in skipped[0]
    assert "the hand is not over" in skipped[0]
    assert len(texts[player].removesuffix("\n").split(HAND_SEPARATOR)) == 2
    own = format_player_history(given, player=player, finishes={}, skipped=[])
    assert own == texts[player]
    with pytest.raises(HistoryError):  # no list to note it in: refused as before
        format_player_history(given, player=player, finishes={})

"""Issue 31: hand histories named players by id (``p04``), not by name. The PokerStars text
(each player's own file, each table's) and the PHH of a night name every player as the console
does; two people registered under one name are told apart (``Player 1 (2)``) so each name is
one player in every hand, a re-entry keeps its player's name; PHH still replays to the
stacks and third-party readers still read the files."""

from __future__ import annotations

import asyncio
import decimal
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from tests.live.helpers import Night, open_night, run_until, without_running_loop
from tests.tournament.floor_helpers import Floor
from tests.tournament.test_bounty_money import rules_with

from pitboss.history.phh_reader import parse_phhs
from pitboss.history.phh_replay import replay_hand
from pitboss.history.pokerstars import HAND_SEPARATOR
from pitboss.ids import PlayerId
from pitboss.live import tournament_hands
from pitboss.live.history import export_files, player_history, written_names
from pitboss.rules import RuleSet
from pitboss.rules.bounty import BountyRules
from pitboss.tournament import commands as c
from pitboss.tournament.model.entries import PersonalDetails

HANDS = 4
MINUTE = 60_000
NAMESAKE = PlayerId("p04")  # registered as "player 1", after p01's "Player 1"
ID = re.compile(r"\bp\d\d\b")


def named_night(path: Path) -> Night:
    """Five players under TDA (``Player 0`` .. ``Player 3``, and a second ``player 1``),
    ``HANDS`` hands dealt by the software."""
    rules = RuleSet.from_preset("tda")
    night = open_night(path, rules, players=4, start=False)
    night.live.execute(c.RegisterPlayer(player_id=NAMESAKE, name="player 1"))
    night.live.execute(c.StartTournament())
    stream = night.live.stream

    def over() -> int:
        return sum(h.finished for h in tournament_hands(night.store, stream, rules))

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        await run_until(night.clock, lambda: over() >= HANDS, limit_ms=60 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    with without_running_loop():
        asyncio.run(scenario())
    return night


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], str]:
    """The export's files and the namesake's own download."""
    night = named_night(tmp_path_factory.mktemp("names") / "n.db")
    stream, state = night.live.stream, night.live.state
    skipped: list[str] = []
    files = export_files(night.store, stream, state, skipped)
    own = player_history(night.store, stream, state, NAMESAKE, skipped)
    assert not [line for line in skipped if "PokerStars" in line]
    return files, own


def _hands(text: str) -> list[str]:
    return text.removesuffix("\n").split(HAND_SEPARATOR)


def test_every_pokerstars_file_names_the_players_by_name_never_by_id(
    exported: tuple[dict[str, str], str],
) -> None:
    files, own = exported
    stars = {path: text for path, text in files.items() if path.startswith("pokerstars/")}
    assert len(stars) >= 6  # five players' files and a table's
    for path, text in stars.items():
        assert not ID.findall(text), (path, ID.findall(text)[:3])
    table = _hands(files["pokerstars/tables/table-001.txt"])
    assert len(table) >= HANDS
    for text in table:
        seats = re.findall(r"^Seat \d+: (.+) \(\d+ in chips\)", text, re.M)
        assert sorted(seats) == [
            "Player 0",
            "Player 1",
            "Player 2",
            "Player 3",
            "player 1 (2)",
        ], text
    mine = _hands(own)
    assert mine
    assert all("\nDealt to player 1 (2) [" in text for text in mine)
    assert files["pokerstars/p04.txt"] == own


def test_phh_lists_the_players_by_name_and_replays_to_the_stacks(
    exported: tuple[dict[str, str], str],
) -> None:
    files, _ = exported
    hands = parse_phhs(files["phh/table-001.phhs"])
    assert len(hands) >= HANDS
    for hand in hands.values():
        assert hand.players is not None
        assert not any(ID.fullmatch(p) for p in hand.players)
        assert "player 1 (2)" in hand.players
        outcome = replay_hand(hand)
        assert outcome.problem is None, outcome.problem
        assert not outcome.is_mismatch


def poker_reads(stars: Any, text: str) -> Any:
    """pokerregion's ``poker`` reading one hand, or None where its own limit stops it: it cuts
    ``<name> collected <x> from pot`` on the flop, turn or river at the first space, while
    PokerStars names may hold spaces (letters, digits, spaces and hyphens); such a hand must
    have a spaced name winning on a street without a showdown."""
    parsed = stars.PokerStarsHandHistory(text + "\n")
    try:
        parsed.parse()
    except decimal.InvalidOperation:
        streets = text.split("*** FLOP ***", 1)[-1].split("*** SUMMARY ***", 1)[0]
        assert "*** SHOW DOWN ***" not in streets, text
        assert re.search(r"^\S+ .+ collected \d+ from", streets, re.M), text
        return None
    return parsed


def test_third_party_readers_read_the_names(exported: tuple[dict[str, str], str]) -> None:
    """pokerdf and pokerregion's ``poker`` (the test extra) read the owner and every player by
    name, ``player 1 (2)`` included."""
    read_and_convert = pytest.importorskip("pokerdf.core.read_and_convert")
    stars = pytest.importorskip("poker.room.pokerstars")
    _, own = exported
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frame = read_and_convert.apply_regex(own)
    hands = _hands(own)
    assert frame["HandID"].nunique() == len(hands)
    assert set(frame["Owner"]) == {"player 1 (2)"}
    assert set(frame["Player"]) == {"Player 0", "Player 1", "Player 2", "Player 3", "player 1 (2)"}
    read = [p for p in (poker_reads(stars, text) for text in hands) if p is not None]
    assert read
    for parsed in read:
        assert parsed.hero.name == "player 1 (2)"
        assert "player 1 (2)" in {p.name for p in parsed.players}


def test_namesakes_are_told_apart_in_the_order_they_registered_and_a_re_entry_keeps_its_name() -> (
    None
):
    f = Floor(rules_with(BountyRules(), late=True))
    f.register("ann", "bo", "cy")  # Ann, Bo, Cy
    for pid, name in (("ann-b", "ANN"), ("bo-2", "Bo (2)"), ("bo-b", "bo")):
        f.do(c.RegisterPlayer(player_id=PlayerId(pid), name=name, details=PersonalDetails()))
    f.do(c.StartTournament())
    f.bust(f.table_of("cy"), ["ann"], "cy")
    f.do(c.ReEnter(player_id=PlayerId("ann"), new_player_id=PlayerId("ann2")))
    assert written_names(f.state) == {
        "ann": "Ann",
        "bo": "Bo",
        "cy": "Cy",
        "ann-b": "ANN (2)",
        "bo-2": "Bo (2)",
        "bo-b": "bo (3)",  # "Bo (2)" is another player's own name
        "ann2": "Ann",  # the same person, one name in every hand (TDA 8A)
    }


def test_pokerstars_headers_name_the_tables_seats_and_read_back_hand_by_hand(
    exported: tuple[dict[str, str], str],
) -> None:
    """Each header names the seats of the table the hand was dealt at (TDA's ten, not a fixed
    9-max), and pitboss's PokerStars reader reads every hand back and replays it to its pots."""
    from pitboss.history.stars_reader import parse_stars
    from pitboss.history.stars_replay import replay_stars

    files, _ = exported
    seats = RuleSet.from_preset("tda").table.seats
    hands = parse_stars(files["pokerstars/tables/table-001.txt"])
    assert len(hands) >= HANDS
    for hand in hands:
        assert hand.max_seats == seats == 10
        result = replay_stars(hand)
        assert result.is_checked, (hand.number, result.problems)

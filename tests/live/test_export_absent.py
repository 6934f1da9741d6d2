"""Issue 31: the hands of a night with an absent player export under every house's absence
rule (TDA 30 and KY / SLPT after it: dealt in, the hand killed, blinds posted; THC 6: not dealt,
blinds posted): every PokerStars file is written, the absent player's hands show the posts,
the seat "is sitting out" and no hole cards, and the chips add up hand after hand."""

from __future__ import annotations

import asyncio
import re
import warnings
from pathlib import Path

import pytest
from tests.live.helpers import Night, open_night, run_until, without_running_loop

from pitboss.history.pokerstars import HAND_SEPARATOR
from pitboss.ids import PlayerId
from pitboss.live import RemoteAgent, tournament_hands
from pitboss.live.history import export_files, player_history
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import AbsentPolicy

P0 = PlayerId("p00")
ABSENT, OTHER = "Player 0", "Player 1"  # p00 and p01, written by name (issue 31)
PLAYERS = 4
HANDS = 4
MINUTE = 60_000
PRESETS = ["tda", "ky-charity", "thc", "thc-sit-and-go", "slpt"]


def absent_night(path: Path, preset: str) -> Night:
    """``HANDS`` hands dealt under ``preset`` with p00 away from the first deal."""
    remote = RemoteAgent(P0)
    rules = RuleSet.from_preset(preset)
    night = open_night(path, rules, players=PLAYERS, agents={P0: remote})
    stream = night.live.stream

    def over() -> int:
        return sum(h.finished for h in tournament_hands(night.store, stream, rules))

    async def scenario() -> None:
        night.room.pause()
        task = asyncio.ensure_future(night.room.run())
        remote.disconnect()
        night.room.resume()
        await run_until(night.clock, lambda: over() >= HANDS, limit_ms=60 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    with without_running_loop():
        asyncio.run(scenario())
    return night


def _absent_night(tmp_path: Path, preset: str) -> tuple[dict[str, str], str, list[str], int]:
    """The export's files, p00's own file, what the export did not write, the chips in play."""
    night = absent_night(tmp_path / "n.db", preset)
    stream, state = night.live.stream, night.live.state
    skipped: list[str] = []
    files = export_files(night.store, stream, state, skipped)
    own = player_history(night.store, stream, state, P0, skipped)
    return files, own, skipped, state.chips_in_play()


def _seats(text: str) -> dict[str, tuple[int, bool]]:
    """Each player's chips and whether they sit out, from a hand's seat lines."""
    found = re.findall(r"^Seat \d+: (.+) \((\d+) in chips\)( is sitting out)?$", text, re.M)
    return {name: (int(chips), bool(out)) for name, chips, out in found}


def _posted(text: str, player: str) -> int:
    posts = re.findall(rf"^{player}: posts (?:the ante|small blind|big blind) (\d+)", text, re.M)
    return sum(int(amount) for amount in posts)


def _hands(text: str) -> list[str]:
    return text.removesuffix("\n").split(HAND_SEPARATOR)


@pytest.mark.parametrize("preset", PRESETS)
def test_an_absent_players_hands_export_under_every_houses_absence_rule(
    tmp_path: Path, preset: str
) -> None:
    files, own, skipped, chips = _absent_night(tmp_path, preset)
    assert not [line for line in skipped if "PokerStars" in line]
    table = _hands(files["pokerstars/tables/table-001.txt"])
    assert len(table) >= HANDS
    dealt_dead = RuleSet.from_preset(preset).table.absent_policy is AbsentPolicy.DEALT_AND_KILLED
    for text in table:
        assert sum(c for c, _ in _seats(text).values()) == chips  # every chip is in a seat
        assert _seats(text)[ABSENT][1], text  # "is sitting out"
        assert f"{ABSENT}: folds" in text
        assert f"{ABSENT}: shows" not in text
        assert f"{ABSENT} collected" not in text
        assert not re.search(r"\bp\d\d\b", text)  # no player id (issue 31)
    posted = [_posted(text, ABSENT) for text in table]
    assert any(posted)
    stacks = [_seats(text)[ABSENT][0] for text in table]
    for k in range(len(table) - 1):  # away: p00 only posts, never wins
        assert stacks[k + 1] == stacks[k] - posted[k]
    others = _hands(files["pokerstars/p01.txt"])
    assert len(others) == len(table)
    assert all(f"\nDealt to {OTHER} [" in text for text in others)
    # TDA 30: the dead cards were dealt, and the owner's file shows them (as PokerStars does);
    # THC 6: no cards, so p00 has no file until they are back
    mine = _hands(own) if own else []
    assert len(mine) == (len(table) if dealt_dead else 0)
    assert files.get("pokerstars/p00.txt", "") == own
    assert all(f"\nDealt to {ABSENT} [" in text for text in mine)


@pytest.mark.parametrize("preset", ["tda", "thc"])
def test_third_party_readers_read_the_absent_players_posts_and_stack(
    tmp_path: Path, preset: str
) -> None:
    """pitboss has no PokerStars reader: pokerdf and pokerregion's ``poker`` read the file of a
    player dealt in (the owner's cards, the absent seat's stack, posts and nothing won)."""
    read_and_convert = pytest.importorskip("pokerdf.core.read_and_convert")
    stars = pytest.importorskip("poker.room.pokerstars")
    files, _, _, _ = _absent_night(tmp_path, preset)
    text = files["pokerstars/p01.txt"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frame = read_and_convert.apply_regex(text)
    hands = _hands(text)
    assert frame["HandID"].nunique() == len(hands)
    assert set(frame["Owner"]) == {OTHER}
    rows = frame[frame["Player"] == ABSENT].to_dict("records")
    assert len(rows) == len(hands)
    for row, hand in zip(rows, hands, strict=True):
        assert row["Stack"] == _seats(hand)[ABSENT][0]
        blinds = [row["PostedBlind"], row["PostedAnte"]]
        assert sum(x for x in blinds if isinstance(x, int | float) and x == x) == _posted(
            hand, ABSENT
        )
        assert not row["Balance"] or row["Balance"] != row["Balance"]  # nothing won (or NaN)
    for hand in hands:
        parsed = stars.PokerStarsHandHistory(hand + "\n")
        parsed.parse()
        assert parsed.hero.name == OTHER
        assert (ABSENT, _seats(hand)[ABSENT][0]) in {(p.name, p.stack) for p in parsed.players}
        assert ABSENT not in parsed.winners

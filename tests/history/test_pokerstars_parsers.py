"""The PokerStars text ``pitboss simulate --hands-out`` writes, read by third-party parsers.

A small tournament is played and written as ``--hands-out`` writes it (`HandFiles`: PHH by
table, one PokerStars file per player from their own seat). Every written hand is parsed by
pokerdf and by pokerregion's ``poker`` (both pinned in the ``test`` extra) and compared with
the PHH of the same hand, replayed through the engine for the amounts won: players, stacks,
blinds and antes, the board, the hero's cards, amounts won, and the finish lines.

pokerdf reads one-digit seats only (``Seat \\d{1}:``, ``(\\d)-max``): a player in seat 10 of a
10-max table is not among its rows, so its players are compared with the PHH's players in
seats 1 to 9 (``poker`` reads every seat).
"""

from __future__ import annotations

import math
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass

import pytest

from pitboss.cli.simulate import HandFiles, finishes_of
from pitboss.engine import Posted, PostKind, PotAwarded
from pitboss.history.phh import PhhActionKind, PhhHand
from pitboss.history.phh_reader import parse_phhs
from pitboss.history.phh_replay import replay_hand, setup_from_phh
from pitboss.history.pokerstars import HAND_SEPARATOR, Finish
from pitboss.play.runtime import play_tournament
from pitboss.rules import RuleSet

PLAYERS = 14  # two tables, then one: a table move continues a player's file
SEED = 5


@dataclass(frozen=True, slots=True, kw_only=True)
class Written:
    """The hands of one run: each player's PokerStars hands, the PHH hands by number."""

    stars: Mapping[str, list[str]]
    phh: Mapping[int, PhhHand]
    won: Mapping[int, Mapping[str, int]]
    posted: Mapping[int, Mapping[tuple[str, PostKind], int]]  # what each player posted
    stakes: Mapping[int, tuple[int | None, int]]  # the small blind (if one) and the big blind
    finishes: Mapping[str, Finish]
    last: Mapping[str, int]  # the number of the last hand each player sat in

    @property
    def count(self) -> int:
        return sum(len(hands) for hands in self.stars.values())


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Written:
    folder = tmp_path_factory.mktemp("hands-out")
    rules = RuleSet.from_preset("slpt")
    files = HandFiles(folder, rules, seed=SEED)
    result = None
    try:
        result = play_tournament(
            rules, players=PLAYERS, seed=SEED, on_hand=files, keep_events=False
        )
    finally:
        files.close(result)
    stars = {
        path.stem: path.read_text(encoding="utf-8").removesuffix("\n").split(HAND_SEPARATOR)
        for path in sorted((folder / "pokerstars").glob("*.txt"))
    }
    phh: dict[int, PhhHand] = {}
    for path in sorted((folder / "phh").glob("*.phhs")):
        for key, hand in parse_phhs(path.read_text(encoding="utf-8")).items():
            phh[int(key)] = hand
    won: dict[int, dict[str, int]] = {}
    posted: dict[int, dict[tuple[str, PostKind], int]] = {}
    stakes: dict[int, tuple[int | None, int]] = {}
    for number, hand in phh.items():
        replay = replay_hand(hand)
        assert not replay.is_mismatch, number
        assert replay.problem is None, number
        names = hand.players or ()
        totals = won.setdefault(number, {})
        posts = posted.setdefault(number, {})
        for event in replay.events:
            if isinstance(event, PotAwarded):
                for seat, share in zip(event.winners, event.shares, strict=True):
                    totals[names[seat - 1]] = totals.get(names[seat - 1], 0) + share
            elif isinstance(event, Posted):
                posts[names[event.seat - 1], event.kind] = event.amount
        plan = {post.kind: post.amount for post in setup_from_phh(hand).posting_plan()}
        stakes[number] = (plan.get(PostKind.SMALL_BLIND), plan[PostKind.BIG_BLIND])
    last = {p: n for n in sorted(phh) for p in phh[n].players or ()}
    return Written(
        stars=stars,
        phh=phh,
        won=won,
        posted=posted,
        stakes=stakes,
        finishes=finishes_of(result),
        last=last,
    )


def _seat_of(hand: PhhHand) -> dict[str, int]:
    seats = hand.metadata["seats"]
    assert isinstance(seats, list)
    return dict(zip(hand.players or (), (int(s) for s in seats), strict=True))


def _board(hand: PhhHand) -> tuple[str, ...]:
    return tuple(
        str(card)
        for a in hand.actions
        if a.kind is PhhActionKind.DEAL_BOARD
        for card in a.cards
        if card is not None
    )


def _hole(hand: PhhHand, player: str) -> tuple[str, ...]:
    index = (hand.players or ()).index(player) + 1
    deal = next(a for a in hand.actions if a.kind is PhhActionKind.DEAL_HOLE and a.player == index)
    return tuple(str(c) for c in deal.cards)


def test_every_hand_is_written_to_the_file_of_each_player_dealt_in(written: Written) -> None:
    dealt = sum(len(h.players or ()) for h in written.phh.values())
    assert written.count == dealt > 300
    for player, hands in written.stars.items():
        assert all(f"\nDealt to {player} [" in hand for hand in hands), player
    assert sorted(f.place for f in written.finishes.values()) == list(range(1, PLAYERS + 1))


def test_pokerdf_reads_every_hand_as_the_phh_has_it(written: Written) -> None:
    """Players, stacks, blinds, antes, board, hero's cards, amounts won and finishes."""
    read_and_convert = pytest.importorskip(
        "pokerdf.core.read_and_convert", reason="pokerdf is in the test extra: pip install .[test]"
    )
    read = 0
    for owner, hands in written.stars.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            frame = read_and_convert.apply_regex("\n\n\n".join(hands) + "\n")
        assert set(frame["Owner"]) == {owner}
        read += frame["HandID"].nunique()
        assert frame["HandID"].nunique() == len(hands), owner
        for number_text, rows in frame.groupby("HandID", sort=False):
            number = int(str(number_text))
            phh = written.phh[number]
            names = phh.players or ()
            seat_of = _seat_of(phh)
            start = dict(zip(names, phh.starting_stacks, strict=True))
            posted = written.posted[number]
            one_digit = {p for p in names if seat_of[p] < 10}
            assert set(rows["Player"]) == one_digit, number
            board = _board(phh)
            won = written.won[number]
            for row in rows.to_dict("records"):
                player = row["Player"]
                assert row["Seat"] == seat_of[player]
                assert row["Stack"] == start[player], (number, player)
                assert _stakes_match(tuple(row["Blinds"]), written.stakes[number]), number
                blind = sum(
                    posted.get((player, kind), 0)
                    for kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
                )
                assert _number(row["PostedBlind"]) == blind, (number, player)
                ante = posted.get((player, PostKind.ANTE), 0)
                assert _number(row["PostedAnte"]) == ante, (number, player)
                assert tuple(row["BoardRiver"] or row["BoardTurn"] or row["BoardFlop"]) == board
                assert _number(row["Balance"]) == won.get(player, 0), (number, player)
                assert row["TotalPotLog"] == sum(won.values())
                finish = written.finishes[player] if written.last[player] == number else None
                assert row["FinalRank"] == (finish.place if finish else -1), (number, player)
                prize = finish.prize_cents / 100 if finish else 0
                assert _number(row["Prize"]) == prize, (number, player)
            assert tuple(rows["OwnersHand"].iloc[0]) == _hole(phh, owner)
    assert read == written.count


def test_pokerregion_poker_reads_every_hand_as_the_phh_has_it(written: Written) -> None:
    """Players and stacks (seat 10 too), button, hero's cards, board, total pot, winners."""
    stars = pytest.importorskip(
        "poker.room.pokerstars", reason="poker is in the test extra: pip install .[test]"
    )
    from poker.card import Card
    from poker.hand import Combo

    read = 0
    for owner, hands in written.stars.items():
        for text in hands:
            parsed = stars.PokerStarsHandHistory(text + "\n")
            parsed.parse()
            number = int(parsed.ident)
            phh = written.phh[number]
            names = phh.players or ()
            seat_of = _seat_of(phh)
            seated = {(p.name, p.stack, p.seat) for p in parsed.players if p.stack}
            start = dict(zip(names, phh.starting_stacks, strict=True))
            assert seated == {(p, start[p], seat_of[p]) for p in names}, number
            assert parsed.hero.name == owner
            assert parsed.hero.combo == Combo("".join(_hole(phh, owner)))
            flop = tuple(parsed.flop.cards) if parsed.flop else ()
            turn = (parsed.turn,) if parsed.turn else ()
            river = (parsed.river,) if parsed.river else ()
            assert flop + turn + river == tuple(Card(c) for c in _board(phh)), number
            won = written.won[number]
            assert parsed.total_pot == sum(won.values())
            # poker keeps the summary's marks in a winner's name, as on PokerStars' own text
            winners = {
                re.sub(r" \((button|small blind|big blind)\)", "", w) for w in parsed.winners
            }
            # poker reads the winners from the third line after "*** SUMMARY ***" on (it
            # expects the pot and the board first): in a heads-up hand over before the flop it
            # misses seat lines, so only the winners on the lines it reads are compared
            seen = "\n".join(text.split("*** SUMMARY ***\n", 1)[1].splitlines()[2:])
            paid = {p for p, chips in won.items() if chips and f": {p} " in seen}
            assert winners == paid, number
            assert _stakes_match((parsed.sb, parsed.bb), written.stakes[number]), number
            read += 1
    assert read == written.count


def _number(value: object) -> float:
    """pokerdf's amount: NaN or None when the line is absent."""
    if value is None:
        return 0
    assert isinstance(value, int | float)
    return 0 if math.isnan(value) else value


def _stakes_match(header: tuple[object, ...], stakes: tuple[int | None, int]) -> bool:
    """The header's blinds are the hand's: the big blind, and the small blind when one is due
    (after a bust the small blind can be dead: none is posted)."""
    small, big = stakes
    return header[1] == big and (small is None or header[0] == small)

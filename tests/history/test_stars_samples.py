"""Real PokerStars hand histories (tests/history/data/pokerstars, sources and licences in its
README) read, replay to the file's amounts, and convert to PHH that replays the same: the
no-limit hands, a 10-max Limit Hold'em cash hand (PHH ``FT``) and a Pot-Limit Omaha one
(``PO``). The two Pot-Limit Omaha Hi/Lo hands (a pot split high and low, a showdown without a
low) replay half by half; PHH has no variant for them, so they are not converted.
"""

from __future__ import annotations

from pathlib import Path

import pokerkit
import pytest

from pitboss.engine import PotAwarded, PotHalf
from pitboss.errors import HistoryError
from pitboss.history.phh_reader import parse_phhs
from pitboss.history.phh_replay import replay_hand
from pitboss.history.phh_writer import format_phh, format_phhs
from pitboss.history.stars_model import StarsHand
from pitboss.history.stars_phh import phh_from_stars
from pitboss.history.stars_reader import decode_stars, iter_stars
from pitboss.history.stars_replay import engine_deals, replay_stars

SAMPLES = Path(__file__).parent / "data" / "pokerstars"
FILES = sorted(SAMPLES.glob("*.txt"))
HANDS = {
    "hhp-2008-tournament.txt": 1,
    "hhp-cash.2010.txt": 1,
    "hhp-cash.zoom.2017.txt": 1,
    "hhp-freeroll.tny.txt": 1,
    "hhp-player-sitting-out.txt": 1,
    "hhp-posts-allin.txt": 1,
    "hhp-timezone-costarica.sng.txt": 1,
    "hhsmithy-cash-10-hands.txt": 10,
    "hhsmithy-cash-10-max-limit.txt": 1,
    "hhsmithy-cash-2-max.txt": 1,
    "hhsmithy-cash-all-in-muck.txt": 1,
    "hhsmithy-cash-disconnect.txt": 1,
    "hhsmithy-cash-euro-side-pots.txt": 1,
    "hhsmithy-cash-pot-limit-omaha.txt": 1,
    "hhsmithy-cash-pot-limit-omaha-hi-lo-split.txt": 1,
    "hhsmithy-cash-omaha-hi-lo-no-low.txt": 1,
    "hhsmithy-mtt-antes-side-pot.txt": 1,
    "hhsmithy-mtt-heads-up-final.txt": 1,
    "hhsmithy-mtt-out-of-hand.txt": 1,
    "poker-apprentice-hands.txt": 3,
    "pokerregion-hypatia-iii-2020-04-19.txt": 25,
    "pokerregion-tournament-hands.txt": 5,
}


def _hands(path: Path) -> list[StarsHand]:
    hands = []
    for hand in iter_stars(decode_stars(path.read_bytes())):
        assert isinstance(hand, StarsHand), hand
        hands.append(hand)
    return hands


def test_the_samples_are_the_files_the_readme_names() -> None:
    assert {p.name for p in FILES} == set(HANDS)
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in HANDS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_sample_hand_reads_and_replays_to_the_files_amounts(path: Path) -> None:
    hands = _hands(path)
    assert len(hands) == HANDS[path.name]
    for hand in hands:
        result = replay_stars(hand)
        game, structure = hand.game.game, hand.game.structure
        assert game is not None
        assert structure is not None
        assert engine_deals(game, structure)
        assert result.is_checked, (hand.number, result.problems, result.not_checked)


def test_the_samples_cover_the_layouts_and_lines_real_clients_write() -> None:
    data = {p.name: p.read_bytes() for p in FILES}
    hands = [h for p in FILES for h in _hands(p)]
    assert any(b.startswith(b"\xef\xbb\xbf") for b in data.values())  # a byte-order mark
    assert any(b"\r\n" in b for b in data.values())  # CRLF
    assert any(b" \r\n" in b or b" \n" in b for b in data.values())  # trailing spaces
    assert any(b"\n\n\n\n" in b or b"\r\n\r\n\r\n\r\n" in b for b in data.values())  # 3 blank
    assert {h.max_seats for h in hands} >= {2, 6, 9, 10}
    assert {h.time_zone for h in hands} >= {"ET", "CET"}
    assert {h.symbol for h in hands} >= {"", "$", "\u20ac"}
    assert any(h.tournament for h in hands)
    assert any(h.is_cash_game for h in hands)
    assert any(s.sitting_out for h in hands for s in h.seats)
    assert any(s.out_of_hand for h in hands for s in h.seats)
    assert any(h.returns() for h in hands)
    assert any(p.kind == "ante" for h in hands for p in h.posts)
    assert any(p.kind == "small_and_big" for h in hands for p in h.posts)
    assert any(c.cashed_out for h in hands for c in h.collects())
    assert any(c.pot.startswith("side pot-") for h in hands for c in h.collects())
    games = {h.game.name for h in hands}
    assert games >= {"Hold'em Limit", "Omaha Pot Limit", "Omaha Hi/Lo Pot Limit"}


def test_every_sample_converts_to_phh_that_replays_to_the_same_amounts() -> None:
    converted = 0
    variants = set()
    for path in FILES:
        for hand in _hands(path):
            if hand.game.name == "Omaha Hi/Lo Pot Limit":
                with pytest.raises(HistoryError, match="PHH has no variant for pot-limit Omaha"):
                    phh_from_stars(hand)
                continue
            phh = phh_from_stars(hand)
            variants.add(phh.variant)
            (back,) = parse_phhs(format_phhs({str(hand.number): phh})).values()
            assert format_phh(back) == format_phh(phh)  # written and read back unchanged
            result = replay_hand(back)
            assert not result.is_mismatch, (path.name, hand.number, result.describe())
            won = hand.won()
            winnings = tuple(
                won.get(name, 0) * back.scale // hand.scale for name in back.players or ()
            )
            assert back.winnings == winnings
            converted += 1
    assert converted == sum(HANDS.values()) - 2
    assert variants == {"NT", "FT", "PO"}


def test_pokerkit_plays_the_converted_tournament_hands_to_the_files_stacks() -> None:
    """PokerKit (the oracle) reads the PHH pitboss wrote and ends each hand with the finishing
    stacks the PokerStars file's own amounts give."""
    checked = 0
    for path in FILES:
        for hand in _hands(path):
            if hand.game.name != "Hold'em No Limit" or hand.rake:
                continue
            phh = phh_from_stars(hand)
            if any(b < 0 for b in phh.blinds_or_straddles):
                continue  # PokerKit posts a new player's blind its own way
            states = list(pokerkit.HandHistory.loads(format_phh(phh)))
            stacks = tuple(int(s * phh.scale) for s in states[-1].stacks)
            assert stacks == phh.finishing_stacks, (path.name, hand.number)
            checked += 1
    assert checked >= 10


def test_a_real_omaha_hi_lo_pot_replays_in_halves_as_pokerstars_split_it() -> None:
    """PokerStars Game #109677324649: NeiLutzn's two pair (nines and sixes) takes the high half,
    SGS62's 8-6-4-3-2 the low; the $0.80 pot is two halves of $0.40, collected as $0.39 and
    $0.38 after the summary's $0.03 rake."""
    (hand,) = _hands(SAMPLES / "hhsmithy-cash-pot-limit-omaha-hi-lo-split.txt")
    result = replay_stars(hand)
    assert result.is_checked, result.problems
    halves = [(e.half, e.winners, e.shares) for e in result.events if isinstance(e, PotAwarded)]
    assert halves == [(PotHalf.HIGH, (6,), (40,)), (PotHalf.LOW, (2,), (40,))]
    assert [c.amount for c in hand.collects()] == [39, 38]

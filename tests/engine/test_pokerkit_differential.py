"""Differential test against PokerKit 0.7.7: the same random hands in both engines.

Random tables (2-9 players, stacks from 1 chip to 300 big blinds, per-player antes or none),
random legal actions. At every decision both engines must agree on whose turn it is, the call
amount, whether a check is free, the minimum and maximum raise-to and the pot; at the end on
the pots and the final stacks.

Where PokerKit and the TDA truly differ, pitboss follows the TDA and the differences are
documented by the tests at the bottom of this file:

1. PokerKit counts the first bet or raise increment of a street as "full" even when it is an
   all-in below the big blind (its raise increment starts at 0), so it reopens the betting
   for players who already acted. TDA 43A/47A: the big blind is the opening bet and an all-in
   for less than a full bet or raise reopens nothing. The harness only lets both engines raise
   where both allow it, and checks every disagreement on raise permission happens on a street
   with such an increment.
2. PokerKit lets nobody fold when a check is free; pitboss allows it (THC 48). Compared only
   when facing a bet.
3. A big blind posted short: PokerKit asks the others to call what was posted, pitboss the full
   big blind (KY 10 / TDA 43A: the big blind is the opening bet). The generator gives the big
   blind at least the blind and the ante.
4. With ante trimming, PokerKit gives back at once the part of an ante nobody else matched
   (e.g. a big-blind ante); pitboss keeps antes in the pot (dead money, RP-11) and returns
   such chips through the pot only they can win. Per-player antes with a single largest ante
   skip the pot comparisons; the big-blind ante mode is not run here.
5. PokerKit re-forms the pots among the hands that win something and splits the merged pot,
   so odd chips can land differently; pitboss splits each pot separately (TDA 21) with the
   odd chips of each to its first winner left of the button (TDA 20). The harness recomputes
   PokerKit's push from pitboss's pots and requires exactly PokerKit's stacks.
6. PokerKit asks the one player left with chips, who already covers every all-in, to check;
   pitboss ends the betting there (nobody is left to bet against). The harness checks for it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from pitboss.cards import Card, Deck, format_cards, parse_cards
from pitboss.engine import (
    Action,
    AnteMode,
    BoardDealt,
    CardBurned,
    Hand,
    HandSetup,
    Post,
    PostKind,
    PotAwarded,
    SeatSpec,
)

pokerkit = pytest.importorskip("pokerkit")


class MemoHighHand(pokerkit.StandardHighHand):  # type: ignore[misc]
    """PokerKit's own high hand, with each hand's lookup entry and each player's best hand
    computed once: PokerKit re-evaluates a player's 21 five-card combinations for every pot
    and every "can win now" check, and re-looks-up both entries on every comparison, which
    was most of this file's run time. The ranking is still PokerKit's."""

    _memo: ClassVar[dict[tuple[str, str], object]] = {}

    @property
    def entry(self) -> object:
        try:
            return self.__dict__["_entry"]
        except KeyError:
            entry = self.__dict__["_entry"] = self.lookup.get_entry(self.cards)
            return entry

    @classmethod
    def from_game(cls, hole_cards: object, board_cards: object = ()) -> object:
        hole = tuple(pokerkit.Card.clean(hole_cards))
        board = tuple(pokerkit.Card.clean(board_cards))
        key = ("".join(map(repr, hole)), "".join(map(repr, board)))
        memo = cls._memo
        hand = memo.get(key)
        if hand is None:
            if len(memo) > 100_000:
                memo.clear()
            hand = memo[key] = super().from_game(hole, board)
        return hand


class Holdem(pokerkit.NoLimitTexasHoldem):  # type: ignore[misc]
    """No-Limit Texas Hold'em exactly as PokerKit plays it, with the memoised hand type."""

    hand_types = (MemoHighHand,)


AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PULLING,
)


@dataclass
class Tally:
    hands: int = 0
    decisions: int = 0
    raise_permission_differences: int = 0
    pot_comparisons_skipped: int = 0
    odd_chip_differences: int = 0
    lone_checks: int = 0
    showdowns: int = 0
    notes: list[str] = field(default_factory=list)


def random_table(rng: random.Random) -> tuple[list[int], int, int, int]:
    n = rng.randint(2, 9)
    big_blind = rng.choice([2, 10, 100])
    small_blind = rng.choice([big_blind // 2, big_blind // 2, 1])
    ante = rng.choice([0, 0, 1, big_blind // 10 or 1, big_blind // 2])

    def stack() -> int:
        roll = rng.random()
        if roll < 0.1:
            return rng.randint(1, 3)
        if roll < 0.3:
            return rng.randint(1, 3 * big_blind)
        return rng.randint(big_blind, 300 * big_blind)

    stacks = [stack() for _ in range(n)]
    bb_index = 0 if n == 2 else 1  # in PokerKit's order: left of the button first
    stacks[bb_index] = max(stacks[bb_index], big_blind + ante)
    return stacks, small_blind, big_blind, ante


def play_both(rng: random.Random, tally: Tally) -> None:
    stacks, small_blind, big_blind, ante = random_table(rng)
    n = len(stacks)
    # pitboss seats 1..n; the button is seat n (heads-up seat 1). PokerKit index k is the k-th
    # seat clockwise from the left of the button.
    button = 1 if n == 2 else n
    by_index = [(button + k) % n + 1 for k in range(n)]
    seat_stack = {by_index[k]: stacks[k] for k in range(n)}
    setup = HandSetup(
        seats=tuple(SeatSpec(seat=s, player=f"p{s}", stack=seat_stack[s]) for s in range(1, n + 1)),
        button=button,
        small_blind_seat=button if n == 2 else by_index[0],
        big_blind_seat=by_index[0] if n == 2 else by_index[1],
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        ante_mode=AnteMode.PER_PLAYER if ante else AnteMode.NONE,
    )
    hand = Hand(setup, Deck(rng))
    pk = Holdem.create_state(
        AUTOMATIONS, True, ante, (small_blind, big_blind), big_blind, tuple(stacks), n
    )
    index_of = {seat: k for k, seat in enumerate(by_index)}
    for k in range(n):
        pk.deal_hole(format_cards(hand.hole_cards(by_index[k])))
    antes = sorted(min(ante, s) for s in stacks)
    compare_pots = not (ante and antes[-1] != antes[-2])
    if not compare_pots:
        tally.pot_comparisons_skipped += 1
    synced = 0
    short_increment_on_street = False
    street = hand.street

    def sync_board() -> int:
        done = synced
        events = hand.events
        pending = [e for e in events[done:] if isinstance(e, CardBurned | BoardDealt)]
        for event in pending:
            if isinstance(event, CardBurned):
                assert event.card is not None
                pk.burn_card(str(Card(event.card)))
            else:
                pk.deal_board(format_cards(event.cards))
        return len(events)

    while not hand.is_over:
        synced = sync_board()
        legal = hand.legal_actions()
        if legal.is_showdown:
            hand.show()
            continue
        if hand.street != street:
            street = hand.street
            short_increment_on_street = False
        tally.decisions += 1
        assert pk.actor_index == index_of[legal.seat], (pk.actor_index, legal)
        pk_call = pk.checking_or_calling_amount
        assert pk_call == legal.call_amount
        if legal.call_amount:
            assert pk.can_fold()
        if compare_pots:
            assert pk.total_pot_amount == hand.pot
        pk_low = pk.min_completion_betting_or_raising_to_amount
        pk_high = pk.max_completion_betting_or_raising_to_amount
        both_raise = pk_low is not None and legal.min_raise_to is not None
        if both_raise:
            assert (pk_low, pk_high) == (legal.min_raise_to, legal.max_raise_to)
        elif (pk_low is None) != (legal.min_raise_to is None):
            assert short_increment_on_street, (legal, pk_low, pk_high, hand.events[-6:])
            assert legal.min_raise_to is None  # pitboss is the stricter one (TDA 47A)
            tally.raise_permission_differences += 1
        roll = rng.random()
        if both_raise and roll < 0.25:
            assert legal.min_raise_to is not None
            assert legal.max_raise_to is not None
            pick = rng.random()
            if pick < 0.4:
                amount = legal.min_raise_to
            elif pick < 0.6:
                amount = legal.max_raise_to
            else:
                amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
            if amount - hand.current_bet < big_blind:
                short_increment_on_street = True
            hand.raise_to(amount)
            pk.complete_bet_or_raise_to(amount)
        elif legal.call_amount and roll > 0.55:
            hand.fold()
            pk.fold()
        else:
            hand.apply(Action.call() if legal.call_amount else Action.check())
            pk.check_or_call()
    rest = [e for e in hand.events[synced:] if isinstance(e, CardBurned | BoardDealt)]
    pk_pots: list[tuple[int, tuple[int, ...]]] | None = None
    while pk.status:
        if pk.can_show_or_muck_hole_cards():
            if pk_pots is None:
                pk_pots = [(p.amount, p.player_indices) for p in pk.pots]
            pk.show_or_muck_hole_cards(True)
        elif pk.can_burn_card() or pk.can_deal_board():
            event = rest.pop(0)
            if isinstance(event, CardBurned):
                assert event.card is not None
                pk.burn_card(str(Card(event.card)))
            else:
                pk.deal_board(format_cards(event.cards))
        elif pk.actor_index is not None and pk.checking_or_calling_amount == 0:
            # Difference 6: PokerKit has the one player left with chips, who already covers
            # every all-in, check; pitboss ends the betting (nobody left to bet against).
            pk.check_or_call()
            tally.lone_checks += 1
        elif pk.can_push_chips():
            if pk_pots is None:
                pk_pots = [(p.amount, p.player_indices) for p in pk.pots]
            pk.push_chips()
        else:  # pragma: no cover - reported by the assertion
            raise AssertionError(f"PokerKit waits for an operation: {pk.operations[-3:]} {rest}")
    assert not rest
    assert len(hand.board) == len(pk.board_cards)
    awards = sorted((a for a in hand.events if isinstance(a, PotAwarded)), key=lambda a: a.pot)
    if compare_pots and not awards[0].is_uncontested:
        # (PokerKit leaves an uncontested winner's last bet out of its pot: nothing to compare.)
        assert pk_pots is not None
        ours = [(a.amount, tuple(sorted(index_of[s] for s in a.eligible))) for a in awards]
        assert ours == pk_pots, (ours, pk_pots)
    if any(not a.is_uncontested for a in awards):
        tally.showdowns += 1
    final = hand.final_stacks
    ours = [final[by_index[k]] for k in range(n)]
    if ours != list(pk.stacks):
        # Difference 5: PokerKit merges pots once losing hands are killed and splits the merged
        # pot, so odd chips can land differently; TDA 21 splits each pot separately.
        expected = pokerkit_style_push(hand, awards, index_of)
        assert expected == list(pk.stacks), (final, pk.stacks, awards)
        assert sum(ours) == sum(expected)
        tally.odd_chip_differences += 1
    tally.hands += 1


def pokerkit_style_push(
    hand: Hand, awards: list[PotAwarded], index_of: dict[int, int]
) -> list[int]:
    """The final stacks as PokerKit pushes: pots re-formed among the hands that win something,
    adjacent pots with the same players merged, each merged pot split with every odd chip to
    its first player in PokerKit's order."""
    n = len(index_of)
    stacks = [0] * n
    for seat, k in index_of.items():
        stacks[k] = hand.final_stacks[seat]
    for award in awards:
        for seat, share in zip(award.winners, award.shares, strict=True):
            stacks[index_of[seat]] -= share
    survivors = {index_of[s] for a in awards for s in a.winners}
    merged: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    for award in awards:
        players = tuple(sorted(index_of[s] for s in award.eligible if index_of[s] in survivors))
        winners = tuple(sorted(index_of[s] for s in award.winners))
        if merged and merged[-1][1] == players:
            merged[-1] = (merged[-1][0] + award.amount, players, merged[-1][2])
        else:
            merged.append((award.amount, players, winners))
    for amount, _, winners in merged:
        quotient, remainder = divmod(amount, len(winners))
        for k in winners:
            stacks[k] += quotient
        stacks[winners[0]] += remainder
    return stacks


@pytest.mark.parametrize("chunk", range(10))
def test_pitboss_and_pokerkit_agree_on_random_hands(chunk: int) -> None:
    """10 x 1,000 random hands (>= 10,000 per run)."""
    rng = random.Random(20_241_000 + chunk)
    tally = Tally()
    for _ in range(1_000):
        play_both(rng, tally)
    assert tally.hands == 1_000
    assert tally.showdowns > 100
    assert tally.decisions > 3_000


@pytest.mark.soak
def test_pitboss_and_pokerkit_agree_on_many_more_random_hands() -> None:
    rng = random.Random(7_777)
    tally = Tally()
    for _ in range(50_000):
        play_both(rng, tally)
    assert tally.hands == 50_000


# -- where PokerKit and the TDA differ: the rule pitboss follows ----------------------------
def pk_state(stacks: tuple[int, ...], *, ante: int = 0) -> object:
    state = pokerkit.NoLimitTexasHoldem.create_state(
        (
            *AUTOMATIONS,
            pokerkit.Automation.HOLE_DEALING,
            pokerkit.Automation.CARD_BURNING,
            pokerkit.Automation.BOARD_DEALING,
        ),
        True,
        ante,
        (50, 100),
        100,
        stacks,
        len(stacks),
    )
    return state


def three_handed(stacks: tuple[int, int, int], **kw: object) -> Hand:
    """pitboss seats 1-3 with the button on seat 3 = PokerKit indices 0-2."""
    setup = HandSetup(
        seats=tuple(
            SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=s) for i, s in enumerate(stacks)
        ),
        button=3,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=50,
        big_blind=100,
        **kw,  # type: ignore[arg-type]
    )
    return Hand(setup, Deck(random.Random(1)))


def test_tda_47a_an_all_in_bet_below_the_big_blind_does_not_reopen_unlike_pokerkit() -> None:
    stacks = (1000, 150, 1000)
    hand = three_handed(stacks)
    pk = pk_state(stacks)
    for _ in range(3):  # everyone calls the big blind
        hand.apply(Action.call() if hand.legal_actions().call_amount else Action.check())
        pk.check_or_call()  # type: ignore[attr-defined]
    hand.check()  # seat 1 checks
    pk.check_or_call()  # type: ignore[attr-defined]
    hand.bet_to(50)  # seat 2 bets all-in for 50, less than the big blind
    pk.complete_bet_or_raise_to(50)  # type: ignore[attr-defined]
    hand.call()  # seat 3 calls
    pk.check_or_call()  # type: ignore[attr-defined]
    assert hand.actor == 1
    assert hand.legal_actions().min_raise_to is None  # TDA 43A/47A: check-caller may only call
    assert pk.min_completion_betting_or_raising_to_amount == 150  # type: ignore[attr-defined]


def test_thc_48_fold_when_a_check_is_free_is_allowed_unlike_pokerkit() -> None:
    stacks = (1000, 1000, 1000)
    hand = three_handed(stacks)
    pk = pk_state(stacks)
    hand.call()
    hand.call()
    pk.check_or_call()  # type: ignore[attr-defined]
    pk.check_or_call()  # type: ignore[attr-defined]
    assert hand.legal_actions().can_fold  # the big blind may fold its free option
    assert not pk.can_fold()  # type: ignore[attr-defined]


def test_ky_10_a_short_big_blind_is_called_for_the_full_blind_unlike_pokerkit() -> None:
    stacks = (1000, 60, 1000)
    hand = three_handed(stacks)
    pk = pk_state(stacks)
    assert hand.legal_actions().call_amount == 100
    assert pk.checking_or_calling_amount == 60  # type: ignore[attr-defined]


def test_rp_11_the_big_blind_ante_stays_in_the_pot_unlike_pokerkit_ante_trimming() -> None:
    stacks = (1000, 1000, 1000)
    hand = three_handed(stacks, ante=100, ante_mode=AnteMode.BIG_BLIND)
    assert hand.pot == 250  # small blind, big blind and the big-blind ante
    pk = pk_state(stacks, ante=0)
    assert pk.total_pot_amount == 150  # type: ignore[attr-defined]
    trimmed = pokerkit.NoLimitTexasHoldem.create_state(
        (*AUTOMATIONS, pokerkit.Automation.HOLE_DEALING),
        True,
        (0, 100, 0),
        (50, 100),
        100,
        stacks,
        3,
    )
    assert trimmed.total_pot_amount == 150  # the lone ante was given back at once


def test_tda_21_odd_chips_are_settled_pot_by_pot_unlike_pokerkit() -> None:
    """Seat 1 is all-in for 100 and loses; seats 2 and 3 tie for a main pot of 401 and a side
    pot of 503 (seat 4's ante and seat 5's folded call are dead money). pitboss splits each pot
    (TDA 21) and gives each odd chip to seat 2, the first winner left of the button (TDA 20);
    PokerKit kills seat 1's hand, merges both pots and splits 904 evenly."""
    holes = ("2d3d", "Td3c", "Tc4d", "7s8s", "5s6s")
    stacks = (100, 5000, 5000, 1000, 5000)
    setup = HandSetup(
        seats=tuple(
            SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=s) for i, s in enumerate(stacks)
        ),
        button=5,
        small_blind_seat=None,
        big_blind_seat=2,
        small_blind=0,
        big_blind=100,
        posts=(Post(seat=4, kind=PostKind.ANTE, amount=1),),
    )
    hand = Hand.from_cards(
        setup,
        hole={i + 1: parse_cards(h) for i, h in enumerate(holes)},
        board=parse_cards("AhKhQhJh2c"),
    )
    pk = pokerkit.NoLimitTexasHoldem.create_state(
        (
            *AUTOMATIONS,
            pokerkit.Automation.CHIPS_PUSHING,
            pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        ),
        False,  # no ante trimming: the lone ante stays in the pot, as in pitboss
        (0, 0, 0, 1, 0),
        (0, 0),
        100,
        stacks,
        5,
    )
    for h in holes:
        pk.deal_hole(h)
    script = ["r100", "r201", "c", "f", "c", "|AhKhQh", "r100", "c", "f", "|Jh", "x", "x", "|2c",
              "x", "x"]  # fmt: skip
    burns = iter(["9c", "9d", "9s"])
    for step in script:
        if step.startswith("|"):
            pk.burn_card(next(burns))
            pk.deal_board(step[1:])
        elif step.startswith("r"):
            hand.raise_to(int(step[1:]))
            pk.complete_bet_or_raise_to(int(step[1:]))
        elif step == "f":
            hand.fold()
            pk.fold()
        else:
            hand.apply(Action.call() if step == "c" else Action.check())
            pk.check_or_call()
    awards = sorted((a for a in hand.events if isinstance(a, PotAwarded)), key=lambda a: a.pot)
    assert [(a.amount, a.winners, a.shares) for a in awards] == [
        (401, (2, 3), (201, 200)),
        (503, (2, 3), (252, 251)),
    ]
    assert (hand.final_stacks[2], hand.final_stacks[3]) == (5152, 5150)
    assert (pk.stacks[1], pk.stacks[2]) == (5151, 5151)


def test_betting_ends_when_the_one_player_with_chips_covers_every_all_in() -> None:
    stacks = (66, 1000, 1000)
    hand = three_handed(stacks)
    hand.fold()  # the button folds
    hand.call()  # the small blind calls all-in for 66
    assert hand.is_over  # the big blind covers it: no check to ask for, the board runs out
    pk = pk_state(stacks)
    pk.fold()  # type: ignore[attr-defined]
    pk.check_or_call()  # type: ignore[attr-defined]
    assert pk.actor_index == 1  # type: ignore[attr-defined] # PokerKit asks the big blind


def test_heads_up_big_blind_all_in_below_the_small_blind_no_decision_like_pokerkit() -> None:
    """TDA 16 / KY 14: nobody can call anything, so nobody is asked; PokerKit agrees."""
    setup = HandSetup(
        seats=(SeatSpec(seat=1, player="p1", stack=1000), SeatSpec(seat=2, player="p2", stack=5)),
        button=1,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=25,
        big_blind=50,
    )
    hand = Hand(setup, Deck(random.Random(4)))
    assert hand.is_over
    pk = pokerkit.NoLimitTexasHoldem.create_state(
        (
            *AUTOMATIONS,
            pokerkit.Automation.HOLE_DEALING,
            pokerkit.Automation.CARD_BURNING,
            pokerkit.Automation.BOARD_DEALING,
        ),
        True,
        0,
        (25, 50),
        50,
        (5, 1000),  # PokerKit heads-up: index 0 is the big blind, index 1 the button
        2,
    )
    assert pk.actor_index is None  # no decision for the small blind
    assert list(pk.stacks) == [0, 995]  # its excess 20 came back
    assert hand.stacks[1] in (995, 1005)  # 20 back, then the pot of 10 won or lost

"""Dealing-engine speed: random legal play with 100-big-blind stacks, side by side.

Engines: pitboss (every TDA rule enforced: posting, dealing with burns, min bet/raise, TDA 47A
reopening, side pots, showdown order, events recorded), PokerKit 0.7.7 (NoLimitTexasHoldem with
automated posting, dealing and pushing) and pokerfast's FastHand (6-max only, its fixed game).
Each engine plays the same random policy: raise 15% of the time when it may (to a random
amount between the minimum and the maximum), fold 30% of the time when facing a bet, otherwise
check or call; every hand reaching showdown is shown.

Run: python benchmarks/bench_engine.py [--seconds 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from pitboss.cards import Deck
from pitboss.engine import Hand, HandSetup, SeatSpec

BIG_BLIND = 100
STACK = 100 * BIG_BLIND


def pitboss_player(players: int, rng: random.Random) -> Callable[[], None]:
    setup = HandSetup(
        seats=tuple(SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=STACK) for i in range(players)),
        button=players,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=BIG_BLIND // 2,
        big_blind=BIG_BLIND,
    )
    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        hand = Hand(setup, Deck(rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.can_show:
                hand.show()
                continue
            roll = random_()
            low = legal.min_raise_to
            if low is not None and roll < 0.15:
                high = legal.max_raise_to
                assert high is not None
                hand.raise_to(randint(low, high))
            elif legal.call_amount:
                if roll < 0.45:
                    hand.fold()
                else:
                    hand.call()
            else:
                hand.check()

    return play


def pokerkit_player(players: int, rng: random.Random) -> Callable[[], None]:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    stacks = (STACK,) * players
    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (BIG_BLIND // 2, BIG_BLIND), BIG_BLIND, stacks, players
        )
        while state.status:
            roll = random_()
            low = state.min_completion_betting_or_raising_to_amount
            if low is not None and roll < 0.15:
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(randint(low, high))
            elif state.checking_or_calling_amount:
                if roll < 0.45:
                    state.fold()
                else:
                    state.check_or_call()
            else:
                state.check_or_call()

    return play


def fasthand_player(players: int, rng: random.Random) -> Callable[[], None]:
    from pokerfast import FastHand

    random_ = rng.random
    randint = rng.randint

    def play() -> None:
        hand = FastHand(
            player_count=players,
            small_blind=BIG_BLIND // 2,
            big_blind=BIG_BLIND,
            min_stack=STACK,
            max_stack=STACK,
            rng=rng,
        )
        while not hand.done:
            space = hand.get_action_space()
            if not space:
                break
            roll = random_()
            if "min_bet" in space and roll < 0.15:
                hand.bet_or_raise(randint(space["min_bet"], space["max_bet"]))
            elif "call" in space:
                if roll < 0.45:
                    hand.fold()
                else:
                    hand.call()
            else:
                hand.check()

    return play


def rate(play: Callable[[], None], seconds: float) -> float:
    """Hands per second over at least ``seconds`` (after a short warm-up)."""
    for _ in range(50):
        play()
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            play()
        hands += 100
        now = time.perf_counter()
        if now >= deadline:
            return hands / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="timing per engine and size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results: dict[tuple[str, int], float] = {}
    for players in (6, 9):
        engines: list[tuple[str, Callable[[int, random.Random], Callable[[], None]]]] = [
            ("pitboss", pitboss_player),
            ("pokerkit", pokerkit_player),
        ]
        if players == 6:
            engines.append(("pokerfast FastHand", fasthand_player))
        for name, make in engines:
            play = make(players, random.Random(args.seed))
            results[name, players] = rate(play, args.seconds)
    print(f"{'engine':<20} {'6-max hands/s':>14} {'9-max hands/s':>14}")
    for name in ("pitboss", "pokerkit", "pokerfast FastHand"):
        six = results.get((name, 6))
        nine = results.get((name, 9))
        print(
            f"{name:<20} {six or 0:>14,.0f} "
            + (f"{nine:>14,.0f}" if nine is not None else f"{'-':>14}")
        )
    ours6, ours9 = results["pitboss", 6], results["pitboss", 9]
    print(f"pitboss / pokerkit, 6-max: {ours6 / results['pokerkit', 6]:.1f}x")
    print(f"pitboss / pokerkit, 9-max: {ours9 / results['pokerkit', 9]:.1f}x")
    print(f"pitboss / pokerfast FastHand, 6-max: {ours6 / results['pokerfast FastHand', 6]:.2f}x")


if __name__ == "__main__":
    main()

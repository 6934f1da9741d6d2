"""The chat of a software-dealt table, below the server (issue 31): what a message may hold,
the flood limit, whose messages wait for the hand's end under each house's hold (TDA 67,
THC 26, SLPT 11, KY 17), and that a screen sees names, never ids."""

from __future__ import annotations

import pytest
from tests.engine.helpers import table

from pitboss.engine import Action, Hand
from pitboss.engine.actions import ActionKind
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live.chat import (
    EMOJI,
    KEPT,
    MAX_CHARS,
    RATE_COUNT,
    RATE_WINDOW_MS,
    ChatError,
    TableChats,
    check_emoji,
    clean_text,
    hold_for,
    shown,
)
from pitboss.rules import RuleSet
from pitboss.rules.chat_hold import ChatHold

H1 = HandId("h1")
T1 = TableNo(1)


def three_handed_after_a_fold() -> Hand:
    """p1 small blind, p2 big blind, p3 on the button folded: p1 and p2 are still in."""
    hand = Hand.from_cards(table([1000, 1000, 1000]), hole={})
    hand.apply(Action(kind=ActionKind.FOLD))
    return hand


def test_a_message_is_cleaned_of_control_and_invisible_characters() -> None:
    # a line break is a space; a bidirectional override and a lone surrogate are dropped
    assert clean_text("  nice\n\thand\u202e  \ud800 ") == "nice hand"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # the joiner inside an emoji stays
    assert clean_text(f"gg {family}") == f"gg {family}"
    england = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
    assert clean_text(england) == england


@pytest.mark.parametrize("text", ["", "   ", "\n\u200b\u202e", None, 42])
def test_an_empty_message_or_one_that_is_not_text_is_refused(text: object) -> None:
    with pytest.raises(ChatError) as refused:
        clean_text(text)
    assert refused.value.code in {"chat_empty", "chat_not_text"}


def test_a_message_is_at_most_200_characters_and_the_refusal_says_so() -> None:
    assert clean_text("x" * MAX_CHARS) == "x" * MAX_CHARS
    with pytest.raises(ChatError) as refused:
        clean_text("x" * (MAX_CHARS + 1))
    assert refused.value.code == "chat_too_long"
    assert refused.value.message == "Your message is 201 characters long: a message is at most 200"


def test_a_reaction_is_one_of_the_offered_emoji() -> None:
    assert [check_emoji(e) for e in EMOJI] == list(EMOJI)
    for wrong in ("\U0001f4a9", "gg", "", None, ["\U0001f44d"]):
        with pytest.raises(ChatError) as refused:
            check_emoji(wrong)
        assert refused.value.code == "chat_bad_emoji"
        assert "\U0001f44d" in refused.value.message


def test_a_player_sends_at_most_five_lines_in_ten_seconds() -> None:
    chats = TableChats()
    for i in range(RATE_COUNT):
        chats.post(T1, sender=PlayerId("p1"), name="Ann", now=1_000 + i, text=f"m{i}")
    with pytest.raises(ChatError) as refused:
        chats.post(T1, sender=PlayerId("p1"), name="Ann", now=2_000, emoji="\U0001f525")
    assert refused.value.code == "chat_too_fast"
    assert refused.value.message == (
        "Slow down: at most 5 messages in 10 seconds. Try again in 9 s"
    )
    assert len(chats.lines(T1)) == RATE_COUNT  # a refusal changes nothing
    chats.post(T1, sender=PlayerId("p2"), name="Bob", now=2_000, text="another player may")
    chats.post(T1, sender=PlayerId("p1"), name="Ann", now=1_000 + RATE_WINDOW_MS, text="again")


def test_a_table_keeps_its_latest_lines_only() -> None:
    chats = TableChats()
    for i in range(KEPT + 5):
        chats.post(T1, sender=PlayerId(f"p{i}"), name=f"P{i}", now=i, text=f"m{i}")
    lines = chats.lines(T1)
    assert len(lines) == KEPT
    assert lines[-1].text == f"m{KEPT + 4}"
    assert chats.lines(TableNo(2)) == ()


def test_the_houses_hold_the_whole_table_while_a_hand_is_in_play() -> None:
    """TDA 67, THC 26, SLPT 11: "whether in the hand or not": a folded player waits too."""
    hand = three_handed_after_a_fold()
    for preset in ("tda", "thc", "slpt", "ky-charity", "thc-sit-and-go", "pko"):
        hold = RuleSet.from_preset(preset).tournament.conduct.chat_hold
        assert hold is ChatHold.TABLE, preset
        for player in ("p1", "p3", "p9"):  # in the hand, folded, not dealt in
            assert hold_for(hold, hand, H1, PlayerId(player)) == H1


def test_in_hand_holds_only_the_players_still_in_it_and_off_holds_nobody() -> None:
    hand = three_handed_after_a_fold()
    assert hold_for(ChatHold.IN_HAND, hand, H1, PlayerId("p1")) == H1
    assert hold_for(ChatHold.IN_HAND, hand, H1, PlayerId("p3")) is None  # folded: talks
    assert hold_for(ChatHold.OFF, hand, H1, PlayerId("p1")) is None


def test_nothing_is_held_between_hands_or_once_the_action_is_complete() -> None:
    assert hold_for(ChatHold.TABLE, None, None, PlayerId("p1")) is None
    hand = three_handed_after_a_fold()
    hand.apply(Action(kind=ActionKind.FOLD))  # the small blind folds: the big blind wins
    assert hand.is_over
    assert hold_for(ChatHold.TABLE, hand, H1, PlayerId("p1")) is None


def test_a_held_line_shows_to_its_sender_marked_and_to_the_table_once_the_hand_ends() -> None:
    chats = TableChats()
    chats.post(T1, sender=PlayerId("p1"), name="Ann", now=1, text="before the deal")
    chats.post(T1, sender=PlayerId("p1"), name="Ann", now=2, text="what a river", held_for=H1)
    chats.post(T1, sender=PlayerId("p2"), name="Bob", now=3, emoji="\U0001f602", held_for=H1)
    lines = chats.lines(T1)
    during = shown(lines, PlayerId("p1"), H1)
    assert [(x["name"], x["text"], x["emoji"], x["mine"], x["held"]) for x in during] == [
        ("Ann", "before the deal", "", True, False),
        ("Ann", "what a river", "", True, True),
    ]
    assert [x["text"] for x in shown(lines, None, H1)] == ["before the deal"]  # the public view
    after = shown(lines, PlayerId("p2"), None)
    assert [(x["name"], x["held"], x["mine"]) for x in after] == [
        ("Ann", False, False),
        ("Ann", False, False),
        ("Bob", False, True),
    ]
    # a later hand in play holds only its own lines
    assert len(shown(lines, None, HandId("h2"))) == 3


def test_a_screen_sees_the_senders_name_never_their_id() -> None:
    chats = TableChats()
    chats.post(T1, sender=PlayerId("p001"), name="Ann", now=1, text="hello")
    for line in shown(chats.lines(T1), PlayerId("p002"), None):
        assert "p001" not in repr(line)
        assert set(line) == {"seq", "name", "text", "emoji", "mine", "held"}

"""Structure: every blind and ante payable with the chips in play (TDA 24, RP-11; RULES §6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pitboss.errors import RuleSetError, StructureError
from pitboss.rules import RuleSet
from pitboss.rules.stakes import AnteMode
from pitboss.rules.structure import Break, Level, Structure
from pitboss.rules.tournament import AddOnRules, EntryRules, RebuyRules, TournamentRules
from pitboss.tournament.model.timeline import (
    PeriodKind,
    ante_label,
    break_period,
    colour_up_schedule,
    is_through_level,
    level_period,
    start_minute,
    timeline,
)

KY = RuleSet.from_preset("ky-charity").tournament.structure


def _levels(*amounts: tuple[int, int, int]) -> tuple[Level, ...]:
    return tuple(Level(small_blind=sb, big_blind=bb, ante=a) for sb, bb, a in amounts)


def test_ky_seed_level_7_759_is_rejected_naming_the_level() -> None:
    levels = list(KY.levels)
    levels[6] = Level(small_blind=759, big_blind=1500, ante=100)
    with pytest.raises(StructureError) as info:
        Structure(levels=tuple(levels), breaks=KY.breaks, chips=KY.chips, ante_mode=KY.ante_mode)
    assert info.value.message.startswith("level 7: the small blind 759 is not a multiple of 50")
    assert info.value.params == {
        "level": 7,
        "kind": "small_blind",
        "amount": 759,
        "smallest_chip": 50,
        "chips_in_play": [50, 100, 500, 1000, 5000],
        "family": "bad_structure",
    }
    assert info.value.code == "not_payable_in_chips"


def test_a_blind_needing_a_coloured_up_chip_is_rejected() -> None:
    # KY 10 removes the $25 chip at level 4: a 25-unit amount after that is unpayable
    with pytest.raises(StructureError, match="level 2: the big blind 150 is not a multiple of 100"):
        Structure(
            levels=(
                Level(small_blind=25, big_blind=50),
                Level(small_blind=100, big_blind=150, colour_up=(25,)),
            ),
            breaks=(),
            chips=(25, 100),
        )


def test_colour_up_at_a_break_applies_to_the_next_level() -> None:
    s = Structure(
        levels=_levels((25, 50, 0), (100, 200, 0)),
        breaks=(Break(after_level=1, minutes=10, colour_up=(25,)),),
        chips=(25, 100),
    )
    assert s.chips_in_play_at_level(1) == (25, 100)
    assert s.chips_in_play_at_break(1) == (100,)
    assert s.smallest_chip_at_level(2) == 100
    with pytest.raises(StructureError, match="level 2: the small blind 50"):
        Structure(
            levels=_levels((25, 50, 0), (50, 100, 0)),
            breaks=(Break(after_level=1, minutes=10, colour_up=(25,)),),
            chips=(25, 100),
        )


def test_ante_must_be_payable_too() -> None:
    with pytest.raises(StructureError, match="level 1: the ante 30"):
        Structure(levels=_levels((100, 200, 30)), breaks=(), chips=(25, 100))


def test_colour_up_of_a_chip_not_in_play_is_rejected() -> None:
    with pytest.raises(StructureError, match="colours up the 5 chip"):
        Structure(
            levels=(Level(small_blind=25, big_blind=50, colour_up=(5,)),), breaks=(), chips=(25,)
        )


def test_colour_up_of_every_chip_is_rejected() -> None:
    with pytest.raises(StructureError, match="at least one chip value must remain"):
        Structure(
            levels=(Level(small_blind=25, big_blind=50, colour_up=(25,)),), breaks=(), chips=(25,)
        )


@pytest.mark.parametrize(
    ("level", "message"),
    [
        (Level(small_blind=100, big_blind=50), "big blind at least"),
        (Level(small_blind=0, big_blind=50), "must be positive"),
        (Level(small_blind=25, big_blind=50, ante=-25), "ante zero or more"),
        (Level(small_blind=25, big_blind=50, minutes=0), "positive number of minutes"),
        (
            Level(small_blind=25, big_blind=50, ante=25, ante_mode=AnteMode.NONE),
            "ante_mode 'none'",
        ),
    ],
)
def test_impossible_levels_are_rejected(level: Level, message: str) -> None:
    with pytest.raises(StructureError, match=message):
        Structure(levels=(level,), breaks=(), chips=(25,))


def test_breaks_must_follow_existing_levels_in_order() -> None:
    with pytest.raises(StructureError, match="does not fit"):
        Structure(
            levels=_levels((25, 50, 0)), breaks=(Break(after_level=2, minutes=5),), chips=(25,)
        )
    with pytest.raises(StructureError, match="in order"):
        Structure(
            levels=_levels((25, 50, 0), (50, 100, 0), (75, 150, 0)),
            breaks=(Break(after_level=2, minutes=5), Break(after_level=1, minutes=5)),
            chips=(25,),
        )


def test_no_levels_is_rejected() -> None:
    with pytest.raises(StructureError, match="at least one level"):
        Structure(levels=(), breaks=(), chips=(25,))


def test_ky_timeline_has_sixteen_levels_and_three_breaks() -> None:
    periods = timeline(KY)
    assert len(periods) == 19
    assert [p.level for p in periods if p.kind is PeriodKind.BREAK] == [5, 10, 14]
    assert [p.index for p in periods] == list(range(19))
    assert periods[5].label() == "Break after level 5"
    # KY 10 derived: level 6 starts 100 minutes of play plus the first break in
    assert start_minute(KY, level_period(KY, 6).index) == 110
    assert start_minute(KY, break_period(KY, 14).index) == 14 * 20 + 20


def test_ky_colour_up_schedule_matches_the_seed() -> None:
    steps = colour_up_schedule(KY)
    assert [(s.period.level, s.removed, s.smallest_after) for s in steps] == [
        (4, (25,), 50),
        (8, (50,), 100),
        (13, (100,), 500),
        (15, (500,), 1000),
    ]


def test_rebuy_window_until_level_5_excludes_the_intermission() -> None:
    # KY 4: re-buys "until intermission"
    assert is_through_level(level_period(KY, 5), 5)
    assert not is_through_level(break_period(KY, 5), 5)
    assert not is_through_level(level_period(KY, 6), 5)


def test_ante_label_reads_like_a_structure_sheet() -> None:
    assert ante_label(KY, 1) == "-"
    assert ante_label(KY, 6) == "50"
    tda = RuleSet().tournament.structure
    assert ante_label(tda, 3) == "400 (BB)"


def test_no_level_99() -> None:
    with pytest.raises(StructureError, match="there is no level 99"):
        KY.level(99)
    with pytest.raises(StructureError, match="no break after level 3"):
        break_period(KY, 3)


def test_starting_stack_must_be_payable_in_chips() -> None:
    with pytest.raises(RuleSetError, match="starting_chips 10,010"):
        TournamentRules(entry=EntryRules(starting_chips=10010))


def test_add_on_needs_an_existing_break() -> None:
    with pytest.raises(RuleSetError, match="no break after that level"):
        TournamentRules(
            add_on=AddOnRules(allowed=True, price_cents=100, chips=1000, at_break_after_level=3)
        )


def test_rebuy_needs_a_window() -> None:
    with pytest.raises(RuleSetError, match="no window is set"):
        RebuyRules(allowed=True, price_cents=100, chips=1000)


@given(
    st.lists(st.integers(min_value=1, max_value=400), min_size=1, max_size=12),
    st.sampled_from([25, 50, 100]),
)
def test_any_structure_that_validates_has_payable_amounts(bbs: list[int], chip: int) -> None:
    levels = tuple(Level(small_blind=bb * chip, big_blind=2 * bb * chip) for bb in sorted(bbs))
    s = Structure(levels=levels, breaks=(), chips=(chip,))
    for n in range(1, len(levels) + 1):
        smallest = s.smallest_chip_at_level(n)
        assert s.level(n).small_blind % smallest == 0
        assert s.level(n).big_blind % smallest == 0


@pytest.mark.parametrize(
    ("second", "third"),
    [((400, 800), (300, 600)), ((400, 800), (400, 600)), ((400, 800), (300, 800))],
)
def test_ky_10_blinds_that_go_down_are_refused_naming_both_levels(
    second: tuple[int, int], third: tuple[int, int]
) -> None:
    levels = _levels((200, 400, 0), (*second, 0), (*third, 0))
    with pytest.raises(StructureError) as info:
        Structure(levels=levels, breaks=(), chips=(100,))
    assert info.value.code == "blinds_decrease"
    assert info.value.params == {
        "level": 3,
        "previous_level": 2,
        "small_blind": third[0],
        "big_blind": third[1],
        "previous_small_blind": second[0],
        "previous_big_blind": second[1],
        "family": "bad_structure",
    }
    assert f"level 3 has blinds {third[0]}/{third[1]}, lower than level 2's" in info.value.message


def test_blinds_may_stay_while_the_ante_starts_or_changes_mode() -> None:
    levels = (
        Level(small_blind=500, big_blind=1000),
        Level(small_blind=500, big_blind=1000, ante=100, ante_mode=AnteMode.PER_PLAYER),
        Level(small_blind=600, big_blind=1200, ante=1200, ante_mode=AnteMode.BIG_BLIND),
        Level(small_blind=600, big_blind=1200, ante=200, ante_mode=AnteMode.PER_PLAYER),
    )
    assert len(Structure(levels=levels, breaks=(), chips=(100,)).levels) == 4


def test_a_preset_with_blinds_going_down_is_refused_with_the_preset_named() -> None:
    from pitboss.rules.presets import parse_preset

    text = """
name = "down"
[tournament.structure]
chips = [25]
breaks = []
levels = [{ small_blind = 50, big_blind = 100 }, { small_blind = 25, big_blind = 50 }]
"""
    with pytest.raises(StructureError) as info:
        parse_preset(text, name="down")
    assert info.value.code == "blinds_decrease"
    assert info.value.params["level"] == 2
    assert info.value.message.startswith("preset 'down':")

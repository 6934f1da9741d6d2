"""The JSON of the software's dealing, the hands in play, the dealer's device and the
structure designer, as Pydantic models (issue 27; the conventions of `pitboss.server.models`:
every key declared, none dropped; a key present only sometimes defaults to None and its route
answers with ``response_model_exclude_unset``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from pitboss.server.models import Clock, ErrorBody, Payload, TableColourUp, TablePlayer

# --- the software's dealing ------------------------------------------------------------------


class DealingTable(Payload):
    """A dealt table: its pause, the hand in play, hands dealt, who is to act and until when."""

    table: int
    paused: bool
    hand_id: str | None
    hands_dealt: int
    to_act: str | None
    deadline: int | None
    to_act_name: str | None = None  # the player to act, by name (issue 31: not p004)


class DealingStatus(Payload):
    """Whether the software deals, each table, the browser players, and the room's error."""

    dealing: bool
    tables: list[DealingTable]
    browser_players: list[str]
    error: str | None


class PlayerLink(Payload):
    """A player's personal link (its secret inside)."""

    player_id: str
    url: str
    token: str


class SeatedLink(PlayerLink):
    """A seated player's personal link, by table and seat."""

    table: int
    seat: int
    name: str


# --- a dealt hand as a spectator sees it -----------------------------------------------------


class Winner(Payload):
    """A pot's winner and share."""

    seat: int
    name: str
    share: int


class HandPot(Payload):
    """A pot: its chips, the seats eligible, and once awarded its ``winners``; ``index`` 0 the
    main pot, then the side pots; ``half`` ``high`` or ``low`` for half of a pot split in Omaha
    high-low (issue 30)."""

    amount: int
    eligible: list[int]
    winners: list[Winner] | None = None
    index: int = 0
    half: Literal["high", "low"] | None = None


class HandSeat(Payload):
    """A seat in the hand; ``cards`` only the viewer's own or shown; ``hand_name`` and
    ``best_five`` once shown with the whole board."""

    seat: int
    player_id: str
    name: str
    stack: int
    bet: int
    folded: bool
    all_in: bool
    cards: list[str] | None
    has_cards: bool
    hand_name: str | None = None
    best_five: list[str] | None = None
    bounty_cents: int = 0  # the bounty on the player's head (issue 29)
    low_name: str | None = None  # Omaha high-low: the shown hand's eight-or-better low


class DealtHand(Payload):
    """The hand in play at a dealt table (or the last one, over)."""

    hand_id: str
    table: int
    street: str
    over: bool
    recorded: bool
    button: int
    small_blind: int
    big_blind: int
    ante: int
    board: list[str] | None
    seats: list[HandSeat]
    pot: int
    pots: list[HandPot]
    actor: int | None
    turn: int | None
    deadline: int | None
    last_actions: list[str]
    game: Literal["holdem", "omaha", "omaha_hi_lo"] = "holdem"
    structure: Literal["no_limit", "pot_limit", "fixed_limit"] = "no_limit"


class SpectatorView(Payload):
    """A public screen at a dealt table: no hole card until it is shown."""

    kind: Literal["spectator"]
    stream: str
    server_now: int
    dealing: bool
    table: int
    hand: DealtHand | None
    clock: Clock


# --- every table's hand for the console ------------------------------------------------------


class PotLine(Payload):
    """A pot and the seats eligible."""

    amount: int
    eligible: list[int]


class DealtToAct(Payload):
    """Who is to act at a dealt table, the call, and the deadline."""

    seat: int
    name: str
    to_call: int
    deadline: int | None


class RecordedToAct(Payload):
    """Who is to act in a hand a dealer records, and the call."""

    seat: int
    name: str
    to_call: int


class DealtHandLine(Payload):
    """A table the software deals."""

    table: int
    source: Literal["dealt"]
    paused: bool
    in_play: bool
    hand_id: str | None
    street: str | None
    board: list[str] | None
    pot: int
    pots: list[HandPot]
    players_in: int
    to_act: DealtToAct | None


class RecordedHandLine(Payload):
    """A hand a dealer records (issue 16)."""

    table: int
    source: Literal["recorded"]
    paused: None
    in_play: bool
    hand_id: str
    street: str
    board: list[str]
    pot: int
    pots: list[PotLine]
    players_in: int
    to_act: RecordedToAct | None
    awaiting_award: bool
    last_ruling: str | None


class FloorHandLine(Payload):
    """A table whose hands the floor runs without a plan: only whether one is open."""

    table: int
    source: Literal["floor"]
    paused: None
    in_play: bool
    hand_id: str | None


HandLine = Annotated[
    DealtHandLine | RecordedHandLine | FloorHandLine, Field(discriminator="source")
]


class HandsInPlay(Payload):
    """Every table's hand in progress, for the console."""

    dealing: bool
    server_now: int
    tables: list[HandLine]


# --- the dealer's device ---------------------------------------------------------------------


class DealerSeat(Payload):
    """A seat as the dealer's device draws it."""

    seat: int
    player_id: str
    name: str
    stack: int
    bet: int
    is_in: bool
    is_all_in: bool
    is_actor: bool
    position: str


class DealerPot(Payload):
    """A pot, numbered."""

    index: int
    amount: int
    eligible: list[int]


class Overridden(Payload):
    """The director's override of the ruling shown (TDA 1)."""

    reason: str
    instead: str


class LastRuling(Payload):
    """The last ruling, with its rules and the chips it moved."""

    outcome: str
    message: str
    rules: list[str]
    returned: int
    owed: int
    forfeited: int
    infraction: str | None
    sanction: str | None
    overridden: Overridden | None
    seat: int | None = None
    name: str | None = None


class Replacement(Payload):
    """A card to replace (TDA 35A)."""

    place: int
    seat: int
    name: str
    rules: list[str]


class RecordedHand(Payload):
    """The hand in play as the dealer's device draws it."""

    hand_id: str
    street: str
    board: str
    seats: list[DealerSeat]
    pots: list[DealerPot]
    actor: int | None
    actor_name: str | None
    to_call: int
    min_raise_to: int | None
    max_raise_to: int | None
    awaiting_award: bool
    options: list[str]
    held: list[int]
    last_ruling: LastRuling | None
    replacements: list[Replacement]
    deal_order: list[int]
    button: int
    small_blind: int
    big_blind: int
    ante: int
    chip_unit: int
    game: Literal["holdem", "omaha", "omaha_hi_lo"] = "holdem"
    structure: Literal["no_limit", "pot_limit", "fixed_limit"] = "no_limit"
    pot_limit_to: int | None = None  # pot-limit only: the pot count told (SLPT 19)
    hole_cards: int = 2  # the cards dealt to each seat (four in Omaha)
    game_name: str = ""  # "Pot-Limit Omaha"; "" for No-Limit Hold'em


class DealerLevel(Payload):
    """The level's blinds and ante."""

    label: str
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ante_label: str


class RecordedView(Payload):
    """What the dealer's device shows at a table."""

    kind: Literal["recorded"]
    stream: str
    seq: int
    server_now: int
    name: str
    house: str
    phase: str
    table: int
    exists: bool
    button: int | None
    players: list[TablePlayer]
    level: DealerLevel
    players_left: int
    hand: RecordedHand | None
    hand_error: ErrorBody | None
    next_hand_id: str
    colour_up: TableColourUp | None
    counting: bool


# --- the structure designer ------------------------------------------------------------------


class DesignBase(Payload):
    """The structure to start from, as the page edits it: ``structure`` is a preset's
    ``[tournament.structure]`` table (free-form here: `pitboss.rules.mapping` and the
    designer's checks read it field by field), with the title, a field and the time limit."""

    title: str
    structure: dict[str, Any]
    players: int
    time_limit_minutes: int | None


class EstimateSummary(Payload):
    """The instant estimate of the night (`pitboss.play.estimate.Estimate`, without levels);
    ``bounty_cents``: a bounty event's money on heads, apart from the prize pool (issue 29)."""

    entrants: int
    finish_minutes: int
    time_limit_minutes: int | None
    is_chopped: bool
    players_at_limit: int
    last_level: int
    hands: int
    rebuys: int
    add_ons: int
    chips: int
    prize_pool_cents: int
    house_share_cents: int
    bounty_cents: int


class LevelRow(Payload):
    """A level in big blinds, with the players expected when it starts."""

    level: int
    start_minute: int
    minutes: int
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: str
    players: float | None
    average_stack: int | None
    average_big_blinds: float | None
    average_m: float | None
    starting_big_blinds: float
    break_minutes: int


class SpeedVerdict(Payload):
    """Regular, turbo or hyper-turbo, and why."""

    speed: str
    level_minutes: int
    hands_per_level: float
    starting_big_blinds: float
    reasons: tuple[str, ...]


class ChipsNeeded(Payload):
    """The chips a night needs, each as ``[value, count]`` pairs by value: a starting stack, a
    re-buy, an add-on, the field's total and that with a tenth more (`ChipNeeds`)."""

    starting: tuple[tuple[int, int], ...]
    rebuy: tuple[tuple[int, int], ...]
    add_on: tuple[tuple[int, int], ...]
    total: tuple[tuple[int, int], ...]
    with_float: tuple[tuple[int, int], ...]


class CurvePoint(Payload):
    """Players expected left at a minute."""

    minute: int
    players: int | float


class DesignAnswer(Payload):
    """The instant estimate of an edited structure."""

    title: str
    start_minute: int | None
    starting_chips: int
    estimate: EstimateSummary
    levels: list[LevelRow]
    speed: SpeedVerdict
    warnings: list[str]
    chips: ChipsNeeded
    curve: list[CurvePoint]

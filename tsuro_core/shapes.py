"""The engine's JSON shapes, declared once: what positions, records, moves, events
and every operation's arguments and answer look like (docs/api.md, NOTATION.md).

The engine builds its answers as these types, so ``mypy --strict`` checks each
one where it is built; JSON that comes in stays ``Any`` until a reader has
checked it.  ``sitebuild/jstypes.py`` writes the JavaScript types from this
module (web/js/lib/types.js), and a test fails when the two differ.  So the
names are the JavaScript ones the pages import (``GameRecord``, since
``Record`` is TypeScript's own), and a string just after a field says what it
is, for both.

Python cannot say everything JavaScript can (a list of fixed length, a move
read as one object with optional fields): :class:`JS` says how such a type
is written there.  Only these types, :data:`ALIASES` and :data:`OPS` are read
by the generator; a field may not be ``Any`` (``object`` is written
``unknown``: a value the engine takes without looking inside).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, NotRequired, TypedDict, final


@dataclass(frozen=True)
class JS:
    """How the JavaScript types write a shape, and by what ``name``: ``type``, a type
    expression (a list of fixed length, ``[number, number, Port]``), or ``merged``, a
    union written as one object whose fields are all optional (how pages read a
    move: ``if (move.tile !== undefined)``)."""

    name: str
    type: str = ""
    merged: bool = False


# --------------------------------------------------------------- notation

Port = Literal["A", "B", "C", "D", "E", "F", "G", "H"]
"""A port of a square, A-H clockwise from the left port of its north side."""
Rotation = Literal[0, 90, 180, 270]
"""Degrees clockwise."""
Phase = Literal["start", "tile", "exchange", "over"]
"""What the player to move does next: choose a start mark, play a tile, choose an
elimination-bonus exchange; or nothing, the game being over."""
Square = Annotated[list[int], JS("Square", "[number, number]")]
"""A square [x, y], from the top left, both from 0."""
Place = Annotated[list[int | str], JS("Place", "[number, number, Port]")]
"""Where a marker stands: the square it faces and the port of it [x, y, port]."""
PlacedTile = Annotated[list[int], JS("PlacedTile", "[number, number, number, number]")]
"""A tile on the board: [x, y, tile index, rotation]."""
PathStep = Annotated[list[int | str], JS("PathStep", "[number, number, Port, Port]")]
"""One step of a marker's path: [x, y, entry port, exit port]."""
TilePair = Annotated[list[int], JS("TilePair", "[number, number]")]
"""An exchange's pair [give, take]."""


class Player(TypedDict):
    """A seat's player."""

    name: str
    color: NotRequired[str]


class RuleOptions(TypedDict, total=False):
    """A rule set as a preset and the options that differ from it (docs/rules.md)."""

    preset: str
    width: int
    height: int
    min_players: int
    max_players: int
    hand_size: int
    dragon_from: int
    elimination_bonus: bool
    open_hands: bool
    scoring: str


RulesJSON = str | RuleOptions
"""A rule set: a preset's or variant's name ("classic", "solo", ...) or its options."""


class Position(TypedDict):
    """A complete snapshot, enough to continue the game (tsuro-position/1)."""

    format: str
    rules: RulesJSON
    players: list[Player]
    tiles: list[PlacedTile]
    markers: list[Place | None]
    hands: NotRequired[list[list[int]]]
    "left out by tutorials and puzzles"
    pile: NotRequired[list[int]]
    "top first"
    dragon: int | None
    "the seat holding the dragon tile"
    out: list[int]
    "the seats out, in the order they went out"
    turn: int | None
    "the seat to move; null once the game is over"
    exchange: NotRequired[list[int]]
    "the seats just eliminated, during an elimination-bonus exchange"
    winners: NotRequired[list[int]]
    sketch: NotRequired[bool]
    "a lesson's position no game reaches (docs/editor.md)"


@final  # a move of one kind: `"tile" in move` tells them apart
class StartMove(TypedDict):
    """Choose a start mark."""

    start: Place
    reshuffle: NotRequired[list[int]]
    clock: NotRequired[Literal[True]]
    "played by the turn clock (the seat's time ran out: clock_move)"


@final  # a move of one kind: `"tile" in move` tells them apart
class TileMove(TypedDict):
    """Play a tile into the square the marker faces, turned ``rot`` degrees clockwise."""

    tile: int
    rot: int
    reshuffle: NotRequired[list[int]]
    "the pile's order after eliminated players' tiles were shuffled in (a record's)"
    clock: NotRequired[Literal[True]]


@final  # a move of one kind: `"tile" in move` tells them apart
class ExchangeMove(TypedDict):
    """The elimination bonus: [give, take] tile pairs (none: keep the hand)."""

    exchange: list[TilePair]
    reshuffle: NotRequired[list[int]]
    clock: NotRequired[Literal[True]]


Move = Annotated[StartMove | TileMove | ExchangeMove, JS("Move", merged=True)]
"""A move: one of {start}, {tile, rot} or {exchange}, with a record's reshuffle."""


class Deal(TypedDict):
    """The hands and the pile as dealt."""

    hands: list[list[int]]
    pile: list[int]


class GameRecord(TypedDict):
    """A whole game that replays the same way everywhere (tsuro-record/1)."""

    format: str
    rules: RulesJSON
    players: list[Player]
    seed: NotRequired[int | str]
    deal: Deal
    moves: list[Move]


# ----------------------------------------------------------------- events


class StartEvent(TypedDict):
    type: Literal["start"]
    seat: int
    place: Place


class PlaceEvent(TypedDict):
    type: Literal["place"]
    seat: int
    tile: int
    rot: int
    square: Square


class MoveEvent(TypedDict):
    type: Literal["move"]
    seat: int
    path: list[PathStep]
    to: Place


OutEvent = TypedDict(
    "OutEvent",
    {
        "type": Literal["out"],
        "seat": int,
        "reason": Literal["edge", "collision"],
        "with": NotRequired[int],
    },
)


class ExchangeOfferEvent(TypedDict):
    type: Literal["exchange_offer"]
    seat: int
    tiles: list[int]


class ExchangeEvent(TypedDict):
    type: Literal["exchange"]
    seat: int
    pairs: list[TilePair]


class ReshuffleEvent(TypedDict):
    type: Literal["reshuffle"]
    returned: int
    "how many tiles came back"
    pile: int
    "the pile's size after"
    order: list[int]


class DragonTakenEvent(TypedDict):
    """A seat that had to draw from the empty pile takes the dragon tile."""

    type: Literal["dragon"]
    seat: int
    reason: Literal["taken"]


DragonReturnedEvent = TypedDict(
    "DragonReturnedEvent",
    {"type": Literal["dragon"], "seat": None, "from": int, "reason": Literal["returned"]},
)
"""The holder drew a tile: the dragon tile goes back to the table."""

DragonPassedEvent = TypedDict(
    "DragonPassedEvent",
    {"type": Literal["dragon"], "seat": int, "from": int, "reason": Literal["passed"]},
)
"""The holder went out: the dragon tile passes to the next seat that needs a tile."""

DragonSetAsideEvent = TypedDict(
    "DragonSetAsideEvent",
    {"type": Literal["dragon"], "seat": None, "from": int, "reason": Literal["set_aside"]},
)
"""The holder went out and nobody needs a tile: the dragon tile is set aside."""

DragonEvent = DragonTakenEvent | DragonReturnedEvent | DragonPassedEvent | DragonSetAsideEvent
"""Who holds the dragon tile now, and why (its reason says which fields it has)."""


class DrawEvent(TypedDict):
    type: Literal["draw"]
    seat: int
    tile: int


class SkipEvent(TypedDict):
    type: Literal["skip"]
    seat: int


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winners: list[int]


class ClockEvent(TypedDict):
    """First in a move the turn clock played."""

    type: Literal["clock"]
    seat: int


GameEvent = (
    StartEvent
    | PlaceEvent
    | MoveEvent
    | OutEvent
    | ExchangeOfferEvent
    | ExchangeEvent
    | ReshuffleEvent
    | DragonEvent
    | DrawEvent
    | SkipEvent
    | GameOverEvent
    | ClockEvent
)
"""What playing a move did, in order (docs/api.md, "Playing a move")."""


# ------------------------------------------------------------ legal moves


class MarkerPath(TypedDict):
    seat: int
    path: list[PathStep]
    to: Place


class OutcomeOut(TypedDict):
    seat: int
    reason: Literal["edge", "collision"]


class Outcome(TypedDict):
    """What placing a tile would do, without doing it."""

    self_eliminating: bool
    paths: list[MarkerPath]
    "every marker that would move, the mover's first"
    out: list[OutcomeOut]
    "who would go out"


class LegalMove(TypedDict):
    """One entry of legal_moves: a move and, in the tile phase, what it would do."""

    move: Move
    legal: NotRequired[bool]
    self_eliminating: NotRequired[bool]
    paths: NotRequired[list[MarkerPath]]
    out: NotRequired[list[OutcomeOut]]
    forced: NotRequired[bool]
    "every legal placement puts the mover out"


class ExchangeOffer(TypedDict):
    """What an elimination-bonus exchange may swap, and how many exchanges there are."""

    give: list[int]
    take: list[int]
    count: int


class LegalMoves(TypedDict):
    """legal_moves: the phase, whose turn, and every move with its outcome."""

    phase: Phase
    turn: int | None
    moves: list[LegalMove]
    exchange: NotRequired[ExchangeOffer]


# ---------------------------------------------------------------- answers


class Winners(TypedDict):
    winners: list[int]
    scores: list[int]


class MovePlayed(TypedDict):
    """A move played: the move as a record stores it, and what happened."""

    move: Move
    events: list[GameEvent]
    result: NotRequired[Winners]
    "once the game is over"


class Played(MovePlayed):
    """play: the next position, the move as a record stores it, and what happened."""

    position: Position


class GameResult(TypedDict):
    """result: whether the game is over, who won, each seat's scores."""

    over: bool
    winners: list[int]
    scores: list[int]
    phase: Phase
    turn: int | None


class Elimination(TypedDict):
    seat: int
    move: int
    reason: str


class Figures(TypedDict):
    """One player's end-of-game figures (tsuro_core/figures.py)."""

    seat: int
    path: int
    "the tile segments their marker's path crossed (one crossed twice counts twice)"
    squares: int
    "the squares their path crossed, each once"
    survived: int
    "the tile moves after which their marker was still on the board"
    put_out: int
    "the other markers their tiles put out"


class GameFigures(TypedDict):
    """game_figures: each player's figures, seat by seat."""

    figures: list[Figures]


class ReplayResult(TypedDict):
    """What ``python -m tsuro_core replay`` prints as the result."""

    over: bool
    winners: list[int]
    out: list[Elimination]
    scores: NotRequired[list[int]]
    figures: NotRequired[list[Figures]]
    "each player's figures (replay and the command line's replay answer them)"


class Replayed(TypedDict):
    position: Position
    result: ReplayResult


class Replays(TypedDict):
    """Every position of a record and the events of each move."""

    positions: list[Position]
    events: list[list[GameEvent]]


class BotInfo(TypedDict, total=False):
    """What a bot found out on the way (diagnostics)."""

    iterations: int
    candidates: int
    value: float | None
    score: float


class ClockMove(TypedDict):
    """clock_move's answer."""

    move: Move
    "a move that keeps the marker on the board if one exists, with clock: true"
    missed: int
    "the clock moves in a row this makes for the seat"
    computer: bool
    "whether the seat now goes to a computer until its player acts again"


class BotMove(TypedDict):
    """bot_move and hint: the move chosen, and how."""

    move: Move
    thinking_ms: float
    bot: str
    seat: int
    phase: Phase
    info: BotInfo


Verdict = Literal["good", "inaccuracy", "mistake", "blunder", "only"]
"""A review's verdict on one move."""


class ReviewedMove(TypedDict):
    """review: one move of a record judged from its mover's view."""

    index: int
    "the move's index in the record (position ``index`` is before it)"
    seat: int
    phase: Phase
    move: Move
    "the move played"
    verdict: Verdict
    played: float
    "the estimated value of the move played (on the answer's scale)"
    best: float
    best_move: Move
    "the best move found (the move played when it was the best)"
    loss: float
    chances: list[float]
    "every seat's chance (0..1) after the move"
    candidates: NotRequired[int]
    "how the search went: the engine always says; a page may keep a move without them"
    legal: NotRequired[int]
    iterations: NotRequired[int]


class ReviewSummary(TypedDict):
    """Per seat: its moves' verdicts and the mean value given away."""

    seat: int
    moves: int
    inaccuracy: int
    mistake: int
    blunder: int
    mean_loss: float


Review = TypedDict(
    "Review",
    {
        "moves": list[ReviewedMove],
        "from": int,
        "to": int,
        "total": int,
        "seats": int,
        "scale": Literal["win_share", "tiles_placed"],
        "seed": int | str,
        "iterations": int,
        "summary": list[ReviewSummary],
    },
)
"""review: moves ``from``..``to`` (exclusive) of ``total``, judged."""


class ErrorValue(TypedDict):
    """An engine error as a value: ``code`` is the API's stable code (docs/api.md)."""

    code: str
    message: str


class Version(TypedDict):
    version: str


class TileInfo(TypedDict):
    """A tile's paths (port pairs) at each rotation, and its rotations that look different."""

    tile: int
    paths: list[list[TilePair]]
    distinct: list[int]


class Tiles(TypedDict):
    tiles: list[TileInfo]


class RuleSet(TypedDict):
    """Every option of a preset."""

    preset: str
    width: int
    height: int
    min_players: int
    max_players: int
    hand_size: int
    dragon_from: int
    elimination_bonus: bool
    open_hands: bool
    scoring: str


class OptionKinds(TypedDict):
    elimination_bonus: Literal["bool"]
    open_hands: Literal["bool"]
    scoring: list[str]


class RuleSets(TypedDict):
    """rules: the presets, the variants and the options, for a setup screen."""

    presets: dict[str, RuleSet]
    variants: dict[str, RuleOptions]
    options: OptionKinds


class Dealt(TypedDict):
    """new_game and daily: the game as dealt."""

    position: Position
    record: GameRecord


class Valid(TypedDict):
    valid: bool


class Fragment(TypedDict):
    fragment: str


class Decoded(TypedDict, total=False):
    """decode_link: the record or the position a link holds."""

    record: GameRecord
    position: Position


class PuzzleVerdict(TypedDict):
    correct: bool
    legal: bool
    unique: bool


class PuzzleHint(TypedDict):
    tile: int
    rot: NotRequired[int]


class ProblemDetails(TypedDict, total=False):
    """What the words of a position's problem need, by problem (docs/editor.md)."""

    seat: int | None
    other: int
    seats: list[int]
    got: list[int]
    tile: int
    square: Square
    place: Place
    places: list[TileWhere]
    count: int
    max: int
    players: int
    min: int
    want: str
    phase: str


class PositionProblem(ProblemDetails):
    """check_position: one thing wrong with a position being edited (docs/editor.md):
    its code, its level ("error": never kept; "sketch": kept only as a sketch), the
    field and the engine's English message, and what the words need."""

    code: str
    level: Literal["error", "sketch"]
    field: str
    message: str


class TileWhere(TypedDict, total=False):
    """Where a tile is: on a square, in a seat's hand, in the pile."""

    square: Square
    hand: int
    pile: Literal[True]


class PositionCheck(TypedDict):
    problems: list[PositionProblem]
    sketch: bool
    phase: Phase | None
    position: Position | None


# ---------------------------------------------------------------- lessons

Text = str | dict[str, str]
"""A lesson's text: one string, or strings by language tag."""


class Task(TypedDict):
    """A puzzle's or a lesson step's task (docs/puzzles.md)."""

    key: str
    "puzzle.task.<kind>"
    params: NotRequired[dict[str, object]]


LessonStep = TypedDict(
    "LessonStep",
    {
        "position": NotRequired[Position],
        "record": NotRequired[int],
        "at": NotRequired[int],
        "caption": NotRequired[Text],
        "try": NotRequired[bool],
        "task": NotRequired[Task],
        "hints": NotRequired[list[Text]],
    },
)
"""A lesson's step: a position, or a position of one of its records, with a caption,
a move to try or a task."""


class LessonParts(TypedDict, total=False):
    """What a lesson may leave out: its title, its language, the records its steps use."""

    title: Text
    lang: str
    "the language of its texts given as strings"
    records: list[GameRecord]


class Lesson(LessonParts):
    """A lesson (tsuro-lesson/1, docs/lessons.md) in its canonical form."""

    format: str
    steps: list[LessonStep]


StepShows = TypedDict(
    "StepShows",
    {
        "phase": Phase,
        "turn": int | None,
        "sketch": bool,
        "try": bool,
        "tasks": list[str],
        "solutions": NotRequired[int],
    },
)
"""What a lesson's step shows: its phase, mover, whether a sketch, whether a move may
be tried there, the kinds of task it may have, how many moves solve its task."""


class LessonChecked(TypedDict):
    """lesson_check: a lesson checked and written canonically, its link (null when too
    long for one), each record's positions and events, what each step shows."""

    lesson: Lesson
    fragment: str | None
    replays: list[Replays]
    steps: list[StepShows]


# ---------------------------------------------------------------- play by link


class LinkMessage(TypedDict):
    """A game played by link (docs/linkplay.md, tsuro-link/1): before the deal it has
    ``rules`` and ``players`` and no ``record``; after it, ``secret`` and ``record``.
    A message made before commit and reveal has neither ``host`` nor ``commit``."""

    format: Literal["tsuro-link/1"]
    game: str
    seats: list[str]
    '"person" or "computer:<level>" per seat'
    hidden: bool
    host: NotRequired[int]
    commit: NotRequired[str]
    shares: NotRequired[list[str]]
    secret: NotRequired[str]
    rules: NotRequired[RulesJSON]
    players: NotRequired[list[Player]]
    record: NotRequired[GameRecord]


class LinkOpened(TypedDict):
    """A link message as the link ops answer it: dealt (``position``) or in its setup
    (``waiting`` for the next person's share, or for the host's secret)."""

    message: LinkMessage
    shuffle: Literal["committed", "host"]
    position: NotRequired[Position]
    waiting: NotRequired[Literal["share", "secret"]]
    sharer: NotRequired[int]


class LinkChecked(LinkOpened):
    """link_open: ... and how it stands against the player's own copy."""

    status: Literal["new", "same", "newer"]


class LinkMade(LinkOpened):
    """link_new: ... and the host's secret, kept on its device until link_reveal."""

    secret: str


class LinkPlayed(MovePlayed):
    """link_play: the message with the move, the position after it (a game played is
    dealt), the move as the record stores it, what happened, the result."""

    message: LinkMessage
    shuffle: Literal["committed", "host"]
    position: Position


# ------------------------------------------------------------------ rooms

SeenMove = Annotated[dict[str, object], JS("SeenMove", "Move")]
"""A move a caller sent, passed back as a seat may see it (room_view)."""
SeenEvent = Annotated[dict[str, object], JS("SeenEvent", "GameEvent")]
"""An event a caller sent, passed back as a seat may see it (room_view)."""


class SeatView(TypedDict):
    """room_view: a position as one seat of a live room may see it (docs/rooms.md): the
    hands it may not see are null, the pile only its size."""

    format: Literal["tsuro-view/1"]
    viewer: int | None
    rules: RulesJSON
    players: list[Player]
    tiles: list[PlacedTile]
    markers: list[Place | None]
    hands: list[list[int] | None]
    hand_sizes: list[int]
    pile_size: int
    dragon: int | None
    out: list[int]
    turn: int | None
    exchange: NotRequired[list[int]]
    winners: NotRequired[list[int]]
    sketch: NotRequired[bool]


class RoomView(TypedDict):
    position: SeatView
    events: NotRequired[list[SeenEvent]]
    move: NotRequired[SeenMove]
    log: NotRequired[list[list[SeenEvent]]]


class Name(TypedDict):
    """clean_name: a player's name as a room keeps it (tsuro_core/names.py)."""

    name: str


# ------------------------------------------------------ the course variant


CoursePhase = Literal["opening", "turn", "over"]
"""A course-variant game's phase: its opening round, its turns, or over."""


class CoursePlayer(TypedDict):
    name: str
    color: str


class CourseOut(TypedDict):
    seat: int
    round: int
    reason: Literal["edge", "loop"]


class CoursePosition(TypedDict):
    """A course-variant game (tsuro-neu-position/1, docs/course.md)."""

    format: str
    rules: str
    players: list[CoursePlayer]
    tiles: list[PlacedTile]
    avatars: list[Place | None]
    out: list[CourseOut]
    phase: CoursePhase
    round: int
    turn: int | None
    handed: list[int]
    next_tile: int
    ranking: NotRequired[list[list[int]]]


class CourseMove(TypedDict):
    """A course-variant move: a handed tile turned ``rot`` degrees; in the opening also
    the periphery square it goes on and the port its avatar takes."""

    tile: int
    rot: int
    square: NotRequired[Square]
    port: NotRequired[Port]


class CoursePath(TypedDict):
    seat: int
    path: list[PathStep]
    to: Place | None
    "null: the path never ends"


class CourseOutcomeOut(TypedDict):
    seat: int
    reason: Literal["edge", "loop"]


class Collision(TypedDict):
    seats: list[int]
    place: Place


class CourseOption(TypedDict):
    """One option of a turn: a handed tile at a rotation, the rule checker's verdict
    (and its reason, in English, and code) and what it would do."""

    move: CourseMove
    legal: bool
    reason: str | None
    code: str | None
    outcome: Literal["stays", "exits", "collides", "loops"]
    self_eliminating: bool
    forced: bool
    paths: list[CoursePath]
    out: list[CourseOutcomeOut]
    collisions: list[Collision]


class PortPlace(TypedDict):
    port: Port
    place: Place


class FreeSquare(TypedDict):
    """A periphery square an opening tile may go on, and the ports its avatar may take."""

    square: Square
    ports: list[PortPlace]


class CourseLegalMoves(TypedDict):
    """course_legal_moves: the opening's free squares, or a turn's options."""

    phase: CoursePhase
    turn: int | None
    round: int
    handed: list[int]
    rots: NotRequired[list[int]]
    squares: NotRequired[list[FreeSquare]]
    square: NotRequired[Square]
    moves: NotRequired[list[CourseOption]]


class CoursePlaceEvent(TypedDict):
    type: Literal["place"]
    seat: int
    tile: int
    rot: int
    square: Square


class CourseStartEvent(TypedDict):
    type: Literal["start"]
    seat: int
    place: Place | None
    port: Port


class CourseMoveEvent(TypedDict):
    type: Literal["move"]
    seat: int
    path: list[PathStep]
    to: Place | None


class CollisionEvent(TypedDict):
    type: Literal["collision"]
    seats: list[int]
    place: Place


class CourseOutEvent(TypedDict):
    type: Literal["out"]
    seat: int
    reason: Literal["edge", "loop"]


class RoundEvent(TypedDict):
    type: Literal["round"]
    round: int


class DealEvent(TypedDict):
    type: Literal["deal"]
    seat: int
    tiles: list[int]


class CourseGameOverEvent(TypedDict):
    type: Literal["game_over"]
    winners: list[int]
    ranking: list[list[int]]


CourseEvent = (
    CoursePlaceEvent
    | CourseStartEvent
    | CourseMoveEvent
    | CollisionEvent
    | CourseOutEvent
    | RoundEvent
    | DealEvent
    | CourseGameOverEvent
)
"""What a course-variant move did, in order (docs/course.md)."""


class CourseRanking(TypedDict):
    winners: list[int]
    ranking: list[list[int]]


class CoursePlayed(TypedDict):
    position: CoursePosition
    move: CourseMove
    events: list[CourseEvent]
    result: NotRequired[CourseRanking]


class CourseBotMove(TypedDict):
    move: CourseMove
    seat: int
    phase: Literal["opening", "turn"]


class CourseDealt(TypedDict):
    position: CoursePosition


# ------------------------------------------------------- the ops' arguments


class NoArgs(TypedDict):
    """An operation that takes no arguments."""


class NewGameArgs(TypedDict, total=False):
    rules: RulesJSON
    players: int | list[Player]
    "a count, or the players (default 2)"
    seed: int | str


class PositionArgs(TypedDict):
    position: Position


class LegalMovesArgs(TypedDict):
    position: Position
    all: NotRequired[bool]
    "the illegal self-eliminating placements too"


class PreviewArgs(TypedDict):
    position: Position
    tile: int
    rot: NotRequired[int]


class PlayArgs(TypedDict):
    position: Position
    move: Move
    seed: NotRequired[int | str]
    "shuffles the eliminated players' tiles into the pile"


class RecordArgs(TypedDict):
    record: GameRecord


class PositionOrRecordArgs(TypedDict, total=False):
    position: Position
    record: GameRecord


class FragmentArgs(TypedDict):
    fragment: str


class BotMoveArgs(TypedDict):
    position: Position
    bot: NotRequired[str]
    "random, survivor or planner (the default)"
    seed: NotRequired[int | str | None]
    budget_ms: NotRequired[float | None]
    iterations: NotRequired[int | None]
    min_steps: NotRequired[int | None]
    "the planner's floor of work: it thinks past budget_ms until it is done (at most 2 s)"


class ClockMoveArgs(TypedDict):
    position: Position
    seed: NotRequired[int | str | None]
    missed: NotRequired[int]
    "the clock moves in a row the seat had before this one"


class HintArgs(TypedDict):
    position: Position
    seed: NotRequired[int | str | None]
    budget_ms: NotRequired[float | None]
    iterations: NotRequired[int | None]
    min_steps: NotRequired[int | None]
    "the planner's floor of work, as bot_move's"


ReviewArgs = TypedDict(
    "ReviewArgs",
    {
        "record": GameRecord,
        "seed": NotRequired[int | str | None],
        "iterations": NotRequired[int | None],
        "from": NotRequired[int | None],
        "to": NotRequired[int | None],
    },
)


class DailyArgs(TypedDict):
    date: str
    "YYYY-MM-DD"
    players: NotRequired[list[Player]]


class PuzzleCheckArgs(TypedDict):
    position: Position
    task: Task
    move: Move


class PuzzleHintArgs(TypedDict):
    position: Position
    task: Task
    level: NotRequired[int]
    "1: the tile; 2: the tile and its rotation"


class LessonCheckArgs(TypedDict, total=False):
    lesson: object
    text: str
    fragment: str
    draft: bool


class CheckPositionArgs(TypedDict):
    position: object
    "a position being edited, whatever is wrong with it"
    deal: NotRequired[int | str]
    phase: NotRequired[str]


class MessageArgs(TypedDict):
    message: LinkMessage


class LinkOpenArgs(TypedDict):
    fragment: str
    local: NotRequired[LinkMessage | None]


class LinkNewArgs(TypedDict):
    game: str
    seats: list[str]
    players: list[Player]
    rules: NotRequired[RulesJSON]
    hidden: NotRequired[bool]
    host: NotRequired[int]


class LinkRevealArgs(TypedDict):
    message: LinkMessage
    secret: str


class LinkPlayArgs(TypedDict):
    message: LinkMessage
    move: Move


class RoomViewArgs(TypedDict):
    position: Position
    seat: int | None
    events: NotRequired[list[GameEvent]]
    move: NotRequired[Move]
    log: NotRequired[list[list[GameEvent]]]


class NameArgs(TypedDict):
    name: str


class CourseNewGameArgs(TypedDict):
    players: list[Player]


class CoursePositionArgs(TypedDict):
    position: CoursePosition
    seed: NotRequired[int | str | None]


class CoursePlayArgs(TypedDict):
    position: CoursePosition
    move: CourseMove


# ------------------------------------------------------------ the contract

OPS: dict[str, tuple[type, type]] = {
    "version": (NoArgs, Version),
    "tiles": (NoArgs, Tiles),
    "rules": (NoArgs, RuleSets),
    "new_game": (NewGameArgs, Dealt),
    "legal_moves": (LegalMovesArgs, LegalMoves),
    "preview": (PreviewArgs, Outcome),
    "play": (PlayArgs, Played),
    "replay": (RecordArgs, Replayed),
    "positions": (RecordArgs, Replays),
    "result": (PositionArgs, GameResult),
    "validate": (PositionOrRecordArgs, Valid),
    "encode_link": (PositionOrRecordArgs, Fragment),
    "decode_link": (FragmentArgs, Decoded),
    "bot_move": (BotMoveArgs, BotMove),
    "hint": (HintArgs, BotMove),
    "review": (ReviewArgs, Review),
    "daily": (DailyArgs, Dealt),
    "puzzle_check": (PuzzleCheckArgs, PuzzleVerdict),
    "puzzle_hint": (PuzzleHintArgs, PuzzleHint),
    "lesson_check": (LessonCheckArgs, LessonChecked),
    "check_position": (CheckPositionArgs, PositionCheck),
    "link_encode": (MessageArgs, Fragment),
    "link_open": (LinkOpenArgs, LinkChecked),
    "link_new": (LinkNewArgs, LinkMade),
    "link_share": (MessageArgs, LinkOpened),
    "link_reveal": (LinkRevealArgs, LinkOpened),
    "link_play": (LinkPlayArgs, LinkPlayed),
    "room_view": (RoomViewArgs, RoomView),
    "game_figures": (RecordArgs, GameFigures),
    "clock_move": (ClockMoveArgs, ClockMove),
    "clean_name": (NameArgs, Name),
    "course_new_game": (CourseNewGameArgs, CourseDealt),
    "course_legal_moves": (CoursePositionArgs, CourseLegalMoves),
    "course_play": (CoursePlayArgs, CoursePlayed),
    "course_bot_move": (CoursePositionArgs, CourseBotMove),
}
"""Each operation's arguments and answer: the table the JavaScript ``request(op, args)``
is typed by, and that tests/test_shapes.py holds against :data:`tsuro_core.api.OPS`
(each op function is annotated to return its answer here)."""
OPS.update({f"neu_{op[len('course_') :]}": OPS[op] for op in OPS if op.startswith("course_")})
"""The course operations by their first names (``neu_*``, kept for the documented
commands): the same arguments and answers as ``course_*``."""

ALIASES: dict[str, object] = {
    "Port": Port,
    "Rotation": Rotation,
    "Phase": Phase,
    "Square": Square,
    "Place": Place,
    "PlacedTile": PlacedTile,
    "PathStep": PathStep,
    "TilePair": TilePair,
    "Rules": RulesJSON,
    "Move": Move,
    "DragonEvent": DragonEvent,
    "GameEvent": GameEvent,
    "Verdict": Verdict,
    "Text": Text,
    "CourseEvent": CourseEvent,
    "CoursePhase": CoursePhase,
    "SeenMove": SeenMove,
    "SeenEvent": SeenEvent,
}
"""The named types that are not TypedDicts, by their JavaScript names."""

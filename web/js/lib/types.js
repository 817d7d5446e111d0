// The engine's JSON shapes as JSDoc types, for the type checker only
// (tsconfig.json; build.py does not ship this file): positions, moves,
// records and events as docs/api.md and the design's NOTATION.md define
// them, and what each operation the pages use answers.  A module imports
// them with `@import {Position, Move} from "../types.js"`.
export {};

// ---------------------------------------------------------------- notation

/** @typedef {"A" | "B" | "C" | "D" | "E" | "F" | "G" | "H"} Port */
/** @typedef {0 | 90 | 180 | 270} Rotation */
/** A square [x, y], from the top left, both from 0. @typedef {[number, number]} Square */
/** Where a marker stands: the square it faces and the port of it. @typedef {[number, number, Port]} Place */
/** A tile on the board: [x, y, tile index, rotation]. @typedef {[number, number, number, number]} PlacedTile */
/** @typedef {{name: string, color: string}} Player */
/** A named rule set ("classic", "solo", ...) or an object of options. @typedef {string | RuleOptions} Rules */
/**
 * @typedef {object} RuleOptions
 * @property {string} [preset]
 * @property {number} [width]
 * @property {number} [height]
 * @property {number} [hand_size]
 */

/**
 * A complete snapshot, enough to continue the game (tsuro-position/1).
 * @typedef {object} Position
 * @property {string} format
 * @property {Rules} rules
 * @property {Player[]} players
 * @property {PlacedTile[]} tiles
 * @property {(Place | null)[]} markers
 * @property {number[][]} [hands]   left out by tutorials and puzzles
 * @property {number[]} [pile]      top first
 * @property {number | null} dragon the seat holding the dragon tile
 * @property {number[]} out         the seats out, in the order they went out
 * @property {number | null} turn   the seat to move; null once the game is over
 * @property {number[]} [winners]
 * @property {number[]} [exchange]  the seats just eliminated, during an elimination-bonus exchange
 * @property {boolean} [sketch]     a lesson's position no game reaches (docs/editor.md)
 */

/**
 * A move: one of {start}, {tile, rot} or {exchange} (one type with optional
 * fields, as the code reads them: `if (move.start) ...`).
 * @typedef {object} Move
 * @property {Place} [start]        choose a start mark
 * @property {number} [tile]        play a tile into the square the marker faces...
 * @property {number} [rot]         ...turned this far clockwise
 * @property {[number, number][]} [exchange]  elimination bonus: [give, take] tile pairs
 * @property {number[]} [reshuffle] the pile's order after eliminated players' tiles were shuffled in
 */

/**
 * A whole game that replays the same way everywhere (tsuro-record/1).
 * @typedef {object} GameRecord
 * @property {string} format
 * @property {Rules} rules
 * @property {Player[]} players
 * @property {number | string} [seed]
 * @property {{hands: number[][], pile: number[]}} deal
 * @property {Move[]} moves
 */

/** One step of a marker's path: [x, y, entry port, exit port]. @typedef {[number, number, Port, Port]} PathStep */
/** @typedef {{seat: number, path: PathStep[], to: Place}} MarkerPath */

/**
 * What playing a move did, in order (docs/api.md, "Playing a move").
 * @typedef {{type: "start", seat: number, place: Place}
 *   | {type: "place", seat: number, tile: number, rot: number, square: Square}
 *   | {type: "move", seat: number, path: PathStep[], to: Place}
 *   | {type: "out", seat: number, reason: "edge" | "collision", with?: number}
 *   | {type: "exchange_offer", seat: number, tiles: number[]}
 *   | {type: "exchange", seat: number, pairs: [number | null, number][]}
 *   | {type: "reshuffle", returned: number[], pile: number[], order: number[]}
 *   | {type: "dragon", seat: number | null, from?: number, reason: "taken" | "returned" | "passed" | "set_aside"}
 *   | {type: "draw", seat: number, tile: number}
 *   | {type: "skip", seat: number}
 *   | {type: "game_over", winners: number[]}} GameEvent
 */

/**
 * One entry of legal_moves: a move and what it would do.
 * @typedef {object} LegalMove
 * @property {Move} move
 * @property {boolean} legal
 * @property {boolean} [self_eliminating]
 * @property {boolean} [forced]
 * @property {MarkerPath[]} [paths]
 * @property {{seat: number, reason: "edge" | "collision", with?: number}[]} [out]  who would go out
 */

// ---------------------------------------------------------------- answers

/** A review's verdict on one move (docs/api.md, "Game review"). @typedef {"good" | "inaccuracy" | "mistake" | "blunder" | "only"} Verdict */

/**
 * review: one move of a record judged from its mover's view.
 * @typedef {object} ReviewedMove
 * @property {number} index      the move's index in the record (position `index` is before it)
 * @property {number} seat       who played it
 * @property {string} phase      "start", "tile" or "exchange"
 * @property {Move} move         the move played
 * @property {Verdict} verdict
 * @property {number} played     the estimated value of the move played (on the answer's `scale`)
 * @property {number} best       ...and of the best move found
 * @property {Move} best_move    the best move found (the move played when it was the best)
 * @property {number} loss       best - played
 * @property {number[]} chances  every seat's chance (0..1) after the move
 * @property {number} [candidates]
 * @property {number} [legal]
 * @property {number} [iterations]
 */

/**
 * review's answer: moves `from`..`to` of `total`.
 * @typedef {object} Review
 * @property {ReviewedMove[]} moves
 * @property {number} from
 * @property {number} to
 * @property {number} total
 * @property {number} seats
 * @property {"win_share" | "tiles_placed"} scale
 * @property {number | string} seed
 * @property {number} iterations
 * @property {any[]} summary
 */

/** An engine error as a value (requestValue): `code` is the API's stable code. @typedef {{code: string, message: string}} ErrorValue */

/**
 * legal_moves: the phase, whose turn, and every move with its outcome.
 * @typedef {object} LegalMoves
 * @property {string} phase   "start", "tile", "exchange"...
 * @property {number | null} turn
 * @property {LegalMove[]} moves
 * @property {{give: number[], take: number[], count: number}} [exchange]
 */

/**
 * A game played by link (docs/linkplay.md, `tsuro-link/1`): before the deal it has
 * `rules` and `players` and no `record`; after it, `secret` and `record`.  A message
 * made before commit and reveal has neither `host` nor `commit`.
 * @typedef {object} LinkMessage
 * @property {"tsuro-link/1"} format
 * @property {string} game
 * @property {string[]} seats  "person" or "computer:<level>" per seat
 * @property {boolean} hidden
 * @property {number} [host] @property {string} [commit] @property {string[]} [shares]
 * @property {string} [secret] @property {Rules} [rules] @property {Player[]} [players]
 * @property {GameRecord} [record]
 */
/**
 * A link message as the link ops answer it: dealt (`position`) or in its setup
 * (`waiting` for the next person's share, or for the host's secret).
 * @typedef {{message: LinkMessage, shuffle: "committed" | "host", position?: Position,
 *            waiting?: "share" | "secret", sharer?: number}} LinkOpened
 */
/** play and neu_play: the next position, the move as a record stores it, and what happened. @typedef {{position: Position, move: Move, events: GameEvent[], result?: GameResult}} Played */
/**
 * room_view: a position as one seat of a live room may see it (docs/rooms.md): the
 * hands it may not see are null, the pile only its size.
 * @typedef {Omit<Position, "hands" | "pile"> & {format: "tsuro-view/1", viewer: number | null,
 *   hands: (number[] | null)[], hand_sizes: number[], pile_size: number}} SeatView
 */
/** @typedef {{over: boolean, winners: number[], scores?: number[], phase: string, turn: number | null}} GameResult */
/** bot_move and hint: the move chosen (and what the planner reports about it). @typedef {{move: Move, [more: string]: unknown}} BotMove */

/**
 * lesson_check: a lesson (docs/lessons.md) checked and written canonically, its
 * link (null when too long for one), each record's positions and events, and
 * what each step shows (its phase, mover, whether a sketch, whether a move may be tried
 * there, the kinds of task it may have, how many moves solve its task).
 * @typedef {object} LessonChecked
 * @property {any} lesson
 * @property {string | null} fragment
 * @property {{positions: Position[], events: GameEvent[][]}[]} replays
 * @property {{phase: string, turn: number | null, sketch: boolean, try: boolean, tasks: string[], solutions?: number}[]} steps
 */

/**
 * What each operation takes and answers (docs/api.md); `request(op, args)`
 * is typed by this table.
 * @typedef {object} EngineOps
 * @property {{args: {}, result: {version: string}}} version
 * @property {{args: {}, result: Record<string, number[][]>}} tiles
 * @property {{args: {}, result: Record<string, any>}} rules
 * @property {{args: {rules?: Rules, players: number | Player[], seed?: number | string}, result: {position: Position, record: GameRecord}}} new_game
 * @property {{args: {position: Position, all?: boolean}, result: LegalMoves}} legal_moves
 * @property {{args: {position: Position, tile: number, rot: number}, result: LegalMove}} preview
 * @property {{args: {position: Position, move: Move, seed?: number | string}, result: Played}} play
 * @property {{args: {record: GameRecord}, result: any}} replay
 * @property {{args: {record: GameRecord}, result: {positions: Position[], events: GameEvent[][]}}} positions
 * @property {{args: {position: Position}, result: GameResult}} result
 * @property {{args: {position?: Position, record?: GameRecord}, result: {valid: boolean}}} validate
 * @property {{args: {position?: Position, record?: GameRecord}, result: {fragment: string}}} encode_link
 * @property {{args: {fragment: string}, result: {record?: GameRecord, position?: Position}}} decode_link
 * @property {{args: {position: Position, bot: string, seed?: number | string, budget_ms?: number, iterations?: number, min_steps?: number}, result: BotMove}} bot_move
 * @property {{args: {position: Position, seed?: number | string, budget_ms?: number, iterations?: number, min_steps?: number}, result: BotMove}} hint
 * @property {{args: {position: any, deal?: number | string, phase?: string}, result: PositionCheck}} check_position
 * @property {{args: {record: GameRecord, seed?: number | string, iterations?: number, from?: number, to?: number}, result: Review}} review
 * @property {{args: {position: Position, task: any, move: Move}, result: {correct: boolean, legal: boolean, unique: boolean}}} puzzle_check
 * @property {{args: {position: Position, task: any, level: number}, result: {tile: number, rot?: number}}} puzzle_hint
 * @property {{args: {lesson?: any, text?: string, fragment?: string, draft?: boolean}, result: LessonChecked}} lesson_check
 * @property {{args: {date: string, players?: {name: string, color?: string}[]}, result: {record: GameRecord, position: Position}}} daily
 * @property {{args: {message: LinkMessage}, result: {fragment: string}}} link_encode
 * @property {{args: {fragment: string, local?: LinkMessage}, result: LinkOpened & {status: "new" | "same" | "newer"}}} link_open
 * @property {{args: {game: string, seats: string[], players: {name: string, color?: string}[], rules?: Rules, hidden?: boolean, host?: number}, result: LinkOpened & {secret: string}}} link_new
 * @property {{args: {message: LinkMessage}, result: LinkOpened}} link_share
 * @property {{args: {message: LinkMessage, secret: string}, result: LinkOpened}} link_reveal
 * @property {{args: {message: LinkMessage, move: Move}, result: Played & {message: LinkMessage}}} link_play
 * @property {{args: {position: Position, seat: number | null, events?: GameEvent[], move?: Move, log?: GameEvent[][]}, result: {position: SeatView, events?: GameEvent[], move?: Move, log?: GameEvent[][]}}} room_view
 * @property {{args: {players: {name: string, color?: string}[]}, result: {position: any}}} neu_new_game
 * @property {{args: {position: any}, result: any}} neu_legal_moves
 * @property {{args: {position: any, move: any}, result: {position: any, move: any, events: any[], result?: any}}} neu_play
 * @property {{args: {position: any, seed?: number | string}, result: {move: any, seat: number, phase: string}}} neu_bot_move
 */

/**
 * check_position: one thing wrong with a position being edited (docs/editor.md): its
 * code, its level ("error": never kept; "sketch": kept only as a sketch), the field and
 * the engine's English message, and what the words need.
 * @typedef {object} PositionProblem
 * @property {string} code
 * @property {"error" | "sketch"} level
 * @property {string} field
 * @property {string} message
 * @property {number} [seat]
 * @property {number} [other]
 * @property {number[]} [seats]
 * @property {number[]} [got]
 * @property {number} [tile]
 * @property {Square} [square]
 * @property {Place} [place]
 * @property {({square: Square} | {hand: number} | {pile: true})[]} [places]
 * @property {number} [count]
 * @property {number} [max]
 * @property {number} [players]
 * @property {number} [min]
 * @property {string} [want]
 * @property {string} [phase]
 */
/** @typedef {{problems: PositionProblem[], sketch: boolean, phase: string | null, position: Position | null}} PositionCheck */

/** @typedef {keyof EngineOps} Op */
/** @template {Op} K @typedef {EngineOps[K]["args"]} ArgsOf */
/** @template {Op} K @typedef {EngineOps[K]["result"]} ResultOf */
/**
 * requestValue's answer: the result, or {error} where request() would reject
 * (whose other fields read as undefined, so `r.move` may be asked of either).
 * @template R
 * @typedef {(R & {error?: undefined}) | ({error: ErrorValue} & {[P in keyof R]?: undefined})} Answer
 */

// The start shared by the single-purpose pages (daily.html, puzzles.html,
// link.html): the words, the engine with its status bar and window.tsuro (the
// engine registers the offline worker once it is up, unless ?sw=off), the
// notice bar, and a board and hand view with the tile pictures.

import { siteURL } from "../engine/client.js";
import { startPage } from "./start.js";
import { Board } from "../views/board.js";
import { HandView } from "../views/hand.js";
import { ClassicTurn, handToTurn } from "../turns/classic.js";
import { loadTileSet } from "../views/tileset.js";
import { note, say, setPhase, tellRefusals } from "./page.js";
import { t } from "../words/i18n.js";
import { seatStyles } from "../views/style.js";
import { $ } from "./dom.js";
/** @import {Move, PathStep, Player, Position, SeatView} from "../types.js" */
/** @import {Engine} from "../engine/client.js" */
/** @import {TileSet} from "../views/tileset.js" */
/** @import {BoardView} from "../views/board.js" */

/**
 * A booted page's parts: the engine, the board, the hand and the turn controller, and the
 * tile pictures (null until `tilesReady`).
 * @typedef {{engine: Engine, board: Board, hand: HandView, turn: ClassicTurn, tileset: TileSet | null, tilesReady: Promise<void>}} PageViews
 */

/**
 * Boot the page and its turn controller (a `Turn`, ClassicTurn by default), which
 * plays the hand and the board for `position()`: `busy()` holds it, `play(move)`
 * sends a chosen move, `keysOn()` says when the keys go to it, `setBanner(text)`
 * (optional) shows whose turn it is.
 * @param {object} options
 * @param {string} options.boardLabel  the board's label (a catalogue key)
 * @param {typeof ClassicTurn} [options.Turn]
 * @param {() => Position | SeatView} options.position  the game shown (a room's as its seat sees it)
 * @param {() => boolean} options.busy
 * @param {(move: Move) => void} options.play
 * @param {() => boolean} options.keysOn
 * @param {(text: string, seat?: number) => void} [options.setBanner]
 * @param {import("../turns/exchange.js").ExchangeChooser} [options.exchange]  the elimination
 *   bonus's panel, for pages whose games may offer an exchange
 * @returns {PageViews}
 */
export function bootPage({ boardLabel, Turn = ClassicTurn, position, busy, play, keysOn, setBanner, exchange }) {
  const engine = startPage();
  tellRefusals();   // what the page ignored in its address or put aside from its storage
  const board = new Board($("board"), { width: 6, height: 6, label: t(boardLabel) });
  /** @type {ClassicTurn | null} */
  let current = null;
  const hand = new HandView($("hand"), handToTurn(() => current));
  const turn = new Turn({
    board, hand, busy, play, note, say, setPhase,
    game: () => ({ players: position().players, position: position() }),
    placeButton: $("btn-place"),
    tileset: () => views.tileset,
    ...(setBanner ? { setBanner } : {}),
    ...(exchange ? { exchange } : {}),
  });
  current = turn;
  const tilesReady = loadTileSet(siteURL("tiles.json")).then((ts) => {
    views.tileset = ts;
    board.setTileSet(ts);
    hand.setTileSet(ts);
  });
  /** @type {PageViews} */
  const views = { engine, board, hand, turn, tileset: null, tilesReady };   // (the closures above run later)
  board.on("startmark", (place) => turn.chooseStart(place));
  board.on("markselect", (place) => turn.selectStart(place));
  board.on("square", (square) => turn.clickSquare(square));
  $("btn-place").addEventListener("click", () => turn.place());
  document.addEventListener("keydown", (e) => { if (keysOn()) turn.handleKey(e); });
  return views;
}

/** Players named as this page names seats ("Joueur 2"): the engine's default names
 *  and shipped positions are English, and no name of theirs means anything.
 *  @template {Record<string, unknown>} P @param {readonly P[]} players @returns {(P & {name: string})[]} */
export function namedHere(players) {
  return players.map((p, i) => ({ ...p, name: t("common.player_name", { n: i + 1 }) }));
}

/** Draw a position and its markers' trails (seat -> path steps) on the board.
 *  @param {Board} board @param {BoardView & {players: Player[]}} position @param {PathStep[][]} [trails] */
export function show(board, position, trails = []) {
  board.setSeats(seatStyles(position.players));
  board.setPosition(position);
  board.setTrails(trails);
}

// The reader's move on a lesson's step (a LessonView's: lesson.html, the tutorial's boards): a move to try (the
// embed's try=1: the game's hand with every outcome shown), or a task, answered
// as the puzzles are: the outcomes hidden, the placed tile judged by the
// engine (puzzle_check), then played to show what it does, with the author's
// hints and then the engine's (puzzle_hint: the tile, then its rotation).
// The step's position is the turn loop's game (lib/game/turnloop.js), for one
// move.  It decides no rule; the host page hears "moved", "answer" and "solved".

import { HandView } from "../views/hand.js";
import { handToTurn } from "../turns/classic.js";
import { ReaderTurn } from "../turns/reader.js";
import { PuzzleTurn, hidden, taskText } from "../turns/puzzle.js";
import { Session } from "../game/session.js";
import { TurnLoop } from "../game/turnloop.js";
import { describe } from "../words/movelog.js";
import { t, sentences } from "../words/i18n.js";
import { errorText } from "../words/errors.js";
import { pickText } from "../lessons/text.js";
/** @import {Board} from "../views/board.js" */
/** @import {LazyEngine} from "../engine/lazy.js" */
/** @import {TileSet} from "../views/tileset.js" */
/** @import {Classic} from "../game/session.js" */
/** @import {LegalMoves, Move, PathStep, Position, Task, Text} from "../types.js" */

/** Where the author's hint goes in "Hint: {text}" (a private-use character no message holds). */
const HINT_MARK = "\uE000";

/** A task's turn: nothing tells which tile is right, and more than one may be. */
class TaskTurn extends PuzzleTurn {
  get adviceKey() { return "lesson.choose"; }
}

/**
 * What the reader may do on a step.
 * @typedef {object} Play
 * @property {number} at             the step's index
 * @property {"try" | "task"} mode
 * @property {Position} start        the step's position
 * @property {PathStep[][]} trails   its markers' trails so far (a record's step)
 * @property {Task} [task]
 * @property {Text[]} [hints]        the author's hints (lesson texts)
 * @property {string} [lang]         the lesson's language
 * @property {boolean} [solved]      solved already on this visit
 */

/** A task step's task (Player.showStep opens a step as a task only when it has one). @param {Play} play */
function taskOf(play) {
  if (!play.task) throw new Error("a task step has its task");
  return play.task;
}

export class Reader {
  /**
   * @param {object} deps
   * @param {Board} deps.board
   * @param {LazyEngine} deps.lazy
   * @param {() => (TileSet | null)} deps.tileset
   * @param {Promise<void>} deps.tilesReady
   * @param {(position: Position, trails: PathStep[][]) => void} deps.draw   the board and the open hands
   * @param {(text: string) => void} deps.told     the line under the board
   * @param {(data: object) => void} deps.post      to the host page
   * @param {(at: number) => void} deps.solved      the step's task is solved (remembered)
   * @param {(name: string) => HTMLElement} deps.part  the lesson's element of that name (its hand, its buttons...)
   * @param {HTMLElement} deps.root   the lesson's element: a task marks it data-mode="task"
   * @param {EventTarget} deps.keys   where the reader's keys reach the lesson (its document, or its element in a page of lessons)
   */
  constructor({ board, lazy, tileset, tilesReady, draw, told, post, solved, part, root, keys }) {
    this.part = part;
    this.root = root;
    this.board = board;
    this.lazy = lazy;
    this.tilesReady = tilesReady;
    this.draw = draw;
    this.told = told;
    this.post = post;
    this.solved = solved;
    /** @type {Play | null} */
    this.play = null;
    /** whether the reader's move is being judged (a task's, by puzzle_check) */
    this.busy = false;
    this.hints = { author: 0, engine: 0 };
    this.hand = new HandView(this.part("hand"), handToTurn(() => this.turn));
    const position = () => this.loop.game.position;
    const deps = {
      board, hand: this.hand, tileset,
      game: () => ({ players: position().players, position: position() }),
      busy: () => this.busy || this.loop.busy,
      play: (/** @type {Move} */ move) => { this.placed(move).catch((e) => this.feedback(t("common.moveRefused", { reason: errorText(e) }), "bad")); },
      note: (/** @type {string} */ text) => told(text),
      placeButton: this.button("place"),
      focus: () => {},   // a lesson in another page's frame never takes the focus by itself
    };
    this.turns = { try: new ReaderTurn({ ...deps, caption: told }), task: new TaskTurn(deps) };
    /** @type {ReaderTurn | TaskTurn | null} */
    this.turn = null;
    // The step's one move: the reader's turn, then the move shown.
    /** @type {TurnLoop<Classic, Session>} */
    this.loop = new TurnLoop({
      board,
      stop: () => this.turn?.stop(),
      waiting: () => this.waiting(),
      human: (seat, legal) => this.start(seat, legal),
      over: () => this.told(t("embed.over")),
      shown: (r) => {
        this.draw(r.position, this.loop.game.trails());
        this.hand.clear();
        this.part("hand").hidden = true;
        this.told(sentences(describe(r.events, r.position.players).map((l) => l.text)));
        this.post({ tsuro: "moved", move: r.move, position: r.position, events: r.events });
      },
      goesOn: () => false,
      failed: (e) => this.feedback(errorText(e), "bad"),
    });
    board.on("startmark", (place) => this.turn?.chooseStart(place));
    board.on("markselect", (place) => this.turn?.selectStart(place));
    board.on("square", (square) => this.turn?.clickSquare(square));
    this.part("place").addEventListener("click", () => this.turn?.place());
    this.part("reset").addEventListener("click", () => { this.reset().catch((e) => this.feedback(errorText(e), "bad")); });
    this.part("hint").addEventListener("click", () => { this.hint().catch((e) => this.feedback(errorText(e), "bad")); });
    keys.addEventListener("keydown", (/** @type {Event} */ e) => {
      if (!(e instanceof KeyboardEvent)) return;
      if (this.turn && !this.busy && !this.loop.busy && !this.part("hand").hidden) this.turn.handleKey(e);
    });
  }

  /** The lesson's button of that name. @param {string} name */
  button(name) { return /** @type {HTMLButtonElement} */ (this.part(name)); }

  /** The step shown has nothing to play (or another step is shown): put the hand away. */
  close() {
    this.play = null;
    this.loop.leave();
    this.turn = null;
    this.board.clearTurnAids();
    this.hand.clear();
    for (const id of ["hand", "try-bar", "task", "hint"]) this.part(id).hidden = true;
    delete this.root.dataset.mode;
    this.feedback("");
  }

  /** Open a step's move to try or task. @param {Play} play */
  async open(play) {
    this.close();
    this.play = play;
    this.hints = { author: 0, engine: 0 };
    this.root.dataset.mode = play.mode;   // a task's hand shows no outcome marks (the CSS)
    const task = play.mode === "task" && play.task;
    this.part("task").hidden = !task;
    this.part("task").textContent = task ? taskText(task) : "";
    this.part("hint").hidden = !task;
    this.button("hint").disabled = false;
    if (play.solved) this.feedback(t("lesson.solvedBefore"), "good");
    await this.reset(false);
  }

  /** Back to the step's position ("Start over", "Try again"). */
  async reset(clearFeedback = true) {
    const play = this.play;
    if (!play) return;
    this.busy = false;
    this.loop.stop();
    this.draw(play.start, play.trails);
    this.board.clearPreview();
    this.part("reset").textContent = t("exchange.reset");
    if (clearFeedback) this.feedback("");
    await this.loop.begin(Session.at(this.lazy, play.start, { playSeed: () => 0, startTrails: play.trails }));
  }

  /** Before the engine is asked for the turn: the hand drawn at once, playable once it answers. */
  async waiting() {
    this.part("try-bar").hidden = false;
    this.part("hand").hidden = false;
    this.part("place").hidden = false;
    this.turns.try.drawWaiting(this.loop.game.position, this.lazy.started);
    await this.lazy.wanted;
    this.turns.try.drawWaiting(this.loop.game.position, this.lazy.started);
    await this.tilesReady;
  }

  /** The reader's turn, from the engine's answer: the move to try, or the task (outcomes hidden).
   *  @param {number} seat @param {LegalMoves} legal */
  start(seat, legal) {
    const play = /** @type {Play} */ (this.play);
    if (legal.phase === "start") {
      this.part("hand").hidden = true;
      this.part("place").hidden = true;
    }
    this.turn = play.mode === "task" ? this.turns.task : this.turns.try;
    this.turn.start(seat, play.mode === "task" ? { ...legal, moves: legal.moves.map(hidden) } : legal);
    if (play.mode === "task") this.told("");
  }

  /** The reader placed a tile or chose a start mark. @param {Move} move */
  async placed(move) {
    const play = this.play;
    if (!play || this.busy) return;
    this.busy = true;
    this.turn?.stop();
    this.board.clearTurnAids();
    this.button("place").disabled = true;
    this.button("hint").disabled = true;
    let verdict = null;
    if (play.mode === "task") {
      verdict = await this.lazy.ask("puzzle_check", { position: play.start, task: taskOf(play), move });
      if (this.play !== play) return;
    }
    try {
      if (!verdict || verdict.legal) await this.loop.play(move);   // the engine plays it, the board shows it
    } catch (e) {
      this.busy = false;   // refused: the turn is offered again
      throw e;
    }
    if (this.play !== play) return;
    this.part("reset").textContent = t(verdict && !verdict.correct ? "puzzle.retry" : "exchange.reset");
    if (!verdict) return;
    this.post({ tsuro: "answer", at: play.at, move, correct: verdict.correct });
    if (verdict.correct) {
      play.solved = true;
      this.solved(play.at);
      this.feedback(t("lesson.right"), "good");
      this.post({ tsuro: "solved", at: play.at, move, hints: this.hints.author + this.hints.engine });
    } else {
      this.feedback(t(verdict.legal ? "lesson.wrong" : "puzzle.illegal"), "bad");
    }
  }

  /** A hint: the author's, one at a time, then the engine's (the tile, then its rotation). */
  async hint() {
    const play = this.play;
    if (!play || play.mode !== "task" || this.busy) return;
    const own = play.hints || [];
    if (this.hints.author < own.length) {
      // "Hint: {text}" in the reader's words, the author's text in its own language
      const hint = pickText(own[this.hints.author++], play.lang);
      const [before, after = ""] = t("lesson.hint", { text: HINT_MARK }).split(HINT_MARK);
      const span = document.createElement("span");
      span.textContent = hint.text;
      if (hint.lang) span.lang = hint.lang;
      this.feedback("");
      this.part("feedback").append(before, span, after);
      return;
    }
    const level = Math.min(2, this.hints.engine + 1);
    const h = await this.lazy.ask("puzzle_hint", { position: play.start, task: taskOf(play), level });
    const turn = this.turn;
    if (this.play !== play || !turn?.human) return;
    this.hints.engine = level;
    const i = turn.human.tiles.indexOf(h.tile);
    turn.selectTile(i, false);
    if (level === 2 && h.rot !== undefined) {
      turn.human.rots[i] = h.rot;
      turn.refresh();
      this.button("hint").disabled = true;
    }
    this.feedback(t(level === 1 ? "puzzle.hint_tile" : "puzzle.hint_rot", { n: i + 1 }));
  }

  /** The line that answers the reader: "good", "bad" or plain. @param {string} text */
  feedback(text, kind = "") {
    this.part("feedback").textContent = text;
    this.part("feedback").className = `lesson-feedback${kind ? ` ${kind}` : ""}`;
  }
}

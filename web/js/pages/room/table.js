// The game as one player sees it in a room: each state the host sends is
// shown through the one play path (lib/game/play.js: the move's events
// animated, the position drawn, the log written), in the order they came.
// When the state says it is this player's turn (it carries the engine's legal
// moves for this seat), the turn controller plays the hand; the chosen move
// goes to the host, whose next state shows it, or whose error says why not.

import { playMove } from "../../lib/game/play.js";
import { trailsOf } from "../../lib/game/session.js";
import { describe } from "../../lib/words/movelog.js";
import { sentences, t } from "../../lib/words/i18n.js";
import { say, setPhase, note } from "../../lib/shell/page.js";
import { show } from "../../lib/shell/boot.js";
import { $ } from "../../lib/shell/dom.js";
/** @import {Board} from "../../lib/views/board.js" */
/** @import {Sound} from "../../lib/shell/sound.js" */
/** @import {GameEvent, LegalMoves, Move, PathStep, SeatView, SeenEvent} from "../../lib/types.js" */
/** @import {Playable, PlaySteps} from "../../lib/game/play.js" */
/** @import {MoveState, StateMessage} from "./protocol.js" */
/** @import {RoomClient} from "./client.js" */
/** @import {ClassicTurn} from "../../lib/turns/classic.js" */
/** A room's game for the play path: the host's states stand for the engine's answers.
 *  @typedef {{position: SeatView, move: Move, event: GameEvent, answer: LegalMoves, played: MoveState}} Remote */

/** The game as the room shows it: what playMove needs of a session, from the host's states.
 *  @implements {Playable<Remote>} */
class RemoteGame {
  /** @param {StateMessage} state */
  constructor(state) {
    this.position = state.position;
    this.players = state.position.players;
    this.n = state.n;
    /** trails of the moves before the first state this page saw, then each move's events */
    /** @type {PathStep[][]} */
    this.baseTrails = state.trails || state.position.players.map(() => []);
    /** @type {SeenEvent[][]} */
    this.events = [];
    /** @type {MoveState | null} the state playMove shows next */
    this.next = null;
  }

  /** The state being shown (playMove's `play`: the host already played it). */
  async play() {
    const s = this.next;
    if (!s) throw new Error("no state to show");
    this.position = s.position;
    this.n = s.n;
    if (s.events) this.events.push(s.events);
    return s;
  }

  /** @param {SeatView} p */
  view(p) { return p; }

  trails() {
    const later = trailsOf(this.events, this.players.length);
    return this.baseTrails.map((path, seat) => [...path, ...(later[seat] || [])]);
  }
}

export class Table {
  /**
   * @param {object} o
   * @param {Board} o.board
   * @param {ClassicTurn} o.turn      the ClassicTurn of the page (bootPage)
   * @param {Sound} o.sound
   * @param {() => RoomClient | null} o.client  the page's RoomClient (there is one while a game is shown)
   */
  constructor({ board, turn, sound, client }) {
    this.board = board;
    this.turn = turn;
    this.sound = sound;
    this.client = client;
    /** @type {RemoteGame | null} */
    this.game = null;
    this.queue = Promise.resolve();
    this.busy = false;
    /** @type {LegalMoves | null} the legal moves of this player's turn on (none: not their turn) */
    this.lastLegal = null;
  }

  get position() { return this.game?.position; }

  /** A state from the host: shown after those before it. @param {StateMessage} state */
  receive(state) {
    this.queue = this.queue.then(() => this._show(state)).catch((e) => console.error("room: a state failed to show", e));
  }

  /** @param {StateMessage} state */
  async _show(state) {
    $("play-panel").hidden = true;
    // a turn this page was offered ends with any state (the clock may have played it):
    // its controller stops and its preview goes
    this.turn.stop();
    this.board.clearTurnAids();
    const g = this.game;
    if (!g || !state.events || state.n !== g.n + 1) {
      // the first state, or one after a gap (a reconnection): drawn as it is
      this.game = new RemoteGame(state);
      show(this.board, state.position, this.game.trails());
      if (!state.events) this._earlier(Array.isArray(state.log) ? state.log : []);
      else this._log(state.events);
    } else {
      g.next = state;
      /** @type {PlaySteps<Remote>} */
      const steps = {
        board: this.board,
        accepted: (r) => this.sound.forEvents(r.events),
        shown: (r) => this._log(r.events),
      };
      await playMove(g, state.move, steps);
    }
    this._turn(state);
  }

  /** @param {readonly SeenEvent[]} events */
  _log(events) {
    const lines = this._write(events);
    $("log").lastElementChild?.scrollIntoView?.({ block: "nearest" });
    say(sentences(lines.map((l) => l.text)));
  }

  /** The log of the moves before this page came (or came back): written anew, not announced. @param {unknown[]} log */
  _earlier(log) {
    $("log").replaceChildren();
    for (const events of log) if (Array.isArray(events)) this._write(events);
    $("log").lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }

  /** One move's lines at the end of the log. @param {readonly SeenEvent[]} events */
  _write(events) {
    const lines = describe(events, this.game?.players ?? []);
    for (const line of lines) {
      const li = document.createElement("li");
      li.textContent = line.text;
      $("log").append(li);
    }
    return lines;
  }

  /** Whose turn it is; this player's turn played with the host's legal moves. @param {StateMessage} state */
  _turn(state) {
    const p = state.position;
    const names = p.players.map((pl) => pl.name);
    this.lastLegal = null;
    if (state.over) {   // the host's engine says so
      setPhase("over");
      return;
    }
    const seat = this.client()?.seat ?? null;
    const legal = state.legal;   // the host sends moves only to the seat to move
    if (seat === null || seat !== p.turn || !legal) {
      $("turn-banner").textContent = t("room.waiting_for", { name: p.turn === null ? undefined : names[p.turn] });
      setPhase("waiting");
      return;
    }
    this.lastLegal = legal;
    $("turn-banner").textContent = t("room.your_turn");
    $("hand-title").textContent = t("room.your_hand");
    $("hand-box").hidden = false;        // the exchange panel, if this turn is one, hides it
    $("exchange-panel").hidden = true;
    $("play-panel").hidden = false;
    this.sound.play("place");
    say(t("room.your_turn"));
    this.turn.start(seat, legal);
  }

  /** The turn controller's move: sent to the host; its next state (or error) answers. @param {Move} move */
  play(move) {
    if (!this.game || !this.lastLegal) return;
    this.turn.stop();
    this.board.clearTurnAids();
    $("btn-place").disabled = true;
    setPhase("busy");
    this.client()?.move(this.game.n, move);
  }

  /** The host refused this player's move: say why, and let them choose again. @param {string} text */
  refused(text) {
    const seat = this.game?.position.turn ?? null;   // this player's, while lastLegal is kept
    if (seat === null || !this.lastLegal) return;
    this.turn.start(seat, this.lastLegal);   // sets the phase (tile, start, exchange) and its help
    // then why (the exchange's panel hides the hand's note: it says it in its own)
    if (this.lastLegal.phase === "exchange") $("exchange-note").textContent = text;
    else note(text, "bad");
  }
}

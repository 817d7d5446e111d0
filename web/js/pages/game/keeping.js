// The game page's keeping of its game: what it opens at boot (the tab's saved
// game, a share link, or the setup), resuming a save (one the engine refuses is
// put aside, never deleted), opening a share link without touching the
// player's own games, going back to the last save when the engine fails, and
// saving after every move the engine accepted.  GameKeeping is the base of the
// page's state (main.js's GamePage), which holds the game on and draws it.

import { Session, hasCode } from "../../lib/game/session.js";
import { seatStyles } from "../../lib/views/style.js";
import { drawable, withinLimits } from "../../lib/views/drawable.js";
import { variantOf } from "./variants.js";
import { reason, setPhase, notice } from "../../lib/shell/page.js";
import { t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {Board} from "../../lib/views/board.js" */
/** @import {TileSet} from "../../lib/views/tileset.js" */
/** @import {GameKeeper, Resumable} from "../../lib/game/saves.js" */
/** @import {TurnLoop} from "../../lib/game/turnloop.js" */
/** @import {AnyKind, AnySession} from "./variants.js" */

/** A saved game, replayed by the engine into the session of its variant.
 *  @param {Engine} engine @param {Resumable} save */
const restore = (engine, save) => variantOf(save).Session.fromSave(engine, save);

/**
 * The page's game kept: boot, resume, share links, recovery and the saves.  The page
 * (GamePage) is a GameKeeping and does the rest: it begins a game (begin), opens the
 * setup (openSetup) and writes the banner (setBanner).
 */
export class GameKeeping {
  /**
   * @param {object} deps
   * @param {Engine} deps.engine   the engine client
   * @param {Board} deps.board     the Board view
   * @param {GameKeeper} deps.keeper   the page's GameKeeper (saves.js)
   * @param {Promise<TileSet>} deps.tilesetReady  the tile pictures
   * @param {TurnLoop<AnyKind>} deps.loop  the turn loop, which holds the game on
   */
  constructor({ engine, board, keeper, tilesetReady, loop }) {
    this.engine = engine;
    this.board = board;
    this.keeper = keeper;
    this.tilesetReady = tilesetReady;
    this.loop = loop;
    /** @type {TileSet | null} the tile pictures, once loaded (null: none could be had) */
    this.tileset = null;
    /** Whether the game on is a link's the engine has not answered for yet (saved once it has). */
    this.pendingFirstSave = false;
    /** @type {string | null} where a failure of a link's first step goes back to */
    this.linkPrevious = null;
  }

  /** The game on (the turn loop's). */
  get session() { return this.loop.session; }

  // ---------------------------------------------------------------- the page's part

  /** Begin a game: a new one, a save resumed, a link's.
   *  @param {AnySession} _session @param {{fromSave?: boolean, fromLink?: boolean}} [_how] */
  begin(_session, _how) { throw new Error("the page begins its games"); }
  /** Open the setup dialog, with why (a game could not start or resume), if any. @param {string | null} [_message] */
  openSetup(_message) { throw new Error("the page opens its setup"); }
  /** The banner over the board. @param {string} _text */
  setBanner(_text) { throw new Error("the page writes its banner"); }

  // ---------------------------------------------------------------- the keeping

  /** Open what the page opens at first: a share link in its address, the tab's saved game, or the setup. */
  async boot() {
    this.tileset = await this.tilesetReady.catch(() => null);
    const hash = location.hash.replace(/^#/, "");
    if (/^[rp]=/.test(hash)) {
      history.replaceState(null, "", location.pathname + location.search);
      return this.openLink(hash);
    }
    const found = await this.keeper.resumable();
    if (found) await this.resumeGame(found.id, found.save);
    else this.openSetup();
    const unavailable = this.keeper.unavailable();
    if (unavailable) notice(t("game.noKeep", { reason: unavailable }));
  }

  /**
   * Resume a stored game.  One the engine refuses (or that makes it work past its time
   * limit) is put aside, never deleted, and the player told; if the engine itself is
   * down, the save stays where it is.  (No id: the game on was put aside, or never stored.)
   * @param {string | null} id @param {Resumable | null} [save]
   */
  async resumeGame(id, save = id === null ? null : this.keeper.saveOf(id)) {
    this.loop.stop();
    setPhase("busy");   // no turn is on until the engine has replayed the save: the last one's phase would lie
    if (!save) return this.openSetup(this.keepAside(id, (id !== null && this.keeper.store.whyUnreadable(id)) || t("saves.gone")));
    if (save.position) this.showEarly(save);
    try {
      const session = await restore(this.engine, save);
      this.keeper.begin(id);
      return this.begin(session, { fromSave: true });
    } catch (e) {
      if (this.engine.failed && !hasCode(e, "timeout")) {
        // the engine is down, not the save: keep it for the next visit
        this.setBanner(t("game.saveKept"));
        return notice(t("game.engineDownSave", { reason: reason(this.engine.failed) }));
      }
      return this.openSetup(this.keepAside(id, reason(e)));
    }
  }

  /** Put a save that cannot be resumed aside; returns what to tell the player. @param {string | null} id @param {string} why */
  keepAside(id, why) {
    const kept = this.keeper.keepAside(why, id);
    return kept
      ? t("game.asideDownload", { why })
      : t("game.asideLeft", { why });
  }

  /** Draw a saved position before the engine has replayed it (drawing only, within bounds). @param {Resumable} save */
  showEarly(save) {
    try {
      const variant = variantOf(save);
      const position = save.position;
      if (!position || !(variant.name === "classic" ? drawable(position) : withinLimits(position))) return;
      if (variant.name !== "classic") this.board.setSize(10, 10);
      this.board.setSeats(seatStyles(position.players));
      this.board.setPosition(variant.view(position));
      $("turn-banner").textContent = t("game.resuming");
    } catch { /* the engine will judge it */ }
  }

  /**
   * Open a share link as a game of its own.  It is saved (under a new key) only once the
   * engine has answered for it; until then, and if it fails, the player's game is untouched.
   * @param {string} fragment  the address's fragment: r=... (a game) or p=... (a position)
   */
  async openLink(fragment) {
    this.loop.stop();
    setPhase("busy");
    const previous = this.keeper.id || (await this.keeper.resumable())?.id || null;
    const failed = (/** @type {unknown} */ e) => this.backTo(previous, t("game.linkFailed", { reason: reason(e) }));
    let value, session, over;
    try {
      value = await this.engine.ask("decode_link", { fragment });
      session = value.record ? await Session.fromRecord(this.engine, value.record)
        : value.position ? await Session.fromPosition(this.engine, value.position) : null;
      if (!session) throw new Error("the link holds no game");
      over = await session.isOver();
    } catch (e) {
      return failed(e);
    }
    const text = value.record
      ? t(over ? "game.sharedOver" : "game.sharedGame")
      : t("game.sharedPosition");
    const mine = previous && this.keeper.store.get(previous);
    if (mine && !mine.over) {
      notice(t("game.ownKept", { text }), { label: t("game.backToMine"), run: () => { notice(null); this.resumeGame(previous); } });
    } else notice(text);
    this.keeper.begin();
    this.linkPrevious = previous;  // where a failure of the link's first step goes back to
    return this.begin(session, { fromLink: true });
  }

  /** Back to a stored game (or the setup if there is none), telling the player why.
   *  @param {string | null} id @param {string} text */
  async backTo(id, text) {
    if (id && this.keeper.store.get(id)) {
      await this.resumeGame(id);
      return notice(t("game.backToGame", { text }));
    }
    this.keeper.forget();
    this.loop.leave();
    this.board.setPosition(null);
    return this.openSetup(t("game.freshInstead", { text }));
  }

  /**
   * The engine failed us (a request past its time limit, a dead worker): restart it,
   * tell the player, and go back to the last saved position of the game.
   * @param {unknown} e  the engine's failure
   */
  async recover(e) {
    this.loop.stop();
    if (this.engine.failed) this.engine.restart();   // a dead worker; a time-out has restarted it already
    const text = t(hasCode(e, "timeout") ? "game.restartedTimeout" : "game.restartedStopped");
    if (this.pendingFirstSave) return this.backTo(this.linkPrevious, text);
    await this.resumeGame(this.keeper.id);
    notice(t("game.fromLastSave", { text }));
  }

  /** Save the game on (not a link's before the engine answered for it). */
  save() {
    if (!this.session || this.pendingFirstSave) return;
    this.keeper.save(this.session, this.loop.turn ? this.loop.over : undefined);   // the engine's word, once asked
  }

  /** The engine has answered for the game on: a link's game may now be saved. */
  accepted() {
    if (!this.pendingFirstSave) return;
    this.pendingFirstSave = false;
    this.save();
  }
}

// The game page's keeping of its game: what it opens at boot (the tab's saved
// game, a share link, or the setup), resuming a save (one the engine refuses is
// put aside, never deleted), opening a share link without touching the
// player's own games, going back to the last save when the engine fails, and
// saving after every move the engine accepted.  These are methods of the page's
// `app` (main.js), which holds the game on.

import { Session } from "../../lib/game/session.js";
import { seatStyles } from "../../lib/views/style.js";
import { drawable, withinLimits } from "../../lib/views/drawable.js";
import { variantOf } from "./variants.js";
import { reason, setPhase, notice } from "../../lib/shell/page.js";
import { t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";

/**
 * The app's methods that keep the game (mixed into `app`, whose `this` they use).
 * @param {object} deps
 * @param {any} deps.engine   the engine client
 * @param {any} deps.board    the Board view
 * @param {any} deps.keeper   the page's GameKeeper (saves.js)
 * @param {Promise<any>} deps.tilesetReady  the tile pictures
 * @returns {object}
 */
export function keeping({ engine, board, keeper, tilesetReady }) {
  /** A saved game, replayed by the engine into the session of its variant. */
  const restore = (save) => variantOf(save).Session.fromSave(engine, save);

  return {
    async boot() {
      this.tileset = await tilesetReady.catch(() => null);
      const hash = location.hash.replace(/^#/, "");
      if (/^[rp]=/.test(hash)) {
        history.replaceState(null, "", location.pathname + location.search);
        return this.openLink(hash);
      }
      const found = await keeper.resumable();
      if (found) await this.resumeGame(found.id, found.save);
      else this.openSetup();
      const unavailable = keeper.unavailable();
      if (unavailable) notice(t("game.noKeep", { reason: unavailable }));
    },

    /**
     * Resume a stored game.  One the engine refuses (or that makes it work past its time
     * limit) is put aside, never deleted, and the player told; if the engine itself is
     * down, the save stays where it is.
     */
    async resumeGame(id, save = keeper.saveOf(id)) {
      this.loop.stop();
      setPhase("busy");   // no turn is on until the engine has replayed the save: the last one's phase would lie
      if (!save) return this.openSetup(this.keepAside(id, keeper.store.whyUnreadable(id) || t("saves.gone")));
      if (save.position) this.showEarly(save);
      try {
        const session = await restore(save);
        keeper.begin(id);
        return this.begin(session, { fromSave: true });
      } catch (e) {
        if (engine.failed && e.code !== "timeout") {
          // the engine is down, not the save: keep it for the next visit
          this.setBanner(t("game.saveKept"));
          return notice(t("game.engineDownSave", { reason: reason(engine.failed) }));
        }
        return this.openSetup(this.keepAside(id, reason(e)));
      }
    },

    /** Put a save that cannot be resumed aside; returns what to tell the player. */
    keepAside(id, why) {
      const kept = keeper.keepAside(why, id);
      return kept
        ? t("game.asideDownload", { why })
        : t("game.asideLeft", { why });
    },

    /** Draw a saved position before the engine has replayed it (drawing only, within bounds). */
    showEarly(save) {
      try {
        const variant = variantOf(save);
        const position = save.position;
        if (!(variant.name === "classic" ? drawable(position) : withinLimits(position))) return;
        if (variant.name !== "classic") board.setSize(10, 10);
        board.setSeats(seatStyles(position.players));
        board.setPosition(variant.view(position));
        $("turn-banner").textContent = t("game.resuming");
      } catch { /* the engine will judge it */ }
    },

    /**
     * Open a share link as a game of its own.  It is saved (under a new key) only once the
     * engine has answered for it; until then, and if it fails, the player's game is untouched.
     */
    async openLink(fragment) {
      this.loop.stop();
      setPhase("busy");
      const previous = keeper.id || (await keeper.resumable())?.id || null;
      const failed = (e) => this.backTo(previous, t("game.linkFailed", { reason: reason(e) }));
      let value, session, over;
      try {
        value = await engine.ask("decode_link", { fragment });
        session = value.record
          ? await Session.fromRecord(engine, value.record)
          : await Session.fromPosition(engine, value.position);
        over = await session.isOver();
      } catch (e) {
        return failed(e);
      }
      const text = value.record
        ? t(over ? "game.sharedOver" : "game.sharedGame")
        : t("game.sharedPosition");
      const mine = previous && keeper.store.get(previous);
      if (mine && !mine.over) {
        notice(t("game.ownKept", { text }), { label: t("game.backToMine"), run: () => { notice(null); this.resumeGame(previous); } });
      } else notice(text);
      keeper.begin();
      this.linkPrevious = previous;  // where a failure of the link's first step goes back to
      return this.begin(session, { fromLink: true });
    },

    /** Back to a stored game (or the setup if there is none), telling the player why. */
    async backTo(id, text) {
      if (id && keeper.store.get(id)) {
        await this.resumeGame(id);
        return notice(t("game.backToGame", { text }));
      }
      keeper.forget();
      this.loop.leave();
      board.setPosition(null);
      return this.openSetup(t("game.freshInstead", { text }));
    },

    /**
     * The engine failed us (a request past its time limit, a dead worker): restart it,
     * tell the player, and go back to the last saved position of the game.
     */
    async recover(e) {
      this.loop.stop();
      if (engine.failed) engine.restart();   // a dead worker; a time-out has restarted it already
      const text = t(e.code === "timeout" ? "game.restartedTimeout" : "game.restartedStopped");
      if (this.pendingFirstSave) return this.backTo(this.linkPrevious, text);
      await this.resumeGame(keeper.id);
      notice(t("game.fromLastSave", { text }));
    },

    save() {
      if (!this.session || this.pendingFirstSave) return;
      keeper.save(this.session, this.loop.turn ? this.loop.over : undefined);   // the engine's word, once asked
    },

    /** The engine has answered for the game on: a link's game may now be saved. */
    accepted() {
      if (!this.pendingFirstSave) return;
      this.pendingFirstSave = false;
      this.save();
    },
  };
}

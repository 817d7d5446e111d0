// The player's saved games, in localStorage: every game under its own key,
// so that links, new games and other tabs never overwrite one another, and a
// save the page cannot resume is kept aside, never deleted.
//
//   tsuro.game.<id>   {format: "tsuro-games/2", id, savedAt, over, position,
//                      game: <the session's save, "tsuro-save/1">}
//   tsuro.kept.<id>   {format: "tsuro-kept/1", id, keptAt, reason, text, key?}
//                     a save that could not be resumed, as it was stored (or
//                     another stored entry the site could not read: storage.js)
//   tsuro.review.game.<id>  the game's review, if it was reviewed (reviews.js):
//                     forgotten with the game, kept aside with it
//   tsuro.save        (format 1, before this module) one game; migrated
//   tsuro.save.previous                              (the same)
//
// Which game a tab is playing is the tab's own (sessionStorage), so two tabs
// play two games; a tab hears of a change to its game from another tab
// through the storage event, and never writes over it: if another tab wrote
// the game since this one last did, this tab's game goes on under a key of its
// own (both are kept).  Only games the engine has accepted are written: the
// caller saves after the engine has answered for the game.

import { t } from "../words/i18n.js";
import { failureText } from "../words/stored.js";
import { downloadBlob } from "../base/download.js";
import { localStore, tabStore, readText, writeText, remove, keysWith, keepText, keptEntries, forgetKept } from "../base/storage.js";
import { dropReview, keepReviewAside } from "./reviews.js";

export const FORMAT = "tsuro-games/2";
const GAME_PREFIX = "tsuro.game.";
const LEGACY_KEYS = ["tsuro.save", "tsuro.save.previous"];
const TAB_KEY = "tsuro.tab.game";
const FINISHED_KEPT = 10; // finished games kept for their replay; unfinished ones are never dropped

const LOCK_PREFIX = "tsuro.playing.";

/** The names of the Web Locks held (by any tab of the site). */
async function heldLocks() {
  try {
    const q = await navigator.locks.query();
    return new Set((q.held || []).map((l) => l.name));
  } catch {
    return new Set();
  }
}

function newId() {
  const rnd = Math.random().toString(36).slice(2, 8);
  return `${Date.now().toString(36)}-${rnd}`;
}

/** Whether an entry read from storage has the shape this module writes. */
function isEntry(e) {
  return !!e && typeof e === "object" && e.format === FORMAT && typeof e.id === "string" &&
    !!e.game && typeof e.game === "object";
}

export class GameStore {
  constructor(storage = localStore(), tab = tabStore()) {
    this.storage = storage;
    this.tab = tab;
    this.failure = null; // why the last write failed (null: it did not)
  }

  /** Whether games can be kept: storage exists and takes a write. */
  get available() {
    if (writeText("tsuro.probe", "1", this.storage)) return false;
    remove("tsuro.probe", this.storage);
    return true;
  }

  _keys(prefix) { return keysWith(prefix, this.storage); }

  _read(key) { return readText(key, this.storage); }

  _write(key, text) {
    const failed = writeText(key, text, this.storage);
    this.failure = failed && failureText(failed);
    return !failed;
  }

  /**
   * Move format-1 saves (tsuro.save, tsuro.save.previous) to keys of their own.
   * A legacy key is removed only once its game is written under its new key.
   * Returns the ids of the migrated games, the newest first.
   */
  migrate() {
    const ids = [];
    for (const key of LEGACY_KEYS) {
      const text = this._read(key);
      if (text === null) continue;
      let save = null;
      try { save = JSON.parse(text); } catch { /* damaged: kept aside below */ }
      const id = newId() + (ids.length ? `-${ids.length}` : "");
      const ok = save && typeof save === "object" && !Array.isArray(save)
        ? this._write(GAME_PREFIX + id, JSON.stringify(wrap(id, stripLegacy(save), {
          savedAt: typeof save.savedAt === "string" ? save.savedAt : new Date(0).toISOString(),
          over: false,   // the engine says whether it is over when it is resumed (the turn loop)
          position: save.position,
        })))
        : this._keepText(id, text, t("saves.notASave"));
      if (!ok) continue;
      remove(key, this.storage); // if it stays, it is migrated again later: harmless
      if (save) ids.push(id);
    }
    return ids;
  }

  /** Every saved game's entry (unreadable ones left out: see damaged()), newest first. */
  list() {
    const out = [];
    for (const key of this._keys(GAME_PREFIX)) {
      const e = this.get(key.slice(GAME_PREFIX.length));
      if (e) out.push(e);
    }
    return out.sort((a, b) => String(b.savedAt).localeCompare(String(a.savedAt)));
  }

  /** The ids of stored games that are not even readable (not JSON, another shape). */
  damaged() {
    return this._keys(GAME_PREFIX).map((k) => k.slice(GAME_PREFIX.length)).filter((id) => !this.get(id));
  }

  /** A saved game's entry, or null if there is none or it is unreadable. */
  get(id) {
    const text = this._read(GAME_PREFIX + id);
    if (text === null) return null;
    try {
      const e = JSON.parse(text);
      return isEntry(e) && e.id === id ? e : null;
    } catch {
      return null;
    }
  }

  /** Why a stored game cannot be read (for the player), or null if it can. */
  whyUnreadable(id) {
    const text = this._read(GAME_PREFIX + id);
    if (text === null) return t("saves.gone");
    let e;
    try { e = JSON.parse(text); } catch { return t("saves.notJson"); }
    if (e && typeof e === "object" && typeof e.format === "string" && e.format !== FORMAT) {
      return t("saves.otherFormat", { format: e.format.slice(0, 40) });
    }
    return isEntry(e) && e.id === id ? null : t("saves.notASave");
  }

  /** The raw stored text of a game (what the change events compare). */
  text(id) { return this._read(GAME_PREFIX + id); }

  /**
   * Save a game the engine has accepted.  meta: {over, position}.
   * Returns true if it is stored; false (and .failure says why) if not.
   */
  put(id, game, meta = {}) {
    const ok = this._write(GAME_PREFIX + id, JSON.stringify(wrap(id, game, meta)));
    if (ok && meta.over) this._pruneFinished(id);
    return ok;
  }

  /** Forget a game (the player asked to), and its review. */
  remove(id) {
    remove(GAME_PREFIX + id, this.storage);
    dropReview(`game.${id}`, this.storage);
    if (this.current === id) this.current = null;
  }

  _pruneFinished(keep) {
    const finished = this.list().filter((e) => e.over && e.id !== keep);
    for (const e of finished.slice(FINISHED_KEPT - 1)) this.remove(e.id);
  }

  /**
   * Put a game that cannot be resumed aside, under a key of its own, as it was stored,
   * with the reason.  Its game key is removed only once the copy is written.
   * Returns the kept entry's id, or null if the storage refused the copy (the game stays).
   */
  keepAside(id, reason) {
    const text = this._read(GAME_PREFIX + id);
    if (text === null) return null;
    if (!this._keepText(id, text, reason)) return null;
    remove(GAME_PREFIX + id, this.storage); // if it stays, it is kept twice: harmless
    keepReviewAside(`game.${id}`, this.storage);   // its review goes aside with it (never dropped)
    if (this.current === id) this.current = null;
    return id;
  }

  _keepText(id, text, reason) {
    const failed = keepText(id, text, reason, { storage: this.storage });
    this.failure = failed && failureText(failed);
    return !failed;
  }

  /** Every entry kept aside (saves that could not be resumed, and whatever else any page
   *  kept aside: storage.js's one list), newest first. */
  kept() { return keptEntries(this.storage); }

  /** Forget an entry kept aside (the player asked to, after downloading it): its storeKey. */
  dropKept(storeKey) {
    forgetKept(storeKey, this.storage);
  }

  /** The id of the game this tab plays (kept across reloads of the tab), or null. */
  get current() {
    try { return this.tab ? this.tab.getItem(TAB_KEY) : this._current || null; } catch { return this._current || null; }
  }

  set current(id) {
    this._current = id;
    try {
      if (!this.tab) return;
      if (id) this.tab.setItem(TAB_KEY, id);
      else this.tab.removeItem(TAB_KEY);
    } catch { /* kept in memory only */ }
  }

  /** A fresh id for a new game. */
  newId() { return newId(); }

  /**
   * Call cb(entry or null) when another tab writes (or removes) the game with id idFn().
   * Returns a function that stops listening.
   */
  onChangeElsewhere(idFn, cb) {
    const handler = (e) => {
      const id = idFn();
      if (!id || e.key !== GAME_PREFIX + id || e.newValue === e.oldValue) return;
      cb(e.newValue === null ? null : this.get(id));
    };
    window.addEventListener("storage", handler);
    return () => window.removeEventListener("storage", handler);
  }
}

/**
 * A game's save as stored: the game with its id, when it was saved, whether it is over
 * and the position to draw before the engine is up.
 * @param {string} id @param {object} game
 * @param {{savedAt?: string, over?: boolean, position?: object | null}} [meta]
 */
function wrap(id, game, { savedAt, over = false, position = null } = {}) {
  return {
    format: FORMAT, id, savedAt: savedAt || new Date().toISOString(), over: !!over,
    position, game,
  };
}

/** A format-1 save without what format 2 keeps beside it (the position drawn early). */
function stripLegacy(save) {
  const { position, ...game } = save;
  return game;
}

/** Whether two saves hold the same game (whenever they were saved). */
function sameGame(a, b) {
  return JSON.stringify({ ...a, savedAt: null }) === JSON.stringify({ ...b, savedAt: null });
}

/** An entry kept aside as a file the player can download (a JSON text): a save, or what
 *  another page kept (named after where it was stored). */
export function keptFile(entry) {
  const what = entry.key ? String(entry.key).replace(/^tsuro\./, "") : "save";
  const name = `tsuro-${what}-${String(entry.id)}`.replace(/[^\w.-]/g, "_").slice(0, 100) + ".json";
  let body = entry.text;
  try { body = JSON.stringify(JSON.parse(entry.text), null, 2); } catch { /* as it was stored */ }
  return { name, blob: new Blob([body + "\n"], { type: "application/json" }) };
}

/** Start the download of an entry kept aside. */
export function downloadKept(entry) {
  const { name, blob } = keptFile(entry);
  downloadBlob(name, blob);
}

/**
 * The page's slot for the game it plays, over a GameStore: which game this tab
 * plays, saving it after every move the engine accepted, telling the player
 * when nothing can be kept, putting aside a save that cannot be resumed.
 *
 *   keeper.resumable()     the save to resume on load (this tab's game, else the newest unfinished one)
 *   keeper.begin(fromId)   a new game on (a new id) or a stored one (its id); nothing written yet
 *   keeper.save(session)   write the game on; false if the browser refused (the player is told)
 *   keeper.keepAside(why)  the game on could not be resumed: keep its save aside (never deleted)
 */
export class GameKeeper {
  /**
   * @param {GameStore} [store]
   * @param {{onFailure?: (sentence: string) => void, onFork?: () => void}} [options]
   *   onFailure: called once with a sentence when saving stops working;
   *   onFork: this tab's game went on under a key of its own (another tab wrote the one it played)
   */
  constructor(store = new GameStore(), { onFailure = () => {}, onFork = () => {} } = {}) {
    this.store = store;
    this.onFailure = onFailure;
    this.onFork = onFork;
    this.told = false;
    this.migrated = store.migrate();
    // the one game of the previous format was the game on: it still is
    if (this.migrated.length && !store.current) store.current = this.migrated[0];
    this.id = null;
    this.lastText = null; // what this tab last wrote (to tell another tab's write apart)
  }

  /** Why games are not kept in this browser, or null if they are. */
  unavailable() {
    return this.store.available ? null : t("saves.unavailable");
  }

  /**
   * The save to resume when the page loads, as {id, save} (save: the session's, plus
   * position), or null: this tab's game; for a new tab, the newest unfinished game
   * that no other open tab is playing.
   */
  async resumable() {
    const current = this.store.current;
    const entries = this.store.list();
    let entry = current ? entries.find((e) => e.id === current) : null;
    const damaged = this.store.damaged();
    if (!entry && damaged.length) {
      // told about (and put aside) one by one, this tab's first
      return { id: damaged.includes(current) ? current : damaged[0], save: null };
    }
    if (!entry) {
      const held = await heldLocks();
      entry = entries.find((e) => !e.over && !held.has(LOCK_PREFIX + e.id)) || null;
    }
    return entry ? { id: entry.id, save: { ...entry.game, position: entry.position } } : null;
  }

  /** A stored game's save by id (the games list), or null. */
  saveOf(id) {
    const e = this.store.get(id);
    return e ? { ...e.game, position: e.position } : null;
  }

  /** From now on this tab plays the game `id` (a stored one), or a new game (no id). */
  begin(id = null) {
    this.id = id || this.store.newId();
    this.store.current = this.id;
    this.lastText = this.store.text(this.id);
    this._hold(this.id);
    return this.id;
  }

  /** This tab plays no stored game (a link that failed before it was saved). */
  forget() {
    this.id = null;
    this.store.current = null;
    if (this._release) this._release();
    this._release = null;
  }

  /** Hold a Web Lock named after the game while this tab plays it (other tabs see it is open). */
  _hold(id) {
    if (this._release) this._release();
    this._release = null;
    try {
      navigator.locks?.request(LOCK_PREFIX + id, { ifAvailable: true }, (lock) => lock &&
        new Promise((resolve) => { this._release = () => resolve(null); })).catch(() => {});
    } catch { /* no Web Locks: tabs just do not know of each other's games */ }
  }

  /**
   * Save the game on (one the engine has accepted).  `over`: whether the engine said it is
   * over (undefined: not asked yet for this position; a game unchanged keeps what was stored).
   * @param {any} session @param {boolean} [over]
   */
  save(session, over = undefined) {
    if (!this.id) this.begin();
    const game = session.toSave();
    const stored = this.store.get(this.id);
    const same = !!stored && sameGame(stored.game, game);
    if (over === undefined) over = same ? stored.over : false;
    if (same && stored.over === over) return true;   // resumed, nothing new: no write
    const text = this.store.text(this.id);
    if (text !== null && text !== this.lastText) {
      // another tab wrote this game since this tab last did: its copy stays, this one goes on
      // under a key of its own (nothing of either is lost)
      this.begin();
      this.onFork();
    }
    const ok = this.store.put(this.id, game, {
      over, position: session.position,
    });
    if (ok) {
      this.lastText = this.store.text(this.id);
      this.told = false;
    } else if (!this.told) {
      this.told = true;
      this.onFailure(t("saves.notKept", { reason: this.store.failure }));
    }
    return ok;
  }

  /** Put the save of the game `id` (default: the game on) aside, with why it could not be resumed. */
  keepAside(reason, id = this.id) {
    const kept = id ? this.store.keepAside(id, reason) : null;
    if (id === this.id) this.id = null;
    return kept;
  }

  /** The other unfinished games and the kept saves, for the games list. */
  listing() {
    return { entries: this.store.list(), kept: this.store.kept(), current: this.id };
  }

  /**
   * Call cb(save or null) when another tab changes (or removes) the game this tab plays.
   * Returns a function that stops listening.
   */
  watch(cb) {
    return this.store.onChangeElsewhere(() => this.id, (entry) => {
      const text = this.store.text(this.id);
      if (text !== null && text === this.lastText) return;
      cb(entry ? { ...entry.game, position: entry.position } : null);
    });
  }
}

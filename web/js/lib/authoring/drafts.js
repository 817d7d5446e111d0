// An author's draft kept in localStorage under the discipline saved games keep
// (the board editor's position, the lesson editor's lesson, and any later
// editing page): one entry, changed where it is stored at the moment of each
// change, never written back from a copy read earlier, so another tab's work
// stays; what the page cannot read is put aside (storage.js), never dropped.
//
//   stored: {...the page's draft, rev}   rev: one more at every write
//
// - A change (update) reads what is stored now, takes it if another tab wrote it
//   since, makes the change on it and writes the result, all under a Web Lock
//   named after the entry, so two tabs' changes (the lesson editor's wait for the
//   engine) never interleave; where there are no locks, a change made while
//   another tab wrote is made again on that tab's draft.
// - Another tab's write (the storage event, and again before each change) is taken
//   when it was made on this tab's last one (its rev is higher, and this tab holds
//   nothing unsaved): the page draws it.  Otherwise the two tabs' drafts went apart
//   (this tab's write failed and it kept working, or two writes crossed): nothing
//   is written until the author chooses (takeTheirs / keepMine); the version left
//   is kept aside, listed with the other entries kept (storage.js).
// - A write that fails (storage full, refused) is told (the "failed" event) and the
//   draft stays on the page, in full, and is written with the next change that can
//   be: the page offers it as a file meanwhile.
// - A stored draft the page cannot read (damaged, another version's) is put aside,
//   and the page goes on with its own.
//
// The page's draft is any value: `read` makes it from a stored value (and throws on
// one it cannot use), `write` makes the stored value of it.  What `read` throws for a
// failure of the moment (the engine that checks it failing, not refusing it: the page's
// `unreadable` says which) leaves the stored draft where it is, and is thrown on.  Changes are functions
// from the draft to a new draft; they never change the one they are given.

import { localStore, readText, writeText, putAside, keepCopy } from "../base/storage.js";
/** @import {StorageFailure} from "../base/storage.js" */

/**
 * What the keeper tells the page:
 *   taken     another tab's draft is now this tab's (draw it)
 *   conflict  another tab wrote while this tab's draft was unsaved, or over it: the author chooses
 *   failed    a write failed (`failure` says why); the draft is on the page only
 *   saved     a write worked again after one failed, or the choice was made
 *   kept      a stored draft the page could not read was put aside (`keptAt`: where, or null)
 * @typedef {{type: "taken" | "conflict" | "saved"}
 *         | {type: "failed", failure: StorageFailure}
 *         | {type: "kept", keptAt: string | null, error: unknown}} DraftEvent
 */

/** How many times a change is made again on another tab's draft before the author is asked. */
const TRIES = 6;

/** @param {unknown} v */
const revOf = (v) => (v && typeof v === "object" && Number.isSafeInteger(/** @type {any} */ (v).rev) ? /** @type {any} */ (v).rev : 0);

/**
 * @template T
 */
export class DraftKeeper {
  /**
   * @param {string} key  the localStorage key
   * @param {object} how
   * @param {(stored: any) => T | Promise<T>} how.read  a stored value as the page's draft; throws if the page cannot use it
   * @param {(draft: T) => Record<string, any>} how.write  the draft as stored (an object: `rev` is added)
   * @param {(event: DraftEvent) => void} [how.on]  what happened (DraftEvent)
   * @param {(error: unknown) => boolean} [how.unreadable]  whether what `read` threw says the
   *   stored value cannot be used (put aside); else it failed for now (the value stays stored)
   * @param {Storage | null} [how.storage]
   */
  constructor(key, { read, write, on = () => {}, unreadable = () => true, storage = localStore() }) {
    this.key = key;
    this.read = read;
    this.unreadable = unreadable;
    this.write = write;
    this.on = on;
    this.storage = storage;
    /** @type {T} the draft on the page */
    this.draft = /** @type {T} */ (/** @type {unknown} */ (null));
    /** the stored text the draft was made from or written as (null: nothing stored) */
    this.text = /** @type {string | null} */ (null);
    this.rev = 0;
    /** the draft holds changes the browser did not store */
    this.unsaved = false;
    /** @type {StorageFailure | null} why the last write failed */
    this.failure = null;
    /** @type {{draft: T, text: string} | null} another tab's draft, when the two went apart */
    this.conflict = null;
    /** @type {string | null} an unreadable stored text the browser would not keep aside: never written over */
    this.blocked = null;
    /** @type {Promise<unknown>} the jobs of this tab, one after the other */
    this.queue = Promise.resolve();
  }

  /**
   * Start from the stored draft, or `fresh()` when none is stored or it cannot be read (then
   * it is put aside, and `damaged` says why and where it is kept: null if the browser refused
   * the copy, and it is left where it was; noted for the page's refusals unless it says so
   * itself, `said`).  Nothing is written yet.
   * @param {() => T | Promise<T>} fresh
   * @param {{said?: boolean}} [options]
   * @returns {Promise<{damaged: {error: unknown, keptAt: string | null} | null}>}
   */
  async load(fresh, { said = false } = {}) {
    const text = readText(this.key, this.storage);
    if (text !== null) {
      try {
        const stored = JSON.parse(text);
        this.draft = await this.read(stored);
        this.text = text;
        this.rev = revOf(stored);
        return { damaged: null };
      } catch (error) {
        if (!this.unreadable(error)) throw error;   // nothing wrong with it: left as stored
        this.draft = await fresh();
        return { damaged: { error, keptAt: this.putAside(text, said) } };
      }
    }
    this.draft = await fresh();
    return { damaged: null };
  }

  /**
   * Make a change: on what is stored now (another tab's draft taken first), written at once.
   * Returns the draft after it.  A change that throws changes nothing (the error is thrown).
   * @param {(draft: T) => T | Promise<T>} change
   * @returns {Promise<T>}
   */
  update(change) {
    return this.locked(async () => {
      for (let tries = 1; ; tries++) {
        const base = await this.current();
        if (this.conflict) {   // the author has not chosen yet: the change is kept here, not written
          this.draft = await change(this.draft);
          this.unsaved = true;
          return this.draft;
        }
        const seen = readText(this.key, this.storage);
        const next = await change(base);
        if (readText(this.key, this.storage) !== seen) {   // written meanwhile (a tab without locks)
          if (tries < TRIES) continue;
          this.draft = next;
          this.unsaved = true;
          await this.current();   // still: the author chooses
          return next;
        }
        this.draft = next;
        this.store();
        return next;
      }
    });
  }

  /** Take another tab's write if there is one (the page calls this on the storage event). */
  sync() { return this.locked(() => this.current()); }

  /** Listen to other tabs' writes (window's storage event), and ask before the page is left
   *  with changes only it holds (a write failed); returns a function that stops. */
  listen() {
    /** @param {StorageEvent} e */
    const heard = (e) => { if (e.key === this.key || e.key === null) this.sync().catch(() => {}); };   // (a failure of the moment: taken later)
    /** @param {BeforeUnloadEvent} e */
    const leaving = (e) => { if (this.unsaved) e.preventDefault(); };
    addEventListener("storage", heard);
    addEventListener("beforeunload", leaving);
    return () => {
      removeEventListener("storage", heard);
      removeEventListener("beforeunload", leaving);
    };
  }

  /** The author chose the other tab's draft: this tab's goes aside (listed), theirs is taken. */
  takeTheirs() {
    return this.locked(async () => {
      await this.current();
      const c = this.conflict;
      if (!c) return;
      this.keepMineAside();
      Object.assign(this, { draft: c.draft, text: c.text, rev: revOf(JSON.parse(c.text)), unsaved: false, conflict: null, failure: null });
      this.on({ type: "taken" });
    });
  }

  /** The author chose this tab's draft: the other tab's goes aside (listed), this one is written. */
  keepMine() {
    return this.locked(async () => {
      await this.current();
      const c = this.conflict;
      if (!c) return;
      if (!keepCopy(this.key, c.text, "otherTab", this.storage)) {
        return this.failed({ reason: "full" });   // never written over without its copy
      }
      this.conflict = null;
      this.text = c.text;
      this.rev = Math.max(this.rev, revOf(JSON.parse(c.text)));
      this.store();
    });
  }

  /** The draft as a stored value (what a file of it holds). */
  stored() { return { ...this.write(this.draft), rev: this.rev }; }

  // ---------------------------------------------------------------- inside

  /** Run `job` after the ones before it, and, across tabs, alone (a Web Lock on the key).
   *  @template R @param {() => Promise<R>} job @returns {Promise<R>} */
  locked(job) {
    const locks = globalThis.navigator?.locks;
    /** @type {() => Promise<R>} */
    const run = locks ? () => /** @type {Promise<R>} */ (locks.request(`tsuro.draft:${this.key}`, job)) : job;
    const done = this.queue.then(run);
    this.queue = done.catch(() => {});
    return done;
  }

  /**
   * The draft a change is made on: this tab's, or another tab's written since (taken when it
   * was made on this tab's last write and this tab holds nothing unsaved; else the conflict).
   * @returns {Promise<T>}
   */
  async current() {
    const text = readText(this.key, this.storage);
    if (text === this.text || text === this.blocked) return this.draft;
    if (text === null) {   // removed elsewhere: this tab's draft is written back with its next change
      this.text = null;
      return this.draft;
    }
    let stored, theirs;
    try {
      stored = JSON.parse(text);
      theirs = await this.read(stored);
    } catch (error) {
      if (!this.unreadable(error)) throw error;   // taken with a later change, or the next storage event
      this.on({ type: "kept", keptAt: this.putAside(text), error });
      return this.draft;
    }
    if (text !== readText(this.key, this.storage)) return this.current();   // written again meanwhile
    if (!this.unsaved && !this.conflict && revOf(stored) > this.rev) {
      Object.assign(this, { draft: theirs, text, rev: revOf(stored) });
      this.on({ type: "taken" });
      return theirs;
    }
    this.conflict = { draft: theirs, text };
    this.on({ type: "conflict" });
    return this.draft;
  }

  /** Put an unreadable stored text aside; where the browser refuses, it is never written over.
   *  @param {string} text @param {boolean} [said]  the page says so itself (else a refusal is noted) */
  putAside(text, said = true) {
    const keptAt = putAside(this.key, text, { reason: "unreadable", said, storage: this.storage });
    this.blocked = keptAt ? null : text;
    if (keptAt) this.text = null;
    return keptAt;
  }

  /** This tab's draft kept aside (the author chose another tab's). */
  keepMineAside() {
    keepCopy(this.key, JSON.stringify(this.stored()), "replaced", this.storage);
  }

  /** Write the draft (made on what is stored: current()). */
  store() {
    if (this.blocked !== null && readText(this.key, this.storage) === this.blocked) {
      if (this.putAside(this.blocked) === null) return this.failed({ reason: "full" });
    }
    const text = JSON.stringify({ ...this.write(this.draft), rev: this.rev + 1 });
    const failure = writeText(this.key, text, this.storage);
    if (failure) return this.failed(failure);
    const told = this.failure !== null;
    Object.assign(this, { text, rev: this.rev + 1, unsaved: false, failure: null });
    if (told) this.on({ type: "saved" });
  }

  /** @param {StorageFailure} failure */
  failed(failure) {
    this.unsaved = true;
    this.failure = failure;
    this.on({ type: "failed", failure });
  }
}

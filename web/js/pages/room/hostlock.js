// One referee per room per browser (docs/rooms.md, "One host tab").  A room this
// browser hosts is refereed by one tab at a time: the tab holds a Web Lock named
// after the room for as long as it referees.  A second tab that opens the room
// finds the lock held and says so; "Host it here" asks the holding tab, on a
// BroadcastChannel, to hand the room over: that tab finishes the move under
// way, saves, stops and lets the lock go, and the new tab takes the room up
// from the save.  A holding tab that does not answer (frozen, busy) loses the
// lock to a steal after HAND_OVER_MS.  The stored room carries an epoch, raised
// by each tab that takes it: a save from an older epoch is refused (store.js),
// so no stored game ever goes back to an earlier move.

const HAND_OVER_MS = 5000;
const TAKE_OVER = "tsuro.room.take-over.";

export class HostLock {
  /**
   * @param {string} id  the room's id
   * @param {object} o
   * @param {() => Promise<void>} o.handOver  another tab asks for the room: stop refereeing (resolves once stopped and saved)
   * @param {() => void} o.lost  the lock was taken without asking (stolen): stop at once
   */
  constructor(id, { handOver, lost }) {
    this.name = `tsuro-room-host.${id}`;
    this.id = id;
    this.handOver = handOver;
    this.lost = lost;
    this.held = false;
    /** @type {(() => void) | null} lets the lock go */
    this.letGo = null;
    /** @type {BroadcastChannel | null} */
    this.channel = null;
    try { this.channel = new BroadcastChannel(this.name); } catch { /* none: only the lock */ }
    if (this.channel) this.channel.onmessage = (e) => { if (e.data?.type === "hand-over") this._asked(); };
  }

  /** Whether this browser has Web Locks (without them every tab referees, the epochs still guard the save). */
  static get supported() { return typeof navigator !== "undefined" && !!navigator.locks; }

  /**
   * Hold the lock: resolves true once held, false if `ifAvailable` and another tab holds it.
   * @param {LockOptions} options
   * @returns {Promise<boolean>}
   */
  _hold(options) {
    return new Promise((resolve, reject) => {
      let granted = false;
      navigator.locks.request(this.name, options, (lock) => {
        if (!lock) { resolve(false); return undefined; }
        granted = true;
        this.held = true;
        resolve(true);
        return new Promise((letGo) => { this.letGo = () => letGo(undefined); });
      }).then(() => { this.held = false; }, (e) => {
        if (!granted) { reject(e); return; }
        this.held = false;   // stolen by another tab
        this.lost();
      });
    });
  }

  /** Referee here if no other tab does: true if this tab holds the room now. */
  async claim() {
    if (!HostLock.supported) return true;
    return this._hold({ mode: "exclusive", ifAvailable: true });
  }

  /** Ask the tab that holds the room to hand it over, and hold it (taken without asking past HAND_OVER_MS). */
  async takeOver() {
    if (!HostLock.supported) return;
    this.channel?.postMessage({ type: "hand-over" });
    const asked = new AbortController();
    const timer = setTimeout(() => asked.abort(), HAND_OVER_MS);
    try {
      await this._hold({ mode: "exclusive", signal: asked.signal });
    } catch (e) {
      if (!(e instanceof DOMException && e.name === "AbortError")) throw e;
      await this._hold({ mode: "exclusive", steal: true });
    } finally {
      clearTimeout(timer);
    }
  }

  async _asked() {
    if (!this.held) return;
    await this.handOver();
    this.letGo?.();
  }

  /** "Host it here", kept over a reload: the next load of this room takes it over. @param {string} id */
  static askOnReload(id) {
    try { sessionStorage.setItem(TAKE_OVER + id, "1"); } catch { /* no storage: a second click */ }
  }

  /** Whether this load was asked to take the room over (asked once). @param {string} id */
  static askedOnReload(id) {
    try {
      const asked = sessionStorage.getItem(TAKE_OVER + id) === "1";
      sessionStorage.removeItem(TAKE_OVER + id);
      return asked;
    } catch {
      return false;
    }
  }
}

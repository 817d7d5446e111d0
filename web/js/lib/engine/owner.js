// A shared engine: one SharedWorker for every page of the origin with the same
// options, made with `extendedLifetime` so that it outlives a navigation: the
// next page of the site finds the engine up instead of starting it again (where
// the browser has the option: Chrome 148 and later; elsewhere the worker ends
// with the last page, as before).  Each page makes it from a hidden frame of its
// own, the worker's only owner in that page (`drop` removes the frame).  A
// worker busy in one long Python call reads no message, and the browser no
// longer stops it when the last page leaves; so a page that gave up on it (a
// request past its time limit) tells it so, and tells the other pages on a
// broadcast channel, which leave it too and move to a new one; the worker drops
// the requests of the pages that left and ends once every page has
// (engine.worker.js).

const CHANNEL = "tsuro-engine";

/**
 * A SharedWorker made by a hidden frame of this page, and how to let it go.
 * @param {URL} url @param {WorkerOptions & {name: string}} options
 * @returns {{worker: SharedWorker, drop: () => void}}
 */
export function ownedSharedWorker(url, options) {
  const frame = document.createElement("iframe");
  frame.hidden = true;   // never shown nor focused, and out of the accessibility tree
  frame.tabIndex = -1;
  frame.setAttribute("aria-hidden", "true");
  (document.body || document.documentElement).append(frame);
  const win = /** @type {Window & typeof globalThis} */ (frame.contentWindow);
  /** @type {WorkerOptions & {extendedLifetime: boolean}} */
  const lasting = { ...options, extendedLifetime: true };
  const worker = new win.SharedWorker(url.href, lasting);
  return { worker, drop: () => frame.remove() };
}

/**
 * Hear of shared workers other pages gave up on: cb(name, generation) with the stuck
 * worker's name and the generation to move to.  Returns {tell, close}: tell(name,
 * generation) says this page gave up on one.
 * @param {(name: string, generation: number) => void} cb
 */
export function stuckWorkers(cb) {
  /** @type {BroadcastChannel | null} */
  let channel = null;
  try { channel = new BroadcastChannel(CHANNEL); } catch { /* no channel: each page times out alone */ }
  if (channel) {
    channel.onmessage = (event) => {
      const m = event.data;
      if (m && typeof m.stuck === "string" && Number.isSafeInteger(m.generation)) cb(m.stuck, m.generation);
    };
  }
  return {
    /** @param {string} name @param {number} generation */
    tell: (name, generation) => { try { channel?.postMessage({ stuck: name, generation }); } catch { /* closed */ } },
    close: () => channel?.close(),
  };
}

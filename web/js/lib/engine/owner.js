// Stopping a shared engine.  A SharedWorker lives while a document that made
// it lives: closing a page's port does not end it, and a worker busy in one
// long Python call reads no message, so a page that gave up on it (a request
// past its time limit) could not stop it, and it kept a core busy.  So each
// page makes its SharedWorker from a hidden frame of its own, the worker's
// only owner there: removing the frame lets the browser end the worker once no
// other page holds it.  The other pages that share it are told on a broadcast
// channel that it is stuck, drop their frames too, and move to a new one.

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
  const worker = new win.SharedWorker(url.href, options);
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

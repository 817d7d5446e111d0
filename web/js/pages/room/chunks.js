// A room's messages, refused while they arrive: Trystero splits a message into chunks
// and the host counts them (relay.js), so that a peer cannot make it hold a message
// larger than the protocol takes.  No imports: Node's tests run it as it ships.

/**
 * Refuse a message while it arrives, chunk by chunk, before Trystero has put it
 * together: Trystero calls onReceiveProgress for every chunk, with the share of the
 * message the sender says it has sent (its header's progress byte), and the message
 * handler once the last chunk came.  A peer whose message takes more chunks than
 * `max(peer)` is refused (`tooLarge`) on the chunk that shows it: the first chunk of a
 * message its sender says is longer, or one chunk past the limit (a sender that lies in
 * its progress byte; a message's handler runs before the next chunk's progress, so the
 * count is exact).
 * @param {(peer: string) => number} max  the chunks a message from this peer may take
 * @param {(peer: string) => void} tooLarge
 */
export function guardChunks(max, tooLarge) {
  /** @type {Map<string, number>} peer -> chunks of the message on its way */
  const arriving = new Map();
  /** peers refused, whose chunks still on their way are ignored until they connect again */
  const refused = new Set();
  return {
    /** A chunk of `peer`'s message came: `progress` (0-1) is how much of it its sender says it sent. @param {string} peer @param {number} progress */
    chunk(peer, progress) {
      if (refused.has(peer)) return;
      const n = (arriving.get(peer) || 0) + 1;
      arriving.set(peer, n);
      const limit = max(peer);
      const announced = n === 1 && Math.round(progress * 255) < Math.round(255 / limit);
      if (n > limit || announced) {
        arriving.delete(peer);
        refused.add(peer);
        tooLarge(peer);
      }
    },
    /** A message came whole: whether to hear it.  Not from a peer refused: Trystero
     *  still puts together a refused message whose last chunk came before the peer was
     *  dropped, and hands it over; heard, it was refused a second time, by the protocol's
     *  own check (ci34). @param {string} peer @returns {boolean} */
    whole(peer) { arriving.delete(peer); return !refused.has(peer); },
    /** A peer connected: nothing on its way, nothing refused. @param {string} peer */
    joined(peer) { arriving.delete(peer); refused.delete(peer); },
    /** A peer left: nothing on its way.  A refused one stays refused until it connects
     *  again: the chunks of its refused message still queued when it was dropped come
     *  after its leave, and were counted as a new message, refused a second time
     *  (ci19). @param {string} peer */
    left(peer) { arriving.delete(peer); },
  };
}

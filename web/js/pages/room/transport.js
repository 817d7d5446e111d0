// The transports the room protocol runs over (docs/rooms.md, "Transports").
// A transport connects this page to peers and carries text messages; it knows
// nothing of the protocol, which is the same over every one of them:
//
//   relay.js     peers found through Nostr relays (Trystero), WebRTC data channels
//   manual.js    one WebRTC data channel set up by exchanging an invite and a reply
//                by hand (links or QR codes): no relay, no internet
//   Loopback     the host's own player, in the same page as the referee
//
// Every transport calls its `on` handlers: open(peer) when a peer can be sent
// to, message(peer, text) for each message, close(peer) when it is gone, and
// tooLarge(peer) when a peer's message grew past `maxBytes(peer)` while it arrived,
// before it was whole (the relay transport's check; it drops that peer next).
// `binding(peer)` names the connection to a peer by both its ends (the DTLS
// certificates' fingerprints of a WebRTC connection): the host signs it into its
// welcome, so that a welcome is good for that one connection only.

import { MAX_FROM_GUEST } from "./protocol.js";

/**
 * @typedef {{open(peer: string): void, message(peer: string, text: string): void, close(peer: string): void,
 *   tooLarge?(peer: string): void}} TransportEvents
 */

export class Transport {
  constructor() {
    /** @type {TransportEvents} */
    this.on = { open() {}, message() {}, close() {} };
    /** The largest message a peer may send (bytes): the protocol's limit for a guest by default. */
    /** @type {(peer: string) => number} */
    this.maxBytes = () => MAX_FROM_GUEST;
  }

  /** Send text to a peer (dropped if the peer is gone). @param {string} peer @param {string} text */
  // eslint-disable-next-line no-unused-vars
  send(peer, text) { throw new Error("not implemented"); }

  /** Leave: every peer is closed. */
  close() {}

  /** Drop one peer's connection (the host does to a peer that floods it). @param {string} peer */
  // eslint-disable-next-line no-unused-vars
  drop(peer) {}

  /**
   * The connection to a peer by both its ends, or null if it cannot be told (then no
   * welcome is signed or believed on it).
   * @param {string} peer @returns {{local: string, remote: string} | null}
   */
  // eslint-disable-next-line no-unused-vars
  binding(peer) { return null; }
}

/**
 * A WebRTC connection's two ends: the fingerprints of the DTLS certificates in its local
 * and remote descriptions.  The DTLS handshake proves each end holds its certificate's
 * key, so no third peer can stand in for either end of this connection.
 * @param {RTCPeerConnection | undefined} pc
 */
export function dtlsBinding(pc) {
  const fingerprint = (/** @type {RTCSessionDescription | null | undefined} */ d) => {
    const m = /^a=fingerprint:(\S+) (\S+)/m.exec(d?.sdp || "");
    return m ? `${m[1].toLowerCase()} ${m[2].toUpperCase()}` : null;
  };
  const local = fingerprint(pc?.localDescription);
  const remote = fingerprint(pc?.remoteDescription);
  return local && remote ? { local, remote } : null;
}

/**
 * Two transports joined in memory: the host page's own player talks to the
 * referee through it, by the same messages as a guest.  Delivery is
 * asynchronous, as over a network.
 */
export function loopbackPair(a = "host", b = "local") {
  const one = new Transport();
  const two = new Transport();
  /** @param {Transport} from @param {Transport} to @param {string} self @param {string} other */
  const link = (from, to, self, other) => {
    from.send = (/** @type {string} */ peer, /** @type {string} */ text) => { if (peer === other) queueMicrotask(() => to.on.message(self, text)); };
    // one page: nobody can stand between its two ends
    from.binding = (/** @type {string} */ peer) => (peer === other ? { local: `loopback:${self}`, remote: `loopback:${other}` } : null);
  };
  link(one, two, a, b);
  link(two, one, b, a);
  const open = () => { one.on.open(b); two.on.open(a); };
  return { host: one, local: two, open };
}

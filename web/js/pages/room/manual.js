// The no-relay transport (docs/rooms.md, "Without internet"): one WebRTC data
// channel per guest, set up by hand.  The host's page makes an invite (its
// connection offer, with every local address gathered, compressed into text
// for a link or a QR code); the guest's page answers it with a reply the host
// scans or pastes.  Nothing else is needed: no relay, no STUN server, so
// players on the same network (a phone's hotspot, a home Wi-Fi without
// internet) can play.  Then the room protocol runs over it as over the relays.

import { Transport, dtlsBinding } from "./transport.js";
import { b64url, fromB64url } from "./secret.js";

const GATHER_MS = 4000;   // at most this long for the local addresses

/** Text deflated, as base64url. @param {string} text */
async function squeeze(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return b64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** squeeze's text back; throws if the code is not one. @param {string} code */
async function unsqueeze(code) {
  const bytes = fromB64url(code);
  if (!bytes || bytes.length > 8192) throw new Error("bad code");
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const text = await new Response(stream).text();
  if (text.length > 32768) throw new Error("bad code");
  return text;
}

/** The description once every local address is in it (or GATHER_MS passed).
 *  @param {RTCPeerConnection} pc @returns {Promise<RTCSessionDescription | null>} */
function gathered(pc) {
  return new Promise((resolve) => {
    const done = () => resolve(pc.localDescription);
    if (pc.iceGatheringState === "complete") { done(); return; }
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(timer); done(); }
    });
  });
}

/** A connection's description as a code: "o" or "a" (offer, answer), then the SDP squeezed.
 *  @param {RTCSessionDescription | null} desc  null: the connection has none (never, once set) */
async function toCode(desc) {
  if (!desc) throw new Error("no local description");
  return (desc.type === "offer" ? "o" : "a") + (await squeeze(desc.sdp));
}

/** A code's description, if it is one of this type; throws if not.
 *  @param {unknown} code @param {"offer" | "answer"} type @returns {Promise<RTCSessionDescriptionInit>} */
async function fromCode(code, type) {
  if (typeof code !== "string" || code[0] !== type[0]) throw new Error("bad code");
  return { type, sdp: await unsqueeze(code.slice(1)) };
}

class ManualTransport extends Transport {
  /** @param {RTCIceServer[]} [ice] */
  constructor(ice = []) {
    super();
    this.ice = ice;
    /** @type {Map<string, {pc: RTCPeerConnection, channel: RTCDataChannel | null}>} */
    this.peers = new Map();
  }

  /** @param {string} peer @param {RTCDataChannel} channel */
  _wire(peer, channel) {
    const entry = this.peers.get(peer);
    if (!entry) return;
    entry.channel = channel;
    channel.addEventListener("open", () => this.on.open(peer));
    channel.addEventListener("message", (e) => { if (typeof e.data === "string") this.on.message(peer, e.data); });
    channel.addEventListener("close", () => this._gone(peer));
  }

  /** @param {string} peer */
  _gone(peer) {
    const entry = this.peers.get(peer);
    if (!entry) return;
    this.peers.delete(peer);
    try { entry.pc.close(); } catch { /* closed */ }
    this.on.close(peer);
  }

  /** @param {string} peer */
  _connection(peer) {
    const pc = new RTCPeerConnection({ iceServers: this.ice });
    this.peers.set(peer, { pc, channel: null });
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(pc.connectionState)) this._gone(peer);
    });
    return pc;
  }

  /** @param {string} peer @param {string} text */
  send(peer, text) {
    const ch = this.peers.get(peer)?.channel;
    if (ch && ch.readyState === "open") ch.send(text);
  }

  /** @param {string} peer */
  drop(peer) { this._gone(peer); }

  /** @param {string} peer */
  binding(peer) { return dtlsBinding(this.peers.get(peer)?.pc); }

  close() { for (const peer of [...this.peers.keys()]) this._gone(peer); }
}

/** The host's side: an invite per guest, then that guest's reply. */
export class ManualHost extends ManualTransport {
  /** @param {RTCIceServer[]} [ice] */
  constructor(ice = []) {
    super(ice);
    this.count = 0;
  }

  /** A new invite: its peer name and its code (for a link or a QR code). */
  async invite() {
    const peer = `manual-${++this.count}`;
    const pc = this._connection(peer);
    this._wire(peer, pc.createDataChannel("tsuro", { ordered: true }));
    await pc.setLocalDescription(await pc.createOffer());
    return { peer, code: await toCode(await gathered(pc)) };
  }

  /** A guest's reply to the invite `peer`; throws if the code is not a reply. @param {string} peer @param {unknown} code */
  async accept(peer, code) {
    const entry = this.peers.get(peer);
    if (!entry) throw new Error("no such invite");
    await entry.pc.setRemoteDescription(await fromCode(code, "answer"));
  }
}

/** A guest's side: the host's invite answered. */
export class ManualGuest extends ManualTransport {
  /** The reply to the host's invite code (for a link or a QR code); the host is peer "host". @param {unknown} code */
  async answer(code) {
    const pc = this._connection("host");
    pc.addEventListener("datachannel", (e) => this._wire("host", e.channel));
    await pc.setRemoteDescription(await fromCode(code, "offer"));
    await pc.setLocalDescription(await pc.createAnswer());
    return toCode(await gathered(pc));
  }
}

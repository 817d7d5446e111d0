// The relay transport: peers of a room find each other through Nostr relays with
// Trystero (vendored at build time: sitebuild/rooms.py), then talk over WebRTC
// data channels.  The relays see only a hash of the room id and offers
// encrypted with the room's password (secret.js); the game never passes
// through them.  Relays come from the build's list (network.js), `?relays=`
// (comma-separated; the page's policy allows those and loopback ones;
// `?relays=none`: no relay at all, only invites without internet), and a
// TURN server from `?turn=turn:host:port` with `&turnuser=` and `&turnpass=`.

import { joinRoom, selfId } from "./vendor/trystero.js";
import { NETWORK } from "./network.js";
import { Transport } from "./transport.js";

const ACTION = "tsuro";

/**
 * The relays a room uses: `?relays=` if given, else `roomRelays` of the build's
 * list chosen by the room id (every peer of the room chooses the same).
 * @param {string} roomId @param {URLSearchParams} params
 * @returns {{urls: string[], refused: string[]}} refused: named but not allowed by the page's policy
 */
export function relaysFor(roomId, params) {
  const named = (params.get("relays") || "").split(",").map((s) => s.trim()).filter(Boolean);
  if (named.length === 1 && named[0] === "none") return { urls: [], refused: [] };   // a table without internet
  if (named.length) {
    const allowed = (u) => NETWORK.relays.includes(u) || NETWORK.loopback.some((l) => u.startsWith(l + ":") || u === l || u.startsWith(l + "/"));
    return { urls: named.filter(allowed), refused: named.filter((u) => !allowed(u)) };
  }
  const list = NETWORK.relays.slice();
  let h = 0;
  for (const c of roomId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const urls = [];
  for (let i = 0; i < NETWORK.roomRelays && list.length; i++) urls.push(list.splice((h + i * 7) % list.length, 1)[0]);
  return { urls, refused: [] };
}

/** The ICE servers: the build's STUN servers and a TURN server named in the address. @param {URLSearchParams} params */
export function iceServers(params) {
  /** @type {RTCIceServer[]} */
  const servers = params.get("stun") === "off" ? [] : NETWORK.stun.map((urls) => ({ urls }));
  const turn = params.get("turn");
  if (turn && /^turns?:/.test(turn)) {
    servers.push({ urls: turn, username: params.get("turnuser") || undefined, credential: params.get("turnpass") || undefined });
  }
  return servers;
}

export class RelayTransport extends Transport {
  /**
   * @param {{roomId: string, password: string, relays: string[], ice: RTCIceServer[]}} opts
   */
  constructor({ roomId, password, relays, ice }) {
    super();
    this.selfId = selfId;
    this.room = joinRoom(
      { appId: NETWORK.appId, password, relayConfig: { urls: relays }, rtcConfig: { iceServers: ice } },
      roomId,
      { onJoinError: (e) => console.warn("room: a peer failed the room's password handshake", e.error) },
    );
    this.action = this.room.makeAction(ACTION);
    this.action.onMessage = (data, { peerId }) => { if (typeof data === "string") this.on.message(peerId, data); };
    this.room.onPeerJoin = (peer) => this.on.open(peer);
    this.room.onPeerLeave = (peer) => this.on.close(peer);
  }

  send(peer, text) {
    this.action.send(text, { target: peer }).catch(() => { /* the peer is gone: its close comes */ });
  }

  drop(peer) {
    try { this.room.getPeers()[peer]?.close(); } catch { /* already closed */ }
  }

  close() {
    this.room.leave().catch(() => {});
  }
}

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
import { Transport, dtlsBinding } from "./transport.js";
import { guardChunks } from "./chunks.js";

const ACTION = "tsuro";
/**
 * The payload of one of Trystero's chunks (its action-wire.mjs: 16 KiB less a 36-byte
 * header).  A message is whole after its last chunk; Trystero keeps the chunks until
 * then, however many come, so the page counts them as they arrive (guardChunks).
 */
export const CHUNK = 16 * 1024 - 36;

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
    const allowed = (/** @type {string} */ u) => NETWORK.relays.includes(u) || NETWORK.loopback.some((l) => u.startsWith(l + ":") || u === l || u.startsWith(l + "/"));
    return { urls: named.filter(allowed), refused: named.filter((u) => !allowed(u)) };
  }
  const list = NETWORK.relays.slice();
  let h = 0;
  for (const c of roomId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const urls = [];
  for (let i = 0; i < NETWORK.roomRelays && list.length; i++) urls.push(list.splice((h + i * 7) % list.length, 1)[0]);
  return { urls, refused: [] };
}

/**
 * The relays open tables are announced on and found on: `?relays=` if given (those the
 * page's policy allows), else the build's lobby relays (the same for every page).
 * @param {URLSearchParams} params
 */
export function lobbyRelays(params) {
  const named = relaysFor("", params);
  return params.get("relays") ? named.urls : NETWORK.lobbyRelays.slice();
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
    const chunks = guardChunks((peer) => Math.ceil(this.maxBytes(peer) / CHUNK), (peer) => {
      this.on.tooLarge?.(peer);
      this.drop(peer);
    });
    this.action.onReceiveProgress = (progress, { peerId }) => chunks.chunk(peerId, progress);
    this.action.onMessage = (data, { peerId }) => {
      if (chunks.whole(peerId) && typeof data === "string") this.on.message(peerId, data);
    };
    this.room.onPeerJoin = (peer) => { chunks.joined(peer); this.on.open(peer); };
    this.room.onPeerLeave = (peer) => { chunks.left(peer); this.on.close(peer); };
  }

  /** @param {string} peer @param {string} text */
  send(peer, text) {
    this.action.send(text, { target: peer }).catch(() => { /* the peer is gone: its close comes */ });
  }

  /** Close a peer's connection; the page forgets it at once (Trystero notices only later). @param {string} peer */
  drop(peer) {
    try { this.room.getPeers()[peer]?.close(); } catch { /* already closed */ }
    this.on.close(peer);
  }

  close() {
    this.room.leave().catch(() => {});
  }

  /** @param {string} peer */
  binding(peer) { return dtlsBinding(this.room.getPeers()[peer]); }
}

// A room's secrets (docs/rooms.md, "Security"): the room link's fragment holds a
// random room secret and a fingerprint of the host's public key; the fragment
// never leaves the browser.  From the secret come the relay's room id and the
// password Trystero encrypts the connection offers with, each by a hash with
// its own label, so a relay sees neither the secret nor the other.  The host
// proves itself to every guest by signing the guest's fresh nonce (ECDSA
// P-256, WebCrypto): a guest who has the link can join, but cannot pass for
// the host.  Seat tokens are random too.

const enc = new TextEncoder();

/** Bytes as base64url, no padding. @param {Uint8Array} bytes */
export function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url text as bytes, or null if it is not base64url. @param {string} text */
export function fromB64url(text) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const s = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    return Uint8Array.from(s, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** `n` random bytes as base64url. */
export function randomText(n = 16) {
  return b64url(crypto.getRandomValues(new Uint8Array(n)));
}

/** SHA-256 of text, as bytes. @param {string} text */
async function sha256(text) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(text)));
}

const hex = (/** @type {Uint8Array} */ bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * What a room link carries: the secret and the host key's fingerprint.
 * @typedef {{secret: string, host: string}} RoomKey
 */

const LINK_RE = /^room=1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/** The fragment of a room link (without "#"). @param {RoomKey} key */
export function roomFragment({ secret, host }) {
  return `room=1.${secret}.${host}`;
}

/** A room link's fragment read, or null if it is not one. @param {string} fragment */
export function parseRoomFragment(fragment) {
  const m = LINK_RE.exec(fragment.replace(/^#/, ""));
  return m ? { secret: m[1], host: m[2] } : null;
}

/**
 * What the relay side needs, derived from the secret: the room id (Trystero
 * hashes it again into the relay's topic) and the password its offers are
 * encrypted with; `id` also names the room in this browser's storage.
 * @param {string} secret
 */
export async function deriveRoom(secret) {
  const id = hex(await sha256(`tsuro-room/1 id|${secret}`)).slice(0, 32);
  const password = hex(await sha256(`tsuro-room/1 password|${secret}`));
  return { id, password };
}

const ECDSA = { name: "ECDSA", namedCurve: "P-256" };
const SIGN = { name: "ECDSA", hash: "SHA-256" };

/** A new host key pair, as JSON Web Keys (kept in the host's browser only). */
export async function newHostKey() {
  const pair = await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"]);
  return {
    privateJwk: await crypto.subtle.exportKey("jwk", pair.privateKey),
    publicRaw: b64url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey))),
  };
}

/** The fingerprint a room link carries: 16 bytes of SHA-256 of the raw public key. @param {string} publicRaw */
export async function hostFingerprint(publicRaw) {
  return b64url((await sha256(`tsuro-room/1 host|${publicRaw}`)).slice(0, 16));
}

/**
 * Whether a stored host key is one this browser can sign with and the one the room's link
 * names (a key kept in storage is never trusted: a damaged one would leave the room waiting
 * for a welcome that never comes).
 * @param {{privateJwk: JsonWebKey, publicRaw: string}} hostKey @param {string} host  the link's fingerprint
 */
export async function hostKeyFits(hostKey, host) {
  try {
    if ((await hostFingerprint(hostKey.publicRaw)) !== host) return false;
    await crypto.subtle.importKey("jwk", hostKey.privateJwk, ECDSA, false, ["sign"]);
    return true;
  } catch {
    return false;
  }
}

const proofText = (/** @type {string} */ roomId, /** @type {string} */ nonce) => enc.encode(`tsuro-room/1 welcome|${roomId}|${nonce}`);

/** The host's signature over a guest's nonce. @param {JsonWebKey} privateJwk @param {string} roomId @param {string} nonce */
export async function signWelcome(privateJwk, roomId, nonce) {
  const key = await crypto.subtle.importKey("jwk", privateJwk, ECDSA, false, ["sign"]);
  return b64url(new Uint8Array(await crypto.subtle.sign(SIGN, key, proofText(roomId, nonce))));
}

/**
 * Whether a welcome comes from the room's host: its key has the link's
 * fingerprint and signs this guest's nonce.
 * @param {{key: string, sig: string}} welcome @param {RoomKey} link @param {string} roomId @param {string} nonce
 */
export async function verifyWelcome(welcome, link, roomId, nonce) {
  try {
    if ((await hostFingerprint(welcome.key)) !== link.host) return false;
    const raw = fromB64url(welcome.key);
    const sig = fromB64url(welcome.sig);
    if (!raw || !sig) return false;
    const key = await crypto.subtle.importKey("raw", raw, ECDSA, false, ["verify"]);
    return await crypto.subtle.verify(SIGN, key, sig, proofText(roomId, nonce));
  } catch {
    return false;
  }
}

// A room's secrets (docs/rooms.md, "Security"): the room link's fragment holds a
// random room secret and a fingerprint of the host's public key; the fragment
// never leaves the browser.  From the secret come the relay's room id and the
// password Trystero encrypts the connection offers with, each by a hash with
// its own label, so a relay sees neither the secret nor the other.  The host
// proves itself to every guest by signing the guest's fresh nonce together with
// the connection it came on (ECDSA P-256, WebCrypto): a guest who has the link
// can join, but cannot pass for the host, not even with a welcome the host
// signed for someone else.  Seat tokens are random too; only the host's
// signature takes one back.

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

/**
 * The two ends of one connection, each by the fingerprint of its DTLS certificate
 * (transport.js, `binding`): the guest's and the host's, as each sees them.
 * @typedef {{guest: string, host: string}} Binding
 */

/** What the host signs for a guest: the room, the guest's nonce and the connection it came on. */
const proofText = (/** @type {string} */ roomId, /** @type {string} */ nonce, /** @type {Binding} */ b) =>
  enc.encode(`tsuro-room/2 welcome|${roomId}|${nonce}|${b.guest}|${b.host}`);
/** What the host signs to take a seat's token back (the guest then forgets it). */
const releaseText = (/** @type {string} */ roomId, /** @type {string} */ token) => enc.encode(`tsuro-room/2 release|${roomId}|${token}`);

/** The host's private key, imported once per key. */
const signers = new WeakMap();
async function signer(/** @type {JsonWebKey} */ privateJwk) {
  if (!signers.has(privateJwk)) signers.set(privateJwk, crypto.subtle.importKey("jwk", privateJwk, ECDSA, false, ["sign"]));
  return signers.get(privateJwk);
}

async function sign(/** @type {JsonWebKey} */ privateJwk, /** @type {Uint8Array<ArrayBuffer>} */ text) {
  return b64url(new Uint8Array(await crypto.subtle.sign(SIGN, await signer(privateJwk), text)));
}

/** Whether `sig` is the signature of the key `keyRaw` (base64url) over `text`. */
async function verify(/** @type {string} */ keyRaw, /** @type {string} */ sigText, /** @type {Uint8Array<ArrayBuffer>} */ text) {
  try {
    const raw = fromB64url(keyRaw);
    const sig = fromB64url(sigText);
    if (!raw || !sig) return false;
    const key = await crypto.subtle.importKey("raw", raw, ECDSA, false, ["verify"]);
    return await crypto.subtle.verify(SIGN, key, sig, text);
  } catch {
    return false;
  }
}

/**
 * The host's signature over a guest's nonce and the connection it came on: valid for
 * that connection only, so a welcome passed on to another peer proves nothing.
 * @param {JsonWebKey} privateJwk @param {string} roomId @param {string} nonce @param {Binding} binding
 */
export function signWelcome(privateJwk, roomId, nonce, binding) {
  return sign(privateJwk, proofText(roomId, nonce, binding));
}

/**
 * Whether a welcome comes from the room's host over this very connection: its key has
 * the link's fingerprint and signs this guest's nonce with both ends of the connection
 * as this guest sees them.
 * @param {{key: string, sig: string}} welcome @param {RoomKey} link @param {string} roomId
 * @param {string} nonce @param {Binding} binding
 */
export async function verifyWelcome(welcome, link, roomId, nonce, binding) {
  try {
    if ((await hostFingerprint(welcome.key)) !== link.host) return false;
  } catch {
    return false;
  }
  return verify(welcome.key, welcome.sig, proofText(roomId, nonce, binding));
}

/** The host's word that a seat token is no longer a seat's. @param {JsonWebKey} privateJwk @param {string} roomId @param {string} token */
export function signRelease(privateJwk, roomId, token) {
  return sign(privateJwk, releaseText(roomId, token));
}

/** Whether the host (its key, from its welcome) released this token. @param {string} keyRaw @param {string} sig @param {string} roomId @param {string} token */
export function verifyRelease(keyRaw, sig, roomId, token) {
  return verify(keyRaw, sig, releaseText(roomId, token));
}

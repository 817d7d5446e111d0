// The embed's URL fragment (pages/embed/main.js): a position link decoded here,
// within limits, so the board shows before the engine is up (the engine checks
// it as soon as a rule is needed).  The link and its options are read by
// lib/shell/linkfragment.js.

// What this page decodes by itself before the engine has looked (the engine's
// own limits, docs/reliability.md): a crafted link cannot make it inflate or
// draw without bound.
const LIMITS = { linkChars: 65_536, inflatedBytes: 256 * 1024, boardSide: 12 };

/** A share link's JSON, decoded here (base64url + raw deflate) so a position
 *  shows before Python is up; the engine checks it when a rule is needed.
 *  null when it is not one this page draws by itself (too long, inflating too
 *  far, not JSON): the engine then decodes it, or says why it cannot. */
export async function quickDecode(link) {
  if (typeof DecompressionStream !== "function") return null;
  if (link.length > LIMITS.linkChars) return null;
  const body = link.slice(2);
  if (body[0] !== "1") return null;
  const b64 = body.slice(1).replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > LIMITS.inflatedBytes) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return JSON.parse(await new Blob(chunks).text());
}

/** A board side the page will draw: a whole number within the rule sets' range. */
function side(v) {
  return v === undefined ? 6 : Number.isInteger(v) && v >= 1 && v <= LIMITS.boardSide ? v : null;
}

export function sizeOf(rules) {
  if (!rules || typeof rules !== "object") return [6, 6];
  return [side(rules.width), side(rules.height)];
}

export function looksLikePosition(p) {
  return p && typeof p === "object" && Array.isArray(p.players) && Array.isArray(p.markers) &&
    p.players.length === p.markers.length && p.players.length <= 8 &&
    (!p.tiles || (Array.isArray(p.tiles) && p.tiles.length <= LIMITS.boardSide ** 2)) &&
    sizeOf(p.rules).every((n) => n !== null);
}

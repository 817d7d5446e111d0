// The embed's URL fragment (pages/embed/main.js): a position link decoded here,
// within limits, so the board shows before the engine is up (the engine checks
// it as soon as a rule is needed).  The link and its options are read (and checked)
// by lib/shell/linkfragment.js.

import { readAtMost } from "../../lib/shell/bounded.js";

// What this page decodes by itself before the engine has looked (the engine's
// own limits, docs/reliability.md): a crafted link cannot make it inflate or
// draw without bound (what it draws is bounded too: lib/views/drawable.js).
const LIMITS = { linkChars: 65_536, inflatedBytes: 256 * 1024 };

/** A share link's JSON, decoded here (base64url + raw deflate) so a position
 *  shows before Python is up; the engine checks it when a rule is needed.
 *  null when it is not one this page draws by itself (too long, inflating too
 *  far, not JSON): the engine then decodes it, or says why it cannot.
 *  @param {string} link @returns {Promise<unknown>} */
export async function quickDecode(link) {
  if (typeof DecompressionStream !== "function") return null;
  if (link.length > LIMITS.linkChars) return null;
  const body = link.slice(2);
  if (body[0] !== "1") return null;
  const b64 = body.slice(1).replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const inflated = await readAtMost(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")), LIMITS.inflatedBytes);
  return inflated && JSON.parse(await inflated.text());
}

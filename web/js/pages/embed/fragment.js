// The embed's URL fragment (pages/embed/main.js): the link and the options it
// carries (checked), and a position link decoded here, within limits, so the board shows
// before the engine is up (the engine checks it as soon as a rule is needed).

import { noteRefusal } from "../../lib/shell/refusals.js";
import { readAtMost } from "../../lib/shell/bounded.js";

// The options a fragment may carry, each with the values it takes (docs/browser.md).
// Any other name or value is left out, and the board says so (refusals.js).
const STEP = /^(\d{1,6}|end)$/;
const FLAG = /^[01]$/;
const OPTIONS = {
  at: STEP, from: STEP, to: STEP, try: FLAG, controls: FLAG, eager: FLAG,
  caption: /^[^]{0,500}$/, pre: /^[0-9a-f]{8,64}$/, engine: /^(shared|dedicated)$/, lang: /^[A-Za-z-]{1,20}$/,
};

/**
 * The fragment's link (#p=... or #r=...) and its options (&name=value), each checked.
 * @param {string} hash
 * @returns {{link: string | null, opts: Record<string, string>}}
 */
export function parseFragment(hash) {
  const parts = hash.replace(/^#/, "").split("&");
  /** @type {Record<string, string>} */
  const opts = Object.create(null);
  let link = null;
  for (const part of parts) {
    if (!link && /^[rp]=/.test(part)) { link = part; continue; }
    if (!part) continue;
    const i = part.indexOf("=");
    const name = i > 0 ? part.slice(0, i) : part;
    let value = i > 0 ? part.slice(i + 1) : "";
    try { value = decodeURIComponent(value.replace(/\+/g, " ")); } catch { /* as written */ }
    if (Object.hasOwn(OPTIONS, name) && OPTIONS[name].test(value)) opts[name] = value;
    else noteRefusal({ kind: "address", name: name.slice(0, 20), value: value.length > 40 ? `${value.slice(0, 40)}…` : value });
  }
  return { link, opts };
}

// What this page decodes by itself before the engine has looked (the engine's
// own limits, docs/reliability.md): a crafted link cannot make it inflate or
// draw without bound (what it draws is bounded too: lib/views/drawable.js).
const LIMITS = { linkChars: 65_536, inflatedBytes: 256 * 1024 };

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
  const inflated = await readAtMost(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")), LIMITS.inflatedBytes);
  return inflated && JSON.parse(await inflated.text());
}

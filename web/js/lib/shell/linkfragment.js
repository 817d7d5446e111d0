// A share link in a URL fragment, and the options after it: "#p=1...&try=1",
// "#r=1...&at=5" (the embed's fragment, docs/browser.md; the board editor's).
// Each option is checked against the values it takes; anything else is left out
// and noted, so the page can say so (refusals.js).

import { noteRefusal } from "../base/refusals.js";

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

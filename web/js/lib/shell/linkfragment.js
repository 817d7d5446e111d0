// A share link in a URL fragment, and the options after it: "#p=1...&try=1",
// "#r=1...&at=5" (the embed's fragment, docs/browser.md; the board editor's).

/**
 * The fragment's link (#p=... or #r=...) and its options (&name=value).
 * @param {string} hash
 * @returns {{link: string | null, opts: Record<string, string>}}
 */
export function parseFragment(hash) {
  const parts = hash.replace(/^#/, "").split("&");
  /** @type {Record<string, string>} */
  const opts = {};
  let link = null;
  for (const part of parts) {
    if (!link && /^[rp]=/.test(part)) { link = part; continue; }
    const i = part.indexOf("=");
    if (i > 0) {
      try { opts[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1).replace(/\+/g, " ")); }
      catch { opts[part.slice(0, i)] = part.slice(i + 1); }
    }
  }
  return { link, opts };
}

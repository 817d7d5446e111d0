// An embedded board for another page: the address of embed.html for a share
// link, the <iframe> snippet an author pastes, and a live preview of the very
// frame. The game page's "Embed this game / position" and the board editor's
// "Embed this position" both make them here.

import { siteURL } from "../engine/client.js";

/** A sensible size: the board and its caption; a record's step buttons too. */
export const EMBED_SIZES = { game: [420, 560], position: [420, 500] };

/** The address of embed.html showing a share link's fragment ("p=..." or "r=...") and options. */
export function embedURL(fragment, options = "") {
  return `${siteURL("embed.html")}#${fragment}${options}`;
}

/** The iframe snippet for an embed URL (text to paste into another page).
 *  @param {string} url @param {string} title @param {number[]} size */
export function iframeSnippet(url, title, [width, height]) {
  const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${esc(url)}" width="${width}" height="${height}" title="${esc(title)}" ` +
    `loading="lazy" style="border: 0; max-width: 100%"></iframe>`;
}

/** Show the frame the snippet makes in `box` (its border is the stylesheet's).
 *  @param {HTMLElement} box @param {string} url @param {string} title @param {number[]} size */
export function showPreview(box, url, title, [width, height]) {
  const frame = document.createElement("iframe");
  Object.assign(frame, { src: url, width, height, title });
  box.replaceChildren(frame);
}

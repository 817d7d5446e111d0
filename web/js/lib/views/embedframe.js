// An embedded board for another page: the address of embed.html for a share
// link, and a live preview of the very <iframe> an author pastes (its code:
// lib/shell/snippet.js). The game page's "Embed this game / position" and the
// board editor's "Embed this position" both use them.

import { siteURL } from "../../build-info.js";

/** A sensible size: the board and its caption; a record's step buttons too.
 *  @type {{game: [number, number], position: [number, number]}} */
export const EMBED_SIZES = { game: [420, 560], position: [420, 500] };

/** The address of embed.html showing a share link's fragment ("p=..." or "r=...") and options. */
export function embedURL(fragment, options = "") {
  return `${siteURL("embed.html")}#${fragment}${options}`;
}

/** Show the frame the snippet makes in `box` (its border is the stylesheet's).
 *  @param {HTMLElement} box @param {string} url @param {string} title @param {number[]} size */
export function showPreview(box, url, title, [width, height]) {
  const frame = document.createElement("iframe");
  Object.assign(frame, { src: url, width, height, title });
  box.replaceChildren(frame);
}

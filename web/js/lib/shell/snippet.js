// The <iframe> code another page pastes to show one of ours (an embedded board,
// a lesson): the address, a size, a title for screen readers, lazy loading.

/**
 * The iframe snippet for `url` (text to paste into another page), its attributes escaped.
 * @param {string} url @param {string} title @param {[number, number]} size  width, height in px
 */
export function iframeSnippet(url, title, [width, height]) {
  const esc = (/** @type {string} */ s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${esc(url)}" width="${width}" height="${height}" title="${esc(title)}" ` +
    `loading="lazy" style="border: 0; max-width: 100%"></iframe>`;
}

// The <iframe> code another page pastes to show one of ours (an embedded board,
// a lesson): the address, a size, a title for screen readers, lazy loading.

/**
 * The iframe snippet for `url` (text to paste into another page), its attributes escaped.
 * @param {string} url @param {string} title @param {[number, number]} size  width, height in px
 */
export function iframeSnippet(url, title, [width, height]) {
  const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${esc(url)}" width="${width}" height="${height}" title="${esc(title)}" ` +
    `loading="lazy" style="border: 0; max-width: 100%"></iframe>`;
}

/**
 * Copy a field's text (a link, a snippet) and say so on its button for a moment.
 * @param {HTMLInputElement | HTMLTextAreaElement} field @param {HTMLElement} button
 * @param {{copied: string, copy: string}} words  the button's words after and before
 */
export async function copyField(field, button, words) {
  field.select();
  try { await navigator.clipboard.writeText(field.value); } catch { document.execCommand?.("copy"); }
  button.textContent = words.copied;
  button.focus();   // select() took the focus to the field: give it back to the button
  setTimeout(() => { button.textContent = words.copy; }, 1500);
}

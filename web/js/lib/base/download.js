// A file the reader downloads, made in the page (a kept entry, a draft, a lesson):
// a link to a Blob of it, clicked, and let go once the download has started.

/**
 * Start the download of `blob` as `name`.
 * @param {string} name @param {Blob} blob
 */
export function downloadBlob(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/**
 * Start the download of a JSON text as `name`.
 * @param {string} name @param {string} text
 */
export function downloadJSON(name, text) {
  downloadBlob(name, new Blob([text], { type: "application/json" }));
}

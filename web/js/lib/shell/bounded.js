// Reading a stream no further than a limit: a link the page inflates by itself,
// a lesson file it fetches.  What would go past the limit is never read.

/**
 * The stream's bytes as a Blob, or null once they pass `limit` bytes (the rest is not read).
 * @param {ReadableStream<Uint8Array>} stream @param {number} limit @returns {Promise<Blob | null>}
 */
export async function readAtMost(stream, limit) {
  const reader = stream.getReader();
  /** @type {BlobPart[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(/** @type {BlobPart} */ (value));
  }
  return new Blob(chunks);
}

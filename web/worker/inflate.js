// The engine's archives a first visit downloads (the trimmed stdlib, the engine's
// parts) come as one
// gzip stream over a zip of stored members (sitebuild/archives.py): smaller
// than a zip that compresses each of its many small files alone.  Pyodide wants
// the zip, so the worker's fetch of such a file answers with it inflated.

/**
 * `resp` with its body inflated if it is a gzip stream (magic 1f 8b); as it came
 * otherwise (a host that sent it with `Content-Encoding: gzip` had the browser
 * inflate it already).
 * @param {Response} resp
 * @returns {Promise<Response>}
 */
export async function inflated(resp) {
  if (!resp.ok) return resp;
  const bytes = await inflateBytes(new Uint8Array(await resp.arrayBuffer()));
  return new Response(bytes, { status: resp.status, statusText: resp.statusText });
}

/**
 * `bytes` inflated if they are a gzip stream, as they are otherwise.
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
export async function inflateBytes(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The engine worker's memory snapshot: its storage format and its one entry in
// Cache Storage.  No Pyodide and no build information in here: the worker
// (web/engine.worker.js) says which URL the entry lives at, and makes and
// restores the snapshot itself.
//
// Format: a snapshot without its zero pages (three quarters of a fresh
// interpreter's memory): [magic "TSN1", raw length, page count] as uint32
// little-endian, a bitmap of the non-zero 4 KiB pages, padding to 4 bytes,
// then those pages in order.  Restoring is a copy, no inflating.

export const SNAPSHOT_CACHE = "tsuro-snapshot";
const PAGE = 4096;
const MAGIC = 0x314e5354; // "TSN1" little-endian

/**
 * The snapshot's name: only the same Pyodide build, stdlib and engine parts can use it
 * (a feature of the later part imported before the snapshot was made is in it too).
 * @param {typeof import("../js/build-info.js").BUILD} build BUILD of js/build-info.js
 */
export function snapshotKey(build) {
  return [build.pyodideVersion, build.pyodideSha256.slice(0, 16), build.stdlib.sha256.slice(0, 16),
    build.engine.parts.core.sha256.slice(0, 16), build.engine.parts.later.sha256.slice(0, 16)].join("-");
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Give a buffer's memory back now: an idle worker may not collect its garbage for
 * long, and a snapshot's buffers are tens of MB (ArrayBuffer.prototype.transfer
 * moves the bytes out and detaches the buffer; where it is missing, the garbage
 * collector frees it in its time).
 * @param {ArrayBufferView} view
 */
export function release(view) {
  const buffer = /** @type {ArrayBuffer & {transfer?: (length: number) => ArrayBuffer}} */ (view.buffer);
  try { buffer.transfer?.(0); } catch { /* shared or detached already */ }
}

/** Pack a snapshot, pausing every few MB so that requests are answered meanwhile. @param {Uint8Array} raw */
export async function packSnapshot(raw) {
  const pages = Math.ceil(raw.length / PAGE);
  const padded = new Uint8Array(pages * PAGE);
  padded.set(raw);
  const words = new Uint32Array(padded.buffer);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  let kept = 0;
  for (let p = 0; p < pages; p++) {
    if (p % 1024 === 1023) await pause();
    for (let w = p * (PAGE / 4), end = w + PAGE / 4; w < end; w++) {
      if (words[w] !== 0) { bitmap[p >> 3] |= 1 << (p & 7); kept++; break; }
    }
  }
  const head = 12 + bitmap.length;
  const start = Math.ceil(head / 4) * 4;
  const out = new Uint8Array(start + kept * PAGE);
  new Uint32Array(out.buffer, 0, 3).set([MAGIC, raw.length, pages]);
  out.set(bitmap, 12);
  let at = start;
  for (let p = 0; p < pages; p++) {
    if (bitmap[p >> 3] & (1 << (p & 7))) { out.set(padded.subarray(p * PAGE, (p + 1) * PAGE), at); at += PAGE; }
  }
  release(padded);
  return out;
}

/** The raw snapshot back from its packed form; throws on anything else. @param {Uint8Array} packed */
export function unpackSnapshot(packed) {
  if (packed.length < 12) throw new Error("not an engine snapshot");
  const [magic, length, pages] = new Uint32Array(packed.buffer, packed.byteOffset, 3);
  if (magic !== MAGIC) throw new Error("not an engine snapshot");
  const bitmap = packed.subarray(12, 12 + Math.ceil(pages / 8));
  const raw = new Uint8Array(pages * PAGE);
  let at = Math.ceil((12 + bitmap.length) / 4) * 4;
  for (let p = 0; p < pages; p++) {
    if (bitmap[p >> 3] & (1 << (p & 7))) {
      if (at + PAGE > packed.length) throw new Error("engine snapshot truncated");
      raw.set(packed.subarray(at, at + PAGE), p * PAGE);
      at += PAGE;
    }
  }
  if (at !== packed.length) throw new Error("engine snapshot has trailing bytes");
  return raw.subarray(0, length);
}

/**
 * {bytes: a promise of the stored snapshot, unpacked} (read while Pyodide
 * loads), or null if there is none.
 * @param {string} url @returns {Promise<{bytes: Promise<Uint8Array>} | null>}
 */
export async function findSnapshot(url) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  const hit = await cache.match(url);
  if (!hit) return null;
  return { bytes: hit.arrayBuffer().then((b) => {
    const packed = new Uint8Array(b);
    try { return unpackSnapshot(packed); } finally { release(packed); }
  }) };
}

/** Store a snapshot at url, packed, in place of any other; returns the bytes stored.
 *  @param {string} url @param {Uint8Array} raw */
export async function storeSnapshot(url, raw) {
  const packed = await packSnapshot(raw);
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const old of await cache.keys()) if (old.url !== url) await cache.delete(old);
  await cache.put(url, new Response(packed, {
    headers: { "Content-Type": "application/octet-stream", "X-Raw-Bytes": String(raw.length) } }));
  return packed.byteLength;
}

/** Drop the snapshot stored at url, if any. @param {string} url */
export async function dropSnapshot(url) {
  try { await (await caches.open(SNAPSHOT_CACHE)).delete(url); } catch { /* nothing to drop */ }
}

/** Fresh entropy for Python's `random` module: a restore brings back the state it had.
 *  @param {{runPython(code: string): unknown}} py  the Pyodide instance */
export function reseed(py) {
  const words = crypto.getRandomValues(new Uint32Array(8));
  const hex = Array.from(words, (w) => w.toString(16).padStart(8, "0")).join("");
  py.runPython(`import random as _r\n_r.seed(int("${hex}", 16))\ndel _r`);
}

// The service worker: precache the whole site on install, then
//   - versioned and content-hashed files (pyodide/<version>/, assets/<sha>/,
//     wheels/<sha>/, stdlib/<sha>/, engine/<sha>/): cache first, they never change;
//   - pages and everything else we precached: network first, falling back to
//     the cache, so a new build is picked up online and the site still works
//     offline.
//   - files only the lock and micropip paths need (onDemand: the full and the
//     lock path's stdlib, the standard lock file, micropip, the wheel), the
//     app's icons, the lesson files and the compiled messages of the languages
//     other than English: not precached, cached when first fetched (a language an
//     older version had fetched is fetched again on install, so the player's
//     language stays offline across updates).
//   - the later tier (later: pages a first visit does not carry, with their
//     own modules, and the engine's later part, the modules only they and the
//     course variant use; sitebuild/precache.py LATER_PAGES, LATER_ENGINE): cached when first
//     opened, and all fetched when a page that this worker already controlled
//     at load asks ("fill-in": a second visit; with the later pages' words in
//     that page's language), on every update after the
//     first install, and on a first visit that opened a later page (that page
//     loaded before this worker could store it), so the whole site works
//     offline from the second visit, and a later page from its first.
//     Opened offline before that, such a page redirects to the game page,
//     which says so (index.html?offline=later).
// Nothing is stored unless its sha256 is the one the build recorded: what it
// downloads, and what it carries over from an older cache or from the engine
// worker's first-visit cache.  The engine's memory snapshot (cache
// "tsuro-snapshot", the worker's) outlives a new build's activation; the
// worker keys it by what it was made from.
// build.py replaces the placeholder below with the manifest
// {version, urls, onDemand, later, immutable, sha256} of the build.

/**
 * The build's manifest (sitebuild/precache.py): the cache's version, the files precached,
 * on demand, of the later tier, the folders that never change, and each file's sha256.
 * @typedef {{version: string, urls: string[], onDemand: string[], later: string[], immutable: string[], sha256: Record<string, string>}} Manifest
 */
const MANIFEST = /** @type {Manifest | null} */ (/*@@PRECACHE_MANIFEST@@*/ null);
/** `self`, typed as what it is here (TypeScript's webworker lib calls it any worker). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const PREFIX = "tsuro-";
const CACHE = `${PREFIX}${MANIFEST ? MANIFEST.version : "dev"}`;
const SCOPE = new URL("./", sw.location.href).href;
const URLS = MANIFEST ? MANIFEST.urls : [];
const IMMUTABLE = MANIFEST ? MANIFEST.immutable : [];
const PRECACHED = new Set(URLS);
const ON_DEMAND = new Set(MANIFEST ? MANIFEST.onDemand : []);
const LATER = MANIFEST ? MANIFEST.later : [];
const LATER_SET = new Set(LATER);
/** @type {Record<string, string>} */
const HASHES = MANIFEST ? MANIFEST.sha256 : {};
const KEEP = new Set([CACHE, "tsuro-snapshot"]);

/** A URL of the site as a path from its root (no query), or null outside it. @param {string} url */
const relative = (url) => (url.startsWith(SCOPE) ? url.slice(SCOPE.length).split(/[?#]/)[0] : null);
/** Whether a path is under a folder that never changes. @param {string} rel */
const isImmutable = (rel) => IMMUTABLE.some((p) => rel.startsWith(p));
/** The URL a path is stored under (a folder: its index.html). @param {string} rel */
const cacheKey = (rel) => new URL(rel === "" || rel.endsWith("/") ? `${rel}index.html` : rel, SCOPE).href;

/** A redirected response cannot answer a navigation: store a clean copy. @param {Response} resp */
async function storable(resp) {
  if (!resp.redirected) return resp;
  return new Response(await resp.blob(), { status: resp.status, statusText: resp.statusText, headers: resp.headers });
}

/** @param {Response} resp */
async function sha256Hex(resp) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await resp.clone().arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether a response holds exactly the build's bytes for rel (no recorded hash: no).
 *  @param {string} rel @param {Response} resp */
async function matchesBuild(rel, resp) {
  return !!HASHES[rel] && (await sha256Hex(resp)) === HASHES[rel];
}

/** The on-demand assets (a language's messages) an older version's cache holds under its own
 *  assets/<sha>/ folder: in use here, so worth having offline in this version too. */
async function usedBefore() {
  const tail = (/** @type {string} */ rel) => rel.replace(/^assets\/[^/]+\//, "");
  const wanted = new Map((MANIFEST ? MANIFEST.onDemand : [])
    .filter((rel) => rel.startsWith("assets/")).map((rel) => [tail(rel), rel]));
  /** @type {Set<string>} */
  const found = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE || !wanted.size) continue;
    for (const req of await (await caches.open(name)).keys()) {
      const rel = relative(req.url);
      const want = rel && rel.startsWith("assets/") ? wanted.get(tail(rel)) : undefined;
      if (want) found.add(want);
    }
  }
  return [...found];
}

/** Whether an older version's cache is here (this install is an update, not a first visit;
 *  the engine's own caches, tsuro-boot and tsuro-snapshot, do not count). */
async function updating() {
  return (await caches.keys()).some((name) => /^tsuro-[0-9a-f]{16}$/.test(name) && name !== CACHE);
}

/** Whether a page of the later tier is open (controlled or not): on a first visit, the page
 *  that registered this worker, loaded before it and so not stored. */
async function laterPageOpen() {
  const open = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  return open.some((c) => LATER_SET.has(relative(c.url) ?? ""));
}

/** The later tier's words in language `code` (the page's that asked for the fill-in; English's
 *  are in LATER): the compiled messages of each later page in that language, on demand
 *  otherwise (sitebuild/precache.py), so that a later page opened offline speaks it.
 *  @param {unknown} code */
function laterWords(code) {
  if (typeof code !== "string") return [];
  const mine = (/** @type {string} */ rel) => { const m = /\/js\/lib\/words\/messages\/([^/]+)\/([^/]+)\.js$/.exec(rel); return !!m && m[1] !== "core" && m[2] === code; };
  return (MANIFEST ? MANIFEST.onDemand : []).filter(mine);
}

/** Fetch and store each of rels not in the cache yet, when it is the build's file; best effort:
 *  what fails is fetched again when a page asks for it.  @param {string[]} rels */
async function fetchMissing(rels) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => relative(r.url)));
  await Promise.all(rels.map(async (rel) => {
    if (have.has(rel)) return;
    try {
      const resp = await fetch(new URL(rel, SCOPE).href, { cache: isImmutable(rel) ? "default" : "no-cache" });
      if (resp.ok && await matchesBuild(rel, resp)) await cache.put(cacheKey(rel), await storable(resp));
    } catch { /* offline or gone: fetched again when a page asks */ }
  }));
}

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => relative(r.url)));
  const later = (await updating()) || (await laterPageOpen());
  await fetchMissing([...await usedBefore(), ...(later ? LATER : [])]);
  await Promise.all(URLS.map(async (rel) => {
    if (have.has(rel)) return;
    const url = new URL(rel, SCOPE).href;
    if (isImmutable(rel)) {
      // An earlier build's cache, or the engine worker's first-visit cache
      // ("tsuro-boot"), may already hold it: the same URL, and (checked) the same bytes.
      const old = await caches.match(url);
      if (old && await matchesBuild(rel, old)) return cache.put(url, old);
    }
    const resp = await fetch(url, { cache: isImmutable(rel) ? "default" : "no-cache" });
    if (!resp.ok) throw new Error(`precache: ${rel}: HTTP ${resp.status}`);
    if (!(await matchesBuild(rel, resp))) throw new Error(`precache: ${rel}: not the build's bytes (sha256)`);
    await cache.put(url, await storable(resp));
  }));
}

// A new build installs (precaches) and then waits: the pages open now keep
// the version they started with, and its cache, until a page asks this
// worker to take over (the player accepted the page's offer to reload, see
// js/lib/shell/update.js).  A first visit has no old version: it activates at once.
sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

sw.addEventListener("message", (event) => {
  if (event.data && event.data.tsuro === "skip-waiting") sw.skipWaiting();
  if (event.data && event.data.tsuro === "fill-in") event.waitUntil(fetchMissing([...LATER, ...laterWords(event.data.lang)]));
});

// Old versions' caches go only now, once this version is the active one.
sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !KEEP.has(name)) await caches.delete(name);
    }
    // Pages are network first: let the browser start their request while
    // this worker starts up.
    if (sw.registration.navigationPreload) await sw.registration.navigationPreload.enable();
    await sw.clients.claim();
  })());
});

/** @param {Request} request @param {string} rel */
async function cacheFirst(request, rel) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const resp = await fetch(request);
  // Stored only if it is the build's file, byte for byte (onDemand files come this way).
  if (resp.ok && resp.type === "basic" && await matchesBuild(rel, resp)) cache.put(cacheKey(rel), resp.clone());
  return resp;
}

/** @param {Request} request @param {string} rel @param {Promise<Response | undefined> | null} preload */
async function networkFirst(request, rel, preload) {
  const cache = await caches.open(CACHE);
  try {
    const resp = (await preload) || await fetch(request);
    const key = cacheKey(rel);
    const keyRel = key.slice(SCOPE.length);
    if (resp.ok && resp.type === "basic" && (PRECACHED.has(keyRel) || ON_DEMAND.has(keyRel))) {
      // A page that changed since this build is served but not stored.
      const copy = resp.clone();
      matchesBuild(keyRel, copy).then((same) => (same ? storable(copy).then((r) => cache.put(key, r)) : undefined));
    }
    return resp;
  } catch (err) {
    const hit = await cache.match(cacheKey(rel), { ignoreSearch: true });
    if (hit) return hit;
    // A later-tier page not stored yet, opened offline: the game page says so.
    if (request.mode === "navigate" && LATER_SET.has(cacheKey(rel).slice(SCOPE.length))) {
      return Response.redirect(new URL("index.html?offline=later", SCOPE).href, 302);
    }
    throw err;
  }
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const rel = relative(request.url);
  if (rel === null) return; // another origin or outside our scope
  if (isImmutable(rel)) {
    event.respondWith(cacheFirst(request, rel));
  } else if (request.mode === "navigate" || PRECACHED.has(rel) || ON_DEMAND.has(rel) || rel === "" || rel.endsWith("/")) {
    event.respondWith(networkFirst(request, rel, request.mode === "navigate" ? event.preloadResponse : null));
  }
});

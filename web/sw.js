// The service worker: precache the whole site on install, then
//   - versioned and content-hashed files (pyodide/<version>/, assets/<sha>/,
//     wheels/<sha>/): cache first, they never change;
//   - pages and everything else we precached: network first, falling back to
//     the cache, so a new build is picked up online and the site still works
//     offline.
// build.py replaces the placeholder below with the manifest
// {version, urls, immutable} of the build.

const MANIFEST = /*@@PRECACHE_MANIFEST@@*/ null;

const PREFIX = "tsuro-";
const CACHE = `${PREFIX}${MANIFEST ? MANIFEST.version : "dev"}`;
const SCOPE = new URL("./", self.location.href).href;
const URLS = MANIFEST ? MANIFEST.urls : [];
const IMMUTABLE = MANIFEST ? MANIFEST.immutable : [];
const PRECACHED = new Set(URLS);

const relative = (url) => (url.startsWith(SCOPE) ? url.slice(SCOPE.length).split(/[?#]/)[0] : null);
const isImmutable = (rel) => IMMUTABLE.some((p) => rel.startsWith(p));
const cacheKey = (rel) => new URL(rel === "" || rel.endsWith("/") ? `${rel}index.html` : rel, SCOPE).href;

// A redirected response cannot answer a navigation: store a clean copy.
async function storable(resp) {
  if (!resp.redirected) return resp;
  return new Response(await resp.blob(), { status: resp.status, statusText: resp.statusText, headers: resp.headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => relative(r.url)));
  await Promise.all(URLS.map(async (rel) => {
    if (have.has(rel)) return;
    const url = new URL(rel, SCOPE).href;
    if (isImmutable(rel)) {
      // An earlier build's cache, or the engine worker's first-visit cache
      // ("tsuro-boot"), may already hold it: same URL, same bytes.
      const old = await caches.match(url);
      if (old) return cache.put(url, old);
    }
    const resp = await fetch(url, { cache: isImmutable(rel) ? "default" : "no-cache" });
    if (!resp.ok) throw new Error(`precache: ${rel}: HTTP ${resp.status}`);
    await cache.put(url, await storable(resp));
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    // Pages are network first: let the browser start their request while
    // this worker starts up.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

async function cacheFirst(request, rel) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const resp = await fetch(request);
  if (resp.ok && resp.type === "basic") cache.put(cacheKey(rel), resp.clone());
  return resp;
}

async function networkFirst(request, rel, preload) {
  const cache = await caches.open(CACHE);
  try {
    const resp = (await preload) || await fetch(request);
    const key = cacheKey(rel);
    if (resp.ok && resp.type === "basic" && PRECACHED.has(key.slice(SCOPE.length))) {
      storable(resp.clone()).then((r) => cache.put(key, r));
    }
    return resp;
  } catch (err) {
    const hit = await cache.match(cacheKey(rel), { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const rel = relative(request.url);
  if (rel === null) return; // another origin or outside our scope
  if (isImmutable(rel)) {
    event.respondWith(cacheFirst(request, rel));
  } else if (request.mode === "navigate" || PRECACHED.has(rel) || rel === "" || rel.endsWith("/")) {
    event.respondWith(networkFirst(request, rel, request.mode === "navigate" ? event.preloadResponse : null));
  }
});

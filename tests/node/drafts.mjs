// The one keeper of an author's draft (web/js/lib/authoring/drafts.js) in Node, two
// "tabs" sharing one storage, as tests/node/test_drafts.py reads it: prints what
// each case left stored and what each tab saw, as JSON.  A tab here hears of the
// other's writes when it calls sync() (the page calls it on the storage event) or
// makes a change; a tab whose view of the storage is stale (a write still on its
// way between two browser processes) is a storage that answers the old text.

const root = new URL("../../web/js/", import.meta.url);
const { DraftKeeper } = await import(new URL("lib/authoring/drafts.js", root));
const storage = await import(new URL("lib/base/storage.js", root));

const KEY = "tsuro.testDraft";

/** A localStorage stand-in; `full` makes every write throw as a full browser's does. */
function shared() {
  const m = new Map();
  const s = {
    full: false,
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => {
      if (s.full) { const e = new Error("full"); e.name = "QuotaExceededError"; throw e; }
      m.set(k, String(v));
    },
    removeItem: (k) => m.delete(k),
    key: (i) => [...m.keys()][i] ?? null,
    get length() { return m.size; },
  };
  return s;
}

/** The same storage seen from a tab that has not received the other's last write: reads of
 *  KEY answer `old` until `fresh()` is called. */
function staleView(s, old) {
  let stale = true;
  return Object.assign(Object.create(s), {
    getItem: (k) => (stale && k === KEY ? old : s.getItem(k)),
    setItem: (k, v) => { if (k === KEY) stale = false; s.setItem(k, v); },
    fresh: () => { stale = false; },
  });
}

/** A tab: a keeper of a draft {items: string[]} that records what it was told. */
function tab(s, name) {
  const said = [];
  const keeper = new DraftKeeper(KEY, {
    read: (v) => {
      if (!v || !Array.isArray(v.items) || !v.items.every((x) => typeof x === "string")) throw new TypeError("not a draft");
      return { items: v.items };
    },
    write: (d) => ({ items: d.items }),
    on: (e) => said.push(e.type),
    storage: s,
  });
  keeper.said = said;
  keeper.name = name;
  return keeper;
}

const add = (x) => (d) => ({ items: [...d.items, x] });
const stored = (s) => JSON.parse(s.getItem(KEY) ?? "null");
const kept = (s) => storage.keptEntries(s).map((e) => ({ key: e.key, reason: e.reason, items: JSON.parse(e.text).items ?? e.text }));
const fresh = () => ({ items: [] });
const out = {};

// two tabs taking turns: each change made on the other's, nothing lost, rev counted
{
  const s = shared();
  const a = tab(s, "a"), b = tab(s, "b");
  await a.load(fresh);
  await b.load(fresh);
  await a.update(add("a1"));
  await b.update(add("b1"));   // takes a's first (its write is stored), then adds
  await a.sync();              // the storage event: a takes b's
  await a.update(add("a2"));
  await b.sync();
  out.turns = { stored: stored(s), a: a.draft.items, b: b.draft.items, aSaid: a.said, bSaid: b.said, kept: kept(s) };
}

// a change that waits (the lesson editor's engine check) while the other tab writes: made again
// on the other tab's draft (Node has no Web Locks: the keeper's check after the wait)
{
  const s = shared();
  const a = tab(s, "a"), b = tab(s, "b");
  await a.load(fresh);
  await b.load(fresh);
  let calls = 0;
  await a.update(async (d) => {
    calls++;
    if (calls === 1) await b.update(add("b1"));   // written while a's change was on its way
    return add("a1")(d);
  });
  out.meanwhile = { stored: stored(s), calls, aSaid: a.said };
}

// two writes crossing (b's view still the old one): a sees b wrote over its write, and asks;
// keeping its own puts b's aside, listed; b then takes a's
{
  const s = shared();
  const a = tab(s, "a");
  await a.load(fresh);
  await a.update(add("x"));
  const old = s.getItem(KEY);
  const view = staleView(s, old);
  const b = tab(view, "b");
  await b.load(fresh);                 // b read the draft with x
  await a.update(add("a1"));           // a's write, not yet seen by b
  await b.update(add("b1"));           // b's, made on the draft without a1: over a's
  await a.sync();
  const asked = { conflict: !!a.conflict, aSaid: [...a.said], stored: stored(s).items, mine: a.draft.items };
  await a.update(add("a2"));           // while asked: kept on the page, not written
  const whileAsked = { stored: stored(s).items, mine: a.draft.items };
  await a.keepMine();
  view.fresh();
  await b.sync();
  out.crossed = { asked, whileAsked, stored: stored(s), kept: kept(s), b: b.draft.items, bSaid: b.said, conflictAfter: a.conflict };
}

// storage full: the change stays on the page, is said, and is written with the next change
// that can be; another tab's write meanwhile makes the author choose, and taking the other
// tab's keeps this one aside
{
  const s = shared();
  const a = tab(s, "a"), b = tab(s, "b");
  await a.load(fresh);
  await b.load(fresh);
  await a.update(add("a1"));
  s.full = true;
  await a.update(add("a2"));
  await a.update(add("a3"));
  const whileFull = { stored: stored(s).items, mine: a.draft.items, unsaved: a.unsaved, failure: a.failure, aSaid: [...a.said], file: a.stored() };
  s.full = false;
  await a.update(add("a4"));
  const after = { stored: stored(s).items, unsaved: a.unsaved, failure: a.failure, aSaid: [...a.said] };
  s.full = true;
  await a.update(add("a5"));
  s.full = false;
  await b.sync();
  await b.update(add("b1"));          // b did not have a5 (never stored)
  await a.sync();
  const asked = { conflict: !!a.conflict, aSaid: [...a.said] };
  await a.takeTheirs();
  out.full = { whileFull, after, asked, stored: stored(s).items, mine: a.draft.items, kept: kept(s), conflictAfter: a.conflict, unsaved: a.unsaved };
}

// what another tab stored that this page cannot read: put aside (listed), this tab's draft goes on;
// where the browser will not keep the copy, it is never written over
{
  const s = shared();
  const a = tab(s, "a");
  await a.load(fresh);
  await a.update(add("a1"));
  s.setItem(KEY, "{oops");
  await a.sync();
  const left = s.getItem(KEY);
  await a.update(add("a2"));
  out.unreadable = { aSaid: [...a.said], left, stored: stored(s), kept: storage.keptEntries(s).map((e) => ({ key: e.key, reason: e.reason, text: e.text })) };

  const f = shared();
  const c = tab(f, "c");
  await c.load(fresh);
  await c.update(add("c1"));
  f.setItem(KEY, "{oops");
  f.full = true;
  await c.sync();
  f.full = false;
  f.setItem("tsuro.fill", "x");       // room again, but only for writes that keep the copy first
  await c.update(add("c2"));
  out.unreadableFull = { cSaid: c.said, stored: stored(f), kept: storage.keptEntries(f).map((e) => e.text) };
}

// a damaged draft at load: put aside as it was (the page told), a fresh one used
{
  const s = shared();
  s.setItem(KEY, JSON.stringify({ items: [1, 2] }));
  const a = tab(s, "a");
  const { damaged } = await a.load(fresh);
  out.load = { keptAt: damaged?.keptAt ?? null, error: String(damaged?.error), left: s.getItem(KEY), draft: a.draft, kept: storage.keptEntries(s).map((e) => e.text) };
}

// a read that fails for now (the engine that checks the draft failing, not refusing it):
// nothing put aside, the stored draft left as it is; the change fails, and the next one,
// the engine back, is made on the other tab's draft
{
  const s = shared();
  const a = tab(s, "a");
  await a.load(fresh);
  await a.update(add("a1"));
  const b = tab(s, "b");
  await b.load(fresh);
  await b.update(add("b1"));        // a has not heard of it
  let down = true;
  const read = a.read;
  a.read = (v) => { if (down) throw Object.assign(new Error("the engine stopped"), { code: "timeout" }); return read(v); };
  a.unreadable = (e) => e?.code !== "timeout";
  let failed = null;
  await a.update(add("a2")).catch((e) => { failed = e.code; });
  await a.sync().catch(() => {});
  const whileDown = { failed, stored: stored(s), kept: kept(s), said: [...a.said] };
  down = false;
  await a.update(add("a2"));
  const c = tab(s, "c");
  c.read = () => { throw Object.assign(new Error("the engine stopped"), { code: "timeout" }); };
  c.unreadable = a.unreadable;
  const atLoad = await c.load(fresh).then(() => "loaded", (e) => e.code);
  out.failedForNow = { whileDown, after: stored(s), said: a.said, kept: kept(s), atLoad, left: stored(s) };
}

// the one list: entries kept by any page, the older places included, each forgotten by its key
{
  const s = shared();
  storage.keepText("g1", "{save", "the engine refused it", { storage: s });
  storage.putAside("tsuro.editor", "{oops", { reason: "unreadable", said: true, storage: s });
  s.setItem("tsuro.kept-review.game.g2", JSON.stringify({ format: "tsuro-kept/1", id: "game.g2", keptAt: "2026-01-01T00:00:00.000Z", reason: "chances", text: "{review" }));
  s.setItem("tsuro.lessonDraft.kept", '{"format": "tsuro-lesson-draft/1", "lesson": 3}');
  s.setItem("tsuro.kept.odd", "not JSON");
  const listed = storage.keptEntries(s);
  out.list = listed.map(({ id, key, reason, text, storeKey }) => ({ id, key: key ?? null, reason, text, storeKey }));
  for (const e of listed) storage.forgetKept(e.storeKey, s);
  storage.forgetKept("tsuro.editor", s);   // not a kept entry: left alone
  s.setItem("tsuro.editor", "{}");
  storage.forgetKept("tsuro.editor", s);
  out.listAfter = [...Array(s.length).keys()].map((i) => s.key(i));
}

process.stdout.write(JSON.stringify(out));

// The shared front-end modules that hold no DOM (lib/base/storage.js,
// lib/base/motion.js, lib/views/stepper.js, lib/game/play.js) run in Node
// with stand-ins for the browser's storage and media queries; prints what
// each did as JSON for tests/node/test_shared_modules.py to check.

const root = new URL("../../web/js/", import.meta.url);

/** A Storage whose setItem can be made to throw like a browser's. */
function fakeStorage(fail = null) {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => {
      if (fail) { const e = new Error(fail); e.name = fail; throw e; }
      m.set(k, String(v));
    },
    removeItem: (k) => m.delete(k),
    key: (i) => [...m.keys()][i] ?? null,
    get length() { return m.size; },
  };
}

const out = {};

// ---------------------------------------------------------------- storage
const storage = await import(new URL("lib/base/storage.js", root));
{
  const s = fakeStorage();
  s.setItem("bad", "{not json");
  s.setItem("good", JSON.stringify({ a: 1 }));
  out.storage = {
    missing: storage.readJSON("none", "fallback", s),
    damaged: storage.readJSON("bad", "fallback", s),
    good: storage.readJSON("good", null, s),
    written: storage.writeJSON("x", [1, 2], s),
    readBack: storage.readJSON("x", null, s),
    keys: storage.keysWith("g", s),
    full: storage.writeText("x", "y", fakeStorage("QuotaExceededError")),
    refused: storage.writeText("x", "y", fakeStorage("SecurityError")),
    none: storage.writeText("x", "y", null),
    noneRead: storage.readText("x", null),
  };
}

// ---------------------------------------------------------------- motion
const motion = await import(new URL("lib/base/motion.js", root));
{
  const cases = [];
  for (const [search, setup, reduce] of [
    ["", null, false], ["", null, true], ["", { speed: "auto" }, true], ["", { speed: 1 }, true],
    ["", { speed: 2.5 }, false], ["", { speed: 0 }, false], ["?anim=0", { speed: 1 }, false],
    ["?anim=2.5", null, true],
  ]) {
    globalThis.location = { search };
    globalThis.localStorage = fakeStorage();
    if (setup) globalThis.localStorage.setItem(motion.SETUP_KEY, JSON.stringify(setup));
    globalThis.matchMedia = (q) => ({ matches: reduce && q === "(prefers-reduced-motion: reduce)" });
    cases.push({ search, setup, reduce, speed: motion.animationSpeed() });
  }
  out.motion = cases;
}

// ---------------------------------------------------------------- stepper
const { Stepper } = await import(new URL("lib/views/stepper.js", root));
{
  const log = [];
  const board = { animate: async (events, opts) => { log.push(["animate", events, opts]); } };
  const stepper = new Stepper({
    board,
    events: (k) => [`move ${k}`],
    draw: (k) => log.push(["draw", k]),
    told: (k) => log.push(["told", k]),
    speed: () => 2,
  });
  stepper.bounds(1, 4);
  await stepper.step(9);          // past the end: the last
  await stepper.step(2);          // back: drawn at once
  await stepper.step(3, true);    // one forward: animated from 2
  await stepper.step(0, true);    // before the first: the first, not animated
  out.stepper = { log, at: stepper.at };
}

// ---------------------------------------------------------------- the play path
const { playMove } = await import(new URL("lib/game/play.js", root));
{
  const order = [];
  const board = {
    animate: async (events) => { order.push(`animate ${events.join(",")}`); },
    setPosition: (p) => order.push(`position ${p.n}`),
    setTrails: (t) => order.push(`trails ${t.length}`),
  };
  const session = {
    position: { n: 0 },
    async play(move) { order.push(`play ${move.tile}`); this.position = { n: 1 }; return { position: this.position, events: ["e1"], move }; },
    view: (p) => p,
    trails: () => [[], []],
  };
  const steps = {
    board,
    freeze: () => order.push("freeze"),
    accepted: (r) => order.push(`accepted ${r.position.n}`),
    shown: () => order.push("shown"),
    next: async () => { order.push("next"); },
  };
  const r = await playMove(session, { tile: 7 }, steps);
  out.play = { order, move: r.move };

  const dropped = [];
  let live = true;
  const gone = await playMove({ ...session, async play(m) { live = false; return { position: {}, events: [], move: m }; } }, { tile: 1 }, {
    board, current: () => live, accepted: () => dropped.push("accepted"), next: () => dropped.push("next"),
  });
  out.play.movedOn = { result: gone, dropped };

  const refusedSteps = [];
  try {
    await playMove({ ...session, async play() { throw Object.assign(new Error("no"), { code: "illegal_move" }); } }, { tile: 2 }, {
      board, freeze: () => refusedSteps.push("freeze"), accepted: () => refusedSteps.push("accepted"),
    });
  } catch (e) {
    refusedSteps.push(`thrown ${e.code}`);
  }
  out.play.refused = refusedSteps;
}

// ---------------------------------------------------------------- stored entries distrusted
{
  const { onRefusal } = await import(new URL("lib/base/refusals.js", root));
  const noted = [];
  onRefusal((r) => noted.push(r));
  const daily = await import(new URL("pages/daily/store.js", root));
  const dump = (s) => Object.fromEntries([...Array(s.length).keys()].map((i) => [s.key(i), s.getItem(s.key(i))]));
  const kept = (s) => Object.keys(dump(s)).filter((k) => k.startsWith("tsuro.kept.")).map((k) => JSON.parse(s.getItem(k)));
  // one good day, one bad day, a prototype name: the good one stays, the entry is kept aside as it was
  const s = fakeStorage();
  const text = '{"days": {"2026-01-01": {"score": 7, "fragment": ""}, "2026-01-02": {"score": "x"},'
    + ' "__proto__": {"score": 1, "fragment": ""}}, "games": {}}';
  s.setItem("tsuro.daily", text);
  const state = daily.readDaily(s);
  out.distrust = {
    days: Object.keys(state.days), polluted: ({}).score !== undefined,
    writtenBack: JSON.parse(s.getItem("tsuro.daily")), kept: kept(s),
  };
  // not JSON: kept aside, the key removed, the default used
  const s2 = fakeStorage();
  s2.setItem("tsuro.daily", "{not json");
  out.distrust.notJson = { days: Object.keys(daily.readDaily(s2).days), left: s2.getItem("tsuro.daily"), kept: kept(s2) };
  // storage full: the entry stays as it was (never dropped), and the page says it is left
  const full = fakeStorage();
  full.setItem("tsuro.daily", "{not json");
  const refuse = full.setItem;
  full.setItem = () => { const e = new Error("full"); e.name = "QuotaExceededError"; throw e; };
  daily.readDaily(full);
  full.setItem = refuse;
  out.distrust.full = { left: full.getItem("tsuro.daily"), kept: kept(full).length };
  // a change is made to what is stored now: another tab's day written meanwhile stays
  const shared = fakeStorage();
  daily.countDay("2026-01-01", { score: 3, fragment: "a" }, shared);
  const other = JSON.parse(shared.getItem("tsuro.daily"));
  other.days["2026-01-02"] = { score: 5, fragment: "b" };     // another tab's write
  shared.setItem("tsuro.daily", JSON.stringify(other));
  daily.keepGame("2026-01-03", { practice: false, record: { moves: [] } }, shared);
  const twice = daily.countDay("2026-01-01", { score: 9, fragment: "c" }, shared);
  out.distrust.merged = { days: JSON.parse(shared.getItem("tsuro.daily")).days, countedAgain: twice.counted };
  out.distrust.noted = noted;
}

// ---------------------------------------------------------------- chunks
// pages/room/chunks.js: a 3-chunk message from a peer allowed one chunk, refused on its
// first; its other chunks come before she is dropped (Trystero hands the message over
// whole all the same) and after her leave
const { guardChunks } = await import(new URL("pages/room/chunks.js", root));
{
  const tooLarge = [];
  const guard = guardChunks(() => 1, (peer) => tooLarge.push(peer));
  guard.chunk("eve", 1 / 3);        // says it is a third of the message: refused
  guard.chunk("eve", 2 / 3);        // the rest of it, before she is dropped
  guard.chunk("eve", 1);
  const refusedHeard = guard.whole("eve");   // Trystero puts it together all the same
  guard.left("eve");                // dropped: Trystero tells of the leave
  guard.chunk("eve", 2 / 3);        // the rest of a refused message, after the leave
  guard.chunk("eve", 1);
  const afterLeave = tooLarge.length;
  guard.chunk("bo", 1);             // another peer's one-chunk message
  const boHeard = guard.whole("bo");
  guard.joined("eve");              // Eve connects again: a message of one chunk passes
  guard.chunk("eve", 1);
  const eveHeard = guard.whole("eve");
  const afterJoin = tooLarge.length;
  guard.chunk("eve", 1 / 2);        // and a longer one is refused again
  out.chunks = { afterLeave, afterJoin, tooLarge, refusedHeard, boHeard, eveHeard };
}

process.stdout.write(JSON.stringify(out));

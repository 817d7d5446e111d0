// Open tables in Node (docs/rooms.md, "Open tables"): the room page's own modules as
// the build ships them (the vendored @noble/secp256k1 is only in dist/), against a real
// Nostr relay (nostr-relay from PyPI, started by tests/node/test_announcements.py) over
// Node's WebSocket (--experimental-websocket).  Each scenario prints {ok} or {ok: false,
// error}; figures (events sent, tables shown) go beside them.
//
//   node --experimental-websocket announcements.mjs --dist DIR --relay ws://... --flood FILE

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { modulesOf } from "./engine_kit.mjs";

const argv = process.argv.slice(2);
const arg = (name) => argv[argv.indexOf(name) + 1];
const dist = arg("--dist");
const relayUrl = arg("--relay");
const flood = JSON.parse(readFileSync(arg("--flood"), "utf8"));
const room = (name) => import(new URL(`pages/room/${name}`, modulesOf(dist)).href);

const { sha256 } = await room("sha256.js");
const nostr = await room("nostr.js");
const tables = await room("tables.js");
const { Announcer, MIN_GAP_MS } = await room("announcer.js");

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(cond, what, ms = 30000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(20);
  }
}
const nowS = () => Math.floor(Date.now() / 1000);
const link = { secret: "A".repeat(21) + "x", host: "B".repeat(21) + "y" };
const facts = (over = {}) => ({
  table: "tableid-0123456789abcd", link, rules: { preset: "classic", scoring: "longest_path" }, seats: 4, free: 2,
  phase: "lobby", lang: "fr", since: nowS() - 120, players: ["Ann", "Bo"], clock: null, ...over,
});

/** Every table a new look at the relay finds (a subscription until the stored ones are sent). */
async function look() {
  const relay = new nostr.Relay(relayUrl);
  const list = new tables.TableList();
  const adds = [];
  await new Promise((done) => {
    relay.subscribe(tables.tableFilters(nowS()), (e) => adds.push(list.add(e)), done);
  });
  await Promise.all(adds);
  relay.close();
  return list;
}

const out = { results: {}, figures: {} };
const scenarios = {};

scenarios.sha256_matches_webcrypto = async () => {
  for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 447, 1000]) {
    const bytes = crypto.getRandomValues(new Uint8Array(n));
    assert.deepEqual(Buffer.from(sha256(bytes)), Buffer.from(await crypto.subtle.digest("SHA-256", bytes)), `${n} bytes`);
  }
};

scenarios.announcements_read_strictly = async () => {
  const { secret } = nostr.newKey();
  const t0 = performance.now();
  const e = await nostr.signEvent(secret, tables.announcement(facts(), nowS()), tables.POW);
  out.figures.powMs = Math.round(performance.now() - t0);
  assert.ok(nostr.powBits(e.id) >= tables.POW);
  assert.equal(await nostr.verifyEvent(e), true);
  const table = tables.readAnnouncement(e, nowS());
  assert.equal(table.free, 2);
  assert.deepEqual(table.rules, { scoring: "longest_path", open_hands: false, elimination_bonus: false });
  assert.deepEqual(table.players, ["Ann", "Bo"]);
  assert.deepEqual(table.link, link);
  const list = new tables.TableList();
  assert.equal(await list.add(e), true);
  // a changed content no longer has its id nor its signature
  const forged = { ...e, content: e.content.replace('"free":2', '"free":1') };
  assert.equal(await nostr.verifyEvent(forged), false);
  assert.equal(await new tables.TableList().add(forged), false);
  // the facts are checked one by one (the signature aside: readAnnouncement alone)
  const withContent = (c) => ({ ...e, content: JSON.stringify({ ...JSON.parse(e.content), ...c }) });
  const withTag = (name, value) => ({ ...e, tags: e.tags.map((t) => (t[0] === name ? [name, ...value] : t)) });
  const refused = {
    expired: withTag("expiration", [String(nowS() - 1)]),
    tooFarAhead: withTag("expiration", [String(nowS() + 7 * 86400)]),
    lowTarget: withTag("nonce", [e.tags.at(-1)[1], "8"]),
    noNonce: { ...e, tags: e.tags.filter((t) => t[0] !== "nonce") },
    freeText: withContent({ note: "Visit my site" }),
    unknownLanguage: withContent({ lang: "xx" }),
    moreFreeThanSeats: withContent({ free: 5 }),
    noSeatFree: withContent({ free: 0 }),
    damagedLink: withContent({ room: "nope" }),
    unknownClock: withContent({ clock: 7 }),
    unknownScoring: withContent({ rules: { scoring: "fastest", open_hands: false, elimination_bonus: false } }),
    nineNames: withContent({ players: Array(9).fill("X") }),
    otherTopic: withTag("t", ["something-else"]),
    otherKind: { ...e, kind: 1 },
  };
  for (const [why, bad] of Object.entries(refused)) assert.equal(tables.readAnnouncement(bad, nowS()), null, why);
  // names are cleaned as in rooms: no hidden marks, cut
  const named = tables.readAnnouncement(withContent({ players: [`Eve\u202eevil${"x".repeat(40)}`, "\u200b"] }), nowS());
  assert.deepEqual(named.players, [`Eveevil${"x".repeat(17)}`]);
};

scenarios.relay_limits_read = async () => {
  const limits = await nostr.relayLimits(relayUrl);
  assert.equal(limits.writable, true);
  assert.equal(limits.expiration, true, "the test relay says it supports NIP-40");
  out.figures.testRelayLimits = limits;
  assert.equal(nostr.limitsOf({ limitation: { payment_required: true } }).writable, false);
  assert.equal(nostr.limitsOf({ limitation: { auth_required: true } }).writable, false);
  // a relay that wants more work than MAX_POW, or shorter messages, is left out
  const a = new Announcer({ relays: [relayUrl, "ws://127.0.0.1:9/a", "ws://127.0.0.1:9/b"], secret: nostr.newKey().secret, facts: () => null });
  a.relays[0].limits = limits;
  a.relays[1].limits = nostr.limitsOf({ limitation: { min_pow_difficulty: tables.MAX_POW + 8 } });
  a.relays[2].limits = nostr.limitsOf({ limitation: { max_message_length: 300 } });
  assert.deepEqual((await a._usable(900)).map((r) => r.relay.url), [relayUrl]);
};

scenarios.announce_find_withdraw = async () => {
  let now = facts();
  const announcer = new Announcer({ relays: [relayUrl], secret: nostr.newKey().secret, facts: () => now });
  const watcher = new nostr.Relay(relayUrl);
  const live = new tables.TableList();
  await watcher.subscribe(tables.tableFilters(nowS()), (e) => live.add(e));
  announcer.update();
  await until(() => announcer.log.length === 1, "the announcement");
  assert.equal(announcer.log[0].ok, true, announcer.log[0].message);
  const ours = () => [...live.tables.values()].filter((t) => t.link.secret === link.secret);
  await until(() => ours().length === 1, "the watcher to see the table");
  const seen = ours()[0];
  assert.equal(seen.free, 2);
  assert.deepEqual(seen.players, ["Ann", "Bo"]);
  // a change: announced no sooner than MIN_GAP_MS after the last, however often asked
  now = facts({ free: 1, players: ["Ann", "Bo", "Cy"] });
  for (let i = 0; i < 50; i++) announcer.update();
  await sleep(500);
  assert.equal(announcer.sent, 1, "announced again within the gap");
  assert.ok(MIN_GAP_MS >= 30000);
  // the table fills: withdrawn at once, once
  now = null;
  announcer.update();
  announcer.update();
  await until(() => announcer.log.length === 2, "the withdrawal");
  assert.equal(announcer.log[1].kind, 5);
  assert.equal(announcer.log[1].ok, true, announcer.log[1].message);
  await until(() => ours().length === 0, "the watcher to drop the table");
  const fresh = await look();
  assert.equal(fresh.shown().filter((t) => t.link.secret === link.secret).length, 0, "a new look finds it");
  await sleep(200);
  assert.equal(announcer.sent, 2);
  out.figures.eventsSent = announcer.sent;
  await announcer.stop();
  watcher.close();
};

scenarios.flood_bounded = async () => {
  const list = await look();
  const shown = list.shown();
  assert.equal(shown.length, tables.MAX_SHOWN, `${shown.length} tables shown`);
  const valid = new Set(flood.keys);
  for (const t of shown) assert.ok(valid.has(t.key), `a table that is not one of the valid ones: ${t.key}`);
  assert.ok(list.read <= tables.MAX_READ);
  assert.ok(list.refused >= Math.min(flood.bad, tables.MAX_READ - flood.valid) - 1, `${list.refused} refused`);
  out.figures.flood = { published: flood.valid + flood.bad, read: list.read, refused: list.refused, shown: shown.length };
};

for (const [name, run] of Object.entries(scenarios)) {
  const t0 = performance.now();
  try {
    await run();
    out.results[name] = { ok: true, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    out.results[name] = { ok: false, error: String(e && e.stack ? e.stack : e) };
  }
}
process.stdout.write(JSON.stringify(out), () => process.exit(0));

// room.html: live rooms (docs/rooms.md).  Each player on their own device, the
// host's engine the referee.  The page is one of three things, by its address:
//
//   #room=1.<secret>.<host>   a room: this browser hosts it (it holds the host
//                             key: referee.js, and its own player joins through
//                             a loopback) or joins it as a guest (client.js)
//   #invite=<code>            a host's invite made without a relay (invite.js)
//   nothing                   the rooms this browser hosts and a new one (home.js)
//
// Either way the player's side is a RoomClient and the same views: the seats
// (lobby.js), the game (table.js), the end (finish.js).

import { bootPage } from "../../lib/shell/boot.js";
import { ExchangeChooser } from "../../lib/turns/exchange.js";
import { notice, reason, say, setPhase, wireCopyButton } from "../../lib/shell/page.js";
import { noteRefusal } from "../../lib/base/refusals.js";
import { addressParam, wholeNumber } from "../../lib/base/address.js";
import { sound } from "../../lib/shell/sound.js";
import { ClockFace } from "../../lib/shell/clockface.js";
import { list, t, lang } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { readText, writeText } from "../../lib/base/storage.js";
import { parseRoomFragment, deriveRoom, roomFragment, randomText, hostKeyFits } from "./secret.js";
import { loadHosted, saveHosted, saveHostedIfCurrent, loadSeat, saveSeat, keepHostedAside, hostedText } from "./store.js";
import { RelayTransport, relaysFor, iceServers, lobbyRelays } from "./relay.js";
import { loopbackPair } from "./transport.js";
import { Referee } from "./referee.js";
import { HostLock } from "./hostlock.js";
import { showReaction, wireReactions } from "./reactions.js";
import { Announcer } from "./announcer.js";
import { Finder, joining, joined } from "./finder.js";
import { markDead } from "./tables.js";
import { newKey } from "./nostr.js";
import { RoomClient } from "./client.js";
import { Table } from "./table.js";
import { drawSeats, drawSeries, lobbyNote } from "./lobby.js";
import { showGameOver } from "./finish.js";
import { showHome, clockChoice } from "./home.js";
import { drawQR } from "./qr.js";
import { ManualInvites, answerInvite } from "./invite.js";
/** @import {RoomKey} from "./secret.js" */
/** @import {HostedRoom} from "./store.js" */
/** @import {Transport} from "./transport.js" */
/** @import {RoomMessage, StateMessage} from "./protocol.js" */

/** What the page holds of the room it shows (one room a page: another address reloads it). */
class RoomPage {
  constructor() {
    /** @type {RoomClient | null} the player's side, once the room is opened */
    this.client = null;
    /** @type {Referee | null} the referee, while this tab hosts the room */
    this.referee = null;
    /** @type {Table | null} the game as this player sees it (made with the client) */
    this.table = null;
    /** the room's id (derived from its secret) */
    this.id = "";
    /** @type {RoomKey | null} the room's link: its secret and its host's fingerprint */
    this.link = null;
    /** @type {Transport[]} every transport open, closed when the page goes */
    this.transports = [];
    /** @type {"" | "here" | "elsewhere" | "handed"} "" (a guest), "here" (this tab referees), "elsewhere" (another tab does), "handed" (handed over) */
    this.hosting = "";
    /** @type {Announcer | null} the open table's announcements, while this tab hosts it */
    this.announcer = null;
    /** @type {number | null} a table joined from "Find a table": ms from the click to seated */
    this.joinedInMs = null;
    /** @type {number | null} the seat this page asked for, for a table joined from the list */
    this.joinTried = null;
  }
}
const room = new RoomPage();

// the elimination bonus's exchange, on this player's turn (the host's engine checks it)
const exchange = new ExchangeChooser({
  els: {
    panel: $("exchange-panel"), handBox: $("hand-box"),
    mine: $("exchange-mine"), theirs: $("exchange-theirs"), note: $("exchange-note"),
  },
  tileset: () => page.tileset,
  busy: () => room.table?.busy ?? true,
  play: (move) => room.table?.play(move),
});
const page = bootPage({
  boardLabel: "room.board",
  position: () => shownPosition(),
  busy: () => room.table?.busy ?? true,
  play: (move) => room.table?.play(move),
  keysOn: () => !$("play-panel").hidden,
  exchange,
});
const { engine, board, turn, tilesReady } = page;

/** The position the turn controller plays on: the table's, while this player's turn is on. */
function shownPosition() {
  const position = room.table?.position;
  if (!position) throw new Error("no game is shown");
  return position;
}
/** The turn clock as the host tells it (its time left, counted down here). */
const clockFace = new ClockFace({ el: $("turn-clock"), sound });
/** Whether this page says that the clock gave its seat to a computer (with "I'm back"). */
let awaySaid = false;
const params = new URLSearchParams(location.search);
/** How long a room joined may stay silent before the page says so and what else there is:
 *  15 s, or ?noanswer= ms (tests: a table that never answers, said sooner; 1 s at least). */
const NO_ANSWER_MS = addressParam("noanswer", wholeNumber(1000, 600_000), 15_000);
/** The name this browser last took a seat under (any room): a table joined from the list uses it. */
const NAME_KEY = "tsuro.room.name";

/** What the room page exposes for tests and debugging (not an API). */
const debug = {
  get received() { return room.client ? room.client.received : []; },
  get seat() { return room.client?.seat ?? null; },
  get connected() { return !!room.client?.connected; },
  get refused() { return room.referee?.stats.refused ?? 0; },
  get computerFailures() { return room.referee?.stats.computerFailures ?? 0; },
  get hostStats() { return room.referee?.stats ?? null; },
  get arrivals() { return room.client?.arrivals ?? []; },
  get moved() { return room.client?.moved ?? []; },
  get connectedAt() { return room.client?.connectedAt ?? null; },
  get seatedAt() { return room.client?.seatedAt ?? null; },
  get record() { return room.referee?.session?.toRecord() ?? null; },
  /** the host's position now (its referee's session) */
  get position() { return room.referee?.session?.position ?? null; },
  /** the host's turn clock: the seat whose turn it times, and the time left (ms) */
  get clock() {
    const c = room.referee?.loop.clock;
    return c ? { seat: c.timing?.seat ?? null, left: c.left() } : null;
  },
  get hosting() { return room.hosting; },
  /** the open table's announcements: events sent to relays, and what each relay answered */
  get announced() { return room.announcer ? { sent: room.announcer.sent, log: room.announcer.log } : null; },
  /** a table joined from "Find a table": ms from the click on "Find a table" to seated */
  get joinedInMs() { return room.joinedInMs; },
  /** what peers that are not the host sent this page (never acted on) */
  get heard() { return room.client?.heard ?? []; },
  sendRaw: (/** @type {string} */ text) => { const c = room.client; if (c && c.hostPeer) c.transport.send(c.hostPeer, text); },
  /** send text to any peer (a hostile guest's tests) */
  sendTo: (/** @type {string} */ peer, /** @type {string} */ text) => room.client?.transport.send(peer, text),
};
Object.assign(window, { tsuroRoom: debug });

/** The line that says how the connection goes ("": it is up). @param {string} text */
function connection(text) { $("connection").textContent = text; }

// ------------------------------------------------------------------ a room

// The page goes (closed, reloaded, left for another address): it leaves the room at once,
// so that the others see this device gone now, not once its connections time out (the
// host's seat shows "away" seconds sooner; a guest hears its host is gone).
addEventListener("pagehide", (e) => {
  if (!e.persisted) for (const transport of room.transports) transport.close();
});

/**
 * Open a room: as its host when this browser keeps it (`host`: false once what it kept was
 * put aside), else as a guest.
 * @param {RoomKey} link @param {boolean} [host] @returns {Promise<void>}
 */
async function openRoom(link, host = true) {
  setPhase("connecting");
  const { id, password } = await deriveRoom(link.secret);
  room.id = id;
  room.link = link;
  const hosted = host ? loadHosted(id) : null;
  const isHost = !!hosted && hosted.link.host === link.host;
  // what this browser kept of its room, put aside when it cannot resume it (said): the room
  // is then opened as any guest's
  /** @param {string} why @param {string | null} [text] @returns {Promise<void>} */
  const aside = (why, text = undefined) => {
    const kept = keepHostedAside(id, why, text);
    notice(t(kept ? "room.hosted_aside" : "room.hosted_left", { reason: why }));
    room.referee = null;
    return openRoom(link, false);
  };
  if (isHost && !(await hostKeyFits(hosted.hostKey, link.host))) return aside(t("room.hosted_key"));
  const { urls, refused } = relaysFor(id, params);
  if (refused.length) notice(t("room.relay_refused", { relays: list(refused) }));
  // made once whoever listens to it is there: a peer met before would go unheard
  const relay = () => (urls.length ? new RelayTransport({ roomId: id, password, relays: urls, ice: iceServers(params) }) : null);
  if (isHost) {
    await hostRoom(link, id, relay, aside);
  } else {
    const transport = relay();
    if (!transport) { connection(t("room.no_relay")); return; }
    room.transports = [transport];
    startClient(transport, link, id);
    connection(t("room.connecting"));
    // no answer for a while: say what may be wrong and what else there is
    setTimeout(() => {
      if (room.client?.connected || room.client?.room) return;
      const from = joining();
      if (from && from.secret === link.secret) {
        // a table from "Find a table" that does not answer: off this browser's list
        markDead(from.key);
        joined();
        notice(t("room.table_gone"), { label: t("room.find"), run: () => { location.href = `room.html${location.search}#find`; } });
      }
      connection(t("room.no_connection"));
    }, NO_ANSWER_MS);
  }
}

/**
 * Referee the room this browser keeps, in this tab once no other tab does (hostlock.js):
 * taken up from the latest save, under a new epoch; or say that another tab has it.  What
 * it kept is put aside (`aside`, which opens the room as a guest's) when the engine
 * refuses its game.
 * @param {RoomKey} link @param {string} id
 * @param {() => RelayTransport | null} relay  the transport to the guests, if the room has relays
 * @param {(why: string, text?: string | null) => Promise<void>} aside
 */
async function hostRoom(link, id, relay, aside) {
  const lock = new HostLock(id, { handOver: () => handOver("handed"), lost: () => { handOver("handed"); } });
  if (!(await lock.claim())) {
    if (!HostLock.askedOnReload(id)) { elsewhere("room.open_elsewhere"); return; }
    connection(t("room.taking_over"));
    await lock.takeOver();
  }
  const hosted = loadHosted(id);
  if (!hosted) { notice(t("room.no_storage")); return; }
  const stored = hostedText(id);   // as it was, to be put aside if its game cannot be resumed
  hosted.epoch = (hosted.epoch || 0) + 1;
  if (!saveHosted(hosted)) notice(t("room.no_storage"));
  room.hosting = "here";
  connection("");
  await engine.ready;
  const referee = new Referee({
    engine, room: hosted,
    persist: (r) => {
      const saved = saveHostedIfCurrent(r);
      if (saved === "failed") notice(t("room.no_storage"));
      if (saved === "superseded") handOver("handed");   // another tab took the room up meanwhile
    },
    stuck: (seat, count) => notice(t("room.computer_failed", { name: hosted.seats[seat].name, count }), {
      label: t("engine.retry"), run: () => { notice(null); room.referee?.retryComputers(); },
    }),
  });
  room.referee = referee;
  try {
    await referee.resume();
  } catch (e) {
    if (engine.failed) throw e;   // the engine is down, not the save: it stays for the next visit
    lock.letGo?.();
    room.hosting = "";
    return aside(reason(e), stored);
  }
  const pair = loopbackPair();
  referee.attach(pair.host, "l");
  startClient(pair.local, link, id);
  pair.open();
  room.transports = [pair.host, pair.local];
  const toGuests = relay();
  if (toGuests) {
    referee.attach(toGuests, "r");
    room.transports.push(toGuests);
    showInvite(link);   // without a relay the link leads nowhere: invites without internet only
    wireListing(hosted, referee);
  }
}

/**
 * An open table: the host's choice (kept with the room) to be listed in "Find a table",
 * announced on the lobby relays while a seat is free (announcer.js).
 * @param {HostedRoom} hosted @param {Referee} referee
 */
function wireListing(hosted, referee) {
  const box = /** @type {HTMLInputElement} */ ($("room-listed"));
  $("listed-box").hidden = false;
  box.checked = !!hosted.listed;
  const announcer = new Announcer({ relays: lobbyRelays(params), secret: tableKey(hosted).secret, facts: () => tableFacts(hosted) });
  room.announcer = announcer;
  referee.changed = () => announcer.update();
  box.onchange = () => {
    hosted.listed = box.checked;
    if (box.checked) tableKey(hosted).since = Math.floor(Date.now() / 1000);
    room.referee?.keep();
    announcer.update();
  };
  addEventListener("pagehide", () => { announcer.stop(); });
  announcer.update();
}

/** The open table's id and Nostr key, made the first time and kept with the room. @param {HostedRoom} hosted */
function tableKey(hosted) {
  if (!hosted.table) hosted.table = { id: randomText(16), secret: newKey().secret, since: Math.floor(Date.now() / 1000) };
  return hosted.table;
}

/**
 * What the open table says now, or null: not to be listed (not open, no seat free, over, handed over).
 * @param {HostedRoom} hosted @returns {import("./announcer.js").TableFacts | null}
 */
function tableFacts(hosted) {
  const referee = room.referee;
  const table = hosted.table;   // made before the announcer asks (tableKey)
  if (!hosted.listed || !referee || room.hosting !== "here" || !table) return null;
  const info = referee.roomInfo();
  const free = info.seats.filter((s) => s.kind === "person" && !s.taken).length;
  if (info.phase === "over" || free === 0) return null;
  return {
    table: table.id, link: hosted.link, rules: hosted.rules, seats: info.seats.length, free,
    phase: info.phase === "lobby" ? "lobby" : "playing", lang: lang(), since: table.since,
    players: info.seats.filter((s) => s.taken).map((s) => s.name), clock: Number(hosted.clock) > 0 ? Number(hosted.clock) : null,
  };
}

/** This tab no longer referees (another took the room up): stop, let the guests go, say so. @param {"handed"} why */
async function handOver(why) {
  if (room.hosting !== "here") return;
  room.hosting = why;
  room.announcer?.stop();
  await room.referee?.stop();
  for (const transport of room.transports) transport.close();
  invites?.transport.close();
  invites = null;
  room.transports = [];
  elsewhere("room.handed_over");
}

/** Another tab of this browser referees this room: say so, with "Host it here". @param {string} words  a catalogue key */
function elsewhere(words) {
  if (room.hosting !== "handed") room.hosting = "elsewhere";
  $("play-panel").hidden = true;
  $("lobby-panel").hidden = true;
  setPhase("elsewhere");
  connection("");
  notice(t(words), { label: t("room.host_here"), run: () => { HostLock.askOnReload(room.id); location.reload(); } });
}

/** The player's side, on whichever transport reaches the host. @param {Transport} transport @param {RoomKey} link @param {string} id */
function startClient(transport, link, id) {
  room.client = new RoomClient({
    transport, link, roomId: id,
    token: () => loadSeat(id)?.token ?? null,
    on: {
      host: (up) => {
        connection(up ? "" : t(room.referee ? "room.connecting" : "room.host_gone"));
        if (!up) clockFace.stop();   // the host is the clock: gone, it stops
        if (!up && !room.referee) setPhase("host-gone");
      },
      room: (r) => showRoom(r),
      seated: (seat, token) => { saveSeat(id, { token, name: $("join-name").value.trim() }); },
      state: (s) => { showPlaying(s); room.table?.receive(s); },
      clock: (seat, left) => {
        if (seat === null || left === null) clockFace.stop();
        else clockFace.run(left, { mine: seat === room.client?.seat });
      },
      over: (record) => { clockFace.stop(); room.table?.queue.then(() => showGameOver(engine, board, record, room.client?.room)); },
      error: (code, detail) => refused(code, detail),
      // only the host's signature takes the seat's token back (client.js checked it)
      removed: () => {
        saveSeat(id, { token: null, name: $("join-name").value.trim() });
        notice(t("room.removed"));
      },
      reaction: (seat, r) => {
        const name = room.client?.room?.seats?.[seat]?.name ?? t("common.player_name", { n: seat + 1 });
        showReaction(seat, r, name);
      },
    },
  });
  room.table = new Table({ board, turn, sound, client: () => room.client });
}

/** The host refused something of this player's: said (a move's refusal, on the turn). @param {string} code @param {string} [detail] */
function refused(code, detail) {
  const text = t(`room.error.${code}`, { detail: detail || "" });
  if (["illegal_move", "not_your_turn", "stale_move", "engine"].includes(code)) room.table?.refused(text);
  else notice(text);
  // a seat token is never given up on an error's word: only a `removed` the host signed
}

/** The room as the host told it: the seats, the lobby's note, the controls. @param {RoomMessage} r */
function showRoom(r) {
  const isHost = !!room.referee;
  const list = r.phase === "lobby" ? $("seats") : $("players");
  $("lobby-panel").hidden = r.phase !== "lobby";
  $("players-panel").hidden = r.phase === "lobby";
  $("join-box").hidden = r.you.seat !== null || r.phase === "over";
  if (r.phase === "lobby") setPhase(r.you.seat === null ? "lobby" : "seated");
  drawSeats(list, r, { take: (seat) => take(seat), host: isHost ? room.referee : null });
  lobbyNote(r, isHost);
  drawSeries(r);
  $("btn-rematch").hidden = !isHost || r.phase !== "over";
  $("btn-manual").hidden = !isHost || r.phase === "over";
  $("react-box").hidden = r.you.seat === null || r.phase === "lobby";
  $("lobby-clock").textContent = t("room.clock_setting", { time: clockChoice(r.clock) });
  sayAway(r);
  if (!isHost) joinFromList(r);
}

/** The clock gave this player's seat to a computer: said, with "I'm back"; once back, unsaid. @param {RoomMessage} r */
function sayAway(r) {
  // at the end too: the seat stays the computer's in the next game until its player is back
  const away = r.phase !== "lobby" && r.you.seat !== null && !!r.seats[r.you.seat]?.away;
  if (away && !awaySaid) notice(t("room.clock_away_you"), { label: t("clock.back"), run: () => { notice(null); room.client?.back(); } });
  if (!away && awaySaid) notice(null);
  awaySaid = away;
}

/**
 * A table joined from "Find a table": one click took the stranger here, so the first free
 * seat is taken for them (under the name they last used); a table that filled or started
 * meanwhile is watched.
 * @param {RoomMessage} r
 */
function joinFromList(r) {
  const from = joining();
  if (!from || from.secret !== room.link?.secret) return;
  if (r.you.seat !== null) {
    room.joinedInMs = Date.now() - from.at;
    joined();
    return;
  }
  const free = r.seats.findIndex((s) => s.kind === "person" && !s.taken);
  if (free < 0 || r.phase === "over") {
    joined();
    notice(t("room.table_full"));
    return;
  }
  if (room.joinTried === free) return;   // asked: the host's answer comes
  room.joinTried = free;
  take(free);
}

/** Take a seat, under the name given (or the one last used, or the seat's). @param {number} seat */
function take(seat) {
  const name = $("join-name").value.trim() || readText(NAME_KEY) || t("common.player_name", { n: seat + 1 });
  $("join-name").value = name;
  writeText(NAME_KEY, name);
  room.client?.sit(seat, name);
}

/** A game state came: the game's panels shown (and, at a rematch's first, who starts said). @param {StateMessage} state */
function showPlaying(state) {
  $("lobby-panel").hidden = true;
  $("log-panel").hidden = false;
  if (state.n === 0 && !$("over-panel").hidden) {
    // a rematch: the game before is put away, and everyone is told who starts
    $("over-panel").hidden = true;
    const first = state.position.turn;
    say(t("room.new_game", { name: (first === null ? null : state.position.players[first]?.name) ?? "" }));
  }
}

/** The room's link and its QR code, on the host's screen. @param {RoomKey} link */
function showInvite(link) {
  const url = new URL(`room.html${location.search}#${roomFragment(link)}`, location.href).href;
  $("room-link").value = url;
  $("invite-box").hidden = false;
  $("btn-share-room").hidden = typeof navigator.share !== "function";
  drawQR($("room-qr"), url, t("room.qr_label"));
}

// ------------------------------------------------------------------ without a relay

/** @type {ManualInvites | null} */
let invites = null;
$("btn-manual").addEventListener("click", () => {
  if (!room.referee || !room.link) return;
  invites = invites || new ManualInvites(room.referee, room.link, (e) => notice(reason(e)));
  invites.next().catch((e) => notice(reason(e)));
});

/** A host's invite made without a relay: answered, and its room joined. @param {string} code */
async function openInvite(code) {
  setPhase("invite");
  const guest = await answerInvite(code);
  if (!guest) { notice(t("room.bad_invite")); return; }
  const { id } = await deriveRoom(guest.link.secret);
  room.id = id;
  room.link = guest.link;
  startClient(guest.transport, guest.link, id);
  connection(t("room.manual_waiting"));
}

// ------------------------------------------------------------------ the page

wireCopyButton("btn-copy-room", "room-link");
wireCopyButton("btn-copy-share", "share-link");
wireCopyButton("btn-copy-manual", "manual-out");
$("btn-share-room").addEventListener("click", () => {
  navigator.share({ text: t("room.share_text"), url: $("room-link").value }).catch(() => { /* closed */ });
});
$("btn-start").addEventListener("click", async () => {
  const why = await room.referee?.start();
  if (!why) return;
  // why not: said to the host (a free seat; the engine's refusal, in words)
  notice(t("room.start_failed", { reason: why.code === "seats_free" ? t("room.waiting_seats", { count: 1 }) : reason(why) }));
});
$("btn-rematch").addEventListener("click", async () => {
  const why = await room.referee?.rematch();
  if (why) notice(t("room.start_failed", { reason: why.code === "seats_free" ? t("room.waiting_seats", { count: 1 }) : reason(why) }));
});
wireReactions((r) => room.client?.react(r), () => { if (room.client?.room) showRoom(room.client.room); });
$("btn-exchange").addEventListener("click", () => exchange.finish());
$("btn-exchange-reset").addEventListener("click", () => exchange.reset());
$("join-name").value = loadSeat(room.id)?.name || "";

async function route() {
  const hash = location.hash.replace(/^#/, "");
  const link = parseRoomFragment(hash);
  await tilesReady;
  if (link) {
    $("home-panel").hidden = true;
    $("new-panel").hidden = true;
    $("lobby-panel").hidden = false;
    await openRoom(link);
    $("join-name").value = loadSeat(room.id)?.name || $("join-name").value;
  } else if (hash.startsWith("invite=")) {
    $("home-panel").hidden = true;
    $("new-panel").hidden = true;
    await openInvite(hash.slice("invite=".length));
  } else {
    // a fragment that is no room's link (a damaged or hostile one) is refused, and said
    if (hash && hash !== "find") noteRefusal({ kind: "address", name: "#", value: hash.length > 40 ? `${hash.slice(0, 40)}…` : hash });
    showHome((e) => notice(t("room.open_failed", { reason: reason(e) })));
    setPhase("home");
    $("find-panel").hidden = false;
    if (hash === "find") findTables();
  }
}

/** "Find a table": the open tables on the lobby relays, listed (finder.js). */
let finder = /** @type {Finder | null} */ (null);
function findTables() {
  finder = finder || new Finder(lobbyRelays(params), (table) => `room.html${location.search}#${roomFragment(table.link)}`);
  finder.open();
}
$("btn-find").addEventListener("click", () => findTables());

window.addEventListener("hashchange", () => location.reload());
route().catch((e) => { console.error(e); notice(t("room.open_failed", { reason: reason(e) })); });

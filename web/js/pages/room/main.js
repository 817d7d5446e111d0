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
import { notice, reason, setPhase, wireCopyButton } from "../../lib/shell/page.js";
import { noteRefusal } from "../../lib/shell/refusals.js";
import { applyTheme } from "../../lib/shell/theme.js";
import { Sound } from "../../lib/shell/sound.js";
import { list, t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { parseRoomFragment, deriveRoom, roomFragment, hostKeyFits } from "./secret.js";
import { loadHosted, saveHosted, loadSeat, saveSeat, keepHostedAside } from "./store.js";
import { RelayTransport, relaysFor, iceServers } from "./relay.js";
import { loopbackPair } from "./transport.js";
import { Referee } from "./referee.js";
import { RoomClient } from "./client.js";
import { Table } from "./table.js";
import { drawSeats, lobbyNote } from "./lobby.js";
import { showGameOver } from "./finish.js";
import { showHome } from "./home.js";
import { drawQR } from "./qr.js";
import { ManualInvites, answerInvite } from "./invite.js";

applyTheme();
const sound = new Sound();
sound.wire($("btn-sound"));
/** @type {{client: RoomClient | null, referee: Referee | null, table: Table | null, id: string, link: any}} */
const room = { client: null, referee: null, table: null, id: "", link: null };

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
  position: () => room.table?.position,
  busy: () => room.table?.busy ?? true,
  play: (move) => room.table?.play(move),
  keysOn: () => !$("play-panel").hidden,
  exchange,
});
const { engine, board, turn, tilesReady } = page;
const params = new URLSearchParams(location.search);
const NO_ANSWER_MS = 15_000;

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
  sendRaw: (text) => { const c = room.client; if (c && c.hostPeer) c.transport.send(c.hostPeer, text); },
};
Object.assign(window, { tsuroRoom: debug });

function connection(text) { $("connection").textContent = text; }

// ------------------------------------------------------------------ a room

/**
 * Open a room: as its host when this browser keeps it (`host`: false once what it kept was
 * put aside), else as a guest.
 * @param {{secret: string, host: string}} link
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
  const aside = (why) => {
    const kept = keepHostedAside(id, why);
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
    await engine.ready;
    room.referee = new Referee({
      engine, room: hosted,
      persist: (r) => { if (!saveHosted(r)) notice(t("room.no_storage")); },
      stuck: (seat, count) => notice(t("room.computer_failed", { name: hosted.seats[seat].name, count }), {
        label: t("engine.retry"), run: () => { notice(null); room.referee?.retryComputers(); },
      }),
    });
    try {
      await room.referee.resume();
    } catch (e) {
      if (engine.failed) throw e;   // the engine is down, not the save: it stays for the next visit
      return aside(reason(e));
    }
    const pair = loopbackPair();
    room.referee.attach(pair.host, "l");
    startClient(pair.local, link, id);
    pair.open();
    const toGuests = relay();
    if (toGuests) {
      room.referee.attach(toGuests, "r");
      showInvite(link);   // without a relay the link leads nowhere: invites without internet only
    }
  } else {
    const transport = relay();
    if (!transport) { connection(t("room.no_relay")); return; }
    startClient(transport, link, id);
    connection(t("room.connecting"));
    // no answer for a while: say what may be wrong and what else there is
    setTimeout(() => { if (!room.client?.connected && !room.client?.room) connection(t("room.no_connection")); }, NO_ANSWER_MS);
  }
}

/** The player's side, on whichever transport reaches the host. */
function startClient(transport, link, id) {
  room.client = new RoomClient({
    transport, link, roomId: id,
    token: () => loadSeat(id)?.token ?? null,
    on: {
      host: (up) => {
        connection(up ? "" : t(room.referee ? "room.connecting" : "room.host_gone"));
        if (!up && !room.referee) setPhase("host-gone");
      },
      room: (r) => showRoom(r),
      seated: (seat, token) => { saveSeat(id, { token, name: $("join-name").value.trim() }); },
      state: (s) => { showPlaying(); room.table?.receive(s); },
      over: (record) => { room.table?.queue.then(() => showGameOver(engine, board, record, room.client?.room)); },
      error: (code, detail) => refused(code, detail),
    },
  });
  room.table = new Table({ board, turn, sound, client: () => room.client });
}

function refused(code, detail) {
  const text = t(`room.error.${code}`, { detail: detail || "" });
  if (["illegal_move", "not_your_turn", "stale_move", "engine"].includes(code)) room.table?.refused(text);
  else notice(text);
  if (code === "replaced" || code === "bad_token") saveSeat(room.id, { token: null, name: $("join-name").value.trim() });
}

function showRoom(r) {
  const isHost = !!room.referee;
  const list = r.phase === "lobby" ? $("seats") : $("players");
  $("lobby-panel").hidden = r.phase !== "lobby";
  $("players-panel").hidden = r.phase === "lobby";
  $("join-box").hidden = r.you.seat !== null || r.phase === "over";
  if (r.phase === "lobby") setPhase(r.you.seat === null ? "lobby" : "seated");
  drawSeats(list, r, { take: (seat) => take(seat), host: isHost ? room.referee : null });
  lobbyNote(r, isHost);
  $("btn-manual").hidden = !isHost || r.phase === "over";
}

function take(seat) {
  const name = $("join-name").value.trim() || t("common.player_name", { n: seat + 1 });
  $("join-name").value = name;
  room.client?.sit(seat, name);
}

function showPlaying() {
  $("lobby-panel").hidden = true;
  $("log-panel").hidden = false;
}

/** The room's link and its QR code, on the host's screen. */
function showInvite(link) {
  const url = new URL(`room.html${location.search}#${roomFragment(link)}`, location.href).href;
  $("room-link").value = url;
  $("invite-box").hidden = false;
  $("btn-share-room").hidden = typeof navigator.share !== "function";
  drawQR($("room-qr"), url, t("room.qr_label"));
}

// ------------------------------------------------------------------ without a relay

let invites = null;
$("btn-manual").addEventListener("click", () => {
  if (!room.referee) return;
  invites = invites || new ManualInvites(room.referee, room.link, (e) => notice(reason(e)));
  invites.next().catch((e) => notice(reason(e)));
});

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
$("btn-start").addEventListener("click", () => room.referee?.start());
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
    if (hash) noteRefusal({ kind: "address", name: "#", value: hash.length > 40 ? `${hash.slice(0, 40)}…` : hash });
    showHome((e) => notice(t("room.open_failed", { reason: reason(e) })));
    setPhase("home");
  }
}

window.addEventListener("hashchange", () => location.reload());
route().catch((e) => { console.error(e); notice(t("room.open_failed", { reason: reason(e) })); });

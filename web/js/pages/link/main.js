// link.html: play by link (docs/linkplay.md).  A game travels between devices
// as a tsuro-link/1 message in the URL fragment (#g=...); the engine checks
// every link (link_open: damaged, forged, stale or conflicting links are
// refused and no save is touched), the holder plays the seat to move (and the
// computers after it), and the page gives the next link.  Without a fragment:
// the device's link games and a form to start one.

import { miniTiles } from "../../lib/views/hand.js";
import { notice, reason, setPhase } from "../../lib/shell/page.js";
import { Session, ask, botFor } from "../../lib/game/session.js";
import { playMove } from "../../lib/game/play.js";
import { t } from "../../lib/words/i18n.js";
import { bootPage, show } from "../../lib/shell/boot.js";
import { loadGame, saveGame, listGames, newGameId } from "./store.js";
import { $ } from "../../lib/shell/dom.js";

/** The game on the board: its message and session (positions, trails); mayPlay: this opening's one turn is not played yet. */
const game = { message: null, session: null, busy: false, mayPlay: false };
/** Set when a game is opened from "Your games": show its link rather than offer the turn. */
let fromList = false;

const page = bootPage({
  boardLabel: "link.board",
  position: () => game.session?.position,
  busy: () => game.busy,
  play: (move) => play(move).catch((e) => notice(t("common.refused", { reason: reason(e) }))),
  keysOn: () => !$("play-panel").hidden && !game.busy,
});
const { engine, board, turn, tilesReady } = page;

const nameOf = (seat) => game.session.players[seat].name;
const isPerson = (seat) => game.message.seats[seat] === "person";

/** A link game's session: move n is played with seed n, so whoever holds the game draws the same. */
function sessionOf(message) {
  return Session.fromRecord(engine, message.record, null, { playSeed: (n) => n });
}

// ------------------------------------------------------------------ opening a link

/** Open the link in the address: checked by the engine against this device's copy. */
async function openLink(fragment) {
  setPhase("loading");
  let opened;
  try {
    opened = await ask(engine, "link_open", { fragment });
    const local = loadGame(opened.message.game);
    if (local) opened = await ask(engine, "link_open", { fragment, local });
  } catch (e) {
    refuse(e);
    return;
  }
  game.message = opened.message;
  if (opened.status !== "same") keep();
  game.session = await sessionOf(game.message);
  await tilesReady;
  show(board, game.session.position, game.session.trails());
  game.mayPlay = !fromList;
  fromList = false;
  $("games-panel").hidden = true;
  $("new-panel").hidden = true;
  await advance();
}

function refuse(e) {
  setPhase("refused");
  const key = { stale_link: "link.stale", conflicting_link: "link.conflict" }[e.code] || "link.bad";
  notice(t(key, { reason: reason(e) }));
  showHome();
}

// ------------------------------------------------------------------ the turn

async function advance() {
  $("play-panel").hidden = true;
  $("send-panel").hidden = true;
  showHands();
  const p = game.session.position;
  if (Array.isArray(p.winners)) { await finished(); return; }
  const seat = p.turn;
  if (!isPerson(seat)) { await computerMove(seat); return; }
  if (!game.mayPlay) { await offerLink(); return; }
  $("turn-banner").textContent = t("link.your_turn", { name: nameOf(seat) });
  $("hand-title").textContent = t("hand.titleOf", { name: nameOf(seat) });
  $("play-panel").hidden = false;
  const legal = await game.session.legalMoves();
  turn.start(seat, legal);
}

async function computerMove(seat) {
  $("turn-banner").textContent = t("link.computer_thinking", { name: nameOf(seat) });
  const level = game.message.seats[seat].split(":")[1];
  const seed = game.message.record.moves.length;   // the same move whoever holds the game
  const { move } = await ask(engine, "bot_move", { position: game.session.position, bot: botFor(level), seed, iterations: 32 });
  await apply(move);
}

/** The holder's move, from the turn controller. */
async function play(move) {
  game.busy = true;
  try {
    await apply(move, () => { turn.stop(); board.clearTurnAids(); $("btn-place").disabled = true; });
  } finally {
    game.busy = false;
  }
}

/** Play a move through the engine, save the game, go on. A person's move uses up this opening's turn. */
async function apply(move, freeze = undefined) {
  const mover = game.session.turn;
  await playMove(game.session, move, {
    board,
    freeze,
    accepted: () => {
      game.message = { ...game.message, record: game.session.toRecord() };
      if (isPerson(mover)) game.mayPlay = false;
      keep();
    },
  });
  await advance();
}

/** Save the game's message on this device; say why not (storage refused, or another tab moved it on). */
function keep() {
  const saved = saveGame(game.message);
  if (saved === "moved") notice(t("link.moved"));
  else if (!saved) notice(t("link.no_storage"));
}

/** The next link, for the person to move. */
async function offerLink() {
  const seat = game.session.turn;
  $("turn-banner").textContent = t("link.waiting", { name: nameOf(seat) });
  $("send-title").textContent = t("link.send_title", { name: nameOf(seat) });
  $("send-text").textContent = t("link.send_text", { name: nameOf(seat) });
  $("btn-play-here").textContent = t("link.play_here", { name: nameOf(seat) });
  $("btn-play-here").hidden = false;
  await showLink();
}

async function finished() {
  setPhase("over");
  const { winners } = game.session.position;
  const names = winners.map((s) => nameOf(s)).join(", ");
  $("turn-banner").textContent = winners.length ? t("link.won", { names, count: winners.length }) : t("link.nobody");
  $("send-title").textContent = t("link.final_title");
  $("send-text").textContent = t("link.final_text");
  $("btn-play-here").hidden = true;
  await showLink();
}

async function showLink() {
  const { fragment } = await ask(engine, "link_encode", { message: game.message });
  const url = new URL(`link.html#${fragment}`, location.href).href;
  history.replaceState(null, "", `#${fragment}`);   // a reload opens the latest state (no hashchange)
  $("link-out").value = url;
  $("btn-share-link").hidden = typeof navigator.share !== "function";
  $("send-panel").hidden = false;
  if (document.body.dataset.phase !== "over") setPhase("send");
}

/** Open hands: every other hand is shown; hidden (honour system): only the mover's. */
function showHands() {
  const p = game.session.position;
  const panel = $("hands");
  panel.replaceChildren();
  $("hands-panel").hidden = false;
  if (game.message.hidden) { $("hands-note").textContent = t("link.hidden_note"); return; }
  $("hands-note").textContent = t("link.open_note");
  p.players.forEach((pl, seat) => {
    if (seat === p.turn && isPerson(seat) && game.mayPlay) return;
    const box = document.createElement("div");
    box.className = "link-hand";
    const label = document.createElement("p");
    label.textContent = t("hand.titleOf", { name: pl.name });
    const held = (p.hands && p.hands[seat]) || [];
    box.append(label, page.tileset ? miniTiles(page.tileset, held) : document.createTextNode(held.join(" ")));
    panel.append(box);
  });
}

// ------------------------------------------------------------------ home: your games, a new game

function showHome() {
  $("play-panel").hidden = true;
  $("send-panel").hidden = true;
  $("hands-panel").hidden = true;
  $("games-panel").hidden = false;
  $("new-panel").hidden = false;
  const games = listGames();
  $("no-games").hidden = games.length > 0;
  $("games").replaceChildren(...games.map(({ message }) => gameItem(message)));
  if (!document.body.dataset.phase || document.body.dataset.phase === "loading") setPhase("home");
}

/** One line of "Your games": the players, whose turn (or finished), the last move's number. */
function gameItem(message) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  const players = message.record.players.map((p) => p.name).join(", ");
  a.textContent = players;
  a.href = "#";
  a.addEventListener("click", async (e) => {
    e.preventDefault();
    const { fragment } = await ask(engine, "link_encode", { message });
    fromList = true;
    location.hash = fragment;
  });
  const state = document.createElement("span");
  state.className = "link-game-state";
  li.append(a, " ", state);
  ask(engine, "replay", { record: message.record }).then((r) => {
    const moves = message.record.moves.length;
    state.textContent = r.result.over
      ? t("link.item_over", { count: moves })
      : t("link.item_open", { name: message.record.players[r.position.turn].name, count: moves });
    li.dataset.state = r.result.over ? "over" : "open";
  }, () => { state.textContent = t("link.item_bad"); });
  return li;
}

function seatRows() {
  const n = Number($("link-count").value);
  const rows = $("link-seats");
  while (rows.children.length > n) rows.lastChild.remove();
  while (rows.children.length < n) {
    const i = rows.children.length;
    const li = document.createElement("li");
    const name = document.createElement("input");
    name.className = "seat-name";
    name.value = t("common.player_name", { n: i + 1 });
    name.setAttribute("aria-label", t("link.name_of", { n: i + 1 }));
    const kind = document.createElement("select");
    kind.className = "seat-kind";
    kind.setAttribute("aria-label", t("link.kind_of", { n: i + 1 }));
    kind.add(new Option(t("link.person"), "person"));
    for (const level of ["easy", "medium", "hard"]) kind.add(new Option(t(`link.computer_${level}`), `computer:${level}`));
    li.append(name, kind);
    rows.append(li);
  }
}

async function startGame() {
  const rows = [...$("link-seats").children];
  const seats = rows.map((li) => li.querySelector(".seat-kind").value);
  const dealt = await ask(engine, "new_game", { players: rows.length });
  const record = dealt.record;
  record.players = record.players.map((p, i) => ({ ...p, name: rows[i].querySelector(".seat-name").value.trim() || t("common.player_name", { n: i + 1 }) }));
  const message = { format: "tsuro-link/1", game: newGameId(), seats, hidden: $("link-hidden").checked, record };
  const { fragment } = await ask(engine, "link_encode", { message });
  location.hash = fragment;      // opened like any link: the holder plays the first turn
}

for (let n = 2; n <= 8; n++) $("link-count").add(new Option(String(n), String(n)));
$("link-count").value = "3";
$("link-count").addEventListener("change", seatRows);
seatRows();
$("btn-link-start").addEventListener("click", () => startGame().catch((e) => notice(t("link.bad", { reason: reason(e) }))));
$("btn-copy-link").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("link-out").value); } catch { $("link-out").select(); document.execCommand?.("copy"); }
  $("btn-copy-link").textContent = t("common.copied");
  setTimeout(() => { $("btn-copy-link").textContent = t("common.copy"); }, 1500);
});
$("btn-play-here").addEventListener("click", () => {
  game.mayPlay = true;      // the next person is here too (an honour system, like the hands)
  advance().catch((e) => notice(reason(e)));
});
$("btn-share-link").addEventListener("click", () => {
  navigator.share({ text: $("send-text").textContent, url: $("link-out").value }).catch(() => { /* closed */ });
});

async function route() {
  notice(null);
  const hash = location.hash.replace(/^#/, "");
  if (hash.startsWith("g=")) await openLink(hash);
  else showHome();
}

window.addEventListener("hashchange", () => route().catch((e) => notice(reason(e))));
engine.ready.then(route).catch((e) => notice(reason(e)));

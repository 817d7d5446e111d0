// link.html: play by link (docs/linkplay.md).  A game travels between devices
// as a tsuro-link/1 message in the URL fragment (#g=...); the engine checks
// every link (link_open: damaged, forged, tampered, stale or conflicting links
// are refused and no save is touched).  Before the deal the link goes round for
// everyone's share of the shuffle and back to the host, who deals (deal.js);
// then the holder plays the seat to move (and the computers after it), and the
// page gives the next link.  Without a fragment: the device's link games and a
// form to start one (home.js).

import { miniTiles } from "../../lib/views/hand.js";
import { notice, reason, setPhase } from "../../lib/shell/page.js";
import { TurnLoop } from "../../lib/game/turnloop.js";
import { hasCode } from "../../lib/game/session.js";
import { EngineError } from "../../lib/engine/client.js";
import { ExchangeChooser } from "../../lib/turns/exchange.js";
import { list, t } from "../../lib/words/i18n.js";
import { bootPage, show } from "../../lib/shell/boot.js";
import { loadGame, saveGame, newGameId } from "./store.js";
import { LinkSession } from "./session.js";
import { hereAt, keepHere } from "./here.js";
import { Deal } from "./deal.js";
import { listYourGames, readForm, setUpForm } from "./home.js";
import { reviewHref } from "../../lib/game/reviews.js";
import { showFigures } from "../../lib/shell/figures.js";
import { $ } from "../../lib/shell/dom.js";
/** @import {LinkMessage, LinkOpened} from "../../lib/types.js" */
/** @import {Classic} from "../../lib/game/session.js" */

/**
 * The game on the page.  `opened`: the engine's reading of the latest message (its
 * `message`, and `position` once dealt or `waiting`/`sharer` before); once dealt, the
 * turn loop holds it as a LinkSession (`loop.session`).  `here`: who is at this device:
 * "mover" (the person the link was sent to: whoever is to move), a seat (that person:
 * they just played, shared or dealt here), or null (nobody: the page gives the link).
 * `busy`: a step of the deal on its way.  `token`: the turn loop's step, which changes
 * with every game opened and every turn, so that a late answer is dropped.
 */
const game = {
  /** @type {LinkOpened | null} */ opened: null,
  /** @type {"mover" | number | null} */ here: "mover",
  busy: false,
  get token() { return loop.step; },
};

const exchange = new ExchangeChooser({
  els: {
    panel: $("exchange-panel"), handBox: $("hand-box"),
    mine: $("exchange-mine"), theirs: $("exchange-theirs"), note: $("exchange-note"),
  },
  tileset: () => page.tileset,
  busy: () => game.busy || loop.busy,
  play: (move) => { loop.play(move).catch(refusedMove); },
});

const page = bootPage({
  boardLabel: "link.board",
  position: () => loop.game.position,
  busy: () => game.busy || loop.busy,
  play: (move) => { loop.play(move).catch(refusedMove); },
  keysOn: () => !$("play-panel").hidden && !game.busy && !loop.busy,
  exchange,
});
const { engine, board, turn, tilesReady } = page;

// The turns (lib/game/turnloop.js): a person at this device plays here, a computer's
// move is the engine's (the same on every device: link/session.js), anyone else gets
// the link.
/** @type {TurnLoop<Classic, LinkSession>} */
const loop = new TurnLoop({
  board,
  player: (seat) => (!isPerson(seat) ? "computer" : canAct(seat) ? "human" : "remote"),
  waiting: () => { hidePanels(); showHands(); },
  computer: (seat) => {
    setPhase("computer");
    $("turn-banner").textContent = t("link.computer_thinking", { name: nameOf(seat) });
  },
  human: (seat, legal) => {
    $("turn-banner").textContent = t("link.your_turn", { name: nameOf(seat) });
    $("hand-title").textContent = t("hand.titleOf", { name: nameOf(seat) });
    $("hand-box").hidden = false;
    $("exchange-panel").hidden = true;
    $("play-panel").hidden = false;
    turn.start(seat, legal);
  },
  remote: () => offerLink(),
  over: () => finished(),
  freeze: (seat) => {
    if (!isPerson(seat)) return;
    turn.stop();
    board.clearTurnAids();
    $("btn-place").disabled = true;
    setPhase("moving");
  },
  accepted: (played, seat) => {
    if (isPerson(seat)) game.here = seat;   // a person's move says they are here
    adopt({ ...openedNow(), message: loop.game.message(), position: played.position });
  },
  failed: (e, { during, seat, retry }) => {
    if (during !== "computer") { notice(reason(e)); return; }
    setPhase("stopped");
    $("turn-banner").textContent = t("link.computer_failed", { name: nameOf(seat) });
    notice(t("link.computer_failed_why", { name: nameOf(seat), reason: reason(e) }), {
      label: t("engine.retry"), run: () => { notice(null); retry(); },
    });
  },
});

/** The game opened (the page acts on one only once openLink has adopted it). */
function openedNow() {
  if (!game.opened) throw new Error("no link game is open");
  return game.opened;
}
const message = () => openedNow().message;
const names = () => (message().record?.players || message().players || []).map((p) => p.name);
/** A seat's player's name (a seat the engine's answer names: the mover, a winner, the host). */
const nameOf = (/** @type {number | null | undefined} */ seat) => (seat === null || seat === undefined ? "" : names()[seat]);
const isPerson = (/** @type {number | null} */ seat) => seat !== null && message().seats[seat] === "person";
/** Whether the person at this device may act for `seat` now. @param {number} seat */
const canAct = (seat) => game.here === "mover" || game.here === seat;
const current = (/** @type {number} */ token) => loop.current(token);

/** @param {unknown} e */
function refusedMove(e) { notice(t("common.refused", { reason: reason(e) })); }

// ------------------------------------------------------------------ keeping the game

/**
 * Take the engine's latest reading of the game: saved on this device (unless it is
 * the copy kept here already) with who is here (here.js), and in the address, so
 * that a reload opens this very state.
 * @param {LinkOpened} opened @param {boolean} [save]
 */
function adopt(opened, save = true) {
  game.opened = opened;
  const saved = save && saveGame(opened.message);
  if (saved === "moved") notice(t("link.moved"));   // another tab moved the game on: its copy stays
  else if (save && !saved) notice(t("link.no_storage"));
  rememberHere();
  engine.ask("link_encode", { message: opened.message }).then(({ fragment }) => {
    if (game.opened === opened) history.replaceState(null, "", `#${fragment}`);
  }, () => { /* the link is encoded again before it is shown */ });
}

/** Keep who is here at the game's latest step, for a reload of this tab. */
function rememberHere() {
  keepHere(message(), game.here);
}

// ------------------------------------------------------------------ opening a link

/** Open the link in the address: checked by the engine against this device's copy. @param {string} fragment */
async function openLink(fragment) {
  loop.leave();   // the game before (if any) is dropped: its late answers too
  const token = loop.step;
  setPhase("loading");
  hidePanels();
  let opened;
  let older = false;
  try {
    opened = await engine.ask("link_open", { fragment });
    const local = loadGame(opened.message.game);
    if (local) {
      try {
        opened = await engine.ask("link_open", { fragment, local });
      } catch (e) {
        if (!hasCode(e, "stale_link")) throw e;
        // This device's copy goes further (the engine checked: the same game, and
        // the copy extends the link): show the copy, and say so.
        const copy = await engine.ask("link_encode", { message: local });
        opened = await engine.ask("link_open", { fragment: copy.fragment, local });
        older = true;
      }
    }
  } catch (e) {
    if (current(token)) refuse(e);
    return;
  }
  if (!current(token)) return;
  const own = hereAt(opened.message);
  // A link older than the copy: said, and nobody in particular is here; unless this
  // tab is reloading its own address, which had not caught up with the last move.
  const ownAddress = older && reloading && own !== undefined;
  if (older && !ownAddress) notice(t("link.older"));
  game.here = older && !ownAddress ? null : own !== undefined ? own : "mover";
  if (opened.status !== "same") adopt(opened);
  else if (older) adopt(opened, false);   // the copy, in the address
  else { game.opened = opened; rememberHere(); }
  $("games-panel").hidden = true;
  $("new-panel").hidden = true;
  await tilesReady;
  if (!current(token)) return;
  await showGame();
}

/** Draw the game (or the empty board of its setup) and go on from where it stands. */
async function showGame() {
  const token = game.token;
  const opened = openedNow();
  let session = null;
  if (opened.position) {
    session = await LinkSession.of(engine, opened.message);
    if (!current(token)) return;
    show(board, session.position, session.trails());
  } else {
    loop.leave();
    show(board, { players: opened.message.players ?? [], markers: [], tiles: [] });
  }
  $("board").hidden = !opened.position;   // before the deal there is no game to show: the setup's panel comes first
  $("deal-note").textContent = dealNote(opened);
  $("deal-note").classList.toggle("host-dealt", opened.shuffle === "host");
  $("deal-note").hidden = !opened.position;   // before the deal, the setup's panels say how it will be dealt
  if (session) await loop.begin(session);
  else await goOn();
}

/** How the tiles were dealt: from the host's secret and everyone's shares, or by the host alone.
 *  @param {LinkOpened} opened */
function dealNote(opened) {
  if (!opened.position) return "";
  return opened.shuffle === "host" ? t("link.dealt_by_host") : t("link.dealt_shared", { host: nameOf(opened.message.host) });
}

/** Say why the link cannot be opened: the engine's refusal (an EngineError), or whatever was thrown. @param {unknown} e */
function refuse(e) {
  setPhase("refused");
  /** @type {Record<string, string>} */
  const keys = { tampered_link: "link.tampered", conflicting_link: "link.conflict" };
  const key = (e instanceof EngineError && keys[e.code]) || "link.bad";
  notice(t(key, { reason: reason(e) }));
  showHome();
}

// ------------------------------------------------------------------ the turn

function hidePanels() {
  for (const id of ["play-panel", "send-panel", "share-panel", "hands-panel"]) $(id).hidden = true;
  $("btn-play-here").hidden = true;
  $("review-link").hidden = true;
}

/** Go on from where the game stands: the setup's next step, or the game's next turn (the loop's). */
async function goOn() {
  if (loop.session) { await loop.advance(); return; }
  hidePanels();
  await deal.step();
}

/** The next link, for the person to move. */
async function offerLink() {
  const seat = loop.game.turn;
  $("turn-banner").textContent = t("link.waiting", { name: nameOf(seat) });
  sendPanel(t("link.send_title", { name: nameOf(seat) }), t("link.send_text", { name: nameOf(seat) }),
    t("link.play_here", { name: nameOf(seat) }));
  await showLink();
}

async function finished() {
  const token = game.token;
  const winners = loop.game.position.winners ?? [];
  const names = list(winners.map((s) => nameOf(s)));
  $("turn-banner").textContent = winners.length ? t("link.won", { names, count: winners.length }) : t("link.nobody");
  sendPanel(t("link.final_title"), t("link.final_text"), null);
  showFigures(engine, message().record ?? null, $("figures"));
  await showLink("over");
  // the finished game's review, kept with this device's copy of the game
  const { fragment } = await engine.ask("encode_link", { record: message().record });
  if (!current(token)) return;
  $("review-link").setAttribute("href", reviewHref(fragment, { link: message().game }));
  $("review-link").hidden = false;
}

/** The send panel's words; `here`: the "is here" button's, or null for none.
 *  @param {string} title @param {string} text @param {string | null} here */
function sendPanel(title, text, here) {
  $("figures").hidden = true;   // shown by finished() at the end only
  $("send-title").textContent = title;
  $("send-text").textContent = text;
  $("btn-play-here").hidden = here === null;
  if (here !== null) $("btn-play-here").textContent = here;
}

/** Show the game's latest link to send (and put it in the address). */
async function showLink(phase = "send") {
  const token = game.token;
  const { fragment } = await engine.ask("link_encode", { message: message() });
  if (!current(token)) return;
  history.replaceState(null, "", `#${fragment}`);   // a reload opens the latest state (no hashchange)
  $("link-out").value = new URL(`link.html#${fragment}`, location.href).href;
  $("btn-share-link").hidden = typeof navigator.share !== "function";
  $("send-panel").hidden = false;
  setPhase(phase);
}

/** Open hands: every other hand is shown; hidden (honour system): only the mover's. */
function showHands() {
  const p = loop.game.position;
  const panel = $("hands");
  panel.replaceChildren();
  $("hands-panel").hidden = false;
  if (message().hidden) { $("hands-note").textContent = t("link.hidden_note"); return; }
  $("hands-note").textContent = t("link.open_note");
  p.players.forEach((pl, seat) => {
    if (seat === p.turn && isPerson(seat) && canAct(seat)) return;   // in the play panel
    if ((p.out || []).includes(seat) && !p.hands?.[seat]?.length) return;   // out, holding nothing
    const box = document.createElement("div");
    box.className = "link-hand";
    const label = document.createElement("p");
    label.textContent = t("hand.titleOf", { name: pl.name });
    const held = (p.hands && p.hands[seat]) || [];
    box.append(label, page.tileset ? miniTiles(page.tileset, held) : document.createTextNode(held.join(" ")));
    panel.append(box);
  });
}

// ------------------------------------------------------------------ the deal (deal.js)

const deal = new Deal({
  engine,
  game,
  names,
  canAct,
  adopt,
  showGame,
  sendPanel,
  showLink,
  current,
});

// ------------------------------------------------------------------ home: your games, a new game

function showHome() {
  hidePanels();
  loop.leave();
  $("turn-banner").textContent = "";
  $("deal-note").hidden = true;
  board.setPosition(null);   // no game on the board: a refused link shows none either
  $("board").hidden = false;
  board.setTrails([]);
  $("games-panel").hidden = false;
  $("new-panel").hidden = false;
  listYourGames(engine, (m) => {
    // from "Your games": nobody in particular is here, so the page gives the game's link
    engine.ask("link_encode", { message: m }).then(({ fragment }) => {
      keepHere(m, null);
      history.pushState(null, "", `#${fragment}`);
      return route();
    }).catch((e) => notice(reason(e)));
  });
  if (!document.body.dataset.phase || document.body.dataset.phase === "loading") setPhase("home");
}

/** Start a game: the host (the first person listed) commits to a secret, and the link goes round for the shares. */
async function startGame() {
  const form = readForm();
  if (form.host < 0) { notice(t("link.need_person")); return; }
  const opened = await deal.start(newGameId(), form);
  const { fragment } = await engine.ask("link_encode", { message: opened.message });
  keepHere(opened.message, form.host);
  history.pushState(null, "", `#${fragment}`);
  await route();
}

setUpForm();
$("btn-link-start").addEventListener("click", () => startGame().catch((e) => notice(t("link.start_failed", { reason: reason(e) }))));
$("btn-copy-link").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("link-out").value); } catch { $("link-out").select(); document.execCommand?.("copy"); }
  $("btn-copy-link").textContent = t("common.copied");
  setTimeout(() => { $("btn-copy-link").textContent = t("common.copy"); }, 1500);
});
$("btn-play-here").addEventListener("click", () => {
  game.here = "mover";      // the next person is here too (an honour system, like the hands)
  rememberHere();
  goOn().catch((e) => notice(reason(e)));
});
$("btn-share").addEventListener("click", () => deal.share().catch((e) => notice(t("link.share_failed", { reason: reason(e) }))));
$("btn-exchange").addEventListener("click", () => exchange.finish());
$("btn-exchange-reset").addEventListener("click", () => exchange.reset());
$("btn-share-link").addEventListener("click", () => {
  navigator.share({ text: $("send-text").textContent, url: $("link-out").value }).catch(() => { /* closed */ });
});

/** Whether the page is opening the address it was reloaded with (its first route after a reload). */
let reloading = performance.getEntriesByType("navigation").some((e) => /** @type {any} */ (e).type === "reload");

async function route() {
  notice(null);
  const hash = location.hash.replace(/^#/, "");
  try {
    if (hash.startsWith("g=")) await openLink(hash);
    else showHome();
  } finally {
    reloading = false;
  }
}

window.addEventListener("hashchange", () => route().catch((e) => notice(reason(e))));
engine.ready.then(route).catch((e) => notice(reason(e)));

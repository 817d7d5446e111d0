// editor.html: the board editor (docs/editor.md).  The author edits a draft
// (draft.js): tiles on squares, markers on points, players, hands, the phase;
// after every edit the engine checks it (check_position) and the page shows
// the problems in words (problems.js), the board, and what the position can be
// used for (output.js).  The page decides no rule: whether a position is
// allowed, a sketch or neither is the engine's answer.  Its modules:
//
//   draft.js       the position being edited, and its edits (data only)
//   boardinput.js  the cursor, clicks, taps and keys on the board
//   palette.js     the 35 tiles to choose from     seats.js  the players
//   gamepanel.js   rules, phase, turn, dragon, hands and pile
//   problems.js    the engine's problems in words  output.js the link, play, embed, JSON, lesson
//   sources.js     where a position comes from: a link, JSON, a saved game, a record's step
//
//   editor.html#p=<link>           edit this position
//   editor.html#r=<link>&at=N      choose a step of this game (N: the step shown first)

import { siteURL } from "../../lib/engine/client.js";
import { startPage } from "../../lib/shell/start.js";
import { Board } from "../../lib/views/board.js";
import { loadTileSet } from "../../lib/views/tileset.js";
import { seatStyles } from "../../lib/views/style.js";
import { across } from "../../lib/views/svg.js";
import { notice, say, setPhase, reason, tellRefusals } from "../../lib/shell/page.js";
import { DraftKeeper } from "../../lib/authoring/drafts.js";
import { DraftNotice } from "../../lib/authoring/draftnotice.js";
import { parseFragment } from "../../lib/shell/linkfragment.js";
import { t, isolate, sentences, list } from "../../lib/words/i18n.js";
import { squareName, placeName } from "../../lib/words/coords.js";
import { $ } from "../../lib/shell/dom.js";
import { Draft, isSavedDraft, FORMAT } from "./draft.js";
import { downloadJSON } from "../../lib/base/download.js";
import { BoardInput, offBoard } from "./boardinput.js";
import { Palette } from "./palette.js";
import { SeatRows } from "./seats.js";
import { GamePanel } from "./gamepanel.js";
import { Output } from "./output.js";
import { Sources } from "./sources.js";
import { problemText, problemSquares, whereWords } from "./problems.js";
import { History, toolWords, portButtons } from "./tools.js";
/** @import {Position, PositionCheck} from "../../lib/types.js" */

const STORE = "tsuro.editor";

const engine = startPage();

const board = new Board($("board"), { width: 6, height: 6, label: t("editor.board") });
const namedSeat = (/** @type {number} */ i) => t("common.player_name", { n: i + 1 });
const newDraft = () => Draft.empty([0, 1].map((i) => ({ name: namedSeat(i), color: ["red", "blue"][i] })));
/** The tool, the marker tool's seat, and the engine's last answer (with its link's fragment). */
class EditorUI {
  constructor() {
    /** the tool in hand: "tile" or "marker" */
    this.tool = "tile";
    /** the marker tool's seat */
    this.seat = 0;
    /** @type {PositionCheck | null} the engine's answer about the draft as it is (none yet, or it failed) */
    this.answer = null;
    /** @type {string | null} the share link's fragment of the answer's position */
    this.fragment = null;
  }
}
const ui = new EditorUI();
const undos = new History();

// The draft, kept as saved games are (lib/authoring/drafts.js): every edit made on what is stored
// at that moment (another tab's edits taken first), a square by its place and a player by
// its seat (seats are added and removed at the end only); a stored draft the page cannot use
// is put aside (kept, said), never dropped; a write that fails is said, with the draft as a file.
const keeper = new DraftKeeper(STORE, {
  read: (stored) => {
    if (!isSavedDraft(stored)) throw new TypeError("not a board editor draft");
    return new Draft(stored.state);
  },
  write: (d) => d.toSaved(),
  on: (event) => {
    draftNotice.tell(event);
    if (event.type === "taken") {   // another tab's edits: drawn, and undo starts again from them
      undos.clear();
      draft = keeper.draft;
      afterEdit();
    }
  },
});
// the draft as a file: pasted in "A link or JSON" (or opened), it is the draft again
const draftNotice = new DraftNotice(keeper, { saveFile: () => downloadJSON("tsuro-board.json", `${JSON.stringify(keeper.stored(), null, 1)}\n`), after: $("notice") });
await keeper.load(newDraft);
let draft = keeper.draft;
keeper.listen();

// ------------------------------------------------------------------ editing

/**
 * Make an edit (undoable) on the draft as stored now, keep it, draw it and have the engine
 * check it.  `change` edits a copy in place, or returns the draft to put in its place.
 * @param {(d: Draft) => (Draft | void)} change
 * @returns {Promise<void>}
 */
function edit(change, undoable = true) {
  latest++;   // at once: an answer about the draft before the edit is not the one to show
  setPhase("checking");
  return keeper.update((d) => {
    const next = d.copy();
    const other = change(next);
    if (undoable) undos.push(d);
    return other instanceof Draft ? other : next;
  }).then((d) => { draft = d; afterEdit(); }, (e) => { notice(reason(e)); afterEdit(); });
}

/** Draw the draft as it is and have the engine check it. */
function afterEdit() {
  ui.seat = Math.min(ui.seat, draft.n - 1);
  draw();
  check();
}

function size() {
  const r = draft.get("rules");
  return [r && typeof r === "object" && r.width || 6, r && typeof r === "object" && r.height || 6];
}

/** The tile tool on a square: lay the chosen tile (the same tile again: turn it). @param {number[]} square */
function onSquare(square) {
  const chosen = palette.chosen;
  const here = draft.tileAt(square);
  if (chosen === null) return sayCursor(square);
  const done = here && here[2] === chosen ? edit((d) => { d.turnTile(square, 1); })
    : edit((d) => d.setTile(square, chosen, palette.rot));
  return done.then(() => sayCursor(square));
}

/** The marker tool on a point of a square: the chosen player's marker there (there again: off).
 *  The point is seen from the square without a tile (a marker faces an empty square), and an
 *  out player's marker on the edge stands beyond it (NOTATION): where, not whether it may.
 *  @param {number[]} square @param {string} port */
function onPoint(square, port) {
  const seat = ui.seat;
  /** @type {[number, number, string]} */
  let place = [square[0], square[1], port];
  const beyond = across(place);
  if (draft.tileAt(square) || (draft.isOut(seat) && offBoard(beyond, size()))) place = beyond;
  const off = draft.markerAt(place) === seat;
  return edit((d) => d.setMarker(seat, off ? null : place)).then(() => {
    const now = draft.get("markers")[seat];
    const name = draft.players[seat]?.name;
    if (name !== undefined) say(now ? t("editor.said.marker", { name, place: placeName(now, ...size()) }) : t("editor.said.markerOff", { name }));
  });
}

/** Turn the tile under the cursor, or the palette's tiles if none lies there. @param {number} dir  1 or -1 */
function turnAtCursor(dir) {
  const square = input.cursor;
  if (draft.tileAt(square)) return edit((d) => { d.turnTile(square, dir); }).then(() => sayCursor(square));
  palette.turn(dir);
  sayCursor(square);
}

function removeAtCursor() {
  const seat = ui.seat, square = input.cursor;
  if (ui.tool === "marker") return edit((d) => d.setMarker(seat, null));
  if (draft.tileAt(square)) return edit((d) => d.removeTile(square)).then(() => sayCursor(square));
  sayCursor(square);
}

/** @param {string} tool  "tile" or "marker" @param {number} [seat]  the marker tool's */
function setTool(tool, seat = ui.seat) {
  ui.tool = tool;
  ui.seat = Math.max(0, Math.min(draft.n - 1, seat));
  input.setTool(tool);
  draw();
  say(toolWords(tool, draft.players[ui.seat]?.name, palette));
}

/** @param {number[]} square */
function sayCursor(square) {
  const e = draft.tileAt(square);
  say(e ? t("editor.said.tile", { square: squareName(square), tile: e[2], rot: e[3] }) : t("editor.said.empty", { square: squareName(square) }));
  draw();
}

const input = new BoardInput(board, {
  square: onSquare, point: onPoint, turn: turnAtCursor, remove: removeAtCursor,
  tool: (tool) => setTool(tool), seat: (seat) => { if (seat < draft.n) setTool("marker", seat); },
  moved: sayCursor,
});
const palette = new Palette($("palette"), { left: $("btn-pal-left"), right: $("btn-pal-right") }, (tile) => {
  setTool("tile");
  say(t("editor.said.chosen", { tile, rot: palette.rot }));
});
const seats = new SeatRows($("seats"), {
  name: (seat, name) => edit((d) => d.setName(seat, name), false),
  color: (seat, color) => edit((d) => d.setColor(seat, color)),
  place: (seat) => setTool("marker", seat),
  takeOff: (seat) => edit((d) => d.setMarker(seat, null)),
  out: (seat, out) => edit((d) => d.setOut(seat, out)),
  addTile: (seat) => {
    const tile = palette.chosen;
    if (tile !== null) edit((d) => d.addToHand(seat, tile));
  },
  dropTile: (seat, tile) => edit((d) => d.removeFromHand(seat, tile)),
});
const game = new GamePanel({
  rules: (rules) => edit((d) => {
    d.setRules(rules);
    const preset = typeof rules === "string" ? rules : rules.preset;
    const range = preset === undefined ? undefined : game.presets?.[preset];
    if (range) d.setCount(Math.max(range.min_players, Math.min(range.max_players, d.n)), namedSeat);
  }),
  count: (n) => edit((d) => d.setCount(n, namedSeat)),
  set: (key, value) => edit((d) => d.set(key, value)),
  hands: (mode) => edit((d) => d.setHandsMode(mode, ui.answer?.position?.hands)),
  pile: (mode) => edit((d) => d.setPileMode(mode, ui.answer?.position?.pile)),
  redeal: () => edit((d) => d.redeal()),
});
const output = new Output();
const sources = new Sources({
  engine, board,
  open: (position) => openPosition(position),
  back: () => draw(),
  fail: (text) => notice(text),
});

$("tool-tile").addEventListener("click", () => setTool("tile"));
$("tool-marker").addEventListener("click", () => setTool("marker"));
$("tool-seat").addEventListener("change", () => setTool("marker", Number($("tool-seat").value)));
$("btn-turn-left").addEventListener("click", () => turnAtCursor(-1));
$("btn-turn-right").addEventListener("click", () => turnAtCursor(1));
$("btn-remove").addEventListener("click", () => removeAtCursor());
$("btn-take-off").addEventListener("click", () => { const seat = ui.seat; edit((d) => d.setMarker(seat, null)); });
$("btn-undo").addEventListener("click", () => undo(-1));
$("btn-redo").addEventListener("click", () => undo(1));
$("btn-empty").addEventListener("click", () => edit((d) => Draft.empty(d.players.map((p) => ({ ...p })))));
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "z" || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
  undo(e.shiftKey ? 1 : -1);
  e.preventDefault();
});

/** Undo (dir -1) or redo (1) an edit of this tab (none once another tab's edits were taken).
 *  @param {number} dir */
function undo(dir) {
  let moved = false;
  edit((d) => {
    const other = dir < 0 ? undos.back(d) : undos.forward(d);
    moved = !!other;
    return other ?? d;
  }, false).then(() => { if (moved) say(t(dir < 0 ? "editor.said.undone" : "editor.said.redone")); });
}

/** Edit a position from elsewhere (a link, JSON, a record's step), if the engine can read it.
 *  @param {unknown} position */
async function openPosition(position) {
  // a draft saved as a file
  if (position && typeof position === "object" && "format" in position && position.format === FORMAT) return openDraft(position);
  latest++;   // at once: an answer about the draft before it is not the one to show
  setPhase("checking");
  const refuse = (/** @type {string} */ why) => { notice(t("editor.from.failed", { reason: why })); check(); };
  try {
    const r = await engine.ask("check_position", { position });
    const bad = r.problems.find((p) => p.code === "malformed");
    if (bad) return refuse(problemText(bad, []));
  } catch (e) {
    return refuse(reason(e));
  }
  // a position: the engine found nothing malformed in it
  await edit(() => Draft.fromPosition(/** @type {Position} */ (position)));
  notice(null);
}

/** A draft saved as a file (the draft notice's "Save as a file", or one kept aside and
 *  downloaded from the game page), edited again as it was saved.  @param {unknown} saved */
function openDraft(saved) {
  if (!isSavedDraft(saved)) return notice(t("editor.from.failed", { reason: t("editor.from.notDraft") }));
  return edit(() => new Draft(structuredClone(saved.state))).then(() => notice(null));
}

$("ed-file").addEventListener("change", async () => {
  const input = /** @type {HTMLInputElement} */ ($("ed-file"));
  const file = input.files?.[0];
  input.value = "";   // the same file again is a change too
  if (!file) return;
  if (file.size > 256 * 1024) return notice(t("editor.from.failed", { reason: t("editor.from.tooBig") }));
  await sources.openText(await file.text());
});

// ------------------------------------------------------------------ the engine's check

let latest = 0;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
/** Ask the engine about the draft, a moment after the last edit; only the answer about the
 *  draft as it is now counts (an edit made while the engine answers asks again). */
function check() {
  setPhase("checking");
  const n = ++latest;
  clearTimeout(timer);
  timer = setTimeout(async () => {
    const args = draft.request();
    try {
      const answer = await engine.ask("check_position", args);
      const fragment = answer.position ? (await engine.ask("encode_link", { position: answer.position })).fragment : null;
      if (n !== latest) return;
      ui.answer = answer;
      ui.fragment = fragment;
    } catch (e) {
      if (n !== latest) return;
      ui.answer = null;
      ui.fragment = null;
      notice(t("editor.check.failed", { reason: reason(e) }));
    }
    showAnswer();
    setPhase(sources.stepping ? "record" : "checked");
  }, 120);
}

function showAnswer() {
  const a = ui.answer;
  const list = $("problems");
  const problems = a ? a.problems : [];
  list.replaceChildren(...problems.map((p) => {
    const li = document.createElement("li");
    li.className = `problem ${p.level}`;
    li.dataset.code = p.code;
    li.textContent = problemText(p, draft.players, { width: size()[0], height: size()[1] });
    return li;
  }));
  const errors = problems.some((p) => p.level === "error");
  const state = !a ? "" : errors ? "editor.check.errors" : a.sketch ? "editor.check.sketch" : "editor.check.ok";
  $("check-state").textContent = state ? t(state, { count: problems.length }) : "";
  $("check-state").className = `check-state${errors ? " bad" : a && a.sketch ? " sketch" : a ? " good" : ""}`;
  document.body.dataset.sketch = String(!!(a && a.sketch && !errors));
  output.update(a && a.position, ui.fragment, !!(a && a.sketch));
  draw();
}

// ------------------------------------------------------------------ drawing

function draw() {
  if (sources.stepping) return;
  const { position } = draft.request();
  const [w, h] = size();
  board.setSize(w, h);
  board.setSeats(seatStyles(draft.players));
  board.setPosition(position);
  board.setTrails([]);
  input.draw();
  const problems = ui.answer ? ui.answer.problems.filter((p) => p.level === "error") : [];
  board.setHighlight({ squares: problems.flatMap(problemSquares) });
  const dealt = ui.answer?.position?.hands || null;
  seats.build(draft.n);
  seats.update(draft, { hands: draft.get("handsMode") === "set" ? draft.get("hands") : dealt, markerSeat: ui.tool === "marker" ? ui.seat : null, chosen: palette.chosen, size: [w, h] });
  game.update(draft, ui.answer?.phase ?? null);
  palette.render((tile) => list(draft.usesOf(tile).map((u) => whereWords(u, draft.players))));
  $("tool-tile").setAttribute("aria-pressed", String(ui.tool === "tile"));
  $("tool-marker").setAttribute("aria-pressed", String(ui.tool === "marker"));
  $("tile-actions").hidden = ui.tool !== "tile";
  $("marker-actions").hidden = ui.tool !== "marker";
  const seatOptions = draft.players.map((p, s) => new Option(isolate(p.name || namedSeat(s)), String(s)));
  $("tool-seat").replaceChildren(...seatOptions);
  $("tool-seat").value = String(ui.seat);
  portButtons($("ports"), input.cursor, [w, h], (port) => onPoint(input.cursor, port));
  $("btn-undo").disabled = !undos.canBack;
  $("btn-redo").disabled = !undos.canForward;
  $("turn-banner").textContent = sentences([toolWords(ui.tool, draft.players[ui.seat]?.name, palette),
    t("editor.cursor", { square: squareName(input.cursor) })]);
}

// ------------------------------------------------------------------ start

loadTileSet(siteURL("tiles.json"), engine).then((ts) => {
  board.setTileSet(ts);
  palette.setTileSet(ts);
  seats.tileset = ts;
  draw();
});
sources.listSaves();
draw();
engine.ready.then(async () => {
  game.setRuleSets(await engine.ask("rules", {}));
  const { link, opts } = parseFragment(location.hash);
  if (link) {
    history.replaceState(null, "", location.pathname + location.search);   // a reload keeps the draft
    await sources.openLink(link, opts).catch((e) => notice(t("editor.from.failed", { reason: reason(e) })));
  }
}, () => setPhase("failed"))
  .finally(() => {
    // what the page ignored in its address or put aside from its storage: said once the
    // link it was given is open (opening one clears the notice bar); the first check
    // then, so that "checked" is said of the draft the page opened with
    tellRefusals();
    check();
  });

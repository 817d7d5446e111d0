// puzzles.html: the shipped puzzles (dist/puzzles.json, found by
// tools/find_puzzles.py).  The board shows the position, the hand the
// mover's tiles with no outcome marks (that would give the answer away); the
// engine judges a placed tile (`puzzle_check`), gives hints (`puzzle_hint`)
// and then plays the move to show what it does.  Progress is kept locally.
//
//   puzzles.html#<id>   open that puzzle

import { siteURL } from "../../lib/engine/client.js";
import { PuzzleTurn, hidden, taskText } from "../../lib/turns/puzzle.js";
import { notice, reason, setPhase } from "../../lib/shell/page.js";
import { Session } from "../../lib/game/session.js";
import { TurnLoop } from "../../lib/game/turnloop.js";
import { t } from "../../lib/words/i18n.js";
import { uiIcon } from "../../lib/views/icon.js";
import { bootPage, show, namedHere } from "../../lib/shell/boot.js";
import { $ } from "../../lib/shell/dom.js";
import { readProgress, mark, KEY } from "./progress.js";
import { noteRefusal } from "../../lib/base/refusals.js";

/** The puzzles, the one on show, whether it was answered, the hints taken, what is solved. */
const state = { list: [], at: 0, busy: false, hintLevel: 0, progress: readProgress() };

const page = bootPage({
  boardLabel: "puzzle.board",
  Turn: PuzzleTurn,
  position: () => current().position,
  busy: () => state.busy || loop.busy,
  play: (move) => answer(move).catch((e) => notice(t("puzzle.failed", { reason: reason(e) }))),
  keysOn: () => !state.busy && !loop.busy,
});
const { engine, board, turn, tilesReady } = page;

// The turn loop (lib/game/turnloop.js) offers the puzzle's one move, outcomes hidden
// (the engine judges the placed tile first), and plays it to show what it does.
const loop = new TurnLoop({
  board,
  stop: () => turn.stop(),
  human: (seat, legal) => turn.start(seat, { ...legal, moves: legal.moves.map(hidden) }),
  goesOn: () => false,   // a puzzle is one move
  failed: (e) => notice(t("puzzle.failed", { reason: reason(e) })),
});

/** Mark puzzle `id` solved or hinted where the progress is stored now (another tab's marks stay). */
function save(part, id) {
  const { value, ok } = mark(part, id);
  state.progress = value;
  if (!ok) notice(t("common.no_storage"));
}

const current = () => state.list[state.at];

/** A puzzle with its players named in the page's language (namedHere). */
function named(puzzle) {
  return { ...puzzle, position: { ...puzzle.position, players: namedHere(puzzle.position.players) } };
}

function showProgress() {
  const solved = state.list.filter((p) => state.progress.solved[p.id]).length;
  $("progress").textContent = t("puzzle.progress", { solved, count: state.list.length });
  $("puzzle-list").replaceChildren(...state.list.map((p, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = String(i + 1);
    if (state.progress.solved[p.id]) b.appendChild(uiIcon("ok"));
    b.setAttribute("aria-label", t(state.progress.solved[p.id] ? "puzzle.item_solved" : "puzzle.item", { n: i + 1 }));
    if (i === state.at) b.setAttribute("aria-current", "true");
    b.addEventListener("click", () => open(i));
    li.append(b);
    return li;
  }));
}

async function open(i) {
  state.at = (i + state.list.length) % state.list.length;
  state.hintLevel = 0;
  state.busy = false;
  const p = current();
  history.replaceState(null, "", `#${p.id}`);
  $("puzzle-number").textContent = t("puzzle.number", { n: state.at + 1, count: state.list.length });
  $("task").textContent = taskText(p.task);
  const me = p.position.players[p.position.turn];
  $("turn-banner").textContent = t("puzzle.you_play", { color: t("common.markerColor", { color: me.color }), seat: p.position.turn + 1 });
  $("verdict").textContent = state.progress.solved[p.id] ? t("puzzle.already") : "";
  $("btn-retry").hidden = true;
  $("btn-hint").disabled = false;
  show(board, p.position);
  showProgress();
  loop.stop();
  await tilesReady;
  if (current() !== p) return;
  await loop.begin(Session.at(engine, p.position, { playSeed: () => 0 }));
}

/** The player placed a tile: the engine judges it, then the move is shown. */
async function answer(move) {
  const p = current();
  state.busy = true;
  turn.stop();
  board.clearPreview();
  const verdict = await engine.ask("puzzle_check", { position: p.position, task: p.task, move });
  if (current() !== p) return;   // another puzzle was opened meanwhile
  board.setTarget(null);
  if (verdict.legal) await loop.play(move);
  if (current() !== p) return;
  if (verdict.correct) {
    save("solved", p.id);
    $("verdict").textContent = t("puzzle.solved");
    $("verdict").className = "puzzle-verdict good";
  } else {
    $("verdict").textContent = t(verdict.legal ? "puzzle.wrong" : "puzzle.illegal");
    $("verdict").className = "puzzle-verdict bad";
  }
  $("btn-retry").hidden = false;
  $("btn-hint").disabled = true;
  setPhase(verdict.correct ? "solved" : "wrong");
  showProgress();
}

/** A hint from the engine: first which tile, then which way round (the tile is chosen and turned). */
async function hint() {
  const p = current();
  state.hintLevel = Math.min(2, state.hintLevel + 1);
  const h = await engine.ask("puzzle_hint", { position: p.position, task: p.task, level: state.hintLevel });
  save("hinted", p.id);
  const i = turn.human.tiles.indexOf(h.tile);
  turn.selectTile(i, false);
  if (state.hintLevel === 2) {
    turn.human.rots[i] = h.rot;
    turn.refresh();
    $("btn-hint").disabled = true;
  }
  $("verdict").className = "puzzle-verdict";
  $("verdict").textContent = t(state.hintLevel === 1 ? "puzzle.hint_tile" : "puzzle.hint_rot", { n: i + 1 });
}

$("btn-hint").addEventListener("click", () => hint().catch((e) => notice(t("puzzle.failed", { reason: reason(e) }))));
$("btn-retry").addEventListener("click", () => open(state.at));
$("btn-next").addEventListener("click", () => open(state.at + 1));
$("btn-prev").addEventListener("click", () => open(state.at - 1));

// another tab solved a puzzle: shown here too
window.addEventListener("storage", (e) => {
  if (e.key !== KEY && e.key !== null) return;
  state.progress = readProgress();
  if (state.list.length) showProgress();
});

window.addEventListener("hashchange", () => {
  const i = state.list.findIndex((p) => `#${p.id}` === location.hash);
  if (i >= 0 && i !== state.at) open(i);
});

async function main() {
  const resp = await fetch(siteURL("puzzles.json"));
  if (!resp.ok) throw Object.assign(new Error(`puzzles.json: HTTP ${resp.status}`), { code: "fetch_failed" });
  state.list = (await resp.json()).map(named);
  const wanted = state.list.findIndex((p) => `#${p.id}` === location.hash);
  if (location.hash.length > 1 && wanted < 0) noteRefusal({ kind: "address", name: "#", value: location.hash.slice(1, 41) });
  const firstOpen = state.list.findIndex((p) => !state.progress.solved[p.id]);
  await engine.ready;
  await open(wanted >= 0 ? wanted : Math.max(0, firstOpen));
}

main().catch((e) => { setPhase("failed"); notice(t("puzzle.failed", { reason: reason(e) })); });

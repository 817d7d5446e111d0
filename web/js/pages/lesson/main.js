// lesson.html: a whole lesson for another page's iframe (docs/lessons.md), set
// by the URL fragment:
//
//   #l=<link>            a lesson link (the engine's lesson_check makes it)
//   #src=<url>           a lesson file (tsuro-lesson/1 JSON): on this site, or at
//                        an https:// address that allows it (CORS)
//   &step=N              the step shown first (1 = the first)
//   &lang=xx             the reader's language (also ?lang=)
//   &eager=1             start the engine at once (by default a step to try starts
//                        it when the reader points at the board)
//   &engine=dedicated    a worker of this lesson's own
//   &pre=<sha>           lessons of our own pages: build.py's lesson_check answer
//                        (precomputed/<sha>.json), shown without the engine
//
// or by the page around it with postMessage (lib/shell/host.js, LESSON_SHAPES:
// load a lesson, go to a step, highlight); it tells that page of every step
// shown, move played, answer given and task solved.  The engine checks every
// lesson before anything of it is shown: the page trusts no file or link.

import { errorMessage, siteURL } from "../../lib/engine/client.js";
import { LazyEngine } from "../../lib/engine/lazy.js";
import { Board } from "../../lib/views/board.js";
import { loadTileSet } from "../../lib/views/tileset.js";
import { seatStyles } from "../../lib/views/style.js";
import { showOpenHands } from "../../lib/views/openhands.js";
import { t, applyTo, setLang, matchLang } from "../../lib/words/i18n.js";
import { errorText } from "../../lib/words/errors.js";
import { applyTheme } from "../../lib/shell/theme.js";
import { noteRefusal } from "../../lib/base/refusals.js";
import { tellRefusals } from "../../lib/shell/page.js";
import { drawIcons } from "../../lib/views/icon.js";
import { $ } from "../../lib/shell/dom.js";
import { readAtMost } from "../../lib/shell/bounded.js";
import { connectHost, LESSON_SHAPES } from "../../lib/shell/host.js";
import { checkedSize } from "../../lib/views/size.js";
import { Reader } from "./reader.js";
import { Player } from "./player.js";
/** @import {LessonLoadMessage, LessonStepMessage, HighlightMessage} from "../../lib/shell/host.js" */
/** @import {TileSet} from "../../lib/views/tileset.js" */
/** @import {LessonChecked, PathStep, Position} from "../../lib/types.js" */

applyTheme();
const opts = options(location.hash);
{
  const inFragment = matchLang(opts.lang);
  if (opts.lang && !inFragment) noteRefusal({ kind: "address", name: "lang", value: String(opts.lang).slice(0, 40) });
  if (inFragment) await setLang(inFragment, false);
  else applyTo(document);
}
drawIcons();
// what the lesson ignored in its address or put aside from its storage, said on the board
tellRefusals((text) => message(text));

/** The fragment's lesson link (kept as it is) and its other options (decoded). @param {string} hash */
function options(hash) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const part of hash.replace(/^#/, "").split("&")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    const name = part.slice(0, i);
    if (name === "l") { out.l = part; continue; }
    try { out[name] = decodeURIComponent(part.slice(i + 1).replace(/\+/g, " ")); } catch { out[name] = part.slice(i + 1); }
  }
  return out;
}

const board = new Board($("board"), { width: 6, height: 6, label: t("embed.board") });
/** @type {TileSet | null} */
let tileset = null;
const tilesReady = loadTileSet(siteURL("tiles.json")).then((ts) => {
  tileset = ts;
  board.setTileSet(ts);
  reader.hand.setTileSet(ts);
}, () => message(t("embed.noTiles")));

const lazy = new LazyEngine({
  dedicated: opts.engine === "dedicated",
  bar: /** @type {HTMLProgressElement} */ ($("progress")),
  failed: (e) => message(t("engine.failed", { reason: errorText(e) })),
});
lazy.installWindowTsuro();

/** @param {string} text */
function message(text) {
  $("msg").textContent = text;
  $("msg").hidden = !text;
}
const told = (/** @type {string} */ text) => { $("told").textContent = text || ""; };

/** @param {Position} position @param {PathStep[][]} trails */
function draw(position, trails) {
  board.setSize(...checkedSize(position.rules));
  board.setSeats(seatStyles(position.players));
  board.setPosition(position);
  board.setTrails(trails);
  showOpenHands($("open-hands"), position, tileset);
}

const host = connectHost({ load: hostLoad, step: hostStep, highlight: hostHighlight }, window, LESSON_SHAPES);
const post = (/** @type {object} */ data) => host.post(data);
const reader = new Reader({
  board, lazy, tilesReady, draw, told, post,
  tileset: () => tileset,
  solved: (at) => player.solved.add(at),
});
const player = new Player({ board, reader, draw, told, post });

// ------------------------------------------------------------------ where the lesson comes from

const MAX_FILE = 256 * 1024;   // the engine's own limit for a lesson (MAX_LESSON_JSON)

/** An error with a code errors.js words. @param {string} code @param {string} detail */
function coded(code, detail) { return Object.assign(new Error(detail), { code }); }

/** A lesson file's text: on this site, or at an https:// address that allows it (CORS). @param {string} src */
async function fetchLesson(src) {
  let url;
  try { url = new URL(src, location.href); } catch { throw coded("bad_source", src); }
  if (url.protocol !== "https:" && url.origin !== location.origin) throw coded("bad_source", url.href);
  let resp;
  try { resp = await fetch(url, { credentials: "omit", cache: "no-cache" }); }
  catch (e) { throw coded("fetch_failed", `${url.href}: ${errorMessage(e)}`); }
  if (!resp.ok) throw coded("fetch_failed", `${url.href}: HTTP ${resp.status}`);
  if (!resp.body) return resp.text();
  const text = await readAtMost(resp.body, MAX_FILE);
  if (!text) throw coded("too_big", url.href);
  return text.text();
}

/** lesson_check's answer computed by the build for a lesson file of our own pages, or null.
 *  @param {string} sha @param {string} src @returns {Promise<LessonChecked | null>} */
async function precomputed(sha, src) {
  try {
    const resp = await fetch(siteURL(`precomputed/${encodeURIComponent(sha)}.json`));
    const pre = resp.ok ? await resp.json() : null;
    return pre && pre.src === src ? pre.answer : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ the host page's messages

let hostLoaded = false;   // once the host has loaded a lesson, the fragment's gives way

/** @param {LessonLoadMessage} m */
async function hostLoad(m) {
  hostLoaded = true;
  lazy.wanted = Promise.resolve();   // the host asked: no waiting for the reader to point
  const checked = await lazy.ask("lesson_check", { lesson: m.lesson });
  await tilesReady;
  message("");
  await player.load(checked, m.at ?? 0);
}

/** @param {LessonStepMessage} m */
async function hostStep(m) {
  if (!player.checked) throw Object.assign(new Error("no lesson is shown: send load first"), { code: "not_loaded" });
  if (m.at >= player.count) {
    throw Object.assign(new Error(`"at" is ${m.at}, but this lesson has steps 0 to ${player.count - 1}`), { code: "out_of_range" });
  }
  await player.go(m.at, m.at === (player.at ?? -2) + 1);
}

/** @param {HighlightMessage} m */
async function hostHighlight(m) {
  board.setHighlight({ squares: m.squares || [], seat: m.seat ?? null });
  if (m.caption !== undefined) told(m.caption);
}

// ------------------------------------------------------------------ start

async function main() {
  const first = Math.max(0, (parseInt(opts.step, 10) || 1) - 1);
  if (!opts.l && !opts.src) {
    if (host.active) told(t("embed.waitingHost"));
    else message(t("lesson.nothing"));
    return;
  }
  try {
    const pre = opts.src && opts.pre ? await precomputed(opts.pre, opts.src) : null;
    const checked = pre || await lazy.ask("lesson_check", opts.l ? { fragment: opts.l } : { text: await fetchLesson(opts.src) });
    // A step to try or a task starts the engine when the reader comes near (the build's
    // answer shows the rest without it); without that answer it checked the lesson already.
    if (checked.lesson.steps.some((s) => s.try || s.task)) lazy.waitForReader(opts.eager === "1" || !pre);
    await tilesReady;
    if (hostLoaded) return;
    await player.load(checked, first);
  } catch (e) {
    if (!hostLoaded) message(t("lesson.bad", { reason: errorText(e) }));
  }
}

window.addEventListener("hashchange", () => location.reload());
main();

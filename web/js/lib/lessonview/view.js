// A lesson shown on a board of its own: the board, the steps (player.js), the
// reader's moves and tasks (reader.js), the engine started when the reader
// comes near, and the lesson read from where its address says (docs/lessons.md).
// lesson.html shows one in its document; the rules tutorial shows its lessons
// in its own document, one view each, sharing the page's one engine.

import { errorMessage, siteURL } from "../engine/client.js";
import { LazyEngine } from "../engine/lazy.js";
import { Board } from "../views/board.js";
import { loadTileSet } from "../views/tileset.js";
import { seatStyles } from "../views/style.js";
import { showOpenHands } from "../views/openhands.js";
import { checkedSize } from "../views/size.js";
import { t } from "../words/i18n.js";
import { errorText } from "../words/errors.js";
import { readAtMost } from "../shell/bounded.js";
import { Reader } from "./reader.js";
import { Player } from "./player.js";
/** @import {TileSet} from "../views/tileset.js" */
/** @import {LessonChecked, PathStep, Position} from "../types.js" */

/** The options of a lesson's address fragment (#l=...&step=2): the lesson link kept as
 *  it is (`l`), the others decoded.  @param {string} hash @returns {Record<string, string>} */
export function lessonOptions(hash) {
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

const MAX_FILE = 256 * 1024;   // the engine's own limit for a lesson (MAX_LESSON_JSON)

/** An error with a code errors.js words. @param {string} code @param {string} detail */
function coded(code, detail) { return Object.assign(new Error(detail), { code }); }

/** A lesson file's text: on this site, or at an https:// address that allows it (CORS). @param {string} src */
async function fetchLesson(src) {
  let url;
  try { url = new URL(src, siteURL("")); } catch { throw coded("bad_source", src); }
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

/** The tile set, fetched once for every view of the document. @type {Promise<TileSet> | null} */
let tileSet = null;

export class LessonView {
  /**
   * @param {object} deps
   * @param {HTMLElement} deps.root   the lesson's element (a task marks it data-mode="task")
   * @param {(name: string) => HTMLElement} deps.part  its element of that name: board, hand, next...
   * @param {EventTarget} deps.area   the page's part that is the lesson's: the reader's keys there
   *   go to its hand, and pointing, touching or tabbing there starts the engine
   * @param {boolean} [deps.dedicated]  an engine worker of its own (&engine=dedicated)
   * @param {(data: object) => void} [deps.post]  to the page that frames it
   * @param {(title: string) => void} [deps.titled]  the lesson's title, once shown
   */
  constructor({ root, part, area, dedicated = false, post = () => {}, titled = () => {} }) {
    this.part = part;
    this.area = area;
    /** @type {TileSet | null} */
    this.tileset = null;
    const board = new Board(part("board"), { width: 6, height: 6, label: t("embed.board") });
    this.board = board;
    tileSet ??= loadTileSet(siteURL("tiles.json"));
    this.tilesReady = tileSet.then((ts) => {
      this.tileset = ts;
      board.setTileSet(ts);
      this.reader.hand.setTileSet(ts);
    }, () => this.message(t("embed.noTiles")));
    this.lazy = new LazyEngine({
      dedicated,
      bar: /** @type {HTMLProgressElement} */ (part("progress")),
      failed: (e) => this.message(t("engine.failed", { reason: errorText(e) })),
    });
    const draw = (/** @type {Position} */ position, /** @type {PathStep[][]} */ trails) => this.draw(position, trails);
    const told = (/** @type {string} */ text) => this.told(text);
    this.reader = new Reader({
      board, lazy: this.lazy, tilesReady: this.tilesReady, draw, told, post, part, root, keys: area,
      tileset: () => this.tileset,
      solved: (at) => this.player.solved.add(at),
    });
    this.player = new Player({ board, reader: this.reader, draw, told, post, part, titled });
  }

  /** The line that says what went wrong ("" hides it). @param {string} text */
  message(text) {
    this.part("msg").textContent = text;
    this.part("msg").hidden = !text;
  }

  /** The line under the board. @param {string} text */
  told(text) { this.part("told").textContent = text || ""; }

  /** @param {Position} position @param {PathStep[][]} trails */
  draw(position, trails) {
    this.board.setSize(...checkedSize(position.rules));
    this.board.setSeats(seatStyles(position.players));
    this.board.setPosition(position);
    this.board.setTrails(trails);
    showOpenHands(this.part("open-hands"), position, this.tileset);
  }

  /** A lesson checked by the engine (a lesson link's or a file's text, lesson_check's
   *  answer), shown at step `at` (0 = the first). @param {LessonChecked} checked */
  async show(checked, at = 0) {
    await this.tilesReady;
    this.message("");
    await this.player.load(checked, at);
  }

  /**
   * The lesson an address names (lessonOptions: `l`, a lesson link, or `src`, a file,
   * with the build's answer `pre`), shown at its `step`; a bad one said on the board.
   * `stale()`: whether something else was shown meanwhile (the page around it loaded
   * a lesson of its own), which then stays.
   * @param {Record<string, string>} opts @param {() => boolean} [stale]
   */
  async open(opts, stale = () => false) {
    const first = Math.max(0, (parseInt(opts.step, 10) || 1) - 1);
    try {
      const pre = opts.src && opts.pre ? await precomputed(opts.pre, opts.src) : null;
      const checked = pre || await this.lazy.ask("lesson_check", opts.l ? { fragment: opts.l } : { text: await fetchLesson(opts.src) });
      // A step to try or a task starts the engine when the reader comes near (the build's
      // answer shows the rest without it); without that answer it checked the lesson already.
      if (checked.lesson.steps.some((s) => s.try || s.task)) this.lazy.waitForReader(opts.eager === "1" || !pre, this.area);
      await this.tilesReady;
      if (stale()) return;
      await this.player.load(checked, first);
    } catch (e) {
      if (!stale()) this.message(t("lesson.bad", { reason: errorText(e) }));
    }
  }
}

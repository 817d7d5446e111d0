// The postMessage protocol of our framed pages (docs/embed.md): what the page
// around an embedded board (embed.html) or a lesson (lesson.html) may ask of
// it, checked here before anything is done.
//
// Only the parent window is heard (event.source === window.parent) and only
// it is answered.  Every message is a plain object whose "tsuro" field names
// it; a message that cannot be accepted (unknown name, bad shape, or refused
// by the handler, e.g. an illegal move) is answered with
// {tsuro: "error", error: {code, message}, id?} - never dropped in silence.
// Messages are handled one at a time, in the order they came, so a host may
// send "load" then "play" at once; the handlers wait for the engine.

/** @import {Square} from "../types.js" */

/** The protocol's version, sent with "ready". */
export const PROTOCOL = 1;

/** A message as it came, before its shape is checked: an object with a name. @typedef {Record<string, unknown> & {tsuro: string}} Message */

/**
 * What the host may send an embedded board (SHAPES), each checked before it is handled;
 * a position or record is an object the engine checks before anything uses it.
 * @typedef {{tsuro: "load", position?: object, record?: object, at?: number | "end", try?: boolean, caption?: string}} LoadMessage
 * @typedef {{tsuro: "play", move: object}} PlayMessage
 * @typedef {{tsuro: "step", at: number | "end"}} StepMessage
 * @typedef {{tsuro: "highlight", squares?: Square[], seat?: number | null, caption?: string}} HighlightMessage
 * @typedef {{load: LoadMessage, play: PlayMessage, step: StepMessage, highlight: HighlightMessage}} EmbedMessages
 */

/**
 * What the host may send a lesson (LESSON_SHAPES).
 * @typedef {{tsuro: "load", lesson: object, at?: number}} LessonLoadMessage
 * @typedef {{tsuro: "step", at: number}} LessonStepMessage
 * @typedef {{load: LessonLoadMessage, step: LessonStepMessage, highlight: HighlightMessage}} LessonMessages
 */

/** Each message's check: throws a HostError unless the message has the shape its name says.
 *  @template M @typedef {{[K in keyof M]: (m: Message) => asserts m is Message & M[K]}} Shapes */

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** @param {unknown} v @returns {v is number} */
const isInt = (v) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const MAX_SIDE = 12;    // the largest board side a rule set has
const MAX_SEATS = 8;
/** @param {unknown} v */
const isSquare = (v) => Array.isArray(v) && v.length === 2 && v.every((n) => isInt(n) && n < MAX_SIDE);
const MAX_CAPTION = 500;

/** An error whose code is sent to the host as is. */
export class HostError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) { super(message); this.code = code; }
}

/** @param {boolean} ok @param {string} message */
function need(ok, message) {
  if (!ok) throw new HostError("bad_message", message);
}

/** @param {Message} m */
function checkCaption(m) {
  need(m.caption === undefined || (typeof m.caption === "string" && m.caption.length <= MAX_CAPTION),
    `"caption" must be a string of at most ${MAX_CAPTION} characters`);
}

/** A message carries its fields (and "tsuro", "id"), nothing else: any other is refused, as
 *  the engine refuses a field it does not use. @param {Message} m @param {string[]} fields */
function only(m, fields) {
  const unused = Object.keys(m).find((k) => k !== "tsuro" && k !== "id" && !fields.includes(k));
  need(unused === undefined, `${m.tsuro} has no field "${String(unused).slice(0, 40)}" (it takes ${fields.join(", ")})`);
}

/** Each message the board accepts, with the check of its shape (throws HostError).
 *  @type {Shapes<EmbedMessages>} */
export const SHAPES = {
  load(m) {
    only(m, ["position", "record", "at", "try", "caption"]);
    need(("position" in m) !== ("record" in m), 'load needs exactly one of "position" and "record"');
    if ("position" in m) {
      need(isObject(m.position), '"position" must be an object (a NOTATION position)');
      need(m.at === undefined, '"at" goes with a record, not a position');
    } else {
      need(isObject(m.record), '"record" must be an object (a NOTATION record)');
      need(m.at === undefined || isInt(m.at) || m.at === "end", '"at" must be a position number (0 = the deal) or "end"');
    }
    need(m.try === undefined || typeof m.try === "boolean", '"try" must be true or false');
    checkCaption(m);
  },
  play(m) {
    only(m, ["move"]);
    need(isObject(m.move), '"move" must be an object (a NOTATION move)');
  },
  step(m) {
    only(m, ["at"]);
    need(isInt(m.at) || m.at === "end", '"at" must be a position number (0 = the deal) or "end"');
  },
  highlight(m) {
    only(m, ["squares", "seat", "caption"]);
    need(m.squares === undefined || (Array.isArray(m.squares) && m.squares.length <= 200 && m.squares.every(isSquare)),
      `"squares" must be a list of [column, row] pairs (each from 0 to ${MAX_SIDE - 1})`);
    need(m.seat === undefined || m.seat === null || (isInt(m.seat) && m.seat < MAX_SEATS), '"seat" must be a seat number or null');
    checkCaption(m);
  },
};

/** What a lesson (lesson.html) accepts: a lesson to show, a step to go to, a highlight.
 *  @type {Shapes<LessonMessages>} */
export const LESSON_SHAPES = {
  load(m) {
    only(m, ["lesson", "at"]);
    need(isObject(m.lesson), '"lesson" must be an object (a tsuro-lesson/1 lesson)');
    need(m.at === undefined || isInt(m.at), '"at" must be a step number (0 = the first)');
  },
  step(m) {
    only(m, ["at"]);
    need(isInt(m.at), '"at" must be a step number (0 = the first)');
  },
  highlight: SHAPES.highlight,
};

/**
 * Check a message from the host: its name, then its shape (in `shapes`).  Throws HostError;
 * returns the message's name, one of `shapes`.
 * @template M @param {unknown} m @param {Shapes<M>} shapes @returns {keyof M & string}
 */
export function checkMessage(m, shapes) {
  if (!isObject(m) || typeof m.tsuro !== "string") {
    throw new HostError("bad_message", 'a message must be an object with a "tsuro" field naming it');
  }
  const message = /** @type {Message} */ (m);
  need(m.id === undefined || typeof m.id === "string" || Number.isFinite(m.id), '"id" must be a string or a number');
  const name = Object.keys(shapes).find((k) => k === message.tsuro);
  if (name === undefined) {
    throw new HostError("unknown_message", `unknown message "${message.tsuro}" (known: ${Object.keys(shapes).join(", ")})`);
  }
  const known = /** @type {keyof M & string} */ (name);
  const check = /** @type {(m: Message) => void} */ (shapes[known]);   // throws unless its shape is known's
  check(message);
  return known;
}

/**
 * Listen to the parent window.  handlers: one for each message of `shapes`
 * (the embed's: {load, play, step, highlight}), each an async function of the
 * checked message.  Returns {post, active}: post(data)
 * sends data to the parent (nothing when the board is not in a frame); active
 * says whether the board is framed at all.  Sends {tsuro: "ready"} at once.
 * @template [M=EmbedMessages]
 * @param {NoInfer<{[K in keyof M]: (m: M[K]) => Promise<void>}>} handlers @param {Window} [win]
 * @param {Shapes<M>} [shapes]  (default: the embedded board's, SHAPES)
 */
export function connectHost(handlers, win = window, shapes = /** @type {Shapes<M>} */ (/** @type {unknown} */ (SHAPES))) {
  const parent = win.parent;
  const active = parent && parent !== win;
  let origin = "*";   // the host's origin once it has spoken; "*" for "ready" (nothing secret is sent)
  const post = (/** @type {object} */ data) => { if (active) parent.postMessage(data, origin); };
  let queue = Promise.resolve();

  win.addEventListener("message", (event) => {
    if (!active || event.source !== parent) return;   // only the parent window is heard
    origin = event.origin && event.origin !== "null" ? event.origin : "*";
    const m = event.data;
    const id = isObject(m) && (typeof m.id === "string" || (typeof m.id === "number" && Number.isFinite(m.id))) ? m.id : undefined;
    queue = queue.then(async () => {
      try {
        const name = checkMessage(m, shapes);
        // its shape checked: the message is the one its name says
        await handlers[name](/** @type {M[typeof name]} */ (m));
      } catch (e) {
        const { code: carried, message: said } = e !== null && typeof e === "object" ? /** @type {{code?: unknown, message?: unknown}} */ (e) : {};
        const code = typeof carried === "string" ? carried : "failed";
        const message = (typeof said === "string" && said) || String(e);
        /** @type {{tsuro: "error", error: {code: string, message: string}, id?: string | number, about?: string}} */
        const reply = { tsuro: "error", error: { code, message } };
        if (id !== undefined) reply.id = id;
        if (isObject(m) && typeof m.tsuro === "string") reply.about = m.tsuro;
        post(reply);
      }
    });
  });
  if (active) post({ tsuro: "ready", protocol: PROTOCOL });
  return { post, active };
}

// The position being edited, as the author set it: a NOTATION position (tiles,
// markers, players, hands...) plus what the author chose about it (whether the
// hands and the pile are dealt by the engine, the phase, who moves), and the
// edits the page makes to it.  Data only: no DOM, and no rule: whether any of it
// is a position Tsuro allows is the engine's answer (check_position), and the
// request the engine gets is `request()`.

import { DEFAULT_COLORS } from "../../lib/views/style.js";
/** @import {PlacedTile, Player, Position, Rules, TileWhere} from "../../lib/types.js" */
/** @import {AnyPlace} from "../../lib/words/coords.js" */

export const FORMAT = "tsuro-editor/1";
/** The phases an author may ask for (the engine's names). */
export const PHASES = ["start", "tile", "exchange", "over"];

/**
 * @typedef {object} DraftState
 * @property {Rules} rules        the rule set, as a position writes it
 * @property {Player[]} players  (each with a colour: fromPosition gives one to a player without)
 * @property {PlacedTile[]} tiles   [x, y, tile, rotation]
 * @property {(AnyPlace | null)[]} markers   [x, y, port]: the port a letter, or a number 0-7
 * @property {number[][]} hands   the hands the author set (handsMode "set")
 * @property {number[]} pile      the pile kept from where the position came from (pileMode "kept")
 * @property {number[]} out
 * @property {number[] | null} [winners]  a finished game's winners as the position came (null: the
 *           engine's, as the rules choose them; dropped by any edit of the board or the players out)
 * @property {number[] | null} [exchange]  the players just put out, whose tiles the mover may take
 *           (as the position came; null: every player out)
 * @property {number | null} dragon
 * @property {number} mover       the seat to move (when the phase is not "over")
 * @property {string | null} phase  "start", "tile", "exchange" or "over"; null: as the engine reads it
 * @property {"deal" | "set"} handsMode  dealt by the engine (unknown), or set here
 * @property {"rest" | "kept" | "empty"} pileMode  the other tiles shuffled, as it came, or none
 * @property {number} seed        the deal's seed (the same deal while the author edits)
 */

/** A draft as kept in storage (toSaved). @typedef {{format: string, state: DraftState}} SavedDraft */

/** A whole number 0..2^31 for the engine's deal. */
export function newSeed() { return Math.floor(Math.random() * 2 ** 31); }

// What a kept draft may hold: the shapes the page draws and edits, each number whole and
// bounded (a stored value is never trusted: a damaged draft is put aside, main.js).  Whether
// the position is one Tsuro allows stays the engine's answer.
// (boards of 1 to 12 squares a side; a marker may stand one square beyond the edge; the 35
// tiles, turned 0, 90, 180 or 270 degrees as in NOTATION)
/** @param {unknown} v */
const int = (v, lo = -1, hi = 12) => typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi;
/** @param {unknown} v @param {readonly unknown[]} values */
const oneOf = (v, values) => values.includes(v);
/** @param {unknown} e */
const isTile = (e) => Array.isArray(e) && e.length === 4 && int(e[0], 0, 11) && int(e[1], 0, 11) && int(e[2], 0, 34) && oneOf(e[3], [0, 90, 180, 270]);
/** @param {unknown} v @param {number} most @param {number} lo @param {number} hi */
const ints = (v, most, lo, hi) => Array.isArray(v) && v.length <= most && v.every((x) => int(x, lo, hi));
/** @param {unknown} v @param {number} most */
const text = (v, most) => typeof v === "string" && v.length <= most;
/** @param {unknown} v @returns {v is Record<string, unknown>} */
const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** @param {unknown} r */
const isRules = (r) => text(r, 40) || (plain(r) && ["width", "height"].every((k) => r[k] === undefined || int(r[k], 1, 12)));
/** @param {unknown} m */
const isPlace = (m) => Array.isArray(m) && m.length === 3 && int(m[0]) && int(m[1]) && (text(m[2], 2) || int(m[2], 0, 7));

/** Whether `saved` is a draft as toSaved() writes it, in shapes the page can use.
 *  @param {unknown} saved @returns {saved is SavedDraft} */
export function isSavedDraft(saved) {
  const s = plain(saved) && saved.format === FORMAT ? saved.state : null;
  if (!plain(s) || !Array.isArray(s.players)) return false;
  const n = s.players.length;
  return n >= 1 && n <= 8 && isRules(s.rules) &&
    s.players.every((q) => plain(q) && text(q.name, 60) && text(q.color, 30)) &&
    Array.isArray(s.tiles) && s.tiles.length <= 144 && s.tiles.every(isTile) &&
    Array.isArray(s.markers) && s.markers.length === n && s.markers.every((m) => m === null || isPlace(m)) &&
    Array.isArray(s.hands) && s.hands.length === n && s.hands.every((h) => ints(h, 35, 0, 34)) &&
    ints(s.pile, 35, 0, 34) && ints(s.out, n, 0, n - 1) &&
    (s.dragon === null || int(s.dragon, 0, n - 1)) && int(s.mover, 0, n - 1) &&
    (s.phase === null || oneOf(s.phase, PHASES)) && oneOf(s.handsMode, ["deal", "set"]) &&
    oneOf(s.pileMode, ["rest", "kept", "empty"]) && int(s.seed, 0, 2 ** 31) &&
    [s.winners, s.exchange].every((v) => v === undefined || v === null || ints(v, n, 0, n - 1));
}

/** The first default colour not in `used`, else seat `seat`'s default (all eight taken).
 *  @param {ReadonlySet<string | undefined>} used @param {number} seat @returns {string} */
function freeColor(used, seat) {
  return DEFAULT_COLORS.find((c) => !used.has(c)) ?? DEFAULT_COLORS[seat % DEFAULT_COLORS.length];
}

/** Players with a colour each: one given none takes the first default nobody has.
 *  @param {readonly Player[]} players @returns {Player[]} */
function withColors(players) {
  const used = new Set(players.map((q) => q.color));
  return players.map((q, i) => {
    if (q.color) return { ...q };
    const color = freeColor(used, i);
    used.add(color);
    return { ...q, color };
  });
}

export class Draft {
  /** @param {DraftState} state */
  constructor(state) { this.s = state; }

  /** An empty board with these players (names and colours given).
   *  @param {Player[]} players */
  static empty(players) {
    return new Draft({
      rules: "classic", players, tiles: [], markers: players.map(() => null),
      hands: players.map(() => []), pile: [], out: [], dragon: null, mover: 0,
      phase: null, handsMode: "deal", pileMode: "rest", seed: newSeed(),
    });
  }

  /** A position from a game, a link or JSON: everything kept as it is, but that a player
   *  given no colour gets the first one nobody has (the editor's seats each show one, and
   *  a draft is saved with every colour). @param {Position} p */
  static fromPosition(p) {
    const n = p.players.length;
    const over = p.turn === null || p.turn === undefined;
    const mover = p.turn ?? 0;   // 0 when over
    // start or tile: as the engine reads it, until the author chooses
    const phase = over ? "over" : Array.isArray(p.exchange) ? "exchange" : null;
    return new Draft({
      rules: p.rules ?? "classic",
      players: withColors(p.players),
      tiles: (p.tiles || []).map(([x, y, tile, rot]) => [x, y, tile, ((rot % 360) + 360) % 360]),   // any turn, as input may give it
      markers: p.markers.map((m) => (m ? [...m] : null)),
      hands: Array.isArray(p.hands) ? p.hands.map((h) => [...h]) : Array.from({ length: n }, () => []),
      pile: Array.isArray(p.pile) ? [...p.pile] : [],
      out: [...(p.out || [])],
      exchange: Array.isArray(p.exchange) ? [...p.exchange] : null,
      winners: over && Array.isArray(p.winners) ? [...p.winners] : null,
      dragon: p.dragon ?? null,
      mover, phase,
      handsMode: Array.isArray(p.hands) ? "set" : "deal",
      pileMode: Array.isArray(p.pile) ? "kept" : "rest",
      seed: newSeed(),
    });
  }

  /** The draft kept in storage, or null if it is not one (an old or damaged entry).
   *  @param {unknown} saved */
  static fromSaved(saved) {
    return isSavedDraft(saved) ? new Draft(saved.state) : null;
  }

  toSaved() { return { format: FORMAT, state: this.s }; }
  copy() { return new Draft(JSON.parse(JSON.stringify(this.s))); }

  get players() { return this.s.players; }
  get n() { return this.s.players.length; }

  /**
   * What the engine is asked (check_position): the position as the author set it,
   * with the hands and pile left out for the engine to deal where the author left
   * them unknown, and the phase the author asked for.
   */
  request() {
    const s = this.s;
    /** @type {Record<string, any>} */
    const position = {
      format: "tsuro-position/1", rules: s.rules, players: s.players, tiles: s.tiles,
      markers: s.markers, dragon: s.dragon, out: s.out, turn: s.phase === "over" ? null : s.mover,
    };
    if (s.handsMode === "set") position.hands = s.hands;
    if (s.pileMode === "kept") position.pile = s.pile;
    if (s.pileMode === "empty") position.pile = [];
    if (s.phase === "over" && s.winners) position.winners = s.winners;
    if (s.phase === "exchange") {
      const kept = (s.exchange || []).filter((seat) => s.out.includes(seat));
      position.exchange = kept.length ? kept : [...s.out];
    }
    /** @type {{position: any, phase?: string, deal?: number}} */
    const args = { position };
    if (s.phase) args.phase = s.phase;
    if (s.handsMode === "deal" || s.pileMode === "rest") args.deal = s.seed;
    return args;
  }

  // ------------------------------------------------------------ the board

  /** The tile on square [x, y] (the first, if a pasted position has two), or null.
   *  @param {number[]} square */
  tileAt([x, y]) { return this.s.tiles.find((e) => e[0] === x && e[1] === y) || null; }

  /** Lay `tile` turned `rot` on [x, y], instead of whatever lay there.
   *  @param {number[]} square @param {number} tile @param {number} rot */
  setTile([x, y], tile, rot) {
    this.removeTile([x, y]);
    this.s.winners = null;
    this.s.tiles.push([x, y, tile, rot]);
  }

  /** @param {number[]} square */
  removeTile([x, y]) {
    this.s.tiles = this.s.tiles.filter((e) => e[0] !== x || e[1] !== y);
    this.s.winners = null;
  }

  /** Turn the tile on [x, y] a quarter clockwise (dir 1) or back (-1); false if none lies there.
   *  @param {number[]} square @param {number} dir */
  turnTile(square, dir) {
    const e = this.tileAt(square);
    if (!e) return false;
    e[3] = (((e[3] + 90 * dir) % 360) + 360) % 360;
    this.s.winners = null;
    return true;
  }

  /** Where tile t is used: [{square}|{hand: seat}|{pile: true}, ...] (the palette's labels).
   *  @param {number} t */
  usesOf(t) {
    const s = this.s;
    /** @type {TileWhere[]} */
    const uses = [];
    for (const e of s.tiles) if (e[2] === t) uses.push({ square: [e[0], e[1]] });
    if (s.handsMode === "set") s.hands.forEach((h, seat) => { if (h.includes(t)) uses.push({ hand: seat }); });
    if (s.pileMode === "kept" && s.pile.includes(t)) uses.push({ pile: true });
    return uses;
  }

  /** Seat `seat` is one of the draft's (another tab may have taken seats away since this
   *  tab's edit was asked for: an edit of a seat no longer there changes nothing).
   *  @param {number} seat */
  has(seat) { return Number.isInteger(seat) && seat >= 0 && seat < this.n; }

  /** @param {number} seat @param {AnyPlace | null} place  null: off the board */
  setMarker(seat, place) {
    if (!this.has(seat)) return;
    this.s.markers[seat] = place ? [...place] : null;
    this.s.winners = null;
  }

  /** The seat whose marker stands on `place`, or -1. @param {AnyPlace} place */
  markerAt(place) {
    const key = place.join();
    return this.s.markers.findIndex((m) => m && m.join() === key);
  }

  // ------------------------------------------------------------ the players

  /** Seats 0..n-1: new seats get a default name and the next colour nobody has.
   *  @param {number} n @param {(seat: number) => string} nameOf */
  setCount(n, nameOf) {
    const s = this.s;
    while (s.players.length < n) {
      const used = new Set(s.players.map((p) => p.color));
      const color = freeColor(used, s.players.length);
      s.players.push({ name: nameOf(s.players.length), color });
      s.markers.push(null);
      s.hands.push([]);
    }
    s.players.length = s.markers.length = s.hands.length = n;
    s.winners = null;
    s.out = s.out.filter((seat) => seat < n);
    if (s.dragon !== null && s.dragon >= n) s.dragon = null;
    if (s.mover >= n) s.mover = 0;
  }

  /** @param {number} seat @param {string} name */
  setName(seat, name) { if (this.has(seat)) this.s.players[seat].name = name; }
  /** @param {number} seat @param {string} color */
  setColor(seat, color) { if (this.has(seat)) this.s.players[seat].color = color; }

  /** Mark a seat out (it goes out after those already out) or back in.
   *  @param {number} seat @param {boolean} out */
  setOut(seat, out) {
    const s = this.s;
    if (!this.has(seat)) return;
    s.out = s.out.filter((x) => x !== seat);
    if (out) s.out.push(seat);
    s.winners = null;
  }

  /** @param {number} seat */
  isOut(seat) { return this.s.out.includes(seat); }

  /** @param {number} seat @param {number} tile */
  addToHand(seat, tile) { if (this.has(seat)) this.s.hands[seat].push(tile); }
  /** Take tile `tile` out of the seat's hand (by the tile, not its place in the hand: another
   *  tab may have taken another tile out since).  @param {number} seat @param {number} tile */
  removeFromHand(seat, tile) {
    const hand = this.has(seat) ? this.s.hands[seat] : [];
    const i = hand.indexOf(tile);
    if (i >= 0) hand.splice(i, 1);
  }

  // ------------------------------------------------------------ the game

  /** @param {Rules} rules */
  setRules(rules) {
    this.s.rules = rules;
    this.s.winners = null;
  }
  /** @template {keyof DraftState} K @param {K} key @param {DraftState[K]} value */
  set(key, value) { this.s[key] = value; }
  /** @template {keyof DraftState} K @param {K} key @returns {DraftState[K]} */
  get(key) { return this.s[key]; }

  /** The hands set here start from the ones the engine dealt (when the author switches).
   *  @param {DraftState["handsMode"]} mode @param {number[][] | undefined} dealt */
  setHandsMode(mode, dealt) {
    if (mode === "set" && this.s.handsMode === "deal" && dealt) this.s.hands = dealt.map((h) => [...h]);
    this.s.handsMode = mode;
  }

  /** A pile kept as it came is the one the engine answered last (when the author switches).
   *  @param {DraftState["pileMode"]} mode @param {number[] | undefined} dealt */
  setPileMode(mode, dealt) {
    if (mode === "kept" && this.s.pileMode !== "kept" && dealt) this.s.pile = [...dealt];
    this.s.pileMode = mode;
  }

  redeal() { this.s.seed = newSeed(); }
}


// The daily challenge's storage (localStorage["tsuro.daily"]), no DOM and no rule:
//
//   {days:  {"YYYY-MM-DD": {score, fragment}}   the counted games, one a day
//    games: {"YYYY-MM-DD": {practice, record}}} the game on the board of each date,
//                                              resumed after a reload (the last few dates)
//
// (An earlier version kept one `current: {date, practice, record}`: read as that
// date's game.)  Read checked, as every stored entry: what the page cannot use is
// put aside, never dropped, and the good rest kept (storage.js).  Every change is
// made to what is stored at that moment, never to a copy read when the page
// loaded: a second tab, or a tab left open since yesterday, adds its game and
// its day without taking another's away.

import { calendarDate } from "../../lib/base/address.js";
import { localStore, readChecked, updateChecked, keepText, isObject, copyEntries } from "../../lib/base/storage.js";

export const KEY = "tsuro.daily";
const GAMES_KEPT = 7;        // dates whose game on the board is kept
const MAX_SCORE = 1000;
const MAX_FRAGMENT = 65_536;

/** @typedef {{score: number, fragment: string}} Day */
/** @typedef {{practice: boolean, record: object}} DayGame */
/** @typedef {{days: Record<string, Day>, games: Record<string, DayGame>}} DailyState */

const isDay = (d) => isObject(d) && Number.isInteger(d.score) && d.score >= 0 && d.score <= MAX_SCORE &&
  typeof d.fragment === "string" && d.fragment.length <= MAX_FRAGMENT;
const isGame = (g) => isObject(g) && typeof g.practice === "boolean" && isObject(g.record);

/** A fresh, empty state (maps without a prototype: dates come from outside). @returns {DailyState} */
function empty() {
  return { days: Object.create(null), games: Object.create(null) };
}

/** What of a stored state the page can use (storage.js's check). @param {unknown} v */
export function checkDaily(v) {
  const out = empty();
  if (!isObject(v)) return { value: out, whole: false };
  const byDate = (ok) => (date, entry) => calendarDate(date) !== undefined && ok(entry);
  let whole = copyEntries(v.days, out.days, byDate(isDay));
  whole = copyEntries(v.games, out.games, byDate(isGame)) && whole;
  const cur = v.current;
  if (cur !== undefined && cur !== null) {   // the earlier version's one game on the board
    if (isObject(cur) && calendarDate(cur.date) && isGame(cur)) {
      out.games[cur.date] ??= { practice: cur.practice, record: cur.record };
    } else whole = false;
  }
  for (const k of Object.keys(v)) if (!["days", "games", "current"].includes(k)) whole = false;
  return { value: out, whole };
}

/** The daily state as stored now. @returns {DailyState} */
export function readDaily(storage = localStore()) {
  return readChecked(KEY, checkDaily, empty, storage);
}

/**
 * Change the stored state where it is now.
 * @param {(s: DailyState) => void} change @returns {{value: DailyState, ok: boolean}}
 */
function update(change, storage = localStore()) {
  const { value, failed } = updateChecked(KEY, checkDaily, empty, (s) => {
    change(s);
    delete (/** @type {any} */ (s)).current;
  }, storage);
  return { value, ok: failed === null };
}

/**
 * Count a finished game for its date, unless one is counted already (by this tab or
 * another).  counted: whether this game is the day's counted one.
 * @param {string} date @param {Day} day
 * @returns {{counted: boolean, ok: boolean}}
 */
export function countDay(date, day, storage = localStore()) {
  const { value, ok } = update((s) => { if (!(date in s.days)) s.days[date] = day; }, storage);
  return { counted: value.days[date]?.fragment === day.fragment, ok };
}

/**
 * Keep the game on the board of `date` (a reload resumes it); the oldest dates' go.
 * @param {string} date @param {DayGame} game @returns {boolean} stored
 */
export function keepGame(date, game, storage = localStore()) {
  return update((s) => {
    s.games[date] = game;
    for (const d of Object.keys(s.games).sort().reverse().slice(GAMES_KEPT)) delete s.games[d];
  }, storage).ok;
}

/** The game of `date` is over: forget it, if it is still this record (another tab may have
 *  put its own game there since). @param {string} date @param {object} record */
export function dropGame(date, record, storage = localStore()) {
  return update((s) => {
    if (s.games[date] && JSON.stringify(s.games[date].record) === JSON.stringify(record)) delete s.games[date];
  }, storage).ok;
}

/** The game of `date` could not be resumed (the engine refused it): put it aside, as it
 *  was stored, with why, and take it off the board (a fresh deal follows).
 *  @param {string} date @param {string} why */
export function putGameAside(date, why, storage = localStore()) {
  const game = readDaily(storage).games[date];
  if (!game) return;
  const id = `daily-${date}-${Date.now().toString(36)}`;
  if (keepText(id, JSON.stringify(game), why, { key: KEY, storage }) === null) {
    update((s) => { delete s.games[date]; }, storage);
  }
}

/** Whether a game of `date` started now counts: today's, if none is counted or on the board. */
export function counts(state, date, today) {
  const on = state.games[date];
  return date === today && !(date in state.days) && !(on && !on.practice);
}

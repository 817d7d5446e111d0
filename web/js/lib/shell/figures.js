// End-of-game figures (issue 28), on every screen that shows a game's end (the
// game page, daily, play by link, rooms): a table of each player's path length
// in tiles, the squares it crossed, the moves they survived and the markers
// they put out, as the engine's `game_figures` counts them from the record, so
// a replay of the same record shows the same.  Figures are extra: if the engine
// cannot answer, the table is left out and the end shows as before.

import { t } from "../words/i18n.js";
/** @import {Engine} from "../engine/client.js" */
/** @import {Figures} from "../types.js" */

const COLUMNS = /** @type {const} */ (["path", "squares", "survived", "put_out"]);

/**
 * The figures of a finished game's record, drawn into `box` (hidden until they come).
 * @param {Engine} engine @param {any} record  a game record (null: nothing shown) @param {HTMLElement} box
 */
export async function showFigures(engine, record, box) {
  box.replaceChildren();
  box.hidden = true;
  if (!record) return;
  let answer;
  try {
    answer = await engine.ask("game_figures", { record });
  } catch {
    return;
  }
  box.append(figuresTable(answer.figures, record.players.map((p) => p.name)));
  box.hidden = false;
}

/** The table: a row per player, a column per figure, its caption the figures' title. @param {Figures[]} figures @param {string[]} names */
export function figuresTable(figures, names) {
  const table = document.createElement("table");
  table.className = "figures";
  table.createCaption().textContent = t("figures.title");
  const head = table.createTHead().insertRow();
  for (const key of ["player", ...COLUMNS]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(`figures.${key}`);
    head.append(th);
  }
  const body = table.createTBody();
  for (const f of figures) {
    const row = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = names[f.seat] ?? t("common.player_name", { n: f.seat + 1 });
    row.append(th);
    for (const key of COLUMNS) row.insertCell().textContent = String(f[key]);
  }
  return table;
}

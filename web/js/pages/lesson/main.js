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

import { t, applyTo, setLang, matchLang } from "../../lib/words/i18n.js";
import { applyTheme } from "../../lib/shell/theme.js";
import { noteRefusal } from "../../lib/base/refusals.js";
import { tellRefusals } from "../../lib/shell/page.js";
import { drawIcons } from "../../lib/views/icon.js";
import { $ } from "../../lib/shell/dom.js";
import { connectHost, LESSON_SHAPES } from "../../lib/shell/host.js";
import { LessonView, lessonOptions } from "../../lib/lessonview/view.js";
/** @import {LessonLoadMessage, LessonStepMessage, HighlightMessage} from "../../lib/shell/host.js" */

applyTheme();
const opts = lessonOptions(location.hash);
{
  const inFragment = matchLang(opts.lang);
  if (opts.lang && !inFragment) noteRefusal({ kind: "address", name: "lang", value: String(opts.lang).slice(0, 40) });
  if (inFragment) await setLang(inFragment, false);
  else applyTo(document);
}
drawIcons();

const host = connectHost({ load: hostLoad, step: hostStep, highlight: hostHighlight }, window, LESSON_SHAPES);
// The page's one lesson: its parts are this document's elements of those ids.
const view = new LessonView({
  root: document.body,
  part: $,
  area: document,
  dedicated: opts.engine === "dedicated",
  post: (data) => host.post(data),
  titled: (title) => { document.title = title ? t("lesson.titled", { title }) : t("lesson.title"); },
});
const { board, player, lazy } = view;
lazy.installWindowTsuro();
// what the lesson ignored in its address or put aside from its storage, said on the board
tellRefusals((text) => view.message(text));

// ------------------------------------------------------------------ the host page's messages

let hostLoaded = false;   // once the host has loaded a lesson, the fragment's gives way

/** @param {LessonLoadMessage} m */
async function hostLoad(m) {
  hostLoaded = true;
  lazy.wanted = Promise.resolve();   // the host asked: no waiting for the reader to point
  const checked = await lazy.ask("lesson_check", { lesson: m.lesson });
  await view.show(checked, m.at ?? 0);
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
  if (m.caption !== undefined) view.told(m.caption);
}

// ------------------------------------------------------------------ start

async function main() {
  if (!opts.l && !opts.src) {
    if (host.active) view.told(t("embed.waitingHost"));
    else view.message(t("lesson.nothing"));
    return;
  }
  await view.open(opts, () => hostLoaded);
}

window.addEventListener("hashchange", () => location.reload());
main();

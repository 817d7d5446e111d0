// The engine's events in words (web/js/lib/words/movelog.js, courselog.js) in each language, in Node:
// reads {lang, classic: {events, players}, neu: {events, players}} on stdin and
// prints {classic: [[line...] per move], neu: [...]} as JSON.
//
//   node words.mjs < cases.json

import { readFileSync } from "node:fs";
import { setLang } from "../../web/js/lib/words/i18n.js";
import { describe } from "../../web/js/lib/words/movelog.js";
import { describeCourse } from "../../web/js/lib/words/courselog.js";

const cases = JSON.parse(readFileSync(0, "utf-8"));
await setLang(cases.lang, false);
const out = {
  classic: cases.classic.events.map((ev) => describe(ev, cases.classic.players).map((l) => l.text)),
  neu: cases.neu.events.map((ev) => describeCourse(ev, cases.neu.players).map((l) => l.text)),
};
process.stdout.write(JSON.stringify(out));

// The engine's events in words (web/js/lib/words/movelog.js, courselog.js) in each language, in Node:
// reads {lang, classic: {events, players}, neu: {events, players}} on stdin and
// prints {classic: [[line...] per move], neu: [...]} as JSON.
//
//   node words.mjs ASSETS < cases.json
//
// ASSETS: the built site's assets/<sha>/ folder (the modules as shipped, with the
// catalogues compiled: tools/messages.mjs).

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const assets = pathToFileURL(`${process.argv[2]}/`);
const { setLang } = await import(new URL("js/lib/words/i18n.js", assets).href);
const { describe } = await import(new URL("js/lib/words/movelog.js", assets).href);
const { describeCourse } = await import(new URL("js/lib/words/courselog.js", assets).href);

const cases = JSON.parse(readFileSync(0, "utf-8"));
await setLang(cases.lang, false);
const out = {
  classic: cases.classic.events.map((ev) => describe(ev, cases.classic.players).map((l) => l.text)),
  neu: cases.neu.events.map((ev) => describeCourse(ev, cases.neu.players).map((l) => l.text)),
};
process.stdout.write(JSON.stringify(out));

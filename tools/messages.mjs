#!/usr/bin/env node
/// <reference types="node" />
// The catalogues' messages, compiled at build time so that no parser ships.
//
// Every catalogue (web/js/lib/words/catalogues/<code>.js) maps keys to ICU
// MessageFormat texts: {name} placeholders, {n, plural, one {…} other {…}} on any
// number, {c, select, red {…} other {…}} by value, {k, selectordinal, …} for
// ranks.  @messageformat/core (pinned in package.json) compiles each one into a
// JavaScript function; this tool writes them as plain ES modules, one per part
// (web/js/lib/words/parts.js: the first visit's words, then each later-tier
// page's) and language, with the few runtime helpers they call written in
// (plural rules and numbers from the browser's Intl): nothing to import, no
// parser.  A message without a placeholder is a plain string.
//
//   node tools/messages.mjs compile --out DIR   DIR/<part>/<code>.js (sitebuild/messages.py;
//                                               a message that does not compile stops it)
//   node tools/messages.mjs check               every problem as JSON {problems: [...]}:
//                                               a message that does not compile, a key
//                                               missing or extra against English, a
//                                               message whose placeholders differ from
//                                               English's (tests/test_catalogues.py)
//   node tools/messages.mjs convert             rewrite the catalogues' old-style plural
//                                               objects ({one: "…", other: "…"}, chosen by
//                                               `count`) as ICU plurals, in place; only
//                                               those lines change, so it can be run again
//                                               on keys added in the old style

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import MessageFormat from "@messageformat/core";
// the module itself, not the package root's re-export of it, which has no types
import compileModule from "@messageformat/core/lib/compile-module.js";
import { parse } from "@messageformat/parser";
import { partOf, PARTS } from "../web/js/lib/words/parts.js";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const CATALOGUES = join(ROOT, "web", "js", "lib", "words", "catalogues");
const REFERENCE = "en";

/** A catalogue as written: key -> an ICU message, or an old-style plural object
 *  ({one: "…", other: "…"}) that `convert` rewrites.
 *  @typedef {Record<string, string | Record<string, string>>} Catalogue */

/** A compiled catalogue: key -> a plain string or a function's source, and the name the
 *  functions call the plural rule by.
 *  @typedef {{messages: Record<string, string | {source: string}>, rule: string}} Compiled */

/** The language codes of the catalogue files, English first. */
export function languages() {
  const codes = readdirSync(CATALOGUES).filter((f) => f.endsWith(".js")).map((f) => f.slice(0, -3)).sort();
  return [REFERENCE, ...codes.filter((c) => c !== REFERENCE)];
}

/** A catalogue's source: key -> message (as written: an old-style plural is an object).
 *  @param {string} code @returns {Promise<Catalogue>} */
export async function source(code) {
  const url = pathToFileURL(join(CATALOGUES, `${code}.js`));
  url.search = `?t=${Date.now()}`; // `convert` reads a file it has just written
  return (await import(url.href)).default;
}

/** The runtime helpers a compiled message may call, in language `code`: the plural rule
 *  (named `rule` in the compiled code), `number` for `#`, `plural` and `select`, with
 *  @messageformat/runtime's signatures; Intl gives the rules and the digits.
 *  @param {string} code @param {string} rule @param {Set<string>} used */
function runtime(code, rule, used) {
  const lc = JSON.stringify(code);
  const lines = [];
  if (used.has("plural")) {
    lines.push(
      `const cardinal = new Intl.PluralRules(${lc}), ordinal = new Intl.PluralRules(${lc}, { type: "ordinal" });`,
      `const ${rule} = (n, ord) => (ord ? ordinal : cardinal).select(n);`,
      "const plural = (value, offset, rule, data, ord) => Object.hasOwn(data, value) ? data[value]",
      "  : ((form) => (Object.hasOwn(data, form) ? data[form] : data.other))(rule(value - offset, ord));",
    );
  }
  if (used.has("number")) {
    lines.push(`const digits = new Intl.NumberFormat(${lc});`, "const number = (lc, value, offset) => digits.format(value - offset);");
  }
  if (used.has("select")) {
    lines.push("const select = (value, data) => (Object.hasOwn(data, value) ? data[value] : data.other);");
  }
  return lines.join("\n");
}

/** French elision before a name, the one custom formatter the catalogues may call:
 *  {name, elide, de} is "d’Ann" or "de Bob", {name, elide, que} "qu’Ann" or "que Bob":
 *  the word loses its e before a vowel (or a y sounded as one), the name being any
 *  player's.  Written into the compiled modules that use it.
 *  @param {unknown} value @param {string} lc @param {string | null} word (null: none given) */
export function elide(value, lc, word) {
  if (word === null) throw new Error("elide needs a word: {name, elide, de}");
  const text = String(value);
  const name = text.replace(/^[\u2066-\u2069]+/, ""); // past an isolate's opening (i18n.js)
  const vowel = /^[aeiouàâäéèêëîïôöùûüæœ]/i.test(name) || /^y[^aeiouàâäéèêëîïôöùûüæœ]/i.test(name);
  return vowel ? `${word.slice(0, -1)}’${text}` : `${word} ${text}`;
}

/** The compiler for language `code`, with the custom formatters. @param {string} code */
export function messageFormat(code) {
  return new MessageFormat(code, { customFormatters: { elide } });
}

/** The first line of why a message did not compile (the compiler's error, or whatever was thrown). @param {unknown} err */
const firstLine = (err) => (err instanceof Error ? err.message : String(err)).split("\n")[0];

const FORMATTERS = { elide };

const RUNTIME_IMPORT = /^import \{ ([^}]*) \} from "@messageformat\/runtime";$/m;
const RULE_IMPORT = /^import \{ (\w+) \} from "@messageformat\/runtime\/lib\/(?:plurals|cardinals|ordinals)";$/m;
const SHIPPED = new Set(["number", "plural", "select"]);

/** The compiled messages of one catalogue: key -> a string or a function's source, and
 *  what the functions call ({helpers, rule}).  Throws on a message that does not compile.
 *  @param {string} code @param {Catalogue} messages @returns {Promise<Compiled>} */
export async function compileCatalogue(code, messages) {
  /** @type {Record<string, string>} */
  const texts = {};
  for (const [key, text] of Object.entries(messages)) {
    if (typeof text !== "string") {
      throw new Error(`${code}.js ${key}: not an ICU message but a ${typeof text} (node tools/messages.mjs convert)`);
    }
    texts[key] = text;
  }
  const mf = messageFormat(code);
  for (const [key, text] of Object.entries(texts)) {
    try {
      mf.compile(text);
    } catch (err) {
      throw new Error(`${code}.js ${key}: ${firstLine(err)}`, { cause: err });
    }
  }
  const module = compileModule(mf, texts);
  const helpers = new Set((module.match(RUNTIME_IMPORT)?.[1] ?? "").split(",").map((s) => s.trim()).filter(Boolean));
  const unknown = [...helpers].filter((h) => !SHIPPED.has(h));
  if (unknown.length) throw new Error(`${code}.js uses ${unknown.join(", ")}, which tools/messages.mjs does not ship`);
  const rule = module.match(RULE_IMPORT)?.[1] ?? "rule";
  // the custom formatters compileModule wrote in: partModule writes those a part calls
  const body = Object.values(FORMATTERS).reduce((text, fn) => text.replace(String(fn), ""),
    module.replace(RUNTIME_IMPORT, "").replace(RULE_IMPORT, ""));
  if (/^import /m.test(body)) throw new Error(`${code}.js: the compiled module imports more than the runtime`);
  const header = [runtime(code, rule, SHIPPED), ...Object.values(FORMATTERS).map(String)].join("\n");
  const evaluated = (await import(`data:text/javascript,${encodeURIComponent(header + body)}`)).default;
  /** @type {Compiled["messages"]} */
  const out = {};
  for (const key of Object.keys(texts)) {
    const fn = evaluated[key];
    out[key] = fn.length === 0 ? fn() : { source: String(fn) };
  }
  return { messages: out, rule };
}

/** The ES module of one part of a compiled catalogue.
 *  @param {string} code @param {string} part @param {Compiled} compiled */
export function partModule(code, part, compiled) {
  const entries = Object.entries(compiled.messages).filter(([key]) => partOf(key) === part);
  const sources = entries.flatMap(([, m]) => (typeof m === "string" ? [] : [m.source])).join("\n");
  const used = new Set([...SHIPPED].filter((h) => new RegExp(`\\b${h}\\(`).test(sources)));
  const formatters = Object.entries(FORMATTERS).filter(([name]) => new RegExp(`\\b${name}\\(`).test(sources));
  const lines = entries.map(([key, m]) => `  ${JSON.stringify(key)}: ${typeof m === "string" ? JSON.stringify(m) : m.source},`);
  return [
    `// Generated by tools/messages.mjs from web/js/lib/words/catalogues/${code}.js (${part}): do not edit.`,
    runtime(code, compiled.rule, used),
    ...formatters.map(([, fn]) => String(fn)),
    "export default {",
    ...lines,
    "};",
    "",
  ].filter((l) => l !== "").join("\n") + "\n";
}

/** Compile every catalogue into dir/<part>/<code>.js. @param {string} dir */
async function compileAll(dir) {
  for (const code of languages()) {
    const compiled = await compileCatalogue(code, await source(code));
    for (const part of PARTS) {
      mkdirSync(join(dir, part), { recursive: true });
      writeFileSync(join(dir, part, `${code}.js`), partModule(code, part, compiled));
    }
  }
}

/** The argument names a message uses (placeholders, plural, select and selectordinal).
 *  @param {string} text */
export function argumentsOf(text) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {import("@messageformat/parser").Token[]} tokens */
  const walk = (tokens) => {
    for (const tok of tokens) {
      if ("arg" in tok) names.add(tok.arg);
      if ("cases" in tok) for (const c of tok.cases) walk(c.tokens);
    }
  };
  walk(parse(text, { strict: false }));
  return names;
}

/** Placeholders a translation may leave out: the engine's own words, which are English
 *  (an error's detail), where a sentence in another language reads better without them. */
const MAY_LEAVE_OUT = new Set(["detail"]);

/** Every catalogue's source: {code: messages}, English first. */
export async function sources() {
  /** @type {Record<string, Catalogue>} */
  const out = {};
  for (const code of languages()) out[code] = await source(code);
  return out;
}

/** Every problem of `catalogues` ({code: key -> message}, English's among them):
 *  [{code, key, problem}]: a message that is not an ICU text or does not compile in its
 *  language (a plural form the language does not have, say), a key missing or not in
 *  English, placeholders that differ from English's (MAY_LEAVE_OUT aside).
 *  @param {Record<string, Catalogue>} catalogues */
export function check(catalogues) {
  const problems = [];
  const en = catalogues[REFERENCE];
  /** @type {Record<string, Set<string> | null>} */
  const enArgs = {};
  for (const [key, text] of Object.entries(en)) {
    try {
      enArgs[key] = argumentsOf(String(text));
    } catch {
      enArgs[key] = null; // English's own problem, reported below
    }
  }
  for (const [code, messages] of Object.entries(catalogues)) {
    const mf = messageFormat(code);
    for (const [key, text] of Object.entries(messages)) {
      if (typeof text !== "string") {
        problems.push({ code, key, problem: "an old-style plural object, not an ICU message (node tools/messages.mjs convert)" });
        continue;
      }
      try {
        mf.compile(text);
      } catch (err) {
        problems.push({ code, key, problem: `does not compile: ${firstLine(err)}` });
        continue;
      }
      if (code === REFERENCE || !(key in en)) continue;
      const want = enArgs[key];
      const got = argumentsOf(text);
      const differ = want && ([...got].some((a) => !want.has(a)) || [...want].some((a) => !got.has(a) && !MAY_LEAVE_OUT.has(a)));
      if (differ) {
        problems.push({ code, key, problem: `placeholders {${[...got].sort().join("}, {")}} where English has {${[...want].sort().join("}, {")}}` });
      }
    }
    if (code === REFERENCE) continue;
    for (const key of Object.keys(en)) if (!(key in messages)) problems.push({ code, key, problem: "missing" });
    for (const key of Object.keys(messages)) if (!(key in en)) problems.push({ code, key, problem: "not in English" });
  }
  return problems;
}

/** An old-style plural object as one ICU message: {count, plural, one {…} other {…}},
 *  `{count}` inside the forms written `#`.  @param {Record<string, string>} forms */
export function pluralMessage(forms) {
  const order = ["zero", "one", "two", "few", "many", "other"];
  const cases = Object.keys(forms).sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((form) => `${form} {${forms[form].replaceAll("{count}", "#")}}`);
  return `{count, plural, ${cases.join(" ")}}`;
}

/** text, matched literally in a RegExp. @param {string} text */
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Rewrite the old-style plural objects of every catalogue as ICU messages, in place. */
async function convertAll() {
  for (const code of languages()) {
    const file = join(CATALOGUES, `${code}.js`);
    const messages = await source(code);
    let text = readFileSync(file, "utf-8");
    let changed = 0;
    for (const [key, value] of Object.entries(messages)) {
      if (typeof value === "string") continue;
      const object = new RegExp(`${literal(JSON.stringify(key))}: \\{(?:\\s*\\w+: "(?:[^"\\\\]|\\\\.)*",?)*\\s*\\}`);
      if (!object.test(text)) throw new Error(`${code}.js: cannot find the object of ${key}`);
      text = text.replace(object, () => `${JSON.stringify(key)}: ${JSON.stringify(pluralMessage(value))}`);
      changed += 1;
    }
    if (changed) {
      writeFileSync(file, text);
      const again = await source(code);
      for (const [key, value] of Object.entries(messages)) {
        const want = typeof value === "string" ? value : pluralMessage(value);
        if (again[key] !== want) throw new Error(`${code}.js ${key}: the rewrite went wrong`);
      }
      console.log(`${code}.js: ${changed} plural message(s) converted`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === "compile" && rest[0] === "--out" && rest[1]) {
      await compileAll(resolve(rest[1]));
    } else if (command === "check") {
      process.stdout.write(JSON.stringify({ problems: check(await sources()) }));
    } else if (command === "convert") {
      await convertAll();
    } else {
      throw new Error("usage: node tools/messages.mjs compile --out DIR | check | convert");
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

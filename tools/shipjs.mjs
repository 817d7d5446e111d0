#!/usr/bin/env node
/// <reference types="node" />
// Our JavaScript as the site ships it: every module reprinted by a real parser
// and printer (esbuild, pinned in package.json) without its comments.  The JSDoc
// types and the header comments are for the type checker and the reader, not the
// player, and they were a fifth of a first visit's JavaScript.  Nothing else
// changes: no names are shortened, no syntax is lowered (the target is the one
// tsconfig.json checks against), strings (import specifiers, `new URL(...)`),
// import.meta, top-level await and dynamic import() are printed as written.
//
//   node tools/shipjs.mjs strip IN OUT
//       every *.js under IN reprinted into OUT at the same path (sitebuild/shipjs.py):
//       the modules and the service worker (a classic script) alike; a file that
//       does not parse, or any warning, stops it, naming the file
//   node tools/shipjs.mjs check DIR [--script REL]... [REL]...
//       the named files under DIR (or every *.js) parsed by acorn as ES2022 (a
//       module unless --script), their comments counted and their imports and
//       URLs listed: JSON {files, problems: [{file, problem}], modules: {REL:
//       {specifiers, meta, topAwait}}} (tests/test_shipjs.py: what the build
//       shipped, against web/'s sources)

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { parse } from "acorn";
import { transform } from "esbuild";

/** The syntax the pages are written in (tsconfig.json's target): nothing newer ships. */
export const TARGET = "es2022";

/** esbuild's options: comments (legal ones too) dropped, nothing renamed or lowered,
 *  no format: esbuild passes the modules' import and export statements through as
 *  written (format "esm" would turn `export { a } from "./x.js"` into an import and
 *  an export at the end), and a classic script (the service worker) stays one. */
export const OPTIONS = /** @type {const} */ ({
  loader: "js",
  target: TARGET,
  charset: "utf8",
  legalComments: "none",
  minifyIdentifiers: false,
  minifySyntax: false,
  logLevel: "silent",
});

/** A script without comments, laid out one statement a line.  esbuild keeps a
 *  comment that sits inside an expression (a JSDoc type cast before a parenthesized
 *  expression) unless it prints without whitespace, so it prints twice: packed, which drops
 *  every comment, then laid out again.  Packed alone would save a first visit
 *  another 7% of our scripts' bytes (8.7 KB gzip of 128 KB): too little for
 *  modules a reader (and a stack trace) can no longer follow line by line.
 *  A warning is an error.  @param {string} source @param {string} rel */
export async function reprint(source, rel) {
  let code = source;
  for (const minifyWhitespace of [true, false]) {
    const result = await transform(code, { ...OPTIONS, minifyWhitespace, sourcefile: rel });
    if (result.warnings.length) throw new Error(result.warnings.map((w) => w.text).join("; "));
    code = result.code;
  }
  return code;
}

/** Whether esbuild threw this: a failure that carries its messages. @param {unknown} e
 *  @returns {e is import("esbuild").TransformFailure} */
function isTransformFailure(e) {
  return e instanceof Error && "errors" in e && Array.isArray(e.errors);
}

/** What was thrown, in words: an error's message, or the value itself. @param {unknown} e */
function errorMessage(e) {
  return e instanceof Error ? e.message : String(e);
}

/** Every *.js file under base, as relative POSIX paths. @param {string} base */
function scripts(base) {
  const out = [];
  for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".js")) {
      out.push(relative(base, join(entry.parentPath, entry.name)).split(sep).join("/"));
    }
  }
  return out.sort();
}

/** The arguments after the command: positional ones and the --script names. @param {string[]} args */
function parseArgs(args) {
  const positional = [];
  const classic = new Set();
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--script") classic.add(args[++i]);
    else positional.push(args[i]);
  }
  return { positional, classic };
}

/** Reprint every script of `inDir` into `outDir` without comments. @param {string} inDir
 *  @param {string} outDir */
async function strip(inDir, outDir) {
  /** @type {string[]} */
  const failures = [];
  await Promise.all(
    scripts(inDir).map(async (rel) => {
      const source = readFileSync(join(inDir, rel), "utf8");
      try {
        const code = await reprint(source, rel);
        mkdirSync(dirname(join(outDir, rel)), { recursive: true });
        writeFileSync(join(outDir, rel), code);
      } catch (e) {
        failures.push(`${rel}: ${isTransformFailure(e) ? e.errors.map((x) => x.text).join("; ") : errorMessage(e)}`);
      }
    }),
  );
  if (failures.length) {
    process.stderr.write(failures.sort().join("\n") + "\n");
    process.exit(1);
  }
}

/** The one comment esbuild writes itself, on a call it knows has no side effects
 *  (`new Map()`): an annotation for bundlers, not a word from us. */
const PURE = " @__PURE__ ";

/** What a module asks of the world that a reprint must keep: the specifiers of its
 *  static imports and re-exports, its import() and `new URL(...)` string arguments
 *  (workers, the service worker, data files), in order, and how often it names
 *  import.meta and awaits at its top level.  @param {import("acorn").Program} program */
function links(program) {
  /** @type {string[]} */
  const specifiers = [];
  let meta = 0;
  let topAwait = 0;
  /** @param {any} node @param {boolean} inFunction */
  const visit = (node, inFunction) => {
    if (!node || typeof node.type !== "string") return;
    const t = node.type;
    if ((t === "ImportDeclaration" || t === "ExportAllDeclaration" || t === "ExportNamedDeclaration") && node.source) {
      specifiers.push(`${t === "ImportDeclaration" ? "import" : "export"} ${node.source.value}`);
    } else if (t === "ImportExpression" && node.source.type === "Literal") {
      specifiers.push(`import() ${node.source.value}`);
    } else if (t === "NewExpression" && node.callee.type === "Identifier" && node.callee.name === "URL" && node.arguments[0]?.type === "Literal") {
      specifiers.push(`new URL ${node.arguments[0].value}`);
    } else if (t === "MetaProperty" && node.meta.name === "import") {
      meta++;
    } else if ((t === "AwaitExpression" || (t === "ForOfStatement" && node.await)) && !inFunction) {
      topAwait++;
    }
    const inner = inFunction || /Function/.test(t);
    for (const [key, value] of Object.entries(node)) {
      if (key === "type" || !value || typeof value !== "object") continue;
      for (const child of Array.isArray(value) ? value : [value]) visit(child, inner);
    }
  };
  visit(program, false);
  return { specifiers, meta, topAwait };
}

/** Each file parsed as ES2022 (a module, or a classic script), its comments counted
 *  (but esbuild's PURE annotation) and its links (see `links`) listed.
 *  @param {string} dir @param {string[]} files @param {Set<string>} classic */
function check(dir, files, classic) {
  const problems = [];
  /** @type {Record<string, ReturnType<typeof links>>} */
  const modules = {};
  for (const rel of files) {
    /** @type {import("acorn").Comment[]} */
    const comments = [];
    let program;
    try {
      program = parse(readFileSync(join(dir, rel), "utf8"), {
        ecmaVersion: 2022,
        sourceType: classic.has(rel) ? "script" : "module",
        onComment: comments,
      });
    } catch (e) {
      problems.push({ file: rel, problem: `does not parse as ES2022: ${errorMessage(e)}` });
      continue;
    }
    for (const c of comments.filter((c) => !(c.type === "Block" && c.value === PURE))) {
      problems.push({ file: rel, problem: `a ${c.type} comment at ${c.start}: ${c.value.slice(0, 60)}` });
    }
    modules[rel] = links(program);
  }
  process.stdout.write(JSON.stringify({ files, problems, modules }) + "\n");
}

const [command, ...rest] = process.argv.slice(2);
const { positional, classic } = parseArgs(rest);
if (command === "strip" && positional.length === 2 && !classic.size) {
  await strip(positional[0], positional[1]);
} else if (command === "check" && positional.length >= 1) {
  const [dir, ...named] = positional;
  check(dir, named.length ? named : scripts(dir), classic);
} else {
  process.stderr.write("usage: node tools/shipjs.mjs strip IN OUT | check DIR [--script REL]... [REL]...\n");
  process.exit(2);
}

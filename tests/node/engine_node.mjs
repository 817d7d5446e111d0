// An engine client for front-end modules run in Node (lib/game/session.js and the
// pages that use it): the built wheel in Pyodide (pyodide_boot.mjs), answering
// `requestValue(op, args)` as lib/engine/client.js does (the result, or {error:
// {code, message}}), each answer a task later, as a worker's would be.
// `failNext(op, code)` makes the next request of `op` fail with that code (an
// engine down, for the tests of what a page does then).

import { bootEngine } from "./pyodide_boot.mjs";

export async function nodeEngine(distDir) {
  const pyodide = await bootEngine(distDir);
  const handle = pyodide.runPython("from tsuro_core.api import handle_json\nhandle_json");
  /** @type {Map<string, string>} op -> the code its next request fails with */
  const failing = new Map();
  const engine = {
    ready: Promise.resolve(),
    requests: 0,
    failNext(op, code) { failing.set(op, code); },
    async requestValue(op, args = {}) {
      engine.requests++;
      await new Promise((r) => setImmediate(r));
      if (failing.has(op)) {
        const code = failing.get(op);
        failing.delete(op);
        return { error: { code, message: `${op} failed (a test's engine failure)` } };
      }
      const answer = JSON.parse(handle(JSON.stringify({ op, args })));
      return answer.ok ? answer.result : { error: answer.error };
    },
    async request(op, args = {}) {
      const r = await engine.requestValue(op, args);
      if (r && r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
      return r;
    },
  };
  return engine;
}

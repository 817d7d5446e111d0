// The engine smoke test page (smoke.html): boot the engine, ask it a few questions.
// A file, not an inline script: the site's Content-Security-Policy allows no inline script.
import { EngineError, getEngine, installWindowTsuro, loadTiles } from "../../lib/engine/client.js";
import { $ } from "../../lib/shell/dom.js";
const out = (/** @type {string} */ line) => { $("out").textContent += line + "\n"; };
/** @param {string} cls @param {string} word @param {string} rest */
const status = (cls, word, rest) => {
  const s = document.createElement("span");
  s.className = cls;
  s.textContent = word;
  $("status").replaceChildren(s, rest);
};
const engine = getEngine();
const tsuro = installWindowTsuro(engine);
/** @type {unknown[]} */
const progressLog = [];
window.progressLog = progressLog;
engine.onProgress((p) => {
  progressLog.push(p);
  $("bar").value = p.fraction;
  $("status").textContent = `${p.label} (${Math.round(p.fraction * 100)}%)`;
});
loadTiles().then((t) => out(`tiles.json: ${t.length} tiles`), (e) => out(`tiles.json: ${e}`));
try {
  const info = await tsuro.ready;
  status("ok", "Ready", ` (install: ${info.install})`);
  out(`engine ${info.engine.version} on Pyodide ${info.pyodide}, install=${info.install}`);
  out(`timings (ms since worker start): ${JSON.stringify(info.timings)}`);
  out(`version -> ${JSON.stringify(await tsuro.request("version"))}`);
  out(`nonsense -> ${JSON.stringify(await tsuro.request("no-such-op"))}`);
  document.body.dataset.ready = "yes";
} catch (e) {
  status("bad", "Failed:", ` ${(e instanceof EngineError && e.code) || ""} ${e instanceof Error ? e.message : e}`);
  document.body.dataset.ready = "failed";
}

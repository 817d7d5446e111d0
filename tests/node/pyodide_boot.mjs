// Booting the built engine wheel in Pyodide under Node, as the site's worker does
// (its lock file path): shared by run_pyodide.mjs (requests on stdin) and
// engine_node.mjs (an engine client for front-end modules run in Node).

import { readFileSync } from "node:fs";
import { resolve, join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * What loading Pyodide needs for this dist: its build.json, loadPyodide's options, the
 * wheel's path and lock(withEngine), the lock file (with the engine wheel or without).
 * @param {string} distDir @param {"shipped" | "full"} stdlib @param {(line: string) => void} log
 */
export function pyodideSetup(distDir, stdlib, log) {
  const dist = resolve(distDir);
  const build = JSON.parse(readFileSync(join(dist, "build.json"), "utf8"));
  const indexURL = join(dist, build.pyodideDir) + "/";
  const options = {
    indexURL,
    stdLibURL: stdlib === "shipped" ? join(dist, build.stdlib.url) : join(indexURL, "python_stdlib.zip"),
    stdout: log,
    stderr: log,
  };
  const wheel = join(dist, build.engine.wheel);
  const lock = (withEngine) => ({ info: build.lockInfo, packages: withEngine ? { "tsuro-core": {
    name: "tsuro-core", version: build.engine.version, file_name: build.engine.wheel, install_dir: "site",
    sha256: build.engine.sha256, package_type: "package", imports: build.engine.imports, depends: [] } } : {} });
  return { dist, build, options, wheel, lock };
}

/** Pyodide with the engine installed from the lock file, as the worker installs it. @param {string} distDir */
export async function bootEngine(distDir, log = (s) => process.stderr.write(`[python] ${s}\n`)) {
  const { dist, options, lock } = pyodideSetup(distDir, "shipped", log);
  const { loadPyodide } = await import(pathToFileURL(join(options.indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ ...options, lockFileContents: lock(true), packageBaseUrl: dist + "/", packages: ["tsuro-core"] });
  if (!pyodide.loadedPackages["tsuro-core"]) throw new Error("the engine wheel did not load from the lock file");
  return pyodide;
}

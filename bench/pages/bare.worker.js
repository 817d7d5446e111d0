// Bare Pyodide start-up in a module worker (see bare.html).
const params = new URLSearchParams(self.name.split("#")[1] || "");
const indexURL = params.get("indexURL");
const t0 = performance.now();
try {
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const options = { indexURL };
  if (params.get("lock") === "inline") {
    const lock = { info: { abi_version: "", arch: "wasm32", platform: "", python: "" }, packages: {} };
    options.lockFileContents = await (await fetch(indexURL + "pyodide-lock.json")).json().then(
      (l) => ({ info: l.info, packages: {} }), () => lock);
  }
  const pyodide = await loadPyodide(options);
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  self.postMessage({ ok: true, version: pyodide.version, python: version, ms: performance.now() - t0 });
} catch (e) {
  self.postMessage({ ok: false, error: String(e) });
}

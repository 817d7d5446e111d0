// Pyodide's WebAssembly compiled as soon as the worker starts, beside the
// snapshot's read, instead of after it: loadPyodide() waits for the snapshot
// before it asks for the module (it sizes the memory from it), so left alone
// the two run one after the other.  The compile is a streaming one, from the
// fetched response (served by the service worker on a later visit), so the
// browser's cache of the compiled code keeps working as it does for Pyodide's
// own instantiateStreaming().
//
// How: the worker fetches the module once, here; Pyodide's own fetch of the
// same URL gets that response (the worker's fetch hook asks `handOut`), and
// its WebAssembly.instantiateStreaming() of it instantiates the module
// compiled here.  Anything else, or a compile that failed, goes Pyodide's way.

/**
 * Start compiling `url` now.  Returns `handOut(url)`: the response promise to
 * give Pyodide's fetch of `url` (once), or null for any other URL.
 * @param {string} url  the absolute URL of pyodide.asm.wasm
 * @param {(url: string) => Promise<Response>} fetchWasm  fetches it (the worker's
 *   fetch, which counts the bytes for the progress bar)
 * @returns {(url: string) => Promise<Response> | null}
 */
export function compileEarly(url, fetchWasm) {
  if (typeof WebAssembly.compileStreaming !== "function") return () => null;
  const response = fetchWasm(url);
  response.catch(() => {}); // the compile fails with it
  const compiled = WebAssembly.compileStreaming(response);
  compiled.catch(() => {}); // then Pyodide compiles it itself (below)
  const realInstantiate = WebAssembly.instantiateStreaming;
  let handed = false;
  WebAssembly.instantiateStreaming = async function instantiateStreaming(source, imports) {
    if (source !== response) return realInstantiate(source, imports);
    WebAssembly.instantiateStreaming = realInstantiate;
    let module;
    try {
      module = await compiled;
    } catch {
      return realInstantiate(fetch(url), imports);
    }
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return (asked) => {
    if (asked !== url || handed) return null;
    handed = true;
    return response;
  };
}

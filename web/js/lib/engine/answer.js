// requestValue's answer type, for the type checker only (tsconfig.json; the build
// does not ship this file): the page-side wrapper of an engine answer, not engine
// JSON (those are web/js/lib/types.js, generated from tsuro_core/shapes.py, which
// re-exports this one as `Answer` for the modules that import it from there).
export {};

/** @import {ErrorValue} from "../types.js" */

/**
 * requestValue's answer: the result, or {error} where request() would reject
 * (whose other fields read as undefined, so `r.move` may be asked of either).
 * @template R
 * @typedef {(R & {error?: undefined}) | ({error: ErrorValue} & {[P in keyof R]?: undefined})} Answer
 */

// What the pages put on window for tests, tools and the embedding page (only
// the type checker reads this file; build.py does not ship it).
export {};

declare global {
  interface Window {
    /** installWindowTsuro (lib/engine/client.js), embed.html's own: {ready, request, engine}. */
    tsuro?: {
      readonly ready: Promise<any>;
      request(op: string, args?: object): Promise<any>;
      [more: string]: unknown;
    };
    /** The game page's app object, for the browser tests. */
    tsuroApp?: unknown;
    /** review.html: the review on the page (its moves, run and game), for the browser tests. */
    tsuroReview?: unknown;
    /** smoke.html: every progress message of the engine's start-up. */
    progressLog?: unknown[];
  }
}

// The types of js/build-info.js, which build.py generates into dist/ (see
// build_info_js there): only the type checker reads this file.

/** What the build wrote about the engine's files (build.py's `info`). */
export const BUILD: {
  pyodideVersion: string;
  pyodideSha256: string;
  pyodideDir: string;
  micropipWheel: string;
  micropipSha256: string;
  engine: {
    name: string; version: string; wheel: string; sha256: string; imports: string[];
    /** the snapshot path's engine: the core (precached) and the later part, each one
     *  gzip stream (sitebuild/archives.py engine_parts) */
    parts: { core: { url: string; sha256: string }; later: { url: string; sha256: string } };
  };
  /** the snapshot path's (a first visit's): one gzip stream (sitebuild/archives.py) */
  stdlib: { url: string; sha256: string; python: string; modules: number };
  /** the lock path's: the same modules and what its loadPackage imports */
  stdlibLock: { url: string; sha256: string; python: string; modules: number };
  lockInfo: Record<string, unknown>;
  sizes: Record<string, number>;
};
/** The site root's URL, ending in "/". */
export const siteRoot: string;
/** A path of the site as an absolute URL. */
export function siteURL(path: string): string;

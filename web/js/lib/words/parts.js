// Which compiled messages a key is in.  The build (tools/messages.mjs) compiles each
// catalogue into parts: "core", the words of every first-visit page, and one part per
// later-tier page (sitebuild/precache.py's LATER_PAGES), its section's words, which
// load only with that page (it names them on its <html data-words="...">).  A key's
// part is its section's (the text before the first dot); a word a first-visit page
// needs is in common.* or its own page's section, never in a later page's.

/** The sections that load only with a later-tier page: section -> part (the page's name). */
export const LATER_SECTIONS = Object.freeze({
  room: "room",
  review: "review",
  editor: "editor",
  lessonEdit: "lesson-edit",
});

/** The part of the first visit's words. */
export const CORE = "core";

/** Every part, "core" first. */
export const PARTS = Object.freeze([CORE, ...new Set(Object.values(LATER_SECTIONS))]);

/** The part key's message is compiled into.
 *  @param {string} key @returns {string} */
export function partOf(key) {
  const section = key.split(".", 1)[0];
  return Object.hasOwn(LATER_SECTIONS, section) ? LATER_SECTIONS[section] : CORE;
}

// The one DOM shorthand every page uses: an element by its id.

/**
 * The element with this id (null if the page has none).
 * @param {string} id
 * @returns {any} the element, typed loosely: pages know which kind each id is
 */
export const $ = (id) => document.getElementById(id);

// The compiled messages (tools/messages.mjs writes messages/<part>/<code>.js into the
// built site, from catalogues/<code>.js; nothing of them is in web/): the type of the
// English core part, which i18n.js imports statically.  A message is a plain text, or
// a function of its params (plurals, selects).
declare const messages: Record<string, string | ((params: Record<string, unknown>) => string)>;
export default messages;

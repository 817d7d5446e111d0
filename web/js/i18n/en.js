// English: the reference catalogue. Every key here must exist in every other
// catalogue (a test checks). Keys are grouped by feature: "lang.*", "game.*",
// "setup.*", "log.*", "error.*", "embed.*", "tutorial.*", "daily.*", ...
export default {
  "lang.name": "English",
  "lang.choose": "Language",
};

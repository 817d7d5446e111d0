// English: the reference catalogue. Every key here must exist in every other
// catalogue (a test checks). Keys are grouped by feature: "lang.*", "game.*",
// "setup.*", "log.*", "error.*", "embed.*", "tutorial.*", "daily.*", ...
export default {
  "lang.name": "English",
  "lang.choose": "Language",

  // embed.*: the embedded board (embed.html) and "Embed this game"
  "embed.waitingHost": "Waiting for the page to send a board.",

  // app.*: the installed app and its updates
  "app.updateReady": "A new version of Tsuro is ready. Your game is saved and carries on after the reload.",
  "app.updateReload": "Reload",
};

// English: the reference catalogue. Every key here must exist in every other
// catalogue (a test checks). Keys are grouped by feature: "lang.*", "game.*",
// "setup.*", "log.*", "error.*", "embed.*", "tutorial.*", "daily.*", ...
export default {
  "lang.name": "English",
  "lang.choose": "Language",

  // embed.*: the embedded board (embed.html) and "Embed this game"
  "embed.waitingHost": "Waiting for the page to send a board.",

  "embed.code.heading": "Put it on your page",
  "embed.code.game": "Embed this game",
  "embed.code.position": "Embed this position",
  "embed.code.gameHeading": "This game, to step through (it opens at the move on show): paste this code into your page.",
  "embed.code.positionHeading": "The position on show: paste this code into your page.",
  "embed.code.gameTitle": { one: "Tsuro: a game of {count} player", other: "Tsuro: a game of {count} players" },
  "embed.code.positionTitle": "Tsuro: the position after move {n}",
  "embed.code.dealTitle": "Tsuro: the deal",
  "embed.code.copy": "Copy",
  "embed.code.copied": "Copied",
  "embed.code.preview": "Preview",
  "embed.code.failed": "(no code: {reason})",

  // app.*: the installed app and its updates
  "app.updateReady": "A new version of Tsuro is ready. Your game is saved and carries on after the reload.",
  "app.updateReload": "Reload",
};

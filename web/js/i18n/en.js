// English: the reference catalogue. Every key here must exist in every other
// catalogue (a test checks). Keys are grouped by feature: "lang.*", "game.*",
// "setup.*", "log.*", "error.*", "embed.*", "tutorial.*", "daily.*", ...
export default {
  "lang.name": "English",
  "lang.choose": "Language",

  // embed.*: the embedded board (embed.html) and "Embed this game"
  "embed.tile": "tile {n}",
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

  // tutorial.*: the rules tutorial's later sections
  "tutorial.bonus.title": "Variant: the elimination bonus",
  "tutorial.bonus.text": "With the elimination bonus (3 or more players), a player whose tile puts others out is rewarded: before the turn ends they may swap tiles of their hand for as many of the eliminated players' tiles, before those go back into the pile.",
  "tutorial.bonus.try": "Step forward: Di's tile sends Ann off the edge, then Di exchanges tiles with Ann's hand.",
  "tutorial.bonus.frame": "Example: the elimination bonus, in a recorded game",
  "tutorial.together.title": "Shared wins: out together",
  "tutorial.together.text": "If the last markers on the board all go out on the same move, nobody is left to win alone: those players share the win.",
  "tutorial.together.try": "Step forward: Cy's last tile sends both Ann and Cy off the edge together, and they share the win.",
  "tutorial.together.frame": "Example: two markers going out together",
  "tutorial.exhausted.title": "Shared wins: the tiles run out",
  "tutorial.exhausted.text": "When every tile has been played and several markers are still on the board, the players still on the board share the win.",
  "tutorial.exhausted.try": "Step to the end: the last tile is played, Ann and Bo are both still on the board, and they share the win.",
  "tutorial.exhausted.frame": "Example: the tiles running out",
  "tutorial.solo.title": "Variant: solo",
  "tutorial.solo.text": "Alone on the board, you play until your marker goes out or the tiles run out. Your score is the number of tiles you placed: try to beat it.",
  "tutorial.solo.try": "Step to the end: Ann's last tile takes her off the edge, after placing 19 tiles.",
  "tutorial.solo.frame": "Example: a solo game",
  "tutorial.open.title": "Variant: open hands",
  "tutorial.open.text": "With open hands every player plays with their tiles face up: everyone can see what the others could do next, and plan against it. The rules of play do not change.",
  "tutorial.open.try": "Step through the first moves: every player's tiles show under the board, and change as they play and draw.",
  "tutorial.open.frame": "Example: an open-hands game",
  "tutorial.longest.title": "Variant: longest path",
  "tutorial.longest.text": "In the longest-path game the winner is the player whose marker travelled furthest, counted in tile paths, whether or not it is still on the board at the end.",
  "tutorial.longest.try": "Step to the end: Ann goes off the edge on the last move, yet wins with the longest path (16 against Bo's 15).",
  "tutorial.longest.frame": "Example: a longest-path game",
  "tutorial.crossings.title": "Variant: most crossings",
  "tutorial.crossings.text": "In the most-crossings game, every tile path your marker travels scores how many of that tile's other three paths it crosses; the highest total wins, even for a marker that has gone out.",
  "tutorial.crossings.try": "Step to the end: the game is over, and Ann and Bo share the win with 17 crossings each, though Ann's marker went out.",
  "tutorial.crossings.frame": "Example: a most-crossings game",
};

// Français (the Matagot edition's language). Typography: a narrow no-break
// space (U+202F) before « : ! ? ; » and inside guillemets.
export default {
  "lang.name": "Français",
  "lang.choose": "Langue",

  // embed.*
  "embed.waitingHost": "En attente du plateau que la page doit envoyer.",

  "embed.code.heading": "Sur votre page",
  "embed.code.game": "Intégrer cette partie",
  "embed.code.position": "Intégrer cette position",
  "embed.code.gameHeading": "Cette partie, à parcourir coup par coup (elle s’ouvre au coup affiché)\u202f: collez ce code dans votre page.",
  "embed.code.positionHeading": "La position affichée\u202f: collez ce code dans votre page.",
  "embed.code.gameTitle": { one: "Tsuro\u202f: une partie à {count} joueur", other: "Tsuro\u202f: une partie à {count} joueurs" },
  "embed.code.positionTitle": "Tsuro\u202f: la position après le coup {n}",
  "embed.code.dealTitle": "Tsuro\u202f: la donne",
  "embed.code.copy": "Copier",
  "embed.code.copied": "Copié",
  "embed.code.preview": "Aperçu",
  "embed.code.failed": "(pas de code\u202f: {reason})",

  // app.*
  "app.updateReady": "Une nouvelle version de Tsuro est prête. Votre partie est enregistrée et continue après le rechargement.",
  "app.updateReload": "Recharger",
};

// Français (the Matagot edition's language). Typography: a narrow no-break
// space (U+202F) before « : ! ? ; » and inside guillemets.
export default {
  "lang.name": "Français",
  "lang.choose": "Langue",

  // embed.*
  "embed.waitingHost": "En attente du plateau que la page doit envoyer.",

  // app.*
  "app.updateReady": "Une nouvelle version de Tsuro est prête. Votre partie est enregistrée et continue après le rechargement.",
  "app.updateReload": "Recharger",
};

// Français (the Matagot edition's language). Typography: a narrow no-break
// space (U+202F) before « : ! ? ; » and inside guillemets.
export default {
  "lang.name": "Français",
  "lang.choose": "Langue",

  // embed.*
  "embed.waitingHost": "En attente du plateau que la page doit envoyer.",
};

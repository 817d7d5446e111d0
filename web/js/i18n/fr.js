// Français (the Matagot edition's language). Typography: a narrow no-break
// space (U+202F) before « : ! ? ; » and inside guillemets.
export default {
  "lang.name": "Français",
  "lang.choose": "Langue",

  // embed.*
  "embed.tile": "tuile {n}",
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

  // tutorial.*
  "tutorial.bonus.title": "Variante : le bonus d’élimination",
  "tutorial.bonus.text": "Avec le bonus d’élimination (3 joueurs ou plus), le joueur dont la tuile fait sortir d’autres pions est récompensé : avant la fin du tour, il peut échanger des tuiles de sa main contre autant de tuiles des joueurs éliminés, avant qu’elles ne retournent dans la pioche.",
  "tutorial.bonus.try": "Avancez : la tuile de Di fait sortir Ann du plateau, puis Di échange des tuiles avec la main d’Ann.",
  "tutorial.bonus.frame": "Exemple : le bonus d’élimination",
  "tutorial.together.title": "Victoires partagées : sortis ensemble",
  "tutorial.together.text": "Si les derniers pions sur le plateau sortent tous au même coup, personne ne reste pour gagner seul : ces joueurs se partagent la victoire.",
  "tutorial.together.try": "Avancez : la dernière tuile de Cy fait sortir Ann et Cy ensemble, et ils se partagent la victoire.",
  "tutorial.together.frame": "Exemple : sortis ensemble",
  "tutorial.exhausted.title": "Victoires partagées : plus de tuiles",
  "tutorial.exhausted.text": "Quand toutes les tuiles ont été jouées et que plusieurs pions sont encore sur le plateau, les joueurs encore en jeu se partagent la victoire.",
  "tutorial.exhausted.try": "Allez jusqu’au bout : la dernière tuile est jouée, Ann et Bo sont toujours sur le plateau, et ils se partagent la victoire.",
  "tutorial.exhausted.frame": "Exemple : plus de tuiles",
  "tutorial.solo.title": "Variante : en solo",
  "tutorial.solo.text": "Seul sur le plateau, vous jouez jusqu’à ce que votre pion sorte ou que les tuiles soient épuisées. Votre score est le nombre de tuiles posées : essayez de le battre.",
  "tutorial.solo.try": "Allez jusqu’au bout : la dernière tuile d’Ann la fait sortir, après 19 tuiles posées.",
  "tutorial.solo.frame": "Exemple : en solo",
  "tutorial.open.title": "Variante : mains ouvertes",
  "tutorial.open.text": "En mains ouvertes, chacun joue ses tuiles face visible : tout le monde voit ce que les autres pourraient faire et peut s’en prémunir. Les règles du jeu ne changent pas.",
  "tutorial.open.try": "Parcourez les premiers coups : les tuiles de chaque joueur s’affichent sous le plateau et changent à chaque pose et pioche.",
  "tutorial.open.frame": "Exemple : mains ouvertes",
  "tutorial.longest.title": "Variante : le plus long chemin",
  "tutorial.longest.text": "Dans la partie au plus long chemin, gagne le joueur dont le pion a parcouru le plus de chemins de tuiles, qu’il soit encore sur le plateau à la fin ou non.",
  "tutorial.longest.try": "Allez jusqu’au bout : Ann sort au dernier coup, mais gagne avec le plus long chemin (16 contre 15 pour Bo).",
  "tutorial.longest.frame": "Exemple : le plus long chemin",
  "tutorial.crossings.title": "Variante : le plus de croisements",
  "tutorial.crossings.text": "Dans la partie au plus de croisements, chaque chemin de tuile parcouru par votre pion rapporte le nombre des trois autres chemins de la tuile qu’il croise ; le plus haut total gagne, même pour un pion sorti.",
  "tutorial.crossings.try": "Allez jusqu’au bout : la partie est finie, et Ann et Bo se partagent la victoire avec 17 croisements chacun, bien que le pion d’Ann soit sorti.",
  "tutorial.crossings.frame": "Exemple : le plus de croisements",
};

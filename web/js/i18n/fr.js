// Français (the Matagot edition's language). Typography: a narrow no-break
// space (U+202F) before « : ! ? ; » and inside guillemets.
export default {
  "lang.name": "Français",
  "lang.choose": "Langue",
};

// eslint's flat config (`npx eslint web tools`): @eslint/js's recommended
// rules over the site's ES modules, each folder with the globals of where it
// runs: the pages in the browser, the workers in a worker, tools/ in Node.
//
// The front end's layers (docs/frontend.md) import downward only, and no
// module imports itself back through others (eslint-plugin-import-x's
// no-restricted-paths and no-cycle; tests/test_layers.py shows both fail):
//
//   pages/<page>   one page's wiring: any layer below, never another page
//   lib/lessonview a lesson shown on its board: steps, the reader's moves
//                  (lesson.html's one, the rules tutorial's boards)
//   lib/authoring  the authoring pages' drafts (the board and lesson editors'
//                  only: loaded with them, the later tier)
//   lib/shell      the page's frame: boot, status and notices, the top bar
//   lib/turns      a human's turn: controllers over the views
//   lib/game       the game a page keeps, and its turn loop
//   lib/engine     the engine client
//   lib/lessons    a lesson's texts
//   lib/views      drawing: no rules, and no game
//   lib/words      the catalogues and the words of the game
//   lib/base       what every layer reads: storage, the address, motion
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import importX from "eslint-plugin-import-x";

const LIB = "./web/js/lib";
const PAGES = "./web/js/pages";

// Each layer, and the layers it must not import (the ones above it, and its siblings).
const LAYERS = {
  lessonview: ["authoring"],
  authoring: ["lessonview", "shell", "turns", "game", "engine", "lessons", "views"],
  shell: ["lessonview", "game", "authoring"],
  turns: ["lessonview", "shell", "game", "engine", "lessons", "authoring"],
  game: ["lessonview", "shell", "turns", "views", "lessons", "authoring"],
  engine: ["lessonview", "shell", "turns", "game", "lessons", "views", "words", "authoring"],
  lessons: ["lessonview", "shell", "turns", "game", "engine", "views", "authoring"],
  views: ["lessonview", "shell", "turns", "game", "engine", "lessons", "authoring"],
  words: ["lessonview", "shell", "turns", "game", "engine", "lessons", "views", "authoring"],
  base: ["lessonview", "shell", "turns", "game", "engine", "lessons", "views", "words", "authoring"],
};

const zones = [
  // nothing in lib/ imports a page
  { target: LIB, from: PAGES, message: "lib/ is shared by every page: it never imports one." },
  ...Object.entries(LAYERS).map(([layer, above]) => ({
    target: `${LIB}/${layer}`,
    from: above.map((other) => `${LIB}/${other}`),
    message: `lib/${layer} imports only the layers below it (docs/frontend.md, "The layers").`,
  })),
  // a page imports lib/, never another page
  ...readdirSync(PAGES).map((page) => ({
    target: `${PAGES}/${page}`,
    from: PAGES,
    except: [`./${page}`],
    message: "A page imports lib/, never another page: what two pages share moves to lib/.",
  })),
];

export default [
  { ignores: ["dist/", "node_modules/", ".cache/", "build/", "test-artifacts/"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["web/js/**/*.js"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      "import-x/no-cycle": "error",
    },
  },
  {
    files: ["web/engine.worker.js", "web/worker/**/*.js"],
    languageOptions: { globals: { ...globals.worker, ...globals.sharedWorker } },
  },
  {
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    files: ["tools/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.node },
  },
  {
    // `const { position, ...game } = save` drops position on purpose; a base class's method
    // that its subclasses define names the arguments it does not use `_like` this.
    rules: { "no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_" }] },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
];

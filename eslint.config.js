// eslint's flat config (`npx eslint web tools`): @eslint/js's recommended
// rules over the site's ES modules, each folder with the globals of where it
// runs: the pages in the browser, the workers in a worker, tools/ in Node.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "node_modules/", ".cache/", "build/", "test-artifacts/"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.browser },
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
    // `const { position, ...game } = save` drops position on purpose.
    rules: { "no-unused-vars": ["error", { ignoreRestSiblings: true }] },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
];

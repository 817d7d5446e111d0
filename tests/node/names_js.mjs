// web/js/lib/words/names.js in Node on tests/data/names/cases.json: prints, as JSON,
// what cleanName made of each case's input (tests/node/test_names_js.py compares).

import { readFileSync } from "node:fs";
import { cleanName } from "../../web/js/lib/words/names.js";

const { cases } = JSON.parse(readFileSync(new URL("../data/names/cases.json", import.meta.url), "utf8"));
process.stdout.write(JSON.stringify(cases.map(([name]) => cleanName(name))));

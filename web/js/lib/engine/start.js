// Starts the page's engine as soon as the browser has read the page's <head>,
// before the page's own modules have loaded: their graph takes several round
// trips, and the engine's start-up (the worker, Pyodide, the snapshot) does
// not need them.  A page that plays loads this first (async, in its <head>);
// its getEngine() then finds the engine already starting.  Only for pages
// whose engine has the default options (docs/browser-api.md).

import { getEngine } from "./client.js";

getEngine();

// Runs the WebAssembly web_smoke under Node with this script's arguments:
//   node --no-experimental-fetch tools/web/smoke.js BUILD-WEB-DIR ARGS...
// (Node's fetch can't read a file path, and emscripten 3.1.6 reaches for
// it first.) The module is made by a factory (-sMODULARIZE), as a page
// will make it, so its .wasm and packed data are found beside it.
'use strict';
const path = require('path');
const dir = path.resolve(process.argv[2]);
const create = require(path.join(dir, 'web_smoke.js'));
create({
  arguments: process.argv.slice(3),
  locateFile: (file) => path.join(dir, file),
});

// The bundle's stand-in for undici/lib/dispatcher/client-h2.js (see build.mjs). HTTP/2 is only used
// when a dispatcher is created with allowH2, which the CLI never does; loading node:http2 (and
// node:tls with it) cost time on every request-making start (`npm run bench -- --only startup`).
'use strict';

module.exports = function connectH2() {
  throw new Error('HTTP/2 is not included in the healthdata bundle');
};

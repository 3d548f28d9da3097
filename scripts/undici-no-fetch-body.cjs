// The bundle's stand-in for undici/lib/web/fetch/body.js (see build.mjs). undici's HTTP/1.1
// client requires it only to send a FormData body; the CLI sends GETs without a body. Leaving
// it out drops undici's fetch, WebIDL and FormData code from the parsed bundle.
'use strict';

module.exports = {
  extractBody() {
    throw new Error('FormData bodies are not included in the healthdata bundle');
  },
};

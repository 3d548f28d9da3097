// Stand-in for undici's lib/llhttp/llhttp_simd-wasm.js: see undici-llhttp-file.cjs.
'use strict';

module.exports = require('./undici-llhttp-file.cjs')('llhttp_simd');

// The bundle's stand-in for undici's lib/llhttp/llhttp{,_simd}-wasm.js (see build.mjs). Those
// carry the llhttp parser as a base64 string each, which made them a large part of the undici
// chunk that every request-making command reads, compiles (or deserialises from its code
// cache, where the string is held once more) and decodes. The build writes the decoded bytes
// to dist/llhttp/ instead; this reads the one undici asks for, when it asks.
// The chunk that holds this file is in dist/ or dist/chunks/ (rollup's layout).
'use strict';

const { readFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');

const dist = basename(__dirname) === 'chunks' ? dirname(__dirname) : __dirname;

/** @param {'llhttp' | 'llhttp_simd'} name */
module.exports = (name) => readFileSync(join(dist, 'llhttp', `${name}.wasm`));

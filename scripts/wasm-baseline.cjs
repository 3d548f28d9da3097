// Required first by undici-slim.mjs, so it runs before any undici module, and before undici
// compiles its llhttp WebAssembly parser (lazily, on its first connection: client-h1.js).
//
// 1. Liftoff only. By default V8 compiles hot wasm functions again with TurboFan in a background
//    thread, and a process cannot exit until that job ends: llhttp's big parser function takes long
//    to compile with TurboFan, which every one-request command (profile, catalog, one page of
//    metrics) paid at exit. Liftoff, the baseline compiler, is plenty for llhttp: it parses headers
//    and frames bodies, while the bytes of a body are only sliced. Exports were measured no slower
//    without the TurboFan tier (see bench/README.md).
//
// 2. Compiled in the background, now. undici compiles the module synchronously, on the main thread,
//    when its first socket connects (`new WebAssembly.Module`), and V8 then compiles each parser
//    function lazily on its first call, while the first response is parsed. Started here, as the
//    undici chunk loads, `WebAssembly.compile` compiles every function with Liftoff on V8's worker
//    threads while the main thread loads the rest of the command, and V8's in-process module cache
//    hands undici the finished module for the same bytes (checked: its synchronous compile and the
//    first parse then take next to nothing; `npm run bench -- --only one-request`). Eager
//    compilation costs more CPU in all (it compiles functions a response may never call), but off
//    the main thread. The bytes are the ones undici will choose (its SIMD build unless
//    UNDICI_NO_WASM_SIMD=1; undici's ppc64 exception is left to undici: a module compiled for
//    nothing only costs background CPU). A failure here is undici's to report when it compiles for
//    real.
'use strict';

const { setFlagsFromString } = require('node:v8');

// 3. Node's built-in modules carry a code cache made under V8's default flags, which V8 refuses
//    once a flag has changed: every built-in loaded after the two lines below is compiled from
//    source. undici loads node:http (and with it eight more modules: its client, server,
//    agent...) right after this file, so it is loaded first, with its cache
//    (`node --profile-deserialization`: 9 of the 12 refused caches of `profile` were these).
require('node:http');
setFlagsFromString('--liftoff-only');
setFlagsFromString('--no-wasm-lazy-compilation');
const bytes =
  process.env.UNDICI_NO_WASM_SIMD === '1'
    ? require('undici/lib/llhttp/llhttp-wasm.js')
    : require('undici/lib/llhttp/llhttp_simd-wasm.js');
// Node's own types (no DOM lib here) do not declare the WebAssembly global.
/** @type {{ compile(bytes: Uint8Array): Promise<unknown> }} */
const wasm = /** @type {any} */ (globalThis).WebAssembly;
wasm.compile(bytes).catch(() => undefined);

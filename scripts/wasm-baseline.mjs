// Imported first by undici-slim.mjs, so it runs before any undici module, and long before
// undici compiles its llhttp WebAssembly parser (lazily, on its first connection).
//
// By default V8 compiles hot wasm functions again with TurboFan in a background thread, and a
// process cannot exit until that job ends: llhttp's big parser function takes 70–130 ms on this
// machine, which every one-request command (profile, catalog, one page of metrics) paid at exit.
// Liftoff, the baseline compiler, is plenty for llhttp here: it parses headers and frames
// bodies, while the bytes of a body are only sliced. Exports were measured no slower without the
// TurboFan tier (see bench/README.md), so the flag is set for every command.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--liftoff-only');

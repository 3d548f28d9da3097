// The esbuild plugins and banner of the CLI bundle (scripts/build.mjs), shared with the bench,
// which bundles a bare undici client the same way to show the floor of a one-request command.
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// src/ imports undici's public entry (so types and tests see the real package); the bundle
// swaps in a slim entry with only what the CLI uses, for start-up time. If src/ ever imports
// another undici export, the spawn tests of the built binary fail at once.
export const undiciSlim = {
  name: 'undici-slim',
  setup(b) {
    const path = fileURLToPath(new URL('./undici-slim.mjs', import.meta.url));
    b.onResolve({ filter: /^undici$/ }, () => ({ path }));
    // undici's Client requires its HTTP/2 half at load time; the CLI never enables allowH2.
    const noH2 = fileURLToPath(new URL('./undici-no-h2.cjs', import.meta.url));
    b.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.importer.includes(`${sep}undici${sep}`) ? { path: noH2 } : undefined,
    );
    // undici checks its invariants with a bare assert(); see undici-assert.cjs.
    const assert = fileURLToPath(new URL('./undici-assert.cjs', import.meta.url));
    b.onResolve({ filter: /^node:assert$/ }, (args) =>
      args.importer.includes(`${sep}undici${sep}`) ? { path: assert } : undefined,
    );
    // ...and its fetch half only to send FormData bodies; the CLI sends GETs.
    const noBody = fileURLToPath(new URL('./undici-no-fetch-body.cjs', import.meta.url));
    b.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, (args) =>
      args.importer.includes(`${sep}undici${sep}`) ? { path: noBody } : undefined,
    );
  },
};

// undici's llhttp parser as files of bytes the CLI's build writes to dist/llhttp/, not as
// base64 in the bundle's source and code cache (see undici-llhttp-file.cjs).
export const llhttpFiles = {
  name: 'llhttp-files',
  setup(b) {
    for (const [name, standIn] of [
      ['llhttp_simd-wasm', 'undici-llhttp-simd.cjs'],
      ['llhttp-wasm', 'undici-llhttp-plain.cjs'],
    ]) {
      const path = fileURLToPath(new URL(`./${standIn}`, import.meta.url));
      b.onResolve({ filter: new RegExp(`(^|/)${name}\\.js$`) }, () => ({ path }));
    }
  },
};

export const commanderLazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(b) {
    const path = fileURLToPath(new URL('./lazy-child-process.cjs', import.meta.url));
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes(`${sep}commander${sep}`) ? { path } : undefined,
    );
  },
};

// Bundled CommonJS packages (undici, cli-table3) call require() for node builtins; ESM has
// no require, so give each chunk one.
export const banner = {
  js: "import { createRequire as __hdCreateRequire } from 'node:module'; const require = /* @__PURE__ */ __hdCreateRequire(import.meta.url);",
};

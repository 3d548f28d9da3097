// Bundles the CLI into dist/ with esbuild. Code splitting keeps the entry chunk small:
// undici, conf, csv-stringify, cli-table3 and the sandbox load only when a command needs
// them (via dynamic import), which is what keeps `--version` and `--help` fast.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// src/ imports undici's public entry (so types and tests see the real package); the bundle
// swaps in a slim entry with only what the CLI uses, for start-up time. If src/ ever imports
// another undici export, the spawn tests of the built binary fail at once.
const undiciSlim = {
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

const commanderLazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(b) {
    const path = fileURLToPath(new URL('./lazy-child-process.cjs', import.meta.url));
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes(`${sep}commander${sep}`) ? { path } : undefined,
    );
  },
};

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { healthdata: 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  // Less source for V8 to compile on every start (~530 KB to ~365 KB for a request: compile
  // 11.1 to 9.1 ms per run, profiled). Names are kept, so --verbose stacks still read.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [undiciSlim, commanderLazyChildProcess],
  // node-sqlite3-wasm loads node-sqlite3-wasm.wasm from its own __dirname, so it cannot be
  // bundled: it stays a runtime dependency in package.json `dependencies` (not devDependencies),
  // imported at run time from node_modules, and only by `sync` with a SQLite target.
  external: ['node-sqlite3-wasm'],
  // Bundled CommonJS packages (undici, cli-table3) call require() for node builtins; ESM has
  // no require, so give each chunk one.
  banner: {
    js: "import { createRequire as __hdCreateRequire } from 'node:module'; const require = __hdCreateRequire(import.meta.url);",
  },
});

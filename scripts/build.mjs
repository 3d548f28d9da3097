// Bundles the CLI into dist/ in two passes. esbuild compiles the TypeScript, bundles the
// CommonJS packages and minifies, with code splitting: undici, conf, csv-stringify, cli-table3
// and the sandbox load only when a command needs them (via dynamic import), which is what
// keeps `--version` and `--help` fast. Rollup then lays out the chunks again.
//
// Why rollup: esbuild makes one chunk per set of entry points that share a module, and a
// module that the entry already loaded still gets its own chunk, so `profile` loaded 24 files
// and `--version` 12, each costing Node's ESM loader time (resolve, read, compile, link).
// Rollup knows what an importer has already loaded and merges small side-effect-free chunks
// (experimentalMinChunkSize): 7 and 4 files for the same commands (issue 14).
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { inputsHash, STAMP } from './build-inputs.mjs';
import { commanderLazyChildProcess, llhttpFiles, undiciSlim } from './bundle-plugins.mjs';
import { makeCodeCache } from './code-cache.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const stage = fileURLToPath(new URL('../dist/.esbuild', import.meta.url));
rmSync(dist, { recursive: true, force: true });
rmSync(STAMP, { force: true });
await build({
  entryPoints: { healthdata: 'src/cli/main.ts' },
  outdir: stage,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  // Less source for V8 to compile on every start (profiled; `npm run bench -- --only startup`).
  // Names are kept, so --verbose stacks still read.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [undiciSlim, llhttpFiles, commanderLazyChildProcess],
  // libsql loads native SQLite (a .node file) from its per-platform package (@libsql/<target>),
  // chosen at run time, so it cannot be bundled: it stays a runtime dependency in package.json
  // `dependencies` (not devDependencies), imported at run time from node_modules, and only by
  // `sync` with a SQLite target, the sync lock and `report --from-db`. uplot is not imported at
  // all: `report` reads its files at run time (src/report/assets.ts) to inline them.
  external: ['libsql'],
});

const bundle = await rollup({
  input: { healthdata: `${stage}/healthdata.js` },
  // hyparquet's node entry imports 'fs' bare: every builtin stays external, as node: ones do.
  external: (id) => id.startsWith('node:') || builtinModules.includes(id) || id === 'libsql',
  // 'safest' assumes side effects wherever one is possible; it is here only to tell which
  // chunks are pure declarations and may be merged, not to remove code esbuild kept.
  treeshake: 'safest',
  onLog(level, log, handler) {
    // Info is the chunk-merging tally; esbuild's chunks import each other in cycles that are
    // harmless (declarations only).
    if (level === 'info' || log.code === 'CIRCULAR_DEPENDENCY') return;
    handler(level, log);
  },
});
await bundle.write({
  dir: dist,
  // CommonJS, so that bin/load-bundle.cjs can compile each file with V8's code cache (see
  // there), each already inside the function Node's require() would wrap it in: adding it at
  // each start made V8 copy the joined text again (the whole bundle a request loads; measured
  // in bench/README.md, "V8 code cache").
  format: 'cjs',
  banner: '(function (exports, require, module, __filename, __dirname) {',
  footer: '})',
  entryFileNames: '[name].cjs',
  // esbuild's names already carry a content hash.
  chunkFileNames: 'chunks/[name].cjs',
  // A chunk is loaded with require() in a promise, not import(), so it goes through the loader.
  dynamicImportInCjs: false,
  experimentalMinChunkSize: 20_000,
});
await bundle.close();
rmSync(stage, { recursive: true, force: true });
// undici's llhttp parser, decoded from the base64 undici ships it as (llhttpFiles).
const require = createRequire(import.meta.url);
mkdirSync(`${dist}/llhttp`);
for (const name of ['llhttp', 'llhttp_simd']) {
  writeFileSync(`${dist}/llhttp/${name}.wasm`, require(`undici/lib/llhttp/${name}-wasm.js`));
}
await makeCodeCache(dist);
// Last, so that a build that failed half way leaves no stamp (scripts/build-inputs.mjs).
writeFileSync(STAMP, inputsHash());

// Bundles the CLI into dist/ with esbuild. Code splitting keeps the entry chunk small:
// undici, conf, csv-stringify, cli-table3 and the sandbox load only when a command needs
// them (via dynamic import), which is what keeps `--version` and `--help` fast.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

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
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS packages (undici, cli-table3) call require() for node builtins; ESM has
  // no require, so give each chunk one.
  banner: {
    js: "import { createRequire as __hdCreateRequire } from 'node:module'; const require = __hdCreateRequire(import.meta.url);",
  },
});

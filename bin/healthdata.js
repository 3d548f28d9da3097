#!/usr/bin/env node
// `healthdata --version` alone needs none of the CLI: answered here, before it loads.
import { readFileSync, writeSync } from 'node:fs';
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  try {
    writeSync(1, `${version}\n`);
  } catch (error) {
    // A reader that left (`| true`) is a quiet end, as for every command; anything else (a
    // full disk) is one line and exit 1.
    if (error.code !== 'EPIPE') {
      const reason =
        error.code === 'ENOSPC'
          ? 'no space left on the device'
          : String(error.message).replace(/^\w+: /, '');
      process.stderr.write(`healthdata: error: cannot write stdout: ${reason} (${error.code})\n`);
      process.exitCode = 1;
    }
  }
} else {
  // The bundle is CommonJS, loaded with V8's code cache the build made (load-bundle.cjs).
  const { createRequire } = await import('node:module');
  const { createLoader } = createRequire(import.meta.url)('./load-bundle.cjs');
  createLoader().load(new URL('../dist/healthdata.cjs', import.meta.url).pathname);
}

#!/usr/bin/env node
// CommonJS (bin/package.json says so): with an ES module as its entry, Node starts its ES module
// loader first, a cost on every run (bench/README.md, "One-request latency").
'use strict';

const { readFileSync, writeSync } = require('node:fs');
const { join } = require('node:path');

const args = process.argv.slice(2);
// `healthdata --version` alone needs none of the CLI: answered here, before it loads.
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { version } = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8'));
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
  // The bundle is CommonJS, loaded with the V8 code cache the build made (load-bundle.cjs).
  require('./load-bundle.cjs').createLoader().load(join(__dirname, '../dist/healthdata.cjs'));
}

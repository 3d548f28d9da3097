#!/usr/bin/env node
// `healthdata --version` alone needs none of the CLI: answered here, before it loads.
import { readFileSync } from 'node:fs';
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${version}\n`);
} else {
  await import('../dist/healthdata.js');
}

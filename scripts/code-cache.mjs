// The build's last step: V8 code caches for dist/ (bin/load-bundle.cjs reads them).
//
// A cache made right after compiling holds only each file's top level; one made after a run
// also holds the bytecode of every function the run called. So the commands people run most
// are run here, against the built-in sandbox: each run reads the caches the runs before it
// wrote and writes them again with what it called too (scripts/record-code-cache.cjs).
//
// The caches are an optimisation only: if a run fails here (no loopback network, a port
// refused), the build says so and goes on without them, and the CLI compiles from source.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/healthdata.js');
const record = join(root, 'scripts/record-code-cache.cjs');

/** `dir`: a temp folder for the sync targets (each synced twice: a first run and a re-run). */
const warmUp = (dir) => [
  ['--help'],
  ['metrics', '--help'],
  ['catalog', '-f', 'json', '-q'],
  ['sources', '-f', 'json', '-q'],
  ['metrics', '-f', 'csv', '-m', 'steps_total', '--from', '7d', '-q'],
  ['metrics', '-f', 'ndjson', '-m', 'steps_total', '--from', '7d', '-q'],
  ['profile', '-q'],
  ['profile', '-f', 'json', '-q'],
  // The nightly cron job: its action and the flat-file and SQLite targets (their re-runs are
  // mostly start-up, so a cache is a large part of them).
  ...['warm.csv', 'warm.ndjson', 'warm.db'].flatMap((name) => {
    const sync = ['sync', join(dir, name), '-q'];
    return [sync, sync];
  }),
];

/** Starts the sandbox (from dist/, without recording) and resolves with its URL and key. */
function startSandbox(env) {
  const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--plan', 'free'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const ready = new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (s) => {
      out += s;
      const url = /^export HEALTHDATA_BASE_URL=(\S+)$/m.exec(out)?.[1];
      const key = /^export HEALTHDATA_API_KEY=(\S+)$/m.exec(out)?.[1];
      if (url && key) resolve({ url, key });
    });
    child.stderr.setEncoding('utf8').on('data', (s) => (err += s));
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${err.trim()}`)));
  });
  return { child, ready };
}

export async function makeCodeCache(dist) {
  const config = mkdtempSync(join(tmpdir(), 'healthdata-code-cache-'));
  // Nobody's settings: an empty config directory, and no HEALTHDATA_* from the shell.
  const env = { PATH: process.env.PATH ?? '', HOME: config, HEALTHDATA_CONFIG_DIR: config };
  const sandbox = startSandbox(env);
  try {
    // Bounded, so that a build never hangs on its warm-up.
    const { url, key } = await Promise.race([
      sandbox.ready,
      new Promise((_, reject) => {
        setTimeout(() => reject(new Error('the sandbox did not start in 60 s')), 60_000).unref();
      }),
    ]);
    const cmdEnv = { ...env, HEALTHDATA_BASE_URL: url, HEALTHDATA_API_KEY: key };
    for (const args of warmUp(config)) {
      await run(process.execPath, [record, ...args], { env: cmdEnv, timeout: 60_000 });
    }
  } catch (error) {
    for (const file of cacheFiles(dist)) rmSync(file, { force: true });
    console.warn(
      `build: no V8 code cache (the CLI still works, compiling at each start): ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    sandbox.child.kill('SIGINT');
    rmSync(config, { recursive: true, force: true });
  }
}

function cacheFiles(dist) {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.v8cache'))
    .map((name) => join(dist, name));
}

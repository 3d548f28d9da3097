// `npm test`'s checks before vitest: the commands of the `typecheck` and `lint` scripts, run side
// by side, as many at a time as there are cores. Each is one single-threaded process (three tsc
// passes, eslint, prettier, depcruise), so one after the other they left a core of the 2-core CI
// machine idle. Each command's output is printed whole when it ends; every command runs even if one
// fails, and any failure fails the run.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** A script's commands, split at `&&`, with `npm run <name>` replaced by that script's. */
function commandsOf(name) {
  return scripts[name]
    .split('&&')
    .map((c) => c.trim())
    .flatMap((c) => {
      const run = /^npm run ([\w:-]+)$/.exec(c);
      return run ? commandsOf(run[1]) : [c];
    });
}

const queue = [...commandsOf('typecheck'), ...commandsOf('lint')];
const env = {
  ...process.env,
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
};
let failed = 0;

function runOne(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, {
      cwd: root,
      env,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      if (!ok) failed++;
      process.stdout.write(
        `> ${command}  (${ok ? 'ok' : `failed: ${signal ?? code}`}, ${seconds} s)\n`,
      );
      if (!ok || out.length > 0) process.stdout.write(Buffer.concat(out));
      resolve(undefined);
    });
  });
}

async function lane() {
  for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
    await runOne(command);
  }
}

const width = Math.max(2, availableParallelism());
await Promise.all(Array.from({ length: width }, lane));
if (failed > 0) {
  process.stdout.write(`checks: ${failed} failed\n`);
  process.exitCode = 1;
}

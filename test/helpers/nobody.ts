// The CLI run as nobody (65534), for tests where a permission must really be missing (the
// tests run as root, who may write anything). nobody cannot enter a clone that sits under a
// 0700 directory (`mktemp -d`, a home directory), so it runs a copy of what the CLI loads at
// run time (bin/, dist/, package.json and the packages left out of the bundle) in a 0755 temp
// directory: the same built files, at a path every user can reach.
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from './temp.ts';
import { ROOT } from './spawn.ts';

export const NOBODY = 65534;

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** package.json's `dependencies` and theirs, as installed (a missing optional one is skipped). */
function runtimePackages(): string[] {
  const found = new Set<string>();
  const visit = (names: string[]): void => {
    for (const name of names) {
      const dir = join(ROOT, 'node_modules', name);
      if (found.has(name) || !existsSync(dir)) continue;
      found.add(name);
      const m = manifest(dir);
      visit(Object.keys({ ...m.dependencies, ...m.optionalDependencies }));
    }
  };
  visit(Object.keys(manifest(ROOT).dependencies ?? {}));
  return [...found];
}

/** Readable by all, and searchable or executable where the owner may (a umask 077 clone). */
function openUp(path: string): void {
  const mode = statSync(path).mode;
  const exec = statSync(path).isDirectory() || (mode & 0o100) !== 0;
  chmodSync(path, (mode & 0o777) | 0o444 | (exec ? 0o111 : 0));
  if (statSync(path).isDirectory()) for (const n of readdirSync(path)) openUp(join(path, n));
}

/**
 * nobody must be able to reach `path`: every directory above it searchable by others. If one
 * is not (TMPDIR, or node itself, under a 0700 directory), the tests cannot run as nobody and
 * say so rather than fail on an EACCES that looks like the CLI's.
 */
function assertReachable(path: string, what: string): void {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o777;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `${what} ${path} is under ${dir} (mode 0${mode.toString(8)}), which user nobody ` +
          `(${NOBODY}) cannot enter, and these tests run the CLI as nobody: run them with ` +
          `TMPDIR and node in directories every user can search (chmod o+x ${dir})`,
      );
    }
    if (dir === dirname(dir)) return;
  }
}

/** Copies the runnable CLI to a 0755 temp directory; returns its bin/healthdata.js. */
export function binForNobody(): string {
  assertReachable(process.execPath, 'node');
  const copy = tempDir('healthdata-nobody-');
  assertReachable(copy, 'the temp directory');
  for (const part of ['bin', 'dist', 'package.json']) {
    cpSync(join(ROOT, part), join(copy, part), { recursive: true });
  }
  for (const name of runtimePackages()) {
    const to = join(copy, 'node_modules', name);
    cpSync(join(ROOT, 'node_modules', name), to, { recursive: true, dereference: true });
  }
  openUp(copy);
  return join(copy, 'bin', 'healthdata.js');
}

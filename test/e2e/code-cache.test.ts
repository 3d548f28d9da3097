// The bundle is loaded with the V8 code cache the build made (bin/load-bundle.cjs). A cache V8
// takes must change nothing but the time; one it refuses (damaged, or made under other V8
// flags or another Node) must cost nothing but that time; and the CLI never writes a cache.
// V8 tells which caches it took and refused under --profile-deserialization (on stdout), a
// flag that is left out of the flag hash a cache is checked against.
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/spawn.ts';
import { tempDir } from '../helpers/temp.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const run = promisify(execFile);
const sandbox = useSandbox();

/** A copy of the built package (bin, dist, package.json) to damage. */
function copyPackage(): string {
  const dir = tempDir('healthdata-code-cache-');
  for (const name of ['bin', 'dist', 'package.json']) {
    cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  }
  return dir;
}

/** A copy of the built package without its caches. */
function uncachedPackage(): string {
  const dir = copyPackage();
  for (const file of cacheFiles(dir)) rmSync(file);
  return dir;
}

function cacheFiles(dir: string): string[] {
  return readdirSync(join(dir, 'dist'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.v8cache'))
    .map((name) => join(dir, 'dist', name));
}

interface Profiled {
  /** What the command printed, without V8's lines. */
  stdout: string;
  taken: number;
  refused: number;
}

/** `profile -f json` from the package in `dir`, with V8 saying what it did with each cache. */
async function profile(dir: string, nodeFlags: string[] = []): Promise<Profiled> {
  const { stdout } = await run(
    process.execPath,
    [
      '--profile-deserialization',
      ...nodeFlags,
      join(dir, 'bin/healthdata.js'),
      'profile',
      '-f',
      'json',
      ...sandbox.args(),
    ],
    { env: { PATH: process.env['PATH'], HOME: dir, HEALTHDATA_CONFIG_DIR: dir } },
  );
  const lines = stdout.split('\n');
  const v8 = (l: string): boolean => l.startsWith('[');
  return {
    stdout: lines.filter((l) => !v8(l)).join('\n'),
    taken: lines.filter((l) => l.startsWith('[Deserializing from ')).length,
    refused: lines.filter((l) => l.startsWith('[Cached code failed check')).length,
  };
}

async function rawProfile(): Promise<string> {
  const res = await fetch(`${sandbox.current.url}/api/v1/profile`, {
    headers: { authorization: `Bearer ${sandbox.current.apiKey}` },
  });
  return (await res.text()).trimEnd();
}

describe('the V8 code cache of the bundle', () => {
  it('is made by the build and taken, with none of Node’s own refused either', async () => {
    const withCache = await profile(ROOT);
    expect(withCache.stdout.trimEnd()).toBe(await rawProfile());
    expect(withCache.refused).toBe(0);
    // The same run without the caches: Node's built-ins are all V8 takes then.
    const without = await profile(uncachedPackage());
    expect(without.stdout).toBe(withCache.stdout);
    // healthdata.cjs, commander's and undici's chunks at least.
    expect(withCache.taken - without.taken).toBeGreaterThanOrEqual(3);
  });

  it('damaged: refused, and the command still answers the same', async () => {
    const dir = copyPackage();
    const files = cacheFiles(dir);
    expect(files.length).toBeGreaterThan(3);
    for (const [i, file] of files.entries()) {
      const size = statSync(file).size;
      // Garbage of the right size for half, a cut-off cache for the other half.
      writeFileSync(file, i % 2 ? Buffer.alloc(size, 0x5a) : Buffer.alloc(size >> 1));
    }
    const result = await profile(dir);
    expect(result.stdout.trimEnd()).toBe(await rawProfile());
    expect(result.refused).toBeGreaterThanOrEqual(3);
  });

  it('made under other V8 flags: refused, and the command still answers the same', async () => {
    // Node's built-ins' own caches are refused too: only the difference is the bundle's.
    const flags = ['--stack-size=900'];
    const result = await profile(ROOT, flags);
    expect(result.stdout.trimEnd()).toBe(await rawProfile());
    const without = await profile(uncachedPackage(), flags);
    expect(result.refused - without.refused).toBeGreaterThanOrEqual(3);
  });

  it('is never written at run time', async () => {
    const dir = uncachedPackage();
    const files = (): string[] =>
      readdirSync(join(dir, 'dist'), { recursive: true, encoding: 'utf8' }).sort();
    const before = files();
    await profile(dir);
    await profile(dir, ['--stack-size=900']);
    expect(files()).toEqual(before);
    expect(cacheFiles(dir)).toEqual([]);
  });
});

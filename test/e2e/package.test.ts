// The installed package carries only what it runs: dist/ bundles the libraries, so a
// production install of the packed tarball has no dependencies and works offline.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { ROOT } from '../helpers/spawn.ts';

// The user's own npm cache: --offline installs what is not bundled (libsql and its platform
// package, which npm ci put there) without the network. `npm install <tarball>` would ask the
// registry for each dependency's package document, which `npm ci` never caches (it reads
// tarball addresses and integrities from the lockfile), so on a fresh machine it failed
// ENOTCACHED: the app gets a lockfile made of ours instead, and `npm ci` takes the tarballs
// from the cache by their integrity.
const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'] },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('the packed package', () => {
  it('installs with production dependencies only, offline, and runs --demo', () => {
    const dir = tempDir();
    // --ignore-scripts: pack the dist/ the test run built, without rebuilding it under
    // other tests that are running it.
    const packed = npm(['pack', '--ignore-scripts', '--pack-destination', dir], ROOT);
    const tarball = join(dir, packed.trim().split('\n').at(-1) ?? '');
    const app = join(dir, 'app');
    execFileSync('mkdir', [app]);
    writeAppWithLockfile(app, basename(tarball));
    npm(['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund'], app);
    // Only what cannot be bundled is installed beside it: libsql, which loads native SQLite (a
    // .node file) from its package for this platform (@libsql/<platform>), and its loader's
    // own small dependencies.
    const deps = (dir: string): string[] => {
      const { dependencies = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      return Object.keys(dependencies).map((name) => name.split('/')[0] as string);
    };
    const libsqlDeps = deps(join(ROOT, 'node_modules', 'libsql'));
    const installed = readdirSync(join(app, 'node_modules')).filter((n) => !n.startsWith('.'));
    expect(installed.sort()).toEqual(
      [...new Set(['healthdata', ...deps(ROOT), ...libsqlDeps, '@libsql'])].sort(),
    );
    const out = execFileSync(
      join(app, 'node_modules', '.bin', 'healthdata'),
      ['metrics', '--demo', '-m', 'steps_total', '--from', '7d', '-f', 'csv'],
      { cwd: app, encoding: 'utf8', env: { PATH: process.env['PATH'] } },
    );
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe('date,provider,metric,numValue,textValue,unit,stream');
    expect(lines.length).toBeGreaterThanOrEqual(7);
    // chart's library (asciichart) is bundled too.
    const chart = execFileSync(
      join(app, 'node_modules', '.bin', 'healthdata'),
      ['chart', '--demo', 'steps_total', '--from', '14d'],
      { cwd: app, encoding: 'utf8', env: { PATH: process.env['PATH'] } },
    );
    expect(chart.length).toBeGreaterThan(100);
    // The build's V8 code caches and undici's llhttp parser came along, and V8 takes the caches
    // where npm put them (bin/load-bundle.cjs; test/e2e/code-cache.test.ts has the rest).
    const pkg = join(app, 'node_modules', 'healthdata');
    expect(existsSync(join(pkg, 'dist', 'healthdata.cjs.v8cache'))).toBe(true);
    expect(existsSync(join(pkg, 'dist', 'llhttp', 'llhttp_simd.wasm'))).toBe(true);
    const help = execFileSync(
      process.execPath,
      ['--profile-deserialization', join(pkg, 'bin', 'healthdata.js'), '--help'],
      { cwd: app, encoding: 'utf8', env: { PATH: process.env['PATH'] } },
    );
    expect(help).toContain('Usage: healthdata');
    expect(help).not.toContain('[Cached code failed check');
    // and native SQLite loads from the installed package.
    execFileSync(
      join(app, 'node_modules', '.bin', 'healthdata'),
      ['sync', '--demo', '-q', 'h.db'],
      {
        cwd: app,
        env: { PATH: process.env['PATH'] },
      },
    );
    expect(
      execFileSync('/usr/bin/sqlite3', [join(app, 'h.db'), 'SELECT count(*) > 1000 FROM metrics'], {
        encoding: 'utf8',
      }),
    ).toBe('1\n');
  }, 60_000);
});

interface LockEntry {
  dev?: boolean;
}

/**
 * An app that depends on the packed tarball, with the lockfile `npm install` would write: the
 * tarball's entry, and our lockfile's entries for everything a production install takes.
 */
function writeAppWithLockfile(app: string, tarball: string): void {
  const ours = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
    bin: Record<string, string>;
    engines: Record<string, string>;
    dependencies: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const dependencies = { healthdata: `file:../${tarball}` };
  const packages: Record<string, unknown> = {
    '': { name: 'app', dependencies },
    'node_modules/healthdata': {
      version: ours.version,
      resolved: `file:../${tarball}`,
      license: ours.license,
      dependencies: ours.dependencies,
      bin: ours.bin,
      engines: ours.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path !== '' && entry.dev !== true) packages[path] = entry;
  }
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', private: true, dependencies }),
  );
  writeFileSync(
    join(app, 'package-lock.json'),
    JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }),
  );
}

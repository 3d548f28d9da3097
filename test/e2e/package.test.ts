// The installed package carries only what it runs: dist/ bundles the libraries, so a
// production install of the packed tarball has no dependencies and works offline.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { ROOT } from '../helpers/spawn.ts';

const npm = (args: string[], cwd: string, cache: string): string =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], npm_config_cache: cache },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('the packed package', () => {
  it('installs with production dependencies only, offline, and runs --demo', () => {
    const dir = tempDir();
    const cache = join(dir, 'npm-cache');
    // --ignore-scripts: pack the dist/ the test run built, without rebuilding it under
    // other tests that are running it.
    const packed = npm(['pack', '--ignore-scripts', '--pack-destination', dir], ROOT, cache);
    const tarball = join(dir, packed.trim().split('\n').at(-1) ?? '');
    const app = join(dir, 'app');
    execFileSync('mkdir', [app]);
    writeFileSync(join(app, 'package.json'), '{"name":"app","private":true}');
    npm(['install', '--omit=dev', '--offline', '--no-audit', '--no-fund', tarball], app, cache);
    expect(readdirSync(join(app, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual([
      'healthdata',
    ]);
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
  }, 60_000);
});

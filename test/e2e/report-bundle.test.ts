// The report from the built binary: the bundle finds uPlot in node_modules at run time, a year
// of data stays well under 2 MB, and nothing of the report (its page script, uPlot) is in what
// the other commands load at start-up. And its usage errors, which write no file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { ROOT, spawnCli } from '../helpers/spawn.ts';

/**
 * The files an entry loads before any dynamic import(): its static requires, transitively. The
 * bundle is CommonJS: rollup writes a dynamic import() as
 * `Promise.resolve().then(function () { return require("./x.cjs"); })`.
 */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // `require("./x.cjs")`, but not the one a dynamic import() returns.
    for (const m of text.matchAll(/(?<!return )\brequire\(["'](\.{1,2}\/[^"']+)["']\)/g)) {
      visit(join(dirname(file), m[1] ?? ''));
    }
  };
  visit(entry);
  return [...seen];
}

describe('report from the built binary', () => {
  const sandbox = useSandbox();

  it('writes a year of data in one file under 2 MB, uPlot inlined', async () => {
    const file = join(tempDir('healthdata-report-'), 'year.html');
    const started = Date.now();
    const r = await spawnCli(['report', '--from', '365d', '-o', file, ...sandbox.args()]);
    const took = Date.now() - started;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^wrote .*year\.html: \d+ KB, \d+ metrics/m);
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(100_000);
    expect(size).toBeLessThan(2 * 1024 * 1024);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('https://github.com/leeoniya/uPlot (v1.6.32)');
    // Written for a person reading the log of a slow machine, not a benchmark.
    console.log(`report --from 365d: ${Math.round(size / 1024)} KB in ${took} ms`);
  }, 60_000);

  it('-o - writes the page to stdout', async () => {
    const r = await spawnCli(['report', '-m', 'weight', '-o', '-', ...sandbox.args()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<!doctype html>\n[\s\S]*<\/html>\n$/);
    expect(r.stderr).toMatch(/^wrote stdout: \d+ KB, 1 metric \(1 chart, 0 text\)/m);
  });

  it('is not loaded at start-up by the other commands', () => {
    const loaded = staticClosure(join(ROOT, 'dist', 'healthdata.cjs'));
    // The report's files are in dist/ (so the check below can fail), just not among these.
    const chunks = join(ROOT, 'dist', 'chunks');
    const reportFiles = readdirSync(chunks)
      .filter((name) => name.endsWith('.cjs'))
      .filter((name) => readFileSync(join(chunks, name), 'utf8').includes('report-data'));
    expect(reportFiles.length).toBeGreaterThan(0);
    for (const file of loaded) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain('report-data');
      expect(text, file).not.toContain('uplot/dist');
    }
  });

  it('refuses what it cannot do with one line and exit 2, and writes nothing', async () => {
    const dir = tempDir('healthdata-report-');
    const out = join(dir, 'r.html');
    const cases: [string[], RegExp][] = [
      [['report', '--demo'], /give -o report\.html \(or -o - for stdout\)/],
      [['report', '--from-db', join(dir, 'none.db'), '-o', out], /no such file/],
      [['report', '--from-db', out, '--demo', '-o', out], /leave out --demo/],
      [['report', '--from', '2099-01-01', '-o', out, ...sandbox.args()], /after today/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args, { stdoutIsTTY: true });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});

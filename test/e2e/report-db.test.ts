// `report --from-db`: a SQLite file `healthdata sync` wrote gives the report the API gives, with
// no server, and its numbers are summary's. No browser needed: the model is the page's data.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { FROM, lineOf, modelOf, numbersOf, type SummaryItem } from '../helpers/report.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';

describe('report --from-db', () => {
  const sandbox = useSandbox();

  it('gives the same report as the API, with summary -f json’s numbers', async () => {
    const dir = tempDir('healthdata-report-');
    const run = async (args: string[]): Promise<string> => {
      const r = await runCli(args, { clock: fixedClock(TODAY) });
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    };
    const db = join(dir, 'health.db');
    await run(['sync', db, ...sandbox.args()]);
    await run(['report', '-o', join(dir, 'api.html'), ...sandbox.args()]);
    // No connection options at all: the file is the only source.
    await run(['report', '--from-db', db, '-o', join(dir, 'db.html')]);
    const api = modelOf(join(dir, 'api.html'));
    const file = modelOf(join(dir, 'db.html'));
    expect(file.source).toMatchObject({ kind: 'db', file: 'health.db' });
    expect(file.source.kind === 'db' && file.source.lastSync).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(file.meta?.plan).toBe(api.meta?.plan);
    for (const part of ['range', 'series', 'texts', 'coverage', 'empty'] as const) {
      expect(file[part], part).toEqual(api[part]);
    }
    // The same fixes (issue 34) from the file: sparse lines drawn with every point, bands
    // inside the values' range (the series are equal, so these hold for both)...
    expect(file.series.find((s) => s.metric === 'weight')?.sparse).toBe(true);
    expect(file.series.find((s) => s.metric === 'steps')?.sparse).toBe(false);
    const energy = file.series.find((s) => s.metric === 'active_energy');
    expect(energy?.low.some((v) => v === 0)).toBe(true);
    expect(energy?.low.every((v) => v === null || v >= 0)).toBe(true);
    // ...and whose data: the API's profile names its user; a file does not say whose it is.
    expect(api.who).toBe('Sam Sandbox');
    expect(file.who).toBeNull();
    expect(file.person).toEqual({ profile: null, displayName: null });
    const summary = JSON.parse(
      await run(['summary', '--from', FROM, '-f', 'json', ...sandbox.args()]),
    ) as { data: SummaryItem[] };
    const withData = summary.data.filter((s) => s.days > 0);
    expect(withData.length).toBeGreaterThan(10);
    for (const item of withData) expect(lineOf(file, item)?.summary).toEqual(numbersOf(item));
  });

  it('with -m and -p reads only those, as the API filters them', async () => {
    const dir = tempDir('healthdata-report-');
    const db = join(dir, 'health.db');
    const clock = fixedClock(TODAY);
    expect((await runCli(['sync', db, ...sandbox.args()], { clock })).code).toBe(0);
    const out = join(dir, 'r.html');
    const args = ['-m', 'steps', '-p', 'WRISTBAND', '--from', '30d', '-o', out];
    const r = await runCli(['report', '--from-db', db, ...args], { clock });
    expect(r.code, r.stderr).toBe(0);
    const model = modelOf(out);
    expect(model.series.map((s) => [s.metric, s.provider])).toEqual([['steps', 'WristBand']]);
    const bad = await runCli(['report', '--from-db', db, '-m', 'stepz', '-o', out], { clock });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("there is no metric 'stepz' in");
    expect(bad.stderr).toContain("did you mean 'steps'?");
  });
});

// `sync` against servers that send what they should not. Each target is compared with a twin
// synced from a server that behaves: a bad row never reaches the target and never changes
// what the next sync fetches; a day with a broken row keeps its old rows until the server is
// fixed; a target an older healthdata poisoned (2099-01-01, 9999-99-99) does not freeze the
// sync; a server ignoring filters leaves no duplicate rows, run after run.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock, runCli, tempDir, type CliResult } from '../helpers/cli.ts';
import { goodRows, row, useHostileApis, type HostileApi } from '../helpers/misbehaving-api.ts';
import { sqliteQuery, sqliteRows } from '../helpers/sync.ts';
import { API_KEY } from '../helpers/test-server.ts';

const hostile = useHostileApis();
const TODAY = '2026-11-20';
/** Before and after the data changed (every steps_total value moves). */
const V0 = goodRows(TODAY, 10, 0);
const V1 = goodRows(TODAY, 10, 1);

function sync(api: HostileApi, target: string, args: string[] = []): Promise<CliResult> {
  return runCli(['sync', target, '--base-url', api.url, '--api-key', API_KEY, ...args], {
    clock: fixedClock(TODAY),
  });
}

/** The target's rows as text, newest first, whatever its format. */
function content(target: string): string[] {
  if (target.endsWith('.db')) return sqliteRows(target).map((r) => JSON.stringify(r));
  return readFileSync(target, 'utf8').split('\n').filter(Boolean);
}

/** N in the result line's "N days (re-)fetched". */
const daysIn = (stderr: string): number => Number(/: (\S+) days? (re-)?fetched/.exec(stderr)?.[1]);
const dateOf = (line: string): string => (/\d{4}-\d{2}-\d{2}/.exec(line) ?? [''])[0];
const FORMATS = ['health.csv', 'health.ndjson', 'health.db'];

/** `runs`: how many of the three syncs get the row (2026-02-30 sorts below the re-fetch). */
const BAD: { name: string; row: unknown; line: string; runs: number }[] = [
  {
    name: 'a row dated 2099-01-01',
    row: row('2099-01-01', 'Phone', 'steps_total', 1, 'count'),
    line: '1 row that breaks the API spec (1 dated 2099-01-01, after tomorrow)',
    runs: 3,
  },
  {
    name: 'a row dated 9999-99-99',
    row: row('9999-99-99', 'Phone', 'steps_total', 1, 'count'),
    line: '1 row that breaks the API spec (1 dated 9999-99-99, not a real date)',
    runs: 3,
  },
  {
    name: 'a row dated 2026-02-30',
    row: row('2026-02-30', 'Phone', 'steps_total', 1, 'count'),
    line: '1 row that breaks the API spec (1 dated 2026-02-30, not a real date)',
    runs: 1,
  },
];

describe.each(FORMATS)('%s', (name) => {
  it.each(BAD)(
    '$name: dropped, exit 1, and the next syncs fetch as if it never came',
    async (bad) => {
      const [good, hurt] = [await hostile({ rows: V0 }), await hostile({ rows: [...V0, bad.row] })];
      const [twin, target] = [join(tempDir(), name), join(tempDir(), name)];
      let failed = 0;
      for (const data of [V0, V1, V1]) {
        good.rows = data;
        hurt.rows = [...data, bad.row];
        expect((await sync(good, twin)).code).toBe(0);
        const got = await sync(hurt, target);
        const sent = got.stderr.includes('dropped');
        expect(got.code).toBe(sent ? 1 : 0);
        if (sent) expect(got.stderr).toMatch(`\nhealthdata: error: dropped ${bad.line}\n`);
        failed += got.code;
        // Never NaN nor 26700 days: the span comes from checked dates (the window: 366 days).
        expect(daysIn(got.stderr)).toBeGreaterThan(0);
        expect(daysIn(got.stderr)).toBeLessThanOrEqual(366);
        expect(content(target)).toEqual(content(twin));
        expect(hurt.metricsQueries().at(-1)?.get('from')).toBe(
          good.metricsQueries().at(-1)?.get('from'),
        );
      }
      expect(failed).toBe(bad.runs);
    },
  );

  it('a row without a unit key is kept, its unit null', async () => {
    const noUnit = V0.map((r, i) => (i === 1 ? { ...r, unit: undefined } : r));
    const [good, hurt] = [
      await hostile({ rows: V0.map((r, i) => (i === 1 ? { ...r, unit: null } : r)) }),
      await hostile({ rows: noUnit }),
    ];
    const [twin, target] = [join(tempDir(), name), join(tempDir(), name)];
    expect((await sync(good, twin)).code).toBe(0);
    const got = await sync(hurt, target);
    expect(got.code, got.stderr).toBe(0);
    expect(content(target)).toEqual(content(twin));
    expect(content(target).filter((l) => l.includes('weight') && l.includes(TODAY))).toHaveLength(
      1,
    );
  });

  it('a day with a row of the wrong type keeps its old rows until the server is fixed', async () => {
    const broken = { ...row('2026-11-19', 'Phone', 'steps_total', 1, 'count'), stream: 'yes' };
    const [good, hurt] = [await hostile({ rows: V0 }), await hostile({ rows: V0 })];
    const [twin, target] = [join(tempDir(), name), join(tempDir(), name)];
    expect((await sync(good, twin)).code).toBe(0);
    expect((await sync(hurt, target)).code).toBe(0);
    const before = content(target);
    good.rows = V1;
    hurt.rows = [...V1, broken];
    expect((await sync(good, twin)).code).toBe(0);
    const got = await sync(hurt, target, ['-q']);
    expect(got.code).toBe(1);
    expect(got.stderr).toBe(
      'healthdata: error: dropped 1 row that breaks the API spec (1 with stream "yes"); 2026-11-19 kept as it was, to be fetched again next run\n',
    );
    const day = (lines: string[], keep: boolean) =>
      lines.filter((l) => (dateOf(l) === '2026-11-19') === keep);
    expect(day(content(target), true)).toEqual(day(before, true));
    expect(day(content(target), false)).toEqual(day(content(twin), false));
    expect(day(content(target), true)).not.toEqual(day(content(twin), true));
    hurt.rows = V1;
    const fixed = await sync(hurt, target);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(content(target)).toEqual(content(twin));
  });

  it('a target poisoned by an older healthdata is not frozen, and is cleaned', async () => {
    const api = await hostile({ rows: V0 });
    const target = join(tempDir(), name);
    expect((await sync(api, target)).code).toBe(0);
    const clean = content(target);
    poison(target, [
      row('9999-99-99', 'Phone', 'steps_total', 1, 'count'),
      row('2099-01-01', 'Phone', 'steps_total', 2, 'count'),
    ]);
    expect(content(target)).toHaveLength(clean.length + 2);
    const healed = await sync(api, target);
    expect(healed.code, healed.stderr).toBe(0);
    expect(healed.stderr).toMatch(/days re-fetched \(\S+ to 2026-11-20\), 0 rows added, 2 removed/);
    // 4 days: every store passes over such dates itself (newestDate's notAfter).
    expect(daysIn(healed.stderr)).toBe(4);
    expect(content(target)).toEqual(clean);
    const next = await sync(api, target);
    expect(next.code).toBe(0);
    expect(api.metricsQueries().at(-1)?.get('from')).toBe('2026-11-17');
  });

  it('four syncs from a server ignoring metric, provider and from: no duplicate rows', async () => {
    const good = await hostile({ rows: V0 });
    const bad = await hostile({ rows: V0, ignore: ['metric', 'provider', 'from'] });
    const [twin, target] = [join(tempDir(), name), join(tempDir(), name)];
    const args = ['-m', 'steps_total,weight', '-p', 'phone,SCALE'];
    for (let run = 0; run < 4; run++) {
      expect((await sync(good, twin, args)).code).toBe(0);
      // Said on every run but with -q (errors only): nothing asked for was lost.
      const got = await sync(bad, target, run === 3 ? [...args, '-q'] : args);
      expect(got.code).toBe(0);
      if (run === 3) expect(got.stderr).toBe('');
      else {
        expect(got.stderr).toMatch(
          /^warning: dropped \d+ rows the API sent outside what was asked \([^)]+\)$/m,
        );
        expect(got.stderr).toContain('10 of metrics not asked for');
      }
      expect(content(target)).toEqual(content(twin));
      expect(new Set(content(target)).size).toBe(content(target).length);
    }
    if (name.endsWith('.db')) {
      expect(sqliteQuery(target, "SELECT * FROM daily WHERE basis = 'several'")).toEqual([]);
    }
  });
});

/** Adds rows an older healthdata could have written: in a flat file after the header, newest first. */
function poison(target: string, rows: unknown[]): void {
  if (target.endsWith('.db')) {
    for (const r of rows as Record<string, unknown>[]) {
      const values = [r['date'], r['provider'], r['metric'], r['numValue'], null, r['unit'], 0];
      execFileSync('/usr/bin/sqlite3', [
        target,
        `INSERT INTO metrics (date, provider, metric, numValue, textValue, unit, stream) VALUES (${values.map((v) => (v === null ? 'NULL' : `'${String(v)}'`)).join(', ')})`,
      ]);
    }
    return;
  }
  const lines = readFileSync(target, 'utf8').split('\n');
  const csv = target.endsWith('.csv');
  const records = (rows as Record<string, unknown>[]).map((r) =>
    csv
      ? `${r['date']},${r['provider']},${r['metric']},${r['numValue']},,${r['unit']},false`
      : JSON.stringify(r),
  );
  const at = csv ? 1 : 0;
  writeFileSync(target, [...lines.slice(0, at), ...records, ...lines.slice(at)].join('\n'));
}

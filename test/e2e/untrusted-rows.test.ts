// `metrics` against servers that send what they should not: rows that break the spec among
// good ones (on the proven fast path and the general one), and servers that ignore a filter.
// Rows outside the request are dropped with a warning; rows that break the spec are dropped,
// the rest is written, and the run exits 1; either way one line on stderr, --quiet or not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { goodRows, row, useHostileApis, type Filter } from '../helpers/misbehaving-api.ts';
import { hd } from '../helpers/test-server.ts';

const hostile = useHostileApis();
/** hd()'s clock says 2026-11-20 (local noon): tomorrow is the latest date anywhere. */
const GOOD = goodRows('2026-11-20', 10);
const error = (reasons: string, n = 1) =>
  `healthdata: error: dropped ${n} ${n === 1 ? 'row that breaks' : 'rows that break'} the API spec (${reasons})\n`;

/** Each case: rows the server sends, rows a good server would send instead, the line. */
const CASES: { name: string; sent: unknown[]; clean: unknown[]; stderr: string }[] = [
  {
    name: 'a row dated 2099-01-01',
    sent: [...GOOD, row('2099-01-01', 'Phone', 'steps_total', 1, 'count')],
    clean: GOOD,
    stderr: error('1 dated 2099-01-01, after tomorrow'),
  },
  {
    name: 'a row dated 9999-99-99',
    sent: [...GOOD, row('9999-99-99', 'Phone', 'steps_total', 1, 'count')],
    clean: GOOD,
    stderr: error('1 dated 9999-99-99, not a real date'),
  },
  {
    name: 'a row dated 2026-02-30',
    sent: [...GOOD, row('2026-02-30', 'Phone', 'steps_total', 1, 'count')],
    clean: GOOD,
    stderr: error('1 dated 2026-02-30, not a real date'),
  },
  {
    name: 'a row without a unit key',
    sent: GOOD.map((r, i) => (i === 4 ? { ...r, unit: undefined } : r)),
    clean: GOOD.map((r, i) => (i === 4 ? { ...r, unit: null } : r)),
    stderr: '',
  },
  {
    name: 'rows of the wrong types',
    sent: [
      ...GOOD,
      { ...row('2026-11-19', 'Phone', 'steps_total', 1, 'count'), stream: 'yes' },
      { ...row('2026-11-15', 'Watch', 'hrv', 1, 'ms'), numValue: '12' },
    ],
    clean: GOOD,
    stderr: error('1 with stream "yes"; 1 with numValue "12"', 2),
  },
];

describe.each(CASES)('$name', ({ sent, clean, stderr }) => {
  it.each([false, true])(
    'csv and ndjson hold the good rows only (spaced JSON: %s)',
    async (spaced) => {
      const good = await hostile({ rows: clean, spaced });
      const bad = await hostile({ rows: sent, spaced });
      const code = stderr === '' ? 0 : 1;
      for (const format of ['csv', 'ndjson']) {
        // Small pages: the offender sits on one page among others.
        const args = ['metrics', '-f', format, '--page-size', '7'];
        const expected = await hd(good.url, args);
        expect(expected.code).toBe(0);
        const got = await hd(bad.url, args);
        expect({ format, code: got.code, stderr: got.stderr }).toEqual({ format, code, stderr });
        expect(got.stdout).toBe(expected.stdout);
        // -q hides progress, never this line; an -o file gets the rest, written whole.
        const file = join(tempDir(), `out.${format}`);
        const quiet = await hd(bad.url, [...args, '-q', '-o', file]);
        expect({ format, code: quiet.code, stderr: quiet.stderr }).toEqual({
          format,
          code,
          stderr,
        });
        expect(readFileSync(file, 'utf8')).toBe(expected.stdout);
      }
    },
  );
});

it('a missing nullable field reads as null: an empty csv cell, null in ndjson', async () => {
  const api = await hostile({ rows: [{ ...GOOD[0], unit: undefined, textValue: undefined }] });
  const csv = await hd(api.url, ['metrics', '-f', 'csv', '--no-header']);
  expect(csv.stdout).toBe('2026-11-20,Phone,steps_total,5000,,,false\n');
  const ndjson = await hd(api.url, ['metrics', '-f', 'ndjson']);
  expect(ndjson.stdout).toBe(
    '{"date":"2026-11-20","provider":"Phone","metric":"steps_total","numValue":5000,"textValue":null,"unit":null,"stream":false}\n',
  );
});

describe('servers that ignore a filter', () => {
  const cases: { ignore: Filter[]; args: string[]; stderr: string }[] = [
    {
      ignore: ['metric'],
      args: ['-m', 'steps_total'],
      stderr: '20 rows the API sent outside what was asked (20 of metrics not asked for)',
    },
    {
      ignore: ['provider'],
      args: ['-p', 'phone'],
      stderr: '20 rows the API sent outside what was asked (20 of providers not asked for)',
    },
    {
      ignore: ['from', 'to'],
      // 2026-11-17 and 2026-11-18 only, where the server sends ten days.
      args: ['--from', '3d', '--to', '2d'],
      stderr:
        '24 rows the API sent outside what was asked (18 dated before from=2026-11-17; 6 dated after to=2026-11-18)',
    },
  ];
  it.each(cases)('ignoring $ignore: only what was asked, and a warning', async (c) => {
    const good = await hostile({ rows: GOOD });
    const bad = await hostile({ rows: GOOD, ignore: c.ignore });
    const expected = await hd(good.url, ['metrics', '-f', 'csv', ...c.args]);
    const got = await hd(bad.url, ['metrics', '-f', 'csv', ...c.args]);
    expect(got.code).toBe(0);
    expect(got.stdout).toBe(expected.stdout);
    expect(got.stderr).toBe(`warning: dropped ${c.stderr}\n`);
    // Nothing asked for was lost: a warning, which --quiet (errors only) silences.
    const quiet = await hd(bad.url, ['metrics', '-f', 'csv', '-q', ...c.args]);
    expect({ code: quiet.code, stderr: quiet.stderr }).toEqual({ code: 0, stderr: '' });
    expect(quiet.stdout).toBe(expected.stdout);
  });
});

// For people who open the output in a spreadsheet: a list in a catalog or sources cell reads
// `PhoneHealth; WristBand`, not a JSON array; `-o sheet.xlsx` is refused (healthdata writes no
// workbook, and Excel will not open csv named .xlsx); --bom puts one UTF-8 byte-order mark
// ahead of csv/tsv, and is a usage error with any other format.
import { parse } from 'csv-parse/sync';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { hostileApi } from '../helpers/hostile-api.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { API_KEY, META, startServer, type TestServer } from '../helpers/test-server.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const cli = (args: string[]) => runCli([...args, ...sandbox.args()], { clock });
const BOM = '\uFEFF';

describe('lists in a csv/tsv cell', () => {
  it('sources and catalog: each list is its items joined by "; ", in csv and tsv', async () => {
    for (const [command, key] of [
      ['sources', 'data'],
      ['catalog', 'metrics'],
    ] as const) {
      const body = JSON.parse((await cli([command, '-f', 'json'])).stdout) as Record<
        string,
        Record<string, unknown>[]
      >;
      const records = body[key] ?? [];
      const lists = Object.keys(records[0] ?? {}).filter((k) =>
        records.some((r) => Array.isArray(r[k])),
      );
      expect(lists.length, command).toBeGreaterThan(0);
      for (const [format, delimiter] of [
        ['csv', ','],
        ['tsv', '\t'],
      ] as const) {
        const got = await cli([command, '-f', format]);
        expect(got.code, got.stderr).toBe(0);
        expect(got.stdout).not.toContain('[');
        const rows = parse(got.stdout, { delimiter, columns: true }) as Record<string, string>[];
        expect(rows).toHaveLength(records.length);
        for (const k of lists) {
          expect(rows.map((r) => r[k])).toEqual(
            records.map((r) => ((r[k] as string[] | null) ?? []).join('; ')),
          );
        }
      }
    }
    // The table was plain already: lists joined with ", " (document-view/cells.ts).
    const table = await cli(['sources', '-f', 'table']);
    expect(table.stdout).toContain('PhoneHealth Motion, WristBand Connect, RunTrack');
    expect(table.stdout).not.toContain('[');
    const sources = parse((await cli(['sources', '-f', 'csv'])).stdout, { columns: true }) as {
      provider: string;
      source_apps: string;
    }[];
    expect(sources.find((s) => s.provider === 'PhoneHealth')?.source_apps).toBe(
      'PhoneHealth Motion; WristBand Connect; RunTrack',
    );
  });

  describe('names a separator would misread', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(
        hostileApi({
          sources: {
            data: [
              { provider: 'A', apps: ['Health, Inc.', 'Ünïcode 🫀 app', 42, true] },
              { provider: 'B', apps: ['one; two', 'three'] },
              { provider: 'C', apps: [{ name: 'nested' }] },
              { provider: 'D', apps: [] },
            ],
            meta: META,
          },
        }),
      );
    });
    afterAll(async () => {
      await server.close();
    });

    it('a comma stays inside the cell; an item holding ";" or a record keeps the JSON array', async () => {
      const got = await runCli(
        ['sources', '--base-url', server.url, '--api-key', API_KEY, '-f', 'csv'],
        { clock },
      );
      expect(got.code, got.stderr).toBe(0);
      const rows = parse(got.stdout, { columns: true }) as { provider: string; apps: string }[];
      expect(rows.map((r) => [r.provider, r.apps])).toEqual([
        ['A', 'Health, Inc.; Ünïcode 🫀 app; 42; true'],
        ['B', '["one; two","three"]'],
        ['C', '[{"name":"nested"}]'],
        ['D', ''],
      ]);
    });
  });
});

describe('-o a spreadsheet workbook', () => {
  it.each([
    ['metrics', 'sheet.xlsx'],
    ['summary', 'sheet.XLSX'],
    ['daily', 'old.xls'],
    ['anomalies', 'calc.ods'],
    ['sources', 'mac.numbers'],
    // The caller's name, shell code and a terminal escape in it, is not echoed.
    ['metrics', '$(touch pwned) \u001b]0;x\u0007 Ünï.xlsx'],
  ])('%s -o %s: exit 2, one line naming .csv, no request, no file', async (command, name) => {
    const dir = tempDir();
    const before = sandbox.current.requests.length;
    const got = await cli([command, '-o', join(dir, name), '-f', 'csv']);
    expect(got.code).toBe(2);
    expect(got.stdout).toBe('');
    const ext = name.slice(name.lastIndexOf('.')).toLowerCase();
    expect(got.stderr).toBe(
      `healthdata: error: --output names a ${ext} workbook, and healthdata writes none: name the file .csv instead, which Excel, LibreOffice and Numbers open (add --bom for Excel) (see 'healthdata ${command} --help')\n`,
    );
    expect(readdirSync(dir)).toEqual([]);
    expect(sandbox.current.requests.length).toBe(before);
  });

  it('a name that only contains "xlsx" is written as before', async () => {
    const file = join(tempDir(), 'xlsx-export.csv');
    const got = await cli(['metrics', '-m', 'steps_total', '--from', '3d', '-o', file]);
    expect(got.code, got.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^date,provider,metric,/);
  });
});

describe('--bom', () => {
  const from = addDays(TODAY, -40);
  it.each([
    [['metrics', '-m', 'steps_total', '--from', '5d'], 'csv'],
    [['metrics', '-m', 'mood', '--from', '5d'], 'tsv'],
    [['daily', '--from', '5d'], 'csv'],
    [['summary', '--from', from], 'tsv'],
    [['summary', '--from', from, '--by', 'week'], 'csv'],
    [['anomalies', '--from', from], 'csv'],
    [['compare', '--from', '14d'], 'csv'],
    [['correlate', 'sleep_duration', 'hrv', '--from', from], 'tsv'],
    [['catalog'], 'csv'],
    [['sources'], 'tsv'],
  ])('%j -f %s: one mark, then the same bytes as without it', async (args, format) => {
    const plain = await cli([...args, '-f', format]);
    const marked = await cli([...args, '-f', format, '--bom']);
    expect(marked.code, marked.stderr).toBe(0);
    expect(plain.stdout.length).toBeGreaterThan(0);
    expect(marked.stdout).toBe(BOM + plain.stdout);
  });

  it('-o file.csv --bom: the file starts with EF BB BF once, and csv-parse reads the header', async () => {
    const file = join(tempDir(), 'Café.csv');
    const got = await cli(['daily', '-m', 'mood', '--from', '10d', '-o', file, '--bom']);
    expect(got.code, got.stderr).toBe(0);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'd'.charCodeAt(0)]);
    expect(bytes.indexOf(Buffer.from(BOM), 1)).toBe(-1);
    const rows = parse(bytes, { bom: true, columns: true }) as { date: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('with json, ndjson, a .json file or a table: exit 2, one line, no file', async () => {
    const dir = tempDir();
    for (const extra of [
      ['-f', 'json'],
      ['-f', 'ndjson'],
      ['-o', join(dir, 'steps.json')],
      ['-f', 'table'],
    ]) {
      const got = await cli(['metrics', '-m', 'steps_total', '--from', '3d', '--bom', ...extra]);
      expect({ extra, code: got.code, stdout: got.stdout }).toEqual({ extra, code: 2, stdout: '' });
      expect(got.stderr).toMatch(
        /^healthdata: error: --bom is for csv and tsv, and this output is (json|ndjson|table) — add -f csv \(or -f tsv\), or leave --bom out\n$/,
      );
    }
    expect(existsSync(join(dir, 'steps.json'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is in the help of each command that writes csv', async () => {
    for (const command of [
      'metrics',
      'daily',
      'summary',
      'anomalies',
      'compare',
      'correlate',
      'catalog',
      'sources',
    ]) {
      const help = await runCli([command, '--help']);
      expect(help.stdout, command).toMatch(/--bom\s+start csv\/tsv with a UTF-8 byte-order mark/);
    }
  });
});

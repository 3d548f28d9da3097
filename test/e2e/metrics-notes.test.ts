// Rows whose text CSV must quote (sandbox --notes: commas, quotes, CR/LF, non-ASCII on one row
// in eight), exported by the real CLI: csv and tsv are csv-stringify's text for the rows the API
// sent, and ndjson is those rows, line by line. The rows are read off the page bytes
// (row-walk.ts, csv-bytes.ts), so this holds the byte path to the reference end to end.
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { parseExact } from '../../src/api/exact-numbers.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { stringifyOptions, toCells } from '../../src/output/formats/csv.ts';
import { COLUMNS } from '../../src/output/sink.ts';
import { NOTE_METRIC } from '../../src/sandbox/notes.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { get, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'unlimited', realistic: true, notes: true });
const FROM = '2026-08-01';

async function apiRows(): Promise<MetricRow[]> {
  const rows: MetricRow[] = [];
  let cursor: string | null = null;
  do {
    const q = `from=${FROM}&to=${TODAY}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const got: { text: string } = await get(sandbox.current, `/api/v1/metrics?${q}`);
    const page = parseExact(got.text) as { data: MetricRow[]; next_cursor: string | null };
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return rows;
}

describe('metrics on rows whose text must be quoted (sandbox --notes)', () => {
  it('serves a note that CSV must quote on about one row in eight, deterministically', async () => {
    const rows = await apiRows();
    const notes = rows.filter((r) => r.metric === NOTE_METRIC);
    const share = notes.length / rows.length;
    expect(share).toBeGreaterThan(0.11);
    // One per seven rows of a provider's day, rounded up: a little more on days of few rows.
    expect(share).toBeLessThan(0.17);
    const quoted = notes.filter((r) => /[",\r\n]/.test(r.textValue ?? ''));
    expect(quoted.length).toBe(notes.length);
    expect(await apiRows()).toEqual(rows);
  });

  for (const [format, delimiter] of [
    ['csv', ','],
    ['tsv', '\t'],
  ] as const) {
    it(`-f ${format} is csv-stringify's text of the rows the API sent`, async () => {
      const rows = await apiRows();
      const args = ['metrics', ...sandbox.args(), '--from', FROM, '--to', TODAY];
      const { code, stdout, stderr } = await spawnCli([...args, '-f', format, '-q']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const header = stringify([[...COLUMNS]], stringifyOptions(delimiter));
      expect(stdout).toBe(header + stringify(rows.map(toCells), stringifyOptions(delimiter)));
    });
  }

  it('-f ndjson is the rows the API sent, one a line', async () => {
    const rows = await apiRows();
    const args = ['metrics', ...sandbox.args(), '--from', FROM, '--to', TODAY];
    const { code, stdout } = await spawnCli([...args, '-f', 'ndjson', '-q']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => parseExact(l))).toEqual(rows);
  });
});

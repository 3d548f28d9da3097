/* eslint-disable no-control-regex -- these tests look for control characters */
// The metrics table writer: widths from the first page, fitted to the terminal, numbers on
// their decimal point, one line per row whatever the server sends.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import type { Destination } from '../../src/output/destination.ts';
import { table as tableFormat } from '../../src/output/formats/table.ts';
import { palette } from '../../src/output/terminal/colors.ts';

const row = (over: Partial<MetricRow>): MetricRow => ({
  date: '2026-11-20',
  provider: 'Scale',
  metric: 'weight',
  numValue: 72.35,
  textValue: null,
  unit: 'kg',
  stream: false,
  ...over,
});

async function table(pages: MetricRow[][], columns?: number, color = false): Promise<string[]> {
  let text = '';
  const out: Destination = {
    write: (s) => {
      text += s;
      return Promise.resolve();
    },
    end: () => Promise.resolve(),
  };
  const sink = await tableFormat.rows(out, { header: true, columns, palette: palette(color) });
  for (const page of pages) await sink.write({ data: page }, undefined);
  await sink.end(undefined);
  return text.trimEnd().split('\n');
}

describe('the metrics table', () => {
  it('right-aligns numbers on their decimal point, left-aligns text', async () => {
    const lines = await table([
      [
        row({ numValue: 72.35 }),
        row({ numValue: 1234 }),
        row({ numValue: -0.5 }),
        row({ numValue: null, textValue: 'HIIT' }),
      ],
    ]);
    const dots = lines.slice(1, 4).map((l) => (l.indexOf('.') >= 0 ? l.indexOf('.') : -1));
    expect(dots[0]).toBe(dots[2]);
    // 1234 has no point: its last digit sits just before where the point would be.
    expect(lines[2]!.indexOf('1234') + 4).toBe(dots[0]);
    const valueStart = lines[0]!.indexOf('value');
    expect(lines[4]!.indexOf('HIIT')).toBe(valueStart);
  });

  it('shows null the same way in every column', async () => {
    const lines = await table([[row({ numValue: null, textValue: null, unit: null })]]);
    expect(lines[1]).toMatch(/weight +— +— +false$/);
  });

  it('shows every value in full when it fits, and cuts the widest text column with … when not', async () => {
    const long = row({ metric: 'a_very_long_metric_name_indeed', provider: 'ProviderName' });
    const wide = await table([[long]], 200);
    expect(wide[1]).toContain('a_very_long_metric_name_indeed');
    const narrow = await table([[long]], 60);
    for (const line of narrow) expect(stringWidth(line)).toBeLessThanOrEqual(60);
    expect(narrow[1]).toMatch(/ a_very_long\w*… /);
    expect(narrow[1]).toContain('ProviderName');
  });

  it('cuts later pages to the first page widths, keeping the columns aligned', async () => {
    const lines = await table([[row({})], [row({ provider: 'AMuchLongerProvider', metric: 'm' })]]);
    expect(lines[2]).toMatch(/^2026-11-20 {2}AMuchLo… {2}m /);
    expect(lines[2]!.indexOf(' m ')).toBe(lines[1]!.indexOf(' weight'));
    expect(lines[2]!.indexOf('72.35')).toBe(lines[1]!.indexOf('72.35'));
  });

  it('keeps every row on one line, with control characters as visible symbols', async () => {
    const lines = await table([
      [
        row({
          numValue: null,
          textValue: 'one\ntwo\r\nthree\tfour\u001b[2J\u0007\u009b',
          provider: 'P\u202eQ',
        }),
      ],
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('one⏎two⏎three→four␛[2J␇\\u009b');
    expect(lines[1]).toContain('P\\u202eQ');
    expect(lines.join('')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('measures wide characters by the columns they take', async () => {
    const lines = await table([[row({ provider: '体重計', metric: 'weight' })], [row({})]]);
    expect(lines[1]!.indexOf('weight') + 0).toBeGreaterThan(0);
    const at = (l: string): number => stringWidth(l.slice(0, l.indexOf('weight')));
    expect(at(lines[1]!)).toBe(at(lines[0]!.replace('metric', 'weight')));
    expect(at(lines[2]!)).toBe(at(lines[1]!));
  });

  it('cuts a header narrowed below its name like its cells, so the header fits and lines up', async () => {
    const rows = [
      row({ provider: 'PhoneHealth', metric: 'steps_total', numValue: 7084, unit: 'count' }),
      row({ provider: 'WristBand', metric: 'workout_type', numValue: null, textValue: 'Swim' }),
    ];
    const lines = await table([rows], 50);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(50);
    const [head, first] = lines as [string, string];
    expect(head).toMatch(/^date {8}provi… {2}metric/);
    // Each header name starts where its column does.
    for (const [name, cell] of [
      ['metric', 'steps_t'],
      ['unit', 'count'],
      ['stream', 'false'],
    ]) {
      expect(head.indexOf(name!)).toBe(first.indexOf(cell!));
    }
  });

  it('never wraps, even on a terminal narrower than the narrowest columns', async () => {
    const lines = await table([[row({ provider: 'ProviderName', metric: 'metric_name' })]], 30);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(30);
  });

  it('with colour: a bold header, dim unit and stream; none without', async () => {
    const colored = await table([[row({})]], undefined, true);
    expect(colored[0]).toMatch(/^\u001b\[1mdate/);
    expect(colored[1]).toContain('\u001b[2mkg');
    const plain = await table([[row({})]]);
    expect(plain.join('\n')).not.toContain('\u001b');
  });

  it('says so when there are no rows', async () => {
    expect(await table([])).toEqual(['No rows.']);
  });
});

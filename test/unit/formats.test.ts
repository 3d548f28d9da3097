import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Meta, MetricRow } from '../../src/api/types.ts';
import type { Destination } from '../../src/output/destination.ts';
import { FORMATS, createRowSink, preloadFormat } from '../../src/output/formats/index.ts';
import type { Format } from '../../src/output/formats/index.ts';
import { patientOf } from '../../src/fhir/patient.ts';

const meta: Meta = {
  plan: 'pro',
  history_window_days: 365,
  history_floor: '2025-11-23',
  source_cap: null,
};

const awkward: MetricRow[] = [
  {
    date: '2026-11-22',
    provider: 'PhoneHealth',
    metric: 'steps',
    numValue: 1234,
    textValue: null,
    unit: 'count',
    stream: false,
  },
  {
    date: '2026-11-22',
    provider: 'WristBand',
    metric: 'workout_type',
    numValue: null,
    textValue: 'Café "HIIT", 5×3',
    unit: null,
    stream: true,
  },
  {
    date: '2026-11-21',
    provider: 'Ring',
    metric: 'note',
    numValue: null,
    textValue: 'line one\nline two\r\nand, more',
    unit: null,
    stream: false,
  },
  {
    date: '2026-11-21',
    provider: 'Scale',
    metric: 'weight',
    numValue: 72.35,
    textValue: null,
    unit: 'kg',
    stream: false,
  },
  {
    date: '2026-11-20',
    provider: 'Scale',
    metric: 'tab',
    numValue: -0.5,
    textValue: 'a\tb 🚶',
    unit: 'x',
    stream: true,
  },
];

function memory(): Destination & { text: string; ended: boolean } {
  const out = {
    text: '',
    ended: false,
    write: (s: string) => {
      out.text += s;
      return Promise.resolve();
    },
    end: () => {
      out.ended = true;
      return Promise.resolve();
    },
  };
  return out;
}

async function render(
  format: Format,
  rows: MetricRow[],
  header = true,
  pages = 2,
): Promise<string> {
  const out = memory();
  const sink = await createRowSink(format, out, { header });
  const size = Math.ceil(rows.length / pages);
  for (let i = 0; i < rows.length; i += size)
    await sink.write({ data: rows.slice(i, i + size) }, meta);
  await sink.end(meta);
  expect(out.ended).toBe(true);
  return out.text;
}

const asText = (row: MetricRow): Record<string, string> => ({
  date: row.date,
  provider: row.provider,
  metric: row.metric,
  numValue: row.numValue === null ? '' : String(row.numValue),
  textValue: row.textValue ?? '',
  unit: row.unit ?? '',
  stream: String(row.stream),
});

describe('csv and tsv', () => {
  it('writes the exact header and round-trips awkward text through a real CSV parser', async () => {
    const text = await render('csv', awkward);
    expect(text.split('\n')[0]).toBe('date,provider,metric,numValue,textValue,unit,stream');
    const parsed = parse(text, { columns: true }) as Record<string, string>[];
    expect(parsed).toEqual(awkward.map(asText));
  });

  it('writes null as an empty cell, booleans as true/false, numbers as sent', async () => {
    const text = await render('csv', awkward.slice(0, 1), true, 1);
    expect(text).toBe(
      'date,provider,metric,numValue,textValue,unit,stream\n2026-11-22,PhoneHealth,steps,1234,,count,false\n',
    );
  });

  it('leaves the header out with --no-header', async () => {
    const text = await render('csv', awkward.slice(3, 4), false, 1);
    expect(text).toBe('2026-11-21,Scale,weight,72.35,,kg,false\n');
  });

  it('round-trips TSV with tabs and newlines inside values', async () => {
    const text = await render('tsv', awkward);
    expect(text.split('\n')[0]).toBe('date\tprovider\tmetric\tnumValue\ttextValue\tunit\tstream');
    const parsed = parse(text, { columns: true, delimiter: '\t' }) as Record<string, string>[];
    expect(parsed).toEqual(awkward.map(asText));
  });

  it('writes only the header for an empty export', async () => {
    expect(await render('csv', [], true, 1)).toBe(
      'date,provider,metric,numValue,textValue,unit,stream\n',
    );
  });
});

describe('json and ndjson', () => {
  it('json is one document with every row and the meta', async () => {
    const doc = JSON.parse(await render('json', awkward)) as { data: MetricRow[]; meta: Meta };
    expect(doc.data).toEqual(awkward);
    expect(doc.meta).toEqual(meta);
  });

  it('json of no rows is still a valid document', async () => {
    expect(JSON.parse(await render('json', [], true, 1))).toEqual({ data: [], meta });
  });

  it('ndjson is one row per line', async () => {
    const lines = (await render('ndjson', awkward)).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as MetricRow)).toEqual(awkward);
  });

  it('a json export that is not ended is not a complete document', async () => {
    const out = memory();
    const sink = await createRowSink('json', out, { header: true });
    await sink.write({ data: awkward }, meta);
    expect(() => JSON.parse(out.text)).toThrow();
    expect(out.ended).toBe(false);
  });
});

describe('table', () => {
  it('draws aligned columns across pages, with the value of text and number rows', async () => {
    const text = await render('table', awkward, true, 3);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^date\s+provider\s+metric\s+value\s+unit\s+stream$/);
    expect(text).toContain('1234');
    expect(text).toContain('Café "HIIT", 5×3');
    expect(text).not.toContain('[object Object]');
    // Column starts line up across the page blocks.
    const metricCol = (lines[0] ?? '').indexOf('metric');
    const weight = lines.find((l) => l.includes('weight')) ?? '';
    expect(weight.indexOf('weight')).toBe(metricCol);
  });

  it('says so when there are no rows', async () => {
    expect(await render('table', [], true, 1)).toBe('No rows.\n');
  });
});

describe('preloadFormat', () => {
  it('only starts loading: it returns at once, writes nothing, and the sink after it works', async () => {
    for (const format of FORMATS) {
      const out = memory();
      expect(preloadFormat(format)).toBeUndefined();
      expect(out.text).toBe('');
      // The FHIR forms write about a Patient (src/fhir): they are given one.
      const fhir = {
        patient: patientOf({ id: 'u1' }, 'https://api.example', 'p'),
        withPatient: true,
      };
      const sink = await createRowSink(format, out, { header: true, fhir });
      await sink.write({ data: awkward.slice(0, 1) }, meta);
      await sink.end(meta);
      expect(out.text).toContain('PhoneHealth');
    }
  });
});

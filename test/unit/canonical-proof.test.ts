// provePage may hand back the server's text only when it is exactly what JSON.stringify writes
// for the parsed rows, and the rows have the spec's types. Checked over random rows written in
// random spellings of JSON: the answer is either undefined (fall back) or identical to
// JSON.stringify, with rows of the spec's types.
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provePage, rowsPieces, rowsText } from '../../src/api/rows/canonical-proof.ts';
import { canonicalRows, lastDate, rowCount, textPage } from '../../src/api/rows/lazy-page.ts';
import { parseExact, RawNumber, restoreRawNumbers } from '../../src/api/exact-numbers.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { joinRows } from '../../src/output/json-lines.ts';
import { get, useSandbox } from '../helpers/sandbox.ts';

/** The spec's types (the row guard checks dates and names besides; the proof only types). */
function checkRows(rows: readonly MetricRow[]): void {
  for (const r of rows) {
    const n: unknown = r.numValue;
    const ok =
      typeof r.date === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(r.date) &&
      typeof r.provider === 'string' &&
      typeof r.metric === 'string' &&
      (n === null || typeof n === 'number' || n instanceof RawNumber) &&
      (r.textValue === null || typeof r.textValue === 'string') &&
      (r.unit === null || typeof r.unit === 'string') &&
      typeof r.stream === 'boolean';
    if (!ok) throw new Error(`not of the spec's types: ${JSON.stringify(r)}`);
  }
}

const KEYS = ['date', 'provider', 'metric', 'numValue', 'textValue', 'unit', 'stream'] as const;

/**
 * Parses like the client does, and returns what JSON output would write either way. The
 * reference keeps numbers JSON.parse would change as sent (1e400, 9007199254740993), as the
 * general path does.
 */
function both(text: string): { fast: string | undefined; reference: string } {
  const data = (parseExact(text) as { data: MetricRow[] }).data;
  const proven = provePage(text);
  if (proven !== undefined) {
    // What the proof claims besides the text: the spec's types, the count, the last date, and
    // rows parsed later that equal the rows parsed now.
    expect(() => checkRows(data)).not.toThrow();
    const page = textPage(proven.rows, null, undefined);
    expect(rowCount(page)).toBe(data.length);
    expect(lastDate(page)).toBe(data.at(-1)?.date);
    expect(page.data).toEqual(data);
  }
  return {
    fast: proven === undefined ? undefined : rowsText(proven.rows),
    reference: restoreRawNumbers(JSON.stringify(data).slice(1, -1)),
  };
}

const awkwardChar = fc.constantFrom(
  'a',
  ' ',
  '"',
  '\\',
  '/',
  '\n',
  '\t',
  '\b',
  '\u0000',
  '\u001f',
  '\u007f',
  'é',
  '€',
  '\u2028',
  '😀',
  '\ud83d',
  '\ude00',
  '},{',
  '{"date":',
  ',',
);
const text = fc.oneof(fc.string({ unit: awkwardChar, maxLength: 8 }), fc.string({ maxLength: 8 }));
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, 0.5, -0.42, 1e-6, 1e-7, 123456789012345, 1234567890123456, 1e21, 0.1),
);
const cell = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const row = fc.record({
  date: fc.oneof({ weight: 4, arbitrary: fc.constant('2026-11-22') }, cell),
  provider: fc.oneof({ weight: 4, arbitrary: fc.constant('RingWear') }, cell),
  metric: fc.oneof({ weight: 4, arbitrary: fc.constant('hrv') }, cell),
  numValue: fc.oneof({ weight: 4, arbitrary: number }, cell),
  textValue: fc.oneof({ weight: 4, arbitrary: fc.oneof(text, fc.constant(null)) }, cell),
  unit: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('ms', '°C', null) }, cell),
  stream: fc.oneof({ weight: 4, arbitrary: fc.boolean() }, cell),
});

// Ways other servers spell the same JSON value.
const spacing = fc.constantFrom('', '', '', ' ', '\n', '\t ');
function spellNumber(n: number, how: number): string {
  if (how === 1) return n.toExponential();
  if (how === 2) return `${JSON.stringify(n)}0`.replace(/^(-?\d+)0$/, '$1.0');
  if (how === 3) return Object.is(n, 0) ? '-0' : n.toPrecision(17);
  return JSON.stringify(n);
}
function spellString(s: string, how: number): string {
  const plain = JSON.stringify(s);
  if (how === 1)
    return plain.replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  if (how === 2) return plain.replaceAll('/', '\\/');
  if (how === 3)
    return plain.replace(/\\u00([0-9a-f]{2})/g, (_, h: string) => `\\u00${h.toUpperCase()}`);
  return plain;
}
const spelling = fc.record({
  space: spacing,
  numberHow: fc.integer({ min: 0, max: 3 }),
  stringHow: fc.integer({ min: 0, max: 3 }),
  reorder: fc.boolean(),
  duplicate: fc.boolean(),
});
type Spelling = typeof spelling extends fc.Arbitrary<infer T> ? T : never;

function spell(value: unknown, s: Spelling): string {
  if (typeof value === 'number') return spellNumber(value, s.numberHow);
  if (typeof value === 'string') return spellString(value, s.stringHow);
  return JSON.stringify(value);
}
function writePage(rows: Record<string, unknown>[], pick: (i: number) => Spelling): string {
  const body = rows.map((r, i) => {
    const s = pick(i);
    const keys = s.reorder ? [...KEYS].reverse() : [...KEYS];
    const fields = keys.map((k) => `${s.space}"${k}"${s.space}:${s.space}${spell(r[k], s)}`);
    if (s.duplicate) fields.unshift(`"stream":"dup"`);
    return `{${fields.join(',')}${s.space}}`;
  });
  return `{"data":[${body.join(',')}],"next_cursor":null}`;
}

describe('provePage', () => {
  it("is the server's text for canonical pages, JSON.stringify's exactly", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const { fast, reference } = both(`{"data":${JSON.stringify(rows)},"next_cursor":"x"}`);
        if (fast !== undefined) expect(fast).toBe(reference);
      }),
      { numRuns: 3_000 },
    );
  });

  it('is undefined or identical for any spelling of the page', () => {
    const canonical: Spelling = {
      space: '',
      numberHow: 0,
      stringHow: 0,
      reorder: false,
      duplicate: false,
    };
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 8 }),
        fc.array(fc.oneof(fc.constant(canonical), spelling), { minLength: 8, maxLength: 8 }),
        (rows, spellings) => {
          const { fast, reference } = both(writePage(rows, (i) => spellings[i] as Spelling));
          if (fast !== undefined) expect(fast).toBe(reference);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('accepts a number only in the spelling String() gives back', () => {
    const literal = fc.oneof(
      fc.stringMatching(/^-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/),
      fc.stringMatching(/^-?0\.0{4,8}[1-9][0-9]{0,3}$/),
      fc.constantFrom(
        '0.0000001',
        '0.000001',
        '-0',
        '-0.0',
        '1.0',
        '1e5',
        '1E5',
        '9007199254740993',
      ),
    );
    fc.assert(
      fc.property(literal, (n) => {
        const page = `{"data":[{"date":"d","provider":"p","metric":"m","numValue":${n},"textValue":null,"unit":null,"stream":false}]}`;
        const { fast, reference } = both(page);
        if (fast !== undefined) expect(fast).toBe(reference);
      }),
      { numRuns: 20_000 },
    );
  });

  it('takes typical pages (so the fast path is really used) and nothing it was not given', () => {
    const rows = [
      {
        date: '2026-11-22',
        provider: 'RingWear',
        metric: 'body_temperature_delta',
        numValue: -0.42,
        textValue: null,
        unit: '°C',
        stream: false,
      },
      {
        date: '2026-11-06',
        provider: 'WristBand',
        metric: 'workout_type',
        numValue: null,
        textValue: 'Café "HIIT", 5×3\n😀',
        unit: null,
        stream: true,
      },
      {
        date: '2026-11-05',
        provider: 'PhoneHealth',
        metric: 'steps',
        numValue: 12345,
        textValue: '},{',
        unit: 'count',
        stream: false,
      },
    ];
    const page = `{"data":${JSON.stringify(rows)},"next_cursor":null,"meta":{"plan":"pro"}}`;
    const { fast, reference } = both(page);
    expect(fast).toBe(reference);
    // A page rebuilt with fewer rows (--limit) carries no text: it is hidden from spreads.
    const proven = provePage(page);
    expect(proven?.rows.count).toBe(3);
    expect(proven?.tail).toBe(',"next_cursor":null,"meta":{"plan":"pro"}}');
    const whole = textPage(proven!.rows, null, undefined);
    expect(canonicalRows(whole)).toBe(proven?.rows);
    expect(canonicalRows({ ...whole, data: whole.data.slice(0, 2) })).toBeUndefined();
    expect(canonicalRows({ ...whole })).toBeUndefined();
    // Not canonical: spacing, an exponent, a needless escape.
    for (const other of [
      page.replace('"date":', '"date": '),
      page.replace('12345', '1.2345e4'),
      page.replace('RingWear', 'Ring\\u0057ear'),
      // Escapes JSON.stringify never writes: \/, \u for a character it writes as is or as
      // \b, upper-case hex, and a surrogate pair spelled as two escapes.
      page.replace('RingWear', 'Ring\\/Wear'),
      page.replace('RingWear', 'Ring\\u00e9Wear'),
      page.replace('RingWear', 'Ring\\u0008Wear'),
      page.replace('RingWear', 'Ring\\u001FWear'),
      page.replace('RingWear', 'Ring\\ud83d\\ude00Wear'),
    ]) {
      expect(both(other).fast).toBeUndefined();
    }
  });
});

describe('provePage on bytes', () => {
  // Bytes a proof must look at closely: structure, digits, escapes, control and non-ASCII bytes.
  const byte = fc.oneof(
    fc.constantFrom(...Buffer.from('0123456789.-eE",:{}[]\\unbfrt ')),
    fc.constantFrom(0x00, 0x1f, 0x7f, 0x80, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xff),
    fc.integer({ min: 0, max: 255 }),
  );
  // Rows the proof takes as they are: an edit decides.
  const provable = fc.record({
    date: fc.constantFrom('2026-11-22', '1999-01-31'),
    provider: text,
    metric: fc.constantFrom('hrv', 'steps'),
    numValue: fc.oneof(
      fc.integer(),
      fc.integer().map((n) => n / 100),
      fc.constant(null),
    ),
    textValue: fc.oneof(text, fc.constant(null)),
    unit: fc.constantFrom('ms', '°C', null),
    stream: fc.boolean(),
  });
  it('hands back exactly canonical rows, for pages with random bytes changed', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.array(provable, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), byte), { minLength: 1, maxLength: 2 }),
        (rows, edits) => {
          const bytes = Buffer.from(`{"data":${JSON.stringify(rows)},"next_cursor":null}`);
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          const proven = provePage(bytes);
          if (proven === undefined) return;
          taken++;
          expect(isUtf8(bytes)).toBe(true);
          // And its rows are JSON.stringify's text of the rows they stand for. (What follows
          // them is the client's to parse: an edit may have broken it.)
          const text = rowsText(proven.rows);
          const data = parseExact(`[${text}]`) as MetricRow[];
          expect(() => checkRows(data)).not.toThrow();
          expect(text).toBe(restoreRawNumbers(JSON.stringify(data).slice(1, -1)));
          expect(proven.rows.count).toBe(data.length);
        },
      ),
      { numRuns: 20_000 },
    );
    // Many edits leave a valid page (a digit for a digit, a letter in a string): those count.
    expect(taken).toBeGreaterThan(200);
  });

  it('reads a large page in pieces of whole rows, each string under 128 KiB', () => {
    // Two-byte text (CJK), a latin1 name, a 17-digit double and 1e400 kept as sent.
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`,
      provider: i % 2 ? 'Balança Saúde' : '健康',
      metric: 'hrv',
      numValue: i % 3 ? 0.1 + i / 7 : i,
      textValue: i % 5 ? null : '睡眠'.repeat(40 + (i % 60)),
      unit: 'ms',
      stream: false,
    }));
    const body = `{"data":${JSON.stringify(rows)},"next_cursor":null}`;
    for (const page of [body, body.replace(/"numValue":3,/, '"numValue":1e400,')]) {
      const proven = provePage(Buffer.from(page));
      if (proven === undefined) throw new Error('not proven');
      const pieces = [...rowsPieces(proven.rows)];
      expect(pieces.length).toBeGreaterThan(3);
      expect(pieces.join(',')).toBe(rowsText(proven.rows));
      for (const piece of pieces) expect(piece.length * 2).toBeLessThan(128 * 1024);
      expect(textPage(proven.rows, null, undefined).data).toEqual(
        (parseExact(page) as { data: MetricRow[] }).data,
      );
    }
  });

  it('refuses a body that is not valid UTF-8, which the text would not say exactly', () => {
    const page = Buffer.from(
      '{"data":[{"date":"2026-11-22","provider":"Ring\u00e9","metric":"m","numValue":1,"textValue":null,"unit":"x","stream":false}]}',
    );
    const fine = Buffer.from(page.toString().replace('\\u00e9', 'é'));
    expect(provePage(fine)?.rows.count).toBe(1);
    const broken = Buffer.concat([fine.subarray(0, 50), Buffer.from([0xc3]), fine.subarray(52)]);
    expect(provePage(broken)).toBeUndefined();
  });
});

describe("provePage on the sandbox's pages", () => {
  const sandbox = useSandbox({ plan: 'pro' });

  it('takes every page, awkward text values included, so exports skip JSON.stringify', async () => {
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const got: { text: string; body: { next_cursor: string | null } } = await get<{
        next_cursor: string | null;
      }>(sandbox.current, `/api/v1/metrics?${query}`);
      const { fast, reference } = both(got.text);
      expect(fast).toBe(reference);
      cursor = got.body.next_cursor;
      pages++;
    } while (cursor !== null && pages < 8);
    expect(pages).toBeGreaterThan(1);
  });
});

describe('joinRows on canonical text', () => {
  it('splits rows exactly where stringifying row by row would', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), fc.constantFrom('\n', ',\n'), (rows, sep) => {
        const tricky = rows.map((r, i) =>
          i % 3 === 0 ? { ...r, textValue: '},{"date":"x"},{' } : r,
        );
        const text = `{"data":${JSON.stringify(tricky)},"next_cursor":null}`;
        const data = (JSON.parse(text) as { data: MetricRow[] }).data;
        const proven = provePage(text);
        const page = proven ? textPage(proven.rows, null, undefined) : { data };
        const joined = data.map((r) => JSON.stringify(r)).join(sep);
        expect(String(joinRows(page, sep))).toBe(joined);
        expect(String(joinRows(page, sep, '[', ']\n'))).toBe(`[${joined}]\n`);
      }),
      { numRuns: 1_000 },
    );
  });
});

// --realistic: the same rows as the tidy mode, reshaped as real APIs send them (issue 22).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { PROVIDER_NAMES } from '../../src/sandbox/realistic.ts';
import { allRows, get, start } from '../helpers/sandbox.ts';

/** Rows in one order for both modes: renamed providers sort elsewhere within a day. */
function canonical(rows: MetricRow[], names: Readonly<Record<string, string>>): MetricRow[] {
  const key = (r: MetricRow) =>
    `${r.date}\u0000${names[r.provider] ?? r.provider}\u0000${r.metric}`;
  return rows
    .map((r, i) => ({ r, i, k: key(r) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i))
    .map(({ r }) => r);
}

const QUERY = 'from=2025-11-23&to=2026-11-22';
let tidy: Sandbox;
let real: Sandbox;
let tidyRows: MetricRow[];
let realRows: MetricRow[];
let realText: string[];
let back: Record<string, string>;

beforeAll(async () => {
  [tidy, real] = await Promise.all([
    start({ plan: 'unlimited' }),
    start({ plan: 'unlimited', realistic: true }),
  ]);
  back = Object.fromEntries(Object.entries(PROVIDER_NAMES).map(([a, b]) => [b, a]));
  [tidyRows, realRows] = await Promise.all([
    allRows(tidy, QUERY, 1000),
    allRows(real, QUERY, 1000),
  ]);
  tidyRows = canonical(tidyRows, {});
  realRows = canonical(realRows, back);
  // The raw bodies, for the numbers JSON.parse cannot keep.
  realText = [];
  let cursor: string | null = null;
  do {
    const got: { text: string; body: { next_cursor: string | null } } = await get(
      real,
      `/api/v1/metrics?${QUERY}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    realText.push(got.text);
    cursor = got.body.next_cursor;
  } while (cursor !== null);
});
afterAll(async () => {
  await Promise.all([tidy.close(), real.close()]);
});

const digits = (n: number) => String(n).replace(/^-?0?\.?0*|\.|e.*$/g, '').length;

describe('sandbox --realistic', () => {
  it('serves as many rows as the tidy mode, day by day, metric by metric', () => {
    expect(realRows.length).toBe(tidyRows.length);
    expect(realRows.map((r) => `${r.date} ${r.metric}`)).toEqual(
      tidyRows.map((r) => `${r.date} ${r.metric}`),
    );
  });

  it('names providers and text values in other scripts', () => {
    const providers = new Set(realRows.map((r) => r.provider));
    expect([...providers].every((p) => !/^[\x20-\x7e]+$/.test(p))).toBe(true);
    expect(providers.has('指輪 Ring')).toBe(true);
    const texts = new Set(realRows.flatMap((r) => (r.textValue === null ? [] : [r.textValue])));
    expect([...texts].filter((t) => /[^\x20-\x7e]/.test(t)).length).toBeGreaterThanOrEqual(5);
  });

  it('sends full-precision doubles on a large share of rows, every one within 0.1 % of the tidy value', () => {
    let full = 0;
    for (let i = 0; i < realRows.length; i++) {
      const a = tidyRows[i]?.numValue;
      const b = realRows[i]?.numValue;
      if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(b) || a === b)
        continue;
      if (Math.abs(b) > 1e15 || Math.abs(b) < 1e-300) continue; // the edge numbers
      expect(Math.abs(b - a)).toBeLessThanOrEqual(Math.abs(a) * 1e-3 + 2.5e-4);
      if (digits(b) >= 14) full++;
    }
    expect(full / realRows.length).toBeGreaterThan(0.2);
  });

  it('sends a few numbers no double holds, as raw JSON', () => {
    const body = realText.join('\n');
    for (const raw of ['1e400', '1e-400', '9007199254740993', '12345678901234567891']) {
      expect(body).toContain(`"numValue":${raw},`);
    }
    expect(
      body.match(/"numValue":(?:1e400|1e-400|9007199254740993|12345678901234567891),/g)?.length,
    ).toBeLessThan(10);
  });

  it('is deterministic', async () => {
    const again = await start({ plan: 'unlimited', realistic: true });
    try {
      expect(canonical(await allRows(again, QUERY, 1000), back)).toEqual(realRows);
    } finally {
      await again.close();
    }
  });
});

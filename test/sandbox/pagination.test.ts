import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { allRows, errorOf, get, page, start } from '../helpers/sandbox.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const metrics = (query: string) => get(sb, `/api/v1/metrics?${query}`);
const enc = encodeURIComponent;

describe('cursor pagination', () => {
  it('collects the same rows as one big query, whatever the page size', async () => {
    const query = 'metric=weight,readiness_score,mood';
    const one = await page(sb, `${query}&limit=1000`);
    expect(one.next_cursor).toBeNull();
    expect(one.data.length).toBeGreaterThan(500);
    for (const limit of [7, 37, 200, 999]) {
      expect(await allRows(sb, query, limit)).toEqual(one.data);
    }
  });

  it('walks the whole dataset: rowCount rows, identical for any page size', async () => {
    const big = await allRows(sb, '', 1000);
    expect(big.length).toBe(sb.rowCount);
    expect(await allRows(sb, '', 777)).toEqual(big);
    // No gaps or overlaps at page seams: pages restart exactly where the last one stopped.
    const seams = await allRows(sb, 'from=2026-06-01&to=2026-06-30', 61);
    expect(seams).toEqual(big.filter((r) => r.date >= '2026-06-01' && r.date <= '2026-06-30'));
  });

  it('gives no cursor when a page exactly exhausts the rows', async () => {
    const all = (await page(sb, 'metric=weight&limit=1000')).data;
    const exact = await page(sb, `metric=weight&limit=${all.length}`);
    expect(exact.data).toEqual(all);
    expect(exact.next_cursor).toBeNull();
    const short = await page(sb, `metric=weight&limit=${all.length - 1}`);
    expect(short.next_cursor).not.toBeNull();
    const last = await page(sb, `metric=weight&cursor=${enc(short.next_cursor ?? '')}`);
    expect(last.data).toEqual(all.slice(-1));
    expect(last.next_cursor).toBeNull();
  });

  it('is opaque: not a bare offset, URL-safe', async () => {
    const p = await page(sb, 'limit=10');
    expect(p.next_cursor).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(p.next_cursor).not.toBe('10');
  });

  it('keeps its position when the next request uses a different limit', async () => {
    const reference = (await page(sb, 'provider=wristband&limit=400')).data;
    const first = await page(sb, 'provider=wristband&limit=100');
    const second = await page(
      sb,
      `provider=wristband&limit=50&cursor=${enc(first.next_cursor ?? '')}`,
    );
    const third = await page(
      sb,
      `provider=wristband&limit=250&cursor=${enc(second.next_cursor ?? '')}`,
    );
    expect([...first.data, ...second.data, ...third.data]).toEqual(reference);
  });

  it('accepts the cursor for the same query written differently', async () => {
    const first = await page(sb, 'metric=hrv,steps&provider=WristBand&limit=5');
    const cursor = enc(first.next_cursor ?? '');
    const same = await metrics(
      `metric=steps&metric=hrv&provider=wristband&limit=5&cursor=${cursor}`,
    );
    expect(same.status).toBe(200);
  });

  it('rejects a tampered cursor with 400 invalid_cursor', async () => {
    const cursor = (await page(sb, 'limit=10')).next_cursor ?? '';
    const flip = (i: number) =>
      cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
    for (const bad of [
      flip(3),
      flip(10),
      flip(cursor.length - 2),
      cursor.slice(0, -4),
      'abc',
      '10',
      '!!',
    ]) {
      const got = await metrics(`limit=10&cursor=${enc(bad)}`);
      expect(got.status).toBe(400);
      expect(errorOf(got.body).code).toBe('invalid_cursor');
    }
  });

  it.each([
    ['metric=steps', 'metric=hrv'],
    ['metric=steps', ''],
    ['provider=wristband', 'provider=ringwear'],
    ['from=2026-01-01', 'from=2026-01-02'],
    ['to=2026-10-01', 'to=2026-10-02'],
    ['to=2026-10-01', ''],
  ])('rejects a cursor from %s reused with %s', async (original, other) => {
    const cursor = (await page(sb, `${original}&limit=3`)).next_cursor ?? '';
    const got = await metrics(`${other}&limit=3&cursor=${enc(cursor)}`);
    expect(got.status).toBe(400);
    expect(errorOf(got.body)).toEqual({
      code: 'invalid_cursor',
      message: expect.stringMatching(/different query/),
    });
  });

  it('rejects a cursor issued by another sandbox', async () => {
    const other = await start();
    try {
      const cursor = (await page(other, 'limit=3')).next_cursor ?? '';
      const got = await metrics(`limit=3&cursor=${enc(cursor)}`);
      expect(got.status).toBe(400);
      expect(errorOf(got.body).code).toBe('invalid_cursor');
    } finally {
      await other.close();
    }
  });
});

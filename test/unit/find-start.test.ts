import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDataStart } from '../../src/api/pagination/find-start.ts';
import { addDays, daysBetween } from '../../src/lib/dates.ts';

/** A dataset whose oldest row is on `start`: the answer a server would give to a probe. */
function dataFrom(start: string): {
  hasRowsBy: (day: string) => Promise<boolean>;
  probes: string[];
} {
  const probes: string[] = [];
  return {
    probes,
    hasRowsBy: (day) => {
      probes.push(day);
      return Promise.resolve(day >= start);
    },
  };
}

describe('findDataStart', () => {
  it('finds a start on or before the true one, within the resolution, in few rounds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 16 }),
        async (startOffset, knownAfter, resolution, width) => {
          const start = addDays('1970-01-01', startOffset);
          const known = addDays(start, knownAfter);
          const { hasRowsBy, probes } = dataFrom(start);
          const found = await findDataStart(hasRowsBy, {
            known,
            earliest: '1970-01-01',
            resolution,
            width,
          });
          expect(found <= start).toBe(true);
          expect(daysBetween(found, start)).toBeLessThanOrEqual(resolution);
          const span = daysBetween('1970-01-01', known) + 1;
          const rounds = Math.ceil(Math.log(span / resolution + 1) / Math.log(width + 1)) + 1;
          expect(probes.length).toBeLessThanOrEqual(rounds * width);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stops at the earliest day searched when rows are older still', async () => {
    const { hasRowsBy } = dataFrom('1900-01-01');
    const found = await findDataStart(hasRowsBy, {
      known: '2026-11-22',
      earliest: '1970-01-01',
      resolution: 30,
      width: 4,
    });
    expect(found).toBe('1970-01-01');
  });
});

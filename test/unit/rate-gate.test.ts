import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { RateGate } from '../../src/api/transport/rate-gate.ts';
import { fixedClock } from '../helpers/cli.ts';

const tooMany = (retryAfterMs: number) => new ApiError(429, 'rate limited', '', retryAfterMs);

describe('RateGate', () => {
  it('does not pace at all until the first 429', async () => {
    const clock = fixedClock('2026-11-20');
    const gate = new RateGate(clock);
    for (let i = 0; i < 50; i++) await gate.run(() => Promise.resolve(i));
    expect(clock.slept).toEqual([]);
    expect(gate.rate).toBe(Number.POSITIVE_INFINITY);
  });

  it('after a 429 every request waits for Retry-After, and the rate is halved once', async () => {
    const clock = fixedClock('2026-11-20');
    const gate = new RateGate(clock);
    // Eight requests start in the same instant; two of them are told to wait 2 s.
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        gate.run(() => (i >= 6 ? Promise.reject(tooMany(2000)) : Promise.resolve(i))),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
    expect(gate.rate).toBe(4);
    // Concurrency is cut too: from the requests in flight when the 429 came back.
    expect(gate.window).toBeLessThanOrEqual(4);
    expect(gate.window).toBeGreaterThanOrEqual(1);
    const before = clock.now();
    await gate.run(() => Promise.resolve('next'));
    expect(clock.now() - before).toBeGreaterThanOrEqual(2000);
    // Then requests are paced at the new rate, and each success adds a little back.
    const paced = clock.now();
    await gate.run(() => Promise.resolve('a'));
    await gate.run(() => Promise.resolve('b'));
    expect(clock.now() - paced).toBeGreaterThanOrEqual(1000 / 4.5);
    expect(gate.rate).toBeGreaterThan(4);
  });

  it('after a 429, no more requests are in flight than the window allows', async () => {
    const clock = fixedClock('2026-11-20');
    const gate = new RateGate(clock);
    await gate.run(() => Promise.reject(tooMany(1000))).catch(() => undefined);
    expect(gate.window).toBe(1);
    let flying = 0;
    let most = 0;
    const slow = async (): Promise<void> => {
      flying++;
      most = Math.max(most, flying);
      await new Promise((r) => setImmediate(r));
      flying--;
    };
    await Promise.all(Array.from({ length: 6 }, () => gate.run(slow)));
    expect(most).toBeLessThanOrEqual(2);
  });

  it('counts the requests that succeeded, not those that failed', async () => {
    const gate = new RateGate(fixedClock('2026-11-20'));
    await gate.run(() => Promise.resolve(1));
    await gate.run(() => Promise.reject(tooMany(0))).catch(() => undefined);
    await gate.run(() => Promise.reject(new Error('reset'))).catch(() => undefined);
    await gate.run(() => Promise.resolve(2));
    expect(gate.served).toBe(2);
  });

  it('grows back quickly to near the rate that was cut, then slowly, so it stays under the limit', async () => {
    const clock = fixedClock('2026-11-20');
    const gate = new RateGate(clock);
    // Ten requests in the same second, then the eleventh is told 429: the limit lies near 11/s.
    for (let i = 0; i < 10; i++) await gate.run(() => Promise.resolve(i));
    await gate.run(() => Promise.reject(tooMany(1000))).catch(() => undefined);
    expect(gate.rate).toBe(5.5);
    let successes = 0;
    while (gate.rate < 0.8 * 11) {
      await gate.run(() => Promise.resolve(0));
      successes++;
    }
    expect(successes).toBeLessThanOrEqual(10);
    // Near the limit it probes gently: twenty more successes add under one request a second.
    const near = gate.rate;
    for (let i = 0; i < 20; i++) await gate.run(() => Promise.resolve(0));
    expect(gate.rate - near).toBeLessThan(1);
    expect(gate.rate).toBeLessThan(11);
  });
});

// The retry policy on its own: backoff with full jitter, Retry-After, and the retry budget,
// with an instant clock. test/e2e/transport-retry.test.ts runs it against real servers.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../helpers/cli.ts';
import { ApiError, NetworkError, ProtocolError } from '../../src/api/errors.ts';
import { exitCodeOf } from '../../src/cli/exit-codes.ts';
import {
  backoffDelay,
  defaultRetryPolicy,
  parseRetryAfter,
  withRetries,
  type RetryPolicy,
} from '../../src/api/transport/retry.ts';

const policy = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({
  ...defaultRetryPolicy,
  ...overrides,
});

describe('backoffDelay (exponential, full jitter, capped)', () => {
  it('draws uniformly from [0, base·2^attempt) and never above the cap', () => {
    const p = (random: number): RetryPolicy =>
      policy({ baseDelayMs: 250, maxDelayMs: 8_000, random: () => random });
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, p(0.999999)))).toEqual([
      249, 499, 999, 1999, 3999, 7999,
    ]);
    expect(backoffDelay(6, p(0.999999))).toBe(7999);
    expect(backoffDelay(60, p(0.999999))).toBe(7999);
    expect(backoffDelay(3, p(0.5))).toBe(1000);
    expect(backoffDelay(3, p(0))).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 20, 12, 0, 0);
  it('reads delta-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter(new Date(now + 9_000).toUTCString(), now)).toBe(9_000);
    expect(parseRetryAfter(new Date(now - 9_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('withRetries', () => {
  it('retries a retryable failure with the backoff delays and returns the result', async () => {
    const clock = fixedClock('2026-11-20');
    const attempts: number[] = [];
    const result = await withRetries(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 3) throw new ApiError(503, 'the server failed (503)', '');
        return 'done';
      },
      policy({ retries: 3, random: () => 0.5 }),
      clock,
      undefined,
    );
    expect(result).toBe('done');
    expect(attempts).toEqual([0, 1, 2, 3]);
    expect(clock.slept).toEqual([125, 250, 500]);
  });

  it('never waits less than Retry-After, even when the jitter is smaller', async () => {
    const clock = fixedClock('2026-11-20');
    let calls = 0;
    await withRetries(
      async () => {
        if (calls++ === 0) throw new ApiError(429, 'rate limited', '', 4_000);
        return 1;
      },
      policy({ random: () => 0 }),
      clock,
      undefined,
    );
    expect(clock.slept).toEqual([4_000]);
  });

  it('gives up after `retries` retries and says so', async () => {
    const clock = fixedClock('2026-11-20');
    let calls = 0;
    const error = await withRetries(
      () => {
        calls += 1;
        return Promise.reject(new NetworkError('the connection failed'));
      },
      policy({ retries: 2, random: () => 0.5 }),
      clock,
      undefined,
    ).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect((error as Error).message).toBe('the connection failed (gave up after 2 retries)');
  });

  it('does not retry what is not retryable', async () => {
    for (const error of [
      new ApiError(400, 'bad', ''),
      new ApiError(401, 'key', ''),
      new ApiError(403, 'forbidden', ''),
      new ApiError(404, 'missing', ''),
      new ProtocolError('not json'),
      new NetworkError('tls', { retryable: false }),
    ]) {
      const clock = fixedClock('2026-11-20');
      let calls = 0;
      const thrown = await withRetries(
        () => {
          calls += 1;
          return Promise.reject(error);
        },
        policy(),
        clock,
        undefined,
      ).catch((e: unknown) => e);
      expect(thrown).toBe(error);
      expect(calls).toBe(1);
      expect(clock.slept).toEqual([]);
    }
  });

  it('fails at once, naming the wait, when the wait is more than the budget left', async () => {
    const clock = fixedClock('2026-11-20');
    let calls = 0;
    const error = await withRetries(
      () => {
        calls += 1;
        return Promise.reject(new ApiError(503, 'the server failed (503)', '', 25_000));
      },
      policy({ retries: 10, budgetMs: 60_000, random: () => 0 }),
      clock,
      undefined,
    ).catch((e: unknown) => e);
    // 25 s + 25 s fit in 60 s; the third wait of 25 s does not fit in the 10 s left.
    expect(calls).toBe(3);
    expect(clock.slept).toEqual([25_000, 25_000]);
    expect(error).toBeInstanceOf(ApiError);
    expect(exitCodeOf(error as ApiError)).toBe(1);
    expect((error as Error).message).toContain('the server asked to wait 25 s');
    expect((error as Error).message).toContain('10 s left of the retry budget');
  });

  describe('a 429 of shared congestion (the server answered other requests meanwhile)', () => {
    const tooMany = (): ApiError => new ApiError(429, 'rate limited', '', 1_000);
    /** Fails `failures` times; `others` is how many other requests succeed between tries. */
    const script = (failures: number, error: () => Error, others: number) => {
      let served = 0;
      let calls = 0;
      const attempt = (): Promise<string> => {
        calls += 1;
        if (calls > failures) return Promise.resolve('done');
        served += others;
        return Promise.reject(error());
      };
      return { attempt, served: () => served, calls: () => calls };
    };

    it('does not use up --retries: ten of them, then success, with the default 3', async () => {
      const clock = fixedClock('2026-11-20');
      const s = script(10, tooMany, 2);
      const result = await withRetries(s.attempt, policy({ random: () => 0.5 }), clock, undefined, {
        served: s.served,
      });
      expect(result).toBe('done');
      expect(s.calls()).toBe(11);
      // Each waited for Retry-After; the backoff did not grow with them.
      expect(clock.slept).toEqual(Array.from({ length: 10 }, () => 1_000));
    });

    it('counts when nothing else was served: a server that only says 429 fails after --retries', async () => {
      const clock = fixedClock('2026-11-20');
      const s = script(Infinity, tooMany, 0);
      const error = await withRetries(s.attempt, policy(), clock, undefined, {
        served: s.served,
      }).catch((e: unknown) => e);
      expect(s.calls()).toBe(4);
      expect((error as Error).message).toBe('rate limited (gave up after 3 retries)');
      expect(exitCodeOf(error as ApiError)).toBe(1);
    });

    it('is bounded: at most sharedRetries of them on top of --retries', async () => {
      const clock = fixedClock('2026-11-20');
      const s = script(Infinity, tooMany, 1);
      const error = await withRetries(
        s.attempt,
        policy({ retries: 3, sharedRetries: 20 }),
        clock,
        undefined,
        { served: s.served },
      ).catch((e: unknown) => e);
      expect(s.calls()).toBe(1 + 20 + 3);
      expect((error as Error).message).toBe('rate limited (gave up after 23 retries)');
    });

    it('is still bounded by the wait budget', async () => {
      const clock = fixedClock('2026-11-20');
      const s = script(Infinity, () => new ApiError(429, 'rate limited', '', 9_000), 1);
      const error = await withRetries(s.attempt, policy(), clock, undefined, {
        served: s.served,
      }).catch((e: unknown) => e);
      // 6 waits of 9 s fit in 60 s; the seventh does not.
      expect(s.calls()).toBe(7);
      expect((error as Error).message).toContain('left of the retry budget');
    });

    it('does not apply to other failures, nor with --retries 0', async () => {
      const busy = script(Infinity, () => new ApiError(503, 'unavailable', ''), 5);
      await withRetries(busy.attempt, policy(), fixedClock('2026-11-20'), undefined, {
        served: busy.served,
      }).catch(() => undefined);
      expect(busy.calls()).toBe(4);
      const none = script(Infinity, tooMany, 5);
      await withRetries(none.attempt, policy({ retries: 0 }), fixedClock('2026-11-20'), undefined, {
        served: none.served,
      }).catch(() => undefined);
      expect(none.calls()).toBe(1);
    });
  });
});

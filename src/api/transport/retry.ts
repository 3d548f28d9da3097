// Retry policy for idempotent GETs: exponential backoff with full jitter, never sooner than
// the server's Retry-After, and bounded by a total wait budget per request. A 429 that is the
// run's shared congestion rather than this request's own failure (see `served`) does not use
// up `retries`; it has its own, larger bound, and the wait budget still applies.
import type { Clock } from '../../lib/clock.ts';
import { ApiError, NetworkError } from '../errors.ts';

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Total time one request may spend waiting between attempts. */
  budgetMs: number;
  /** Retries after a 429 of shared congestion, on top of `retries` (see RetryHooks.served). */
  sharedRetries: number;
  random: () => number;
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  budgetMs: 60_000,
  sharedRetries: 20,
  random: Math.random,
};

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return RETRYABLE_STATUS.has(error.status);
  if (error instanceof NetworkError) return error.retryable;
  return false;
}

/** Parses Retry-After in either delta-seconds or HTTP-date form into milliseconds from now. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(policy.random() * ceiling);
}

export interface RetryHooks {
  onRetry?: (info: {
    attempt: number;
    delayMs: number;
    error: unknown;
    congestion: boolean;
  }) => void;
  /**
   * How many requests of the run the server has answered so far (the shared RateGate's count).
   * A 429 after the server answered others since this request's previous try is congestion:
   * the run as a whole is over the limit and the shared gate slows everyone down, so it is not
   * this request failing. A server that answers nothing but 429 still fails after `retries`.
   */
  served?: () => number;
}

export async function withRetries<T>(
  attemptFn: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  clock: Clock,
  signal: AbortSignal | undefined,
  hooks: RetryHooks = {},
): Promise<T> {
  let waited = 0;
  let own = 0;
  let shared = 0;
  let served = hooks.served?.();
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptFn(attempt);
    } catch (error) {
      const now = hooks.served?.();
      // --retries 0 means no retry at all, congestion or not.
      const congestion =
        error instanceof ApiError &&
        error.status === 429 &&
        policy.retries > 0 &&
        served !== undefined &&
        now !== undefined &&
        now > served &&
        shared < policy.sharedRetries;
      served = now;
      if (congestion) shared++;
      else own++;
      if (signal?.aborted || !isRetryable(error) || own > policy.retries) {
        throw annotate(error, attempt);
      }
      const asked = error instanceof ApiError ? error.retryAfterMs : undefined;
      // Congestion does not grow the backoff: the shared gate paces the retries.
      const delayMs = Math.max(backoffDelay(Math.max(0, own - 1), policy), asked ?? 0);
      const left = policy.budgetMs - waited;
      if (delayMs > left) {
        const wait =
          asked !== undefined && asked >= delayMs
            ? `the server asked to wait ${seconds(delayMs)}`
            : `the next retry would wait ${seconds(delayMs)}`;
        const message = `${describe(error)}; ${wait}, more than the ${seconds(left)} left of the retry budget — try again later`;
        throw error instanceof ApiError
          ? new ApiError(error.status, message, error.body)
          : new NetworkError(message, { retryable: false });
      }
      hooks.onRetry?.({ attempt: attempt + 1, delayMs, error, congestion });
      await clock.sleep(delayMs, signal);
      waited += delayMs;
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function annotate(error: unknown, attempt: number): unknown {
  if (attempt > 0 && isRetryable(error) && error instanceof Error) {
    error.message += ` (gave up after ${attempt} ${attempt === 1 ? 'retry' : 'retries'})`;
  }
  return error;
}

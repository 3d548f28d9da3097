// Retry policy for idempotent GETs: exponential backoff with full jitter, never sooner than
// the server's Retry-After, and bounded by a total wait budget per request.
import type { Clock } from '../../lib/clock.ts';
import { ApiError, NetworkError } from '../errors.ts';

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Total time one request may spend waiting between attempts. */
  budgetMs: number;
  random: () => number;
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  budgetMs: 60_000,
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
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

export async function withRetries<T>(
  attemptFn: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  clock: Clock,
  signal: AbortSignal | undefined,
  hooks: RetryHooks = {},
): Promise<T> {
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptFn(attempt);
    } catch (error) {
      if (signal?.aborted || !isRetryable(error) || attempt >= policy.retries) {
        throw annotate(error, attempt);
      }
      const asked = error instanceof ApiError ? error.retryAfterMs : undefined;
      const delayMs = Math.max(backoffDelay(attempt, policy), asked ?? 0);
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
      hooks.onRetry?.({ attempt: attempt + 1, delayMs, error });
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

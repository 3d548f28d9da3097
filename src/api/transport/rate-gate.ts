// One rate-limit back-off shared by every request of a run (all --parallel partitions). After
// a 429 every request waits for its Retry-After, not only the one that got it, and both the
// request rate and the number of requests in flight are halved; each success adds a little
// back (additive increase, multiplicative decrease, as TCP does). Until the first 429 there is
// no pacing and no limit at all.
import type { Clock } from '../../lib/clock.ts';
import { ApiError } from '../errors.ts';

/** Requests per second added back per success, once pacing has started. */
const INCREASE = 0.2;
const MIN_RATE = 0.5;
/** Below this share of the rate last cut, the rate grows back quickly. */
const NEAR = 0.8;

export class RateGate {
  readonly #clock: Clock;
  /** Requests per second; Infinity until the server first says 429. */
  #rate = Number.POSITIVE_INFINITY;
  #nextStart = 0;
  #pausedUntil = 0;
  #lastDecrease = Number.NEGATIVE_INFINITY;
  /** The rate at which the server last said 429: where the limit lies. */
  #ceiling = Number.POSITIVE_INFINITY;
  #starts: number[] = [];
  /** Requests allowed in flight at once; Infinity until the first 429. */
  #window = Number.POSITIVE_INFINITY;
  #inFlight = 0;
  #served = 0;
  #slotFreed: (() => void)[] = [];

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  get rate(): number {
    return this.#rate;
  }

  /** How many requests have succeeded: retry.ts tells congestion from a failing request by it. */
  get served(): number {
    return this.#served;
  }

  /** How many requests may be in flight at once. */
  get window(): number {
    return this.#window;
  }

  async run<T>(request: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#slot(signal);
    try {
      const started = await this.#admit(signal);
      try {
        const result = await request();
        this.#served++;
        this.#rate += this.#increase();
        if (Number.isFinite(this.#window)) this.#window += 1 / this.#window;
        return result;
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) this.#slowDown(started, error);
        throw error;
      }
    } finally {
      this.#inFlight--;
      this.#slotFreed.shift()?.();
    }
  }

  async #slot(signal: AbortSignal | undefined): Promise<void> {
    while (this.#inFlight >= Math.floor(this.#window)) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        // An aborted waiter leaves the queue, so a freed slot is never handed to nobody.
        const onAbort = (): void => {
          const at = this.#slotFreed.indexOf(wake);
          if (at !== -1) this.#slotFreed.splice(at, 1);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#slotFreed.push(wake);
      });
    }
    // Taken in the same turn as the check, so requests starting together cannot all get in.
    this.#inFlight++;
  }

  async #admit(signal: AbortSignal | undefined): Promise<number> {
    for (;;) {
      const now = this.#clock.now();
      const at = Math.max(this.#pausedUntil, Number.isFinite(this.#rate) ? this.#nextStart : 0);
      if (at <= now) {
        this.#nextStart = Math.max(now, this.#nextStart) + 1000 / this.#rate;
        this.#starts.push(now);
        if (this.#starts.length > 64) this.#starts.shift();
        return now;
      }
      await this.#clock.sleep(at - now, signal);
    }
  }

  /**
   * Additive increase per success: quick back up to near the rate that was cut, then about
   * INCREASE per second, so the rate stays under the server's limit longer before probing it.
   */
  #increase(): number {
    if (!Number.isFinite(this.#rate)) return 0;
    if (this.#rate < NEAR * this.#ceiling) return INCREASE + this.#rate / 20;
    return INCREASE / this.#rate;
  }

  #slowDown(started: number, error: ApiError): void {
    const now = this.#clock.now();
    // Without Retry-After each request backs off on its own (retry.ts); with it, all wait.
    if (error.retryAfterMs !== undefined) {
      this.#pausedUntil = Math.max(this.#pausedUntil, now + error.retryAfterMs);
    }
    // Requests already in flight when the rate was cut get their 429s too: cut once for them.
    if (started <= this.#lastDecrease) return;
    this.#lastDecrease = now;
    const recent = this.#starts.filter((t) => t > now - 1000).length;
    const current = Number.isFinite(this.#rate) ? this.#rate : Math.max(recent, 1);
    this.#ceiling = current;
    this.#rate = Math.max(MIN_RATE, current / 2);
    const flying = Number.isFinite(this.#window) ? this.#window : this.#inFlight;
    this.#window = Math.max(1, flying / 2);
    this.#nextStart = this.#pausedUntil;
  }
}

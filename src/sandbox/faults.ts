import { mixSeed, mulberry32 } from './prng.ts';

export type Clock = () => number;

/**
 * Fixed one-second windows: at most `perSecond` requests start in each window; the rest are
 * told to retry when the window ends (Retry-After in whole seconds, at least 1).
 */
export function createRateLimiter(perSecond: number, now: Clock): () => number | null {
  let window = -1;
  let used = 0;
  return () => {
    const t = now();
    const current = Math.floor(t / 1000);
    if (current !== window) {
      window = current;
      used = 0;
    }
    if (used < perSecond) {
      used++;
      return null;
    }
    return Math.max(1, Math.ceil(((current + 1) * 1000 - t) / 1000));
  };
}

/** Draws from its own seeded stream, one draw per request, so a run's failures reproduce. */
export function createFailInjector(rate: number, seed: number): () => boolean {
  if (rate <= 0) return () => false;
  if (rate >= 1) return () => true;
  const rng = mulberry32(mixSeed(seed, 0x503));
  return () => rng() < rate;
}

import type { Rng } from './prng.ts';

/** What a provider's generator sees for one day. */
export interface DayContext {
  readonly day: number;
  readonly ago: number;
  readonly rng: Rng;
  readonly scale: number;
  /** The rows of `metric` for this day, in source order; push numbers or (text metrics) strings. */
  out(metric: string): Array<number | string>;
}

import type { Rng } from './prng.ts';

/** What a provider's generator sees for one day. */
export interface DayContext {
  readonly day: number;
  readonly ago: number;
  readonly rng: Rng;
  readonly scale: number;
  /**
   * The rows of `metric` for this day, in source order; push numbers or (text metrics) strings,
   * or (realistic mode) a number's raw JSON text.
   */
  out(metric: string): Array<number | string | RawNumber>;
}

/** A JSON number written as given, for values a double cannot hold (1e400, 2^53 + 1). */
export interface RawNumber {
  readonly raw: string;
}

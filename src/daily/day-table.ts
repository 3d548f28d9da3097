// One (metric, provider)'s days, as columns: a slot per date, in the order first seen, and the
// day's numbers in typed arrays. An object per day (six fields, three of them boxed doubles)
// and its map entry took several times the 32 bytes below on V8's heap, for each of the
// metric-days of years of data: the part of a summary's memory that grew with the rows
// (issue 22; `npm run bench -- --only summary`).
// Here a day is its map entry and 32 bytes of columns, allocated in a few large pieces.
import { meanOfSum, SUM_SCALE } from '../lib/finite-math.ts';

const FIRST_CAPACITY = 8;

export class DayTable {
  readonly #slots = new Map<string, number>();
  /** Each slot's date. */
  readonly dates: string[] = [];
  /** Numeric rows that day. */
  rows = new Int32Array(FIRST_CAPACITY);
  /** Rows with a textValue only that day. */
  textRows = new Int32Array(FIRST_CAPACITY);
  /** The day's numbers added up (read it through meanAt: for a few days it is scaled). */
  sum = new Float64Array(FIRST_CAPACITY);
  min = new Float64Array(FIRST_CAPACITY);
  max = new Float64Array(FIRST_CAPACITY);
  /** The day's distinct text values (bounded by the accumulator), for days that have any. */
  readonly texts = new Map<number, string[]>();
  /** Slots whose plain sum overflowed (rows near 1e308): their `sum` is over SUM_SCALE. */
  readonly #scaled = new Set<number>();

  /** Days held. */
  get size(): number {
    return this.dates.length;
  }

  /** The date's slot, or undefined when the date has none yet. */
  slot(date: string): number | undefined {
    return this.#slots.get(date);
  }

  /** A new, empty slot for `date` (which has none yet). */
  add(date: string): number {
    const slot = this.dates.length;
    if (slot === this.rows.length) this.#grow();
    this.#slots.set(date, slot);
    this.dates.push(date);
    this.min[slot] = Infinity;
    this.max[slot] = -Infinity;
    return slot;
  }

  /** Adds a numeric row's value to the day (its count, min and max are the caller's). */
  addValue(slot: number, x: number): void {
    const sum = this.sum[slot] as number;
    if (this.#scaled.size > 0 && this.#scaled.has(slot)) {
      this.sum[slot] = sum + x / SUM_SCALE;
      return;
    }
    const next = sum + x;
    if (Number.isFinite(next)) {
      this.sum[slot] = next;
    } else {
      this.sum[slot] = sum / SUM_SCALE + x / SUM_SCALE;
      this.#scaled.add(slot);
    }
  }

  /** The mean of the day's numeric rows: finite for any finite values (finite-math.ts). */
  meanAt(slot: number): number {
    return meanOfSum(
      this.sum[slot] as number,
      this.#scaled.has(slot),
      this.rows[slot] as number,
      this.min[slot] as number,
      this.max[slot] as number,
    );
  }

  /** The slots, oldest date first. */
  byDate(): number[] {
    const dates = this.dates;
    return Array.from(dates.keys()).sort((a, b) => {
      const x = dates[a] as string;
      const y = dates[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }

  #grow(): void {
    const capacity = this.rows.length * 2;
    const wider = <T extends Int32Array | Float64Array>(column: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(column);
      return next;
    };
    this.rows = wider(this.rows, (n) => new Int32Array(n));
    this.textRows = wider(this.textRows, (n) => new Int32Array(n));
    this.sum = wider(this.sum, (n) => new Float64Array(n));
    this.min = wider(this.min, (n) => new Float64Array(n));
    this.max = wider(this.max, (n) => new Float64Array(n));
  }
}

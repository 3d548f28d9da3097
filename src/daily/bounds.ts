// What a daily summary may keep, whatever the server sends. The accumulator keeps no rows, but it
// keeps every (metric, provider), every day of each, and each distinct text value: a server sending
// hundreds of thousands of distinct long text values took `summary` into gigabytes
// (test/e2e/hostile-bounds.test.ts sends such a server). Now each text value is kept to a length,
// each line counts only so many distinct values one by one, and everything kept is charged to a
// byte budget. Text values past a bound are still counted, not listed (and the command says so); a
// run whose lines and days alone outgrow the budget stops with one line.
import { HealthdataError } from '../lib/errors.ts';
import { byteSize } from '../lib/sizes.ts';

export interface SummaryBounds {
  /** Distinct text values one line counts one by one; rows with other values are counted together. */
  maxDistinctTexts: number;
  /** Characters of a text value kept; a longer value is kept as its start and `…`. */
  maxTextLength: number;
  /** Bytes (estimated) all kept text values may take, over all lines. */
  maxTextBytes: number;
  /** Bytes (estimated) all lines and their days may take. */
  maxBytes: number;
}

// Days: 32 MiB holds ~220,000 (60 metrics a day for ten years). Text: 8 MiB holds 1,000
// distinct values of 256 characters for each of 14 lines, or of 50 for each of 60. Together
// they keep a summary's peak memory under 150 MB (test/e2e/hostile-bounds.test.ts measures it).
export const DEFAULT_SUMMARY_BOUNDS: SummaryBounds = {
  maxDistinctTexts: 1_000,
  maxTextLength: 256,
  maxTextBytes: 8 * 1024 * 1024,
  maxBytes: 32 * 1024 * 1024,
};

/**
 * Costs on V8's heap, measured (--trace-gc, live size per day held): a line's objects and
 * maps, a day's map entry and aggregate.
 */
const LINE_BYTES = 400;
export const DAY_BYTES = 150;
/** A string's header and map entry, beside its characters (two bytes each at worst). */
const STRING_BYTES = 64;

export const stringBytes = (text: string): number => STRING_BYTES + 2 * text.length;
export const lineBytes = (metric: string, provider: string): number =>
  LINE_BYTES + stringBytes(metric) + stringBytes(provider);

export class SummaryTooLarge extends HealthdataError {
  constructor(maxBytes: number, lines: number, days: number) {
    super(
      'summary_too_large',
      `the summary would keep over ${byteSize(maxBytes)} (${lines.toLocaleString('en-US')} metric and provider lines, ${days.toLocaleString('en-US')} days): stopping — narrow it with -m, -p or --from/--to`,
      'failure',
    );
  }
}

/** The byte budgets of one summary: lines and days, and text values apart. */
export class SummaryBudget {
  readonly bounds: SummaryBounds;
  #used = 0;
  #textUsed = 0;
  lines = 0;
  days = 0;

  constructor(bounds: SummaryBounds) {
    this.bounds = bounds;
  }

  /** Charges what must be kept (a line, a day, a unit); throws past the budget. */
  take(bytes: number): void {
    this.#used += bytes;
    if (this.#used > this.bounds.maxBytes) {
      throw new SummaryTooLarge(this.bounds.maxBytes, this.lines, this.days);
    }
  }

  /** Charges a text value, which may be left out: false, and nothing charged, past its budget. */
  takeText(bytes: number): boolean {
    if (this.#textUsed + bytes > this.bounds.maxTextBytes) return false;
    this.#textUsed += bytes;
    return true;
  }
}

/**
 * The value as kept: at most `max` characters, as a string of its own (a slice of a longer
 * string may keep the whole of it alive in V8).
 */
export function keptText(text: string, max: number): string {
  if (text.length <= max) return text;
  return Buffer.from(text.slice(0, max), 'utf16le').toString('utf16le') + '…';
}

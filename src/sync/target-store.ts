// What differs between sync targets (flat file, SQLite, a Parquet dataset): how the newest day
// is read, and how days are read and written. Which days change is the day plan's
// (day-plan.ts); the engine (engine.ts) does the rest for all of them.
import type { Meta } from '../api/types.ts';
import type { RowCounts } from './day-diff.ts';
import type { Day } from './fetched-days.ts';

export interface TargetStore {
  /** The newest date held for the filters, passing over dates after `notAfter`. */
  newestDate(notAfter: string): Promise<string | undefined>;
  /**
   * Replaces the days from `replaceFrom` on (every day when undefined) with `days`, newest
   * first; days before it are kept, and a day with `keep` stays as it was.
   */
  apply(
    days: AsyncIterable<Day>,
    replaceFrom: string | undefined,
    meta: Meta | undefined,
  ): Promise<{ counts: RowCounts; written: boolean }>;
  /** `ok` false: leave the target as it was. */
  close(ok: boolean): Promise<void>;
}

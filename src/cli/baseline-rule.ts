// The baseline rule of `anomalies` and `alerts` from their flags (--window, --min-days,
// --threshold): one check, so both flag the same days.
import type { BaselineRule } from '../insight/index.ts';
import { UsageError } from '../lib/errors.ts';

export interface BaselineFlags {
  window: number;
  minDays: number;
  threshold: number;
}

export function baselineRule(flags: BaselineFlags): BaselineRule {
  if (flags.minDays > flags.window) {
    throw new UsageError(
      `--min-days ${flags.minDays} is more than the --window of ${flags.window} days — lower it, or widen the window`,
      'bad_option',
    );
  }
  return { window: flags.window, minDays: flags.minDays, threshold: flags.threshold };
}

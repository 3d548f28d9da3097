// --tz, checked once for every command that takes it: the zone whose midnight a day's point is
// at in line protocol (-f influx; the time-series sync target).
import { checkTimeZone } from '../output/line-protocol.ts';

export function timeZoneOption(flags: { tz?: string }): { timeZone?: string } {
  return flags.tz === undefined ? {} : { timeZone: checkTimeZone(flags.tz) };
}

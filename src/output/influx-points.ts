// The points healthdata writes in line protocol (line-protocol.ts), decided once for `-f
// influx` and the time-series sync target (docs/influx.md, "The point"):
//
//   health,metric=steps,provider=PhoneHealth,unit=count basis="total",rows=1,value=7084 <day>
//   health_row,metric=steps,n=0,provider=PhoneApp,unit=count stream=false,value=812 <day>
//
// A daily value (`healthdata daily`, the sync target) is measurement `health`; its metric is
// the name `daily` reports, so a `<metric>_total` twin is `steps` with basis "total" (the one
// rule, src/daily/rule.ts, applied before it gets here, as the SQLite view does). Tags are what
// names a series and never changes from day to day: metric, provider, unit (a unit as a tag
// is the common choice: Grafana can show it as a label, and a series keeps one unit), and
// `profile` when a sync names one. What may change from one day to the next is a field: the
// value (a float), `basis` and `text` (strings), `rows` (a float). Were basis a tag, a day
// whose basis changed would become a second series, and the old point would stay beside
// the new one. VictoriaMetrics keeps numbers only: it stores `health_value` and
// `health_rows`, and a string field as a series of zeros (`health_basis`, `health_text`).
//
// A raw row (`metrics -f influx`) is measurement `health_row`. Rows have no key (several rows
// of one metric and provider a day, one per source app), and points with the same series and
// time are one point; so tag `n` numbers a day's rows of one metric and provider, in the
// API's order, and each keeps its own point.
import type { DailyRow } from '../daily/index.ts';
import type { MetricRow } from '../api/types.ts';
import { dayTimestampNs, floatText, pointLine, stringField } from './line-protocol.ts';

export const DAILY_MEASUREMENT = 'health';
export const ROW_MEASUREMENT = 'health_row';

export interface PointOptions {
  /** The IANA zone whose midnight a day is; UTC when undefined. */
  zone?: string | undefined;
  /** A `profile` tag (sync with --profile/--all-profiles). */
  profile?: string | undefined;
}

/** The fields of a daily value that `daily`'s records hold: a DailyRow, or its record. */
export type DailyPoint = Pick<
  DailyRow,
  'date' | 'metric' | 'provider' | 'value' | 'text' | 'unit' | 'basis' | 'rows'
>;

/** One daily value's line (never undefined: `rows` is always a field). */
export function dailyLine(row: DailyPoint, options: PointOptions = {}): string {
  return (
    pointLine(
      DAILY_MEASUREMENT,
      [
        ['metric', row.metric],
        ['profile', options.profile],
        ['provider', row.provider],
        ['unit', row.unit],
      ],
      [
        ['basis', stringField(row.basis)],
        ['rows', floatText(row.rows)],
        ['text', row.text === null ? undefined : stringField(row.text)],
        ['value', row.value === null ? undefined : floatText(row.value)],
      ],
      dayTimestampNs(row.date, options.zone),
    ) ?? ''
  );
}

/** Numbers each day's rows of one metric and provider, across pages (rows come day by day). */
export class RowNumbers {
  #day = '';
  #seen = new Map<string, number>();

  next(row: Pick<MetricRow, 'date' | 'metric' | 'provider'>): number {
    if (row.date !== this.#day) {
      this.#day = row.date;
      this.#seen.clear();
    }
    const key = `${row.metric}\u0000${row.provider}`;
    const n = this.#seen.get(key) ?? 0;
    this.#seen.set(key, n + 1);
    return n;
  }
}

/** One raw row's line. */
export function rowLine(row: MetricRow, n: number, options: PointOptions = {}): string {
  const num = row.numValue === null ? undefined : floatText(Number(row.numValue));
  return (
    pointLine(
      ROW_MEASUREMENT,
      [
        ['metric', row.metric],
        ['n', String(n)],
        ['profile', options.profile],
        ['provider', row.provider],
        ['unit', row.unit],
      ],
      [
        ['stream', row.stream ? 'true' : 'false'],
        ['text', row.textValue === null ? undefined : stringField(row.textValue)],
        ['value', num],
      ],
      dayTimestampNs(row.date, options.zone),
    ) ?? ''
  );
}

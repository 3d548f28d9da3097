// One alert: a flagged day of `healthdata anomalies` (its record, src/insight/records/anomaly.ts:
// the same robust z against the same baseline) as a webhook's JSON, an ntfy message and an MQTT
// payload. The message says what was measured, against what, and what "unusual" means here:
// a statistic about the person's own numbers, never a diagnosis.
import { visible } from '../../lib/visible.ts';
import type { AnomalyRecord } from '../../insight/records/anomaly.ts';
import type { BaselineRule } from '../../insight/anomalies.ts';

export interface Alert {
  metric: string;
  provider: string;
  date: string;
  value: number;
  unit: string | null;
  /** The baseline's median. */
  baseline: number;
  baseline_days: number;
  z: number;
  direction: 'high' | 'low';
  /** The first day of the episode this day belongs to, and its days so far (episodes.ts). */
  since?: string;
  days?: number;
  message: string;
}

/** The key of an alert in the state file: one per metric, provider and day. */
export function alertKey(a: { metric: string; provider: string; date: string }): string {
  return JSON.stringify([a.metric, a.provider, a.date]);
}

function withUnit(value: number, unit: string | null): string {
  return unit === null || unit === '' ? String(value) : `${value} ${unit}`;
}

/**
 * One line a phone shows: a name's line breaks, controls and bidi marks as visible escapes,
 * as every view shows server text (lib/visible.ts).
 */
const oneLine = visible;

export function alertOf(record: AnomalyRecord, rule: BaselineRule): Alert {
  const higher = record.direction === 'high' ? 'higher' : 'lower';
  const message = oneLine(
    `${record.metric} (${record.provider}) on ${record.date}: ${withUnit(record.value, record.unit)}, ${higher} than usual for you — the median of the ${record.baseline_days} days with data in the ${rule.window} days before was ${withUnit(record.median, record.unit)}. Unusual here means a robust z of ${record.z} (|z| ≥ ${rule.threshold}): a statistic about your own numbers, not a diagnosis.`,
  );
  return {
    metric: record.metric,
    provider: record.provider,
    date: record.date,
    value: record.value,
    unit: record.unit,
    baseline: record.median,
    baseline_days: record.baseline_days,
    z: record.z,
    direction: record.direction,
    message,
  };
}

/** A short title (ntfy's Title header, before headerText makes it safe). */
export function alertTitle(alert: Alert): string {
  return oneLine(
    `${alert.metric} ${alert.direction === 'high' ? 'higher' : 'lower'} than usual on ${alert.date}`,
  );
}

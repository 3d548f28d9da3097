import type { DayContext } from './day-context.ts';
import {
  generateMindfulApp,
  generateRingWear,
  generateScaleCo,
  generateWristBand,
} from './gen-devices.ts';
import { AGGREGATOR_APPS, generatePhoneHealth } from './gen-aggregator.ts';

export type SourceKind = 'phone_aggregator' | 'wearable' | 'scale' | 'app';

export interface MetricSpec {
  metric: string;
  unit: string | null;
  /** Continuously streamed metrics: many rows per day, and their count grows with `scale`. */
  stream: boolean;
  /** Text metrics carry textValue and a null numValue. */
  text: boolean;
}

export interface ProviderSpec {
  provider: string;
  /** The name its data is seeded from, when it differs from `provider` (realistic.ts renames). */
  seedName?: string;
  kind: SourceKind;
  /** Data starts on the connection day; connection order decides which sources a cap keeps. */
  connectedDaysAgo: number;
  /** Apps feeding an aggregator; they show only as several rows per day, never as a field. */
  sourceApps: readonly string[];
  metrics: readonly MetricSpec[];
  generate(day: DayContext): void;
}

const num = (metric: string, unit: string | null, stream = false): MetricSpec => ({
  metric,
  unit,
  stream,
  text: false,
});
const text = (metric: string): MetricSpec => ({ metric, unit: null, stream: false, text: true });

// Names are mixed case on purpose: the provider filter is case-insensitive and should visibly be.
export const PROVIDERS: readonly ProviderSpec[] = [
  {
    provider: 'PhoneHealth',
    kind: 'phone_aggregator',
    connectedDaysAgo: 1460,
    sourceApps: AGGREGATOR_APPS,
    metrics: [
      num('steps', 'count'),
      num('steps_total', 'count'),
      num('active_energy', 'kcal'),
      num('active_energy_total', 'kcal'),
      num('distance', 'km'),
      num('distance_total', 'km'),
      num('walking_speed', 'km/h'),
      num('walking_heart_rate', 'bpm'),
    ],
    generate: generatePhoneHealth,
  },
  {
    provider: 'WristBand',
    kind: 'wearable',
    connectedDaysAgo: 1400,
    sourceApps: [],
    metrics: [
      num('heart_rate', 'bpm', true),
      num('resting_heart_rate', 'bpm'),
      num('hrv', 'ms'),
      num('sleep_duration', 'min'),
      text('sleep_quality'),
      num('steps', 'count'),
      text('workout_type'),
    ],
    generate: generateWristBand,
  },
  {
    provider: 'ScaleCo',
    kind: 'scale',
    connectedDaysAgo: 1200,
    sourceApps: [],
    metrics: [num('weight', 'kg'), num('body_fat', '%'), num('bmi', null)],
    generate: generateScaleCo,
  },
  {
    provider: 'RingWear',
    kind: 'wearable',
    connectedDaysAgo: 900,
    sourceApps: [],
    metrics: [
      num('readiness_score', null),
      num('sleep_duration', 'min'),
      num('hrv', 'ms'),
      num('body_temperature_delta', '°C'),
      num('spo2', '%', true),
    ],
    generate: generateRingWear,
  },
  {
    provider: 'MindfulApp',
    kind: 'app',
    connectedDaysAgo: 400,
    sourceApps: [],
    metrics: [num('mindful_minutes', 'min'), text('mood')],
    generate: generateMindfulApp,
  },
];

/** Sources in connection order (oldest first); the first `cap` of them are active. */
export function byConnection(providers: readonly ProviderSpec[]): ProviderSpec[] {
  return [...providers].sort(
    (a, b) => b.connectedDaysAgo - a.connectedDaysAgo || a.provider.localeCompare(b.provider),
  );
}

export function activeProviders(
  providers: readonly ProviderSpec[],
  cap: number | null,
): ProviderSpec[] {
  const ordered = byConnection(providers);
  return cap === null ? ordered : ordered.slice(0, cap);
}

import type { DayContext } from './day-context.ts';
import { between, chance, mulberry32, mixSeed, pick, round1, round2 } from './prng.ts';

// The WristBand sat in a drawer for these two weeks: no rows at all (a gap pro plans can see).
const WRISTBAND_GAP_DAYS_AGO = { first: 60, last: 73 } as const;

// Planted signals, so that the insight commands find something in the demo (docs/sandbox.md).
// Each changes a value already drawn, never the number of draws, so every other row stays.
/** Resting heart rate rises over the last four days (ago 3 → 0), as with a cold coming on. */
const RESTING_HR_RISE: Readonly<Record<number, number>> = { 3: 8, 2: 11, 1: 13, 0: 12 };
/** The WristBand's steps are 60 % higher on these days: the 30 days before the last 30. */
const ACTIVE_MONTH_DAYS_AGO = { first: 30, last: 59 } as const;
const ACTIVE_MONTH_FACTOR = 1.6;

/**
 * A night's sleep on the ring, from -1 (short) to 1 (long), fixed per day and independent of
 * the day's own random stream: the ring's HRV reads the night before's, so sleep leads HRV by
 * a day (`healthdata correlate sleep_duration hrv --lag 0..3`).
 */
function ringNight(day: number): number {
  return 2 * mulberry32(mixSeed(0x5eed, day))() - 1;
}

/** Samples per day of the streamed metrics at scale 1; `scale` multiplies them. */
const STREAM_SAMPLES_PER_DAY = { heart_rate: 24, spo2: 6 } as const;

const WORKOUT_TYPES = [
  'Running',
  'Cycling',
  'Yoga, outdoors',
  'Strength training',
  'Café "HIIT", 5×3',
  'Swimming',
] as const;
const MOODS = ['calm', 'content', 'energised', 'stressed', 'tired'] as const;

function sleepQuality(minutes: number): string {
  if (minutes >= 490) return 'excellent';
  if (minutes >= 440) return 'good';
  if (minutes >= 380) return 'fair';
  return 'poor';
}

export function generateWristBand(day: DayContext): void {
  if (day.ago >= WRISTBAND_GAP_DAYS_AGO.first && day.ago <= WRISTBAND_GAP_DAYS_AGO.last) return;
  const r = day.rng;
  const resting =
    56 + 3 * Math.sin(day.day / 97) + between(r, -3, 3) + (RESTING_HR_RISE[day.ago] ?? 0);
  day.out('resting_heart_rate').push(Math.round(resting));
  day.out('hrv').push(Math.round(between(r, 35, 75)));
  if (chance(r, 0.92)) {
    const minutes = Math.round(between(r, 330, 520));
    day.out('sleep_duration').push(minutes);
    day.out('sleep_quality').push(sleepQuality(minutes));
  }
  const active = day.ago >= ACTIVE_MONTH_DAYS_AGO.first && day.ago <= ACTIVE_MONTH_DAYS_AGO.last;
  day.out('steps').push(Math.round(between(r, 3500, 16000) * (active ? ACTIVE_MONTH_FACTOR : 1)));
  const workouts = chance(r, 0.4) ? (chance(r, 0.2) ? 2 : 1) : 0;
  for (let i = 0; i < workouts; i++) day.out('workout_type').push(pick(r, WORKOUT_TYPES));

  // Streamed samples draw last, so `scale` changes them and no other row.
  const samples = STREAM_SAMPLES_PER_DAY.heart_rate * day.scale;
  const hr = day.out('heart_rate');
  const workoutAt = workouts > 0 ? between(r, 0.3, 0.8) : -1;
  for (let i = 0; i < samples; i++) {
    const t = i / samples;
    const circadian = 64 + 12 * Math.sin(2 * Math.PI * (t - 0.35));
    const effort = Math.abs(t - workoutAt) < 0.04 ? 60 : 0;
    hr.push(Math.round(circadian + effort + between(r, -6, 6)));
  }
}

export function generateRingWear(day: DayContext): void {
  const r = day.rng;
  if (chance(r, 0.05)) return; // left on the charger
  day.out('readiness_score').push(Math.round(between(r, 45, 98)));
  day.out('sleep_duration').push(Math.round(425 + 70 * ringNight(day.day) + between(r, -35, 35)));
  day.out('hrv').push(Math.round(55 + 17 * ringNight(day.day - 1) + between(r, -8, 8)));
  day.out('body_temperature_delta').push(round2(between(r, -0.6, 0.6)));
  const spo2 = day.out('spo2');
  const samples = STREAM_SAMPLES_PER_DAY.spo2 * day.scale;
  for (let i = 0; i < samples; i++) spo2.push(round1(between(r, 94, 99.6)));
}

export function generateScaleCo(day: DayContext): void {
  const r = day.rng;
  if (!chance(r, 0.35)) return; // weigh-ins happen on some days only
  const weight = round1(79 + 2 * Math.sin(day.day / 180) + between(r, -0.8, 0.8));
  day.out('weight').push(weight);
  if (chance(r, 0.9))
    day.out('body_fat').push(round1(22 + (weight - 79) * 0.6 + between(r, -1, 1)));
  day.out('bmi').push(round1(weight / (1.78 * 1.78)));
}

export function generateMindfulApp(day: DayContext): void {
  const r = day.rng;
  if (chance(r, 0.55)) day.out('mindful_minutes').push(Math.round(between(r, 5, 40)));
  if (chance(r, 0.45)) day.out('mood').push(pick(r, MOODS));
}

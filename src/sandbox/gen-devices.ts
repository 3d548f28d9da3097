import type { DayContext } from './day-context.ts';
import { between, chance, pick, round1, round2 } from './prng.ts';

// The WristBand sat in a drawer for these two weeks: no rows at all (a gap pro plans can see).
const WRISTBAND_GAP_DAYS_AGO = { first: 60, last: 73 } as const;

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
  const resting = 56 + 3 * Math.sin(day.day / 97) + between(r, -3, 3);
  day.out('resting_heart_rate').push(Math.round(resting));
  day.out('hrv').push(Math.round(between(r, 35, 75)));
  if (chance(r, 0.92)) {
    const minutes = Math.round(between(r, 330, 520));
    day.out('sleep_duration').push(minutes);
    day.out('sleep_quality').push(sleepQuality(minutes));
  }
  day.out('steps').push(Math.round(between(r, 3500, 16000)));
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
  day.out('sleep_duration').push(Math.round(between(r, 320, 530)));
  day.out('hrv').push(Math.round(between(r, 30, 80)));
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

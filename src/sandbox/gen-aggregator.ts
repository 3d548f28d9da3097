import type { DayContext } from './day-context.ts';
import type { Rng } from './prng.ts';
import { between, chance, round1 } from './prng.ts';

export const AGGREGATOR_APPS = ['PhoneHealth Motion', 'WristBand Connect', 'RunTrack'] as const;

/**
 * An aggregator de-duplicates overlapping counts from its apps (a walk counted by phone and
 * watch), so its daily total lies between the largest app's count and the plain sum.
 * Works in integer units (steps, tenths of kcal, hundredths of km) so that holds exactly.
 */
function dedupTotal(rng: Rng, units: readonly number[]): number {
  const max = Math.max(...units);
  const sum = units.reduce((a, b) => a + b, 0);
  return max + Math.round(between(rng, 0.1, 0.5) * (sum - max));
}

function emitCumulative(day: DayContext, metric: string, units: number[], divisor: number): void {
  const rows = day.out(metric);
  for (const u of units) rows.push(u / divisor);
  day.out(`${metric}_total`).push(dedupTotal(day.rng, units) / divisor);
}

export function generatePhoneHealth(day: DayContext): void {
  const r = day.rng;
  const season = Math.sin((2 * Math.PI * day.day) / 365.25);
  const base = 8000 + 2000 * season + between(r, -3000, 3000);
  // The phone's own motion app always reports; the watch companion and a running app often do.
  const steps = [Math.round(base * between(r, 0.55, 0.9))];
  const watch = chance(r, 0.85);
  if (watch) steps.push(Math.round(base * between(r, 0.85, 1.05)));
  const running = chance(r, 0.4);
  if (running) steps.push(Math.round(between(r, 2500, 9000)));

  const energyTenths = steps.map((s) => Math.round(s * between(r, 0.035, 0.05) * 10));
  const distanceHundredths = steps.map((s) => Math.round(s * between(r, 0.0007, 0.00082) * 100));

  emitCumulative(day, 'steps', steps, 1);
  emitCumulative(day, 'active_energy', energyTenths, 10);
  emitCumulative(day, 'distance', distanceHundredths, 100);
  if (chance(r, 0.9)) day.out('walking_speed').push(round1(between(r, 4.2, 5.6)));

  // Drawn last, so every row above is unchanged by it. The apps that measure heart rate (the
  // watch companion and the running app) each send their own walking average: several rows a
  // day, not cumulative, so no _total twin, and adding them up would be meaningless.
  const walkingHr = day.out('walking_heart_rate');
  if (watch) walkingHr.push(Math.round(between(r, 92, 112)));
  if (running) walkingHr.push(Math.round(between(r, 100, 128)));
}

// `--realistic`: the sandbox's data as real APIs serve it (issue 22). The tidy mode writes short
// decimals and ASCII names, which flatter every fast path; real servers send computed doubles
// at full precision (3.2186880000000004 km, a converted unit, an averaged rate), provider and
// text values in any script, and now and then a number no double holds.
//
// It wraps each provider's generator, so the tidy generators and their planted signals stay as
// they are: the values a day drew are reshaped after the fact, from a random stream of their
// own, so the number of draws, and so every other row, is unchanged.
import type { DayContext, RawNumber } from './day-context.ts';
import type { ProviderSpec } from './providers.ts';
import { hashString, mixSeed, mulberry32 } from './prng.ts';

/** Names as app stores spell them: accents, CJK, Greek, an emoji. */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  PhoneHealth: 'Santé Téléphone',
  WristBand: 'Pulsuhr Ä',
  ScaleCo: 'Balança Saúde',
  RingWear: '指輪 Ring',
  MindfulApp: 'Mindful Ωm 🧘',
};

const TEXTS: Readonly<Record<string, string>> = {
  excellent: 'ausgezeichnet',
  good: 'gut',
  fair: 'passable',
  poor: 'schlecht 😴',
  Running: 'Laufen 🏃',
  Cycling: 'Vélo',
  'Yoga, outdoors': 'ヨガ、屋外',
  'Strength training': 'Força',
  Swimming: 'Κολύμπι',
  calm: 'calme',
  content: 'zufrieden',
  energised: 'énergique ⚡',
  stressed: 'gestresst',
  tired: 'épuisé',
};

/** Units whose values are computed (converted, averaged) upstream, so arrive at full precision. */
const COMPUTED_UNITS = new Set(['kcal', 'km', 'km/h', 'kg', '%', '°C', 'min', 'ms', 'bpm']);
/** Share of such values sent at full precision. */
const FULL_PRECISION_SHARE = 0.4;

/**
 * Numbers a double cannot hold, in raw JSON: too large, too small, past 2^53, 20 digits. Sent
 * on the first per-app active_energy row of one day in EDGE_EVERY_DAYS, so a year has a few.
 */
const EDGE_NUMBERS = ['1e400', '1e-400', '9007199254740993', '12345678901234567891'] as const;
const EDGE_EVERY_DAYS = 97;

export function realisticProviders(providers: readonly ProviderSpec[]): ProviderSpec[] {
  return providers.map((p) => ({
    ...p,
    provider: PROVIDER_NAMES[p.provider] ?? p.provider,
    seedName: p.seedName ?? p.provider,
    generate(day: DayContext) {
      p.generate(day);
      reshape(p, day);
    },
  }));
}

function reshape(p: ProviderSpec, day: DayContext): void {
  const rng = mulberry32(mixSeed(0x7ea1, hashString(p.provider), day.day));
  for (const m of p.metrics) {
    const values = day.out(m.metric);
    if (m.text) {
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (typeof v === 'string') values[i] = TEXTS[v] ?? v;
      }
      continue;
    }
    const computed = m.metric === 'bmi' || (m.unit !== null && COMPUTED_UNITS.has(m.unit));
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      // Drawn for every value, so which values change does not depend on the unit.
      const u = rng();
      if (computed && typeof v === 'number' && u < FULL_PRECISION_SHARE) {
        values[i] = fullPrecision(v, u / FULL_PRECISION_SHARE);
      }
    }
    if (m.metric === 'active_energy' && day.day % EDGE_EVERY_DAYS === 0 && values.length > 0) {
      const edge = EDGE_NUMBERS[Math.floor(day.day / EDGE_EVERY_DAYS) % EDGE_NUMBERS.length];
      values[0] = { raw: edge ?? '1e400' } satisfies RawNumber;
    }
  }
}

/**
 * A value as a unit conversion or an average leaves it: within 0.1 % of the tidy one, with all
 * 15–17 significant digits (and tiny magnitudes near zero, as -0.00012299901322564437).
 */
function fullPrecision(value: number, u: number): number {
  if (value === 0) return (u - 0.5) * 2.4599802645128874e-4;
  const changed = value * (1 + (u - 0.5) * 2e-3);
  // A product that lands on a short decimal again is nudged by one unit in the last place.
  return String(changed).length > 12 ? changed : changed + Math.abs(changed) * 2 ** -50;
}

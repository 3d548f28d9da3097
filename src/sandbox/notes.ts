// `--notes`: free-text notes on one row in eight, the text CSV must quote (commas, quotes, line
// breaks) and JSON must escape, as journaling apps send them. With --realistic or alone. The
// tidy and realistic rows stay as they are: the notes are rows of a metric of their own
// (`note`), drawn from a random stream of their own after each provider's day is generated.
import type { DayContext } from './day-context.ts';
import type { ProviderSpec } from './providers.ts';
import { hashString, mixSeed, mulberry32 } from './prng.ts';

export const NOTE_METRIC = 'note';

const NOTES = [
  'after lunch, walking',
  'felt "okay", then tired',
  'stairs\nthen a rest',
  'Treppe, danach „Pause“',
  'ran 5 km, "easy" pace\r\ncooled down',
  'café, 2nd floor; window seat',
  'slept badly, woke at 3',
  'said "no" to dessert 🍰',
  'line one\nline two, with a comma',
  '"quoted" start',
] as const;

/** One note for every NOTE_EVERY rows of the day: one row in eight is a note. */
const NOTE_EVERY = 7;

export function withNotes(providers: readonly ProviderSpec[]): ProviderSpec[] {
  return providers.map((p) => ({
    ...p,
    metrics: [...p.metrics, { metric: NOTE_METRIC, unit: null, stream: false, text: true }],
    generate(day: DayContext) {
      p.generate(day);
      let rows = 0;
      for (const m of p.metrics) rows += day.out(m.metric).length;
      const notes = day.out(NOTE_METRIC);
      const rng = mulberry32(mixSeed(0x407e, hashString(p.seedName ?? p.provider), day.day));
      for (let i = Math.ceil(rows / NOTE_EVERY); i > 0; i--) {
        notes.push(NOTES[Math.floor(rng() * NOTES.length)] ?? NOTES[0]);
      }
    },
  }));
}

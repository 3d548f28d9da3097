// Medians rather than means: a single slow run (page cache, a GC pause, the other core busy
// with the sandbox) should not move the headline number.

export function median(xs) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile: always a value that was actually measured. */
export function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export const max = (xs) => (xs.length ? Math.max(...xs) : NaN);

export const fmtMs = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(ms < 100 ? 1 : 0)} ms` : 'n/a');
export const fmtS = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
export const fmtMiB = (kib) => (Number.isFinite(kib) ? `${(kib / 1024).toFixed(1)} MiB` : 'n/a');
export const fmtRatio = (r) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : 'n/a');
export const fmtInt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
export const fmtDeltaMiB = (mib) =>
  Number.isFinite(mib) ? `${mib >= 0 ? '+' : '−'}${Math.abs(mib).toFixed(1)} MiB` : 'n/a';

/**
 * Seeded PRNG (mulberry32): a report's intervals are the same for the same samples. The same
 * as src/sandbox/prng.ts, which the bench (plain node, no build step) cannot import.
 */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A percentile bootstrap interval (5th to 95th) of `stat` over `n` paired samples: `stat`
 * gets the indices of one resample (drawn with replacement) and returns a number. Resampling
 * whole rounds keeps each round's measurements together, as they were taken.
 */
export function bootstrap90(n, stat, reps = 2000) {
  const rand = mulberry32(0x5eed);
  const values = [];
  for (let r = 0; r < reps; r++) {
    const idx = Array.from({ length: n }, () => Math.floor(rand() * n));
    const v = stat(idx);
    if (!Number.isNaN(v)) values.push(v);
  }
  return [percentile(values, 5), percentile(values, 95)];
}

/** "median (p25–p75)" of a sample. */
export const fmtSpread = (xs, fmt = fmtMs) =>
  `${fmt(median(xs))} (${fmt(percentile(xs, 25))}–${fmt(percentile(xs, 75))})`;

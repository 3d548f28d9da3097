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

// Numbers for people: thousands separated, and as many decimals as the size calls for; past
// 1e15, as 1.25e308 (the chart's labels write it the same way).
const formats = [0, 1, 2].map(
  (digits) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }),
);

/** From here on, digits with thousands separators would fill a terminal (1e308 has 309). */
const SCIENTIFIC_FROM = 1e15;
const scientific = new Intl.NumberFormat('en-US', {
  notation: 'scientific',
  maximumFractionDigits: 2,
});

export function displayNumber(x: number | null | undefined): string {
  if (x === null || x === undefined) return '';
  const abs = Math.abs(x);
  if (abs >= SCIENTIFIC_FROM) return scientific.format(x).replace('E', 'e');
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return (formats[digits] as Intl.NumberFormat).format(x);
}

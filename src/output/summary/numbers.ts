// Numbers for people: thousands separated, and as many decimals as the size calls for.
const formats = [0, 1, 2].map(
  (digits) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }),
);

export function displayNumber(x: number | null | undefined): string {
  if (x === null || x === undefined) return '';
  const abs = Math.abs(x);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return (formats[digits] as Intl.NumberFormat).format(x);
}

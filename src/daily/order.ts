// The one order of names and dates in daily output: by UTF-16 code unit, as JavaScript's `<`
// (never locale-aware: the same on every machine).
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

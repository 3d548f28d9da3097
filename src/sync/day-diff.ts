// What a replaced day gained and lost. Rows have no key (several identical-looking rows for one
// day are legitimate), so a day is compared as a multiset of whole rows: a row is unchanged as
// many times as it appears on both sides.
export interface RowCounts {
  added: number;
  removed: number;
  unchanged: number;
}

export function emptyCounts(): RowCounts {
  return { added: 0, removed: 0, unchanged: 0 };
}

export function diffDay(
  before: readonly string[],
  after: readonly string[],
  into: RowCounts,
): void {
  const pending = new Map<string, number>();
  for (const row of before) pending.set(row, (pending.get(row) ?? 0) + 1);
  let unchanged = 0;
  for (const row of after) {
    const left = pending.get(row) ?? 0;
    if (left > 0) {
      pending.set(row, left - 1);
      unchanged++;
    }
  }
  into.unchanged += unchanged;
  into.added += after.length - unchanged;
  into.removed += before.length - unchanged;
}

/** Two sequences of rows, equal in order and content. */
export function sameRows(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((row, i) => row === b[i]);
}

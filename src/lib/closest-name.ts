/** The known name nearest to a mistyped one (edit distance ≤ 2, or a prefix), if any. */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = candidate.startsWith(name)
      ? 1
      : distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Up to `count` known names, nearest first (a prefix counts as 1 edit; ties keep the order
 * given): for "did you mean" lists, where even a far name is worth showing.
 */
export function nearestNames(name: string, known: Iterable<string>, count: number): string[] {
  const ranked = [...known].map((candidate, index) => ({
    candidate,
    index,
    d: candidate.startsWith(name) ? 1 : distance(name.toLowerCase(), candidate.toLowerCase()),
  }));
  ranked.sort((a, b) => a.d - b.d || a.index - b.index);
  return ranked.slice(0, count).map((r) => r.candidate);
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

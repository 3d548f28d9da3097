// The summary for a terminal too narrow for its table (an 80-column window): each metric and
// provider as a short block of wrapped lines instead of one wide row.
import type { MetricSummary, NumericDay } from '../../daily/index.ts';
import { wrap } from '../../lib/wrap.ts';
import { latestDeviation } from './baseline.ts';
import { displayNumber } from './numbers.ts';
import { severalRows } from './record.ts';
import { sparkline } from './sparkline.ts';

export function stackedSummary(
  summaries: readonly MetricSummary[],
  width: number,
  spark: { from: string; to: string; width: number } | undefined,
): string {
  const blocks = summaries.map((s) => {
    const title = [s.metric, s.provider, s.unit].filter((p) => p !== null && p !== '').join(' · ');
    const lines = wrap(`${title}${note(s)}`, width, '    ');
    if (s.days === 0) return [...lines, '  no data in the range'];
    const span = `${s.days} day${s.days === 1 ? '' : 's'}, ${s.first} to ${s.last}`;
    const facts =
      s.stats === null
        ? [
            span,
            `most frequent: ${s.topValues
              .slice(0, 3)
              .map((t) => `${t.value} (${t.count})`)
              .join(', ')}`,
          ]
        : [
            span,
            `min ${displayNumber(s.stats.min)}`,
            `mean ${displayNumber(s.stats.mean)}`,
            ...(s.stats.median === null ? [] : [`median ${displayNumber(s.stats.median)}`]),
            `max ${displayNumber(s.stats.max)}`,
            `latest ${displayNumber((s.latest as NumericDay | null)?.value)}`,
            ...(spark && latestDeviation(s) !== '' ? [`vs baseline ${latestDeviation(s)}`] : []),
          ];
    lines.push(...joinFitting(facts, width));
    if (spark && s.stats !== null) {
      const bars = sparkline(s.daily as NumericDay[], spark.from, spark.to, width - 4);
      if (bars !== '') lines.push(`  ${bars}`);
    }
    return lines;
  });
  return blocks.map((b) => b.join('\n')).join('\n\n') + '\n';
}

/** Facts two spaces apart, indented, a new line where the next would not fit; never split. */
function joinFitting(facts: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const fact of facts) {
    if (line !== '' && [...line].length + 2 + [...fact].length > width) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? `  ${fact}` : `${line}  ${fact}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

function note(s: MetricSummary): string {
  switch (s.rule) {
    case 'twin':
      return ` — daily total from ${s.from}`;
    case 'several':
      return ` — ${severalRows(s)}, never added up`;
    default:
      return '';
  }
}

// The summary for a terminal too narrow for its table (an 80-column window): each metric and
// provider as a short block of wrapped lines instead of one wide row.
import type { MetricSummary, NumericDay } from '../../daily/index.ts';
import { wrap } from '../terminal/wrap.ts';
import { displayWidth, truncate } from '../terminal/visible.ts';
import { latestDeviation } from './baseline.ts';
import { displayNumber } from './numbers.ts';
import { severalRows } from './record.ts';
import { sparkline } from './sparkline.ts';

export function stackedSummary(
  summaries: readonly MetricSummary[],
  width: number,
  spark: { from: string; to: string; width: number } | undefined,
): string {
  // A server's name or unit can be any length: each is cut to a line, and the title wraps.
  const piece = (text: string): string => truncate(text, Math.max(8, width - 4));
  const blocks = summaries.map((s) => {
    const title = [s.metric, s.provider, s.unit]
      .filter((p): p is string => p !== null && p !== '')
      .map(piece)
      .join(' · ');
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

/**
 * Facts two spaces apart, indented, a new line where the next would not fit; never split, but
 * a fact wider than a line (a server's long text values) is cut to it.
 */
function joinFitting(given: readonly string[], width: number): string[] {
  const facts = given.map((fact) => truncate(fact, Math.max(8, width - 2)));
  const lines: string[] = [];
  let line = '';
  for (const fact of facts) {
    if (line !== '' && displayWidth(line) + 2 + displayWidth(fact) > width) {
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

// `healthdata chart`: the daily values of summary lines (src/daily) as line charts that fit
// the width. Lines that share a unit share a chart; other units get a chart of their own,
// one below the other.
import type { MetricSummary, NumericDay } from '../../daily/index.ts';
import { bucketMeans, chooseBuckets, type Buckets } from './buckets.ts';
import { drawSteps, LINE_STYLES, type Drawn } from './draw.ts';
import { chartScale, finiteExtent } from './scale.ts';
import { labelWidth as widestLabel, yLabels } from './y-labels.ts';
import { xAxis } from './x-axis.ts';
import { wrap } from '../terminal/wrap.ts';
import { safeSummary } from '../terminal/safe-summary.ts';
import { truncate } from '../terminal/visible.ts';

export interface ChartOptions {
  /** The range asked for; an open end takes the data's first or last date. */
  range: { from: string | null; to: string | null };
  width: number;
  height: number;
  colors: readonly string[];
  format: (value: number) => string;
}

const RESET = '\u001b[0m';
/**
 * Points a chart has at most, however wide the terminal says it is (COLUMNS=1000000000): the
 * drawing's work and size grow with points × rows × lines, and must stay bounded.
 */
export const MAX_POINTS = 1000;

/**
 * Whether a numeric summary line has a value to draw. A day's value can be past what a double
 * holds (the mean of two rows of 1e308 sums to Infinity in src/daily): such days are gaps.
 */
export function hasDrawableValue(summary: MetricSummary): boolean {
  return (
    summary.rule !== 'text' && (summary.daily as NumericDay[]).some((d) => Number.isFinite(d.value))
  );
}

/** Charts for numeric summary lines with data; the caller leaves out the others (hasDrawableValue). */
export function renderCharts(summaries: readonly MetricSummary[], options: ChartOptions): string {
  return [...chartsOf(summaries, options)].filter((c) => c !== undefined).join('\n');
}

/**
 * The same charts one at a time, as each is drawn, with an undefined between: a pause, where
 * the caller returns to the event loop (a signal handler runs only there; src/cli/main.ts).
 * The work between two pauses is bounded whatever the server sent (draw.ts, MAX_POINTS).
 */
export function* chartsOf(
  summaries: readonly MetricSummary[],
  options: ChartOptions,
): Generator<string | undefined> {
  const byUnit = new Map<string, MetricSummary[]>();
  // Names and units are the server's: never let one drive the terminal.
  for (const s of summaries.map(safeSummary)) {
    const key = s.unit ?? '';
    let group = byUnit.get(key);
    if (group === undefined) byUnit.set(key, (group = []));
    group.push(s);
  }
  for (const group of byUnit.values()) yield yield* renderGroup(group, options);
}

function* renderGroup(
  group: readonly MetricSummary[],
  options: ChartOptions,
): Generator<undefined, string> {
  const firsts = group.flatMap((s) => (s.first === null ? [] : [s.first])).sort();
  const lasts = group.flatMap((s) => (s.last === null ? [] : [s.last])).sort();
  const from = options.range.from ?? (firsts[0] as string);
  const to = options.range.to ?? (lasts.at(-1) as string);
  // The labels of the daily values' range: the widest the labels of the means can be.
  const extent = finiteExtent(
    (function* () {
      for (const s of group) for (const d of s.daily as NumericDay[]) yield d.value;
    })(),
  );
  const labels =
    extent === undefined
      ? []
      : yLabels(chartScale(extent.min, extent.max, options.height), options.format);
  // Columns before the first point: the y labels, a space and the axis; one spare at the end.
  // The means' labels can be wider than the days' (a narrower range needs more digits): then
  // the points are fewer by as much, and drawn again (the labels settle at the second try).
  let before = widestLabel(labels) + 2;
  let buckets: Buckets;
  let drawn: Drawn;
  for (let attempt = 0; ; attempt++) {
    const b = chooseBuckets(from, to, Math.min(MAX_POINTS, options.width - before - 1));
    buckets = b;
    drawn = yield* drawSteps(
      group.length,
      (i) => bucketMeans((group[i] as MetricSummary).daily as NumericDay[], b),
      { height: options.height, colors: options.colors, format: options.format },
    );
    if (drawn.labelWidth <= before || attempt === 2) break;
    before = drawn.labelWidth;
  }
  const unit = group[0]?.unit ?? null;
  const lines = [
    ...titleLines(group, buckets, options.colors, options.width),
    // A server's unit can be any length: cut to the width.
    unit === null ? '' : truncate(unit.padStart(drawn.labelWidth - 1), options.width),
    ...drawn.lines,
    ...xAxis(buckets, drawn.labelWidth, buckets.starts.length),
  ];
  return lines.join('\n') + '\n';
}

function titleLines(
  group: readonly MetricSummary[],
  buckets: Buckets,
  colors: readonly string[],
  width: number,
): string[] {
  const what = describeBuckets(buckets);
  if (group.length === 1) {
    const s = group[0] as MetricSummary;
    return wrap(`${name(s)}: ${valueNote(s)}, ${what}`, width, '  ');
  }
  return [
    ...wrap(`${what}:`, width, '  '),
    ...group.flatMap((s, i) => {
      const style = LINE_STYLES[i % LINE_STYLES.length] as readonly string[];
      const sample = `${style[4]}${style[4]}`;
      const color = colors[i % Math.max(1, colors.length)];
      const [first = '', ...rest] = wrap(`  ${sample} ${name(s)}: ${valueNote(s)}`, width, '     ');
      // Colour goes on after wrapping, so escape codes never count as width.
      const painted = color === undefined ? first : first.replace(sample, color + sample + RESET);
      return [painted, ...rest];
    }),
  ];
}

function name(s: MetricSummary): string {
  return s.provider === '' ? s.metric : `${s.metric} · ${s.provider}`;
}

function valueNote(s: MetricSummary): string {
  switch (s.rule) {
    case 'twin':
      return `daily total from ${s.from}`;
    case 'several':
      return 'daily mean of several rows a day (never their sum)';
    default:
      return 'daily value';
  }
}

function describeBuckets(b: Buckets): string {
  if (b.size === 'day') return b.span === 1 ? 'one point a day' : `means of ${b.span} days`;
  if (b.size === 'week') return b.span === 7 ? 'weekly means' : `means of ${b.span / 7} weeks`;
  return b.span === 1 ? 'monthly means' : `means of ${b.span} months`;
}

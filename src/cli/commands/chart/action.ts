// `healthdata chart <metric...>`: the same daily values as `summary`, drawn.
import { UsageError } from '../../../lib/errors.ts';
import { namesTooLong } from '../../../api/request-size.ts';
import { cyan, green, magenta, yellow } from 'asciichart';
import { chartsOf, hasDrawableValue } from '../../../output/chart/render.ts';
import { displayNumber } from '../../../output/summary/numbers.ts';
import type { Context } from '../../context.ts';
import { streamDestination } from '../../../output/destination.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import { terminalWidth } from '../../terminal-width.ts';
import { terminalView } from '../../terminal.ts';

export interface ChartFlags extends DailyFlags {
  height: number;
}

export async function runChart(metrics: string[], flags: ChartFlags, ctx: Context): Promise<void> {
  const names = [
    ...new Set(
      metrics
        .flatMap((m) => m.split(','))
        .map((m) => m.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) {
    throw new UsageError(
      "name a metric to chart — e.g. 'healthdata chart steps' or 'healthdata chart -m steps,hrv'",
      'bad_usage',
    );
  }
  const tooLong = namesTooLong(names);
  if (tooLong !== undefined) throw new UsageError(`the metric ${tooLong}`, 'request_too_long');
  await withDaily(names, flags, ctx, async ({ summaries, range, emptyReason }, notices) => {
    const skipped = new Set(summaries.filter((s) => s.days === 0 || !hasDrawableValue(s)));
    const why = [...skipped].map((s) =>
      s.rule === 'text'
        ? `${s.metric} is a text metric, so it has no chart — try: healthdata summary -m ${s.metric}`
        : s.days === 0
          ? `${s.metric} has no data in the range`
          : `${s.metric} has no daily value a chart can show: each is past the largest number`,
    );
    const drawable = summaries.filter((s) => !skipped.has(s));
    if (drawable.length === 0) {
      const reason =
        emptyReason ?? (why.length > 0 ? why.join('; ') : 'no numeric data in the range');
      // Only text metrics named: asking for a chart of them is the mistake (exit 2).
      if (
        emptyReason === undefined &&
        skipped.size > 0 &&
        [...skipped].every((s) => s.rule === 'text')
      ) {
        throw new UsageError(`nothing to draw: ${reason}`, 'no_data');
      }
      // No data in the range is an answer, as metrics and summary give it: a warning, exit 0.
      // A range that cannot hold data (after today, before the floor) is the one reason to give.
      notices.warn(`nothing to draw: ${reason}`);
      return;
    }
    for (const line of why) notices.warn(line);
    // Keep the order the metrics were named in.
    drawable.sort((a, b) => names.indexOf(a.metric) - names.indexOf(b.metric));
    // The one colour rule (a terminal, or FORCE_COLOR through a pipe; NO_COLOR, TERM=dumb).
    const color = terminalView(ctx).out.enabled;
    const charts = chartsOf(drawable, {
      range,
      width: terminalWidth(ctx),
      height: flags.height,
      colors: color ? [cyan, magenta, yellow, green] : [],
      format: displayNumber,
    });
    const out = streamDestination(ctx.stdout);
    let first = true;
    for (const chart of charts) {
      if (chart !== undefined) {
        await out.write(first ? chart : `\n${chart}`);
        first = false;
      }
      // Back to the event loop at each pause, where a Ctrl-C's handler runs (main.ts): the
      // drawing between two pauses is bounded, however many lines the server sent.
      await new Promise((resolve) => setImmediate(resolve));
      ctx.signal.throwIfAborted();
    }
    await out.end();
  });
}

// `healthdata chart <metric...>`: the same daily values as `summary`, drawn.
import { UsageError } from '../../../lib/errors.ts';
import { cyan, green, magenta, yellow } from 'asciichart';
import { renderCharts } from '../../../output/chart/render.ts';
import { displayNumber } from '../../../output/summary/numbers.ts';
import type { Context } from '../../context.ts';
import { streamDestination } from '../../../output/destination.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import { terminalWidth } from '../../terminal-width.ts';

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
  await withDaily(names, flags, ctx, async ({ summaries, range }, notices) => {
    const drawable = summaries.filter((s) => {
      if (s.rule === 'text') {
        notices.warn(
          `${s.metric} is a text metric, so it has no chart — try: healthdata summary -m ${s.metric}`,
        );
      } else if (s.days === 0) {
        notices.warn(`${s.metric} has no data in the range`);
      }
      return s.rule !== 'text' && s.days > 0;
    });
    if (drawable.length === 0) {
      throw new UsageError(
        'nothing to draw: no numeric data for these metrics in the range',
        'no_data',
      );
    }
    // Keep the order the metrics were named in.
    drawable.sort((a, b) => names.indexOf(a.metric) - names.indexOf(b.metric));
    const color = ctx.stdoutIsTTY && (ctx.env['NO_COLOR'] ?? '') === '';
    const text = renderCharts(drawable, {
      range,
      width: terminalWidth(ctx),
      height: flags.height,
      colors: color ? [cyan, magenta, yellow, green] : [],
      format: displayNumber,
    });
    const out = streamDestination(ctx.stdout);
    await out.write(text);
    await out.end();
  });
}

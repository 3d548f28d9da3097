import { Option, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import {
  addConnectionOptions,
  addIgnoredPagerOption,
  addRangeOptions,
  collectList,
  integer,
} from '../../flags.ts';
import type { ChartFlags } from './action.ts';

function registerChart(program: Command, ctx: Context): void {
  const command = program
    .command('chart')
    .argument('[metric...]', 'metric name(s); lines that share a unit share a chart')
    // -m as every other data command takes it, beside the names as arguments.
    .option(
      '-m, --metric <names>',
      'metric name(s), as the arguments; repeat or comma-separate',
      collectList,
    )
    .description(chartCommand.summary);
  addRangeOptions(command);
  command.addOption(
    new Option('--height <rows>', 'rows of the plot')
      .default(12)
      .argParser(integer(3, 100, '--height')),
  );
  addIgnoredPagerOption(command, 'a chart is never paged');
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
The daily value follows the same rule as 'healthdata summary': a cumulative metric is read
from its <metric>_total twin, and several rows a day are drawn as their mean, never their sum.
The chart fits the terminal (else $COLUMNS, else 80 columns): a long range is drawn as weekly
or monthly means. Colour as everywhere: on a terminal, or through a pipe with FORCE_COLOR
set; never with NO_COLOR or TERM=dumb. No data in the range is a warning, exit 0.

Examples:
  healthdata chart --demo steps --from 90d
  healthdata chart --demo resting_heart_rate hrv --from 2025-01-01
  healthdata chart --demo -m resting_heart_rate,hrv --from 2025-01-01`,
    ),
  );
  command.action(async (metrics: string[], flags: ChartFlags & { metric?: string[] }) => {
    const { runChart } = await import('./action.ts');
    await runChart([...metrics, ...(flags.metric ?? [])], flags, ctx);
  });
}

export const chartCommand: CommandInfo = {
  name: 'chart',
  summary: 'a line chart of the daily value of one or more metrics, in the terminal',
  term: '[options] [metric...]',
  register: registerChart,
};

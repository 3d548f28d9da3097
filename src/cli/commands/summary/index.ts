import { InvalidArgumentError, Option, type Command } from 'commander';
import { PERIOD_UNITS, type PeriodUnit } from '../../../insight/periods.ts';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import {
  addConnectionOptions,
  addOutputOptions,
  addRangeOptions,
  collectList,
} from '../../flags.ts';
import type { SummaryFlags } from './action.ts';

function periodUnit(text: string): PeriodUnit {
  const unit = text.trim().toLowerCase();
  if ((PERIOD_UNITS as readonly string[]).includes(unit)) return unit as PeriodUnit;
  throw new InvalidArgumentError(`unknown period '${text}' — use week, month or year`);
}

function registerSummary(program: Command, ctx: Context): void {
  const command = program
    .command('summary')
    .description(summaryCommand.summary)
    .option(
      '-m, --metric <names>',
      'metric name(s); repeat or comma-separate (default: all)',
      collectList,
    );
  addRangeOptions(command);
  command.addOption(
    new Option(
      '--by <period>',
      'one line per metric, provider and period (weeks start on Monday)',
    ).argParser(periodUnit),
  );
  addOutputOptions(command);
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
The daily value is never a sum of rows (the rule: docs/summary.md; 'healthdata daily' lists
each day's value and basis). One row a day is the value. A cumulative metric with a
<metric>_total twin (steps → steps_total) takes the twin: the de-duplicated daily total; a day
with several rows and no twin has no value. Several rows a day of a metric without a twin
(one per source app, or samples) give their mean, never their sum. min/mean/median/max are
over the daily values. Text metrics show their most frequent values. A metric from several
providers gets one line per provider. latest is the daily value of the last day with data,
in every format. On a terminal the table's trend column is a sparkline of the daily values;
json/ndjson add the daily series. --by week|month|year gives each period's days with data and
the mean, min and max of its daily values; a period reaching outside the range is 'partial'.

Examples:
  healthdata summary --demo --from 90d
  healthdata summary --demo -m steps,walking_heart_rate --from 30d
  healthdata summary --demo -m resting_heart_rate --by week --from 90d`,
    ),
  );
  command.action(async (flags: SummaryFlags) => {
    const { runSummary } = await import('./action.ts');
    await runSummary(flags, ctx);
  });
}

export const summaryCommand: CommandInfo = {
  name: 'summary',
  summary: 'one line per metric: days, min/mean/median/max of the daily value, latest',
  term: '[options]',
  register: registerSummary,
};

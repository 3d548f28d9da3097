import type { Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import {
  addConnectionOptions,
  addOutputOptions,
  addRangeOptions,
  collectList,
} from '../../flags.ts';
import type { DailyCommandFlags } from './action.ts';

function registerDaily(program: Command, ctx: Context): void {
  const command = program
    .command('daily')
    .description(dailyCommand.summary)
    .option(
      '-m, --metric <names>',
      'metric name(s); repeat or comma-separate (default: all)',
      collectList,
    );
  addRangeOptions(command);
  command.option(
    '--wide',
    'one row per day, a column per metric (metric@provider where a metric has several)',
  );
  command.option('--with-patient', 'with -f fhir: write the Patient resource first');
  addOutputOptions(command, 'csv', ['fhir', 'fhir-bundle']);
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
One row per metric, provider and day: date, metric, provider, value, text, unit, basis, rows,
newest first. The value follows the API's rule, as in summary, chart and the SQLite view of
sync; basis says which case gave it:
  total     the <metric>_total twin's value that day (under the metric's name)
  single    the day's one row, as it is
  several   several rows of a metric with no twin: their mean, never their sum
  no_total  several rows of a metric with a twin, and no twin that day: no value
A metric has a twin when <metric>_total is in the catalog or among the rows read.
--wide gives one row per day and a column per metric, for spreadsheets and pandas.
-f fhir writes FHIR R4 Observations (NDJSON, LOINC and UCUM codes), one per daily value;
-f fhir-bundle one transaction Bundle to post to a FHIR server (docs/fhir.md).

Examples:
  healthdata daily --demo -m steps,hrv --from 30d
  healthdata daily --demo -m steps,resting_heart_rate --from 364d --wide -f csv
  healthdata daily --demo --from 30d -f fhir --with-patient -o obs.ndjson`,
    ),
  );
  command.action(async (flags: DailyCommandFlags) => {
    const { runDaily } = await import('./action.ts');
    await runDaily(flags, ctx);
  });
}

export const dailyCommand: CommandInfo = {
  name: 'daily',
  summary: 'the daily value of each metric and provider, one row a day, by the API rule',
  term: '[options]',
  register: registerDaily,
};

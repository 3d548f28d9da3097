import { Option, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import {
  addConnectionOptions,
  addOutputOptions,
  addRangeOptions,
  collectList,
  integer,
} from '../../flags.ts';
import type { MetricsFlags } from './action.ts';

function registerMetrics(program: Command, ctx: Context): void {
  const command = program
    .command('metrics')
    .description(metricsCommand.summary)
    .option('-m, --metric <names>', 'metric name(s); repeat or comma-separate', collectList);
  addRangeOptions(command);
  command
    .option(
      '--limit <n>',
      'write at most n rows in total (default: all)',
      integer(1, Number.MAX_SAFE_INTEGER, '--limit'),
    )
    .addOption(
      new Option('--page-size <n>', "rows per request, sent as the API's limit (1-1000)")
        .default(1000)
        .argParser(integer(1, 1000, '--page-size')),
    )
    .addOption(
      new Option('--parallel <n>', 'fetch n date partitions concurrently (output order unchanged)')
        .default(1)
        .argParser(integer(1, 16, '--parallel')),
    );
  command.option('--with-patient', 'with -f fhir: write the Patient resource first');
  addOutputOptions(command, 'csv', ['fhir', 'fhir-bundle']);
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
Several rows for one day (one per source app of a phone health aggregator) must not be added
up: use the <metric>_total twin (e.g. steps_total), which holds the de-duplicated daily total.
A notice on stderr says when the output has such rows. 'healthdata summary' and 'healthdata
chart' give daily values by this rule.

Examples:
  healthdata metrics --demo --metric steps_total --from 90d
  healthdata metrics -m resting_heart_rate --from 30d -f ndjson | jq .numValue
  healthdata metrics --demo --from 30d -f fhir > observations.ndjson`,
    ),
  );
  command.action(async (flags: MetricsFlags) => {
    const { runMetrics } = await import('./action.ts');
    await runMetrics(flags, ctx);
  });
}

export const metricsCommand: CommandInfo = {
  name: 'metrics',
  summary: 'list your metric rows, newest first, following every page',
  term: '[options]',
  register: registerMetrics,
};

import type { Command } from 'commander';
import { addBaselineOptions } from '../../baseline-options.ts';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import {
  addConnectionOptions,
  addOutputOptions,
  addRangeOptions,
  collectList,
} from '../../flags.ts';
import type { AnomaliesFlags } from './action.ts';

function registerAnomalies(program: Command, ctx: Context): void {
  const command = program
    .command('anomalies')
    .description(anomaliesCommand.summary)
    .option(
      '-m, --metric <names>',
      'metric name(s); repeat or comma-separate (default: all)',
      collectList,
    );
  addRangeOptions(command);
  addBaselineOptions(command);
  addOutputOptions(command);
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
A day is flagged when its daily value (the rule of 'healthdata summary': the _total twin, or
the mean of several rows, never their sum) is far from your own baseline: the median and the
MAD of the --window days before it, when at least --min-days of them have data.
  robust z = 0.6745 × (value − median) / MAD; flagged when |z| ≥ --threshold
A MAD of 0 is never divided by: the mean absolute deviation stands in (z = (value − median) /
(1.2533 × it)); a baseline with no spread at all scores nothing. See docs/insight.md.

Examples:
  healthdata anomalies --demo -m resting_heart_rate --from 60d
  healthdata anomalies --demo --threshold 3 -f json | jq '.data[0]'`,
    ),
  );
  command.action(async (flags: AnomaliesFlags) => {
    const { runAnomalies } = await import('./action.ts');
    await runAnomalies(flags, ctx);
  });
}

export const anomaliesCommand: CommandInfo = {
  name: 'anomalies',
  summary: 'days far from your own baseline (robust z against the 28 days before)',
  term: '[options]',
  register: registerAnomalies,
};

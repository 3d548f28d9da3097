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
import type { CompareFlags } from './action.ts';

function registerCompare(program: Command, ctx: Context): void {
  const command = program
    .command('compare')
    .description(compareCommand.summary)
    .option(
      '-m, --metric <names>',
      'metric name(s); repeat or comma-separate (default: all)',
      collectList,
    );
  addRangeOptions(command);
  command.option(
    '--vs <period>',
    "the period to compare with: FROM:TO or FROM..TO (dates as for --from), or 'previous' (the same length just before)",
    'previous',
  );
  addOutputOptions(command);
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
Compares the daily values of --from..--to (default: the last 30 days) with the --vs period,
per metric and provider: each period's mean and days, the change (this period minus the --vs
one, and as a % of the --vs mean), Welch's t-test p and Hedges' g. 'exceeds' is true when the
change is beyond the day-to-day variation (p < 0.05). Daily values follow 'healthdata
summary' (the _total twin; several rows: their mean, never their sum). See docs/insight.md.

Examples:
  healthdata compare --demo -m steps,resting_heart_rate --vs previous
  healthdata compare --demo -m steps --from 2026-10-01 --to 2026-10-31 --vs 2026-09-01:2026-09-30`,
    ),
  );
  command.action(async (flags: CompareFlags) => {
    const { runCompare } = await import('./action.ts');
    await runCompare(flags, ctx);
  });
}

export const compareCommand: CommandInfo = {
  name: 'compare',
  summary: 'compare two periods: means, change, and whether it beats day-to-day variation',
  term: '[options]',
  register: registerCompare,
};

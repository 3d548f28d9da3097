import { InvalidArgumentError, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, addOutputOptions, addRangeOptions } from '../../flags.ts';
import type { CorrelateFlags } from './action.ts';

/** `1` or a range `0..7`: whole days from 0 to 7. */
export function lagRange(text: string): { min: number; max: number } {
  const match = /^(\d)(?:\.\.(\d))?$/.exec(text.trim());
  const min = Number(match?.[1]);
  const max = match?.[2] === undefined ? min : Number(match[2]);
  if (!match || min > 7 || max > 7 || min > max) {
    throw new InvalidArgumentError(
      `--lag must be a day count or range from 0 to 7 (e.g. 1 or 0..7), not '${text}'`,
    );
  }
  return { min, max };
}

function registerCorrelate(program: Command, ctx: Context): void {
  const command = program
    .command('correlate')
    .argument('<metricA>', 'the leading metric')
    .argument('<metricB>', 'the following metric')
    .description(correlateCommand.summary)
    .option(
      '--lag <days>',
      'pair A on day d with B on day d + lag; a range 0..7 finds the strongest',
      lagRange,
    );
  addRangeOptions(command);
  addOutputOptions(command);
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
Pearson's r (linear) and Spearman's rho (monotonic) over the days both metrics have, per
provider pair, with n. The first metric leads: --lag 1 pairs A on day d with B on day d + 1
(does tonight's sleep predict tomorrow's HRV?). Under 14 days, r means little: it is marked.
Daily values follow 'healthdata summary'; a text metric has none and is refused.

Examples:
  healthdata correlate --demo sleep_duration hrv --lag 0..3
  healthdata correlate --demo steps resting_heart_rate --from 180d -f json`,
    ),
  );
  command.action(async (a: string, b: string, flags: CorrelateFlags) => {
    const { runCorrelate } = await import('./action.ts');
    await runCorrelate(a, b, flags, ctx);
  });
}

export const correlateCommand: CommandInfo = {
  name: 'correlate',
  summary: 'whether two metrics move together: Pearson and Spearman r, at a lag',
  term: '[options] <metricA> <metricB>',
  register: registerCorrelate,
};

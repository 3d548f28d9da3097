// --window, --min-days and --threshold: the baseline options of `anomalies` and `alerts`, one
// definition, so both take the same rule (baseline-rule.ts checks it).
import { InvalidArgumentError, Option, type Command } from 'commander';
import { integer } from './flags.ts';

function positive(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 100) {
    throw new InvalidArgumentError(
      `--threshold must be a number above 0 (e.g. 3.5), not '${text}'`,
    );
  }
  return value;
}

export function addBaselineOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--window <days>', 'days before each day that form its baseline')
        .default(28)
        .argParser(integer(3, 365, '--window')),
    )
    .addOption(
      new Option('--min-days <n>', 'days with data the baseline needs, at the least')
        .default(14)
        .argParser(integer(2, 365, '--min-days')),
    )
    .addOption(
      new Option('--threshold <z>', 'flag a day whose robust z is at least this far from 0')
        .default(3.5)
        .argParser(positive),
    );
}

import type { Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, addRangeOptions, collectList } from '../../flags.ts';
import type { ReportFlags } from './action.ts';

function registerReport(program: Command, ctx: Context): void {
  const command = program
    .command('report')
    .description(reportCommand.summary)
    .option(
      '-m, --metric <names>',
      'metric name(s); repeat or comma-separate (default: all)',
      collectList,
    );
  addRangeOptions(command);
  command
    .option('--from-db <file>', 'read a SQLite file healthdata sync wrote instead of the API')
    .option(
      '-o, --output <file>',
      'the HTML file, written atomically (temp file, fsync, rename); - for stdout',
    );
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
One HTML file that works offline and from a mail: per metric and provider a chart of the
daily values (the rule of 'healthdata summary') with weekly or monthly means, the usual range
from your own baseline and the days 'healthdata anomalies' flags; summary's numbers; and which
days each source reported. --from defaults to 90d (from 90 days ago to today). The page runs
no code but its own (a Content-Security-Policy), and shows server text as text.

Examples:
  healthdata report --demo -o report.html
  healthdata report --demo --from 364d -m steps,resting_heart_rate -o year.html
  healthdata report --from-db ~/health/health.db --from 30d -o month.html`,
    ),
  );
  command.action(async (flags: ReportFlags) => {
    const { runReport } = await import('./action.ts');
    await runReport(flags, ctx);
  });
}

export const reportCommand: CommandInfo = {
  name: 'report',
  summary: 'an HTML report: charts, baselines and anomalies, coverage; offline, one file',
  term: '[options]',
  register: registerReport,
};

import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, collectList, integer, seconds } from '../../flags.ts';
import type { SyncFlags } from './action.ts';
import { SYNC_FORMATS } from '../../../sync/format.ts';

/** `3d` or `3`: whole days, 0-365. */
function days(text: string): number {
  const match = /^(\d{1,3})d?$/.exec(text.trim());
  const value = match ? Number(match[1]) : NaN;
  if (!(value >= 0 && value <= 365)) {
    throw new InvalidArgumentError(
      `must be a number of days from 0d to 365d (e.g. 3d), not '${text}'`,
    );
  }
  return value;
}

function registerSync(program: Command, ctx: Context): void {
  const command = program
    .command('sync')
    .description(syncCommand.summary)
    .argument(
      '<target>',
      'file to create or update: .csv .tsv .ndjson .jsonl .db .sqlite .sqlite3; a folder, with --format parquet or fhir; or an influx+http(s)://…/write URL (docs/influx.md)',
    )
    .option('-m, --metric <names>', 'metric name(s); repeat or comma-separate', collectList)
    .option(
      '-p, --provider <names>',
      'provider name(s), case-insensitive; repeat or comma-separate',
      collectList,
    )
    .option(
      '--from <date>',
      'first run only: start date (YYYY-MM-DD, today, yesterday, Nd, Nw, Nm or Ny); default the whole window',
    )
    .addOption(
      new Option('--overlap <days>', 're-fetch this many days before the newest day held')
        .default(3, '3d')
        .argParser(days),
    )
    .addOption(
      new Option(
        '-f, --format <format>',
        'the target format, if its extension does not say',
      ).choices(SYNC_FORMATS),
    )
    .addOption(
      new Option('--page-size <n>', "rows per request, sent as the API's limit (1-1000)")
        .default(1000)
        .argParser(integer(1, 1000, '--page-size')),
    )
    .option(
      '--parallel <n>',
      'parquet: sync this many people at once (default 4)',
      integer(1, 64, '--parallel'),
    )
    .addOption(
      new Option('--wait <seconds>', 'wait this long for another sync of the same target')
        .default(10)
        .argParser(seconds(0, 3600, '--wait')),
    );
  addConnectionOptions(command);
  // sync alone takes several profiles: a Parquet dataset holds several people.
  const profile = command.options.find((option) => option.long === '--profile');
  profile?.argParser(collectList);
  if (profile) {
    profile.description =
      'profile(s) to use; several (comma-separated or repeated) only with --format parquet or fhir, or influx+';
  }
  command.option('--all-profiles', 'parquet, fhir, influx: sync every profile of the config file');
  command.option(
    '--tz <zone>',
    "influx: a day's point is at 00:00 in this IANA zone (default UTC)",
  );
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
Each run re-fetches from the newest day in the target minus --overlap, and replaces those
days' rows (only the rows matching -m/-p). Days that left the plan's history window are kept.
Atomic: a failed or interrupted sync leaves the target as it was; an unchanged one is not
rewritten. One line on stderr says what changed (--quiet: nothing). See docs/sync.md.

Examples:
  healthdata sync health.csv
  healthdata sync health.db -m steps_total,resting_heart_rate
  healthdata sync ~/study --format parquet --all-profiles   # docs/dataset.md
  healthdata sync 'influx+http://localhost:8428/write?db=hd'   # docs/influx.md
  healthdata sync ~/fhir --format fhir   # FHIR Bulk Data files, docs/fhir.md
  15 6 * * *  healthdata sync -q ~/health/health.db   # crontab: daily at 06:15`,
    ),
  );
  command.action(async (target: string, flags: SyncFlags) => {
    const { runSync } = await import('./action.ts');
    await runSync(target, flags, ctx);
  });
}

export const syncCommand: CommandInfo = {
  name: 'sync',
  summary: 'keep a CSV, NDJSON or SQLite file or a Parquet dataset up to date (for cron)',
  term: '[options] <target>',
  register: registerSync,
};

// `healthdata sync <target>`: lock the target, open a session, and run the sync engine. A
// Parquet dataset (--format parquet) is a folder of several people: dataset.ts.
import { localDate, parseDateArg } from '../../../lib/dates.ts';
import { thisProcess } from '../../../lib/pid.ts';
import { visible } from '../../../lib/visible.ts';
import { describeSync } from '../../../sync/engine.ts';
import { syncFormat } from '../../../sync/format.ts';
import { isInfluxTarget } from '../../../sync/influx/target.ts';
import { removeLeftovers } from '../../../sync/leftovers.ts';
import { lockTarget } from './target-lock.ts';
import { checkTargetPath } from '../../../sync/preflight.ts';
import type { Context } from '../../context.ts';
import { checkSettingsOwner } from '../../connect-client.ts';
import { explainEmpty } from '../../empty-result.ts';
import { UsageError } from '../../../lib/errors.ts';
import { commandNotices } from '../../command-notices.ts';
import { checkOneProfile } from './people.ts';
import { oneProfile, openSource, syncFileTarget, type SyncFlags } from './source.ts';

export type { SyncFlags } from './source.ts';

export async function runSync(target: string, flags: SyncFlags, ctx: Context): Promise<void> {
  if (isInfluxTarget(target)) {
    const { runInfluxSync } = await import('./influx.ts');
    return runInfluxSync(target, flags, ctx);
  }
  const format = syncFormat(target, flags.format);
  const from =
    flags.from === undefined ? undefined : parseDateArg('--from', flags.from, ctx.clock.now());
  const notices = commandNotices(flags, ctx);
  if (format === 'parquet') {
    const { runDatasetSync } = await import('./dataset.ts');
    return runDatasetSync(target, from, flags, ctx, notices);
  }
  if (format === 'fhir') {
    const { runFhirSync } = await import('./fhir.ts');
    return runFhirSync(target, from, flags, ctx, notices);
  }
  checkOneProfile(flags);
  if (flags.parallel !== undefined) {
    throw new UsageError(
      '--parallel is for a Parquet dataset of several people (--format parquet)',
      'bad_usage',
    );
  }
  // A key that is not the profile's is refused before the lock file is made.
  await checkSettingsOwner(oneProfile(flags), ctx);
  // Where the target really is: a link to it and its own path are one target, with one lock.
  const real = await checkTargetPath(target);
  // Peak memory stays flat however many rows stream by (main.ts).
  ctx.tuneForStreaming?.();
  const lock = await lockTarget(target, real, flags, ctx);
  try {
    for (const name of await removeLeftovers(target, real, thisProcess)) {
      notices.warn(`removed ${name}, left by an interrupted sync`);
    }
    const source = await openSource(oneProfile(flags), ctx, notices, target);
    try {
      const result = await syncFileTarget(
        source,
        { path: target, format },
        { flags, from, ctx, notices },
      );
      if (!flags.quiet) {
        // The line quotes the server's history floor: never raw on a terminal.
        const line = `healthdata: ${visible(describeSync(target, result))}\n`;
        ctx.stderr.write(ctx.secrets?.redact(line) ?? line);
        // A --from after today explains an empty target.
        const { added, unchanged } = result.counts;
        if (added + unchanged === 0 && from !== undefined) {
          explainEmpty({ from }, result.meta, localDate(ctx.clock.now()), notices);
        }
      }
      source.finish(result);
    } finally {
      await source.close();
    }
  } finally {
    await lock.release();
  }
}

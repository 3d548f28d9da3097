// The report's data from the API, over one connection: the range, as `summary` loads it
// (daily-query.ts), then the baseline window before it, as `anomalies` fetches it. A window
// wholly before the plan's history floor is not asked for: the API has nothing there.
import type { HealthClient } from '../../../api/client.ts';
import { displayNameOf } from '../../../api/profile-person.ts';
import { DropTally } from '../../../api/dropped.ts';
import type { MetricSummary } from '../../../daily/index.ts';
import { DEFAULT_RULE } from '../../../insight/index.ts';
import { readFrom } from '../../../insight/records/anomaly.ts';
import { addDays, isValidDate } from '../../../lib/dates.ts';
import type { Context } from '../../context.ts';
import { connectClient } from '../../connect-client.ts';
import { loadDaily, type DailyFlags } from '../../daily-query.ts';
import { createNotices, type Notices } from '../../notices.ts';
import type { Loaded, Range } from './loaded.ts';

export async function loadFromApi(
  metrics: readonly string[] | undefined,
  range: Range,
  flags: DailyFlags,
  ctx: Context,
  notices: Notices,
): Promise<Loaded> {
  const api = await connectClient(flags, ctx, notices, 2);
  try {
    // Asked beside the data, not before it: whose data it is costs no extra wait.
    const displayName = readDisplayName(api.client, ctx, notices);
    const tally = new DropTally();
    const main = await loadDaily(api.client, metrics, range, flags, ctx, notices, tally);
    // A clamped --from starts at the floor; a floor that is not a date is not believed.
    const clamped = main.range.from;
    const from = clamped !== null && isValidDate(clamped) ? clamped : range.from;
    const floor = main.meta?.history_floor ?? null;
    const leadTo = addDays(from, -1);
    let leadIn: MetricSummary[] = [];
    if (floor === null || !isValidDate(floor) || leadTo >= floor) {
      // Its plan line and clamp warning would repeat the range's: said once is enough.
      const quiet = createNotices(ctx.stderr, {
        quiet: true,
        verbose: flags.verbose ?? false,
        interactive: false,
      });
      const lead = { from: readFrom(from, DEFAULT_RULE), to: leadTo };
      leadIn = (await loadDaily(api.client, metrics, lead, flags, ctx, quiet, tally)).summaries;
    }
    return {
      summaries: main.summaries,
      leadIn,
      from,
      meta: main.meta,
      source: { kind: 'api', demo: flags.demo === true },
      person: { profile: api.profile?.name ?? null, displayName: await displayName },
      ...(main.emptyReason === undefined ? {} : { emptyReason: main.emptyReason }),
    };
  } finally {
    await api.close();
  }
}

/**
 * The API profile's display name, for the title. Not having it is no reason to fail a report
 * whose data was read: without it the report names no one (said with --verbose). Never rejects,
 * so it can wait beside the data's reads.
 */
async function readDisplayName(
  client: HealthClient,
  ctx: Context,
  notices: Notices,
): Promise<string | null> {
  try {
    const { body } = await client.getJson('api/v1/profile', undefined, ctx.signal);
    return displayNameOf(body);
  } catch (error) {
    notices.verbose(
      `no display name: the profile could not be read (${error instanceof Error ? error.message : String(error)})`,
    );
    return null;
  }
}

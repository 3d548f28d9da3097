// `healthdata sync influx+http://…/write?db=NAME`: the daily values, as `healthdata daily`
// gives them (the loader of src/cli/daily-query.ts, the one rule), pushed as line protocol to
// a time-series database (docs/influx.md). The state of what was pushed, and the lock, live in
// the config folder (sync-state/), keyed by the URL without credentials (src/sync/influx/).
import { join } from 'node:path';
import { DropTally } from '../../../api/dropped.ts';
import { unknownProfile } from '../../../config/profiles.ts';
import { INFLUX_TOKEN_ENV } from '../../../config/keys.ts';
import { chooseProfile } from '../../../config/settings.ts';
import { configDir, readConfig } from '../../../config/store.ts';
import { dailyRows, shownRow } from '../../../daily/index.ts';
import { parseDateArg } from '../../../lib/dates.ts';
import { UsageError } from '../../../lib/errors.ts';
import { visible } from '../../../lib/visible.ts';
import { dailyLine } from '../../../output/influx-points.ts';
import { readFrom, syncInflux, describeInfluxSync } from '../../../sync/influx/run.ts';
import {
  lockKey,
  parseInfluxTarget,
  stateKey,
  type InfluxTarget,
} from '../../../sync/influx/target.ts';
import { commandNotices } from '../../command-notices.ts';
import { reportDropped } from '../../checked-names.ts';
import { connectClient } from '../../connect-client.ts';
import type { Context } from '../../context.ts';
import { loadDaily } from '../../daily-query.ts';
import type { Notices } from '../../notices.ts';
import { timeZoneOption } from '../../time-zone.ts';
import { namedProfiles } from './people.ts';
import { oneProfile, type SyncFlags } from './source.ts';
import { lockTarget } from './target-lock.ts';

export async function runInfluxSync(target: string, flags: SyncFlags, ctx: Context): Promise<void> {
  const influx = parseInfluxTarget(target);
  if (flags.format !== undefined) {
    throw new UsageError(
      `--format is for a file target; ${influx.shown} is written as line protocol`,
      'bad_usage',
    );
  }
  const zone = timeZoneOption(flags).timeZone;
  const from =
    flags.from === undefined ? undefined : parseDateArg('--from', flags.from, ctx.clock.now());
  const token = tokenOf(influx, ctx);
  // InfluxDB 1.x's `p=` stays in the URL it writes to: hidden like the others.
  const password = new URL(influx.writeUrl).searchParams.get('p') ?? undefined;
  ctx.secrets?.addAll([token, influx.basic?.password, password]);
  const people = whoseData(flags, ctx);
  const notices = commandNotices(flags, ctx);
  const stateDir = join(configDir(ctx.env), 'sync-state');
  ctx.tuneForStreaming?.();
  const { mkdir } = await import('node:fs/promises');
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const lock = await lockTarget(
    influx.shown,
    join(stateDir, `influx-${lockKey(influx)}`),
    flags,
    ctx,
  );
  try {
    for (const profile of people) {
      await syncPerson(influx, profile, { flags, ctx, notices, stateDir, zone, from, token });
    }
  } finally {
    await lock.release();
  }
}

interface PersonRun {
  flags: SyncFlags;
  ctx: Context;
  notices: Notices;
  stateDir: string;
  zone: string | undefined;
  from: string | undefined;
  token: string | undefined;
}

async function syncPerson(
  influx: InfluxTarget,
  profile: string | undefined,
  run: PersonRun,
): Promise<void> {
  const { flags, ctx, notices } = run;
  const personFlags = oneProfile(flags, profile);
  const scope = JSON.stringify([
    profile ?? null,
    flags.metric ?? null,
    flags.provider ?? null,
    run.zone ?? null,
  ]);
  const key = stateKey(influx, scope);
  const held = await readFrom(
    { stateDir: run.stateDir, stateKey: key, target: influx },
    flags.overlap,
  );
  const start = held ?? run.from ?? null;
  const api = await connectClient(personFlags, ctx, notices, 2);
  const tally = new DropTally();
  try {
    const daily = await loadDaily(
      api.client,
      flags.metric,
      { from: start, to: null },
      personFlags,
      ctx,
      notices,
      tally,
    );
    const days = new Map<string, string[]>();
    for (const row of dailyRows(daily.summaries)) {
      const line = dailyLine(shownRow(row), { zone: run.zone, profile });
      const list = days.get(row.date);
      if (list) list.push(line);
      else days.set(row.date, [line]);
    }
    const result = await syncInflux(days, {
      target: influx,
      token: run.token,
      timeoutMs: flags.timeout * 1000,
      signal: ctx.signal,
      stateDir: run.stateDir,
      stateKey: key,
    });
    if (!flags.quiet) {
      const who = profile === undefined ? '' : ` (profile ${profile})`;
      const line = `healthdata: ${visible(describeInfluxSync(influx.shown, who, result))}\n`;
      ctx.stderr.write(ctx.secrets?.redact(line) ?? line);
    }
    reportDropped(tally, notices);
  } finally {
    await api.close();
  }
}

/**
 * HEALTHDATA_INFLUX_TOKEN, else the config file's influx-token (the current profile's, else the
 * one without a profile), else a token= in the URL (taken out of it, never shown).
 */
function tokenOf(influx: InfluxTarget, ctx: Context): string | undefined {
  const fromEnv = ctx.env[INFLUX_TOKEN_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const config = readConfig(ctx.env);
  const current = chooseProfile(undefined, ctx.env);
  const saved =
    (current && config.profile(current.name)?.['influx-token']) ?? config.get('influx-token');
  return saved ?? influx.token;
}

/** The profiles to push (each gets a `profile` tag), or [undefined]: the current settings, no tag. */
function whoseData(flags: SyncFlags, ctx: Context): (string | undefined)[] {
  const named = namedProfiles(flags, ctx);
  if (named === undefined) return [undefined];
  const { names, source, config } = named;
  for (const name of names) {
    if (config.profile(name) === undefined) throw unknownProfile(name, source, config);
  }
  return names;
}

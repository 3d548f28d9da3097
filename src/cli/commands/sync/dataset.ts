// `healthdata sync DIR --format parquet`: a Parquet dataset of several people, each in
// `DIR/profile=NAME` (docs/dataset.md). The whole dataset has one lock; each person has their
// own client and their own line on stderr, and one person's failure is named and leaves the
// others to complete (exit 1).
import { join } from 'node:path';
import { readConfig } from '../../../config/store.ts';
import { HealthdataError } from '../../../lib/errors.ts';
import { visible } from '../../../lib/visible.ts';
import { syncDataset, type DatasetPerson } from '../../../sync/dataset.ts';
import { describeSync } from '../../../sync/engine.ts';
import { removeDatasetLeftovers } from '../../../sync/leftovers.ts';
import { lockDatasetFolder } from './target-lock.ts';
import {
  moveRenamedFolders,
  personFolder,
  type FolderEvent,
} from '../../../sync/renamed-folders.ts';
import { checkSettingsOwner } from '../../connect-client.ts';
import type { Context } from '../../context.ts';
import type { Notices } from '../../notices.ts';
import { choosePeople } from './people.ts';
import { oneProfile, openSource, syncFilters, type SyncFlags } from './source.ts';

/** People synced at once unless --parallel says otherwise. */
const DEFAULT_PARALLEL = 4;

export async function runDatasetSync(
  dir: string,
  from: string | undefined,
  flags: SyncFlags,
  ctx: Context,
  notices: Notices,
): Promise<void> {
  const chosen = choosePeople(flags, ctx);
  const people: DatasetPerson[] = chosen.names.map((name) => ({ name }));
  // One person's key that is not their profile's is refused before the lock file is made
  // (several profiles take no --api-key, and each uses its own key over the environment's).
  if (chosen.names.length === 1) {
    await checkSettingsOwner(oneProfile(flags, chosen.profiles ? chosen.names[0] : undefined), ctx);
  }
  const folder = await lockDatasetFolder(dir, flags, ctx);
  const real = folder.real;
  ctx.tuneForStreaming?.();
  let synced = false;
  const say = (line: string): void => {
    const text = `healthdata: ${visible(line)}\n`;
    ctx.stderr.write(ctx.secrets?.redact(text) ?? text);
  };
  try {
    for (const name of await removeDatasetLeftovers(real)) {
      notices.warn(`removed ${join(dir, name)}, left by an interrupted sync`);
    }
    const renamed = chosen.names.map((name) => ({ name, formerNames: chosen.formerNames(name) }));
    for (const event of await moveRenamedFolders(real, renamed, chosen.isProfile)) {
      if (event.kind === 'moved') {
        const [from, to] = [event.from, event.person].map((n) => join(dir, personFolder(n)));
        if (!flags.quiet) {
          say(`moved ${from} to ${to} (profile '${event.from}' was renamed '${event.person}')`);
        }
        continue;
      }
      // The person may be in the dataset twice: a cron job must hear of it (not silenced by -q).
      notices.alert(leftAlone(event, dir));
    }
    const failures = await syncDataset({
      dir: real,
      people,
      parallel: flags.parallel ?? DEFAULT_PARALLEL,
      filters: syncFilters(flags),
      from,
      overlapDays: flags.overlap,
      clock: ctx.clock,
      signal: ctx.signal,
      connect: (person) =>
        openSource(
          oneProfile(flags, chosen.profiles ? person.name : undefined),
          ctx,
          labelled(notices, people.length > 1 ? person.name : undefined),
        ),
      notice: (person, message) => notices.verbose(`profile ${person.name}: ${message}`),
      warn: (person, message) => notices.warn(`profile ${person.name}: ${message}`),
      synced: (person, _folder, result) => {
        if (!flags.quiet) say(describeSync(join(dir, personFolder(person.name)), result));
      },
    });
    const [first] = failures;
    synced = failures.length < people.length;
    if (first === undefined) return;
    // One person: their error as it is, with its own exit code (3 for a key refused).
    if (people.length === 1) throw chosen.profiles ? first.error : profilesHint(first.error, ctx);
    for (const { person, error } of failures) {
      say(
        `error: profile ${person.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const names = failures.map((f) => f.person.name).join(', ');
    throw new HealthdataError(
      'dataset_incomplete',
      failures.length === people.length
        ? `all ${people.length} profiles failed (${names}); nothing was synced`
        : `${failures.length} of ${people.length} profiles failed (${names}); the others are synced`,
      'failure',
    );
  } finally {
    await folder.release(synced);
  }
}

/** Notices that say whose they are, when there are several people. */
function labelled(notices: Notices, name: string | undefined): Notices {
  if (name === undefined) return notices;
  const tag = (message: string): string => `profile ${name}: ${message}`;
  return {
    info: (m) => notices.info(tag(m)),
    warn: (m) => notices.warn(tag(m)),
    alert: (m) => notices.alert(tag(m)),
    notice: (m) => notices.notice(tag(m)),
    verbose: (m) => notices.verbose(tag(m)),
  };
}

/** Why a renamed person's former folder was not moved, and what to do. */
function leftAlone(event: Extract<FolderEvent, { kind: 'left' }>, dir: string): string {
  const to = join(dir, personFolder(event.person));
  const folders = event.folders.map((f) => join(dir, f)).join(', ');
  const head = `profile '${event.person}': ${folders}`;
  if (event.why === 'name in use') {
    return `${head} (a former name) is left as it is, since a profile goes by that name now; move it to ${to} yourself if it holds ${event.person}'s data`;
  }
  if (event.why === 'several former names') {
    return `${head} (former names) are left as they are — the person may be counted twice; keep one, move it to ${to}, and remove the others`;
  }
  return `${head} (a former name) is left beside ${to} — the person may be counted twice; keep one folder and remove the other`;
}

/**
 * The settings without a profile lack a key or base URL, but the config file has profiles: the
 * person likely meant to sync those, so the error says how.
 */
function profilesHint(error: unknown, ctx: Context): unknown {
  if (!(error instanceof HealthdataError)) return error;
  if (error.code !== 'no_api_key' && error.code !== 'no_base_url') return error;
  let profiles: string[];
  try {
    profiles = readConfig(ctx.env).profileNames();
  } catch {
    return error;
  }
  if (profiles.length === 0) return error;
  return new HealthdataError(
    error.code,
    `${error.message}; or, to sync the ${profiles.length === 1 ? 'profile' : `${profiles.length} profiles`} of the config file into this dataset, add --all-profiles (or --profile NAME)`,
    error.kind,
    { cause: error },
  );
}

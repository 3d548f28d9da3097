// Several people into one Parquet dataset (docs/dataset.md): each person's folder,
// `DIR/profile=NAME`, is a target of its own for the engine, with its own client, so the
// politeness (retries, Retry-After, back-off) is per key. At most `parallel` people are in
// flight, each streamed day by day: memory grows with `parallel`, not with the study. One
// person's failure is theirs: it is reported, and the others go on.
import { join } from 'node:path';
import type { Page } from '../api/pagination/types.ts';
import type { MetricsQuery } from '../api/types.ts';
import type { Clock } from '../lib/clock.ts';
import { UsageError } from '../lib/errors.ts';
import { isPartitionValue } from '../lib/partition-value.ts';
import { syncTarget, type SyncResult } from './engine.ts';
import type { SyncFilters } from './filters.ts';
import { personFolder } from './renamed-folders.ts';

/** A person of the study: their folder's name; `connect` knows how to reach them. */
export interface DatasetPerson {
  name: string;
}

/** One person's connection, opened when their turn comes and closed after. */
export interface PersonSource {
  fetch(query: MetricsQuery): AsyncIterable<Page>;
  /** After a complete sync: may throw (rows that broke the spec make the person fail). */
  finish(result: SyncResult): void;
  close(): Promise<void>;
}

export interface DatasetRequest {
  /** The dataset's folder, existing and locked by the caller. */
  dir: string;
  people: readonly DatasetPerson[];
  parallel: number;
  filters: SyncFilters;
  from: string | undefined;
  overlapDays: number;
  clock: Clock;
  signal: AbortSignal;
  connect(person: DatasetPerson): Promise<PersonSource>;
  notice(person: DatasetPerson, message: string): void;
  warn(person: DatasetPerson, message: string): void;
  synced(person: DatasetPerson, folder: string, result: SyncResult): void;
}

/** A safe, plain folder name that every engine reads as this text (the CLI checked it first). */
function checkPersonName(name: string): void {
  if (!isPartitionValue(name)) {
    throw new UsageError(`'${name}' cannot name a folder of the dataset`, 'bad_profile');
  }
}

/** Syncs everyone; returns the people who failed, with why, in the order given. */
export async function syncDataset(
  request: DatasetRequest,
): Promise<{ person: DatasetPerson; error: unknown }[]> {
  for (const person of request.people) checkPersonName(person.name);
  const failures = new Map<DatasetPerson, unknown>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (
      let person = request.people[next++];
      person !== undefined;
      person = request.people[next++]
    ) {
      if (request.signal.aborted) return;
      try {
        await syncPerson(request, person);
      } catch (error) {
        // Ctrl-C or SIGTERM stops the whole run, not one person.
        if (request.signal.aborted) throw error;
        failures.set(person, error);
      }
    }
  };
  const workers = Math.max(1, Math.min(request.parallel, request.people.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return request.people
    .filter((p) => failures.has(p))
    .map((p) => ({ person: p, error: failures.get(p) }));
}

async function syncPerson(request: DatasetRequest, person: DatasetPerson): Promise<void> {
  const folder = join(request.dir, personFolder(person.name));
  const source = await request.connect(person);
  try {
    const result = await syncTarget({
      target: folder,
      format: 'parquet',
      filters: request.filters,
      from: request.from,
      overlapDays: request.overlapDays,
      clock: request.clock,
      fetch: (query) => source.fetch(query),
      notice: (message) => request.notice(person, message),
      warn: (message) => request.warn(person, message),
    });
    request.synced(person, folder, result);
    source.finish(result);
  } finally {
    await source.close();
  }
}

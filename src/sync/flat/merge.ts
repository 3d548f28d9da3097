// The flat-file sync: one pass over the old file (newest first) and the fetched days (newest
// first), day by day, as the day plan (day-plan.ts) says. A record is compared as the text the
// file holds. Days older than the replaced range are copied as bytes, unread; and if nothing
// differed by then, they are not even read.
import { open, type FileHandle } from 'node:fs/promises';
import { isValidDate } from '../../lib/dates.ts';
import type { RowCounts } from '../day-diff.ts';
import { planDays, type HeldDay } from '../day-plan.ts';
import type { Day } from '../fetched-days.ts';
import type { RowFilter } from '../filters.ts';
import { utf8Text } from '../stored-text.ts';
import { TargetFormatError, type FlatCodec, type RecordKey } from './codec.ts';
import { LazyOutput } from './lazy-output.ts';
import { Peekable } from '../peekable.ts';
import { readRecords, type RawRecord } from './records.ts';

type OldRecord = RawRecord & RecordKey;

export interface FlatMergeResult {
  counts: RowCounts;
  written: boolean;
}

/**
 * The newest date of a record the filter covers, reading only as far as the first one. Dates
 * after `notAfter`, or not on the calendar, are passed over: an older healthdata may have
 * written a row dated 2099-01-01 or 9999-99-99, which must not decide where syncs start.
 */
export async function newestFlatDate(
  path: string,
  codec: FlatCodec,
  filter: RowFilter,
  notAfter: string,
): Promise<string | undefined> {
  const handle = await openIfExists(path);
  if (handle === undefined) return undefined;
  try {
    const records = new Peekable(keyed(handle, codec));
    try {
      for (let record = await records.take(); record; record = await records.take()) {
        const plausible = record.date <= notAfter && isValidDate(record.date);
        if (plausible && filter(record.metric, record.provider)) return record.date;
      }
      return undefined;
    } finally {
      await records.close();
    }
  } finally {
    await handle.close();
  }
}

export async function mergeFlat(options: {
  path: string;
  codec: FlatCodec;
  filter: RowFilter;
  /** The first day replaced; undefined = all days. */
  replaceFrom: string | undefined;
  days: AsyncIterable<Day>;
}): Promise<FlatMergeResult> {
  const { path, codec, filter, replaceFrom } = options;
  const handle = await openIfExists(path);
  const output = new LazyOutput(path, handle === undefined ? undefined : path);
  const old = new Peekable(handle ? keyed(handle, codec) : empty());
  try {
    if (handle === undefined || (await handle.stat()).size === 0) await output.write(codec.header);
    else output.identicalUpTo = codec.header.length;
    const plan = planDays(heldDays(old, replaceFrom), options.days, replaceFrom, {
      owns: (r) => filter(r.metric, r.provider),
      identity: (r) => r.text,
      // As the file will hold them (stored-text.ts): a lone surrogate reads back as U+FFFD.
      async stored(rows) {
        const stored: FlatRow[] = [];
        for (const row of rows) {
          const text = utf8Text(await codec.encode([row]));
          stored.push({ text, provider: row.provider, metric: row.metric });
        }
        return stored;
      },
    });
    for await (const step of plan.steps) {
      if (step.action === 'keep') await keep(output, step.held);
      else if (step.action === 'add') await output.write(await codec.encode(step.sent));
      else await output.write(step.rows.map((r) => r.text).join(''));
    }
    // The days below the replaced range: the old file's bytes, copied unread.
    const tail = await old.peek();
    const written = await output.commit(tail?.start);
    return { counts: plan.counts, written };
  } catch (error) {
    await output.discard();
    throw error;
  } finally {
    await old.close();
    await handle?.close();
  }
}

/** A record of the old file, or a fetched row encoded as one (no `end`: not in the file). */
type FlatRow = Pick<OldRecord, 'text' | 'provider' | 'metric'> & { end?: number };

/** The old file's days from `replaceFrom` on; the first record below it is left unread. */
async function* heldDays(
  old: Peekable<OldRecord>,
  replaceFrom: string | undefined,
): AsyncGenerator<HeldDay<FlatRow>> {
  for (let r = await old.peek(); r; r = await old.peek()) {
    if (replaceFrom !== undefined && r.date < replaceFrom) return;
    const date = r.date;
    const rows: OldRecord[] = [];
    for (let next: OldRecord | undefined = r; next?.date === date; next = await old.peek()) {
      rows.push(next);
      await old.take();
    }
    yield { date, rows };
  }
}

/** A day that stays: while nothing differed, its bytes join the identical prefix. */
async function keep(output: LazyOutput, held: readonly FlatRow[]): Promise<void> {
  const end = held.at(-1)?.end;
  if (end === undefined) return;
  if (output.writing) await output.write(held.map((r) => r.text).join(''));
  else output.identicalUpTo = end;
}

async function* keyed(handle: FileHandle, codec: FlatCodec): AsyncGenerator<OldRecord> {
  let first = true;
  let previous: string | undefined;
  for await (const record of readRecords(handle, codec.quoted)) {
    if (first && codec.header !== '') {
      first = false;
      if (record.text !== codec.header) {
        throw new TargetFormatError(
          `the target's first line is not the header sync writes (${JSON.stringify(codec.header.trimEnd())}) — sync into a new file, or one written by healthdata`,
        );
      }
      continue;
    }
    first = false;
    const key = codec.key(record.text);
    if (previous !== undefined && key.date > previous) {
      throw new TargetFormatError(
        `the target is not newest first (${key.date} after ${previous}) — sync into a new file, or one written by healthdata`,
      );
    }
    previous = key.date;
    yield { ...record, ...key };
  }
}

async function* empty(): AsyncGenerator<OldRecord> {}

async function openIfExists(path: string): Promise<FileHandle | undefined> {
  try {
    return await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

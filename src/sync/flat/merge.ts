// The flat-file sync: one pass over the old file (newest first) and the fetched days (newest
// first), day by day. A replaced day keeps its rows that the filters do not cover, takes the
// fetched rows in place of those they do, and interleaves the two in the API's order (provider
// case-insensitively, then metric). Days older than the replaced range are copied as bytes,
// unread; and if nothing differed by then, they are not even read.
import { open, type FileHandle } from 'node:fs/promises';
import type { MetricRow } from '../../api/types.ts';
import { isValidDate } from '../../lib/dates.ts';
import { diffDay, emptyCounts, sameRows, type RowCounts } from '../day-diff.ts';
import type { Day } from '../fetched-days.ts';
import type { RowFilter } from '../filters.ts';
import { utf8Text } from '../stored-text.ts';
import { TargetFormatError, type FlatCodec, type RecordKey } from './codec.ts';
import { LazyOutput } from './lazy-output.ts';
import { Peekable, readRecords, type RawRecord } from './records.ts';

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
  const counts = emptyCounts();
  const old = new Peekable(handle ? keyed(handle, codec) : empty());
  try {
    if (handle === undefined || (await handle.stat()).size === 0) await output.write(codec.header);
    else output.identicalUpTo = codec.header.length;

    const replaceDay = async (date: string, fetched: readonly MetricRow[]): Promise<void> => {
      const before: OldRecord[] = [];
      for (let r = await old.peek(); r?.date === date; r = await old.peek()) {
        before.push((await old.take()) as OldRecord);
      }
      if (before.length === 0) {
        if (fetched.length === 0) return;
        counts.added += fetched.length;
        await output.write(await codec.encode(fetched));
        return;
      }
      const kept = before.filter((r) => !filter(r.metric, r.provider));
      // Compared as the file will hold them (stored-text.ts): a lone surrogate reads back as U+FFFD.
      const fetchedTexts: string[] = [];
      for (const row of fetched) fetchedTexts.push(utf8Text(await codec.encode([row])));
      diffDay(
        before.filter((r) => filter(r.metric, r.provider)).map((r) => r.text),
        fetchedTexts,
        counts,
      );
      const after = interleave(kept, fetched, fetchedTexts);
      const beforeTexts = before.map((r) => r.text);
      if (!output.writing && sameRows(beforeTexts, after)) {
        output.identicalUpTo = (before.at(-1) as OldRecord).end;
      } else {
        await output.write(after.join(''));
      }
    };
    /** A day the API sent a broken row for: its old records stay, byte for byte. */
    const keepDay = async (date: string): Promise<void> => {
      const before: OldRecord[] = [];
      for (let r = await old.peek(); r?.date === date; r = await old.peek()) {
        before.push((await old.take()) as OldRecord);
      }
      counts.unchanged += before.filter((r) => filter(r.metric, r.provider)).length;
      const last = before.at(-1);
      if (last === undefined) return;
      if (output.writing) await output.write(before.map((r) => r.text).join(''));
      else output.identicalUpTo = last.end;
    };
    const inRange = (date: string): boolean => replaceFrom === undefined || date >= replaceFrom;

    for await (const day of options.days) {
      if (!inRange(day.date)) continue; // the API went below `from`: those days are kept
      for (let r = await old.peek(); r && r.date > day.date; r = await old.peek()) {
        await replaceDay(r.date, []);
      }
      if (day.keep) await keepDay(day.date);
      else await replaceDay(day.date, day.rows);
    }
    for (let r = await old.peek(); r && inRange(r.date); r = await old.peek()) {
      await replaceDay(r.date, []);
    }
    const tail = await old.peek();
    const written = await output.commit(tail?.start);
    return { counts, written };
  } catch (error) {
    await output.discard();
    throw error;
  } finally {
    await old.close();
    await handle?.close();
  }
}

/** Kept rows and fetched rows of one day, each in its own order, merged by provider and metric. */
function interleave(
  kept: readonly OldRecord[],
  fetched: readonly MetricRow[],
  fetchedTexts: readonly string[],
): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < fetched.length) {
    const k = kept[i];
    const f = fetched[j];
    if (k !== undefined && (f === undefined || compareGroup(k, f) <= 0)) {
      out.push(k.text);
      i++;
    } else {
      out.push(fetchedTexts[j] as string);
      j++;
    }
  }
  return out;
}

function compareGroup(a: RecordKey, b: RecordKey): number {
  const pa = a.provider.toLowerCase();
  const pb = b.provider.toLowerCase();
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0;
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

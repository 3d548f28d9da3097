// One partition file: read it whole (a person's year is ~19k rows), or write a new one under a
// temp name that no `*.parquet` glob matches, fsynced, for the store to rename into place.
// Files are 0600 and folders 0700: health data is private. Nothing but rows goes in a file:
// no key, no base URL, no key-value metadata.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readFile, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MetricRow } from '../../api/types.ts';
import { fromRecord, isoDate, SCHEMA, toColumns } from './columns.ts';

/** The one file of a partition. */
export const DATA_FILE = 'data.parquet';
/** `.part-<12 hex>.parquet.tmp`: hidden, and not `*.parquet`. */
export const TEMP_FILE = /^\.part-[0-9a-f]{12}\.parquet\.tmp$/;

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

export async function readPartition(path: string): Promise<MetricRow[]> {
  const { parquetReadObjects } = await import('hyparquet');
  const bytes = await readFile(path);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const rows = await parquetReadObjects({
    file: buffer,
    rowFormat: 'object',
    // hyparquet's own decoder drops a BOM that starts a text: a value sent as "\ufeffx" would
    // read back as "x", and its day be rewritten on every run. Kept here, as it was written.
    parsers: { dateFromDays: isoDate, stringFromBytes: (bytes) => bytes && UTF8.decode(bytes) },
  });
  return rows.map(fromRecord);
}

/** Writes `rows` to a new temp file in `dir`, fsynced; returns its path. */
export async function writeTemp(dir: string, rows: readonly MetricRow[]): Promise<string> {
  const { parquetWriteBuffer } = await import('hyparquet-writer');
  const bytes = parquetWriteBuffer({
    columnData: toColumns(rows),
    schema: SCHEMA,
    createdBy: 'healthdata',
    // One row group per file: a partition is small, and readers skip whole files by year.
    rowGroupSize: Math.max(rows.length, 1),
  });
  const path = join(dir, `.part-${randomBytes(6).toString('hex')}.parquet.tmp`);
  const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    try {
      await handle.writeFile(new Uint8Array(bytes));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    // A full disk fails the write part way: the part written goes now, not at the next run,
    // so the disk is not left fuller than it was.
    await rm(path, { force: true }).catch(() => undefined);
    throw error;
  }
  return path;
}

/** Makes `dir` (0700) and any missing parent; returns the first folder made, if any. */
export async function makeDir(dir: string): Promise<string | undefined> {
  return mkdir(dir, { mode: 0o700, recursive: true });
}

/** Removes the folders makeDir made for `dir` (`made`, the first of them) while they are empty. */
export async function unmakeDir(dir: string, made: string): Promise<void> {
  for (let folder = dir; folder.startsWith(made); folder = dirname(folder)) {
    const removed = await rmdir(folder).then(
      () => true,
      () => false,
    );
    if (!removed) return;
  }
}

/** Makes a rename or unlink in `dir` durable across a crash (not every filesystem can). */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY).catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}

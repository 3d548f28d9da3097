// One partition file: read it whole (a person's year is ~19k rows), or write a new one under a
// temp name that no `*.parquet` glob matches, fsynced, for the store to rename into place.
// Files are 0600 and folders 0700: health data is private. Nothing but rows goes in a file:
// no key, no base URL, no key-value metadata.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MetricRow } from '../../api/types.ts';
import { fromRecord, isoDate, SCHEMA, toColumns } from './columns.ts';

/** The one file of a partition. */
export const DATA_FILE = 'data.parquet';
/** `.part-<12 hex>.parquet.tmp`: hidden, and not `*.parquet`. */
export const TEMP_FILE = /^\.part-[0-9a-f]{12}\.parquet\.tmp$/;

export async function readPartition(path: string): Promise<MetricRow[]> {
  const { parquetReadObjects } = await import('hyparquet');
  const bytes = await readFile(path);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const rows = await parquetReadObjects({
    file: buffer,
    rowFormat: 'object',
    parsers: { dateFromDays: isoDate },
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
    await handle.writeFile(new Uint8Array(bytes));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return path;
}

/** Makes `dir` (0700) if missing; true when it was made. */
export async function makeDir(dir: string): Promise<boolean> {
  return (await mkdir(dir, { mode: 0o700, recursive: true })) !== undefined;
}

/** Makes a rename or unlink in `dir` durable across a crash (not every filesystem can). */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY).catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}

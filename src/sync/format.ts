// Which kind of target `sync` writes: from --format, else from the file's extension.
import { extname } from 'node:path';
import { UsageError } from '../lib/errors.ts';

export const SYNC_FORMATS = ['csv', 'tsv', 'ndjson', 'jsonl', 'sqlite', 'parquet', 'fhir'] as const;
export type SyncFormatName = (typeof SYNC_FORMATS)[number];
/** jsonl is ndjson under another name; parquet is a dataset folder (docs/dataset.md). */
export type SyncFormat = 'csv' | 'tsv' | 'ndjson' | 'sqlite' | 'parquet';
/** fhir is a folder of FHIR Bulk Data files per person, over an ndjson target (docs/fhir.md). */
export type SyncTargetFormat = SyncFormat | 'fhir';

const BY_EXTENSION: Readonly<Record<string, SyncFormat>> = {
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.db': 'sqlite',
  '.sqlite': 'sqlite',
  '.sqlite3': 'sqlite',
};

export function syncFormat(target: string, flag: string | undefined): SyncTargetFormat {
  if (flag !== undefined) return flag === 'jsonl' ? 'ndjson' : (flag as SyncTargetFormat);
  const format = BY_EXTENSION[extname(target).toLowerCase()];
  if (format === undefined) {
    throw new UsageError(
      `cannot tell the format of ${target} from its extension — name it .csv, .tsv, .ndjson, .jsonl, .db, .sqlite or .sqlite3, or pass --format`,
      'bad_format',
    );
  }
  return format;
}

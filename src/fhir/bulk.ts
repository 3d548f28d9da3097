// A FHIR Bulk Data layout of daily values (`sync DIR --format fhir`): `Patient.ndjson`,
// `Observation.ndjson`, and `manifest.json` shaped as a `$export` completion response (Bulk
// Data IG, "Response - Complete Status"). The files' text is a function of the values alone,
// so an unchanged person gives byte-identical files and nothing is rewritten.
import { observationOf, type ValueInput } from './observation.ts';
import type { Patient } from './patient.ts';
import { resourceText } from './stream.ts';

export const BULK_FILES = ['Patient.ndjson', 'Observation.ndjson'] as const;
export const MANIFEST = 'manifest.json';

export interface BulkFile {
  name: (typeof BULK_FILES)[number];
  type: 'Patient' | 'Observation';
  text: string;
  count: number;
}

/** The two NDJSON files of `values` (daily records; a no_total day has no Observation). */
export function bulkFiles(patient: Patient, values: readonly ValueInput[]): BulkFile[] {
  const subject = { patientId: patient.id, reference: `Patient/${patient.id}` };
  let text = '';
  let count = 0;
  for (const value of values) {
    const o = observationOf(value, subject);
    if (o === undefined) continue;
    text += resourceText('ndjson', o);
    count += 1;
  }
  return [
    { name: 'Patient.ndjson', type: 'Patient', text: resourceText('ndjson', patient), count: 1 },
    { name: 'Observation.ndjson', type: 'Observation', text, count },
  ];
}

/**
 * The manifest: `request` is where the rows came from (no kick-off request made it),
 * `url` each file's own file: URL, as a client of a local export reads it.
 */
export function manifestOf(
  files: readonly BulkFile[],
  transactionTime: string,
  request: string,
  urlOf: (name: string) => string,
): string {
  const manifest = {
    transactionTime,
    request,
    requiresAccessToken: false,
    output: files.map((f) => ({ type: f.type, url: urlOf(f.name), count: f.count })),
    error: [],
  };
  return JSON.stringify(manifest, null, 2) + '\n';
}

/** Whether a manifest's output list is `files`' (its transactionTime aside). */
export function manifestLists(
  text: string | undefined,
  files: readonly BulkFile[],
  request: string,
  urlOf: (name: string) => string,
): boolean {
  if (text === undefined) return false;
  try {
    const m = JSON.parse(text) as { transactionTime?: unknown; request?: unknown };
    if (typeof m.transactionTime !== 'string') return false;
    return (
      text === manifestOf(files, m.transactionTime, String(m.request), urlOf) &&
      m.request === request
    );
  } catch {
    return false;
  }
}

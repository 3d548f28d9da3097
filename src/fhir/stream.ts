// The resources of an export, as the two FHIR forms write them: `fhir` is NDJSON
// (application/fhir+ndjson, one resource a line, as FHIR Bulk Data files are), `fhir-bundle`
// one transaction Bundle whose entries are conditional PUTs on each resource's own identifier,
// so posting it twice updates rather than duplicates. Rows arrive newest first, so rows that
// are the same in every field on one day are told apart by their order within that day.
import { restoreRawNumbers } from '../api/exact-numbers.ts';
import type { MetricRow } from '../api/types.ts';
import { observationOf, type Observation, type Subject, type ValueInput } from './observation.ts';
import type { Patient } from './patient.ts';

export interface FhirExport {
  patient: Patient;
  /** `fhir`: write the Patient first (a bundle always holds it, so its references resolve). */
  withPatient: boolean;
}

export type FhirForm = 'ndjson' | 'bundle';

/** A resource as the form writes it: a line, or a bundle entry (without the comma). */
export function resourceText(form: FhirForm, resource: Observation | Patient): string {
  const json = restoreRawNumbers(JSON.stringify(resource));
  if (form === 'ndjson') return json + '\n';
  const url = `urn:uuid:${resource.id}`;
  const where = encodeURIComponent(`urn:ietf:rfc:3986|${url}`);
  const request = JSON.stringify({
    method: 'PUT',
    url: `${resource.resourceType}?identifier=${where}`,
  });
  return `{"fullUrl":"${url}","resource":${json},"request":${request}}`;
}

export function subjectOf(form: FhirForm, fhir: FhirExport): Subject {
  // Inside a transaction, a fullUrl reference is resolved to wherever the server puts it.
  const reference =
    form === 'bundle' ? `urn:uuid:${fhir.patient.id}` : `Patient/${fhir.patient.id}`;
  return { patientId: fhir.patient.id, reference };
}

export const BUNDLE_START = '{"resourceType":"Bundle","type":"transaction","entry":[\n';
export const BUNDLE_END = '\n]}\n';

/** Observations of rows in the API's order, each with a stable id (see the file's comment). */
export class RowObservations {
  #date = '';
  #seen = new Map<string, number>();
  constructor(private readonly subject: Subject) {}

  of(row: MetricRow): Observation | undefined {
    if (row.date !== this.#date) {
      this.#date = row.date;
      this.#seen.clear();
    }
    const key = JSON.stringify([
      row.metric,
      row.provider,
      String(row.numValue),
      row.textValue,
      row.unit,
    ]);
    const occurrence = this.#seen.get(key) ?? 0;
    this.#seen.set(key, occurrence + 1);
    const input: ValueInput = {
      date: row.date,
      metric: row.metric,
      provider: row.provider,
      value: row.numValue,
      text: row.textValue,
      unit: row.unit,
    };
    return observationOf(input, this.subject, occurrence);
  }
}

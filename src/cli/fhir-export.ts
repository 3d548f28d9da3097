// What a FHIR export needs beyond its rows: the Patient its Observations are about, from the
// API's profile (src/fhir/patient.ts). Asked only when the format is FHIR: one more request.
import { ApiError } from '../api/errors.ts';
import { patientOf } from '../fhir/patient.ts';
import type { FhirExport } from '../fhir/stream.ts';
import type { Format } from '../output/formats/index.ts';
import type { ConnectedClient } from './connect-client.ts';
import type { Notices } from './notices.ts';

export function isFhirFormat(format: string | undefined): boolean {
  return format === 'fhir' || format === 'fhir-bundle';
}

export async function fhirExport(
  format: Format,
  api: ConnectedClient,
  withPatient: boolean,
  notices: Notices,
  signal: AbortSignal,
): Promise<FhirExport | undefined> {
  if (!isFhirFormat(format)) {
    if (withPatient) notices.warn('--with-patient is for -f fhir and fhir-bundle: ignored');
    return undefined;
  }
  const profileName = api.profile?.name ?? 'default';
  let body: unknown;
  try {
    body = (await api.client.getJson('api/v1/profile', undefined, signal)).body;
  } catch (error) {
    // A key that may not read the profile still reads its rows: the person is then known by
    // the healthdata profile's name. A wrong key is the key's error, as anywhere.
    if (!(error instanceof ApiError) || error.kind === 'auth') throw error;
    notices.warn(
      `the API's profile could not be read (HTTP ${error.status}): the Patient is identified by the profile name '${profileName}' only`,
    );
  }
  return { patient: patientOf(body, api.client.baseUrl, profileName), withPatient };
}

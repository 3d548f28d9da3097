// The Patient the Observations are about, from the API's profile: an identifier and nothing
// more (no name, e-mail or birth date: a share with a clinician adds those on purpose, not by
// default). The profile's shape is not specified by the API, so its user id is looked for
// where such bodies usually keep it; without one, the healthdata profile name stands in.
import { profileUserId } from '../api/profile-person.ts';
import { stableId } from './ids.ts';
import { fhirString } from './text.ts';

export interface Patient {
  resourceType: 'Patient';
  id: string;
  identifier: { system: string; value: string }[];
}

/**
 * The Patient for the API at `baseUrl` (its user ids are unique there: the identifier's
 * system), with an id that is the same on every export of the same person.
 */
export function patientOf(body: unknown, baseUrl: string, profileName: string): Patient {
  // On this machine (loopback) without the port: the --demo sandbox listens on a new port each
  // run, and its person's identifier must not change with it.
  const system = apiUrl(baseUrl, false);
  const userId = profileUserId(body);
  // The host, not its port: the --demo sandbox is on a new port each run, its person the same.
  const id = stableId('Patient', hostOf(baseUrl), userId ?? `profile:${profileName}`);
  // Its own id as an identifier too: a transaction's conditional PUT finds it by that.
  const own = { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${id}` };
  return {
    resourceType: 'Patient',
    id,
    identifier: userId === undefined ? [own] : [own, { system, value: fhirString(userId) }],
  };
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return '';
  }
}

/** The base URL without user, password, query or fragment: never a secret in the output. */
export function apiUrl(baseUrl: string, loopbackPort = true): string {
  try {
    const url = new URL(baseUrl);
    if (!loopbackPort && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) url.port = '';
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return 'urn:healthdata:api';
  }
}

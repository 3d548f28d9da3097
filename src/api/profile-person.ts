// Who the person is, from GET /api/v1/profile: their display name (the report's title) and
// their user id (the FHIR Patient's identifier). The spec does not show the profile record's
// fields, so each is looked for where such records keep it: the name as `display_name` or
// `name`, in a `user` or `profile` object or at the top level (the sandbox sends `user.name`);
// the id as `user.id`, `id`, `user_id` or `userId`. Anything else — no such field, the wrong
// type, only blanks — is none: a report then names no one, a Patient has no API identifier,
// rather than guess.
import { isRecord } from '../lib/json.ts';

const KEYS = ['display_name', 'displayName', 'name'];

export function displayNameOf(body: unknown): string | null {
  if (!isRecord(body)) return null;
  for (const holder of [body['user'], body['profile'], body]) {
    if (!isRecord(holder)) continue;
    for (const key of KEYS) {
      const value = holder[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return null;
}

/** The user id: a non-empty string of at most 200 characters, or a safe integer. */
export function profileUserId(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const user = isRecord(body['user']) ? body['user'] : undefined;
  for (const candidate of [user?.['id'], body['id'], body['user_id'], body['userId']]) {
    if (typeof candidate === 'string' && candidate !== '' && candidate.length <= 200) {
      return candidate;
    }
    if (typeof candidate === 'number' && Number.isSafeInteger(candidate)) return String(candidate);
  }
  return undefined;
}

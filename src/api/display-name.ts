// The person's display name from GET /api/v1/profile. The spec does not show the profile
// record's fields, so the name is looked for where such records keep it: `display_name` or
// `name`, in a `user` or `profile` object or at the top level (the sandbox sends
// `user.name`). Anything else — no such field, not a string, only blanks — is no name: a
// report then names no one rather than guess.
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

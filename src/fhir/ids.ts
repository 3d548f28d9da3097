// Stable resource ids: the same person, metric, provider and day give the same id on every
// run, so a re-export updates a FHIR server's resource rather than adding a second one. An id
// is a UUID (version 5 layout, from SHA-256 rather than SHA-1) so that it is also a valid
// `urn:uuid:` fullUrl in a Bundle; FHIR ids allow 64 characters of [A-Za-z0-9-.].
import { createHash } from 'node:crypto';

export function stableId(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  // NUL between parts: no two lists of names can join to the same text.
  for (const part of parts) hash.update(part).update('\u0000');
  const b = hash.digest();
  b[6] = ((b[6] as number) & 0x0f) | 0x50;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = b.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

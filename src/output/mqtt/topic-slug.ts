// Names from the API (metrics, providers) and profile names become parts of MQTT topics and
// Home Assistant ids. A topic level may hold no `/` (a level separator), `+` or `#` (wildcards
// that would make a subscriber's filter match other topics, and which a publish may not hold at
// all), or NUL; Home Assistant's object ids are [a-zA-Z0-9_-]. So every name is cut down to
// [a-z0-9_], and, since two names can cut down alike (`Steps` and `steps`, or two scripts that
// both become `_`), a short hash of the exact names goes after it.
import { createHash } from 'node:crypto';

const MAX_WORD = 40;

/** `text` as lower-case [a-z0-9_], runs of anything else as one `_`; never empty. */
export function slugWord(text: string): string {
  const word = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_WORD)
    .replace(/_+$/, '');
  return word === '' ? 'x' : word;
}

/** 8 hex digits of SHA-256 over the exact names, each ended by NUL so no two lists collide. */
export function shortHash(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 8);
}

/** One topic level or id for `parts`: their slugs joined by `_`, then the hash of the exact parts. */
export function slugId(parts: readonly string[]): string {
  return [...parts.map(slugWord), shortHash(parts)].join('_');
}

// Any JSON from the API (a catalog, a profile, a source list: bodies the spec does not show),
// cut to a budget of bytes. The result is still JSON of the same shape, only shorter: strings
// are clipped (with the marker), arrays and objects keep their first items while they fit.
// The walk stops at the budget, so a body of a million items costs only what is kept.
import { clip, clipName, MAX_TEXT_CHARS } from './clip.ts';

/** Deeper than this, a value is left out (replaced by a marker string). */
const MAX_DEPTH = 12;

export interface Bounded {
  /** The value cut to the budget; undefined when not even a cut form fits. */
  value: unknown;
  /** Bytes of JSON.stringify(value), as UTF-8. */
  bytes: number;
  /** True when anything was cut: a string clipped, items or members left out. */
  cut: boolean;
  /**
   * True when the budget ran out inside this value: items or members after some point are
   * missing. A string clipped at its length limit is not partial (its marker says so, and
   * what follows it may still fit); one clipped to the budget is.
   */
  partial: boolean;
}

const DEEP = '…[nested too deep: left out by healthdata]';
const NOTHING: Bounded = { value: undefined, bytes: 0, cut: true, partial: true };

export function boundJson(value: unknown, budget: number, depth = 0): Bounded {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') {
    const bytes = JSON.stringify(value).length;
    return bytes <= budget ? { value, bytes, cut: false, partial: false } : NOTHING;
  }
  if (typeof value === 'string') return boundString(value, budget);
  if (depth >= MAX_DEPTH) return { ...boundString(DEEP, budget), cut: true };
  if (Array.isArray(value)) return boundArray(value, budget, depth);
  if (typeof value === 'object') {
    return boundObject(value as Record<string, unknown>, budget, depth);
  }
  return NOTHING;
}

/** The first items of `list` that fit in `budget` bytes (as a JSON array). */
export function boundArray(list: readonly unknown[], budget: number, depth = 0): Bounded {
  if (budget < 2) return NOTHING;
  const out: unknown[] = [];
  let bytes = 2;
  let cut = false;
  let partial = false;
  for (const item of list) {
    const comma = out.length > 0 ? 1 : 0;
    const kept = boundJson(item === undefined ? null : item, budget - bytes - comma, depth + 1);
    // An item the budget cut short is kept only as the first (a single huge record shows its
    // start); after others it would be a fragment that reads as a whole item.
    if (kept.value === undefined || (kept.partial && out.length > 0)) {
      partial = true;
      break;
    }
    out.push(kept.value);
    bytes += comma + kept.bytes;
    cut ||= kept.cut;
    if (kept.partial) {
      partial = true;
      break;
    }
  }
  partial ||= out.length < list.length;
  return { value: out, bytes, cut: cut || partial, partial };
}

function boundObject(record: Record<string, unknown>, budget: number, depth: number): Bounded {
  if (budget < 2) return NOTHING;
  const out: Record<string, unknown> = {};
  let bytes = 2;
  let cut = false;
  let partial = false;
  let members = 0;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const name = clipName(key);
    const comma = members > 0 ? 1 : 0;
    const head = utf8(JSON.stringify(name)) + 1;
    const kept = boundJson(record[key] ?? null, budget - bytes - comma - head, depth + 1);
    if (kept.value === undefined) {
      partial = true;
      break;
    }
    // Defined, not assigned: a key "__proto__" from the API is a key like any other.
    Object.defineProperty(out, name, { value: kept.value, enumerable: true, writable: true });
    members += 1;
    bytes += comma + head + kept.bytes;
    cut ||= kept.cut || name !== key;
    if (kept.partial) {
      partial = true;
      break;
    }
  }
  return { value: out, bytes, cut: cut || partial, partial };
}

function boundString(text: string, budget: number): Bounded {
  const limit = Math.min(text.length, MAX_TEXT_CHARS);
  let max = limit;
  // Each halving at least halves the bytes: a few rounds at most.
  for (;;) {
    const value = clip(text, max);
    const bytes = utf8(JSON.stringify(value));
    if (bytes <= budget) return { value, bytes, cut: value !== text, partial: max < limit };
    if (max <= 16) return NOTHING;
    max = Math.floor(max / 2);
  }
}

export function utf8(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

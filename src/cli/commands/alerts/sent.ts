// What `healthdata alerts` has delivered, per destination (keyed by a hash of its URL:
// src/output/notify/destination.ts): the alerts it took, and the day through which it was
// last checked in full. An alert is marked only once its receiver took it (2xx, PUBACK); a
// failed or held alert stays unmarked and the day unchecked, so the next run finds it again.
// A kill between a delivery and its mark sends that one alert again: at least once, never lost.
export interface DestinationState {
  /** The last day a run checked and delivered everything for; absent before the first. */
  checked?: string;
  /** alertKey()s of the alerts delivered, from `checked` on. */
  sent: string[];
}

export interface SentState {
  version: 1;
  destinations: Record<string, DestinationState>;
}

export const EMPTY: SentState = { version: 1, destinations: {} };

function destinationState(value: unknown): DestinationState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { checked, sent } = value as Record<string, unknown>;
  if (
    checked !== undefined &&
    (typeof checked !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(checked))
  ) {
    return undefined;
  }
  if (!Array.isArray(sent) || !sent.every((s) => typeof s === 'string')) return undefined;
  return { ...(checked === undefined ? {} : { checked }), sent: sent as string[] };
}

export function checkSent(value: Record<string, unknown>): SentState | undefined {
  const destinations = value['destinations'];
  if (value['version'] !== 1 || typeof destinations !== 'object' || destinations === null) {
    return undefined;
  }
  const out: Record<string, DestinationState> = {};
  for (const [key, entry] of Object.entries(destinations)) {
    const checked = destinationState(entry);
    if (checked === undefined) return undefined;
    out[key] = checked;
  }
  return { version: 1, destinations: out };
}

/** The date of an alertKey() ([metric, provider, date]). */
export function keyDate(key: string): string {
  const parsed = JSON.parse(key) as unknown;
  return Array.isArray(parsed) && typeof parsed[2] === 'string' ? parsed[2] : '';
}

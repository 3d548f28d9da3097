// What `healthdata mqtt` has published to one broker for one person: per sensor (its config
// topic), a digest of the three retained messages the broker acknowledged. A re-run publishes
// only a sensor whose messages differ, so nothing new means nothing published.
//
// Kept here rather than read back from the broker's retained messages: a subscriber cannot
// tell when the broker has sent the last retained message (MQTT has no end-of-retained
// marker), so reading back would rest on a timeout, and a slow broker would look empty and
// have everything published again. The cost: a broker that lost its retained messages (no
// persistence, restarted) is not refilled until a value changes — `--force` republishes all.
import { createHash } from 'node:crypto';
import type { SensorMessages } from '../../../output/mqtt/ha-discovery.ts';

export interface PublishedState {
  version: 1;
  published: Record<string, string>;
}

export const EMPTY: PublishedState = { version: 1, published: {} };

export function checkPublished(value: Record<string, unknown>): PublishedState | undefined {
  const published = value['published'];
  if (value['version'] !== 1 || typeof published !== 'object' || published === null) {
    return undefined;
  }
  const entries = Object.entries(published);
  if (!entries.every(([, digest]) => typeof digest === 'string')) return undefined;
  return { version: 1, published: Object.fromEntries(entries) as Record<string, string> };
}

export function digestOf(sensor: SensorMessages): string {
  const hash = createHash('sha256');
  for (const m of [sensor.config, sensor.attributes, sensor.state]) {
    hash.update(m.topic).update('\0').update(m.payload).update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

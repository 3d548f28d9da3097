// The people of `sandbox --users N`: user i (1..N) has a key and a dataset of their own, both
// deterministic from the sandbox's seed and i, so a study's keys can be listed before the
// server starts (`--print-keys`) and every run serves the same data.
import { createHash } from 'node:crypto';
import { mixSeed } from './prng.ts';

/** At most this many people: keys are held in one map, datasets built on demand. */
export const MAX_USERS = 100_000;

export interface SandboxUser {
  /** 1..N */
  index: number;
  /** `user<i>`: a name to use as a profile. */
  name: string;
  apiKey: string;
}

/** `phd_live_sandbox_user<i>_<16 hex>`: the shape of a dashboard key, plainly a sandbox one. */
export function userKey(seed: number, index: number): string {
  const hex = createHash('sha256')
    .update(`healthdata-sandbox-user:${seed}:${index}`)
    .digest('hex')
    .slice(0, 16);
  return `phd_live_sandbox_user${index}_${hex}`;
}

/** The seed of user i's data: a different person for every i, the same on every run. */
export function userSeed(seed: number, index: number): number {
  return mixSeed(seed, index, 0x75736572);
}

export function sandboxUsers(seed: number, count: number): SandboxUser[] {
  return Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    name: `user${i + 1}`,
    apiKey: userKey(seed, i + 1),
  }));
}

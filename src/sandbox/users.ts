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

/** Who a key's profile says the person is: `user.id`, `user.name` and `user.email`. */
export interface SandboxPerson {
  id: string;
  name: string;
  email: string;
}

/** The demo key's person, as it always was. */
export const DEMO_PERSON: SandboxPerson = {
  id: 'usr_sandbox_demo',
  name: 'Sam Sandbox',
  email: 'sam@example.com',
};

const FIRST = [
  'Alex',
  'Blair',
  'Casey',
  'Dana',
  'Eli',
  'Frankie',
  'Gray',
  'Harper',
  'Indra',
  'Jules',
  'Kai',
  'Lee',
  'Morgan',
  'Noor',
  'Oli',
  'Parker',
  'Quinn',
  'Remy',
  'Sasha',
  'Toni',
];
const LAST = [
  'Abara',
  'Berg',
  'Costa',
  'Dahl',
  'Eze',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Jansen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quispe',
  'Rossi',
  'Silva',
  'Tanaka',
];

/**
 * User i's person: an id from their key (the same key, the same id, on every run) and a name
 * no other of the first 400 users of the sandbox has; an id is never shared.
 */
export function userPerson(seed: number, index: number): SandboxPerson {
  const key = userKey(seed, index);
  const id = createHash('sha256').update(`healthdata-sandbox-person:${key}`).digest('hex');
  const slot = (index - 1 + mixSeed(seed, 0, 0x6e616d65)) % (FIRST.length * LAST.length);
  const first = FIRST[slot % FIRST.length] as string;
  const last = LAST[Math.floor(slot / FIRST.length)] as string;
  return {
    id: `usr_sandbox_${id.slice(0, 16)}`,
    name: `${first} ${last}`,
    email: `user${index}@example.com`,
  };
}

export function sandboxUsers(seed: number, count: number): SandboxUser[] {
  return Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    name: `user${i + 1}`,
    apiKey: userKey(seed, i + 1),
  }));
}

// Two people for profile tests: two sandboxes with their own keys and data, and a config file
// holding bob as the settings without a profile and alice (plus two partial profiles) as
// named profiles.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp.ts';
import { useSandbox } from './sandbox.ts';

export function twoPeople() {
  const KEY_A = 'phd_live_alice_0123456789abcdef';
  const KEY_B = 'phd_live_bob_0123456789abcdef00';
  const alice = useSandbox({ apiKey: KEY_A, seed: 1 });
  const bob = useSandbox({ apiKey: KEY_B, seed: 2 });
  /** A config dir: bob without a profile; alice; alice-keyonly (no URL); carol (no key). */
  const configDir = (): string => {
    const dir = tempDir();
    const file = {
      'api-key': KEY_B,
      'base-url': bob.current.url,
      profiles: {
        alice: { 'api-key': KEY_A, 'base-url': alice.current.url },
        'alice-keyonly': { 'api-key': KEY_A },
        carol: { 'base-url': alice.current.url },
      },
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(file), { mode: 0o600 });
    return dir;
  };
  return { KEY_A, KEY_B, alice, bob, configDir };
}

import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { removeLeftovers } from '../../src/sync/leftovers.ts';
import { tempDir } from '../helpers/cli.ts';

it('removes what a killed sync of this target left, and nothing else', async () => {
  const dir = tempDir();
  const leftovers = [
    '.health.db.0123456789ab.tmp',
    '.health.db.0123456789ab.tmp-journal',
    '.health.db.0123456789ab.tmp-wal',
    '.health.db.0123456789ab.tmp-shm',
    'health.db.sync-lock.abcdef012345',
    'health.db.sync-lock.stale-abcdef012345',
  ];
  const kept = [
    'health.db',
    'health.db.sync-lock', // the live lock: the caller holds it
    '.health.db.notes.tmp',
    '.other.db.0123456789ab.tmp',
    'health.db.sync-lock.backup',
  ];
  for (const name of [...leftovers, ...kept]) writeFileSync(join(dir, name), 'x');
  mkdirSync(join(dir, '.health.db.0123456789ab.tmp.lock'));
  const removed = await removeLeftovers(join(dir, 'health.db'));
  expect(removed.sort()).toEqual([...leftovers, '.health.db.0123456789ab.tmp.lock'].sort());
  expect(readdirSync(dir).sort()).toEqual([...kept].sort());
});

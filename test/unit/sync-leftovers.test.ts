import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { removeLeftovers } from '../../src/sync/leftovers.ts';
import { tempDir } from '../helpers/cli.ts';

// pid 111 is dead, 222 alive, 333 is this process.
const processes = { self: 333, isAlive: (pid: number) => pid !== 111 };

it('removes what a killed sync of this target left, and nothing else', async () => {
  const dir = tempDir();
  const leftovers = [
    '.health.db.0123456789ab.tmp',
    '.health.db.0123456789ab.tmp-journal',
    '.health.db.111.0123456789ab.tmp',
    // our pid, but not a file we made: a dead predecessor's (a container's PID 1)
    '.health.db.333.0123456789ab.tmp',
    'health.db.sync-lock', // an older version's pid lock, whatever pid it names
    '.health.db.0123456789ab.tmp-wal',
    '.health.db.0123456789ab.tmp-shm',
    'health.db.sync-lock.abcdef012345',
    'health.db.sync-lock.stale-abcdef012345',
  ];
  const kept = [
    'health.db',
    '.health.db.sync-lock', // the lock: the caller holds it
    '.health.db.222.0123456789ab.tmp', // a live `metrics -o` of the same file
    '.health.db.notes.tmp',
    '.other.db.0123456789ab.tmp',
    'health.db.sync-lock.backup',
  ];
  for (const name of [...leftovers, ...kept]) writeFileSync(join(dir, name), 'x');
  mkdirSync(join(dir, '.health.db.0123456789ab.tmp.lock'));
  const target = join(dir, 'health.db');
  const removed = await removeLeftovers(target, target, processes);
  expect(removed.sort()).toEqual([...leftovers, '.health.db.0123456789ab.tmp.lock'].sort());
  expect(readdirSync(dir).sort()).toEqual([...kept].sort());
});

it('looks beside the real file, and for an old lock beside the link too', async () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'real'));
  writeFileSync(join(dir, 'real', 'h.csv'), 'x');
  symlinkSync(join(dir, 'real', 'h.csv'), join(dir, 'link.csv'));
  for (const name of [
    'link.csv.sync-lock',
    'real/h.csv.sync-lock',
    'real/.h.csv.111.0123456789ab.tmp',
  ]) {
    writeFileSync(join(dir, name), '1\n');
  }
  const removed = await removeLeftovers(
    join(dir, 'link.csv'),
    join(dir, 'real', 'h.csv'),
    processes,
  );
  expect(removed.sort()).toEqual(
    ['.h.csv.111.0123456789ab.tmp', 'h.csv.sync-lock', 'link.csv.sync-lock'].sort(),
  );
  expect(readdirSync(join(dir, 'real'))).toEqual(['h.csv']);
});

it('an old lock of a target named with a dot is not taken for the lock of another', async () => {
  const dir = tempDir();
  // `.a.db.sync-lock`: the lock of a.db, or an older version's lock of .a.db.
  writeFileSync(join(dir, '.a.db.sync-lock'), '');
  const target = join(dir, '.a.db');
  expect(await removeLeftovers(target, target, processes)).toEqual([]);
  expect(readdirSync(dir)).toEqual(['.a.db.sync-lock']);
});

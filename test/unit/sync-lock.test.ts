import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, lockPathFor, SyncBusyError } from '../../src/sync/lock.ts';
import { readRecords } from '../../src/sync/flat/records.ts';
import { Peekable } from '../../src/sync/peekable.ts';
import { fixedClock, tempDir } from '../helpers/cli.ts';

const signal = new AbortController().signal;
const options = (waitMs = 1000) => ({ clock: fixedClock('2026-01-01'), waitMs, signal });

// A second connection in this process is refused as one in another process is (SQLite tracks
// its own locks per inode); the kernel side, a killed holder, is tested with real processes
// in e2e/sync-process.
describe('the sync lock', () => {
  it('is an empty 0600 file beside the target, kept after release', async () => {
    const target = join(tempDir(), 'a.csv');
    const lock = await acquireLock(target, target, options());
    const path = lockPathFor(target);
    expect(path).toBe(join(target, '..', '.a.csv.sync-lock'));
    expect(statSync(path).size).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    await lock.release();
    await lock.release();
    expect(statSync(path).size).toBe(0);
  });

  it('waits for the holder up to the bound on the injected clock, then names it', async () => {
    const target = join(tempDir(), 'a.csv');
    const first = await acquireLock(target, target, options());
    const clock = fixedClock('2026-01-01');
    const second = acquireLock('typed.csv', target, { ...options(5000), clock });
    await expect(second).rejects.toThrow(SyncBusyError);
    // The holder is this process: /proc/locks names it.
    await expect(second).rejects.toThrow(
      `another sync of typed.csv is running (pid ${process.pid})`,
    );
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5000);
    await first.release();
  });

  it('gets the lock once the holder releases it while waiting', async () => {
    const target = join(tempDir(), 'a.csv');
    const first = await acquireLock(target, target, options());
    const clock = fixedClock('2026-01-01');
    const sleep = clock.sleep;
    clock.sleep = async (ms) => {
      await first.release();
      return sleep(ms);
    };
    const second = await acquireLock(target, target, { ...options(), clock });
    expect(clock.slept).toHaveLength(1);
    await second.release();
  });

  it('a lock file that is not one fails with one line, and is left alone', async () => {
    const target = join(tempDir(), 'a.csv');
    writeFileSync(lockPathFor(target), 'not a database, just some text typed by someone');
    await expect(acquireLock(target, target, options())).rejects.toThrow(
      `cannot lock ${target} with ${lockPathFor(target)}: file is not a database`,
    );
    expect(readFileSync(lockPathFor(target), 'utf8')).toContain('not a database');
  });
});

describe('readRecords', () => {
  it('splits records at newlines outside quotes, with exact byte ranges, across chunks', async () => {
    const dir = tempDir();
    const path = join(dir, 'r.csv');
    const records: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      records.push(
        i % 7 === 0 ? `2026-01-01,"multi\nline ""é""",${i}\n` : `2026-01-01,plain ü,${i}\n`,
      );
    }
    records.push('last,without,newline');
    const text = records.join('');
    writeFileSync(path, text);
    const bytes = Buffer.from(text);
    const handle = await open(path, 'r');
    try {
      const read: string[] = [];
      const reader = new Peekable(readRecords(handle, true));
      for (let r = await reader.take(); r; r = await reader.take()) {
        expect(bytes.subarray(r.start, r.end).toString('utf8')).toBe(r.text);
        read.push(r.text);
      }
      expect(read).toEqual(records);
    } finally {
      await handle.close();
    }
  });
});

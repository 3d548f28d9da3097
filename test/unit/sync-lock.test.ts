import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, lockPathFor, SyncBusyError } from '../../src/sync/lock.ts';
import { Peekable, readRecords } from '../../src/sync/flat/records.ts';
import { fixedClock, tempDir } from '../helpers/cli.ts';

const signal = new AbortController().signal;
const options = (pid: number, alive: (pid: number) => boolean, waitMs = 1000) => ({
  pid,
  isAlive: alive,
  clock: fixedClock('2026-01-01'),
  waitMs,
  signal,
});

describe('the sync lock', () => {
  it('holds the pid, and is removed on release', async () => {
    const target = join(tempDir(), 'a.csv');
    const lock = await acquireLock(
      target,
      options(111, () => true),
    );
    expect(readFileSync(lockPathFor(target), 'utf8')).toBe('111\n');
    await lock.release();
    expect(existsSync(lockPathFor(target))).toBe(false);
  });

  it('waits for a live owner up to the bound, then names it', async () => {
    const target = join(tempDir(), 'a.csv');
    await acquireLock(
      target,
      options(111, () => true),
    );
    const clock = fixedClock('2026-01-01');
    const second = acquireLock(target, { ...options(222, () => true), clock, waitMs: 5000 });
    await expect(second).rejects.toThrow(SyncBusyError);
    await expect(second).rejects.toThrow(`another sync of ${target} is running (pid 111)`);
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5000);
    expect(readFileSync(lockPathFor(target), 'utf8')).toBe('111\n');
  });

  it('gets the lock once the owner releases it while waiting', async () => {
    const target = join(tempDir(), 'a.csv');
    const first = await acquireLock(
      target,
      options(111, () => true),
    );
    const clock = fixedClock('2026-01-01');
    const sleep = clock.sleep;
    clock.sleep = async (ms) => {
      await first.release();
      return sleep(ms);
    };
    const second = await acquireLock(target, { ...options(222, () => true), clock });
    expect(readFileSync(lockPathFor(target), 'utf8')).toBe('222\n');
    await second.release();
  });

  it('takes over the lock of a dead pid, and of a lock file without a pid', async () => {
    const target = join(tempDir(), 'a.csv');
    for (const content of ['999\n', 'garbage']) {
      writeFileSync(lockPathFor(target), content);
      const stale: (number | null)[] = [];
      const lock = await acquireLock(target, {
        ...options(222, (pid) => pid !== 999),
        onStale: (pid) => stale.push(pid),
      });
      expect(readFileSync(lockPathFor(target), 'utf8')).toBe('222\n');
      expect(stale).toEqual([content === '999\n' ? 999 : null]);
      await lock.release();
    }
  });

  it('two takers of one stale lock: exactly one wins', async () => {
    const target = join(tempDir(), 'a.csv');
    writeFileSync(lockPathFor(target), '999\n');
    const results = await Promise.allSettled([
      acquireLock(
        target,
        options(1, (pid) => pid !== 999, 0),
      ),
      acquireLock(
        target,
        options(2, (pid) => pid !== 999, 0),
      ),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
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

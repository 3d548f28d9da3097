import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  removeDeadTemps,
  tempName,
  tempOwner,
  tempPrefix,
} from '../../src/output/target/temp-name.ts';
import { tempDir } from '../helpers/cli.ts';

describe('temp names', () => {
  it('carry the pid, and only this target’s temp names are recognised', () => {
    const name = tempName('steps.csv', 4242);
    expect(name).toMatch(/^\.steps\.csv\.4242\.[0-9a-f]{12}\.tmp$/);
    expect(tempOwner(name, 'steps.csv')).toBe(4242);
    expect(tempOwner(name, 'steps.cs')).toBeUndefined();
    expect(tempOwner('.steps.csv.12.notes.tmp', 'steps.csv')).toBeUndefined();
  });

  it('fit NAME_MAX (255 bytes) for the longest target names, multi-byte ones too', () => {
    for (const name of ['a'.repeat(255), 'é'.repeat(127), '日'.repeat(85)]) {
      const temp = tempName(name, 4294967295);
      expect(Buffer.byteLength(temp)).toBeLessThanOrEqual(255);
      expect(tempOwner(temp, name)).toBe(4294967295);
      expect(tempPrefix(name).startsWith('.')).toBe(true);
    }
  });

  it('removeDeadTemps removes a dead run’s temp file and never a live one’s', async () => {
    const dir = tempDir();
    try {
      const dead = tempName('out.csv', 111);
      const live = tempName('out.csv', 222);
      const other = tempName('other.csv', 111);
      for (const f of [dead, live, other, 'out.csv']) writeFileSync(join(dir, f), 'x');
      mkdirSync(join(dir, 'sub'));
      // Our own pid on a file we did not make: a dead predecessor's (a container's PID 1).
      const reused = tempName('out.csv', 333);
      writeFileSync(join(dir, reused), 'x');
      const processes = { self: 333, isAlive: (pid: number) => pid === 222 || pid === 333 };
      const removed = await removeDeadTemps(dir, 'out.csv', processes);
      expect(removed.sort()).toEqual([dead, reused].sort());
      expect(readdirSync(dir).sort()).toEqual([live, other, 'out.csv', 'sub'].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atomicFile } from '../../src/output/atomic-file.ts';
import { tempDir as makeTempDir } from '../helpers/cli.ts';

// ~20 MB in 100 kB writes: past the size at which written data is flushed in the background.
const chunk = 'é,"x"\n'.repeat(16_000);
const WRITES = 200;

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = makeTempDir();
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('atomicFile', () => {
  it('commits a large export whole, with mode 0600, leaving no temp file', async () => {
    const dir = tempDir();
    const target = join(dir, 'out.csv');
    const file = await atomicFile(target, (await stat(target).catch(() => undefined))?.mode);
    for (let i = 0; i < WRITES; i++) await file.write(chunk);
    expect(() => statSync(target)).toThrow();
    await file.end();
    const text = readFileSync(target, 'utf8');
    expect(text.length).toBe(chunk.length * WRITES);
    expect(text === chunk.repeat(WRITES)).toBe(true);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('discard() after many writes keeps the previous file and its mode', async () => {
    const dir = tempDir();
    const target = join(dir, 'out.csv');
    writeFileSync(target, 'yesterday\n', { mode: 0o640 });
    const file = await atomicFile(target, (await stat(target).catch(() => undefined))?.mode);
    for (let i = 0; i < WRITES; i++) await file.write(chunk);
    await file.discard();
    await file.discard();
    expect(readFileSync(target, 'utf8')).toBe('yesterday\n');
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('a replaced file keeps the mode it had', async () => {
    const dir = tempDir();
    const target = join(dir, 'out.csv');
    writeFileSync(target, 'old\n', { mode: 0o644 });
    const file = await atomicFile(target, (await stat(target).catch(() => undefined))?.mode);
    await file.write('new\n');
    await file.end();
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });
});

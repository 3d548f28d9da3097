// `healthdata sync`: what a wrong command line or a wrong target gets.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { DAY0, freshExport, sync, useDaySandboxes } from '../helpers/sync.ts';

const at = useDaySandboxes();

describe('usage', () => {
  it('needs a known extension or --format', async () => {
    const result = await sync(at(DAY0), DAY0, join(tempDir(), 'health.txt'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot tell the format of');
    expect(result.stderr).toContain('--format');
  });

  it('--format names the format of any file name', async () => {
    const target = join(tempDir(), 'health.txt');
    expect((await sync(at(DAY0), DAY0, target, ['--format', 'jsonl'])).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(await freshExport(at(DAY0), DAY0, 'ndjson'));
  });

  it('-f is --format, as in the other data commands', async () => {
    const target = join(tempDir(), 'health.out');
    expect((await sync(at(DAY0), DAY0, target, ['-f', 'tsv'])).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(await freshExport(at(DAY0), DAY0, 'tsv'));
  });

  it('refuses a file it did not write, and leaves it alone', async () => {
    const target = join(tempDir(), 'notes.csv');
    writeFileSync(target, 'name,value\nx,1\n');
    const result = await sync(at(DAY0), DAY0, target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the target's first line is not the header sync writes");
    expect(readFileSync(target, 'utf8')).toBe('name,value\nx,1\n');
  });

  it('rejects a bad --overlap', async () => {
    const result = await sync(at(DAY0), DAY0, join(tempDir(), 'a.csv'), ['--overlap', 'three']);
    expect(result.code).toBe(2);
    // One natural line, like the other option errors: no "is invalid.", no stray full stop.
    expect(result.stderr).toBe(
      "healthdata: error: --overlap must be a number of days from 0d to 365d (e.g. 3d), not 'three' (see 'healthdata sync --help')\n",
    );
  });
});

describe('bad targets fail before any request', () => {
  it.each([
    ['a directory', () => tempDir(), /is a directory — give a file name/],
    [
      'a missing directory',
      () => join(tempDir(), 'no', 'such', 'health.csv'),
      /^healthdata: error: cannot write .*\/no\/such\/health\.csv: the directory .*\/no\/such does not exist \(ENOENT\)\n$/,
    ],
  ])('%s', async (_what, path, message) => {
    const s = at(DAY0);
    const mark = s.requests.length;
    const target = path();
    const result = await sync(s, DAY0, target, ['--format', 'csv']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(s.requests.length).toBe(mark);
  });
});

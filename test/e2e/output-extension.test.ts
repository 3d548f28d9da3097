// `-o <file>` without `-f`: the file's extension names the format, so `-o steps.json` never
// holds CSV. `-f` still wins, and a name with no known extension gets the piped default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const args = ['-m', 'steps_total', '--from', '10d', '-q'];
const cli = (extra: string[]) =>
  runCli(['metrics', ...sandbox.args(), ...args, ...extra], { clock });

async function exported(name: string, extra: string[] = []): Promise<string> {
  const file = join(tempDir(), name);
  const result = await cli(['-o', file, ...extra]);
  expect(result.code).toBe(0);
  expect(result.stdout).toBe('');
  return readFileSync(file, 'utf8');
}

async function piped(format: string): Promise<string> {
  const result = await cli(['-f', format]);
  expect(result.code).toBe(0);
  return result.stdout;
}

describe('-o names the format by its extension', () => {
  it.each([
    ['steps.json', 'json'],
    ['steps.ndjson', 'ndjson'],
    ['steps.JSONL', 'ndjson'],
    ['steps.tsv', 'tsv'],
    ['steps.csv', 'csv'],
    ['steps.out', 'csv'],
    ['steps', 'csv'],
  ])('%s is written as %s', async (name, format) => {
    expect(await exported(name)).toBe(await piped(format));
  });

  it('-f wins over the extension', async () => {
    expect(await exported('steps.json', ['-f', 'csv'])).toBe(await piped('csv'));
  });
});

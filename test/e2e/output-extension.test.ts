// `-o <file>` without `-f`: the file's extension names the format, so `-o steps.json` never
// holds CSV. `-f` still wins, and a name with no known extension gets the piped default, with
// a warning when it has an extension (`-o export.txt`; a spreadsheet workbook name is refused:
// spreadsheets.test.ts).
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

  it('says so when -f writes another format than the name says, and not when they agree', async () => {
    const file = join(tempDir(), 'steps.json');
    const run = await runCli(
      ['metrics', ...sandbox.args(), '-m', 'steps_total', '--from', '10d', '-f', 'csv', '-o', file],
      { clock },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `warning: -o ${file}: the name says json, but -f csv writes csv into it\n`,
    );
    const agree = await runCli(
      [
        'metrics',
        ...sandbox.args(),
        '-m',
        'steps_total',
        '--from',
        '10d',
        '-f',
        'ndjson',
        '-o',
        join(tempDir(), 's.jsonl'),
      ],
      { clock },
    );
    expect(agree.stderr).not.toContain('the name says');
  });

  it('refuses an empty name', async () => {
    const run = await cli(['-o', '']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^healthdata: error: --output is empty — give a file name, or '-' for stdout/,
    );
  });
});

describe('an extension that names no format', () => {
  const loud = (command: string, name: string, extra: string[] = []) => {
    const file = join(tempDir(), name);
    const run = runCli([command, ...sandbox.args(), '-o', file, ...extra], { clock });
    return { file, run };
  };
  const warning = (file: string, ext: string, format: string) =>
    `warning: -o ${file}: ${ext} is not a format healthdata writes, so the file holds ${format} — choose one with -f (table, json, ndjson, csv, tsv)\n`;

  it('still gets the piped default, and one warning names the extension and the format', async () => {
    const metrics = loud('metrics', 'export.txt', ['-m', 'steps_total', '--from', '10d']);
    const result = await metrics.run;
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(warning(metrics.file, '.txt', 'csv'));
    expect(readFileSync(metrics.file, 'utf8')).toBe(await piped('csv'));
    // A document's piped default is json: the warning says what was really written.
    const profile = loud('profile', 'me.txt');
    expect((await profile.run).stderr).toBe(warning(profile.file, '.txt', 'json'));
    expect(JSON.parse(readFileSync(profile.file, 'utf8'))).toHaveProperty('user');
    const summary = loud('summary', 'sum.Out', ['-m', 'steps', '--from', '10d']);
    expect((await summary.run).stderr).toBe(warning(summary.file, '.Out', 'csv'));
  });

  it('is quiet with -f, with --quiet, with a known extension or with none', async () => {
    for (const [name, extra] of [
      ['export.txt', ['-f', 'csv']],
      ['export.txt', ['--quiet']],
      ['export.JSONL', []],
      ['export', []],
      ['.export', []],
    ] as const) {
      const { run } = loud('metrics', name, ['-m', 'steps_total', '--from', '10d', ...extra]);
      const result = await run;
      expect({ name, extra, code: result.code, stderr: result.stderr }).toEqual({
        name,
        extra,
        code: 0,
        stderr: '',
      });
    }
  });
});

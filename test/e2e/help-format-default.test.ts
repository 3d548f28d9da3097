// What -f's help says the piped default is must be what each command writes to a pipe.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const PIPED = [
  ['metrics', 'csv'],
  ['summary', 'csv'],
  ['catalog', 'json'],
  ['sources', 'csv'],
  ['profile', 'json'],
] as const;

describe('-f help', () => {
  it.each(PIPED)(
    '%s: help names %s as the piped default, and a pipe gets it',
    async (command, format) => {
      const help = await runCli([command, '--help']);
      expect(help.stdout.replace(/\s+/g, ' ')).toContain(
        `the -o file's extension, else ${format})`,
      );
      const piped = await runCli(
        [command, '--demo', '-q', '--limit', '3'].filter(
          (a) => command === 'metrics' || (a !== '--limit' && a !== '3'),
        ),
      );
      expect(piped.code, piped.stderr).toBe(0);
      const text = piped.stdout.trimStart();
      if (format === 'json') expect(() => JSON.parse(text)).not.toThrow();
      else expect(text.split('\n')[0]).toMatch(/^[A-Za-z_]+(,[A-Za-z_]+)+$/);
    },
  );
});

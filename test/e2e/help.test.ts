// Help for people: the full help on a bare command, examples on every command, one parenthesis
// per description, and footers wrapped at words to the width.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const COMMANDS = [
  ['metrics'],
  ['summary'],
  ['daily'],
  ['chart'],
  ['report'],
  ['catalog'],
  ['sources'],
  ['profile'],
  ['status'],
  ['config'],
  ['config', 'set'],
  ['config', 'get'],
  ['config', 'unset'],
  ['config', 'list'],
  ['config', 'path'],
  ['sandbox'],
  ['completion'],
];

describe('help', () => {
  it('a bare healthdata prints the full help with its footer (stderr, exit 2)', async () => {
    const { code, stdout, stderr } = await runCli([]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('Commands:');
    expect(stderr).toContain('Exit codes: 0 ok');
    expect(stderr).toMatch(/Examples:\n {2}healthdata /);
  });

  it.each(COMMANDS)('%s %s ends with two or three examples', async (...words) => {
    const { code, stdout } = await runCli([...words.filter(Boolean), '--help']);
    expect(code).toBe(0);
    const examples = stdout.trimEnd().split('Examples:\n').at(-1)?.split('\n') ?? [];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.length).toBeLessThanOrEqual(3);
    for (const line of examples) expect(line).toMatch(/^ {2}(echo '.*)?healthdata /);
  });

  it('never doubles parentheses', async () => {
    for (const words of [[], ...COMMANDS]) {
      const { stdout } = await runCli([...words, '--help'], { env: { COLUMNS: '200' } });
      expect(stdout).not.toMatch(/\) \(/);
    }
  });

  it('fits every help, examples included, in 80 columns by default', async () => {
    for (const words of [[], ...COMMANDS, ['sync'], ['mcp']]) {
      const { stdout } = await runCli([...words, '--help']);
      const long = stdout.split('\n').filter((l) => l.length > 80);
      expect(long, words.join(' ')).toEqual([]);
    }
  });

  it('wraps the footer at words to COLUMNS', async () => {
    const { stdout } = await runCli(['--help'], { env: { COLUMNS: '60' } });
    const prose = stdout.split('\n').filter((l) => !l.startsWith('  '));
    for (const line of prose) expect(line.length).toBeLessThanOrEqual(60);
    expect(stdout).toContain('Settings are taken from a flag, else the environment\n');
  });

  it('says in the top-level help how to pick a named profile', async () => {
    const { stdout } = await runCli(['--help'], { env: { COLUMNS: '200' } });
    expect(stdout).toContain('--profile NAME or HEALTHDATA_PROFILE=NAME picks one');
  });

  it('--api-key says the key is visible in ps, and where to put it instead', async () => {
    for (const words of [['metrics'], ['summary'], ['sync'], ['status'], ['mcp']]) {
      const { stdout } = await runCli([...words, '--help'], { env: { COLUMNS: '200' } });
      expect(stdout, words.join(' ')).toMatch(
        /--api-key <key> +API key; visible to other users in ps: prefer HEALTHDATA_API_KEY or 'healthdata config set api-key'\n/,
      );
    }
  });
});

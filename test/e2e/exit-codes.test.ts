// Every exit code, with the one-line error a user sees.
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox();
const clock = fixedClock(TODAY);

function oneErrorLine(stderr: string): string {
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  return lines[0] ?? '';
}

describe('exit 0', () => {
  it('for a successful command, --help and --version', async () => {
    expect((await runCli(['metrics', ...sandbox.args(), '--from', '1d'], { clock })).code).toBe(0);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: healthdata');
    const version = await runCli(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });
});

describe('exit 2: usage errors', () => {
  const cases: [string, string[], RegExp][] = [
    ['an unknown option', ['metrics', '--frobnicate'], /unknown option '--frobnicate'/],
    ['an unknown command', ['metrix'], /unknown command 'metrix'.*metrics/],
    [
      'a bad date',
      ['metrics', '--from', '2026-02-30'],
      /--from '2026-02-30' is not a real calendar date/,
    ],
    [
      'from after to',
      ['metrics', '--from', '2026-05-01', '--to', '2026-04-01'],
      /--from 2026-05-01 is after --to 2026-04-01/,
    ],
    [
      'from after to, in report',
      ['report', '--from', '2026-05-01', '--to', '2026-04-01'],
      /--from 2026-05-01 is after --to 2026-04-01 — swap them, or widen the range/,
    ],
    [
      'a page size over 1000',
      ['metrics', '--page-size', '1001'],
      /^healthdata: error: --page-size must be a whole number from 1 to 1000, not '1001' \(see 'healthdata metrics --help'\)\n$/,
    ],
    [
      'a bad format',
      ['metrics', '-f', 'xml'],
      /^healthdata: error: unknown format 'xml' — use one of table, json, ndjson, csv, tsv, fhir, fhir-bundle \(see/,
    ],
    [
      'a bad limit',
      ['metrics', '--limit', '0'],
      /^healthdata: error: --limit must be a whole number 1 or more, not '0' \(see/,
    ],
    [
      'a bad timeout',
      ['metrics', '--timeout', 'soon'],
      /^healthdata: error: --timeout must be a number of seconds from 0.1 to 3600, not 'soon' \(see/,
    ],
    ['an excess argument', ['catalog', 'extra'], /too many arguments/],
    ['a bad config key', ['config', 'get', 'colour'], /unknown config key 'colour'/],
  ];
  for (const [what, argv, message] of cases) {
    it(`for ${what}`, async () => {
      const { code, stderr, stdout } = await runCli([...argv, ...sandboxArgs(argv)], { clock });
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(oneErrorLine(stderr)).toMatch(/^healthdata: error: /);
      expect(stderr).toMatch(message);
    });
  }

  it('for a missing base URL, saying how to set it, before any request', async () => {
    const { code, stderr } = await runCli(['metrics', '--api-key', 'phd_live_x'], { env: {} });
    expect(code).toBe(2);
    expect(oneErrorLine(stderr)).toContain(
      "HEALTHDATA_BASE_URL, or run 'healthdata config set base-url",
    );
  });

  it('with no command at all, printing help to stderr', async () => {
    const { code, stderr, stdout } = await runCli([]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('Usage: healthdata');
  });
});

describe('exit 3: authentication', () => {
  it('for a missing key, before any request', async () => {
    const mark = sandbox.current.requests.length;
    const { code, stderr } = await runCli(['metrics', '--base-url', sandbox.current.url]);
    expect(code).toBe(3);
    expect(oneErrorLine(stderr)).toContain("run 'healthdata config set api-key'");
    expect(sandbox.current.requests.length).toBe(mark);
  });

  it('for a key the API rejects (401), on every command', async () => {
    for (const command of ['metrics', 'catalog', 'sources', 'profile']) {
      const { code, stderr } = await runCli([
        command,
        '--base-url',
        sandbox.current.url,
        '--api-key',
        'phd_live_wrong_key_000000000',
      ]);
      expect(code).toBe(3);
      expect(oneErrorLine(stderr)).toMatch(
        /^healthdata: error: the API rejected the key from --api-key \(401\).* — check the key you pass with --api-key$/,
      );
      expect(stderr).not.toContain('phd_live_wrong_key_000000000');
    }
  });
});

describe('exit 1: API, network and server failures', () => {
  it('for a server that keeps failing', async () => {
    const failing = await startSandbox({ today: TODAY, failRate: 1 });
    try {
      const { code, stderr } = await runCli(
        ['metrics', '--base-url', failing.url, '--api-key', failing.apiKey, '--retries', '1'],
        { clock },
      );
      expect(code).toBe(1);
      expect(oneErrorLine(stderr)).toMatch(/the server failed \(503\).*gave up after 1 retry/);
      expect(failing.requests).toHaveLength(2);
    } finally {
      await failing.close();
    }
  });

  it('for a server that is not there', async () => {
    const gone = await startSandbox({ today: TODAY });
    const url = gone.url;
    await gone.close();
    const { code, stderr } = await runCli([
      'profile',
      '--base-url',
      url,
      '--api-key',
      'phd_live_x',
      '--retries',
      '0',
    ]);
    expect(code).toBe(1);
    expect(oneErrorLine(stderr)).toContain('connection refused');
  });

  it('for an API error the server explains (400), quoting its message', async () => {
    // A base URL with a path prefix the sandbox does not serve gives a 404 on every endpoint.
    const { code, stderr } = await runCli([
      'catalog',
      '--base-url',
      `${sandbox.current.url}/nope`,
      '--api-key',
      sandbox.current.apiKey,
    ]);
    expect(code).toBe(1);
    expect(oneErrorLine(stderr)).toMatch(/not found \(404\).*check the base URL/);
  });

  it('shows a stack trace only with --verbose', async () => {
    const quiet = await runCli([
      'profile',
      '--base-url',
      'http://127.0.0.1:9',
      '--api-key',
      'phd_live_x',
      '--retries',
      '0',
    ]);
    expect(quiet.stderr).not.toMatch(/\n\s+at /);
    const verbose = await runCli([
      'profile',
      '--base-url',
      'http://127.0.0.1:9',
      '--api-key',
      'phd_live_x',
      '--retries',
      '0',
      '--verbose',
    ]);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });
});

function sandboxArgs(argv: string[]): string[] {
  return argv[0] === 'metrics' || argv[0] === 'catalog' ? sandbox.args() : [];
}

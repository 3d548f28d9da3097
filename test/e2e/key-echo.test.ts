// A server that echoes the key back, everywhere it can (row values, names, units, meta.plan,
// history_floor, error bodies, catalog, sources, profile), raw and spelled with needless JSON
// escapes, against the built CLI with the key in the config file (the README's setup): the key
// reaches no stdout, no stderr and no file. And one that echoes every key it could know
// (every profile's, the one without a profile, the environment's) into one person's data:
// none of them reaches that person's output, files, database, dataset or MCP answers.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { duckRows } from '../helpers/dataset.ts';
import { spawnedServer } from '../helpers/mcp.ts';
import { sqliteRows } from '../helpers/sync.ts';
import { hostileApi } from '../helpers/untrusted-api.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { API_KEY, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();

/** The key as JSON would spell it with needless escapes: decodes to the key itself. */
const spelledKey = (key: string): string => key.replace(/_/g, '\\u005f').replace(/e/g, '\\u0065');

/** A config directory holding the base URL and the key, as `healthdata config set` leaves it. */
function configDir(baseUrl: string): string {
  const dir = tempDir('healthdata-config-');
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ 'base-url': baseUrl, 'api-key': API_KEY }),
    {
      mode: 0o600,
    },
  );
  return dir;
}

function expectNoKey(what: string, text: string): void {
  expect(text, what).not.toContain(API_KEY);
  // Nor anything that decodes to it.
  expect(text, what).not.toContain(spelledKey(API_KEY));
  expect(text, what).not.toContain('phd_live_testkey');
}

describe('a server that echoes the key, with the key in the config file', () => {
  it('never gets the key into stdout, stderr or a file, whatever the command', async () => {
    const server = await serve(hostileApi((key) => ({ text: key, spelled: spelledKey(key) })));
    const env = { HEALTHDATA_CONFIG_DIR: configDir(server.url) };
    const out = tempDir();
    const runs: [string[], number][] = [
      [['metrics'], 0],
      [['metrics', '-f', 'json', '--verbose'], 0],
      [['metrics', '-f', 'ndjson', '-o', join(out, 'rows.ndjson')], 0],
      [['metrics', '-o', join(out, 'rows.csv')], 0],
      [['metrics', '-m', 'bad'], 1],
      [['metrics', '-p', 'fail', '--retries', '0'], 1],
      [['summary', '--verbose'], 0],
      [['summary', '-f', 'json', '-o', join(out, 'summary.json')], 0],
      [['chart', 'steps'], 0],
      [['catalog', '-f', 'json'], 0],
      [['catalog', '-f', 'table'], 0],
      [['sources', '--verbose'], 0],
      [['profile', '-f', 'table', '--verbose'], 0],
      [['status'], 0],
      [['status', '-f', 'json'], 0],
      [['sync', join(out, 'sync.csv'), '--verbose'], 0],
      [['sync', join(out, 'sync.ndjson')], 0],
    ];
    for (const [args, code] of runs) {
      const result = await spawnCli(args, { env });
      const what = args.join(' ');
      expect(result.code, `${what}: ${result.stderr}`).toBe(code);
      expectNoKey(`${what} stdout`, result.stdout);
      expectNoKey(`${what} stderr`, result.stderr);
    }
    // The sync's lock file is kept (empty) by design: it holds no text.
    const files = readdirSync(out).filter((n) => !n.endsWith('.sync-lock'));
    expect(files.sort()).toEqual([
      'rows.csv',
      'rows.ndjson',
      'summary.json',
      'sync.csv',
      'sync.ndjson',
    ]);
    for (const name of files) expectNoKey(name, readFileSync(join(out, name), 'utf8'));
    // It was there to leak: the server did echo it, and the output says where it was.
    expect(readFileSync(join(out, 'rows.csv'), 'utf8')).toContain('[REDACTED]');
  });

  it('names the field of a bad row with the value redacted', async () => {
    const server = await serve(hostileApi((key) => ({ text: key })));
    const result = await spawnCli(['metrics', '-m', 'bad'], {
      env: { HEALTHDATA_CONFIG_DIR: configDir(server.url) },
    });
    expect(result.code).toBe(1);
    // The row guard drops the row, naming the field; the value echoed is never shown.
    expect(result.stderr).toMatch(/dropped \d+ rows? that breaks? the API spec/);
    expectNoKey('stderr', result.stderr);
  });
});

describe("a server that echoes everyone's keys into one person's data", () => {
  const ALICE = 'phd_live_alice_0123456789abcdef';
  const BOB = 'phd_live_bob_0123456789abcdef00';
  const TOP = 'phd_live_top_fedcba9876543210';
  const ENV = 'phd_live_env_00112233445566778899';
  const ALL = [ALICE, BOB, TOP, ENV];

  /** A config file with alice, bob and a key without a profile, all on the one hostile server. */
  function study(baseUrl: string): string {
    const dir = tempDir('healthdata-config-');
    const file = {
      'api-key': TOP,
      'base-url': baseUrl,
      profiles: { alice: { 'api-key': ALICE }, bob: { 'api-key': BOB } },
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(file), { mode: 0o600 });
    return dir;
  }

  function expectNoneOf(what: string, text: string): void {
    for (const key of ALL) {
      expect(text, what).not.toContain(key);
      expect(text, what).not.toContain(spelledKey(key));
    }
  }

  it("bob's metrics, sync to csv, SQLite and Parquet (read back) and MCP answers hold none", async () => {
    // Each request gets every key, whatever key it carried: in rows, names, units, errors.
    const server = await serve(
      hostileApi(() => ({ text: ALL.join(' '), spelled: ALL.map(spelledKey).join(' ') })),
    );
    const env = { HEALTHDATA_CONFIG_DIR: study(server.url), HEALTHDATA_API_KEY: ENV };
    const out = tempDir();
    const bob = ['--profile', 'bob'];
    const runs: [string[], number][] = [
      [['metrics', ...bob, '-f', 'csv'], 0],
      [['metrics', ...bob, '-f', 'json', '--verbose'], 0],
      [['metrics', ...bob, '-f', 'ndjson'], 0],
      [['metrics', ...bob, '-f', 'table'], 0],
      [['metrics', ...bob, '-p', 'fail', '--retries', '0'], 1],
      [['catalog', ...bob, '-f', 'json'], 0],
      [['profile', ...bob, '-f', 'json'], 0],
      [['status', ...bob, '-f', 'json'], 0],
      [['sync', join(out, 'bob.csv'), ...bob], 0],
      [['sync', join(out, 'bob.db'), ...bob], 0],
      [['sync', join(out, 'study'), '--format', 'parquet', ...bob], 0],
      [['report', ...bob, '-o', join(out, 'report.html')], 0],
    ];
    for (const [args, code] of runs) {
      const result = await spawnCli(args, { env });
      const what = args.join(' ');
      expect(result.code, `${what}: ${result.stderr}`).toBe(code);
      expectNoneOf(`${what} stdout`, result.stdout);
      expectNoneOf(`${what} stderr`, result.stderr);
      if (args.includes('csv')) expect(result.stdout).toContain('[REDACTED]');
    }
    for (const name of ['bob.csv', 'report.html']) {
      expectNoneOf(name, readFileSync(join(out, name), 'utf8'));
    }
    expect(readFileSync(join(out, 'bob.csv'), 'utf8')).toContain('[REDACTED]');
    // The database and the dataset as their readers see them: the rows are there, keys not.
    const stored = JSON.stringify(sqliteRows(join(out, 'bob.db')));
    expect(stored).toContain('[REDACTED]');
    expectNoneOf('bob.db', stored);
    expectNoneOf('bob.db bytes', readFileSync(join(out, 'bob.db'), 'latin1'));
    // A file an older healthdata synced (it hid only the key in use) may hold others' keys:
    // a report read from it hides them as it reads.
    execFileSync('/usr/bin/sqlite3', [
      join(out, 'bob.db'),
      `UPDATE metrics SET textValue = '${ALICE} was here', provider = '${TOP}' WHERE metric = 'mood'`,
    ]);
    const fromDb = join(out, 'from-db.html');
    const report = await spawnCli(['report', '--from-db', join(out, 'bob.db'), '-o', fromDb], {
      env,
    });
    expect(report.code, report.stderr).toBe(0);
    expectNoneOf('report --from-db', readFileSync(fromDb, 'utf8') + report.stderr);
    expect(readFileSync(fromDb, 'utf8')).toContain('[REDACTED]');
    const dataset = await duckRows(join(out, 'study'));
    expect(Object.keys(dataset)).toEqual(['bob']);
    expect(JSON.stringify(dataset)).toContain('[REDACTED]');
    expectNoneOf('dataset', JSON.stringify(dataset));

    const mcp = await spawnedServer(bob, env);
    try {
      for (const [tool, args] of [
        ['query_metrics', { from: '2026-11-19' }],
        ['list_metrics', {}],
        ['get_profile', {}],
        ['list_sources', {}],
        ['query_metrics', { from: '2026-11-19', providers: ['fail'] }],
      ] as const) {
        const got = await mcp.call(tool, args);
        expectNoneOf(`mcp ${tool}`, JSON.stringify(got));
      }
      expectNoneOf('mcp stderr', mcp.stderr());
    } finally {
      await mcp.close();
    }
  });
});

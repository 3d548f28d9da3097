// A time-series sync that fails records nothing as sent, so the next run sends it all again:
// the database down (connection refused), answering 500, too slow (--timeout), and the CLI
// killed in the middle of a push. Tiny loopback servers stand in for the database: the faults
// are theirs to make. The token is sent, and never printed.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { spawnCli, until } from '../helpers/spawn.ts';
import { closedPort, fail, hang, useTestServers, type Handler } from '../helpers/test-server.ts';

const TOKEN = 'influx-secret-token-0123456789';
const accept: Handler = (_req, res) => {
  res.writeHead(204);
  res.end();
};

describe('a failed push records nothing', () => {
  const sandbox = useSandbox();
  const servers = useTestServers();

  const stateIn = (config: string): string[] =>
    existsSync(join(config, 'sync-state'))
      ? readdirSync(join(config, 'sync-state')).filter((f) => f.endsWith('.json'))
      : [];

  /** A run, then a run against a database that accepts: it must send every day again. */
  async function failsThenResends(url: string, args: string[] = []): Promise<string> {
    const config = tempDir('healthdata-config-');
    const env = { HEALTHDATA_CONFIG_DIR: config, HEALTHDATA_INFLUX_TOKEN: TOKEN };
    const failed = await runCli(['sync', `influx+${url}/write?db=h`, ...sandbox.args(), ...args], {
      env,
    });
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim().split('\n').at(-1)).toMatch(
      /^healthdata: error: influx\+http:.*nothing was recorded as sent$/,
    );
    expect(failed.stderr + failed.stdout).not.toContain(TOKEN);
    expect(stateIn(config)).toEqual([]);
    const good = await servers(accept);
    const retry = await runCli(['sync', `influx+${good.url}/write?db=h`, ...sandbox.args()], {
      env,
    });
    expect(retry.code).toBe(0);
    expect(retry.stderr).toMatch(/: (\d+) days read, \1 days sent/);
    expect(good.requests[0]?.headers['authorization']).toBe(`Token ${TOKEN}`);
    expect(good.requests[0]?.headers['content-encoding']).toBe('gzip');
    return failed.stderr;
  }

  it('the database down: exit 1, connection refused', async () => {
    const stderr = await failsThenResends(`http://127.0.0.1:${await closedPort()}`);
    expect(stderr).toContain('connection refused');
  });

  it('the database answering 500: exit 1, its words in the line', async () => {
    const db = await servers(fail(500, '{"error":"engine: disk full"}'));
    const stderr = await failsThenResends(db.url);
    expect(stderr).toContain('answered 500: {"error":"engine: disk full"}');
  });

  it('the database too slow: exit 1 after --timeout', async () => {
    const db = await servers(hang);
    const stderr = await failsThenResends(db.url, ['--timeout', '0.5']);
    expect(stderr).toContain('timed out after 0.5 s');
  });

  it('killed in the middle of a push: the next run sends it all again', async () => {
    const config = tempDir('healthdata-config-');
    const env = { HEALTHDATA_CONFIG_DIR: config };
    // The first batch is taken, the second never answered: the kill lands mid-push.
    const db = await servers([accept, hang]);
    let pid: number | undefined;
    const run = spawnCli(['sync', `influx+${db.url}/write?db=h`, ...sandbox.args()], {
      env,
      onStart: (child) => (pid = child.pid),
    });
    await until(() => db.requests.length >= 2, 30_000);
    process.kill(pid as number, 'SIGKILL');
    expect((await run).signal).toBe('SIGKILL');
    expect(stateIn(config)).toEqual([]);
    const good = await servers(accept);
    const retry = await runCli(['sync', `influx+${good.url}/write?db=h`, ...sandbox.args()], {
      env,
    });
    expect(retry.code).toBe(0);
    expect(retry.stderr).toMatch(/: (\d+) days read, \1 days sent/);
    expect(good.requests.length).toBe(2);
  });

  it('InfluxDB 2/3: /api/v2/write with org and bucket, the token from HEALTHDATA_INFLUX_TOKEN', async () => {
    const db = await servers(accept);
    const env = {
      HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
      HEALTHDATA_INFLUX_TOKEN: TOKEN,
    };
    const run = await runCli(
      [
        'sync',
        `influx+${db.url}/api/v2/write?org=home&bucket=health`,
        ...sandbox.args(),
        '--verbose',
      ],
      { env },
    );
    expect(run.code).toBe(0);
    expect(db.requests[0]?.url).toBe('/api/v2/write?org=home&bucket=health');
    expect(db.requests.every((r) => r.headers['authorization'] === `Token ${TOKEN}`)).toBe(true);
    expect(run.stderr + run.stdout).not.toContain(TOKEN);
  });

  it('a database that refuses gzip (415) gets the lines uncompressed', async () => {
    const db = await servers((req, res) => {
      res.writeHead(req.headers['content-encoding'] === 'gzip' ? 415 : 204);
      res.end();
    });
    const env = { HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-') };
    const run = await runCli(['sync', `influx+${db.url}/write?db=h`, ...sandbox.args()], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(db.requests.map((r) => r.headers['content-encoding'] ?? 'identity')).toEqual([
      'gzip',
      'identity',
      'identity',
    ]);
  });

  it('the token from the config file (config set influx-token), shown only redacted', async () => {
    const db = await servers(accept);
    const env = { HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-') };
    const set = await runCli(['config', 'set', 'influx-token'], { env, stdin: `${TOKEN}\n` });
    expect(set.code, set.stderr).toBe(0);
    const list = await runCli(['config', 'list'], { env });
    expect(list.stdout).toContain('influx-token');
    const run = await runCli(['sync', `influx+${db.url}/write?db=h`, ...sandbox.args()], { env });
    expect(run.code).toBe(0);
    expect(db.requests[0]?.headers['authorization']).toBe(`Token ${TOKEN}`);
    for (const r of [set, list, run]) expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('one sync of a URL at a time: a second waits --wait, then exit 1 naming the target', async () => {
    const config = tempDir('healthdata-config-');
    const env = { HEALTHDATA_CONFIG_DIR: config };
    const db = await servers(hang);
    const target = `influx+${db.url}/write?db=h`;
    let pid: number | undefined;
    const first = spawnCli(['sync', target, ...sandbox.args()], {
      env,
      onStart: (child) => (pid = child.pid),
    });
    await until(() => db.requests.length >= 1, 30_000);
    // The same database under another password is the same target.
    const other = target.replace('db=h', 'db=h&p=s3cret-0123456789');
    const second = await runCli(['sync', other, ...sandbox.args(), '--wait', '0'], { env });
    process.kill(pid as number, 'SIGKILL');
    await first;
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`another sync of ${target} is running`);
    expect(second.stderr).not.toContain('s3cret');
  });
});

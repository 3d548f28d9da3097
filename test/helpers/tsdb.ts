// Real time-series databases for the line-protocol tests, one per test file (beforeAll), on
// 127.0.0.1 free ports, in a temp dir, stopped by pid in afterAll: Debian's victoria-metrics
// and influxd (1.6). Each is waited for on its own health endpoint, never on a fixed sleep.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { closedPort } from './test-server.ts';
import { tempDir } from './temp.ts';

export interface Tsdb {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The sync target for database/bucket `db`. */
  target(db: string): string;
  get(path: string, query?: Record<string, string>): Promise<string>;
  post(path: string, body: string, query?: Record<string, string>): Promise<number>;
}

async function waitUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the database exited: ${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the database did not come up: ${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function started(command: string, args: string[]): { child: ChildProcess; log: () => string } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (b: Buffer) => (log = (log + b.toString()).slice(-4000)));
  child.stderr?.on('data', (b: Buffer) => (log = (log + b.toString()).slice(-4000)));
  return { child, log: () => log };
}

function client(url: string, target: (db: string) => string): Tsdb {
  const address = (path: string, query: Record<string, string> = {}): string =>
    `${url}${path}${Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''}`;
  return {
    url,
    target,
    async get(path, query) {
      const res = await fetch(address(path, query));
      const text = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
      return text;
    },
    async post(path, body, query) {
      const res = await fetch(address(path, query), { method: 'POST', body });
      await res.text();
      return res.status;
    },
  };
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(child.pid as number, 'SIGKILL');
  });
}

/** VictoriaMetrics for this file. */
export function useVictoriaMetrics(): { readonly current: Tsdb } {
  const holder: { db?: Tsdb; child?: ChildProcess } = {};
  beforeAll(async () => {
    const port = await closedPort();
    const { child, log } = started('/usr/bin/victoria-metrics', [
      `-httpListenAddr=127.0.0.1:${port}`,
      `-storageDataPath=${tempDir('healthdata-vm-')}`,
      '-retentionPeriod=100y',
      '-search.disableCache',
      '-loggerLevel=ERROR',
    ]);
    holder.child = child;
    const url = `http://127.0.0.1:${port}`;
    await waitUp(`${url}/health`, child, log);
    holder.db = client(url, (db) => `influx+${url}/write?db=${encodeURIComponent(db)}`);
  }, 60_000);
  afterAll(() => stop(holder.child));
  return {
    get current(): Tsdb {
      if (!holder.db) throw new Error('VictoriaMetrics not started');
      return holder.db;
    },
  };
}

/** InfluxDB 1.x for this file. */
export function useInfluxDb(): { readonly current: Tsdb } {
  const holder: { db?: Tsdb; child?: ChildProcess } = {};
  beforeAll(async () => {
    const dir = tempDir('healthdata-influxd-');
    const [http, rpc] = [await closedPort(), await closedPort()];
    const config = join(dir, 'influxdb.conf');
    writeFileSync(
      config,
      `reporting-disabled = true
bind-address = "127.0.0.1:${rpc}"
[meta]
  dir = "${dir}/meta"
[data]
  dir = "${dir}/data"
  wal-dir = "${dir}/wal"
  query-log-enabled = false
[http]
  bind-address = "127.0.0.1:${http}"
  log-enabled = false
[monitor]
  store-enabled = false
[continuous_queries]
  enabled = false
`,
    );
    const { child, log } = started('/usr/bin/influxd', ['run', '-config', config]);
    holder.child = child;
    const url = `http://127.0.0.1:${http}`;
    await waitUp(`${url}/ping`, child, log);
    holder.db = client(url, (db) => `influx+${url}/write?db=${encodeURIComponent(db)}`);
  }, 60_000);
  afterAll(() => stop(holder.child));
  return {
    get current(): Tsdb {
      if (!holder.db) throw new Error('InfluxDB not started');
      return holder.db;
    },
  };
}

/** VictoriaMetrics' export of `match` as {labels, values, timestamps} lines. */
export interface VmSeries {
  metric: Record<string, string>;
  values: number[];
  timestamps: number[];
}

export async function vmExport(db: Tsdb, match: string): Promise<VmSeries[]> {
  // Rows just written become searchable once flushed.
  await db.post('/internal/force_flush', '');
  const text = await db.get('/api/v1/export', { 'match[]': match });
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as VmSeries);
}

export interface CountingProxy {
  url: string;
  /** The write requests forwarded so far. */
  writes: number;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of a database that counts the writes it forwards, as they arrive:
 * how a test knows a run sent nothing (the databases count their own in the background).
 */
export async function countingProxy(upstream: string): Promise<CountingProxy> {
  const proxy: CountingProxy = { url: '', writes: 0, close: () => Promise.resolve() };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if ((req.url ?? '').includes('/write')) proxy.writes += 1;
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'content-encoding', 'authorization']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      fetch(`${upstream}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      })
        .then(async (answer) => {
          res.writeHead(answer.status);
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.socket?.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise((resolve) => server.close(() => resolve()));
  return proxy;
}

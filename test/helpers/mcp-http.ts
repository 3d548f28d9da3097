// `healthdata mcp --http` as a real process, and the SDK's own HTTP client connected to it with
// the bearer token (`healthdata config get mcp-token`, as a user would get it).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, TODAY } from './sandbox.ts';
import { BIN, ROOT, spawnCli } from './spawn.ts';
import { TODAY_ENV } from './today.ts';

export interface HttpServer {
  /** http://127.0.0.1:PORT/mcp (or the --host it listens on) */
  url: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  stdout(): string;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `healthdata mcp --http 0 …args` and waits for the line that names its URL. */
export async function startMcpHttp(
  env: Record<string, string>,
  args: string[] = [],
): Promise<HttpServer> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '0', ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...TODAY_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (s: string) => {
      stderr += s;
      const found = /at (http:\/\/[\d.]+:\d+\/mcp)/.exec(stderr);
      if (found?.[1]) resolve(found[1]);
    });
    child.on('close', () => reject(new Error(`exited early: ${stderr}`)));
  });
  return {
    url,
    stderr: () => stderr,
    stdout: () => stdout,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** What `healthdata config get mcp-token` prints, checked to be one line and nothing else. */
export async function mcpToken(configDir: string): Promise<string> {
  const got = await spawnCli(['config', 'get', 'mcp-token'], {
    env: { HEALTHDATA_CONFIG_DIR: configDir },
  });
  if (got.code !== 0 || got.stderr !== '') throw new Error(`config get mcp-token: ${got.stderr}`);
  return got.stdout.replace(/\n$/, '');
}

/** The SDK's client, connected to `url` with `Authorization: Bearer <token>`. */
export async function connectHttp(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'healthdata-test', version: '1.0.0' });
  const headers: Record<string, string> =
    token === undefined ? {} : { authorization: `Bearer ${token}` };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

/** The config file's mode and what it holds. */
export function fileOf(configDir: string): { mode: number; values: Record<string, unknown> } {
  const path = join(configDir, 'config.json');
  return {
    mode: statSync(path).mode & 0o777,
    values: JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>,
  };
}

// A tool call that would read the API if it got through.
const QUERY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'query_metrics',
    arguments: { metrics: ['steps_total'], from: addDays(TODAY, -3) },
  },
});

/** A raw POST of `body` (by default a tool call that reads the API) with this Authorization. */
export async function post(
  url: string,
  authorization: string | undefined,
  body = QUERY,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(authorization === undefined ? {} : { authorization }),
    },
    body,
  });
}

/**
 * The same POST with the Host header given, as a reverse proxy sends it (fetch always sends
 * the URL's own): the status and the challenge.
 */
export async function postAs(
  url: string,
  host: string,
  authorization?: string,
): Promise<{ status: number; challenge: string | undefined }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          ...(authorization === undefined ? {} : { authorization }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const challenge = res.headers['www-authenticate'];
          resolve({ status: res.statusCode ?? 0, challenge });
        });
      },
    );
    req.on('error', reject);
    req.end(QUERY);
  });
}

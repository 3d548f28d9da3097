// The MCP conformance suite (@modelcontextprotocol/conformance) run against a server, one
// scenario per process, with its results read from the checks.json it writes.
//
// The suite's `server --url` takes no headers (0.1.12 has no option, environment variable or
// config for them: its client is `new StreamableHTTPClientTransport(new URL(url))`), and
// `healthdata mcp --http` refuses every request without its bearer token. So the suite talks
// to bearerProxy: a loopback proxy that adds `Authorization: Bearer <token>` to each request
// and passes everything else through unchanged (Host and Origin included, so the
// dns-rebinding scenario's forged Host still reaches the server's own check).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './spawn.ts';
import { tempDir } from './temp.ts';

const CLI = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

export interface Proxy {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  close(): Promise<void>;
}

/** Forwards every request to `target` (http://127.0.0.1:PORT/mcp) with the bearer token added. */
export async function bearerProxy(target: string, token: string): Promise<Proxy> {
  const to = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${to.pathname}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Runs one server scenario against `url`; its checks, and the suite's exit code. */
export async function runScenario(
  url: string,
  scenario: string,
): Promise<{ code: number | null; checks: Check[]; output: string }> {
  const out = tempDir('conformance-');
  const child = spawn(
    process.execPath,
    [CLI, 'server', '--url', url, '--scenario', scenario, '-o', out],
    { cwd: ROOT, env: { PATH: process.env['PATH'], HOME: process.env['HOME'], NO_COLOR: '1' } },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (output += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (output += s));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  // One folder per run: results/server-<scenario>-<time>/checks.json.
  const [dir] = readdirSync(out).filter((d) => d.startsWith(`server-${scenario}-`));
  if (dir === undefined) throw new Error(`no results for ${scenario}: ${output}`);
  const checks = JSON.parse(readFileSync(join(out, dir, 'checks.json'), 'utf8')) as Check[];
  return { code, checks, output };
}

// MCP clients for tests: the SDK's own Client, either in-process over the SDK's linked
// in-memory transports (with an injected clock) or spawning the built CLI over stdio; and the
// built CLI spoken to line by line (rawMcp), as a script or a hand-written client does.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import type { Clock } from '../../src/lib/clock.ts';
import type { Context } from '../../src/cli/context.ts';
import { createNotices } from '../../src/cli/notices.ts';
import { connectClient } from '../../src/cli/connect-client.ts';
import { createHealthServer } from '../../src/mcp/server.ts';
import { fixedClock, tempDir } from './cli.ts';
import { BIN, ROOT } from './spawn.ts';
import { TODAY_ENV } from './today.ts';

export interface ToolAnswer {
  isError: boolean;
  text: string;
  structured: Record<string, unknown>;
  /** Bytes of the whole result as JSON (content and structuredContent): what the cap bounds. */
  bytes: number;
}

export interface McpPair {
  client: Client;
  /** Calls a tool and returns its text and structured content. */
  call(name: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
  close(): Promise<void>;
}

/** A server built by the same factory as `healthdata mcp`, against `baseUrl`, in this process. */
export async function inMemoryServer(
  baseUrl: string,
  apiKey: string,
  options: { clock?: Clock; retries?: number } = {},
): Promise<McpPair> {
  const clock = options.clock ?? fixedClock('2026-11-22');
  const stderr = new PassThrough().resume();
  const ctx: Context = {
    stdout: new PassThrough(),
    stderr,
    stdin: Readable.from([]),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    env: { HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-') },
    clock,
    signal: new AbortController().signal,
    random: () => 0.5,
  };
  const notices = createNotices(stderr, { quiet: true, verbose: false, interactive: false });
  const session = await connectClient(
    { baseUrl, apiKey, retries: options.retries ?? 0, timeout: 30 },
    ctx,
    notices,
  );
  const shutdown = new AbortController();
  const server = createHealthServer(
    {
      client: () => Promise.resolve(session.client),
      now: () => clock.now(),
      signal: shutdown.signal,
      redact: (text) => text.split(apiKey).join('[REDACTED]'),
    },
    'test',
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'healthdata-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    call: (name, args) => callTool(client, name, args),
    close: async () => {
      shutdown.abort();
      await client.close();
      await server.close();
      await session.close();
    },
  };
}

/** `healthdata mcp <args>` spawned from the built binary, as an MCP client configures it. */
export async function spawnedServer(
  args: string[],
  env: Record<string, string> = {},
  clientOptions: ConstructorParameters<typeof Client>[1] = {},
): Promise<McpPair & { stderr(): string; pid(): number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
      ...TODAY_ENV,
      ...env,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'healthdata-test', version: '1.0.0' }, clientOptions);
  await client.connect(transport);
  return {
    client,
    call: (name, a) => callTool(client, name, a),
    close: () => client.close(),
    stderr: () => stderr,
    pid: () => transport.pid ?? 0,
  };
}

/** `healthdata mcp <args>` over raw pipes: the text it wrote so far, and its exit code. */
export interface RawMcp {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

/** Spawns `healthdata mcp <args>` with the environment spawnedServer gives, plus `env`. */
export function rawMcp(args: string[], env: Record<string, string | undefined> = {}): RawMcp {
  const child = spawn(process.execPath, [BIN, 'mcp', ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
      ...TODAY_ENV,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited: new Promise((resolve) => child.on('close', resolve)),
  };
}

/** The `initialize` request of a 2025 client, as one line of JSON. */
export function initializeLine(id = 1): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  });
}

/** The peak resident set of a live process, in MB (Linux: VmHWM in /proc/<pid>/status). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args });
  const text = result.content
    .map((c) => (c.type === 'text' ? c.text : ''))
    .filter((t) => t !== '')
    .join('\n');
  return {
    isError: result.isError === true,
    text,
    structured: (result.structuredContent ?? {}) as Record<string, unknown>,
    bytes: Buffer.byteLength(JSON.stringify(result)),
  };
}

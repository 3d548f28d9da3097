// Sends lines of line protocol to a write API (InfluxDB 1.x /write, VictoriaMetrics' /write,
// InfluxDB 2/3 /api/v2/write): batches of BATCH_LINES lines, one POST each, in order, gzipped
// (both servers accept Content-Encoding: gzip; a server answering 415 to it gets the batch
// again, and the rest of the run, uncompressed). Any other answer but 2xx, a refused
// connection or a timeout fails the push: the caller then records nothing (state.ts).
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import { errorCode } from '../../api/transport/network-error.ts';
import { HealthdataError } from '../../lib/errors.ts';
import type { InfluxTarget } from './target.ts';

const gzip = promisify(gzipCallback);

export const BATCH_LINES = 5000;

export interface PushOptions {
  target: InfluxTarget;
  /** Token for `Authorization: Token …` (InfluxDB 2/3; 1.x with auth takes it as well). */
  token?: string | undefined;
  timeoutMs: number;
  signal: AbortSignal;
  /** Called after each batch the server accepted: lines so far. */
  progress?: (sent: number) => void;
}

export interface PushResult {
  requests: number;
  lines: number;
}

export async function pushLines(
  lines: readonly string[],
  options: PushOptions,
): Promise<PushResult> {
  const result = { requests: 0, lines: 0 };
  if (lines.length === 0) return result;
  const agent = new Agent({
    connect: { timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  let compress = true;
  try {
    for (let at = 0; at < lines.length; at += BATCH_LINES) {
      const body = Buffer.from(lines.slice(at, at + BATCH_LINES).join(''), 'utf8');
      let status = await post(body, compress, agent, options);
      if (status.code === 415 && compress) {
        compress = false;
        status = await post(body, compress, agent, options);
      }
      result.requests += status.attempts;
      if (status.code < 200 || status.code > 299) throw refused(options.target, status);
      result.lines = Math.min(lines.length, at + BATCH_LINES);
      options.progress?.(result.lines);
    }
    return result;
  } finally {
    await agent.close().catch(() => undefined);
  }
}

interface Answer {
  code: number;
  text: string;
  attempts: number;
}

async function post(
  body: Buffer,
  compress: boolean,
  dispatcher: Dispatcher,
  options: PushOptions,
): Promise<Answer> {
  const { target, token } = options;
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
  if (compress) headers['content-encoding'] = 'gzip';
  if (token !== undefined) headers['authorization'] = `Token ${token}`;
  else if (target.basic) {
    const pair = `${target.basic.user}:${target.basic.password}`;
    headers['authorization'] = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  const payload = compress ? await gzip(body) : body;
  try {
    const url = new URL(target.writeUrl);
    const response = await dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: 'POST',
      headers,
      body: payload,
      signal: options.signal,
    });
    const text = await response.body.text();
    return { code: response.statusCode, text, attempts: 1 };
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    throw unreachable(target, options.timeoutMs, error);
  }
}

function unreachable(target: InfluxTarget, timeoutMs: number, error: unknown): HealthdataError {
  const code = errorCode(error);
  const host = new URL(target.writeUrl).host;
  const secs = `${Math.round(timeoutMs / 100) / 10} s`;
  const why =
    code === 'ECONNREFUSED'
      ? `could not connect to ${host} (connection refused) — is the database up, and the URL's port right?`
      : code !== undefined && /TIMEOUT|ETIMEDOUT/.test(code)
        ? `timed out after ${secs} waiting for ${host} — is the database overloaded? (--timeout sets the limit)`
        : `could not write to ${host}: ${code ?? (error instanceof Error ? error.message : String(error))}`;
  return new HealthdataError(
    'influx_unreachable',
    `${target.shown}: ${why}; nothing was recorded as sent`,
    'failure',
    {
      cause: error,
    },
  );
}

function refused(target: InfluxTarget, answer: Answer): HealthdataError {
  // The server's own words, cut short and on one line: its error names the bad line or database.
  const said = answer.text.replace(/\s+/g, ' ').trim().slice(0, 200);
  const hint =
    answer.code === 401 || answer.code === 403
      ? " — set the token in HEALTHDATA_INFLUX_TOKEN or with 'healthdata config set influx-token'"
      : answer.code === 404
        ? ' — does the database (db=) or bucket exist?'
        : '';
  return new HealthdataError(
    'influx_write_failed',
    `${target.shown} answered ${answer.code}${said === '' ? '' : `: ${said}`}${hint}; nothing was recorded as sent`,
    answer.code === 401 || answer.code === 403 ? 'auth' : 'failure',
  );
}

// The API client: builds URLs, authenticates, retries, and checks the shape of what comes back.
import type { Dispatcher } from 'undici';
import type { Clock } from '../lib/clock.ts';
import { ProtocolError } from './errors.ts';
import type { HttpOptions } from './transport/attempt.ts';
import { httpGet, type HttpResult } from './transport/redirects.ts';
import { peekNextCursor } from './pagination/cursor-hint.ts';
import type { FetchedPage, Page } from './pagination/types.ts';
import { withRetries, type RetryPolicy } from './transport/retry.ts';
import { excerpt, isRecord } from '../lib/json.ts';
import { visible } from '../lib/visible.ts';
import { Secrets } from '../lib/secrets.ts';
import { checkRequestTarget } from './request-size.ts';
import { RateGate } from './transport/rate-gate.ts';
import { mayHaveInexactNumbers, parseExact } from './exact-numbers.ts';
import { checkRows } from './row-check.ts';
import { provePage, type ProvenPage } from './pagination/page-text.ts';
import { text as textOf } from './transport/decode.ts';
import { textPage } from './pagination/text-page.ts';
import type { Meta, MetricRow, MetricsPage, MetricsQuery } from './types.ts';

export interface ClientOptions {
  baseUrl: URL;
  apiKey: string;
  dispatcher: Dispatcher;
  clock: Clock;
  retry: RetryPolicy;
  timeoutMs: number;
  userAgent: string;
  log?: (line: string) => void;
  /** Where the key came from (--api-key, HEALTHDATA_API_KEY, the config file at …), for a 401. */
  keySource?: string;
  /** The proxy's origin (no credentials), when there is one. */
  proxy?: string;
}

export interface JsonResponse {
  body: unknown;
  text: string;
  status: number;
}

export class HealthClient {
  readonly #options: ClientOptions;
  readonly #http: HttpOptions;
  readonly #log: ((line: string) => void) | undefined;
  readonly #redact: (text: string) => string;
  readonly #secrets: Secrets;
  /** Shared by every request of this client, so all --parallel partitions back off together. */
  readonly #gate: RateGate;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#gate = new RateGate(options.clock);
    const key = options.apiKey;
    // The key in use, wherever it came from: hidden in every log line, message and body.
    this.#secrets = new Secrets();
    this.#secrets.add(key);
    const redact = this.#secrets.redact;
    const log = options.log;
    this.#log = log ? (line) => log(redact(line)) : undefined;
    this.#redact = redact;
    this.#http = {
      dispatcher: options.dispatcher,
      origin: options.baseUrl.origin,
      headers: {
        authorization: `Bearer ${key}`,
        accept: 'application/json',
        'accept-encoding': 'gzip, br',
        'user-agent': options.userAgent,
      },
      timeoutMs: options.timeoutMs,
      now: () => options.clock.now(),
      log: this.#log,
      redact,
      keySource: options.keySource,
      proxy: options.proxy,
    };
  }

  async getJson(
    path: string,
    params?: URLSearchParams,
    signal?: AbortSignal,
  ): Promise<JsonResponse> {
    const response = await this.#get(path, params, signal);
    const text = textOf(response.body);
    return { body: this.#parseJson(response, text), text, status: response.status };
  }

  /** One metrics page, fetched but not yet parsed: see FetchedPage. */
  async fetchMetricsPage(
    query: MetricsQuery,
    cursor: string | undefined,
    limit: number,
    signal?: AbortSignal,
  ): Promise<FetchedPage> {
    const params = new URLSearchParams();
    for (const m of query.metric ?? []) params.append('metric', m);
    for (const p of query.provider ?? []) params.append('provider', p);
    if (query.from !== undefined) params.set('from', query.from);
    if (query.to !== undefined) params.set('to', query.to);
    // The cursor is opaque: sent back exactly as received (URLSearchParams encodes it).
    if (cursor !== undefined) params.set('cursor', cursor);
    params.set('limit', String(limit));
    const response = await this.#get('api/v1/metrics', params, signal);
    return {
      cursorHint: peekNextCursor(response.body),
      parse: () => {
        // The common case: rows proven canonical and well-typed are kept as the body's bytes,
        // neither decoded nor parsed (page-text.ts).
        const proven = provePage(response.body);
        const fast = proven && this.#explained(response, () => provenPage(proven));
        if (fast) return fast;
        // Numbers JSON.parse would change (1e400, 20-digit integers) are kept as sent.
        const body = this.#parseJson(response, textOf(response.body), true);
        return this.#explained(response, () => ({ ...toMetricsPage(body), cut: false }));
      },
    };
  }

  async metricsPage(
    query: MetricsQuery,
    cursor: string | undefined,
    limit: number,
    signal?: AbortSignal,
  ): Promise<MetricsPage> {
    return (await this.fetchMetricsPage(query, cursor, limit, signal)).parse();
  }

  async #get(
    path: string,
    params: URLSearchParams | undefined,
    signal?: AbortSignal,
  ): Promise<HttpResult> {
    const url = new URL(path.replace(/^\//, ''), this.#options.baseUrl);
    if (params) url.search = params.toString();
    checkRequestTarget(url, params?.get('cursor') ?? undefined);
    const result = await withRetries(
      () => this.#gate.run(() => httpGet(url, this.#http, signal), signal),
      this.#options.retry,
      this.#options.clock,
      signal,
      {
        served: () => this.#gate.served,
        onRetry: ({ attempt, delayMs, error, congestion }) =>
          this.#log?.(
            `retry ${attempt}${congestion ? ' (the run is over the rate limit: not counted against --retries)' : `/${this.#options.retry.retries}`} in ${delayMs} ms: ${(error as Error).message}`,
          ),
      },
    );
    // A server that echoes the key (in a row, the plan name, a catalog entry) must not get it
    // into any output, file or message: it is gone before anything reads the body.
    return { ...result, body: this.#secrets.redactBytes(result.body) };
  }

  /** A ProtocolError about a page, with the status and an excerpt of what was sent. */
  #explained<T>(response: HttpResult, check: () => T): T {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      throw new ProtocolError(
        `${error.message} (status ${response.status}): "${visible(excerpt(this.#redact(textOf(response.body))))}"`,
        error.code,
      );
    }
  }

  #parseJson({ status, contentType }: HttpResult, text: string, exact = false): unknown {
    try {
      return exact && mayHaveInexactNumbers(text)
        ? parseExact(text)
        : (JSON.parse(text) as unknown);
    } catch {
      throw new ProtocolError(
        `the API sent a body that is not JSON (status ${status}${contentType ? `, ${contentType}` : ''}): "${visible(excerpt(this.#redact(text)))}"`,
        'bad_json',
      );
    }
  }
}

/**
 * A page whose rows are proven (page-text.ts): only what follows them is parsed. Undefined
 * when that is not plain JSON here (spacing, a second "data" key): the full parse decides.
 */
function provenPage({ rows, tail }: ProvenPage): Page | undefined {
  // The rows are followed by `,"next_cursor":…}` or just `}`: that, as an object of its own.
  const rest = tail === '}' ? '{}' : tail.startsWith(',"') ? `{${tail.slice(1)}` : undefined;
  if (rest === undefined) return undefined;
  let envelope: unknown;
  try {
    envelope = mayHaveInexactNumbers(rest) ? parseExact(rest) : JSON.parse(rest);
  } catch {
    return undefined;
  }
  // With a second "data" key, JSON.parse of the whole body would keep that one instead.
  if (!isRecord(envelope) || 'data' in envelope) return undefined;
  const { next_cursor, meta } = envelopeOf(envelope);
  return textPage(rows, next_cursor, meta);
}

function toMetricsPage(body: unknown): MetricsPage {
  if (!isRecord(body) || !Array.isArray(body['data'])) {
    throw new ProtocolError('the metrics response has no "data" array', 'bad_page');
  }
  const data = body['data'] as unknown[];
  checkRows(data);
  return { data: data as MetricRow[], ...envelopeOf(body) };
}

/** next_cursor and meta of a metrics page, checked. */
function envelopeOf(body: Record<string, unknown>): Omit<MetricsPage, 'data'> {
  // The spec says the key is always there, a string or null: a page without it is not the end.
  if (!('next_cursor' in body)) {
    throw new ProtocolError(
      'the metrics response has no "next_cursor" (the spec says it is always there: a string, or null on the last page)',
      'bad_page',
    );
  }
  const cursor = body['next_cursor'];
  if (cursor !== undefined && cursor !== null && (typeof cursor !== 'string' || cursor === '')) {
    throw new ProtocolError(
      'the metrics response has a "next_cursor" that is not a string',
      'bad_page',
    );
  }
  return {
    next_cursor: typeof cursor === 'string' ? cursor : null,
    meta: toMeta(body['meta']),
  };
}

export function toMeta(value: unknown): Meta | undefined {
  if (!isRecord(value)) return undefined;
  const nullable = <T>(v: unknown, type: string): T | null => (typeof v === type ? (v as T) : null);
  return {
    plan: typeof value['plan'] === 'string' ? value['plan'] : 'unknown',
    history_window_days: nullable<number>(value['history_window_days'], 'number'),
    history_floor: nullable<string>(value['history_floor'], 'string'),
    source_cap: nullable<number>(value['source_cap'], 'number'),
  };
}

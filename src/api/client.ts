// The API client: builds URLs, authenticates, retries, and checks the shape of what comes back.
import type { Dispatcher } from 'undici';
import type { Clock } from '../lib/clock.ts';
import { ProtocolError } from './errors.ts';
import type { HttpOptions } from './transport/attempt.ts';
import { httpGet, type HttpResult } from './transport/redirects.ts';
import { peekNextCursor } from './pagination/cursor-hint.ts';
import type { FetchedPage } from './pagination/types.ts';
import { withRetries, type RetryPolicy } from './transport/retry.ts';
import { excerpt } from '../lib/json.ts';
import { visible } from '../lib/visible.ts';
import { Secrets } from '../lib/secrets.ts';
import { checkRequestTarget } from './request-size.ts';
import { RateGate } from './transport/rate-gate.ts';
import { mayHaveInexactNumbers, parseExact } from './exact-numbers.ts';
import { RowGuard } from './row-guard.ts';
import { provePage } from './rows/canonical-proof.ts';
import { guarded, provenPage, toMetricsPage } from './pagination/page-body.ts';
import { text as textOf } from './transport/decode.ts';
import type { MetricsPage, MetricsQuery } from './types.ts';

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
  /**
   * The run's secrets (every key of the config file, not only this one): each is hidden in
   * every body, message and log line. The key is added to them.
   */
  secrets?: Secrets;
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
    // The key in use, wherever it came from, and the run's other secrets (a server may echo
    // another person's key): hidden in every log line, message and body.
    this.#secrets = options.secrets ?? new Secrets();
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
      // Also read against a Retry-After date, which is on the real calendar (clock.ts).
      now: () => options.clock.wallNow?.() ?? options.clock.now(),
      log: this.#log,
      redact,
      keySource: options.keySource,
      proxy: options.proxy,
    };
  }

  /** The API's base URL (it holds no key: the key goes in a header). */
  get baseUrl(): string {
    return this.#options.baseUrl.href;
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
        // Every row is checked against the query and the spec before anything sees it; "today"
        // is the clock's, read when the page is parsed.
        const guard = new RowGuard(query, this.#options.clock.now());
        // The common case: rows proven canonical and well-typed, whose dates and names pass
        // the guard, are kept as the body's bytes, neither decoded nor parsed (canonical-proof.ts).
        const proven = provePage(response.body, guard.textCheck());
        const fast = proven && this.#explained(response, () => provenPage(proven));
        if (fast) return proven.clean ? fast : guarded(fast, guard);
        // Numbers JSON.parse would change (1e400, 20-digit integers) are kept as sent.
        const body = this.#parseJson(response, textOf(response.body), true);
        return this.#explained(response, () => guarded(toMetricsPage(body), guard));
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
    // A server that echoes a key (in a row, the plan name, a catalog entry) must not get it
    // into any output, file or message: it is gone before anything reads the body, so every
    // format, SQLite, Parquet, MCP answers and the report get the body without it.
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

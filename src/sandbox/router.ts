import type { CursorCodec } from './cursor.ts';
import type { Dataset, Series } from './dataset.ts';
import type { Reply } from './reply.ts';
import { queryKey } from './cursor.ts';
import { parseMetricsQuery } from './metrics-query.ts';
import { dayRange, pageBody, selectPage } from './pages.ts';
import { errorReply, HttpError, jsonReply } from './reply.ts';

/** One person's data, as the key of a request picks it (tenants.ts). */
export interface Tenant {
  dataset: Dataset;
  /** The meta object as JSON text. */
  meta: string;
  cursors: CursorCodec;
  /** Fixed bodies of the other endpoints, already serialised. */
  catalog: Buffer;
  sources: Buffer;
  profile: Buffer;
}

/** Whose data a request's Authorization header reaches, or the 401 to send (tenants.ts). */
export type Authorize = (authorization: string | undefined) => Tenant | Reply;

export type Router = (method: string, url: string, authorization: string | undefined) => Reply;

/** The series a filter keeps, or null when nothing is filtered (every row matches). */
function selectSeries(
  all: readonly Series[],
  metrics: readonly string[] | null,
  providers: readonly string[] | null,
): Series[] | null {
  if (metrics === null && providers === null) return null;
  return all.filter(
    (s) =>
      (metrics === null || metrics.includes(s.metric)) &&
      (providers === null || providers.includes(s.providerKey)),
  );
}

function metricsPage(ctx: Tenant, params: URLSearchParams): Reply {
  const q = parseMetricsQuery(params);
  const key = queryKey(q.metrics, q.providers, q.from?.text ?? null, q.to?.text ?? null);
  let position = 0;
  if (q.cursor !== null) {
    const check = ctx.cursors.decode(q.cursor, key);
    if (!check.ok) {
      const message =
        check.reason === 'other_query'
          ? 'cursor belongs to a different query (metric, provider, from and to must not change)'
          : 'cursor is malformed or was altered';
      throw new HttpError(400, 'invalid_cursor', message);
    }
    position = check.position;
  }
  const ds = ctx.dataset;
  const [lo, hi] = dayRange(ds, q.from?.day ?? null, q.to?.day ?? null);
  const page = selectPage(
    selectSeries(ds.series, q.metrics, q.providers),
    lo,
    hi,
    position,
    q.limit,
  );
  const next = page.next === null ? 'null' : `"${ctx.cursors.encode(page.next, key)}"`;
  return jsonReply(200, pageBody(ds, page.rows, `,"next_cursor":${next},"meta":${ctx.meta}}`));
}

interface Route {
  /** Undefined: served without a key (the OpenAPI document). */
  handle?(ctx: Tenant, params: URLSearchParams): Reply;
}

const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/api/v1/metrics', { handle: metricsPage }],
  ['/api/v1/catalog', { handle: (ctx) => jsonReply(200, ctx.catalog) }],
  ['/api/v1/sources', { handle: (ctx) => jsonReply(200, ctx.sources) }],
  ['/api/v1/profile', { handle: (ctx) => jsonReply(200, ctx.profile) }],
  ['/api/openapi.json', {}],
]);

export function createRouter(openapi: Buffer, authorize: Authorize): Router {
  return (method, url, authorization) => {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const route = ROUTES.get(path);
    if (!route) return errorReply(404, 'not_found', `No such endpoint: ${path}`);
    // HEAD, OPTIONS and the rest: every endpoint is GET only.
    if (method !== 'GET') {
      return errorReply(405, 'method_not_allowed', `${path} supports GET only`, { Allow: 'GET' });
    }
    if (route.handle === undefined) return jsonReply(200, openapi);
    const tenant = authorize(authorization);
    if (!('dataset' in tenant)) return tenant;
    try {
      return route.handle(tenant, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)));
    } catch (err) {
      if (err instanceof HttpError) return errorReply(err.status, err.code, err.message);
      throw err;
    }
  };
}

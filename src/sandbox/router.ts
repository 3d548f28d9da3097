import type { CursorCodec } from './cursor.ts';
import type { Dataset, Series } from './dataset.ts';
import type { Reply } from './reply.ts';
import { checkBearer } from './auth.ts';
import { queryKey } from './cursor.ts';
import { parseMetricsQuery } from './metrics-query.ts';
import { dayRange, pageBody, selectPage } from './pages.ts';
import { errorReply, HttpError, jsonReply } from './reply.ts';

export interface RouterContext {
  dataset: Dataset;
  apiKey: string;
  /** The meta object as JSON text. */
  meta: string;
  cursors: CursorCodec;
  /** Fixed bodies of the other endpoints, already serialised. */
  catalog: Buffer;
  sources: Buffer;
  profile: Buffer;
  openapi: Buffer;
}

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

function metricsPage(ctx: RouterContext, params: URLSearchParams): Reply {
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
  auth: boolean;
  handle(ctx: RouterContext, params: URLSearchParams): Reply;
}

const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/api/v1/metrics', { auth: true, handle: metricsPage }],
  ['/api/v1/catalog', { auth: true, handle: (ctx) => jsonReply(200, ctx.catalog) }],
  ['/api/v1/sources', { auth: true, handle: (ctx) => jsonReply(200, ctx.sources) }],
  ['/api/v1/profile', { auth: true, handle: (ctx) => jsonReply(200, ctx.profile) }],
  ['/api/openapi.json', { auth: false, handle: (ctx) => jsonReply(200, ctx.openapi) }],
]);

export function createRouter(ctx: RouterContext): Router {
  const key = Buffer.from(ctx.apiKey);
  return (method, url, authorization) => {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const route = ROUTES.get(path);
    if (!route) return errorReply(404, 'not_found', `No such endpoint: ${path}`);
    // HEAD, OPTIONS and the rest: every endpoint is GET only.
    if (method !== 'GET') {
      return errorReply(405, 'method_not_allowed', `${path} supports GET only`, { Allow: 'GET' });
    }
    if (route.auth) {
      const denied = checkBearer(authorization, key);
      if (denied) return denied;
    }
    try {
      return route.handle(ctx, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)));
    } catch (err) {
      if (err instanceof HttpError) return errorReply(err.status, err.code, err.message);
      throw err;
    }
  };
}

// A hostile API server over loopback: it puts a chosen text into every string it sends (row
// values, provider and metric names, units, meta.plan and history_floor, catalog, sources,
// profile and error bodies). The text may depend on the key the request carried, so a server
// that echoes the key back can be played too.
import type { IncomingMessage } from 'node:http';
import { send, type Handler } from './test-server.ts';

/** What goes into the bodies, as JSON string contents (already escaped). */
export interface Injected {
  /** In names, values, meta and documents. */
  text: string;
  /** In units and the catalog's note: another spelling of the same text, if any. */
  spelled?: string;
}

const MARK = '@@TEXT@@';
const SPELLED = '@@SPELLED@@';

/** JSON string contents for `text`, as JSON.stringify escapes it. */
export const asJson = (text: string): string => JSON.stringify(text).slice(1, -1);

function keyOf(req: IncomingMessage): string {
  return (req.headers.authorization ?? '').replace(/^Bearer /, '');
}

function row(date: string, metric: string, num: number | null, text: string | null) {
  return {
    date,
    provider: MARK,
    metric,
    numValue: num,
    textValue: text,
    unit: SPELLED,
    stream: false,
  };
}

const META = {
  plan: MARK,
  history_window_days: 30,
  history_floor: `2025-01-01${MARK}`,
  source_cap: 3,
};

/** Bodies by path; `bad` (a metric asked for) is a page with a row the spec forbids. */
function body(path: string, query: URLSearchParams): { status: number; json: unknown } {
  const metrics = query.getAll('metric').join(',');
  if (path === '/api/v1/metrics') {
    if (metrics.includes('bad')) {
      return {
        status: 200,
        json: {
          data: [{ ...row('2026-11-20', 'bad', 1, null), numValue: MARK }],
          next_cursor: null,
          meta: META,
        },
      };
    }
    if (query.getAll('provider').join(',').includes('fail')) {
      return {
        status: 400,
        json: { error: { code: 'bad_request', message: `no such provider ${MARK}` } },
      };
    }
    const data = ['2026-11-20', '2026-11-19'].flatMap((date, i) => [
      row(date, 'steps', 100 + i, null),
      row(date, `${MARK}_metric`, 5 + i, null),
      row(date, 'mood', null, `${MARK} ${SPELLED}`),
    ]);
    return { status: 200, json: { data, next_cursor: null, meta: META } };
  }
  if (path === '/api/v1/catalog') {
    return {
      status: 200,
      json: {
        metrics: [
          { metric: 'steps', unit: SPELLED },
          { metric: `${MARK}_metric`, unit: MARK },
          { metric: 'mood', unit: null },
        ],
        providers: [MARK],
        note: SPELLED,
      },
    };
  }
  if (path === '/api/v1/sources') {
    return {
      status: 200,
      json: { data: [{ provider: MARK, kind: SPELLED, status: MARK }], meta: META },
    };
  }
  if (path === '/api/v1/profile') {
    return { status: 200, json: { name: MARK, email: SPELLED, plan: { name: MARK }, meta: META } };
  }
  return { status: 404, json: { error: { code: 'not_found', message: MARK } } };
}

/** The handler: `inject` decides the text, given the key the request carried. */
export function hostileApi(inject: (key: string) => Injected): Handler {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const { status, json } = body(url.pathname, url.searchParams);
    const { text, spelled } = inject(keyOf(req));
    const out = JSON.stringify(json)
      .split(MARK)
      .join(text)
      .split(SPELLED)
      .join(spelled ?? text);
    send(res, status, out);
  };
}

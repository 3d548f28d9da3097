// The resource templates' URIs, `healthdata://<kind>/{metric}{?provider,from,to}`. The SDK's
// UriTemplate matches a query only when every variable of it is present and leaves the
// metric percent-encoded, so `healthdata://daily/steps` would be "not found" and
// `heart%20rate` asked as such: this reads the URI as a URL instead (the query in any order,
// any part left out, each part decoded). A parameter the template does not name is kept, so
// that the read can refuse it by name rather than answer "not found".
import { UriTemplate, type Variables } from '@modelcontextprotocol/server';

export const QUERY_VARIABLES = ['provider', 'from', 'to'] as const;

export class MetricTemplate extends UriTemplate {
  readonly #kind: string;

  constructor(kind: string) {
    super(`healthdata://${kind}/{metric}{?${QUERY_VARIABLES.join(',')}}`);
    this.#kind = kind;
  }

  override match(uri: string): Variables | null {
    const url = urlOf(uri);
    if (url === undefined || url.protocol !== 'healthdata:' || url.host !== this.#kind) return null;
    const path = /^\/([^/]+)$/.exec(url.pathname)?.[1];
    if (path === undefined) return null;
    let metric: string;
    try {
      metric = decodeURIComponent(path);
    } catch {
      return null;
    }
    const variables: Variables = { metric };
    // A parameter given twice is kept as both, for the read to refuse (not the last one silently).
    for (const [key, value] of url.searchParams) {
      const had = variables[key];
      variables[key] = had === undefined ? value : [had, value].flat();
    }
    return variables;
  }
}

/** The query parameters of a match, checked: one each, and only those the template names. */
export function queryOf(variables: Variables): {
  metric: string;
  unknown: string[];
  repeated: string[];
  provider?: string;
  from?: string;
  to?: string;
} {
  const one = (value: string | string[] | undefined): string | undefined =>
    Array.isArray(value) ? value[0] : value;
  const out: ReturnType<typeof queryOf> = {
    metric: one(variables['metric']) ?? '',
    unknown: Object.keys(variables).filter(
      (k) => k !== 'metric' && !(QUERY_VARIABLES as readonly string[]).includes(k),
    ),
    repeated: Object.keys(variables).filter((k) => Array.isArray(variables[k])),
  };
  for (const key of QUERY_VARIABLES) {
    const value = one(variables[key]);
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

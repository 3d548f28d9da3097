// A time-series sync target named by URL (docs/influx.md): `influx+http://HOST:PORT/write?db=NAME`
// (InfluxDB 1.x's write API, which VictoriaMetrics serves too) or
// `influx+https://HOST/api/v2/write?org=ORG&bucket=NAME` (InfluxDB 2 and 3). Credentials may
// come in the URL (user:password@, `p=` or `token=` in the query): they are taken out of it,
// so the URL shown, and the key of the state kept for it, never hold them.
import { createHash } from 'node:crypto';
import { UsageError } from '../../lib/errors.ts';

export const INFLUX_SCHEME = /^influx\+(https?):\/\//i;

export interface InfluxTarget {
  /** Where lines are POSTed: the URL without its `influx+` prefix and credentials. */
  writeUrl: string;
  /** The URL as shown in messages and kept in the state file: no credentials. */
  shown: string;
  /** user:password from the URL, for Basic auth; a `token=` from the query. */
  basic?: { user: string; password: string };
  token?: string;
}

export function isInfluxTarget(target: string): boolean {
  return INFLUX_SCHEME.test(target);
}

const FIX =
  'name it as influx+http://HOST:8086/write?db=NAME (InfluxDB 1.x, VictoriaMetrics) or influx+https://HOST/api/v2/write?org=ORG&bucket=NAME (InfluxDB 2/3)';

export function parseInfluxTarget(target: string): InfluxTarget {
  let url: URL;
  try {
    url = new URL(target.replace(INFLUX_SCHEME, (_, scheme: string) => `${scheme}://`));
  } catch {
    throw new UsageError(`${shownOf(target)} is not a URL — ${FIX}`, 'bad_target');
  }
  const v2 = url.pathname.endsWith('/api/v2/write');
  if (!v2 && !url.pathname.endsWith('/write')) {
    throw new UsageError(
      `${shownOf(target)}: the path must end in /write or /api/v2/write — ${FIX}`,
      'bad_target',
    );
  }
  const needed = v2 ? 'bucket' : 'db';
  if (!url.searchParams.get(needed)) {
    throw new UsageError(`${shownOf(target)}: the URL names no ${needed} — ${FIX}`, 'bad_target');
  }
  const basic =
    url.username !== '' || url.password !== ''
      ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
      : undefined;
  const token = url.searchParams.get('token') ?? undefined;
  url.username = '';
  url.password = '';
  url.searchParams.delete('token');
  // InfluxDB 1.x's own password parameter: kept for the request, left out of what is shown
  // (and so of the state's key: a new password is the same target).
  const shownUrl = new URL(url);
  shownUrl.searchParams.delete('p');
  return {
    writeUrl: url.toString(),
    shown: `influx+${shownUrl.toString()}`,
    ...(basic ? { basic } : {}),
    ...(token !== undefined ? { token } : {}),
  };
}

/** The target as typed, with whatever looks like a credential cut out (for an error line). */
function shownOf(target: string): string {
  return target.replace(/\/\/[^/@]*@/, '//').replace(/([?&](?:p|token)=)[^&]*/g, '$1REDACTED');
}

/** The name of the state of this target for one person and filter set: a hash, no secret in it. */
export function stateKey(target: InfluxTarget, scope: string): string {
  return createHash('sha256').update(`${target.shown}\u0000${scope}`).digest('hex').slice(0, 24);
}

/** The name of the lock of this target (one per URL, whoever's data it holds). */
export function lockKey(target: InfluxTarget): string {
  return createHash('sha256').update(target.shown).digest('hex').slice(0, 24);
}

import { UsageError } from '../../lib/errors.ts';

/** Parses and checks a base URL. Plain http is allowed only to loopback: the key would cross the network in clear. */
export function parseBaseUrl(raw: string, allowInsecureHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(
      `the base URL '${raw}' is not a valid URL — use e.g. https://api.example.com`,
      'bad_base_url',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(
      `the base URL must use https:// (got ${url.protocol}//) — e.g. https://api.example.com`,
      'bad_base_url',
    );
  }
  if (url.username || url.password) {
    throw new UsageError(
      'the base URL must not contain a user name or password — pass the key with --api-key or HEALTHDATA_API_KEY',
      'bad_base_url',
    );
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowInsecureHttp) {
    throw new UsageError(
      `refusing plain http:// to ${url.host}: your API key would cross the network in clear — use https://, or pass --allow-insecure-http if you really mean it`,
      'insecure_http',
    );
  }
  // Paths are joined onto the base, so keep exactly one trailing slash.
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

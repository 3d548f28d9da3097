// Which proxy, if any: --proxy, else the usual variables (lower case first, as curl reads them):
// https_proxy/HTTPS_PROXY for https, http_proxy/HTTP_PROXY for http, all_proxy/ALL_PROXY for
// both, and no_proxy/NO_PROXY for hosts to reach directly. undici's EnvHttpProxyAgent does the
// routing; it is given every value explicitly, so it never reads the process environment.
import { UsageError } from '../lib/errors.ts';
import type { Env } from '../lib/env.ts';

export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
  /** For messages: the proxy's origin, never its credentials. */
  label: string;
}

const pick = (env: Env, ...names: string[]): string | undefined => {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return value.trim();
  }
  return undefined;
};

export function proxySettings(flag: string | undefined, env: Env): ProxySettings | undefined {
  const all = pick(env, 'all_proxy', 'ALL_PROXY');
  const httpsProxy = flag ?? pick(env, 'https_proxy', 'HTTPS_PROXY') ?? all;
  const httpProxy = flag ?? pick(env, 'http_proxy', 'HTTP_PROXY') ?? all;
  if (httpsProxy === undefined && httpProxy === undefined) return undefined;
  const from = flag !== undefined ? '--proxy' : 'the proxy environment';
  for (const url of [httpsProxy, httpProxy]) if (url !== undefined) checkProxyUrl(url, from);
  return {
    httpProxy: httpProxy ?? '',
    httpsProxy: httpsProxy ?? '',
    noProxy: pick(env, 'no_proxy', 'NO_PROXY') ?? '',
    label: proxyLabel(httpsProxy ?? httpProxy ?? ''),
  };
}

/** The proxy's scheme, host and port: what a message may show. */
export function proxyLabel(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the proxy';
  }
}

function checkProxyUrl(url: string, from: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(
      `the proxy from ${from} is not a URL — use e.g. http://proxy.example:3128`,
      'bad_proxy',
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(
      `the proxy from ${from} uses ${parsed.protocol}//, which is not supported — use an http:// or https:// proxy`,
      'bad_proxy',
    );
  }
}

// `healthdata mcp --http`: the HTTP server with its credential mode (./credentials.ts): the
// bearer token of the config file, or OAuth access tokens checked against the owner's
// authorization server (src/mcp/oauth/).
import type { McpServer } from '@modelcontextprotocol/server';
import { HealthdataError, UsageError } from '../../../lib/errors.ts';
import { visible } from '../../../lib/visible.ts';
import { readConfig } from '../../../config/store.ts';
import type { HttpAuth } from '../../../mcp/http-auth.ts';
import { serveOnHttp, type HttpConnection } from '../../../mcp/serve-http.ts';
import type { Context } from '../../context.ts';
import { beyondLoopback, listenHost, oauthInputs, type HttpFlags } from './credentials.ts';

export interface HttpMode extends HttpConnection {
  /** Who the server answers, for its first line. */
  to: string;
}

export async function serveHttpMode(
  flags: HttpFlags & { http: number },
  ctx: Context,
  factory: () => McpServer,
  onerror: (error: Error) => void,
  say: (line: string) => void,
): Promise<HttpMode> {
  const host = listenHost(flags);
  let reader: ReturnType<typeof readConfig> | undefined;
  const oauth = oauthInputs(flags, ctx.env, () => (reader ??= readConfig(ctx.env)));
  let auth: HttpAuth;
  let to: string;
  // The OAuth settings need the server's own URL (the default resource), known once it listens.
  let ready: ((url: string) => void) | undefined;
  if (oauth === undefined) {
    auth = await tokenMode(ctx, say);
    to =
      "to clients that send 'Authorization: Bearer <token>'; 'healthdata config get mcp-token' prints the token";
  } else {
    const { checkOAuthSettings } = await import('../../../mcp/oauth/settings.ts');
    const { oauthAuth } = await import('../../../mcp/oauth/oauth-auth.ts');
    const { jwtVerifier } = await import('../../../mcp/oauth/verify-jwt.ts');
    const provisional = `http://${host.includes(':') ? `[${host}]` : host}:${flags.http}/mcp`;
    let settings = checkOAuthSettings(oauth, new URL(provisional));
    let current: HttpAuth | undefined;
    ready = (url) => {
      settings = checkOAuthSettings(oauth, new URL(url));
      const verifier = jwtVerifier(settings, {
        fetch: (input, init) => fetch(input, init),
        // Token lifetimes are real time, whatever day HEALTHDATA_TODAY moves "today" to.
        now: () => ctx.clock.wallNow?.() ?? ctx.clock.now(),
      });
      current = oauthAuth(settings, verifier, (reason) => say(`refused a token: ${reason}`));
      // Asked now, so a wrong issuer shows at start rather than at the first sign-in.
      void verifier.prepare().then((problem) => {
        if (problem !== undefined) {
          say(`warning: ${problem} — tokens are answered 503 until it can be read`);
        }
      });
    };
    auth = {
      hostnames: [settings.resource.hostname],
      publicDocument: (request) => current?.publicDocument?.(request),
      check: async (header) =>
        current ? current.check(header) : new Response(null, { status: 503 }),
    };
    to = `to the owner (subject ${visible(JSON.stringify(settings.subject))}) with an access token from ${settings.issuer}`;
  }
  const http = await serveOnHttp(factory, flags.http, onerror, auth, host).catch(
    (error: unknown) => {
      throw listenError(error, host, flags.http);
    },
  );
  ready?.(http.url);
  if (beyondLoopback(host)) {
    // Not --quiet-able: health data and credentials would cross the network in clear.
    ctx.stderr.write(
      `healthdata mcp: warning: listening on ${host}, beyond this machine, in plain HTTP — put TLS in front (a reverse proxy such as Caddy or nginx: see docs/mcp.md, "Behind a reverse proxy")\n`,
    );
  }
  return { ...http, to };
}

async function tokenMode(ctx: Context, say: (line: string) => void): Promise<HttpAuth> {
  const { tokenAuth } = await import('../../../mcp/bearer.ts');
  const { ensureMcpToken } = await import('../../../config/mcp-token.ts');
  // Read from the config file for each request, so `config unset mcp-token` locks out the old
  // token at once; made on first use. Hidden in every line this run prints.
  const token = async (): Promise<string> => {
    try {
      const value = await ensureMcpToken(ctx.env, ctx);
      ctx.secrets?.add(value);
      return value;
    } catch (error) {
      if (error instanceof HealthdataError)
        say(`error: ${error.message} (requests are refused until it is fixed)`);
      throw error;
    }
  };
  // Made (or checked) before listening: a config file that cannot hold it stops the start.
  await ensureMcpToken(ctx.env, ctx).then((value) => ctx.secrets?.add(value));
  return tokenAuth(token);
}

function listenError(error: unknown, host: string, port: number): UsageError {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return new UsageError(
      `port ${port} is in use — pick another with --http, or --http 0 for any free one`,
      'port_in_use',
    );
  }
  return new UsageError(`cannot listen on ${host}:${port}: ${(error as Error).message}`, 'listen');
}

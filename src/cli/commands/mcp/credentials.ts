// Which credential guards `healthdata mcp --http`, and where it may listen. Two modes, one per
// server: the bearer token of the config file (the default), or OAuth (--oauth-issuer, or
// HEALTHDATA_MCP_OAUTH_ISSUER), where the owner signs in at their own authorization server.
// Either is on for every request, which is what allows --host: a server beyond loopback with
// no credential would hand the data to anyone who can reach the port.
import { isLoopback } from '../../../api/transport/origin.ts';
import { mcpOAuthEnvName, type McpOAuthKey } from '../../../config/keys.ts';
import type { Env } from '../../../lib/env.ts';
import { UsageError } from '../../../lib/errors.ts';
import type { Given, OAuthInputs } from '../../../mcp/oauth/settings.ts';

export interface HttpFlags {
  http?: number;
  host?: string;
  oauthIssuer?: string;
  oauthResource?: string;
  oauthAudience?: string;
  oauthSubject?: string;
  oauthScope?: string;
}

// Each OAuth setting: its flag, then its environment twin (read from the Env the edge passes
// in), then the config file.
const OAUTH = {
  issuer: ['oauthIssuer', '--oauth-issuer', 'mcp-oauth-issuer'],
  resource: ['oauthResource', '--oauth-resource', 'mcp-oauth-resource'],
  audience: ['oauthAudience', '--oauth-audience', 'mcp-oauth-audience'],
  subject: ['oauthSubject', '--oauth-subject', 'mcp-oauth-subject'],
  scope: ['oauthScope', '--oauth-scope', 'mcp-oauth-scope'],
} as const satisfies Record<string, readonly [keyof HttpFlags, string, McpOAuthKey]>;

type OAuthName = keyof typeof OAUTH;

/** The config file, read only when neither a flag nor the environment gives a setting. */
export type FileSettings = () => { path: string; get(key: McpOAuthKey): string | undefined };

/** The OAuth settings given, each with its source; undefined when the OAuth mode is off. */
export function oauthInputs(
  flags: HttpFlags,
  env: Env,
  file: FileSettings,
): OAuthInputs | undefined {
  const given = (name: OAuthName): Given | undefined => {
    const [flag, flagName, key] = OAUTH[name];
    const value = flags[flag];
    if (value !== undefined) {
      if (typeof value !== 'string' || value.trim() === '') {
        throw new UsageError(`${flagName} is empty — give a value, or leave the flag out`);
      }
      return { value, source: flagName };
    }
    const envName = mcpOAuthEnvName(key);
    const fromEnv = env[envName];
    if (fromEnv !== undefined && fromEnv.trim() !== '') return { value: fromEnv, source: envName };
    const config = file();
    const saved = config.get(key);
    return saved === undefined || saved.trim() === ''
      ? undefined
      : { value: saved, source: `${key} in ${config.path}` };
  };
  const issuer = given('issuer');
  const rest = {
    resource: given('resource'),
    audience: given('audience'),
    subject: given('subject'),
    scope: given('scope'),
  };
  if (issuer === undefined) {
    const entries = Object.entries(rest) as [OAuthName, Given | undefined][];
    const stray = entries.find(([, g]) => g !== undefined);
    if (stray?.[1]) {
      const [name, { source }] = [stray[0], stray[1]];
      // A key left in the file is undone there; a flag or a variable by leaving it out.
      const undo = source.startsWith('--')
        ? `leave out ${source}`
        : source.startsWith('HEALTHDATA_')
          ? `unset ${source}`
          : `run 'healthdata config unset ${OAUTH[name][2]}'`;
      throw new UsageError(
        `${source} is an OAuth setting, and OAuth is off — give the authorization server with --oauth-issuer <url> (or HEALTHDATA_MCP_OAUTH_ISSUER, or 'healthdata config set mcp-oauth-issuer <url>'), or ${undo}`,
        'oauth_no_issuer',
      );
    }
    return undefined;
  }
  return { issuer, ...rest };
}

/** Where to listen: 127.0.0.1 unless --host says otherwise, and only over --http. */
export function listenHost(flags: HttpFlags): string {
  if (flags.host === undefined) return '127.0.0.1';
  const host = flags.host.trim().replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new UsageError('--host is empty — give an address such as 0.0.0.0');
  return host;
}

/** Flags of --http that a stdio server would silently ignore. */
export function checkStdioFlags(flags: HttpFlags): void {
  if (flags.http !== undefined) return;
  if (flags.host !== undefined) {
    throw new UsageError(
      '--host needs --http <port>: the stdio server listens on no address',
      'bad_usage',
    );
  }
  const given = Object.values(OAUTH).find(([flag]) => flags[flag] !== undefined);
  if (given) {
    throw new UsageError(
      `${given[1]} needs --http <port>: OAuth guards the HTTP server, a stdio server is started by its client`,
      'bad_usage',
    );
  }
}

/** Whether `host` reaches beyond this machine (then TLS must be put in front). */
export function beyondLoopback(host: string): boolean {
  return !isLoopback(host);
}

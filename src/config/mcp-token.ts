// The bearer token of `healthdata mcp --http`: 256 bits from the CSPRNG, made on first use (the
// first `mcp --http`, or the first `config get mcp-token`) and kept in the 0600 config file
// beside the API key. One token per config file, not per profile: whoever can read the file can
// read every profile's key anyway, so a token per profile would separate nobody. `config unset
// mcp-token` removes it; the next use makes a new one. A running server reads the file again on
// every request (src/cli/commands/mcp/action.ts), so an unset token is refused at once.
import { randomBytes } from 'node:crypto';
import type { Env } from '../lib/env.ts';
import { HealthdataError, UsageError } from '../lib/errors.ts';
import { changeConfig, type ChangeOptions } from './change.ts';
import { readConfig, type ConfigStore } from './store.ts';

const TOKEN_BYTES = 32;

// RFC 6750's b64token, long enough for 128 bits even as hex: what healthdata makes is 43
// characters of base64url. A shorter or odd value in the file was not made here (a hand edit).
const TOKEN_SHAPE = /^[A-Za-z0-9\-._~+/]{32,512}=*$/;

// Straight from node:crypto: the runtime's injected `random` (retry jitter) is no CSPRNG.
function newMcpToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The token the config file holds (undefined when none), checked: one small synchronous read. */
export function savedMcpToken(env: Env): string | undefined {
  const reader = readConfig(env);
  return checkToken(reader.get('mcp-token'), reader.path);
}

/** The token of an open store, made and saved now if it has none. */
export function mcpTokenOf(store: ConfigStore): string {
  const saved = checkToken(store.get('mcp-token'), store.path);
  if (saved !== undefined) return saved;
  try {
    store.set('mcp-token', newMcpToken());
  } catch (error) {
    const why = (error as { code?: unknown }).code;
    throw new HealthdataError(
      'mcp_token_unsaved',
      `cannot save the MCP token to ${store.path} (${typeof why === 'string' ? why : 'write failed'}) — make its folder writable, or set HEALTHDATA_CONFIG_DIR to one that is`,
      'failure',
      { cause: error },
    );
  }
  // What the file holds now: had another process made one at the same moment, the file's wins.
  const made = checkToken(store.get('mcp-token'), store.path);
  if (made === undefined)
    throw new HealthdataError(
      'mcp_token_unsaved',
      `cannot save the MCP token to ${store.path}`,
      'failure',
    );
  return made;
}

/**
 * The token, made on first use: the file is changed only when it has none, and then under the
 * config file's lock (change.ts), so a first start beside a `config set` loses neither.
 */
export async function ensureMcpToken(env: Env, options: ChangeOptions): Promise<string> {
  return savedMcpToken(env) ?? changeConfig(env, options, mcpTokenOf);
}

function checkToken(value: string | undefined, path: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (TOKEN_SHAPE.test(value)) return value;
  // The value is never quoted: it is meant to be a secret.
  throw new UsageError(
    `the mcp-token in ${path} is not one healthdata made (32 to 512 letters, digits or - . _ ~ + /) — run 'healthdata config unset mcp-token' to have a new one made`,
    'bad_mcp_token',
  );
}

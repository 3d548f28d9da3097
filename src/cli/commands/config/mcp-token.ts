// `config get/unset mcp-token`: the bearer token of `healthdata mcp --http`
// (src/config/mcp-token.ts). `get` is the one place a secret is printed whole, on stdout only,
// since the user pastes it into their MCP client; it makes the token on first use. The token
// belongs to the whole config file, so --profile is refused rather than quietly ignored, and
// HEALTHDATA_PROFILE (a default for every command) does not apply.
import { UsageError } from '../../../lib/errors.ts';
import { changeConfig } from '../../../config/change.ts';
import { ensureMcpToken } from '../../../config/mcp-token.ts';
import type { ConfigStore } from '../../../config/store.ts';
import type { Context } from '../../context.ts';

export async function runMcpTokenConfig(
  action: 'set' | 'get' | 'unset',
  profile: string | undefined,
  store: ConfigStore,
  ctx: Context,
): Promise<void> {
  if (action === 'set') {
    throw new UsageError(
      "mcp-token is made by healthdata, never set — 'healthdata config get mcp-token' prints it, 'healthdata config unset mcp-token' replaces it",
      'bad_config_key',
    );
  }
  if (profile !== undefined) {
    throw new UsageError(
      `mcp-token belongs to the whole config file, not to a profile (every profile's 'mcp --http' takes it) — leave out --profile`,
      'bad_usage',
    );
  }
  if (action === 'get') {
    const token = await ensureMcpToken(ctx.env, ctx);
    ctx.secrets?.add(token);
    ctx.stdout.write(`${token}\n`);
    return;
  }
  const removed = await changeConfig(ctx.env, ctx, (fresh) => {
    if (fresh.get('mcp-token') === undefined) return false;
    fresh.delete('mcp-token');
    return true;
  });
  if (!removed) {
    ctx.stderr.write(`mcp-token is not set in ${store.path}; nothing to remove\n`);
    return;
  }
  ctx.stderr.write(
    `removed mcp-token from ${store.path}; a running 'healthdata mcp --http' refuses it from its next request, and the next 'mcp --http' or 'config get mcp-token' makes a new one\n`,
  );
}

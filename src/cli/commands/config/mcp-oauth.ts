// `config set/get/unset mcp-oauth-*`: the OAuth mode of `healthdata mcp --http` (the issuer,
// the owner's subject, the public resource URL, the audience, the scope). They describe the
// server, not a person, so they belong to the whole config file as mcp-token does: --profile
// is refused. The values are checked when the server starts (src/mcp/oauth/settings.ts), with
// the flag or variable that gave them named.
import { HealthdataError, UsageError } from '../../../lib/errors.ts';
import { hasUnsafe } from '../../../lib/visible.ts';
import { changeConfig } from '../../../config/change.ts';
import { mcpOAuthEnvName, type McpOAuthKey } from '../../../config/keys.ts';
import type { ConfigStore } from '../../../config/store.ts';
import type { Context } from '../../context.ts';

export async function runMcpOAuthConfig(
  action: 'set' | 'get' | 'unset',
  key: McpOAuthKey,
  args: { value?: string; profile?: string },
  store: ConfigStore,
  ctx: Context,
): Promise<void> {
  if (args.profile !== undefined) {
    throw new UsageError(
      `${key} belongs to the whole config file, not to a profile (it describes the MCP server and its owner) — leave out --profile`,
      'bad_usage',
    );
  }
  if (action === 'get') {
    const value = store.get(key);
    if (value === undefined) {
      const variable = mcpOAuthEnvName(key);
      throw new HealthdataError(
        'config_unset',
        `${key} is not set in ${store.path}${ctx.env[variable] ? ` ('mcp --http' takes ${variable} from the environment)` : ''} — set it with 'healthdata config set ${key} <value>'`,
        'failure',
      );
    }
    ctx.stdout.write(`${value}\n`);
    return;
  }
  if (action === 'set') {
    const value = args.value?.trim();
    if (value === undefined || value === '') {
      throw new UsageError(
        `config set ${key} needs a value, e.g. healthdata config set mcp-oauth-issuer https://auth.example.com`,
      );
    }
    // One line of visible text: it is shown back, and read into a header or a URL.
    if (hasUnsafe(value)) {
      throw new UsageError(`the value for ${key} has a control character — give it on one line`);
    }
    await changeConfig(ctx.env, ctx, (fresh) => fresh.set(key, value));
    ctx.stderr.write(
      `saved ${key} (${value}) to ${store.path}; 'healthdata mcp --http' uses it from its next start\n`,
    );
    return;
  }
  const removed = await changeConfig(ctx.env, ctx, (fresh) => {
    if (fresh.get(key) === undefined) return false;
    fresh.delete(key);
    return true;
  });
  ctx.stderr.write(
    removed
      ? `removed ${key} from ${store.path}\n`
      : `${key} is not set in ${store.path}; nothing to remove\n`,
  );
}

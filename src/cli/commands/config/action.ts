// `healthdata config …`: manage the config file. The API key is only ever shown redacted.
import { HealthdataError, UsageError } from '../../../lib/errors.ts';
import { parseBaseUrl } from '../../../api/transport/origin.ts';
import { checkApiKey, checkConfigKey, redactKey, type ConfigKey } from '../../../config/keys.ts';
import { configPath, openConfig, type ConfigStore } from '../../../config/store.ts';
import type { Context } from '../../context.ts';
import { readSecret } from './secret-input.ts';

type Action = 'set' | 'get' | 'unset' | 'list' | 'path';

export async function runConfig(
  action: Action,
  args: { key?: string; value?: string },
  ctx: Context,
): Promise<void> {
  const out = (text: string): void => void ctx.stdout.write(`${text}\n`);
  // Known without opening the file: works when the file is broken, and touches nothing.
  if (action === 'path') {
    out(configPath(ctx.env));
    return;
  }
  const store = await openConfig(ctx.env);
  switch (action) {
    case 'list': {
      const entries = Object.entries(store.all());
      // Nothing on stdout (a script reads no settings), and a word on stderr for the person.
      if (entries.length === 0) {
        ctx.stderr.write(
          `nothing is set in ${store.path}; set the key with 'healthdata config set api-key'\n`,
        );
      }
      for (const [key, value] of entries) out(`${key}=${show(key as ConfigKey, value)}`);
      return;
    }
    case 'get': {
      const key = checkConfigKey(args.key ?? '');
      const value = store.get(key);
      if (value === undefined) {
        throw new HealthdataError('config_unset', `${key} is not set in ${store.path}`, 'failure');
      }
      out(show(key, value));
      return;
    }
    case 'unset': {
      const key = checkConfigKey(args.key ?? '');
      if (store.get(key) === undefined) {
        ctx.stderr.write(`${key} is not set in ${store.path}; nothing to remove\n`);
        return;
      }
      store.delete(key);
      ctx.stderr.write(`removed ${key} from ${store.path}\n`);
      return;
    }
    case 'set':
      await set(store, checkConfigKey(args.key ?? ''), args.value, ctx);
      return;
  }
}

async function set(
  store: ConfigStore,
  key: ConfigKey,
  given: string | undefined,
  ctx: Context,
): Promise<void> {
  let value = given;
  if (key === 'api-key') {
    value ??= await readSecret(ctx.stdin, ctx.stderr, ctx.stdinIsTTY, 'API key (input hidden): ');
    // From the prompt or the command line: hidden in whatever this run prints from now on.
    ctx.secrets?.add(value.trim());
    checkApiKey(value.trim(), given === undefined ? 'stdin' : 'the command line');
    value = value.trim();
  } else {
    if (value === undefined) {
      throw new UsageError(
        `config set ${key} needs a value, e.g. healthdata config set base-url https://api.example.com`,
      );
    }
    // The same check as when it is used: https, or plain http only to this machine.
    try {
      parseBaseUrl(value, false);
    } catch (error) {
      // The run-time hint (--allow-insecure-http) is a flag of each command, not of config set:
      // a saved http:// URL would send the key in clear on every run, so it is not saved.
      if (!(error instanceof UsageError) || error.code !== 'insecure_http') throw error;
      throw new UsageError(
        `refusing to save plain http:// to ${new URL(value).host}: every command would send your API key in clear — save an https:// URL, or pass --base-url ${value} --allow-insecure-http to each command that needs it`,
        'insecure_http',
      );
    }
  }
  store.set(key, value);
  ctx.stderr.write(`saved ${key} (${show(key, value)}) to ${store.path}\n`);
}

function show(key: ConfigKey, value: string): string {
  return key === 'api-key' ? redactKey(value) : value;
}

// `healthdata config …`: manage the config file. The API key is only ever shown redacted; the
// MCP token is printed whole by `config get mcp-token` alone (./mcp-token.ts).
// set/get/unset act on the profile in effect (--profile, else HEALTHDATA_PROFILE) when there is
// one, as every other command would read it; list shows the whole file unless --profile narrows it.
import { HealthdataError, UsageError } from '../../../lib/errors.ts';
import { parseBaseUrl } from '../../../api/transport/origin.ts';
import {
  checkApiKey,
  checkConfigKey,
  isMcpOAuthKey,
  INFLUX_TOKEN_ENV,
  type ConfigKey,
} from '../../../config/keys.ts';
import { chooseProfile, settingEnvName, type ChosenProfile } from '../../../config/settings.ts';
import { changeConfig } from '../../../config/change.ts';
import { configPath, openConfig, type ConfigStore } from '../../../config/store.ts';
import { MQTT_ENV } from '../../../config/mqtt-credentials.ts';
import type { Context } from '../../context.ts';
import { terminalView } from '../../terminal.ts';
import { runMcpOAuthConfig } from './mcp-oauth.ts';
import { runMcpTokenConfig } from './mcp-token.ts';
import { readSecret } from './secret-input.ts';
import { existingProfile, listLines, newProfile, show, whereIn } from './profile-target.ts';

type Action = 'set' | 'get' | 'unset' | 'list' | 'path';

export async function runConfig(
  action: Action,
  args: { key?: string; value?: string; profile?: string },
  ctx: Context,
): Promise<void> {
  const out = (text: string): void => void ctx.stdout.write(`${text}\n`);
  // Known without opening the file: works when the file is broken, and touches nothing.
  if (action === 'path') {
    out(configPath(ctx.env));
    return;
  }
  // The name is checked before the file is opened: a bad name changes nothing.
  const chosen = chooseProfile(args.profile, ctx.env);
  const store = await openConfig(ctx.env);
  if (action === 'list') {
    // The whole file, unless --profile itself narrows it (HEALTHDATA_PROFILE does not).
    const only = args.profile === undefined ? undefined : chosen;
    const lines = listLines(store, only);
    // Nothing on stdout (a script reads no settings), and a word on stderr for the person.
    if (lines.length === 0) {
      ctx.stderr.write(
        `nothing is set in ${whereIn(store, only)}; set the key with 'healthdata config set api-key${only ? ` --profile ${only.name}` : ''}'\n`,
      );
    }
    for (const line of lines) out(line);
    return;
  }
  const key = checkConfigKey(args.key ?? '');
  if (key === 'mcp-token') {
    await runMcpTokenConfig(action, args.profile, store, ctx);
    return;
  }
  if (isMcpOAuthKey(key)) {
    await runMcpOAuthConfig(action, key, args, store, ctx);
    return;
  }
  if (action === 'set') {
    await set(store, key, args.value, chosen && newProfile(store, chosen), ctx);
    return;
  }
  const where = whereIn(store, chosen);
  if (action === 'get') {
    const value = existingProfile(store, chosen)[key];
    if (value === undefined) {
      // Exit 1 as `git config --get` does for a missing key, so scripts can test for it.
      const fix = `healthdata config set ${key}${chosen ? ` --profile ${chosen.name}` : ''}`;
      // The file is what `get` reads; a run takes the environment's value first, so say so,
      // or exit 1 reads as "no key" to someone whose commands work.
      const variable =
        key === 'api-key' || key === 'base-url'
          ? settingEnvName(key)
          : key === 'influx-token'
            ? INFLUX_TOKEN_ENV
            : MQTT_ENV[key];
      const fromEnv =
        ctx.env[variable] !== undefined && ctx.env[variable] !== ''
          ? ` (commands use ${variable} from the environment; 'healthdata status' shows what is in use)`
          : '';
      throw new HealthdataError(
        'config_unset',
        `${key} is not set in ${where}${fromEnv} — set it with '${fix}'`,
        'failure',
      );
    }
    out(show(key, value));
    return;
  }
  // Decided on the file as it is under the lock, not as it was when this run opened it.
  const removed = await changeConfig(ctx.env, ctx, (fresh) => {
    if (existingProfile(fresh, chosen)[key] === undefined) return false;
    fresh.delete(key, chosen?.name);
    return true;
  });
  ctx.stderr.write(
    removed
      ? `removed ${key} from ${where}\n`
      : `${key} is not set in ${where}; nothing to remove\n`,
  );
}

async function set(
  store: ConfigStore,
  key: ConfigKey,
  given: string | undefined,
  profile: ChosenProfile | undefined,
  ctx: Context,
): Promise<void> {
  let value = given;
  // A key typed on the command line is in the shell's history and, while this runs, in `ps`.
  let onCommandLine = false;
  if (key === 'mqtt-password') {
    if (value === '-') value = undefined;
    onCommandLine = value !== undefined;
    value ??= await readSecret(
      ctx.stdin,
      ctx.stderr,
      ctx.stdinIsTTY,
      'MQTT password (input hidden): ',
    );
    ctx.secrets?.add(value.trim());
    value = value.trim();
  } else if (key === 'mqtt-username') {
    if (value === undefined || value === '') {
      throw new UsageError(
        `config set mqtt-username needs a value, e.g. healthdata config set mqtt-username homeassistant`,
      );
    }
  } else if (key === 'api-key') {
    const prompt = `API key${profile ? ` for profile '${profile.name}'` : ''} (input hidden): `;
    // `-` is stdin, as for most tools; so is no value at all.
    if (value === '-') value = undefined;
    onCommandLine = value !== undefined;
    value ??= await readSecret(ctx.stdin, ctx.stderr, ctx.stdinIsTTY, prompt);
    // From the prompt or the command line: hidden in whatever this run prints from now on.
    ctx.secrets?.add(value.trim());
    checkApiKey(value.trim(), onCommandLine ? 'the command line' : 'stdin');
    value = value.trim();
  } else if (key === 'influx-token') {
    value ??= await readSecret(
      ctx.stdin,
      ctx.stderr,
      ctx.stdinIsTTY,
      'InfluxDB token (input hidden): ',
    );
    value = value.trim();
    ctx.secrets?.add(value);
    // It goes into an HTTP header as it is.
    if (!/^[\x21-\x7e]+$/.test(value)) {
      throw new UsageError(
        'the InfluxDB token is empty or holds a space, control or non-ASCII character — copy it again',
        'bad_influx_token',
      );
    }
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
  const saved = value;
  await changeConfig(ctx.env, ctx, (fresh) => {
    // Checked again on the file as it is now: another run may have made a case twin meanwhile.
    if (profile) newProfile(fresh, profile);
    fresh.set(key, saved, profile?.name);
  });
  ctx.stderr.write(`saved ${key} (${show(key, value)}) to ${whereIn(store, profile)}\n`);
  if (onCommandLine) {
    const again = `healthdata config set ${key}${profile ? ` --profile ${profile.name}` : ''}`;
    ctx.stderr.write(
      `${terminalView(ctx).err.yellow('warning:')} the key was typed on the command line, so it is in your shell history (and was visible in ps): remove it from there, and next time leave the value out — '${again}' asks for it with the input hidden, or reads it from stdin ('${again} - < key.txt')\n`,
    );
  }
}

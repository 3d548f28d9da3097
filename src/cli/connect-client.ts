// Connects to the API: turns the connection flags into a ready client, with the settings
// resolved (or the in-process sandbox started, for --demo), one keep-alive undici Agent for the
// whole run, and the retry/timeout policy. close() releases all of it.
// Static import: this module is itself loaded lazily, so undici stays out of start-up.
import { localDate } from '../lib/dates.ts';
import { UsageError } from '../lib/errors.ts';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { HealthClient } from '../api/client.ts';
import { parseBaseUrl } from '../api/transport/origin.ts';
import { defaultRetryPolicy } from '../api/transport/retry.ts';
import { readConfig } from '../config/store.ts';
import {
  checkKeyOwner,
  resolveSettings,
  type ChosenProfile,
  type SettingInputs,
} from '../config/settings.ts';
import type { Runtime } from './context.ts';
import type { Notices } from './notices.ts';
import type { ConnectionFlags } from './flags.ts';
import { proxySettings } from './proxy.ts';
import { VERSION } from './version.ts';

export interface ConnectedClient {
  client: HealthClient;
  /** The profile whose settings are in use, if one is (never with --demo). */
  profile?: ChosenProfile;
  /** Closes the transport (and the --demo sandbox). */
  close(): Promise<void>;
}

/** What resolving the settings of a run takes: its flags, its environment, the config file. */
export function settingInputs(flags: ConnectionFlags, ctx: Runtime): SettingInputs {
  return {
    flags: { apiKey: flags.apiKey, baseUrl: flags.baseUrl, profile: flags.profile },
    env: ctx.env,
    config: () => readConfig(ctx.env),
  };
}

/**
 * Refuses now a key that is not the chosen profile's (settings.ts), for a command that writes
 * something (a lock file) or serves a while before it connects: the mix is named before any of it.
 */
export async function checkSettingsOwner(flags: ConnectionFlags, ctx: Runtime): Promise<void> {
  if (!flags.demo) await checkKeyOwner(settingInputs(flags, ctx));
}

export async function connectClient(
  flags: ConnectionFlags,
  ctx: Runtime,
  notices: Notices,
  connections = 4,
): Promise<ConnectedClient> {
  const cleanups: (() => Promise<void>)[] = [];
  let baseUrl: string;
  let apiKey: string;
  let keySource: string | undefined;
  let profile: ChosenProfile | undefined;
  if (flags.demo) {
    // The demo is nobody's data: a profile named beside it would read as that person's.
    if (flags.profile !== undefined) {
      throw new UsageError('--demo has no profiles: leave out --profile', 'bad_usage');
    }
    const { startSandbox } = await import('../sandbox/index.ts');
    // The demo's today is the run's (HEALTHDATA_TODAY moves both), or its rows would be out of
    // the window the run asks for, or dated after the run's today.
    const sandbox = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      today: localDate(ctx.clock.now()),
    });
    cleanups.push(() => sandbox.close());
    baseUrl = sandbox.url;
    apiKey = sandbox.apiKey;
    // Asked for by --demo itself, so said only with --verbose.
    notices.verbose(`using the built-in sandbox with demo data (${sandbox.url})`);
  } else {
    const settings = await resolveSettings(settingInputs(flags, ctx));
    profile = settings.profile;
    baseUrl = settings.baseUrl.value;
    apiKey = settings.apiKey.value;
    keySource = settings.apiKey.source;
    // The key in use, wherever it came from, is hidden in every message of the run.
    ctx.secrets?.add(apiKey);
    notices.verbose(
      `base URL from ${settings.baseUrl.source}, API key from ${settings.apiKey.source}`,
    );
  }
  try {
    const url = parseBaseUrl(baseUrl, flags.allowInsecureHttp ?? false);
    const timeoutMs = Math.round(flags.timeout * 1000);
    let dispatcher: Dispatcher;
    let proxyLabel: string | undefined;
    if (ctx.dispatcher) {
      dispatcher = ctx.dispatcher;
    } else {
      const options = { connections, keepAliveTimeout: 10_000, connect: { timeout: timeoutMs } };
      // The in-process demo sandbox is on this machine: never through a proxy.
      const proxy = flags.demo ? undefined : proxySettings(flags.proxy, ctx.env);
      if (proxy) notices.verbose(`using the proxy ${proxy.label}`);
      proxyLabel = proxy?.label;
      const agent = proxy
        ? new EnvHttpProxyAgent({
            ...options,
            httpProxy: proxy.httpProxy,
            httpsProxy: proxy.httpsProxy,
            noProxy: proxy.noProxy,
            // Plain http goes to an http proxy as a request in absolute form, as curl sends
            // it: undici would tunnel it with CONNECT (its default), which a default Squid
            // refuses to port 80, and the run hung until the timeout. https keeps CONNECT.
            proxyTunnel: false,
          })
        : new Agent(options);
      dispatcher = agent;
      cleanups.unshift(() => agent.destroy());
    }
    const client = new HealthClient({
      baseUrl: url,
      apiKey,
      dispatcher,
      clock: ctx.clock,
      retry: { ...defaultRetryPolicy, retries: flags.retries, random: ctx.random ?? Math.random },
      timeoutMs,
      userAgent: `healthdata/${VERSION} node/${process.versions.node}`,
      log: (line) => notices.verbose(line),
      ...(keySource !== undefined ? { keySource } : {}),
      ...(ctx.secrets ? { secrets: ctx.secrets } : {}),
      ...(proxyLabel !== undefined ? { proxy: proxyLabel } : {}),
    });
    return { client, close: () => runAll(cleanups), ...(profile ? { profile } : {}) };
  } catch (error) {
    await runAll(cleanups);
    throw error;
  }
}

async function runAll(cleanups: readonly (() => Promise<void>)[]): Promise<void> {
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
}

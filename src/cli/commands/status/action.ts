// `healthdata status`: where the settings come from, and whether they work, in one request.
import { HealthdataError } from '../../../lib/errors.ts';
import { visibleJson } from '../../../lib/visible.ts';
import { redactKey } from '../../../config/keys.ts';
import {
  chooseProfile,
  KeyOwnerError,
  resolveBaseUrl,
  resolveSettings,
  type Settings,
} from '../../../config/settings.ts';
import type { Context } from '../../context.ts';
import { createNotices } from '../../notices.ts';
import type { ConnectionFlags } from '../../flags.ts';
import { connectClient, settingInputs } from '../../connect-client.ts';
import { terminalView } from '../../terminal.ts';
import { emptyReport, planOf, renderStatus, type StatusReport } from './report.ts';

export interface StatusFlags extends ConnectionFlags {
  format: 'text' | 'json';
}

export async function runStatus(flags: StatusFlags, ctx: Context): Promise<void> {
  const report = emptyReport();
  let failure: unknown;
  try {
    await check(flags, ctx, report);
    report.ok = true;
  } catch (error) {
    failure = error;
    const known = error instanceof HealthdataError;
    report.error = {
      code: known ? error.code : 'unexpected',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  // On a terminal, the server's text in the JSON (a plan name) is escaped as the json format is.
  const json = (): string => {
    const text = JSON.stringify(report, null, ctx.stdoutIsTTY ? 2 : undefined) + '\n';
    return ctx.stdoutIsTTY ? visibleJson(text) : text;
  };
  const text = flags.format === 'json' ? json() : renderStatus(report, terminalView(ctx).out);
  ctx.stdout.write(ctx.secrets?.redact(text) ?? text);
  // The CLI prints the error in full on stderr and exits with its code (3 for a rejected key).
  if (failure !== undefined) throw failure;
}

async function check(flags: StatusFlags, ctx: Context, report: StatusReport): Promise<void> {
  const notices = createNotices(ctx.stderr, {
    quiet: flags.quiet ?? false,
    verbose: flags.verbose ?? false,
    interactive: false,
    redact: ctx.secrets?.redact,
  });
  if (flags.demo) {
    report.base_url = { value: 'the built-in sandbox', source: '--demo' };
    report.api_key = { redacted: 'the sandbox key', source: '--demo' };
  } else {
    const settings = await resolve(flags, ctx, report);
    report.base_url = { value: settings.baseUrl.value, source: settings.baseUrl.source };
    report.api_key = { redacted: redactKey(settings.apiKey.value), source: settings.apiKey.source };
  }
  const session = await connectClient(flags, ctx, notices, 1);
  try {
    const started = ctx.clock.now();
    const { body } = await session.client.getJson('api/v1/profile', undefined, ctx.signal);
    report.response_ms = Math.round(ctx.clock.now() - started);
    Object.assign(report, planOf(body));
  } finally {
    await session.close();
  }
}

/** The settings, or as much of them as is set before the error that stops the check. */
async function resolve(flags: StatusFlags, ctx: Context, report: StatusReport): Promise<Settings> {
  const inputs = settingInputs(flags, ctx);
  // Named even when resolving fails (an unknown profile, or one without a key).
  const profile = chooseProfile(flags.profile, ctx.env);
  if (profile) report.profile = { ...profile };
  try {
    return await resolveSettings(inputs);
  } catch (error) {
    // A key that is not the profile's: where it comes from, beside the profile it is not.
    if (error instanceof KeyOwnerError)
      report.api_key = { redacted: null, source: error.keySource };
    // A missing key is found after the base URL: show the base URL that was found, wherever
    // it is set (the config file too).
    const baseUrl = await resolveBaseUrl(inputs).catch(() => undefined);
    if (baseUrl) report.base_url = { value: baseUrl.value, source: baseUrl.source };
    throw error;
  }
}
